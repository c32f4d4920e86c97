/**
 * Issue 18 (classes 1, 2, 3, 7): the `macros` component covers the macros
 * dbt runs at run time (overrides, the materialization and strategy it
 * picks, dispatch candidates, dbt's and the adapter's macros), and the
 * `project_hooks` component the on-run-start hooks. Each case loads a real
 * manifest, changes it in memory as a project (or an adapter release)
 * would, and asserts exactly which nodes' component moves.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type LoadedProject, loadProject } from "../../src/dbt/load-project.js";
import { sharedFixture, sharedFixturesPresent } from "../support/shared-fixtures.js";

type Doc = {
  metadata: { project_name: string; adapter_type: string };
  nodes: Record<string, Record<string, unknown> & { config: Record<string, unknown> }>;
  macros: Record<string, Record<string, unknown> & { macro_sql: string }>;
};

const texts = new Map<string, string>();
function fixtureDoc(fixture: string): Doc {
  let text = texts.get(fixture);
  if (text === undefined) {
    text = readFileSync(sharedFixture(fixture, "manifest.json"), "utf8");
    texts.set(fixture, text);
  }
  return JSON.parse(text) as Doc;
}

const baselines = new Map<string, LoadedProject>();
function baseline(fixture: string): LoadedProject {
  let project = baselines.get(fixture);
  if (project === undefined) {
    project = loadProject(JSON.stringify(fixtureDoc(fixture)), "manifest.json");
    baselines.set(fixture, project);
  }
  return project;
}

function load(doc: Doc): LoadedProject {
  return loadProject(JSON.stringify(doc), "manifest.json");
}

/** Adds (or replaces) a macro `macro.<pkg>.<name>`, shaped like the manifest's own entries. */
function putMacro(doc: Doc, pkg: string, name: string, sql: string, dependsOn: string[] = []): string {
  const id = `macro.${pkg}.${name}`;
  const template = Object.values(doc.macros)[0]!;
  doc.macros[id] = {
    ...template,
    unique_id: id,
    name,
    package_name: pkg,
    path: `macros/${name}.sql`,
    original_file_path: `macros/${name}.sql`,
    macro_sql: sql,
    depends_on: { macros: dependsOn },
  };
  return id;
}

function editMacro(doc: Doc, id: string): void {
  const macro = doc.macros[id];
  if (!macro) throw new Error(`${id} is not in the fixture`);
  macro.macro_sql = `${macro.macro_sql}\n{# changed by a release #}`;
}

const root = (doc: Doc) => doc.metadata.project_name;
const adapter = (doc: Doc) => doc.metadata.adapter_type;

/** How a node is built: `view`, `table`, `incremental:merge`, `snapshot`, `seed`. */
function kindOf(project: LoadedProject, id: string): string {
  const node = project.graph.nodes.get(id)!.node;
  const materialized = node.materialized ?? "view";
  if (materialized !== "incremental") return materialized;
  const strategy = node.config?.incremental_strategy;
  return typeof strategy === "string" ? `incremental:${strategy}` : "incremental";
}

/** Nodes whose `component` differs between the baseline and `after`. */
function moved(before: LoadedProject, after: LoadedProject, component: string): string[] {
  const ids: string[] = [];
  for (const [id, fp] of after.fingerprints) {
    if (
      before.fingerprints.get(id)!.fingerprint.components[component] !== fp.fingerprint.components[component]
    )
      ids.push(id);
  }
  return ids.sort();
}

function nodesOfKind(project: LoadedProject, kinds: readonly string[]): string[] {
  return [...project.fingerprints.keys()].filter((id) => kinds.includes(kindOf(project, id))).sort();
}

interface Case {
  fixture: string;
  change: string;
  mutate: (doc: Doc) => void;
  /** The kinds of node whose `macros` component must move; every other node's must not. */
  kinds: readonly string[];
}

const DUCKDB = "dbt-bouncer-duckdb-1.12-docs";
const JAFFLE_DUCKDB = "jaffle-shop-duckdb-1.12";
const POSTGRES = "across-analytics-postgres-1.10-large";
const SNOWFLAKE = "analytics-snowflake-python-1.9";
const SNOWFLAKE_SNAPSHOT = "planetkart-snowflake-1.10";
const BIGQUERY = "global-trade-bq-1.11-large";
const BIGQUERY_ELEMENTARY = "jaffle-shop-elementary-bq-1.9";
const BIGQUERY_CHECK = "salary-survey-bq-1.9";

