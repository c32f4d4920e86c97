/**
 * Issue 36, the project-files surface: realistic changes to dbt_project.yml
 * on the real fixtures, one per row of the inventory classified inert or
 * fingerprinted here (src/dbt/inventory/project-rows.ts), and one key
 * fingerprinted through the manifest, shown by the manifest edit dbt writes.
 *
 * The edge's parsed file is handed to the recorded build and to the plan
 * (`Scenario.loadInputs`): the recorded build saw BASE, the plan sees BASE
 * with the change. What each change must do is written from dbt's source
 * (cited per row), not from the product:
 * - `dispatch` (core/dbt/context/providers.py `BaseDatabaseWrapper.
 *   _get_search_packages`): builds the nodes whose run-time macros call
 *   `adapter.dispatch` in the namespace it names, read here from the
 *   manifest's own macro sources;
 * - behaviour flags: build the nodes the flag's consumer reaches;
 * - inert keys and flags: nothing is built;
 * - an unknown key or flag: every node is built (`unclassified_input_changed`).
 */
import { describe, expect } from "vitest";
import {
  PROJECT_FLAGS,
  PROJECT_KEYS,
  type ProjectKey,
  projectFlagPath,
  projectKeyPath,
} from "../../../src/dbt/inventory/project-rows.js";
import { parseProjectFile } from "../../../src/dbt/project-file.js";
import { each, type Row, rows } from "./cases.js";
import { addMacro, FIXTURES, type Json, type Oracle, type Outcome } from "./harness.js";

const CC = "BUILD code_changed";
const UNCLASSIFIED = "BUILD unclassified_input_changed";

/** dbt-labs/jaffle-shop's dbt_project.yml (its shape: paths, clean-targets, vars, folder configs). */
const JAFFLE = `config-version: 2
name: "jaffle_shop"
version: "3.0.0"
require-dbt-version: ">=1.5.0"
dbt-cloud:
  project-id: 275557
profile: default
model-paths: ["models"]
analysis-paths: ["analyses"]
test-paths: ["data-tests"]
seed-paths: ["seeds"]
macro-paths: ["macros"]
snapshot-paths: ["snapshots"]
target-path: "target"
clean-targets:
  - "target"
  - "dbt_packages"
vars:
  "dbt_date:time_zone": "America/Los_Angeles"
seeds:
  jaffle_shop:
    +schema: raw
models:
  jaffle_shop:
    staging:
      +materialized: view
    marts:
      +materialized: table
`;

const BOUNCER = `name: dbt_bouncer_test_project
version: "1.0.0"
config-version: 2
profile: dbt_bouncer_test_project
on-run-start:
  - "{{ log('starting', info=true) }}"
flags:
  send_anonymous_usage_stats: false
models:
  dbt_bouncer_test_project:
    +materialized: table
`;

const PLANETKART = `name: planetkart_analytics
version: "1.0.0"
config-version: 2
profile: planetkart
models:
  planetkart_analytics:
    +materialized: view
`;

/** jaffle-shop's two seeds over 1 MiB with their CSVs in the checkout (so they are compared by content). */
const JAFFLE_CSVS = new Map([
  ["seed.jaffle_shop.raw_items", { path: "seeds/jaffle-data/raw_items.csv", sha256: "1".repeat(64) }],
  ["seed.jaffle_shop.raw_orders", { path: "seeds/jaffle-data/raw_orders.csv", sha256: "2".repeat(64) }],
]);

const BASES: Record<string, string> = {
  [FIXTURES.jaffle]: JAFFLE,
  [FIXTURES.bouncer12]: BOUNCER,
  [FIXTURES.planetkart]: PLANETKART,
};

/** `text` with `lines` appended at the top level (a key added, or one written again: the last wins, as PyYAML). */
function plus(text: string, lines: string): string {
  return `${text}${lines.endsWith("\n") ? lines : `${lines}\n`}`;
}

