/**
 * The dbt-core and dbt-duckdb macros the fixture project's nodes reach: the
 * materializations they build with, the hooks runner, the generate_*_name
 * macros, the generic tests, and what those call directly.
 *
 * Real manifests carry every macro of every package (~470 for dbt + duckdb);
 * this is a closed subset: every `depends_on.macros` entry below names a macro
 * that is also below, so a consumer that walks macro dependencies never finds
 * one missing. The bodies are short renditions written for these fixtures
 * (same names, packages, paths and signatures as dbt's; not dbt's text): they
 * document what each macro does, and their digests are stable across variants.
 */
import type { MacroSpec } from "./manifest-writer.js";

function macro(
  packageName: "dbt" | "dbt_duckdb",
  name: string,
  path: string,
  dependsOn: string[],
  macroSql: string,
  supportedLanguages: string[] | null = null,
): MacroSpec {
  return { name, packageName, path, dependsOn, macroSql, supportedLanguages };
}

const d = (name: string): string => `macro.dbt.${name}`;
const duck = (name: string): string => `macro.dbt_duckdb.${name}`;

/** Adapter macros first, then dbt's, in the order dbt parses packages. */
export const DBT_DUCKDB_MACROS: readonly MacroSpec[] = [
  macro(
    "dbt_duckdb",
    "materialization_table_duckdb",
    "macros/materializations/table.sql",
    [
      d("load_cached_relation"),
      d("make_intermediate_relation"),
      d("make_backup_relation"),
      d("drop_relation_if_exists"),
      duck("run_hooks"),
      d("statement"),
      d("create_table_as"),
      duck("drop_indexes_on_relation"),
      d("create_indexes"),
      d("should_revoke"),
      d("apply_grants"),
      d("persist_docs"),
    ],
    `{% materialization table, adapter="duckdb", supported_languages=['sql', 'python'] %}
  {%- set language = model['language'] -%}
  {%- set existing_relation = load_cached_relation(this) -%}
  {%- set target_relation = this.incorporate(type='table') %}
  {%- set intermediate_relation = make_intermediate_relation(target_relation) -%}
  {%- set backup_relation = make_backup_relation(target_relation, existing_relation.type if existing_relation else 'table') -%}
  {{ drop_relation_if_exists(intermediate_relation) }}
  {{ drop_relation_if_exists(backup_relation) }}
  {{ run_hooks(pre_hooks, inside_transaction=False) }}
  {{ run_hooks(pre_hooks, inside_transaction=True) }}
  {% call statement('main', language=language) -%}
    {{- create_table_as(False, intermediate_relation, compiled_code, language) }}
  {%- endcall %}
  {% if existing_relation is not none %}
    {{ drop_indexes_on_relation(existing_relation) }}
    {{ adapter.rename_relation(existing_relation, backup_relation) }}
  {% endif %}
  {{ adapter.rename_relation(intermediate_relation, target_relation) }}
  {% do create_indexes(target_relation) %}
  {{ run_hooks(post_hooks, inside_transaction=True) }}
  {% do apply_grants(target_relation, config.get('grants'), should_revoke=should_revoke(existing_relation, full_refresh_mode=True)) %}
  {% do persist_docs(target_relation, model) %}
  {{ adapter.commit() }}
  {{ drop_relation_if_exists(backup_relation) }}
  {{ run_hooks(post_hooks, inside_transaction=False) }}
  {{ return({'relations': [target_relation]}) }}
{% endmaterialization %}`,
    ["sql", "python"],
  ),
  macro(
    "dbt_duckdb",
    "materialization_incremental_duckdb",
    "macros/materializations/incremental.sql",
    [
      d("load_cached_relation"),
      d("make_temp_relation"),
      d("make_intermediate_relation"),
      d("make_backup_relation"),
      d("should_full_refresh"),
      d("incremental_validate_on_schema_change"),
      d("drop_relation_if_exists"),
      d("run_query"),
      d("create_schema"),
      duck("run_hooks"),
      d("create_table_as"),
      d("statement"),
      d("process_schema_changes"),
      duck("drop_indexes_on_relation"),
      d("should_revoke"),
      d("apply_grants"),
      d("create_indexes"),
      d("persist_docs"),
    ],
    `{% materialization incremental, adapter="duckdb", supported_languages=['sql', 'python'] -%}
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
{%- endmaterialization %}`,
    ["sql", "python"],
  ),
  macro(
    "dbt_duckdb",
    "run_hooks",
    "macros/materializations/hooks.sql",
    [d("statement")],
    `{% macro run_hooks(hooks, inside_transaction=True) %}
  {% for hook in hooks | selectattr('transaction', 'equalto', inside_transaction) %}
    {% set rendered = render(hook.get('sql')) | trim %}
    {% if (rendered | length) > 0 %}
      {% call statement(auto_begin=inside_transaction) %}
        {{ rendered }}
      {% endcall %}
    {% endif %}
  {% endfor %}
{% endmacro %}`,
  ),
  macro(
    "dbt_duckdb",
    "drop_indexes_on_relation",
    "macros/adapters.sql",
    [d("statement")],
    `{% macro drop_indexes_on_relation(relation) -%}
  {% call statement('get_indexes_on_relation', fetch_result=True) %}
    select index_name from duckdb_indexes()
    where schema_name = '{{ relation.schema }}' and table_name = '{{ relation.identifier }}'
  {% endcall %}
  {% for index_name in load_result('get_indexes_on_relation').table.columns['index_name'].values() %}
    {% call statement('drop_index') %}drop index if exists "{{ index_name }}"{% endcall %}
  {% endfor %}
{%- endmacro %}`,
  ),
];

