{% macro make_backup_relation(base_relation, backup_relation_type, suffix='__dbt_backup') -%}
  {{ return(adapter.dispatch('make_backup_relation', 'dbt')(base_relation, backup_relation_type, suffix)) }}
{%- endmacro %}