function inputs(fixture: string, text: string) {
  return {
    projectFile: parseProjectFile(text),
    ...(fixture === FIXTURES.jaffle ? { seedFiles: JAFFLE_CSVS } : {}),
  };
}

/** A scenario whose only change is dbt_project.yml: BASE when built, `changed` now. */
function fileChange(fixture: string, changed: string, base = BASES[fixture]!) {
  return {
    fixture,
    loadInputs: { built: inputs(fixture, base), planned: inputs(fixture, changed) },
  };
}

// ---------------------------------------------------------------- what dbt's source says

/** The macro sources of the manifest by name (every package). */
function sourcesNamed(o: Oracle, name: string): string[] {
  return Object.values(o.m.macros as Record<string, Json>)
    .filter((x) => x.name === name)
    .map((x) => x.macro_sql as string);
}

/** Planned nodes whose run-time macros call `adapter.dispatch(…, '<namespace>')` (or the on-run-start hooks' do). */
function dispatchingIn(o: Oracle, namespace: string): string[] {
  const call = new RegExp(`adapter\\.dispatch\\([^)]*,\\s*(?:macro_namespace\\s*=\\s*)?['"]${namespace}['"]`);
  const hookNames = new Set<string>();
  for (const n of Object.values(o.m.nodes as Record<string, Json>)) {
    if (n.resource_type !== "operation") continue;
    const stack = [...(n.depends_on?.macros ?? [])];
    while (stack.length > 0) {
      const m = o.m.macros[stack.pop()!];
      if (!m || hookNames.has(m.name)) continue;
      hookNames.add(m.name);
      stack.push(...(m.depends_on?.macros ?? []));
    }
  }
  const hooksDispatch = [...hookNames].some((name) => sourcesNamed(o, name).some((sql) => call.test(sql)));
  if (hooksDispatch) return o.planned;
  return o.planned.filter((id) =>
    [...o.runtimeMacroNames(id)].some((name) => sourcesNamed(o, name).some((sql) => call.test(sql))),
  );
}

/** Decisions that come before a node's own code change (the harness keeps them): their reasons name no component. */
const BEFORE_CODE = new Set([
  "no_state",
  "target_changed",
  "never_built",
  "code_incomplete",
  "scheme_changed",
]);

/** `ids` built for `code`; each one whose baseline decision doesn't come first names `component`. */
function built(ids: string[], code: string, component?: string) {
  return (_o: Oracle, out: Outcome) => {
    if (ids.length === 0) throw new Error("the change reaches no node: the row proves nothing");
    const baseline = new Map(out.baseline.entries.map((e) => [e.unique_id, e.reasons[0]!.code]));
    const named = ids.filter((id) => !BEFORE_CODE.has(baseline.get(id) ?? "never_built"));
    return {
      effects: each(ids, code),
      ...(component ? { components: Object.fromEntries(named.map((id) => [id, [component]])) } : {}),
    };
  };
}

// ---------------------------------------------------------------- fingerprinted here

const DISPATCH = `input:${projectKeyPath("dispatch")}`;
const flagComponent = (flag: string) => `input:${projectFlagPath(flag)}`;

