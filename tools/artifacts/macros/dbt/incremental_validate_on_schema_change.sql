{% macro incremental_validate_on_schema_change(on_schema_change, default='ignore') %}
  {% if on_schema_change not in ['sync_all_columns', 'append_new_columns', 'fail', 'ignore'] %}
    {% do log('Invalid value for on_schema_change (%s) specified. Setting default value of %s.' % (on_schema_change, default), info=true) %}
    {{ return(default) }}
  {% else %}
    {{ return(on_schema_change) }}
  {% endif %}
{% endmacro %}
