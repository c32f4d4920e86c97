{% macro get_csv_sql(create_or_truncate_sql, insert_sql) -%}
  {{ return(adapter.dispatch('get_csv_sql', 'dbt')(create_or_truncate_sql, insert_sql)) }}
{%- endmacro %}
