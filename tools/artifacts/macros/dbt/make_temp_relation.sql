{% macro make_temp_relation(base_relation, suffix='__dbt_tmp') -%}
  {{ return(adapter.dispatch('make_temp_relation', 'dbt')(base_relation, suffix)) }}
{%- endmacro %}
