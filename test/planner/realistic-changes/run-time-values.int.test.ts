/**
 * Issue 36, "values read at run time are evidence": what a node's build
 * reads from the run when dbt renders its materialization, strategy, hooks
 * and on-run-start hooks (not when it compiles it), on the real fixtures.
 * Each recorded build carries a keyed digest of every static read's value
 * (`value:env_var(X)`, `value:var(x)`, `value:target.name`); the plan
 * compares the value the next build would see.
 *
 * dbt semantics the cases rest on (dbt-core 1.12.latest):
 * - a materialization dbt picks renders in the node's context at run time
 *   (core/dbt/task/run.py `ModelRunner.execute` → `materialization_macro`),
 *   as do its hooks (`run_hooks`), so `env_var`/`var` there read the run's;
 * - `env_var` (core/dbt/context/providers.py `ProviderContext.env_var`): the
 *   environment's value, else the default; `DBT_ENV_SECRET_*` raise
 *   `SecretEnvVarLocationError`;
 * - `var` (`ModelConfiguredVar._generate_merged`): `--vars` over the
 *   project's `vars:`;
 * - `invocation_id` / `run_started_at` change every run by design and are not
 *   reads of the node's build (an audit row, not the table).
 */
import { describe, expect, it } from "vitest";
import type { RunTimeValueSources } from "../../../src/dbt/run-time-values/run-time-values.js";
import { sharedFixturesPresent } from "../../support/shared-fixtures.js";
import { each, type Row, rows } from "./cases.js";
import {
  addMacro,
  entryOf,
  FIXTURES,
  fullBuildStatuses,
  type Json,
  runScenario,
  TEST_VALUE_KEY,
} from "./harness.js";

const ROOT = "jaffle_shop";

/** jaffle-shop's two seeds over 1 MiB with their CSVs in the checkout (so their readers are reused). */
const JAFFLE_CSVS = new Map([
  ["seed.jaffle_shop.raw_items", { path: "seeds/jaffle-data/raw_items.csv", sha256: "1".repeat(64) }],
  ["seed.jaffle_shop.raw_orders", { path: "seeds/jaffle-data/raw_orders.csv", sha256: "2".repeat(64) }],
]);

/** What the edge saw: the environment, the root project's `vars:`, no `--vars`, the target. */
function seen(
  env: Record<string, string> | null,
  vars: Record<string, unknown> = {},
): { runTimeValues: RunTimeValueSources; seedFiles: typeof JAFFLE_CSVS } {
  return {
    seedFiles: JAFFLE_CSVS,
    runTimeValues: {
      env,
      ...(env === null ? { envUnseen: "ods-state was not given the build's environment" } : {}),
      projectVars: { root: ROOT, vars: new Map([[ROOT, vars]]) },
      cliVars: {},
      target: { name: "prod", adapter_type: "duckdb" },
    },
  };
}

/** The root project's table materialization for duckdb, reading an env var at run time, as dbt writes it. */
function tableOverrideReading(read: string) {
  return (m: Json) => {
    const id = addMacro(
      m,
      "materialization_table_duckdb",
      `{% materialization table, adapter='duckdb' %}\n  {%- set mode = ${read} -%}\n  {{ return(dbt_duckdb.materialization_table_duckdb()) }}\n{% endmaterialization %}`,
    );
    m.macros[id].depends_on.macros = ["macro.dbt_duckdb.materialization_table_duckdb"];
  };
}

/** Adds a post-hook from dbt_project.yml (`+post-hook`): config and unrendered config, raw code unchanged. */
function postHook(id: string, sql: string) {
  return (m: Json) => {
    const n = m.nodes[id];
    n.config["post-hook"] = [...(n.config["post-hook"] ?? []), { sql, transaction: true, index: null }];
    n.unrendered_config = { ...n.unrendered_config, "post-hook": [sql] };
  };
}

const TABLES = (m: Json): string[] =>
  Object.values(m.nodes as Record<string, Json>)
    .filter((n) => n.resource_type === "model" && n.config.materialized === "table")
    .map((n) => n.unique_id as string);

