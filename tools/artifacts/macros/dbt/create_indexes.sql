{% macro create_indexes(relation) -%}
  {{ return(adapter.dispatch('create_indexes', 'dbt')(relation)) }}
{%- endmacro %}
