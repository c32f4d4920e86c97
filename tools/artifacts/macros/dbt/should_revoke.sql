{% macro should_revoke(existing_relation, full_refresh_mode=True) %}
  {% if not existing_relation %}
    {{ return(False) }}
  {% elif full_refresh_mode %}
    {{ return(copy_grants()) }}
  {% else %}
    {{ return(True) }}
  {% endif %}
{% endmacro %}
