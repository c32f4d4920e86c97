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
 *
 * Each body is a data file, ./macros/<package>/<name>.sql (the macro's text and
 * one final line break, which is not part of it), read when this module loads;
 * this module says where dbt keeps each macro, what it calls and its languages.
 */
import { readFileSync } from "node:fs";
import type { MacroSpec } from "./project-spec.js";

const MACROS = new URL("./macros/", import.meta.url);

/** The text of ./macros/<package>/<name>.sql without its final line break. */
function macroText(packageName: string, name: string): string {
  const file = new URL(`${packageName}/${name}.sql`, MACROS);
  const text = readFileSync(file, "utf8");
  if (!text.endsWith("\n")) throw new Error(`${file.pathname} does not end with a line break`);
  return text.slice(0, -1);
}

function macro(
  packageName: "dbt" | "dbt_duckdb",
  name: string,
  path: string,
  dependsOn: string[],
  supportedLanguages: string[] | null = null,
): MacroSpec {
  return { name, packageName, path, dependsOn, macroSql: macroText(packageName, name), supportedLanguages };
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
    ["sql", "python"],
  ),
  macro("dbt_duckdb", "run_hooks", "macros/materializations/hooks.sql", [d("statement")]),
  macro("dbt_duckdb", "drop_indexes_on_relation", "macros/adapters.sql", [d("statement")]),
];

export const DBT_CORE_MACROS: readonly MacroSpec[] = [
  macro("dbt", "statement", "macros/etc/statement.sql", []),
  macro("dbt", "noop_statement", "macros/etc/statement.sql", []),
  macro("dbt", "run_query", "macros/etc/statement.sql", [d("statement")]),
  macro("dbt", "run_hooks", "macros/materializations/hooks.sql", [d("statement")]),
  macro("dbt", "load_cached_relation", "macros/adapters/relation.sql", []),
  macro("dbt", "make_intermediate_relation", "macros/adapters/relation.sql", []),
  macro("dbt", "make_temp_relation", "macros/adapters/relation.sql", []),
  macro("dbt", "make_backup_relation", "macros/adapters/relation.sql", []),
  macro("dbt", "drop_relation_if_exists", "macros/adapters/relation.sql", []),
  macro("dbt", "get_create_view_as_sql", "macros/relations/view/create.sql", []),
  macro("dbt", "get_create_table_as_sql", "macros/relations/table/create.sql", []),
  macro("dbt", "create_table_as", "macros/relations/table/create.sql", []),
  macro("dbt", "get_create_sql", "macros/relations/create.sql", []),
  macro("dbt", "create_indexes", "macros/adapters/indexes.sql", []),
  macro("dbt", "should_revoke", "macros/adapters/apply_grants.sql", []),
  macro("dbt", "apply_grants", "macros/adapters/apply_grants.sql", []),
  macro("dbt", "persist_docs", "macros/adapters/persist_docs.sql", []),
  macro("dbt", "create_schema", "macros/adapters/schema.sql", []),
  macro("dbt", "should_full_refresh", "macros/materializations/configs.sql", []),
  macro("dbt", "should_store_failures", "macros/materializations/configs.sql", []),
  macro("dbt", "is_incremental", "macros/materializations/models/incremental/is_incremental.sql", [
    d("should_full_refresh"),
  ]),
  macro(
    "dbt",
    "incremental_validate_on_schema_change",
    "macros/materializations/models/incremental/on_schema_change.sql",
    [],
  ),
  macro(
    "dbt",
    "process_schema_changes",
    "macros/materializations/models/incremental/on_schema_change.sql",
    [],
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
    ["sql"],
  ),
  macro("dbt", "reset_csv_table", "macros/materializations/seeds/helpers.sql", []),
  macro("dbt", "create_csv_table", "macros/materializations/seeds/helpers.sql", []),
  macro("dbt", "load_csv_rows", "macros/materializations/seeds/helpers.sql", []),
  macro("dbt", "get_csv_sql", "macros/materializations/seeds/helpers.sql", []),
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
    ["sql"],
  ),
  macro("dbt", "get_limit_subquery_sql", "macros/materializations/tests/helpers.sql", []),
  macro("dbt", "get_test_sql", "macros/materializations/tests/helpers.sql", []),
  macro("dbt", "get_unit_test_sql", "macros/materializations/tests/helpers.sql", []),
  macro("dbt", "get_expected_sql", "macros/unit_test_sql/get_fixture_sql.sql", []),
  macro("dbt", "get_columns_in_query", "macros/adapters/columns.sql", []),
  macro("dbt", "get_empty_subquery_sql", "macros/adapters/columns.sql", []),
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
    ["sql"],
  ),
  macro("dbt", "generate_schema_name", "macros/get_custom_name/get_custom_schema.sql", [
    d("default__generate_schema_name"),
  ]),
  macro("dbt", "default__generate_schema_name", "macros/get_custom_name/get_custom_schema.sql", []),
  macro("dbt", "generate_alias_name", "macros/get_custom_name/get_custom_alias.sql", [
    d("default__generate_alias_name"),
  ]),
  macro("dbt", "default__generate_alias_name", "macros/get_custom_name/get_custom_alias.sql", []),
  macro("dbt", "generate_database_name", "macros/get_custom_name/get_custom_database.sql", [
    d("default__generate_database_name"),
  ]),
  macro("dbt", "default__generate_database_name", "macros/get_custom_name/get_custom_database.sql", []),
  macro("dbt", "get_where_subquery", "macros/materializations/tests/where_subquery.sql", [
    d("default__get_where_subquery"),
  ]),
  macro("dbt", "default__get_where_subquery", "macros/materializations/tests/where_subquery.sql", []),
  macro("dbt", "test_unique", "tests/generic/builtin.sql", [d("default__test_unique")]),
  macro("dbt", "test_not_null", "tests/generic/builtin.sql", [d("default__test_not_null")]),
  macro("dbt", "test_accepted_values", "tests/generic/builtin.sql", [d("default__test_accepted_values")]),
  macro("dbt", "test_relationships", "tests/generic/builtin.sql", [d("default__test_relationships")]),
  macro("dbt", "default__test_not_null", "macros/generic_test_sql/not_null.sql", [
    d("should_store_failures"),
  ]),
  macro("dbt", "default__test_unique", "macros/generic_test_sql/unique.sql", []),
  macro("dbt", "default__test_accepted_values", "macros/generic_test_sql/accepted_values.sql", []),
  macro("dbt", "default__test_relationships", "macros/generic_test_sql/relationships.sql", []),
];
