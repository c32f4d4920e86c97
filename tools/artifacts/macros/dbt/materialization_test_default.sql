{%- materialization test, default -%}
  {% set relations = [] %}
  {% set limit = config.get('limit') %}
  {% set sql_with_limit %}
    {{ get_limit_subquery_sql(sql, limit) }}
  {% endset %}
  {% if should_store_failures() %}
    {% set identifier = model['alias'] %}
    {% set target_relation = api.Relation.create(identifier=identifier, schema=schema, database=database, type=config.get('store_failures_as', 'table')) %}
    {% call statement(auto_begin=True) %}
      {{ get_create_sql(target_relation, sql_with_limit) }}
    {% endcall %}
    {% do relations.append(target_relation) %}
    {% set main_sql %}select * from {{ target_relation }}{% endset %}
    {{ adapter.commit() }}
  {% else %}
    {% set main_sql = sql_with_limit %}
  {% endif %}
  {% set fail_calc = config.get('fail_calc') %}
  {% set warn_if = config.get('warn_if') %}
  {% set error_if = config.get('error_if') %}
  {% call statement('main', fetch_result=True) -%}
    {{ get_test_sql(main_sql, fail_calc, warn_if, error_if, limit) }}
  {%- endcall %}
  {{ return({'relations': relations}) }}
{%- endmaterialization -%}
