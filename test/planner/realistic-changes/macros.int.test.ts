/**
 * Classes 1, 2, 3 and 7 of issue 18: what dbt runs to build a node besides
 * its compiled SQL. A root-project macro named like a dbt or adapter macro
 * replaces it at run time (dbt-core context/macros.py MacroNamespace: the
 * root project is searched before internal packages; adapter.dispatch
 * searches the root project first for a package namespace); a
 * materialization is chosen by adapter specificity, then locality
 * (core/dbt/contracts/graph/manifest.py, find_materialization_macro_by_name);
 * an incremental strategy's and a snapshot strategy's macro are looked up by
 * name at run time; an adapter upgrade changes the source of adapter macros
 * with the same dbt version; an on-run-start hook runs before every node.
 *
 * The nodes a change reaches are read from the manifest's own macro
 * dependencies (Oracle.runtimeMacroNames), not from the product.
 */
import { describe } from "vitest";
import { each, type Row, rows } from "./cases.js";
import { addMacro, FIXTURES, type Json, type Oracle } from "./harness.js";

const CC = "BUILD code_changed";

/** A row: `change` adds or edits macros; the planned nodes reaching macro `name` are built for code. */
function reach(
  name: string,
  fixture: string,
  change: (m: Json, o: Oracle) => void,
  waits: string,
  what: string,
  minimum = 1,
): Row {
  return {
    name: what,
    scenario: { fixture, change },
    expect: (o) => {
      const hit = o.reaching(name);
      if (hit.length < minimum) throw new Error(`fixture has ${hit.length} nodes reaching ${name}`);
      return { effects: each(hit, CC) };
    },
    waits,
  };
}

/** No node changes (the change doesn't reach any node's run-time macros). */
function none(fixture: string, change: (m: Json, o: Oracle) => void, waits: string, what: string): Row {
  return { name: what, scenario: { fixture, change }, expect: () => ({ effects: {} }), waits };
}

function editMacro(id: string, edit: (sql: string) => string) {
  return (m: Json) => {
    if (!m.macros[id]) throw new Error(`no macro ${id}`);
    m.macros[id].macro_sql = edit(m.macros[id].macro_sql);
  };
}

const CTAS_DUCKDB = `{% macro create_table_as(temporary, relation, compiled_code, language='sql') -%}
  {%- if language == 'sql' -%}
    create {% if temporary %}temp {% endif %}table {{ relation }} as (
      {{ compiled_code }}
    ) -- built by the project's create_table_as
  {%- else -%}
    {{ return(dbt_duckdb.create_table_as(temporary, relation, compiled_code, language)) }}
  {%- endif -%}
{%- endmacro %}`;

const overrides: Row[] = [
  reach(
    "create_table_as",
    FIXTURES.jaffle,
    (m) => addMacro(m, "create_table_as", CTAS_DUCKDB),
    "macros",
    "root project adds `create_table_as` (duckdb)",
  ),
  none(
    FIXTURES.planetkart,
    (m) =>
      addMacro(
        m,
        "get_create_table_as_sql",
        `{% macro get_create_table_as_sql(temporary, relation, sql) -%}\n  {{ adapter.dispatch('get_create_table_as_sql', 'dbt')(temporary, relation, sql) }}\n  comment = 'managed by dbt'\n{%- endmacro %}`,
      ),
    "",
    "root project adds `get_create_table_as_sql` on snowflake (its table materialization calls create_table_as): nothing changes",
  ),
  reach(
    "default__create_view_as",
    FIXTURES.jaffle,
    (m) =>
      addMacro(
        m,
        "default__create_view_as",
        `{% macro default__create_view_as(relation, sql) -%}\n  create or replace view {{ relation }} as (\n    {{ sql }}\n  );\n{%- endmacro %}`,
      ),
    "macros",
    "root project adds `default__create_view_as` on duckdb: dispatch searches the root first, so it beats duckdb__create_view_as",
  ),
  reach(
    "snowflake__create_table_as",
    FIXTURES.planetkart,
    (m) =>
      addMacro(
        m,
        "snowflake__create_table_as",
        `{% macro snowflake__create_table_as(temporary, relation, compiled_code, language='sql') -%}\n  create or replace {% if temporary %}temporary {% else %}transient {% endif %}table {{ relation }}\n  as ({{ compiled_code }});\n{%- endmacro %}`,
      ),
    "macros",
    "root project adds `snowflake__create_table_as` (adapter-prefixed dispatch candidate)",
  ),
  reach(
    "bigquery__create_view_as",
    FIXTURES.salary,
    (m) =>
      addMacro(
        m,
        "bigquery__create_view_as",
        `{% macro bigquery__create_view_as(relation, sql) -%}\n  create or replace view {{ relation }}\n  options(description="managed by dbt")\n  as {{ sql }};\n{%- endmacro %}`,
      ),
    "macros",
    "root project adds `bigquery__create_view_as`",
  ),
  reach(
    "get_merge_sql",
    FIXTURES.pysnow,
    (m) =>
      addMacro(
        m,
        "get_merge_sql",
        `{% macro get_merge_sql(target, source, unique_key, dest_columns, incremental_predicates=none) -%}\n  {{ dbt.default__get_merge_sql(target, source, unique_key, dest_columns, incremental_predicates) }}\n  -- merged by the project\n{%- endmacro %}`,
      ),
    "macros",
    "root project adds `get_merge_sql` (snowflake merge incrementals)",
  ),
  reach(
    "default__generate_surrogate_key",
    FIXTURES.jaffle,
    (m) =>
      addMacro(
        m,
        "default__generate_surrogate_key",
        `{%- macro default__generate_surrogate_key(field_list) -%}\n  md5(concat_ws('|', {% for f in field_list %}coalesce(cast({{ f }} as varchar), '_null_'){% if not loop.last %}, {% endif %}{% endfor %}))\n{%- endmacro -%}`,
      ),
    "macros",
    "root project overrides dbt_utils' `default__generate_surrogate_key` via dispatch",
  ),
  reach(
    "cents_to_dollars",
    FIXTURES.jaffle,
    editMacro("macro.jaffle_shop.default__cents_to_dollars", (sql) =>
      sql.replace("numeric(16, 2)", "numeric(18, 4)"),
    ),
    "",
    "control: a project macro the models call changes (already in depends_on)",
  ),
];

