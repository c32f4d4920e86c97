{% macro load_csv_rows(model, agate_table) -%}
  {{ return(adapter.dispatch('load_csv_rows', 'dbt')(model, agate_table)) }}
{%- endmacro %}
