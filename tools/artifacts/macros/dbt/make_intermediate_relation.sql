{% macro make_intermediate_relation(base_relation, suffix='__dbt_tmp') -%}
  {{ return(adapter.dispatch('make_intermediate_relation', 'dbt')(base_relation, suffix)) }}
{%- endmacro %}