const TABLE_LIKE = ["table", "incremental", "incremental:merge", "incremental:delete+insert", "snapshot"];
const INCREMENTAL_SNOWFLAKE_SQL_MODELS = ["incremental:merge", "incremental:delete+insert"];

const overrideCases: Case[] = [
  // Class 1: a root macro named like one of dbt's replaces it at run time.
  ...[JAFFLE_DUCKDB, DUCKDB, POSTGRES, SNOWFLAKE, BIGQUERY, BIGQUERY_CHECK].map((fixture) => ({
    fixture,
    change: "the root project overrides create_view_as",
    mutate: (doc: Doc) => {
      putMacro(
        doc,
        root(doc),
        "create_view_as",
        "{% macro create_view_as(r, sql) %}create view {{ r }} as {{ sql }}{% endmacro %}",
      );
    },
    kinds: ["view"],
  })),
  ...[JAFFLE_DUCKDB, DUCKDB, POSTGRES, SNOWFLAKE_SNAPSHOT, BIGQUERY].map((fixture) => ({
    fixture,
    change: "the root project overrides create_table_as",
    mutate: (doc: Doc) => {
      putMacro(
        doc,
        root(doc),
        "create_table_as",
        "{% macro create_table_as(t, r, sql) %}create table {{ r }} as {{ sql }}{% endmacro %}",
      );
    },
    kinds: TABLE_LIKE,
  })),
  // Class 2: dispatch finds `<adapter>__name` by name, in the root project first.
  ...[JAFFLE_DUCKDB, POSTGRES, SNOWFLAKE, BIGQUERY].map((fixture) => ({
    fixture,
    change: "the root project adds <adapter>__create_view_as",
    mutate: (doc: Doc) => {
      const name = `${adapter(doc)}__create_view_as`;
      putMacro(
        doc,
        root(doc),
        name,
        `{% macro ${name}(r, sql) %}create view {{ r }} as {{ sql }}{% endmacro %}`,
      );
    },
    kinds: ["view"],
  })),
  // Class 2: strategies found by name.
  ...[SNOWFLAKE, DUCKDB].map((fixture) => ({
    fixture,
    change: "the root project overrides get_incremental_delete_insert_sql",
    mutate: (doc: Doc) => {
      putMacro(
        doc,
        root(doc),
        "get_incremental_delete_insert_sql",
        "{% macro get_incremental_delete_insert_sql(a) %}delete{% endmacro %}",
      );
    },
    kinds: ["incremental:delete+insert"],
  })),
  {
    fixture: SNOWFLAKE,
    change: "dbt's get_incremental_merge_sql changes",
    mutate: (doc: Doc) => editMacro(doc, "macro.dbt.get_incremental_merge_sql"),
    kinds: ["incremental:merge"],
  },
  ...[DUCKDB, SNOWFLAKE_SNAPSHOT].map((fixture) => ({
    fixture,
    change: "the root project overrides snapshot_timestamp_strategy",
    mutate: (doc: Doc) => {
      putMacro(
        doc,
        root(doc),
        "snapshot_timestamp_strategy",
        "{% macro snapshot_timestamp_strategy(n, s, t, c, m) %}{% endmacro %}",
      );
    },
    kinds: ["snapshot"],
  })),
  {
    fixture: BIGQUERY_CHECK,
    change: "the root project overrides snapshot_check_strategy",
    mutate: (doc: Doc) => {
      putMacro(
        doc,
        root(doc),
        "snapshot_check_strategy",
        "{% macro snapshot_check_strategy(n, s, t, c, m) %}{% endmacro %}",
      );
    },
    kinds: ["snapshot"],
  },
  // Class 3: an adapter release changes one of its macros.
  ...(
    [
      [JAFFLE_DUCKDB, "macro.dbt_duckdb.duckdb__create_table_as", ["table"]],
      [POSTGRES, "macro.dbt_postgres.postgres__create_table_as", ["table"]],
      [
        SNOWFLAKE,
        "macro.dbt_snowflake.snowflake__create_table_as",
        [...INCREMENTAL_SNOWFLAKE_SQL_MODELS, "table"],
      ],
      [BIGQUERY, "macro.dbt_bigquery.bigquery__create_table_as", ["table"]],
      [POSTGRES, "macro.dbt.get_create_view_as_sql", ["view"]],
      [BIGQUERY, "macro.dbt.get_create_view_as_sql", ["view"]],
      [DUCKDB, "macro.dbt.create_csv_table", ["seed"]],
      [BIGQUERY_CHECK, "macro.dbt.snapshot_check_strategy", ["snapshot"]],
    ] as const
  ).map(([fixture, id, kinds]) => ({
    fixture,
    change: `a release changes ${id}`,
    mutate: (doc: Doc) => editMacro(doc, id),
    kinds,
  })),
  // Class 2: the materialization dbt picks, and only it.
  ...(
    [
      [JAFFLE_DUCKDB, "macro.dbt.materialization_view_default", ["view"]],
      [POSTGRES, "macro.dbt.materialization_table_default", ["table"]],
      [SNOWFLAKE, "macro.dbt_snowflake.materialization_view_snowflake", ["view"]],
      [BIGQUERY, "macro.dbt_bigquery.materialization_table_bigquery", ["table"]],
    ] as const
  ).map(([fixture, id, kinds]) => ({
    fixture,
    change: `a release changes the materialization ${id}`,
    mutate: (doc: Doc) => editMacro(doc, id),
    kinds,
  })),
];