const CUSTOMERS = "model.jaffle_shop.customers";
const STG_CUSTOMERS = "model.jaffle_shop.stg_customers";

const cases: Row[] = [
  {
    name: "a root-project materialization reads env_var('ODS_MODE'): the same value, nothing moves",
    scenario: {
      fixture: FIXTURES.jaffle,
      prepare: tableOverrideReading("env_var('ODS_MODE', 'full')"),
      loadInputs: { built: seen({ ODS_MODE: "full" }), planned: seen({ ODS_MODE: "full" }) },
    },
    expect: () => ({ effects: {} }),
    waits: "",
  },
  {
    name: "a root-project materialization reads env_var('ODS_MODE'): a new value builds every table it builds, and their readers",
    scenario: {
      fixture: FIXTURES.jaffle,
      prepare: tableOverrideReading("env_var('ODS_MODE', 'full')"),
      loadInputs: { built: seen({ ODS_MODE: "full" }), planned: seen({ ODS_MODE: "sample" }) },
    },
    expect: (o) => ({
      effects: each(TABLES(o.m), "BUILD run_time_value_changed"),
      messages: { [CUSTOMERS]: /`env_var\(ODS_MODE\)`\. ODS compares keyed digests/ },
    }),
    waits: "values",
    also: (out) => {
      // The reason names the read, never the value.
      const message = entryOf(out, CUSTOMERS).reasons[0]!.message;
      expect(message).not.toMatch(/sample|full/);
    },
  },
  {
    name: "unset then set to its default: the value dbt sees is the same, but ODS compares what the environment holds (built)",
    scenario: {
      fixture: FIXTURES.jaffle,
      prepare: tableOverrideReading("env_var('ODS_MODE', 'full')"),
      loadInputs: { built: seen({}), planned: seen({ ODS_MODE: "full" }) },
    },
    expect: (o) => ({ effects: each(TABLES(o.m), "BUILD run_time_value_changed") }),
    waits: "values",
  },
  {
    name: "the materialization's env_var name is not static: run_time_value_unknown every run",
    scenario: {
      fixture: FIXTURES.jaffle,
      prepare: tableOverrideReading("env_var(config.get('mode_variable', 'ODS_MODE'))"),
      loadInputs: { built: seen({ ODS_MODE: "full" }), planned: seen({ ODS_MODE: "full" }) },
    },
    expect: (o) => ({
      effects: each(TABLES(o.m), "BUILD run_time_value_unknown"),
      messages: {
        [CUSTOMERS]:
          /`env_var\(<expression>\)` \(macro macro\.jaffle_shop\.materialization_table_duckdb\), whose name is not static/,
      },
    }),
    waits: "values",
  },
  {
    name: "the environment is not visible now (the CLI given none): run_time_value_unknown, saying what it couldn't see",
    scenario: {
      fixture: FIXTURES.jaffle,
      prepare: tableOverrideReading("env_var('ODS_MODE', 'full')"),
      loadInputs: { built: seen({ ODS_MODE: "full" }), planned: seen(null) },
    },
    expect: (o) => ({
      effects: each(TABLES(o.m), "BUILD run_time_value_unknown"),
      messages: {
        [CUSTOMERS]:
          /ODS can't see `env_var\(ODS_MODE\)` now: ods-state was not given the build's environment/,
      },
    }),
    waits: "values",
  },
  {
    name: "the environment was not visible when the build was recorded: run_time_value_unknown",
    scenario: {
      fixture: FIXTURES.jaffle,
      prepare: tableOverrideReading("env_var('ODS_MODE', 'full')"),
      loadInputs: { built: seen(null), planned: seen({ ODS_MODE: "full" }) },
    },
    expect: (o) => ({
      effects: each(TABLES(o.m), "BUILD run_time_value_unknown"),
      messages: { [CUSTOMERS]: /`env_var\(ODS_MODE\)` was not visible when run \S+ was recorded/ },
    }),
    waits: "values",
  },
  {
    name: "a post-hook reads var('reporting_role'), static and unchanged: reused (was hook_reads_environment every run)",
    scenario: {
      fixture: FIXTURES.jaffle,
      prepare: postHook(
        STG_CUSTOMERS,
        "grant select on {{ this }} to {{ var('reporting_role', 'reporter') }}",
      ),
      loadInputs: {
        built: seen({}, { reporting_role: "analyst" }),
        planned: seen({}, { reporting_role: "analyst" }),
      },
    },
    expect: () => ({ effects: {} }),
    waits: "values",
    also: (out) => expect(entryOf(out, STG_CUSTOMERS).reasons[0]!.code).toBe("unchanged"),
  },
  {
    name: "a post-hook reads var('reporting_role'), and dbt_project.yml changes it: the node and its readers",
    scenario: {
      fixture: FIXTURES.jaffle,
      prepare: postHook(
        STG_CUSTOMERS,
        "grant select on {{ this }} to {{ var('reporting_role', 'reporter') }}",
      ),
      loadInputs: {
        built: seen({}, { reporting_role: "analyst" }),
        planned: seen({}, { reporting_role: "admin" }),
      },
    },
    expect: () => ({
      effects: { [STG_CUSTOMERS]: "BUILD run_time_value_changed" },
      messages: { [STG_CUSTOMERS]: /`var\(reporting_role\)`/ },
    }),
    waits: "values",
  },
  {
    name: "a post-hook reads target.name, unchanged: reused",
    scenario: {
      fixture: FIXTURES.jaffle,
      prepare: postHook(
        STG_CUSTOMERS,
        "{% if target.name == 'prod' %}grant select on {{ this }} to reporter{% endif %}",
      ),
      loadInputs: { built: seen({}), planned: seen({}) },
    },
    expect: () => ({ effects: {} }),
    waits: "values",
  },
  {
    name: "a post-hook reads env_var(name) with a name built at run time: run_time_value_unknown",
    scenario: {
      fixture: FIXTURES.jaffle,
      prepare: postHook(
        STG_CUSTOMERS,
        "{% set name = 'ROLE_' ~ target.name | upper %}grant select on {{ this }} to {{ env_var(name) }}",
      ),
      loadInputs: { built: seen({ ROLE_PROD: "r" }), planned: seen({ ROLE_PROD: "r" }) },
    },
    // An unknown value may change the shape: its readers build for code (Decision.codeMoved).
    expect: () => ({
      effects: { [STG_CUSTOMERS]: "BUILD run_time_value_unknown", [CUSTOMERS]: "BUILD parent_code_changed" },
    }),
    waits: "values",
  },
  {
    name: "a post-hook reads a DBT_ENV_SECRET_ variable: dbt refuses it in a build (never looked up), nothing moves",
    scenario: {
      fixture: FIXTURES.jaffle,
      prepare: postHook(STG_CUSTOMERS, "grant select on {{ this }} to {{ env_var('DBT_ENV_SECRET_ROLE') }}"),
      loadInputs: { built: seen({ DBT_ENV_SECRET_ROLE: "a" }), planned: seen({ DBT_ENV_SECRET_ROLE: "b" }) },
    },
    expect: () => ({ effects: {} }),
    waits: "values",
  },
  {
    name: "a post-hook writes invocation_id and run_started_at to an audit table: not a read of the build, nothing moves",
    scenario: {
      fixture: FIXTURES.jaffle,
      prepare: postHook(
        STG_CUSTOMERS,
        "insert into audit values ('{{ invocation_id }}', '{{ run_started_at }}')",
      ),
      loadInputs: { built: seen({}), planned: seen({}) },
    },
    expect: () => ({ effects: {} }),
    waits: "",
  },
  {
    name: "a post-hook reads flags.FULL_REFRESH: built every run (hook_reads_environment)",
    scenario: {
      fixture: FIXTURES.jaffle,
      prepare: postHook(STG_CUSTOMERS, "{% if flags.FULL_REFRESH %}analyze {{ this }}{% endif %}"),
      loadInputs: { built: seen({}), planned: seen({}) },
    },
    expect: () => ({ effects: { [STG_CUSTOMERS]: "BUILD hook_reads_environment" } }),
    waits: "",
  },
  {
    name: "DBT_ENV_CUSTOM_ENV_ variables recorded in the manifest's metadata.env change: nothing moves",
    scenario: {
      fixture: FIXTURES.jaffle,
      change: (m) => {
        m.metadata.env = { ...m.metadata.env, DBT_ENV_CUSTOM_ENV_JOB: "nightly-2" };
      },
      loadInputs: {
        built: seen({ DBT_ENV_CUSTOM_ENV_JOB: "nightly-1" }),
        planned: seen({ DBT_ENV_CUSTOM_ENV_JOB: "nightly-2" }),
      },
    },
    expect: () => ({ effects: {} }),
    waits: "",
  },
  {
    name: "elementary's on-run-start hook reads var('edr_cli_run') through get_config_var: a new value builds every node",
    scenario: {
      fixture: FIXTURES.elementary,
      loadInputs: {
        built: {
          runTimeValues: {
            ...elementarySeen(),
            projectVars: { root: "jaffle_shop", vars: new Map([["jaffle_shop", {}]]) },
          },
        },
        planned: {
          runTimeValues: {
            ...elementarySeen(),
            projectVars: { root: "jaffle_shop", vars: new Map([["jaffle_shop", { edr_cli_run: true }]]) },
          },
        },
      },
    },
    expect: (o) => ({ effects: each(o.planned, "BUILD run_time_value_changed") }),
    waits: "values",
  },
];

