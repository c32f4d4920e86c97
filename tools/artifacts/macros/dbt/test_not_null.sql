{% test not_null(model, column_name) %}
  {% set macro = adapter.dispatch('test_not_null', 'dbt') %}
  {{ macro(model, column_name) }}
{% endtest %}
