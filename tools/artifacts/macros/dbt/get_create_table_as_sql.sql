{% macro get_create_table_as_sql(temporary, relation, sql) -%}
  {{ return(adapter.dispatch('get_create_table_as_sql', 'dbt')(temporary, relation, sql)) }}
{%- endmacro %}
