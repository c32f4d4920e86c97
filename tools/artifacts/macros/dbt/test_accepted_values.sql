{% test accepted_values(model, column_name, values, quote=True) %}
  {% set macro = adapter.dispatch('test_accepted_values', 'dbt') %}
  {{ macro(model, column_name, values, quote) }}
{% endtest %}
