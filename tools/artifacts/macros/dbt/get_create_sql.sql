{% macro get_create_sql(relation, sql) -%}
  {{ return(adapter.dispatch('get_create_sql', 'dbt')(relation, sql)) }}
{%- endmacro %}