const materializations: Row[] = [
  reach(
    "materialization_table_duckdb",
    FIXTURES.jaffle,
    (m) =>
      addMacro(
        m,
        "materialization_table_duckdb",
        `{% materialization table, adapter='duckdb' %}\n  {{ return(dbt_duckdb.materialization_table_duckdb()) }}\n{% endmaterialization %}`,
      ),
    "",
    "root project adds `materialization_table_duckdb`",
  ),
  none(
    FIXTURES.jaffle,
    (m) =>
      addMacro(
        m,
        "materialization_table_default",
        `{% materialization table, default %}\n  {{ return(dbt.materialization_table_default()) }}\n{% endmaterialization %}`,
      ),
    "macros",
    "root project adds `materialization_table_default` on duckdb (the adapter's own wins): nothing changes",
  ),
  reach(
    "materialization_view_snowflake",
    FIXTURES.planetkart,
    (m) =>
      addMacro(
        m,
        "materialization_view_snowflake",
        `{% materialization view, adapter='snowflake' %}\n  {{ return(dbt_snowflake.materialization_view_snowflake()) }}\n{% endmaterialization %}`,
      ),
    "",
    "root project adds `materialization_view_snowflake`",
  ),
  reach(
    "get_incremental_delete_insert_sql",
    FIXTURES.pysnow,
    (m) =>
      addMacro(
        m,
        "get_incremental_delete_insert_sql",
        `{% macro get_incremental_delete_insert_sql(arg_dict) %}\n  {{ dbt.default__get_delete_insert_merge_sql(arg_dict["target_relation"], arg_dict["temp_relation"], arg_dict["unique_key"], arg_dict["dest_columns"], arg_dict["incremental_predicates"]) }}\n{% endmacro %}`,
      ),
    "macros",
    "root project overrides `get_incremental_delete_insert_sql`: only delete+insert incrementals",
  ),
  reach(
    "get_incremental_merge_sql",
    FIXTURES.pysnow,
    (m) =>
      addMacro(
        m,
        "get_incremental_merge_sql",
        `{% macro get_incremental_merge_sql(arg_dict) %}\n  {{ get_merge_sql(arg_dict["target_relation"], arg_dict["temp_relation"], arg_dict["unique_key"], arg_dict["dest_columns"], arg_dict["incremental_predicates"]) }}\n{% endmacro %}`,
      ),
    "macros",
    "root project overrides `get_incremental_merge_sql`: only merge incrementals",
  ),
  {
    name: "root project overrides `duckdb__get_incremental_default_sql`: the incremental without a strategy",
    scenario: {
      fixture: FIXTURES.bouncer11,
      prepare: (m) => {
        m.nodes["model.dbt_bouncer_test_project.int_incremental"].config.incremental_strategy = null;
      },
      change: (m) =>
        addMacro(
          m,
          "duckdb__get_incremental_default_sql",
          `{% macro duckdb__get_incremental_default_sql(arg_dict) %}\n  {% do return(get_incremental_append_sql(arg_dict)) %}\n{% endmacro %}`,
        ),
    },
    expect: () => ({ effects: { "model.dbt_bouncer_test_project.int_incremental": CC } }),
    waits: "macros",
  },
  none(
    FIXTURES.pysnow,
    (m) =>
      addMacro(
        m,
        "snowflake__get_incremental_default_sql",
        `{% macro snowflake__get_incremental_default_sql(arg_dict) %}\n  {% do return(get_incremental_append_sql(arg_dict)) %}\n{% endmacro %}`,
      ),
    "",
    "`snowflake__get_incremental_default_sql` when every incremental names its strategy: nothing changes",
  ),
  reach(
    "snapshot_timestamp_strategy",
    FIXTURES.bouncer11,
    (m) =>
      addMacro(
        m,
        "snapshot_timestamp_strategy",
        `{% macro snapshot_timestamp_strategy(node, snapshotted_rel, current_rel, model_config, target_exists) %}\n  {% do return(dbt.snapshot_timestamp_strategy(node, snapshotted_rel, current_rel, model_config, target_exists)) %}\n{% endmacro %}`,
      ),
    "macros",
    "root project overrides `snapshot_timestamp_strategy`: the timestamp snapshots",
  ),
  reach(
    "snapshot_check_strategy",
    FIXTURES.salary,
    (m) =>
      addMacro(
        m,
        "snapshot_check_strategy",
        `{% macro snapshot_check_strategy(node, snapshotted_rel, current_rel, model_config, target_exists) %}\n  {% do return(dbt.snapshot_check_strategy(node, snapshotted_rel, current_rel, model_config, target_exists)) %}\n{% endmacro %}`,
      ),
    "macros",
    "root project overrides `snapshot_check_strategy`: the check snapshot",
  ),
  none(
    FIXTURES.salary,
    (m) =>
      addMacro(
        m,
        "snapshot_timestamp_strategy",
        `{% macro snapshot_timestamp_strategy(node, snapshotted_rel, current_rel, model_config, target_exists) %}\n  {% do return(dbt.snapshot_timestamp_strategy(node, snapshotted_rel, current_rel, model_config, target_exists)) %}\n{% endmacro %}`,
      ),
    "",
    "`snapshot_timestamp_strategy` where the only snapshot uses check: nothing changes",
  ),
];

