import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadManifest } from "../../src/dbt/artifacts/manifest-stream.js";
import { buildGraph, macroClosure, type ProjectGraph } from "../../src/dbt/graph.js";
import { sharedFixture, sharedFixturesPresent } from "../support/shared-fixtures.js";
import { thrownUserError } from "../support/thrown-user-error.js";

/* ------------------------------------------------- hand-made manifests */

type Entry = Record<string, unknown>;

/** A model/seed/snapshot node; `deps` are its depends_on.nodes. */
function node(id: string, deps: string[] = [], extra: Entry = {}): Entry {
  const [type = "model", , name = id] = id.split(".");
  return {
    unique_id: id,
    resource_type: type,
    name,
    package_name: "p",
    path: `${name}.sql`,
    original_file_path: `models/${name}.sql`,
    fqn: ["p", name],
    database: "db",
    schema: "main",
    alias: name,
    relation_name: `"db"."main"."${name}"`,
    language: "sql",
    raw_code: "select 1",
    compiled_code: "select 1",
    checksum: { name: "sha256", checksum: "00" },
    config: { materialized: type === "model" ? "table" : type },
    depends_on: { nodes: deps, macros: [] },
    ...extra,
  };
}

function ephemeral(id: string, deps: string[] = []): Entry {
  return node(id, deps, { config: { materialized: "ephemeral" }, relation_name: null });
}

function dataTest(id: string, reads: string[], extra: Entry = {}): Entry {
  return {
    unique_id: id,
    resource_type: "test",
    name: id.split(".")[2],
    package_name: "p",
    depends_on: { nodes: reads, macros: ["macro.dbt.test_unique"] },
    test_metadata: { name: "unique", kwargs: { column_name: "id" } },
    ...extra,
  };
}

function source(id: string): Entry {
  const [, , sourceName = "raw", name = "t"] = id.split(".");
  return { unique_id: id, name, source_name: sourceName, package_name: "p", schema: "raw", identifier: name };
}

function macro(id: string, deps: string[] = []): Entry {
  return {
    unique_id: id,
    name: id.split(".")[2],
    package_name: id.split(".")[1],
    macro_sql: `{% macro ${id.split(".")[2]}() %}{% endmacro %}`,
    depends_on: { macros: deps },
  };
}

function byId(entries: Entry[]): Record<string, Entry> {
  return Object.fromEntries(entries.map((e) => [e.unique_id as string, e]));
}

function graphOf(parts: {
  nodes: Entry[];
  sources?: Entry[];
  macros?: Entry[];
  unitTests?: Entry[];
  functions?: Entry[];
}): ProjectGraph {
  const doc = {
    metadata: { dbt_schema_version: "https://schemas.getdbt.com/dbt/manifest/v12.json", project_name: "p" },
    nodes: byId(parts.nodes),
    sources: byId(parts.sources ?? []),
    macros: byId(parts.macros ?? []),
    unit_tests: byId(parts.unitTests ?? []),
    ...(parts.functions ? { functions: byId(parts.functions) } : {}),
  };
  return buildGraph(loadManifest(JSON.stringify(doc), "target/manifest.json"));
}

/** What the planner sees of a node. */
function inputs(g: ProjectGraph, id: string) {
  const n = g.nodes.get(id);
  if (n === undefined) throw new Error(`${id} is not planned`);
  return {
    parents: n.parents,
    sources: n.sources,
    unknownParents: n.unknownParents,
    ephemerals: n.ephemerals,
  };
}

/* ----------------------------------------------------------------- tests */