const fingerprintedHere: Row[] = [
  {
    name: "dispatch: the root project first for dbt_utils builds the nodes that dispatch in dbt_utils at run time",
    scenario: fileChange(
      FIXTURES.jaffle,
      plus(
        JAFFLE,
        "dispatch:\n  - macro_namespace: dbt_utils\n    search_order: ['jaffle_shop', 'dbt_utils']",
      ),
    ),
    expect: (o, out) => built(dispatchingIn(o, "dbt_utils"), CC, DISPATCH)(o, out),
    also: (out) => {
      // Not every node: only those whose macros dispatch in dbt_utils.
      const reached = dispatchingIn(out.changed, "dbt_utils");
      expect(reached.length).toBeLessThan(out.changed.planned.length);
    },
    waits: "",
  },
  {
    name: "dispatch: a search order for dbt's own namespace builds every node (materializations dispatch in dbt)",
    scenario: fileChange(
      FIXTURES.jaffle,
      plus(JAFFLE, "dispatch:\n  - macro_namespace: dbt\n    search_order: ['jaffle_shop', 'dbt']"),
    ),
    expect: (o, out) => built(dispatchingIn(o, "dbt"), CC, DISPATCH)(o, out),
    also: (out) => expect(dispatchingIn(out.changed, "dbt")).toEqual(out.changed.planned),
    waits: "",
  },
  {
    name: "dispatch: on a project with an on-run-start hook, the order of a namespace only the models use",
    scenario: fileChange(
      FIXTURES.bouncer12,
      plus(
        BOUNCER,
        "dispatch:\n  - macro_namespace: dbt_date\n    search_order: ['dbt_bouncer_test_project', 'dbt_date']",
      ),
    ),
    expect: (o) => ({
      effects: each(dispatchingIn(o, "dbt_date"), CC),
    }),
    waits: "",
  },
  {
    name: "dispatch: an entry for a namespace no macro dispatches in builds nothing",
    scenario: fileChange(
      FIXTURES.jaffle,
      plus(JAFFLE, "dispatch:\n  - macro_namespace: not_installed\n    search_order: ['jaffle_shop']"),
    ),
    expect: (o) => {
      expect(dispatchingIn(o, "not_installed")).toEqual([]);
      return {};
    },
    waits: "",
  },
  {
    name: "flags: require_explicit_package_overrides_for_builtin_materializations off, with a package's table materialization: the table models are built",
    scenario: {
      ...fileChange(
        FIXTURES.jaffle,
        plus(JAFFLE, "flags:\n  require_explicit_package_overrides_for_builtin_materializations: false"),
      ),
      // An installed package ships `materialization table` for the adapter (as dbt writes a package macro):
      // it beats dbt-duckdb's only when the flag is off (MacroMethods.find_materialization_macro_by_name).
      prepare: (m: Json) => {
        addMacro(
          m,
          "materialization_table_duckdb",
          "{% materialization table, adapter='duckdb' %}{% endmaterialization %}",
          "dbt_utils",
        );
      },
    },
    expect: (o, out) =>
      built(
        o.where((n) => n.config?.materialized === "table"),
        CC,
        flagComponent("require_explicit_package_overrides_for_builtin_materializations"),
      )(o, out),
    waits: "",
  },
  {
    name: "flags: require_explicit_package_overrides… changed without a package override builds nothing",
    scenario: fileChange(
      FIXTURES.jaffle,
      plus(JAFFLE, "flags:\n  require_explicit_package_overrides_for_builtin_materializations: false"),
    ),
    expect: () => ({}),
    waits: "",
  },
  {
    name: "flags: require_batched_execution_for_custom_microbatch_strategy builds the microbatch model",
    scenario: {
      ...fileChange(
        FIXTURES.jaffle,
        plus(JAFFLE, "flags:\n  require_batched_execution_for_custom_microbatch_strategy: false"),
      ),
      prepare: (m: Json, o: Oracle) => {
        const n = m.nodes[o.id("orders")];
        n.config.materialized = "incremental";
        n.config.incremental_strategy = "microbatch";
        n.config.event_time = "ordered_at";
        n.config.begin = "2020-01-01";
        n.config.batch_size = "day";
      },
    },
    expect: (o, out) =>
      built(
        [o.id("orders")],
        CC,
        flagComponent("require_batched_execution_for_custom_microbatch_strategy"),
      )(o, out),
    waits: "",
  },
  {
    name: "flags: source_freshness_run_project_hooks on a project with an on-run-start hook builds every node",
    scenario: fileChange(
      FIXTURES.bouncer12,
      plus(BOUNCER, "  source_freshness_run_project_hooks: false").replace(
        "flags:\n  send_anonymous_usage_stats: false\n",
        "flags:\n  send_anonymous_usage_stats: false\n  source_freshness_run_project_hooks: false\n",
      ),
    ),
    expect: (o, out) => built(o.planned, CC, flagComponent("source_freshness_run_project_hooks"))(o, out),
    waits: "",
  },
  {
    name: "flags: source_freshness_run_project_hooks on a project without hooks builds nothing",
    scenario: fileChange(
      FIXTURES.jaffle,
      plus(JAFFLE, "flags:\n  source_freshness_run_project_hooks: false"),
    ),
    expect: () => ({}),
    waits: "",
  },
  {
    name: "flags: latest_version_pointer_enabled_by_default on builds the latest versions (the pointer view appears)",
    scenario: fileChange(
      FIXTURES.bouncer12,
      BOUNCER.replace("flags:\n", "flags:\n  latest_version_pointer_enabled_by_default: true\n"),
    ),
    expect: (o, out) =>
      built(
        o.where(
          (n) =>
            n.version != null &&
            String(n.version) === String(n.latest_version) &&
            n.config?.latest_version_pointer?.enabled == null &&
            n.config?.latest_version_pointer !== undefined,
        ),
        CC,
        "version",
      )(o, out),
    waits: "",
  },
  {
    name: "flags: enable_truthy_nulls_equals_macro (dbt-adapters' base behaviour flag) builds every node",
    scenario: fileChange(FIXTURES.jaffle, plus(JAFFLE, "flags:\n  enable_truthy_nulls_equals_macro: true")),
    expect: (o, out) => built(o.planned, CC, flagComponent("enable_truthy_nulls_equals_macro"))(o, out),
    waits: "",
  },
  {
    name: "flags: snowflake_default_transient_dynamic_tables on a Snowflake project builds every node",
    scenario: fileChange(
      FIXTURES.planetkart,
      plus(PLANETKART, "flags:\n  snowflake_default_transient_dynamic_tables: true"),
    ),
    expect: (o, out) =>
      built(o.planned, CC, flagComponent("snowflake_default_transient_dynamic_tables"))(o, out),
    waits: "",
  },
  ...(
    [
      ["snowflake_managed_iceberg_default", "snowflake"],
      ["bigquery_noop_alter_relation_comment", "bigquery"],
      ["bigquery_use_standard_sql_for_partitions", "bigquery"],
      ["postgres_skip_autocommit_transaction_statements", "postgres"],
      ["redshift_skip_autocommit_transaction_statements", "redshift"],
      ["redshift_grants_extended", "redshift"],
    ] as const
  ).map(
    ([flag, adapter]): Row => ({
      name: `flags: ${flag} is read by the ${adapter} adapter only: on DuckDB nothing is built`,
      scenario: fileChange(FIXTURES.jaffle, plus(JAFFLE, `flags:\n  ${flag}: true`)),
      expect: () => ({}),
      waits: "",
    }),
  ),
  {
    name: "flags: snowflake_managed_iceberg_default on a Snowflake project builds every node",
    scenario: fileChange(
      FIXTURES.planetkart,
      plus(PLANETKART, "flags:\n  snowflake_managed_iceberg_default: true"),
    ),
    expect: (o, out) => built(o.planned, CC, flagComponent("snowflake_managed_iceberg_default"))(o, out),
    waits: "",
  },
];