const DISPATCH = (name: string, args: string, signature = args): string =>
  `{% macro ${name}(${signature}) -%}\n  {{ return(adapter.dispatch('${name}', 'dbt')(${args})) }}\n{%- endmacro %}`;

export const DBT_CORE_MACROS: readonly MacroSpec[] = [
  macro(
    "dbt",
    "statement",
    "macros/etc/statement.sql",
    [],
    `{%- macro statement(name=None, fetch_result=False, auto_begin=True, language='sql') -%}
  {%- if execute: -%}
    {%- set compiled_code = caller() -%}
    {%- if name == 'main' -%}
      {{ log('Writing runtime {} for node "{}"'.format(language, model['unique_id'])) }}
      {{ write(compiled_code) }}
    {%- endif -%}
    {%- if language == 'sql' -%}
      {%- set res, table = adapter.execute(compiled_code, auto_begin=auto_begin, fetch=fetch_result) -%}
    {%- else -%}
      {%- set res = submit_python_job(model, compiled_code) -%}
      {%- set table = None -%}
    {%- endif -%}
    {%- if name is not none -%}
      {{ store_result(name, response=res, agate_table=table) }}
    {%- endif -%}
  {%- endif -%}
{%- endmacro %}`,
  ),
  macro(
    "dbt",
    "noop_statement",
    "macros/etc/statement.sql",
    [],
    `{% macro noop_statement(name=None, message=None, code=None, rows_affected=None, res=None) -%}
  {%- set sql = caller() -%}
  {%- if name == 'main' -%}
    {{ write(sql) }}
  {%- endif -%}
  {%- if name is not none -%}
    {{ store_raw_result(name, message=message, code=code, rows_affected=rows_affected, agate_table=res) }}
  {%- endif -%}
{%- endmacro %}`,
  ),
  macro(
    "dbt",
    "run_query",
    "macros/etc/statement.sql",
    [d("statement")],
    `{% macro run_query(sql) %}
  {% call statement("run_query_statement", fetch_result=true, auto_begin=false) %}
    {{ sql }}
  {% endcall %}
  {% do return(load_result("run_query_statement").table) %}
{% endmacro %}`,
  ),
  macro(
    "dbt",
    "run_hooks",
    "macros/materializations/hooks.sql",
    [d("statement")],
    `{% macro run_hooks(hooks, inside_transaction=True) %}
  {% for hook in hooks | selectattr('transaction', 'equalto', inside_transaction) %}
    {% if not inside_transaction and loop.first %}
      {% call statement(auto_begin=inside_transaction) %}
        commit;
      {% endcall %}
    {% endif %}
    {% set rendered = render(hook.get('sql')) | trim %}
    {% if (rendered | length) > 0 %}
      {% call statement(auto_begin=inside_transaction) %}
        {{ rendered }}
      {% endcall %}
    {% endif %}
  {% endfor %}
{% endmacro %}`,
  ),
  macro(
    "dbt",
    "load_cached_relation",
    "macros/adapters/relation.sql",
    [],
    `{% macro load_cached_relation(relation) %}
  {% do return(adapter.get_relation(database=relation.database, schema=relation.schema, identifier=relation.identifier)) -%}
{% endmacro %}`,
  ),
  macro(
    "dbt",
    "make_intermediate_relation",
    "macros/adapters/relation.sql",
    [],
    DISPATCH("make_intermediate_relation", "base_relation, suffix", "base_relation, suffix='__dbt_tmp'"),
  ),
  macro(
    "dbt",
    "make_temp_relation",
    "macros/adapters/relation.sql",
    [],
    DISPATCH("make_temp_relation", "base_relation, suffix", "base_relation, suffix='__dbt_tmp'"),
  ),
  macro(
    "dbt",
    "make_backup_relation",
    "macros/adapters/relation.sql",
    [],
    DISPATCH(
      "make_backup_relation",
      "base_relation, backup_relation_type, suffix",
      "base_relation, backup_relation_type, suffix='__dbt_backup'",
    ),
  ),
  macro(
    "dbt",
    "drop_relation_if_exists",
    "macros/adapters/relation.sql",
    [],
    `{% macro drop_relation_if_exists(relation) %}
  {% if relation is not none %}
    {{ adapter.drop_relation(relation) }}
  {% endif %}
{% endmacro %}`,
  ),
  macro(
    "dbt",
    "get_create_view_as_sql",
    "macros/relations/view/create.sql",
    [],
    DISPATCH("get_create_view_as_sql", "relation, sql"),
  ),
  macro(
    "dbt",
    "get_create_table_as_sql",
    "macros/relations/table/create.sql",
    [],
    DISPATCH("get_create_table_as_sql", "temporary, relation, sql"),
  ),
  macro(
    "dbt",
    "create_table_as",
    "macros/relations/table/create.sql",
    [],
    `{% macro create_table_as(temporary, relation, compiled_code, language='sql') -%}
  {%- set sql_header = config.get('sql_header', none) -%}
  {{ sql_header if sql_header is not none }}
  {{ adapter.dispatch('create_table_as', 'dbt')(temporary, relation, compiled_code, language) }}
{%- endmacro %}`,
  ),
  macro(
    "dbt",
    "get_create_sql",
    "macros/relations/create.sql",
    [],
    DISPATCH("get_create_sql", "relation, sql"),
  ),
  macro("dbt", "create_indexes", "macros/adapters/indexes.sql", [], DISPATCH("create_indexes", "relation")),
  macro(
    "dbt",
    "should_revoke",
    "macros/adapters/apply_grants.sql",
    [],
    `{% macro should_revoke(existing_relation, full_refresh_mode=True) %}
  {% if not existing_relation %}
    {{ return(False) }}
  {% elif full_refresh_mode %}
    {{ return(copy_grants()) }}
  {% else %}
    {{ return(True) }}
  {% endif %}
{% endmacro %}`,
  ),
  macro(
    "dbt",
    "apply_grants",
    "macros/adapters/apply_grants.sql",
    [],
    DISPATCH(
      "apply_grants",
      "relation, grant_config, should_revoke",
      "relation, grant_config, should_revoke",
    ),
  ),
  macro(
    "dbt",
    "persist_docs",
    "macros/adapters/persist_docs.sql",
    [],
    DISPATCH(
      "persist_docs",
      "relation, model, for_relation, for_columns",
      "relation, model, for_relation=true, for_columns=true",
    ),
  ),
  macro("dbt", "create_schema", "macros/adapters/schema.sql", [], DISPATCH("create_schema", "relation")),
  macro(
    "dbt",
    "should_full_refresh",
    "macros/materializations/configs.sql",
    [],
    `{% macro should_full_refresh() %}
  {% set config_full_refresh = config.get('full_refresh') %}
  {% if config_full_refresh is none %}
    {% set config_full_refresh = flags.FULL_REFRESH %}
  {% endif %}
  {% do return(config_full_refresh) %}
{% endmacro %}`,
  ),
  macro(
    "dbt",
    "should_store_failures",
    "macros/materializations/configs.sql",
    [],
    `{% macro should_store_failures() %}
  {% set config_store_failures = config.get('store_failures') %}
  {% if config_store_failures is none %}
    {% set config_store_failures = flags.STORE_FAILURES %}
  {% endif %}
  {% do return(config_store_failures) %}
{% endmacro %}`,
  ),
  macro(
    "dbt",
    "is_incremental",
    "macros/materializations/models/incremental/is_incremental.sql",
    [d("should_full_refresh")],
    `{% macro is_incremental() %}
  {#-- never introspect while parsing #}
  {% if not execute %}
    {{ return(False) }}
  {% else %}
    {% set relation = adapter.get_relation(this.database, this.schema, this.table) %}
    {{ return(relation is not none and relation.type == 'table' and model.config.materialized == 'incremental' and not should_full_refresh()) }}
  {% endif %}
{% endmacro %}`,
  ),
  macro(
    "dbt",
    "incremental_validate_on_schema_change",
    "macros/materializations/models/incremental/on_schema_change.sql",
    [],
    `{% macro incremental_validate_on_schema_change(on_schema_change, default='ignore') %}
  {% if on_schema_change not in ['sync_all_columns', 'append_new_columns', 'fail', 'ignore'] %}
    {% do log('Invalid value for on_schema_change (%s) specified. Setting default value of %s.' % (on_schema_change, default), info=true) %}
    {{ return(default) }}
  {% else %}
    {{ return(on_schema_change) }}
  {% endif %}
{% endmacro %}`,
  ),
  macro(
    "dbt",
    "process_schema_changes",
    "macros/materializations/models/incremental/on_schema_change.sql",
    [],
    `{% macro process_schema_changes(on_schema_change, source_relation, target_relation) %}
  {% if on_schema_change == 'ignore' %}
    {{ return({}) }}
  {% endif %}
  {% set schema_changes_dict = check_for_schema_changes(source_relation, target_relation) %}
  {% if schema_changes_dict['schema_changed'] and on_schema_change == 'fail' %}
    {{ exceptions.raise_compiler_error('The source and target schemas on this incremental model are out of sync.') }}
  {% endif %}
  {{ return(schema_changes_dict['source_columns']) }}
{% endmacro %}`,
  ),
  macro(
    "dbt",
    "materialization_view_default",
    "macros/materializations/models/view.sql",
    [
      d("load_cached_relation"),
      d("make_intermediate_relation"),
      d("make_backup_relation"),
      d("run_hooks"),
      d("drop_relation_if_exists"),
      d("statement"),
      d("get_create_view_as_sql"),
      d("should_revoke"),
      d("apply_grants"),
      d("persist_docs"),
    ],
    `{%- materialization view, default -%}
  {%- set existing_relation = load_cached_relation(this) -%}
  {%- set target_relation = this.incorporate(type='view') -%}
  {%- set intermediate_relation = make_intermediate_relation(target_relation) -%}
  {%- set backup_relation = make_backup_relation(target_relation, existing_relation.type if existing_relation else 'view') -%}
  {{ run_hooks(pre_hooks, inside_transaction=False) }}
  {{ drop_relation_if_exists(intermediate_relation) }}
  {{ drop_relation_if_exists(backup_relation) }}
  {{ run_hooks(pre_hooks, inside_transaction=True) }}
  {% call statement('main') -%}
    {{ get_create_view_as_sql(intermediate_relation, sql) }}
  {%- endcall %}
  {% if existing_relation is not none %}
    {{ adapter.rename_relation(existing_relation, backup_relation) }}
  {% endif %}
  {{ adapter.rename_relation(intermediate_relation, target_relation) }}
  {% do apply_grants(target_relation, config.get('grants'), should_revoke=should_revoke(existing_relation, full_refresh_mode=True)) %}
  {% do persist_docs(target_relation, model) %}
  {{ run_hooks(post_hooks, inside_transaction=True) }}
  {{ adapter.commit() }}
  {{ drop_relation_if_exists(backup_relation) }}
  {{ run_hooks(post_hooks, inside_transaction=False) }}
  {{ return({'relations': [target_relation]}) }}
{%- endmaterialization -%}`,
    ["sql"],
  ),
  macro(
    "dbt",
    "materialization_table_default",
    "macros/materializations/models/table.sql",
    [
      d("load_cached_relation"),
      d("make_intermediate_relation"),
      d("make_backup_relation"),
      d("drop_relation_if_exists"),
      d("run_hooks"),
      d("statement"),
      d("get_create_table_as_sql"),
      d("create_indexes"),
      d("should_revoke"),
      d("apply_grants"),
      d("persist_docs"),
    ],
    `{% materialization table, default %}
  {%- set existing_relation = load_cached_relation(this) -%}
  {%- set target_relation = this.incorporate(type='table') %}
  {%- set intermediate_relation = make_intermediate_relation(target_relation) -%}
  {%- set backup_relation = make_backup_relation(target_relation, existing_relation.type if existing_relation else 'table') -%}
  {{ drop_relation_if_exists(intermediate_relation) }}
  {{ drop_relation_if_exists(backup_relation) }}
  {{ run_hooks(pre_hooks, inside_transaction=False) }}
  {{ run_hooks(pre_hooks, inside_transaction=True) }}
  {% call statement('main') -%}
    {{ get_create_table_as_sql(False, intermediate_relation, sql) }}
  {%- endcall %}
  {% if existing_relation is not none %}
    {{ adapter.rename_relation(existing_relation, backup_relation) }}
  {% endif %}
  {{ adapter.rename_relation(intermediate_relation, target_relation) }}
  {% do create_indexes(target_relation) %}
  {{ run_hooks(post_hooks, inside_transaction=True) }}
  {% do apply_grants(target_relation, config.get('grants'), should_revoke=should_revoke(existing_relation, full_refresh_mode=True)) %}
  {% do persist_docs(target_relation, model) %}
  {{ adapter.commit() }}
  {{ drop_relation_if_exists(backup_relation) }}
  {{ run_hooks(post_hooks, inside_transaction=False) }}
  {{ return({'relations': [target_relation]}) }}
{% endmaterialization %}`,
    ["sql"],
  ),
  macro(
    "dbt",
    "reset_csv_table",
    "macros/materializations/seeds/helpers.sql",
    [],
    DISPATCH(
      "reset_csv_table",
      "model, full_refresh, old_relation, agate_table",
      "model, full_refresh, old_relation, agate_table",
    ),
  ),
  macro(
    "dbt",
    "create_csv_table",
    "macros/materializations/seeds/helpers.sql",
    [],
    DISPATCH("create_csv_table", "model, agate_table"),
  ),
  macro(
    "dbt",
    "load_csv_rows",
    "macros/materializations/seeds/helpers.sql",
    [],
    DISPATCH("load_csv_rows", "model, agate_table"),
  ),
  macro(
    "dbt",
    "get_csv_sql",
    "macros/materializations/seeds/helpers.sql",
    [],
    DISPATCH("get_csv_sql", "create_or_truncate_sql, insert_sql"),
  ),
  macro(
    "dbt",
    "materialization_seed_default",
    "macros/materializations/seeds/seed.sql",
    [
      d("should_full_refresh"),
      d("run_hooks"),
      d("reset_csv_table"),
      d("create_csv_table"),
      d("load_csv_rows"),
      d("noop_statement"),
      d("get_csv_sql"),
      d("should_revoke"),
      d("apply_grants"),
      d("persist_docs"),
      d("create_indexes"),
    ],
    `{% materialization seed, default %}
  {%- set identifier = model['alias'] -%}
  {%- set full_refresh_mode = (should_full_refresh()) -%}
  {%- set old_relation = adapter.get_relation(database=database, schema=schema, identifier=identifier) -%}
  {%- set exists_as_table = (old_relation is not none and old_relation.is_table) -%}
  {%- set agate_table = load_agate_table() -%}
  {%- do store_result('agate_table', response='OK', agate_table=agate_table) -%}
  {{ run_hooks(pre_hooks, inside_transaction=False) }}
  {{ run_hooks(pre_hooks, inside_transaction=True) }}
  {% set create_table_sql = "" %}
  {% if exists_as_table %}
    {% set create_table_sql = reset_csv_table(model, full_refresh_mode, old_relation, agate_table) %}
  {% else %}
    {% set create_table_sql = create_csv_table(model, agate_table) %}
  {% endif %}
  {% set code = 'CREATE' if full_refresh_mode else 'INSERT' %}
  {% set rows_affected = (agate_table.rows | length) %}
  {% set sql = load_csv_rows(model, agate_table) %}
  {% call noop_statement('main', code ~ ' ' ~ rows_affected, code, rows_affected) %}
    {{ get_csv_sql(create_table_sql, sql) }};
  {% endcall %}
  {% set target_relation = this.incorporate(type='table') %}
  {% do apply_grants(target_relation, config.get('grants'), should_revoke=should_revoke(old_relation, full_refresh_mode)) %}
  {% do persist_docs(target_relation, model) %}
  {% if full_refresh_mode or not exists_as_table %}
    {% do create_indexes(target_relation) %}
  {% endif %}
  {{ run_hooks(post_hooks, inside_transaction=True) }}
  {{ adapter.commit() }}
  {{ run_hooks(post_hooks, inside_transaction=False) }}
  {{ return({'relations': [target_relation]}) }}
{% endmaterialization %}`,
    ["sql"],
  ),
  macro(
    "dbt",
    "get_limit_subquery_sql",
    "macros/materializations/tests/helpers.sql",
    [],
    DISPATCH("get_limit_subquery_sql", "sql, limit"),
  ),
  macro(
    "dbt",
    "get_test_sql",
    "macros/materializations/tests/helpers.sql",
    [],
    DISPATCH("get_test_sql", "main_sql, fail_calc, warn_if, error_if, limit"),
  ),
  macro(
    "dbt",
    "get_unit_test_sql",
    "macros/materializations/tests/helpers.sql",
    [],
    DISPATCH("get_unit_test_sql", "main_sql, expected_fixture_sql, expected_column_names"),
  ),
  macro(
    "dbt",
    "get_expected_sql",
    "macros/unit_test_sql/get_fixture_sql.sql",
    [],
    `{% macro get_expected_sql(rows, column_name_to_data_types, column_name_to_quoted) %}
  {%- if (rows | length) == 0 -%}
    select * from dbt_internal_unit_test_actual limit 0
  {%- else -%}
    {%- for row in rows -%}
      select {% for column_name, column_value in row.items() %}{{ column_value }} as {{ column_name_to_quoted[column_name] }}{% if not loop.last %}, {% endif %}{% endfor %}
      {%- if not loop.last %}
    union all
      {% endif %}
    {%- endfor -%}
  {%- endif -%}
{% endmacro %}`,
  ),
  macro(
    "dbt",
    "get_columns_in_query",
    "macros/adapters/columns.sql",
    [],
    DISPATCH("get_columns_in_query", "select_sql"),
  ),
  macro(
    "dbt",
    "get_empty_subquery_sql",
    "macros/adapters/columns.sql",
    [],
    DISPATCH("get_empty_subquery_sql", "select_sql, select_sql_header", "select_sql, select_sql_header=none"),
  ),
  macro(
    "dbt",
    "materialization_test_default",
    "macros/materializations/tests/test.sql",
    [
      d("get_limit_subquery_sql"),
      d("should_store_failures"),
      d("statement"),
      d("get_create_sql"),
      d("get_test_sql"),
    ],
    `{%- materialization test, default -%}
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
{%- endmaterialization -%}`,
    ["sql"],
  ),
  macro(
    "dbt",
    "materialization_unit_default",
    "macros/materializations/tests/unit.sql",
    [
      d("get_columns_in_query"),
      d("make_temp_relation"),
      d("run_query"),
      d("get_create_table_as_sql"),
      d("get_empty_subquery_sql"),
      d("get_expected_sql"),
      d("get_unit_test_sql"),
      d("statement"),
    ],
    `{%- materialization unit, default -%}
  {% set relations = [] %}
  {% set expected_rows = config.get('expected_rows') %}
  {% set tested_expected_column_names = expected_rows[0].keys() if (expected_rows | length ) > 0 else get_columns_in_query(sql) %}
  {%- set target_relation = this.incorporate(type='table') -%}
  {%- set temp_relation = make_temp_relation(target_relation) -%}
  {% do run_query(get_create_table_as_sql(True, temp_relation, get_empty_subquery_sql(sql))) %}
  {%- set columns_in_relation = adapter.get_columns_in_relation(temp_relation) -%}
  {%- set column_name_to_data_types = {} -%}
  {%- set column_name_to_quoted = {} -%}
  {%- for column in columns_in_relation -%}
    {%- do column_name_to_data_types.update({column.name|lower: column.data_type}) -%}
    {%- do column_name_to_quoted.update({column.name|lower: column.quoted}) -%}
  {%- endfor -%}
  {% set unit_test_sql = get_unit_test_sql(sql, get_expected_sql(expected_rows, column_name_to_data_types, column_name_to_quoted), tested_expected_column_names) %}
  {% call statement('main', fetch_result=True) -%}
    {{ unit_test_sql }}
  {%- endcall %}
  {% do adapter.drop_relation(temp_relation) %}
  {{ return({'relations': relations}) }}
{%- endmaterialization -%}`,
    ["sql"],
  ),
  macro(
    "dbt",
    "generate_schema_name",
    "macros/get_custom_name/get_custom_schema.sql",
    [d("default__generate_schema_name")],
    `{% macro generate_schema_name(custom_schema_name=none, node=none) -%}
  {{ return(adapter.dispatch('generate_schema_name', 'dbt')(custom_schema_name, node)) }}
{% endmacro %}`,
  ),
  macro(
    "dbt",
    "default__generate_schema_name",
    "macros/get_custom_name/get_custom_schema.sql",
    [],
    `{% macro default__generate_schema_name(custom_schema_name, node) -%}
  {%- set default_schema = target.schema -%}
  {%- if custom_schema_name is none -%}
    {{ default_schema }}
  {%- else -%}
    {{ default_schema }}_{{ custom_schema_name | trim }}
  {%- endif -%}
{%- endmacro %}`,
  ),
  macro(
    "dbt",
    "generate_alias_name",
    "macros/get_custom_name/get_custom_alias.sql",
    [d("default__generate_alias_name")],
    `{% macro generate_alias_name(custom_alias_name=none, node=none) -%}
  {% do return(adapter.dispatch('generate_alias_name', 'dbt')(custom_alias_name, node)) %}
{%- endmacro %}`,
  ),
  macro(
    "dbt",
    "default__generate_alias_name",
    "macros/get_custom_name/get_custom_alias.sql",
    [],
    `{% macro default__generate_alias_name(custom_alias_name=none, node=none) -%}
  {%- if custom_alias_name -%}
    {{ custom_alias_name | trim }}
  {%- elif node.version -%}
    {{ return(node.name ~ "_v" ~ (node.version | replace(".", "_"))) }}
  {%- else -%}
    {{ node.name }}
  {%- endif -%}
{%- endmacro %}`,
  ),
  macro(
    "dbt",
    "generate_database_name",
    "macros/get_custom_name/get_custom_database.sql",
    [d("default__generate_database_name")],
    `{% macro generate_database_name(custom_database_name=none, node=none) -%}
  {% do return(adapter.dispatch('generate_database_name', 'dbt')(custom_database_name, node)) %}
{%- endmacro %}`,
  ),
  macro(
    "dbt",
    "default__generate_database_name",
    "macros/get_custom_name/get_custom_database.sql",
    [],
    `{% macro default__generate_database_name(custom_database_name=none, node=none) -%}
  {%- set default_database = target.database -%}
  {%- if custom_database_name is none -%}
    {{ default_database }}
  {%- else -%}
    {{ custom_database_name }}
  {%- endif -%}
{%- endmacro %}`,
  ),
  macro(
    "dbt",
    "get_where_subquery",
    "macros/materializations/tests/where_subquery.sql",
    [d("default__get_where_subquery")],
    `{% macro get_where_subquery(relation) -%}
  {% do return(adapter.dispatch('get_where_subquery', 'dbt')(relation)) %}
{%- endmacro %}`,
  ),
  macro(
    "dbt",
    "default__get_where_subquery",
    "macros/materializations/tests/where_subquery.sql",
    [],
    `{% macro default__get_where_subquery(relation) -%}
  {% set where = config.get('where', '') %}
  {% if where %}
    {%- set filtered -%}
      (select * from {{ relation }} where {{ where }}) dbt_subquery
    {%- endset -%}
    {% do return(filtered) %}
  {%- else -%}
    {% do return(relation) %}
  {%- endif -%}
{%- endmacro %}`,
  ),
  macro(
    "dbt",
    "test_unique",
    "tests/generic/builtin.sql",
    [d("default__test_unique")],
    `{% test unique(model, column_name) %}
  {% set macro = adapter.dispatch('test_unique', 'dbt') %}
  {{ macro(model, column_name) }}
{% endtest %}`,
  ),
  macro(
    "dbt",
    "test_not_null",
    "tests/generic/builtin.sql",
    [d("default__test_not_null")],
    `{% test not_null(model, column_name) %}
  {% set macro = adapter.dispatch('test_not_null', 'dbt') %}
  {{ macro(model, column_name) }}
{% endtest %}`,
  ),
  macro(
    "dbt",
    "test_accepted_values",
    "tests/generic/builtin.sql",
    [d("default__test_accepted_values")],
    `{% test accepted_values(model, column_name, values, quote=True) %}
  {% set macro = adapter.dispatch('test_accepted_values', 'dbt') %}
  {{ macro(model, column_name, values, quote) }}
{% endtest %}`,
  ),
  macro(
    "dbt",
    "test_relationships",
    "tests/generic/builtin.sql",
    [d("default__test_relationships")],
    `{% test relationships(model, column_name, to, field) %}
  {% set macro = adapter.dispatch('test_relationships', 'dbt') %}
  {{ macro(model, column_name, to, field) }}
{% endtest %}`,
  ),
  macro(
    "dbt",
    "default__test_not_null",
    "macros/generic_test_sql/not_null.sql",
    [d("should_store_failures")],
    `{% macro default__test_not_null(model, column_name) %}

{% set column_list = '*' if should_store_failures() else column_name %}

select {{ column_list }}
from {{ model }}
where {{ column_name }} is null

{% endmacro %}`,
  ),
  macro(
    "dbt",
    "default__test_unique",
    "macros/generic_test_sql/unique.sql",
    [],
    `{% macro default__test_unique(model, column_name) %}

select
    {{ column_name }} as unique_field,
    count(*) as n_records

from {{ model }}
where {{ column_name }} is not null
group by {{ column_name }}
having count(*) > 1

{% endmacro %}`,
  ),
  macro(
    "dbt",
    "default__test_accepted_values",
    "macros/generic_test_sql/accepted_values.sql",
    [],
    `{% macro default__test_accepted_values(model, column_name, values, quote=True) %}

with all_values as (

    select
        {{ column_name }} as value_field,
        count(*) as n_records

    from {{ model }}
    group by {{ column_name }}

)

select *
from all_values
where value_field not in (
    {% for value in values -%}
        {% if quote -%}
        '{{ value }}'
        {%- else -%}
        {{ value }}
        {%- endif -%}
        {%- if not loop.last -%},{%- endif %}
    {%- endfor %}
)

{% endmacro %}`,
  ),
  macro(
    "dbt",
    "default__test_relationships",
    "macros/generic_test_sql/relationships.sql",
    [],
    `{% macro default__test_relationships(model, column_name, to, field) %}

with child as (
    select {{ column_name }} as from_field
    from {{ model }}
    where {{ column_name }} is not null
),

parent as (
    select {{ field }} as to_field
    from {{ to }}
)

select
    from_field

from child
left join parent
    on child.from_field = parent.to_field

where parent.to_field is null

{% endmacro %}`,
  ),
];
