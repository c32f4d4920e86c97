{% macro generate_database_name(custom_database_name=none, node=none) -%}
  {% do return(adapter.dispatch('generate_database_name', 'dbt')(custom_database_name, node)) %}
{%- endmacro %}
