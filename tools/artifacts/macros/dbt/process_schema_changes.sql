{% macro process_schema_changes(on_schema_change, source_relation, target_relation) %}
  {% if on_schema_change == 'ignore' %}
    {{ return({}) }}
  {% endif %}
  {% set schema_changes_dict = check_for_schema_changes(source_relation, target_relation) %}
  {% if schema_changes_dict['schema_changed'] and on_schema_change == 'fail' %}
    {{ exceptions.raise_compiler_error('The source and target schemas on this incremental model are out of sync.') }}
  {% endif %}
  {{ return(schema_changes_dict['source_columns']) }}
{% endmacro %}
