{% macro generate_schema_name(custom_schema_name=none, node=none) -%}
  {{ return(adapter.dispatch('generate_schema_name', 'dbt')(custom_schema_name, node)) }}
{% endmacro %}
