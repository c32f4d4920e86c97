{% macro get_unit_test_sql(main_sql, expected_fixture_sql, expected_column_names) -%}
  {{ return(adapter.dispatch('get_unit_test_sql', 'dbt')(main_sql, expected_fixture_sql, expected_column_names)) }}
{%- endmacro %}