describe.skipIf(!sharedFixturesPresent)("the macros component follows what dbt runs", () => {
  it.each(overrideCases)(
    "$fixture: $change moves exactly the macros of $kinds",
    ({ fixture, mutate, kinds }) => {
      const before = baseline(fixture);
      const doc = fixtureDoc(fixture);
      mutate(doc);
      const after = load(doc);
      const expected = nodesOfKind(before, kinds);
      expect(expected.length).toBeGreaterThan(0);
      expect(moved(before, after, "macros")).toEqual(expected);
    },
  );

  it.each([
    [JAFFLE_DUCKDB, "duckdb"],
    [SNOWFLAKE_SNAPSHOT, "snowflake"],
    [BIGQUERY, "bigquery"],
  ])("%s: a root materialization_table_default loses to dbt-%s's own table materialization", (fixture) => {
    const before = baseline(fixture);
    const doc = fixtureDoc(fixture);
    putMacro(
      doc,
      root(doc),
      "materialization_table_default",
      "{% materialization table, default %}{% endmaterialization %}",
    );
    const after = load(doc);
    expect(moved(before, after, "macros")).toEqual([]);
    for (const id of nodesOfKind(before, ["table"]))
      expect(after.fingerprints.get(id)!.runTimeMacros.materialization).toBe(
        before.fingerprints.get(id)!.runTimeMacros.materialization,
      );
  });

  it("postgres: a root materialization_table_default replaces dbt's and moves exactly the table nodes", () => {
    const before = baseline(POSTGRES);
    const doc = fixtureDoc(POSTGRES);
    const id = putMacro(
      doc,
      root(doc),
      "materialization_table_default",
      "{% materialization table, default %}{% endmaterialization %}",
    );
    const after = load(doc);
    const tables = nodesOfKind(before, ["table"]);
    expect(moved(before, after, "macros")).toEqual(tables);
    for (const table of tables) expect(after.fingerprints.get(table)!.runTimeMacros.materialization).toBe(id);
  });

  it("bigquery: a package's override of a builtin materialization is hashed beside dbt's (the opt-out flag is not in the manifest)", () => {
    const before = baseline(BIGQUERY_ELEMENTARY);
    const tables = nodesOfKind(before, ["table"]);
    const fp = before.fingerprints.get(tables[0]!)!;
    expect(fp.runTimeMacros.materialization).toBe("macro.dbt_bigquery.materialization_table_bigquery");
    expect(fp.runTimeMacros.materializationAlternative).toBe(
      "macro.elementary.materialization_table_bigquery",
    );
    const doc = fixtureDoc(BIGQUERY_ELEMENTARY);
    editMacro(doc, "macro.dbt_bigquery.materialization_table_bigquery");
    expect(moved(before, load(doc), "macros")).toEqual(tables);
    // dbt 1.7: the flag defaults to false, so the package's override runs (dbt's is still hashed).
    const older = baseline("jaffle-shop-elementary-bq-1.7-v11");
    const olderTable = older.fingerprints.get(nodesOfKind(older, ["table"])[0]!)!;
    expect(olderTable.runTimeMacros.materialization).toBe("macro.elementary.materialization_table_bigquery");
    expect(olderTable.runTimeMacros.materializationAlternative).toBe(
      "macro.dbt_bigquery.materialization_table_bigquery",
    );
  });

  it("redshift inherits postgres: dbt-postgres's macros are the engine's and dispatch candidates", () => {
    const relabel = (doc: Doc) => {
      doc.metadata.adapter_type = "redshift";
      putMacro(
        doc,
        "dbt_redshift",
        "redshift__create_table_as",
        "{% macro redshift__create_table_as(t, r, sql) %}x{% endmacro %}",
      );
    };
    const baseDoc = fixtureDoc(POSTGRES);
    relabel(baseDoc);
    const before = load(baseDoc);
    const doc = fixtureDoc(POSTGRES);
    relabel(doc);
    editMacro(doc, "macro.dbt_postgres.postgres__create_table_as");
    const tables = nodesOfKind(before, ["table"]);
    expect(moved(before, load(doc), "macros")).toEqual(tables);
    const closure = before.fingerprints.get(tables[0]!)!.runTimeMacros;
    expect(closure.macros).toContain("macro.dbt_redshift.redshift__create_table_as");
    expect(closure.user).not.toContain("macro.dbt_postgres.postgres__create_table_as");
  });

  it("removing a root override moves the nodes back to dbt's macro", () => {
    const base = fixtureDoc(JAFFLE_DUCKDB);
    const withOverride = fixtureDoc(JAFFLE_DUCKDB);
    putMacro(
      withOverride,
      root(withOverride),
      "create_view_as",
      "{% macro create_view_as(r, sql) %}x{% endmacro %}",
    );
    const overridden = load(withOverride);
    const views = nodesOfKind(overridden, ["view"]);
    expect(moved(overridden, load(base), "macros")).toEqual(views);
    const override = overridden.fingerprints.get(views[0]!)!.runTimeMacros.overrides;
    expect(override).toContainEqual({
      name: "create_view_as",
      replaces: "macro.dbt.create_view_as",
      by: "macro.jaffle_shop.create_view_as",
    });
  });

  it("is deterministic whatever order the manifest lists macros in, and whichever command wrote it", () => {
    const before = baseline(DUCKDB);
    const doc = fixtureDoc(DUCKDB);
    doc.macros = Object.fromEntries(Object.entries(doc.macros).reverse());
    const after = load(doc);
    expect(moved(before, after, "macros")).toEqual([]);
    // The same project written by `dbt build` (history/01) and by `dbt docs
    // generate` (history/02, no macro or node edit between them): same closures.
    const history = (commit: string) =>
      loadProject(
        readFileSync(
          sharedFixture("dbt-bouncer-duckdb-1.11-build", "history", commit, "manifest.json"),
          "utf8",
        ),
        commit,
      );
    const built = history("01-03238b7");
    const documented = history("02-a209433");
    for (const [id, fp] of built.fingerprints) {
      expect(documented.fingerprints.get(id)!.fingerprint.components.macros).toBe(
        fp.fingerprint.components.macros,
      );
      expect(documented.fingerprints.get(id)!.runTimeMacros.macros).toEqual(fp.runTimeMacros.macros);
    }
    // Engine macros are in the closure (an adapter release is seen).
    const table = nodesOfKind(before, ["table"])[0]!;
    expect(after.fingerprints.get(table)!.runTimeMacros.macros).toContain(
      "macro.dbt_duckdb.materialization_table_duckdb",
    );
  });
});

