{% test unique(model, column_name) %}
  {% set macro = adapter.dispatch('test_unique', 'dbt') %}
  {{ macro(model, column_name) }}
{% endtest %}
