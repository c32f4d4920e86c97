{% macro create_csv_table(model, agate_table) -%}
  {{ return(adapter.dispatch('create_csv_table', 'dbt')(model, agate_table)) }}
{%- endmacro %}