describe("planned nodes and their parents", () => {
  const g = graphOf({
    nodes: [
      node("seed.p.raw_orders"),
      node("model.p.stg_orders", ["seed.p.raw_orders"]),
      node("model.p.stg_events", ["source.p.raw.events"]),
      node("model.p.orders", ["model.p.stg_orders", "model.p.stg_events", "source.p.raw.events"]),
      node("snapshot.p.orders_snap", ["model.p.stg_orders"], { config: { materialized: "snapshot" } }),
      node("model.p.py_model", ["model.p.orders"], {
        language: "python",
        compiled_code: "def model(dbt, s): ...",
      }),
      node("model.p.uses_missing", ["model.p.gone", "function.p.my_udf", "analysis.p.a1"]),
      {
        unique_id: "analysis.p.a1",
        resource_type: "analysis",
        name: "a1",
        package_name: "p",
        depends_on: { nodes: ["model.p.orders"] },
      },
      { unique_id: "operation.p.p-on-run-start-0", resource_type: "operation", name: "x", package_name: "p" },
    ],
    sources: [source("source.p.raw.events")],
    functions: [
      { unique_id: "function.p.my_udf", resource_type: "function", name: "my_udf", package_name: "p" },
    ],
  });

  it("plans models (SQL and Python), seeds and snapshots, not analyses or operations", () => {
    expect([...g.nodes.keys()]).toEqual([
      "model.p.orders",
      "model.p.py_model",
      "model.p.stg_events",
      "model.p.stg_orders",
      "model.p.uses_missing",
      "seed.p.raw_orders",
      "snapshot.p.orders_snap",
    ]);
  });

  it.each<[string, ReturnType<typeof inputs>]>([
    ["seed.p.raw_orders", { parents: [], sources: [], unknownParents: [], ephemerals: [] }],
    [
      "model.p.stg_orders",
      { parents: ["seed.p.raw_orders"], sources: [], unknownParents: [], ephemerals: [] },
    ],
    [
      "model.p.stg_events",
      { parents: [], sources: ["source.p.raw.events"], unknownParents: [], ephemerals: [] },
    ],
    [
      "model.p.orders",
      {
        parents: ["model.p.stg_events", "model.p.stg_orders"],
        sources: ["source.p.raw.events"],
        unknownParents: [],
        ephemerals: [],
      },
    ],
    [
      "snapshot.p.orders_snap",
      { parents: ["model.p.stg_orders"], sources: [], unknownParents: [], ephemerals: [] },
    ],
    ["model.p.py_model", { parents: ["model.p.orders"], sources: [], unknownParents: [], ephemerals: [] }],
    [
      "model.p.uses_missing",
      {
        parents: [],
        sources: [],
        unknownParents: [
          { id: "analysis.p.a1", resourceType: "analysis" },
          { id: "function.p.my_udf", resourceType: "function" },
          { id: "model.p.gone", resourceType: null },
        ],
        ephemerals: [],
      },
    ],
  ])("%s", (id, expected) => {
    expect(inputs(g, id)).toEqual(expected);
  });

  it.each<[string, string[]]>([
    ["seed.p.raw_orders", ["model.p.stg_orders"]],
    ["model.p.stg_orders", ["model.p.orders", "snapshot.p.orders_snap"]],
    ["model.p.orders", ["model.p.py_model"]],
    ["model.p.py_model", []],
  ])("children of %s", (id, children) => {
    expect(g.nodes.get(id)?.children).toEqual(children);
  });

  it("indexes the readers of each source", () => {
    expect(g.sources.get("source.p.raw.events")?.readers).toEqual(["model.p.orders", "model.p.stg_events"]);
  });

  it("orders by DAG depth, then id", () => {
    expect(g.order.map((id) => `${g.nodes.get(id)?.depth} ${id}`)).toEqual([
      "0 model.p.stg_events",
      "0 model.p.uses_missing",
      "0 seed.p.raw_orders",
      "1 model.p.stg_orders",
      "2 model.p.orders",
      "2 snapshot.p.orders_snap",
      "3 model.p.py_model",
    ]);
  });
});