/** analytics-snowflake-python's root project overrides the delete+insert strategy, reading a var at run time. */
function deleteInsertReading(read: string) {
  return (m: Json) => {
    const id = addMacro(
      m,
      "get_incremental_delete_insert_sql",
      `{% macro get_incremental_delete_insert_sql(arg_dict) %}\n  {%- set batch = ${read} -%}\n  {{ dbt.default__get_delete_insert_merge_sql(arg_dict["target_relation"], arg_dict["temp_relation"], arg_dict["unique_key"], arg_dict["dest_columns"], arg_dict["incremental_predicates"]) }}\n{% endmacro %}`,
    );
    m.macros[id].depends_on.macros = ["macro.dbt.default__get_delete_insert_merge_sql"];
  };
}

function analyticsSeen(vars: Record<string, unknown>): { runTimeValues: RunTimeValueSources } {
  return {
    runTimeValues: {
      env: {},
      projectVars: { root: "analytics", vars: new Map([["analytics", vars]]) },
      cliVars: {},
      target: { name: "prod", adapter_type: "snowflake" },
    },
  };
}

const DELETE_INSERT = "model.analytics.stg_adobe_experience__clickstream_hits";

function elementarySeen(): RunTimeValueSources {
  return { env: {}, projectVars: null, cliVars: {}, target: { name: "prod", adapter_type: "bigquery" } };
}