const upgrades: Row[] = [
  reach(
    "duckdb__create_table_as",
    FIXTURES.jaffle,
    editMacro("macro.dbt_duckdb.duckdb__create_table_as", (sql) =>
      sql.replace("create ", "create or replace "),
    ),
    "macros",
    "dbt-duckdb upgrade changes `duckdb__create_table_as`",
  ),
  reach(
    "snowflake__create_view_as",
    FIXTURES.planetkart,
    editMacro(
      "macro.dbt_snowflake.snowflake__create_view_as",
      (sql) => `${sql}\n{# 1.10.5: copy grants by default #}`,
    ),
    "macros",
    "dbt-snowflake upgrade changes `snowflake__create_view_as`",
  ),
  reach(
    "create_indexes",
    FIXTURES.jaffle,
    editMacro("macro.dbt.default__create_indexes", (sql) =>
      sql.replace("{%", "{#- indexes created after the build -#}{%"),
    ),
    "macros",
    "dbt-core global macro `default__create_indexes` (table and seed materializations) changes",
  ),
  reach(
    "bigquery__create_table_as",
    FIXTURES.trade,
    editMacro("macro.dbt_bigquery.bigquery__create_table_as", (sql) =>
      sql.replace("create or replace", "create or replace /* 1.11.1 */"),
    ),
    "macros",
    "dbt-bigquery upgrade changes `bigquery__create_table_as` (large project)",
  ),
  reach(
    "statement",
    FIXTURES.tuva,
    editMacro("macro.dbt.statement", (sql) => sql.replace("{%", "{#- 1.7.9 -#}{%")),
    "macros",
    "dbt-core's `statement` changes (every materialization; dbt 1.7 manifest v11)",
  ),
];

// ---------------------------------------------------------------- 7

const START = "operation.dbt_bouncer_test_project.dbt_bouncer_test_project-on-run-start-0";
const everyNode = (o: Oracle) => ({ effects: each(o.planned, CC) });

const hooks: Row[] = [
  {
    name: "the on-run-start hook's SQL changes: every node",
    scenario: {
      fixture: FIXTURES.bouncer12,
      change: (m) => {
        const op = m.nodes[START];
        op.raw_code = op.raw_code.replace(
          "CAST(last_name AS VARCHAR) AS last_name",
          "CAST(last_name AS VARCHAR) AS last_name,\n       CAST(email AS VARCHAR) AS email",
        );
        op.compiled_code = op.raw_code;
        op.checksum = { name: "sha256", checksum: "1".repeat(64) };
      },
    },
    expect: everyNode,
    waits: "macros",
  },
  {
    name: "a macro the on-run-start hook calls changes (elementary.on_run_start): every node",
    scenario: {
      fixture: FIXTURES.elementary,
      change: editMacro("macro.elementary.on_run_start", (sql) => sql.replace("{%", "{#- 0.16.2 -#}{%")),
    },
    expect: everyNode,
    waits: "macros",
  },
  {
    // dbt runs on-run-end after every node of the invocation (RunTask.after_run):
    // it can't change what a node builds (docs/decisions/run-time-macros.md).
    name: "the on-run-end hook's macro changes: nothing changes (it runs after every node)",
    scenario: {
      fixture: FIXTURES.elementary,
      change: editMacro("macro.elementary.on_run_end", (sql) => sql.replace("{%", "{#- 0.16.2 -#}{%")),
    },
    expect: () => ({ effects: {} }),
    waits: "macros",
  },
];

describe("realistic changes: run-time macros", () => {
  rows("1 macro overrides", overrides);
  rows("2 materializations and strategies", materializations);
  rows("3 adapter upgrade", upgrades);
  rows("7 project hooks", hooks);
});