describe("ephemeral models are not planned: their readers depend on their parents, transitively", () => {
  const g = graphOf({
    nodes: [
      node("seed.p.s"),
      ephemeral("model.p.eph_a", ["seed.p.s", "source.p.raw.t"]),
      ephemeral("model.p.eph_b", ["model.p.eph_a", "model.p.missing"]),
      ephemeral("model.p.eph_empty"),
      node("model.p.base", ["seed.p.s"]),
      node("model.p.reader", ["model.p.eph_b", "model.p.base"]),
      node("model.p.direct", ["model.p.eph_a"]),
      node("model.p.no_inputs", ["model.p.eph_empty"]),
      node("model.p.top", ["model.p.reader"]),
    ],
    sources: [source("source.p.raw.t")],
  });

  it("leaves ephemeral models out of the planned nodes and the order", () => {
    expect([...g.ephemerals.keys()]).toEqual(["model.p.eph_a", "model.p.eph_b", "model.p.eph_empty"]);
    expect(g.order.some((id) => id.includes("eph"))).toBe(false);
  });

  it.each<[string, ReturnType<typeof inputs>]>([
    [
      "model.p.reader",
      {
        parents: ["model.p.base", "seed.p.s"],
        sources: ["source.p.raw.t"],
        unknownParents: [{ id: "model.p.missing", resourceType: null }],
        ephemerals: ["model.p.eph_a", "model.p.eph_b"],
      },
    ],
    [
      "model.p.direct",
      {
        parents: ["seed.p.s"],
        sources: ["source.p.raw.t"],
        unknownParents: [],
        ephemerals: ["model.p.eph_a"],
      },
    ],
    // An ephemeral model that reads nothing gives its reader no inputs (rule 7 then builds it).
    [
      "model.p.no_inputs",
      { parents: [], sources: [], unknownParents: [], ephemerals: ["model.p.eph_empty"] },
    ],
    // Only direct reads: `top` reads `reader`, which is planned.
    ["model.p.top", { parents: ["model.p.reader"], sources: [], unknownParents: [], ephemerals: [] }],
  ])("%s", (id, expected) => {
    expect(inputs(g, id)).toEqual(expected);
  });

  it("children and depth skip the ephemeral models", () => {
    expect(g.nodes.get("seed.p.s")?.children).toEqual(["model.p.base", "model.p.direct", "model.p.reader"]);
    expect(g.nodes.get("model.p.reader")?.depth).toBe(2);
    expect(g.nodes.get("model.p.direct")?.depth).toBe(1);
    expect(g.sources.get("source.p.raw.t")?.readers).toEqual(["model.p.direct", "model.p.reader"]);
  });

  it("each ephemeral model knows its resolved inputs and its planned readers", () => {
    const b = g.ephemerals.get("model.p.eph_b");
    expect(b?.parents).toEqual(["seed.p.s"]);
    expect(b?.ephemerals).toEqual(["model.p.eph_a"]);
    expect(b?.readers).toEqual(["model.p.reader"]);
    expect(g.ephemerals.get("model.p.eph_a")?.readers).toEqual(["model.p.direct", "model.p.reader"]);
  });
});

describe("tests are checks attached to everything they read", () => {
  const g = graphOf({
    nodes: [
      node("model.p.customers"),
      node("model.p.orders", ["model.p.customers"]),
      ephemeral("model.p.eph", ["model.p.orders"]),
      node("model.p.reader", ["model.p.eph"]),
      dataTest("test.p.unique_orders_id.1", ["model.p.orders"]),
      dataTest("test.p.relationships_orders_customer_id.2", ["model.p.customers", "model.p.orders"], {
        test_metadata: { name: "relationships", kwargs: { to: "ref('customers')", field: "id" } },
        attached_node: "model.p.orders",
      }),
      dataTest("test.p.assert_positive", ["model.p.orders", "model.p.orders"], { test_metadata: null }),
      dataTest("test.p.source_not_null.3", ["source.p.raw.t"]),
      dataTest("test.p.not_null_eph_id.4", ["model.p.eph"]),
      dataTest("test.p.reads_nothing", []),
    ],
    sources: [source("source.p.raw.t")],
    unitTests: [
      {
        unique_id: "unit_test.p.orders.t1",
        name: "t1",
        package_name: "p",
        model: "orders",
        given: [{ input: "ref('customers')", rows: [{ id: 1 }] }],
        expect: { rows: [] },
        depends_on: { nodes: ["model.p.orders"], macros: [] },
      },
    ],
  });

  it.each<[string, string[]]>([
    [
      "model.p.orders",
      [
        "test.p.assert_positive",
        "test.p.relationships_orders_customer_id.2",
        "test.p.unique_orders_id.1",
        "unit_test.p.orders.t1",
      ],
    ],
    ["model.p.customers", ["test.p.relationships_orders_customer_id.2"]],
    ["model.p.reader", []],
  ])("checks of %s", (id, checks) => {
    expect(g.nodes.get(id)?.checks).toEqual(checks);
  });

  it("attaches source tests to the source and tests of an ephemeral model to the ephemeral model", () => {
    expect(g.sources.get("source.p.raw.t")?.checks).toEqual(["test.p.source_not_null.3"]);
    expect(g.ephemerals.get("model.p.eph")?.checks).toEqual(["test.p.not_null_eph_id.4"]);
  });

  it("keeps every check with what it reads (deduplicated) and its definition", () => {
    expect(g.checks.size).toBe(7);
    const rel = g.checks.get("test.p.relationships_orders_customer_id.2");
    expect(rel?.kind).toBe("data_test");
    expect(rel?.reads).toEqual(["model.p.customers", "model.p.orders"]);
    expect(g.checks.get("test.p.assert_positive")?.reads).toEqual(["model.p.orders"]);
    const unit = g.checks.get("unit_test.p.orders.t1");
    expect(unit?.kind).toBe("unit_test");
    expect(unit?.kind === "unit_test" ? unit.test.model : null).toBe("orders");
    expect(g.checks.get("test.p.reads_nothing")?.reads).toEqual([]);
  });
});