// ---------------------------------------------------------------- unknown and unlisted

const unknowns: Row[] = [
  {
    name: "a top-level key dbt-core doesn't define builds every node, naming it",
    scenario: fileChange(FIXTURES.jaffle, plus(JAFFLE, "semantic-layer:\n  enabled: true")),
    expect: (o) => ({
      effects: each(o.planned, UNCLASSIFIED),
      messages: Object.fromEntries(o.planned.map((id) => [id, /dbt_project\.yml › semantic-layer/])),
    }),
    waits: "",
  },
  {
    name: "an unknown key removed builds every node",
    scenario: fileChange(FIXTURES.jaffle, JAFFLE, plus(JAFFLE, "my-team-setting: 1")),
    expect: (o) => ({ effects: each(o.planned, UNCLASSIFIED) }),
    waits: "",
  },
  {
    name: "a flag no row lists (a third-party adapter's behaviour flag) builds every node",
    scenario: fileChange(FIXTURES.jaffle, plus(JAFFLE, "flags:\n  use_materialization_v2: true")),
    expect: (o) => ({
      effects: each(o.planned, UNCLASSIFIED),
      messages: Object.fromEntries(o.planned.map((id) => [id, /flags › use_materialization_v2/])),
    }),
    waits: "",
  },
  ...PROJECT_FLAGS.filter((f) => f.class === "unknown").map(
    (flag): Row => ({
      name: `flags: ${flag.key} (classified unknown) builds every node`,
      scenario: fileChange(FIXTURES.jaffle, plus(JAFFLE, `flags:\n  ${flag.key}: true`)),
      expect: (o) => ({ effects: each(o.planned, UNCLASSIFIED) }),
      waits: "",
    }),
  ),
];

