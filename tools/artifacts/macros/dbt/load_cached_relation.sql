{% macro load_cached_relation(relation) %}
  {% do return(adapter.get_relation(database=relation.database, schema=relation.schema, identifier=relation.identifier)) -%}
{% endmacro %}
