{% macro reset_csv_table(model, full_refresh, old_relation, agate_table) -%}
  {{ return(adapter.dispatch('reset_csv_table', 'dbt')(model, full_refresh, old_relation, agate_table)) }}
{%- endmacro %}
