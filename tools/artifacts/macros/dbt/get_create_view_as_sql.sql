{% macro get_create_view_as_sql(relation, sql) -%}
  {{ return(adapter.dispatch('get_create_view_as_sql', 'dbt')(relation, sql)) }}
{%- endmacro %}
