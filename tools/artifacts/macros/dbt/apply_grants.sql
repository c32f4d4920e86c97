{% macro apply_grants(relation, grant_config, should_revoke) -%}
  {{ return(adapter.dispatch('apply_grants', 'dbt')(relation, grant_config, should_revoke)) }}
{%- endmacro %}
