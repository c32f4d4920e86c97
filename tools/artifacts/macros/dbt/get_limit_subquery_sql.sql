{% macro get_limit_subquery_sql(sql, limit) -%}
  {{ return(adapter.dispatch('get_limit_subquery_sql', 'dbt')(sql, limit)) }}
{%- endmacro %}