// ---------------------------------------------------------------- inert

/** A realistic new value for an inert key or flag (a change from what BASE has, or an addition). */
const INERT_VALUES: Record<string, string> = {
  "config-version": "2",
  version: '"3.1.0"',
  "project-root": '"/somewhere/else"',
  "analysis-paths": '["analysis"]',
  "asset-paths": '["assets"]',
  "target-path": '"build"',
  "log-path": '"logs"',
  "clean-targets": '["target", "dbt_packages", "logs"]',
  profile: "jaffle_ci",
  "require-dbt-version": '[">=1.8.0", "<2.0.0"]',
  "query-comment": '\n  comment: "{{ invocation_id }}"\n  append: true',
  "restrict-access": "true",
  "dbt-cloud": "\n  project-id: 1\n  defer-env-id: 2",
  analyses: "\n  jaffle_shop:\n    +enabled: false",
  metrics: "\n  jaffle_shop:\n    +meta: {owner: data}",
  "semantic-models": "\n  jaffle_shop:\n    +enabled: true",
  "saved-queries": "\n  jaffle_shop:\n    +export_as: table",
  exposures: "\n  jaffle_shop:\n    +enabled: true",
};

function flagValue(flag: ProjectKey): string {
  if (flag.key === "indirect_selection") return "cautious";
  if (flag.key.startsWith("log_format")) return "json";
  if (flag.key.startsWith("log_level")) return "debug";
  if (flag.key === "printer_width") return "120";
  if (flag.key === "warn_error_options") return "{error: all, warn: [NoNodesForSelectionCriteria]}";
  return "false";
}

const inert: Row[] = [
  ...PROJECT_KEYS.filter((k) => k.class === "inert").map((key): Row => {
    const value = INERT_VALUES[key.key];
    if (value === undefined) throw new Error(`no change written for inert key ${key.key}`);
    return {
      name: `${key.key}: inert, nothing is built (${key.cite.split(";")[0]})`,
      scenario: fileChange(FIXTURES.jaffle, plus(JAFFLE, `${key.key}: ${value}`)),
      expect: () => ({}),
      waits: "",
    };
  }),
  ...PROJECT_FLAGS.filter((f) => f.class === "inert").map(
    (flag): Row => ({
      name: `flags: ${flag.key}: inert, nothing is built`,
      scenario: fileChange(FIXTURES.jaffle, plus(JAFFLE, `flags:\n  ${flag.key}: ${flagValue(flag)}`)),
      expect: () => ({}),
      waits: "",
    }),
  ),
  {
    name: "selectors.yml: a named selection changed (the manifest's selectors) builds nothing",
    scenario: {
      fixture: FIXTURES.jaffle,
      loadInputs: { built: inputs(FIXTURES.jaffle, JAFFLE), planned: inputs(FIXTURES.jaffle, JAFFLE) },
      change: (m: Json) => {
        m.selectors = { nightly: { name: "nightly", definition: { method: "tag", value: "nightly" } } };
      },
    },
    expect: () => ({}),
    waits: "",
  },
  {
    name: "the same file written in another YAML style (flow maps, quotes, comments, key order) builds nothing",
    scenario: fileChange(
      FIXTURES.jaffle,
      JAFFLE.replace('name: "jaffle_shop"', "name: jaffle_shop  # the project").replace(
        'clean-targets:\n  - "target"\n  - "dbt_packages"',
        "clean-targets: [target, dbt_packages]",
      ),
    ),
    expect: () => ({}),
    waits: "",
  },
];