describe("a dependency cycle is graph_cycle naming its nodes in order", () => {
  it.each<[string, Entry[], string]>([
    [
      "three models",
      [node("model.p.c", ["model.p.b"]), node("model.p.a", ["model.p.c"]), node("model.p.b", ["model.p.a"])],
      "model.p.a → model.p.b → model.p.c → model.p.a",
    ],
    ["a model reading itself", [node("model.p.self", ["model.p.self"])], "model.p.self → model.p.self"],
    [
      "a cycle through an ephemeral model, below an acyclic part",
      [
        node("seed.p.s"),
        node("model.p.x", ["seed.p.s", "model.p.z"]),
        ephemeral("model.p.y", ["model.p.x"]),
        node("model.p.z", ["model.p.y"]),
        node("model.p.w", ["model.p.z"]),
      ],
      "model.p.x → model.p.y → model.p.z → model.p.x",
    ],
  ])("%s", (_what, nodes, shown) => {
    const error = thrownUserError(() => graphOf({ nodes }));
    expect(error.code).toBe("graph_cycle");
    expect(error.file).toBe("target/manifest.json");
    expect(error.message).toContain(`: ${shown} (each is read by the next).`);
  });

  it("the message counts the nodes on the cycle", () => {
    const error = thrownUserError(() =>
      graphOf({ nodes: [node("model.p.a", ["model.p.b"]), node("model.p.b", ["model.p.a"])] }),
    );
    expect(error.message).toBe(
      "target/manifest.json has a dependency cycle between 2 nodes: model.p.a → model.p.b → model.p.a (each is read by the next).",
    );
  });

  it("tests reading each other's nodes are not cycles", () => {
    const g = graphOf({
      nodes: [
        node("model.p.a"),
        node("model.p.b", ["model.p.a"]),
        dataTest("test.p.t", ["model.p.b", "model.p.a"]),
      ],
    });
    expect(g.order).toEqual(["model.p.a", "model.p.b"]);
  });
});

describe("determinism", () => {
  const entries = [
    node("seed.p.s"),
    ephemeral("model.p.e", ["seed.p.s", "source.p.raw.t"]),
    node("model.p.m1", ["model.p.e", "model.p.zz_missing"]),
    node("model.p.m2", ["model.p.m1", "seed.p.s"]),
    node("model.p.m0", ["model.p.m2", "model.p.m1"]),
    dataTest("test.p.t2", ["model.p.m2"]),
    dataTest("test.p.t1", ["model.p.m2", "model.p.m1"]),
  ];
  const project = (g: ProjectGraph) =>
    JSON.stringify({
      nodes: [...g.nodes.values()].map(({ node: _n, ...rest }) => rest),
      order: g.order,
      ephemerals: [...g.ephemerals.values()].map(({ node: _n, ...rest }) => rest),
      sources: [...g.sources.values()].map(({ source: _s, ...rest }) => rest),
      checks: [...g.checks.values()].map(({ test: _t, ...rest }) => rest),
    });

  it("the same manifest in any key order and dependency order gives the same graph", () => {
    const a = graphOf({ nodes: entries, sources: [source("source.p.raw.t")] });
    const shuffled = [...entries].reverse().map((e) => {
      const d = e.depends_on as { nodes: string[] } | undefined;
      return d ? { ...e, depends_on: { ...d, nodes: [...d.nodes].reverse() } } : e;
    });
    const b = graphOf({ nodes: shuffled, sources: [source("source.p.raw.t")] });
    expect(project(b)).toBe(project(a));
    expect([...b.nodes.keys()]).toEqual(["model.p.m0", "model.p.m1", "model.p.m2", "seed.p.s"]);
  });
});

