{% macro drop_indexes_on_relation(relation) -%}
  {% call statement('get_indexes_on_relation', fetch_result=True) %}
    select index_name from duckdb_indexes()
    where schema_name = '{{ relation.schema }}' and table_name = '{{ relation.identifier }}'
  {% endcall %}
  {% for index_name in load_result('get_indexes_on_relation').table.columns['index_name'].values() %}
    {% call statement('drop_index') %}drop index if exists "{{ index_name }}"{% endcall %}
  {% endfor %}
{%- endmacro %}
