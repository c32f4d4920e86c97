{% macro get_test_sql(main_sql, fail_calc, warn_if, error_if, limit) -%}
  {{ return(adapter.dispatch('get_test_sql', 'dbt')(main_sql, fail_calc, warn_if, error_if, limit)) }}
{%- endmacro %}
