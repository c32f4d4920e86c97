{% macro get_where_subquery(relation) -%}
  {% do return(adapter.dispatch('get_where_subquery', 'dbt')(relation)) %}
{%- endmacro %}