const strategies: Row[] = [
  {
    name: "the incremental strategy's macro (a root override of delete+insert) reads var('batch_rows'): unchanged, nothing moves",
    scenario: {
      fixture: FIXTURES.pysnow,
      prepare: deleteInsertReading("var('batch_rows', 1000)"),
      loadInputs: { built: analyticsSeen({ batch_rows: 500 }), planned: analyticsSeen({ batch_rows: 500 }) },
    },
    expect: () => ({ effects: {} }),
    waits: "",
  },
  {
    name: "the incremental strategy's macro reads var('batch_rows'), changed in dbt_project.yml: only the delete+insert model, and its readers",
    scenario: {
      fixture: FIXTURES.pysnow,
      prepare: deleteInsertReading("var('batch_rows', 1000)"),
      loadInputs: { built: analyticsSeen({ batch_rows: 500 }), planned: analyticsSeen({ batch_rows: 200 }) },
    },
    expect: () => ({ effects: { [DELETE_INSERT]: "BUILD run_time_value_changed" } }),
    waits: "values",
  },
  {
    name: "the recorded run passed --vars batch_rows (run_results args.vars); the plan, told none, sees the project's value: built, and the reason says so",
    scenario: {
      fixture: FIXTURES.pysnow,
      prepare: deleteInsertReading("var('batch_rows', 1000)"),
      laterRuns: [
        {
          statuses: fullBuildStatuses,
          args: { vars: { batch_rows: 50 } },
          startedAt: "2026-01-03T00:00:00Z",
        },
      ],
      loadInputs: { built: analyticsSeen({ batch_rows: 500 }), planned: analyticsSeen({ batch_rows: 500 }) },
    },
    expect: () => ({
      effects: { [DELETE_INSERT]: "BUILD run_time_value_changed" },
      messages: { [DELETE_INSERT]: /`var\(batch_rows\)`.*a plan assumes no `--vars`/ },
    }),
    waits: "values",
  },
];