describe.skipIf(!sharedFixturesPresent)("on-run-start hooks are in every node's fingerprint", () => {
  function operation(doc: Doc, id: string, sql: string, macros: string[] = []): void {
    doc.nodes[id] = {
      unique_id: id,
      resource_type: "operation",
      package_name: root(doc),
      name: id.split(".").pop(),
      raw_code: sql,
      compiled_code: sql,
      depends_on: { macros, nodes: [] },
      config: {},
    };
  }

  it("a first on-run-start hook adds project_hooks to every node", () => {
    const before = baseline(JAFFLE_DUCKDB);
    const doc = fixtureDoc(JAFFLE_DUCKDB);
    operation(
      doc,
      "operation.jaffle_shop.jaffle_shop-on-run-start-0",
      "create or replace macro twice(x) as x * 2",
    );
    const after = load(doc);
    for (const [id, fp] of after.fingerprints) {
      expect(before.fingerprints.get(id)!.fingerprint.components.project_hooks).toBeUndefined();
      expect(fp.fingerprint.components.project_hooks).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it.each([
    [
      DUCKDB,
      "its SQL changes",
      (doc: Doc) => {
        const hook = doc.nodes["operation.dbt_bouncer_test_project.dbt_bouncer_test_project-on-run-start-0"]!;
        hook.raw_code = `${hook.raw_code}-- changed`;
      },
    ],
    [
      BIGQUERY_ELEMENTARY,
      "a macro it calls changes",
      (doc: Doc) => editMacro(doc, "macro.elementary.on_run_start"),
    ],
    [
      BIGQUERY_ELEMENTARY,
      "the root project overrides a dbt macro it reaches",
      (doc: Doc) => {
        putMacro(doc, root(doc), "create_schema", "{% macro create_schema(relation) %}{% endmacro %}");
      },
    ],
  ] as const)(
    "%s: when an on-run-start hook's %s, every node's project_hooks moves",
    (fixture, _what, mutate) => {
      const before = baseline(fixture);
      const doc = fixtureDoc(fixture);
      mutate(doc);
      const after = load(doc);
      expect(moved(before, after, "project_hooks")).toEqual([...before.fingerprints.keys()].sort());
    },
  );

  it("an on-run-end hook runs after the nodes: changing it moves nothing", () => {
    const before = baseline(BIGQUERY_ELEMENTARY);
    const doc = fixtureDoc(BIGQUERY_ELEMENTARY);
    doc.nodes["operation.elementary.elementary-on-run-end-0"]!.raw_code =
      "{{ elementary.on_run_end() }} -- changed";
    const after = load(doc);
    for (const [id, fp] of after.fingerprints)
      expect(fp.fingerprint.digest).toBe(before.fingerprints.get(id)!.fingerprint.digest);
    // ... and the on-run-start hook is there.
    expect(before.fingerprints.values().next().value!.fingerprint.components.project_hooks).toBeDefined();
  });
});

describe.skipIf(!sharedFixturesPresent)("environment reads of nodes with hooks", () => {
  it("ignores generate_schema_name (it only names the relation) and keeps the macros the build runs", () => {
    const doc = fixtureDoc(JAFFLE_DUCKDB);
    doc.macros["macro.jaffle_shop.generate_schema_name"]!.macro_sql =
      "{% macro generate_schema_name(custom, node) %}{{ target.schema }}_{{ custom }}{% endmacro %}";
    const node = Object.values(doc.nodes).find((n) => n.name === "stg_customers")!;
    node.config["pre-hook"] = [{ sql: "select 1", transaction: true, index: null }];
    const project = load(doc);
    const fp = project.fingerprints.get(node.unique_id as string)!;
    expect(fp.environmentReads).toEqual([]);
    expect(fp.runTimeReads.static).toEqual([]);

    // A macro the model calls while compiling: its target read is in the compiled SQL (issue 36: no
    // longer built every run); a query it runs still depends on the run.
    const helper = putMacro(
      doc,
      "jaffle_shop",
      "which_env",
      "{% macro which_env() %}{{ target.name }}{% endmacro %}",
    );
    (node.depends_on as { macros: string[] }).macros.push(helper);
    const withHelper = load(doc).fingerprints.get(node.unique_id as string)!;
    expect(withHelper.environmentReads).toEqual([]);
    expect(withHelper.runTimeReads.static).toEqual([]);
    doc.macros[helper]!.macro_sql =
      "{% macro which_env() %}{{ run_query('select 1').columns[0][0] }}{% endmacro %}";
    const querying = load(doc).fingerprints.get(node.unique_id as string)!;
    expect(querying.environmentReads).toEqual([{ where: `macro ${helper}`, names: ["run_query"] }]);
  });
});
