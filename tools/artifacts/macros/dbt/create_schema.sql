{% macro create_schema(relation) -%}
  {{ return(adapter.dispatch('create_schema', 'dbt')(relation)) }}
{%- endmacro %}
