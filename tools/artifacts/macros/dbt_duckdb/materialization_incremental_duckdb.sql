{% materialization incremental, adapter="duckdb", supported_languages=['sql', 'python'] -%}
  {%- set language = model['language'] -%}
  {%- set existing_relation = load_cached_relation(this) -%}
  {%- set target_relation = this.incorporate(type='table') -%}
  {%- set temp_relation = make_temp_relation(target_relation) -%}
  {%- set intermediate_relation = make_intermediate_relation(target_relation) -%}
  {%- set backup_relation = make_backup_relation(target_relation, 'table') -%}
  {%- set full_refresh_mode = should_full_refresh() -%}
  {%- set on_schema_change = incremental_validate_on_schema_change(config.get('on_schema_change'), default='ignore') -%}
  {{ drop_relation_if_exists(intermediate_relation) }}
  {{ drop_relation_if_exists(backup_relation) }}
  {{ run_hooks(pre_hooks, inside_transaction=False) }}
  {{ run_hooks(pre_hooks, inside_transaction=True) }}
  {% if existing_relation is none or full_refresh_mode %}
    {% do create_schema(target_relation) %}
    {% set build_sql = create_table_as(False, intermediate_relation, compiled_code, language) %}
    {% set need_swap = existing_relation is not none %}
  {% else %}
    {% do run_query(create_table_as(True, temp_relation, compiled_code, language)) %}
    {% do process_schema_changes(on_schema_change, temp_relation, existing_relation) %}
    {% set strategy = config.get('incremental_strategy') or 'delete+insert' %}
    {% set incremental_sql = adapter.dispatch('get_incremental_' ~ strategy.replace('+', '_') ~ '_sql', 'dbt') %}
    {% set build_sql = incremental_sql({'target_relation': target_relation, 'temp_relation': temp_relation, 'unique_key': config.get('unique_key'), 'dest_columns': adapter.get_columns_in_relation(existing_relation), 'incremental_predicates': config.get('incremental_predicates')}) %}
  {% endif %}
  {% call statement("main", language=language) %}
    {{- build_sql }}
  {% endcall %}
  {% if need_swap %}
    {{ drop_indexes_on_relation(existing_relation) }}
    {{ adapter.rename_relation(target_relation, backup_relation) }}
    {{ adapter.rename_relation(intermediate_relation, target_relation) }}
  {% endif %}
  {{ run_hooks(post_hooks, inside_transaction=True) }}
  {% do apply_grants(target_relation, config.get('grants'), should_revoke=should_revoke(existing_relation, full_refresh_mode)) %}
  {% do persist_docs(target_relation, model) %}
  {% do create_indexes(target_relation) %}
  {{ adapter.commit() }}
  {{ drop_relation_if_exists(backup_relation) }}
  {{ run_hooks(post_hooks, inside_transaction=False) }}
  {{ return({'relations': [target_relation]}) }}
{%- endmaterialization %}
