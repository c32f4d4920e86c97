{% macro create_table_as(temporary, relation, compiled_code, language='sql') -%}
  {%- set sql_header = config.get('sql_header', none) -%}
  {{ sql_header if sql_header is not none }}
  {{ adapter.dispatch('create_table_as', 'dbt')(temporary, relation, compiled_code, language) }}
{%- endmacro %}