describe("macroClosure", () => {
  const macros = graphOf({
    nodes: [],
    macros: [
      macro("macro.p.a", ["macro.p.b", "macro.dbt.c"]),
      macro("macro.p.b", ["macro.p.a"]), // macros may call each other recursively
      macro("macro.dbt.c", ["macro.dbt.gone"]),
      macro("macro.p.lonely"),
    ],
  }).macros;

  it.each<[string[], { ids: string[]; missing: string[] }]>([
    [["macro.p.a"], { ids: ["macro.dbt.c", "macro.p.a", "macro.p.b"], missing: ["macro.dbt.gone"] }],
    [["macro.p.lonely"], { ids: ["macro.p.lonely"], missing: [] }],
    [["macro.p.nope", "macro.p.lonely"], { ids: ["macro.p.lonely"], missing: ["macro.p.nope"] }],
    [[], { ids: [], missing: [] }],
  ])("from %j", (roots, expected) => {
    expect(macroClosure(macros, roots)).toEqual(expected);
  });
});

/* ------------------------------------------------------ real artifacts */

function realGraph(rel: string): ProjectGraph {
  return buildGraph(loadManifest(readFileSync(sharedFixture(rel), "utf8"), rel));
}

describe.skipIf(!sharedFixturesPresent)("graphs of real manifests", () => {
  // planned = models - ephemeral + seeds + snapshots (PROVENANCE.md figures)
  it.each<[string, { planned: number; ephemeral: number; checks: number }]>([
    ["across-analytics-postgres-1.10-large/manifest.json", { planned: 45, ephemeral: 0, checks: 621 }],
    ["analytics-snowflake-python-1.9/manifest.json", { planned: 20, ephemeral: 2, checks: 17 }],
    ["dbt-bouncer-duckdb-1.11-build/manifest.json", { planned: 35, ephemeral: 2, checks: 72 }],
    [
      "dbt-bouncer-duckdb-1.11-build/history/03-f5b6f07/manifest.json",
      { planned: 36, ephemeral: 2, checks: 76 },
    ],
    ["dbt-bouncer-duckdb-1.12-docs/manifest.json", { planned: 41, ephemeral: 3, checks: 69 }],
    ["dbt-bouncer-duckdb-1.7-v11/manifest.json", { planned: 34, ephemeral: 2, checks: 67 }],
    ["dbt-bouncer-duckdb-1.8-v12/manifest.json", { planned: 34, ephemeral: 2, checks: 70 }],
    ["dbt-bouncer-fusion-2.0-beta/manifest.json", { planned: 40, ephemeral: 3, checks: 69 }],
    ["global-trade-bq-1.11-large/manifest.json", { planned: 80, ephemeral: 0, checks: 531 }],
    [
      "global-trade-bq-1.11-large/history/01-7454878/manifest.json",
      { planned: 65, ephemeral: 0, checks: 395 },
    ],
    ["jaffle-shop-duckdb-1.12/manifest.json", { planned: 19, ephemeral: 0, checks: 30 }],
    ["jaffle-shop-elementary-bq-1.7-v11/manifest.json", { planned: 38, ephemeral: 0, checks: 20 }],
    ["jaffle-shop-elementary-bq-1.9/manifest.json", { planned: 39, ephemeral: 0, checks: 20 }],
    ["planetkart-snowflake-1.10/manifest.json", { planned: 14, ephemeral: 0, checks: 23 }],
    ["salary-survey-bq-1.9/manifest.json", { planned: 15, ephemeral: 0, checks: 115 }],
    ["tuva-snowflake-1.7-v11-large/manifest.json", { planned: 332, ephemeral: 42, checks: 57 }],
  ])("%s", (rel, expected) => {
    const g = realGraph(rel);
    expect({ planned: g.nodes.size, ephemeral: g.ephemerals.size, checks: g.checks.size }).toEqual(expected);
    // Every parent is planned and lists the node as a child; depth grows along every edge.
    for (const n of g.nodes.values()) {
      for (const p of n.parents) {
        expect(g.nodes.get(p)?.children).toContain(n.id);
        expect(n.depth).toBeGreaterThan(g.nodes.get(p)?.depth ?? Number.POSITIVE_INFINITY);
      }
    }
    expect(g.order).toHaveLength(g.nodes.size);
    // Built twice, the same graph.
    expect(realGraph(rel).order).toEqual(g.order);
  });

  it("dbt-bouncer 1.12: the snapshots read the seed through the ephemeral staging model", () => {
    const g = realGraph("dbt-bouncer-duckdb-1.12-docs/manifest.json");
    for (const id of [
      "snapshot.dbt_bouncer_test_project.snapshot_orders",
      "snapshot.dbt_bouncer_test_project.snapshot_orders_multiple_unique_keys",
    ]) {
      expect(inputs(g, id)).toEqual({
        parents: ["seed.dbt_bouncer_test_project.raw_orders"],
        sources: [],
        unknownParents: [],
        ephemerals: ["model.dbt_bouncer_test_project.stg_raw_orders_for_snapshot"],
      });
    }
    expect(g.nodes.get("seed.dbt_bouncer_test_project.raw_orders")?.children).toContain(
      "snapshot.dbt_bouncer_test_project.snapshot_orders",
    );
    // Tests defined on the ephemeral model stay with it.
    expect(
      g.ephemerals.get("model.dbt_bouncer_test_project.stg_raw_orders_for_snapshot")?.checks,
    ).toHaveLength(2);
    // The relationships test is a check of both models it reads.
    const rel =
      "test.dbt_bouncer_test_project.relationships_orders_customer_id_fk__customer_id_pk__ref_customers_.c4baa7acc1";
    expect(g.nodes.get("model.dbt_bouncer_test_project.orders")?.checks).toContain(rel);
    expect(g.nodes.get("model.dbt_bouncer_test_project.customers.v3")?.checks).toContain(rel);
    expect(g.nodes.get("model.dbt_bouncer_test_project.orders")?.checks).toContain(
      "unit_test.dbt_bouncer_test_project.orders.test_amount_logic",
    );
    expect(g.sources.get("source.dbt_bouncer_test_project.dummy_source.customers")?.checks).toHaveLength(1);
  });

  it.each([
    ["model.analytics.stg_accounts_db__accounts", "accounts_db.accounts", "src_accounts_db_accounts"],
    ["model.analytics.stg_accounts_db__accounts_pii", "accounts_db.accounts", "src_accounts_db_accounts"],
    [
      "model.analytics.stg_reltio__individual_emails",
      "reltio.individual_emails",
      "src_reltio_individual_emails",
    ],
  ])("analytics (Snowflake): %s reads the source behind its ephemeral model", (id, src, eph) => {
    const g = realGraph("analytics-snowflake-python-1.9/manifest.json");
    expect(inputs(g, id)).toEqual({
      parents: [],
      sources: [`source.analytics.${src}`],
      unknownParents: [],
      ephemerals: [`model.analytics.${eph}`],
    });
  });

  it("analytics (Snowflake): the Python model is planned", () => {
    const g = realGraph("analytics-snowflake-python-1.9/manifest.json");
    expect(g.nodes.get("model.analytics.dim_common__dim_customer")?.node.language).toBe("python");
  });

  it("planetkart: source tests attach to the sources (2 each on 4 of the 5 sources, counted from depends_on)", () => {
    const g = realGraph("planetkart-snowflake-1.10/manifest.json");
    const withChecks = [...g.sources.values()].filter((s) => s.checks.length > 0);
    expect(withChecks.map((s) => [s.id, s.checks.length])).toEqual([
      ["source.planetkart_analytics.planetkart_raw.customers", 2],
      ["source.planetkart_analytics.planetkart_raw.orders", 2],
      ["source.planetkart_analytics.planetkart_raw.products", 2],
      ["source.planetkart_analytics.planetkart_raw.regions", 2],
    ]);
  });

  it("tuva: the deepest chain is 25 levels", () => {
    const g = realGraph("tuva-snowflake-1.7-v11-large/manifest.json");
    const last = g.order.at(-1) ?? "";
    expect(g.nodes.get(last)?.depth).toBe(25);
  });

  it("no real manifest has a parent ODS doesn't know", () => {
    for (const rel of [
      "dbt-bouncer-duckdb-1.12-docs/manifest.json",
      "dbt-bouncer-fusion-2.0-beta/manifest.json",
      "global-trade-bq-1.11-large/manifest.json",
    ]) {
      const g = realGraph(rel);
      expect([...g.nodes.values()].flatMap((n) => n.unknownParents)).toEqual([]);
    }
  });
});