describe("realistic changes: values read at run time (issue 36)", () => {
  rows("values", cases);
  rows("values, strategies", strategies);

  it.skipIf(!sharedFixturesPresent)("the state holds keyed digests and the key, never a value", () => {
    const secretish = "s3cr3t-value-4711";
    const out = runScenario({
      fixture: FIXTURES.jaffle,
      prepare: (m) => {
        tableOverrideReading("env_var('ODS_MODE')")(m);
        postHook(STG_CUSTOMERS, "grant select on {{ this }} to {{ var('reporting_role') }}")(m);
      },
      loadInputs: {
        built: seen({ ODS_MODE: secretish }, { reporting_role: "role-0815" }),
        planned: seen({ ODS_MODE: secretish }, { reporting_role: "role-0815" }),
      },
    });
    const json = JSON.stringify(out.snapshot);
    expect(json).not.toContain(secretish);
    expect(json).not.toContain("role-0815");
    expect(out.snapshot.value_key).toBe(TEST_VALUE_KEY);
    const components = out.snapshot.nodes[CUSTOMERS]!.fingerprint.components;
    expect(components["value:env_var(ODS_MODE)"]).toMatch(/^[0-9a-f]{64}$/);
    expect(out.snapshot.nodes[STG_CUSTOMERS]!.fingerprint.components["value:var(reporting_role)"]).toMatch(
      /^[0-9a-f]{64}$/,
    );
    // The same values: reused.
    expect(entryOf(out, CUSTOMERS).reasons[0]!.code).toBe("unchanged");
    expect(entryOf(out, STG_CUSTOMERS).reasons[0]!.code).toBe("unchanged");
  });

  it.skipIf(!sharedFixturesPresent)(
    "in a pull request's environment the target's schema read at run time is compared as the relation is: not at all",
    () => {
      const read = postHook(STG_CUSTOMERS, "grant usage on schema {{ target.schema }} to reporter");
      const prod = {
        ...seen({}),
        runTimeValues: {
          ...seen({}).runTimeValues,
          target: { name: "prod", adapter_type: "duckdb", schema: "main" },
        },
      };
      const pr = {
        ...seen({}),
        runTimeValues: {
          ...seen({}).runTimeValues,
          target: { name: "ci", adapter_type: "duckdb", schema: "pr_7" },
        },
      };
      const inPr = runScenario({
        fixture: FIXTURES.jaffle,
        prepare: read,
        loadInputs: { built: prod, planned: pr },
        planExtra: { pointers: true },
      });
      expect(entryOf(inPr, STG_CUSTOMERS).action).toBe("REUSE");
      const inProd = runScenario({
        fixture: FIXTURES.jaffle,
        prepare: read,
        loadInputs: { built: prod, planned: pr },
      });
      expect(entryOf(inProd, STG_CUSTOMERS).reasons[0]!.code).toBe("run_time_value_changed");
    },
  );
});