// ---------------------------------------------------------------- through the manifest

const throughManifest: Row[] = [
  {
    name: "models: staging +materialized view -> table: dbt writes the staging models' config; they are built, their readers follow",
    scenario: {
      ...fileChange(FIXTURES.jaffle, JAFFLE.replace("+materialized: view", "+materialized: table")),
      change: (m: Json, o: Oracle) => {
        for (const id of o.where((n) => n.fqn?.includes("staging"))) {
          const n = m.nodes[id];
          n.config.materialized = "table";
          n.unrendered_config = { ...n.unrendered_config, materialized: "table" };
        }
      },
    },
    expect: (o) => ({
      effects: each(
        o.where((n) => n.fqn?.includes("staging")),
        CC,
      ),
      components: Object.fromEntries(
        o.where((n) => n.fqn?.includes("staging")).map((id) => [id, ["config"]]),
      ),
    }),
    waits: "",
  },
  {
    name: "models: the same config moved from the folder to the project level, with what dbt writes unchanged: nothing is built",
    scenario: fileChange(
      FIXTURES.jaffle,
      JAFFLE.replace(
        "models:\n  jaffle_shop:\n    staging:\n      +materialized: view\n    marts:\n      +materialized: table\n",
        "models:\n  jaffle_shop:\n    +materialized: view\n    marts:\n      +materialized: table\n",
      ),
    ),
    expect: () => ({}),
    waits: "",
  },
];

// ---------------------------------------------------------------- no project file

const noFile = (fixture: string, base: string | null) => ({
  fixture,
  loadInputs: {
    built: { ...(base === null ? { projectFile: null } : inputs(fixture, base)), seedFiles: JAFFLE_CSVS },
    planned: { projectFile: null, seedFiles: JAFFLE_CSVS },
  },
});

const notRead: Row[] = [
  {
    name: "no dbt_project.yml at plan time (nor when built): nothing is compared, and the plan says so",
    scenario: noFile(FIXTURES.jaffle, null),
    expect: () => ({}),
    also: (out) => expect(out.plan.warnings.map((w) => w.code)).toContain("no_project_file"),
    waits: "",
  },
  {
    name: "the build saw a dispatch order, the plan sees no dbt_project.yml: the nodes it reached are built",
    scenario: noFile(
      FIXTURES.jaffle,
      plus(
        JAFFLE,
        "dispatch:\n  - macro_namespace: dbt_utils\n    search_order: ['jaffle_shop', 'dbt_utils']",
      ),
    ),
    expect: (o, out) => built(dispatchingIn(o, "dbt_utils"), CC, DISPATCH)(o, out),
    also: (out) => expect(out.plan.warnings.map((w) => w.code)).toContain("no_project_file"),
    waits: "",
  },
];

describe("realistic changes: dbt_project.yml (issue 36, project files)", () => {
  rows("fingerprinted here", fingerprintedHere);
  rows("unknown", unknowns);
  rows("inert", inert);
  rows("through the manifest", throughManifest);
  rows("not read", notRead);
});
