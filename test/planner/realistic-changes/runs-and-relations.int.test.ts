/**
 * Issue 36, the run surface and "relations, not only nodes": a recorded
 * build is the build of this code over the recorded parents only when the
 * run says so, and it is evidence for its relation only until something else
 * writes that relation. Each case records a base build of a real fixture,
 * then a later run (another command, another node writing the same
 * relation, a deferred run, a run that wrote nothing), plans, and asserts
 * every node's action and reason.
 */
import { describe, expect, it } from "vitest";
import { loadProject } from "../../../src/dbt/load-project.js";
import { type PlanInput, plan } from "../../../src/planner/plan.js";
import { record } from "../../../src/planner/record.js";
import { sharedFixturesPresent } from "../../support/shared-fixtures.js";
import { type Row, rows } from "./cases.js";
import {
  assertPlan,
  baselineOf,
  DEFAULT_PLAN_AT,
  editSql,
  entryOf,
  FIXTURES,
  fullBuildStatuses,
  type Json,
  manifestJson,
  Oracle,
  type Outcome,
  recordRun,
  runDoc,
  scopeOf,
  sourcesDoc,
  T0,
  targetOf,
} from "./harness.js";

const LATER = "2026-01-03T00:00:00Z";
const OVERWRITTEN = "BUILD relation_overwritten";
// Models and seeds the unchanged plan of jaffle-shop reuses (its raw_items and raw_orders seeds
// have no content checksum, so stg_orders and its readers are built there anyway).
const jaffleStgCustomers = "model.jaffle_shop.stg_customers";
const jaffleStgLocations = "model.jaffle_shop.stg_locations";
const jaffleLocations = "model.jaffle_shop.locations";
const jaffleRawProducts = "seed.jaffle_shop.raw_products";
const pkCustomerInsights = "model.planetkart_analytics.customer_insights";
const pkRegionalInsights = "model.planetkart_analytics.regional_insights";
const rmsProducts = "model.analytics.stg_rms__products";

/** A node's alias (and schema) set the way dbt writes it: alias, relation_name together. */
function setRelation(n: Json, alias: string, schema: string = n.schema): void {
  n.alias = alias;
  n.schema = schema;
  const q = n.relation_name?.startsWith('"') ? '"' : n.relation_name?.startsWith("`") ? "`" : "";
  n.relation_name = [n.database, schema, alias]
    .filter((x: string | null) => x)
    .map((x: string) => `${q}${x}${q}`)
    .join(".");
}

function microbatch(m: Json) {
  Object.assign(m.nodes[rmsProducts].config, {
    incremental_strategy: "microbatch",
    event_time: "updated_at",
    batch_size: "day",
    begin: "2025-01-01",
  });
}

// ---------------------------------------------------------------- rows over the harness

const table: Row[] = [
  {
    name: "`dbt clone` replaces a model's relation with another state's (dbt 1.6+, core/dbt/task/clone.py)",
    scenario: {
      fixture: FIXTURES.jaffle,
      laterRuns: [
        {
          statuses: () => ({ [jaffleStgCustomers]: "success" }),
          args: { which: "clone" },
          results: () => ({ [jaffleStgCustomers]: { message: "CREATE VIEW" } }),
          startedAt: LATER,
        },
      ],
    },
    expect: () => ({
      effects: { [jaffleStgCustomers]: OVERWRITTEN },
      messages: { [jaffleStgCustomers]: /`dbt clone` \(run .*\), which replaced it/ },
    }),
    waits: "",
  },
  {
    name: "`dbt clone` that found the relation already there (`No-op`) writes nothing",
    scenario: {
      fixture: FIXTURES.jaffle,
      laterRuns: [
        {
          statuses: () => ({ [jaffleStgCustomers]: "success" }),
          args: { which: "clone" },
          results: () => ({ [jaffleStgCustomers]: { message: "No-op" } }),
          startedAt: LATER,
        },
      ],
    },
    expect: () => ({ effects: {} }),
    waits: "",
  },
  {
    name: "two models whose aliases differ only in case write one Snowflake relation (unquoted names fold to upper case; dbt's uniqueness check compares the rendered text)",
    scenario: {
      fixture: FIXTURES.planetkart,
      change: (m) => setRelation(m.nodes[pkCustomerInsights], "REGIONAL_INSIGHTS"),
      recordChanged: true,
    },
    // The full build wrote customer_insights first (results in id order), then regional_insights over it.
    expect: () => ({
      effects: { [pkCustomerInsights]: OVERWRITTEN },
      messages: { [pkCustomerInsights]: /written after its build .* by regional_insights/ },
    }),
    waits: "",
  },
  {
    name: "a `dbt build --defer` of one model: parents it didn't build may have been read from another environment",
    scenario: {
      fixture: FIXTURES.jaffle,
      laterRuns: [
        {
          statuses: () => ({ [jaffleLocations]: "success" }),
          args: { defer: true, favor_state: true },
          startedAt: LATER,
        },
      ],
    },
    expect: () => ({
      effects: { [jaffleLocations]: "BUILD missing_data_evidence" },
      messages: { [jaffleLocations]: /no record of which build of parent `stg_locations`/ },
    }),
    waits: "",
  },
  {
    name: "a `dbt build` with --defer that built the parents too records them",
    scenario: {
      fixture: FIXTURES.jaffle,
      laterRuns: [{ statuses: (o) => fullBuildStatuses(o), args: { defer: true }, startedAt: LATER }],
    },
    expect: () => ({ effects: {} }),
    waits: "",
  },
];

// ---------------------------------------------------------------- the warehouse: names read in SQL

/** regional_insights' compiled and raw SQL gain a join (the edit a user makes in the model file). */
function joinInRegionalInsights(join: string) {
  return (m: Json) =>
    editSql(m.nodes[pkRegionalInsights], (sql) =>
      sql.replace(/(JOIN \S+ r ON f\.region_sk = r\.region_sk)/, `$1\n${join}`),
    );
}

const warehouse: Row[] = [
  {
    name: "a model joins a raw table by its name, not through `source()` (built and recorded with it)",
    scenario: {
      fixture: FIXTURES.planetkart,
      change: joinInRegionalInsights("JOIN planetkart.planetkart_raw.customers c ON c.id = f.customer_id"),
      recordChanged: true,
    },
    expect: () => ({
      effects: { [pkRegionalInsights]: "BUILD undeclared_relation_read" },
      messages: { [pkRegionalInsights]: /reads `planetkart\.planetkart_raw\.customers` by name/ },
    }),
    waits: "",
  },
  {
    name: "a model joins its own parent by name in another case (Snowflake folds unquoted names): a declared input",
    scenario: {
      fixture: FIXTURES.planetkart,
      change: joinInRegionalInsights(
        "JOIN planetkart.planetkart_analytics_planetkart_analytics.DIM_REGIONS r2 ON r2.region_sk = r.region_sk",
      ),
      recordChanged: true,
    },
    expect: () => ({ effects: {} }),
    waits: "",
  },
  {
    name: "a model reads information_schema (the catalog, not data)",
    scenario: {
      fixture: FIXTURES.planetkart,
      change: joinInRegionalInsights(
        "JOIN planetkart.information_schema.tables it ON it.table_name = r.planet",
      ),
      recordChanged: true,
    },
    expect: () => ({ effects: {} }),
    waits: "",
  },
];

describe("issue 36: runs and relations (realistic changes)", () => {
  rows("runs", table);
  rows("warehouse", warehouse);
});

// ---------------------------------------------------------------- sequences of manifests

interface Step {
  edit?: (m: Json, o: Oracle) => void;
  statuses: (o: Oracle) => Record<string, string>;
  args?: Record<string, unknown>;
  results?: (o: Oracle) => Record<string, Record<string, unknown>>;
}

/**
 * Runs of several manifests (each the base fixture with its step's edit),
 * recorded in order, then a plan of the base fixture with `planEdit`.
 */
function sequence(
  fixture: string,
  steps: Step[],
  planEdit?: (m: Json, o: Oracle) => void,
  prepare?: (m: Json) => void,
): Outcome {
  const base = manifestJson(fixture);
  prepare?.(base);
  let snapshot = null;
  let n = 1;
  for (const step of steps) {
    const m = structuredClone(base);
    step.edit?.(m, new Oracle(m));
    const o = new Oracle(m);
    const at = new Date(Date.parse(T0) + (n - 1) * 86_400_000).toISOString();
    snapshot = recordRun(
      m,
      step.statuses(o),
      at,
      snapshot,
      `00000000-0000-4000-8000-0000000000b${n++}`,
      step.args,
      step.results?.(o),
    );
  }
  const planned = structuredClone(base);
  planEdit?.(planned, new Oracle(planned));
  const changed = new Oracle(planned);
  const project = loadProject(JSON.stringify(planned), "manifest.json");
  const input: PlanInput = {
    project,
    scope: scopeOf(planned),
    state: { id: "s1", snapshot: snapshot! },
    sources: sourcesDoc(changed, new Date(Date.parse(DEFAULT_PLAN_AT) - 60_000).toISOString(), {}),
    select: [],
    now: DEFAULT_PLAN_AT,
    target: targetOf(planned),
  };
  return {
    base: new Oracle(base),
    changed,
    baseline: baselineOf(fixture, prepare),
    plan: plan(input),
    project,
    snapshot: snapshot!,
  };
}

/** stg_customers' relation taken by a new model (a rename that keeps the alias), its own alias moved. */
function renameKeepsAlias(m: Json): void {
  const old = m.nodes[jaffleStgCustomers];
  const id = "model.jaffle_shop.stg_customers_new";
  const copy = structuredClone(old);
  Object.assign(copy, { unique_id: id, name: "stg_customers_new", path: "staging/stg_customers_new.sql" });
  copy.fqn = [...old.fqn.slice(0, -1), "stg_customers_new"];
  copy.original_file_path = old.original_file_path.replace("stg_customers.sql", "stg_customers_new.sql");
  m.nodes[id] = copy;
  m.parent_map[id] = [...(m.parent_map[jaffleStgCustomers] ?? [])];
  m.child_map[id] = [];
  for (const p of m.parent_map[id]) m.child_map[p]?.push(id);
  setRelation(old, "stg_customers_old");
}

describe.skipIf(!sharedFixturesPresent)("issue 36: relations written by other nodes and commands", () => {
  it("a model renamed whose alias keeps the old relation, built alone, then renamed back: the old build is gone", () => {
    const out = sequence(FIXTURES.jaffle, [
      { statuses: (o) => fullBuildStatuses(o) },
      {
        edit: renameKeepsAlias,
        statuses: () => ({ "model.jaffle_shop.stg_customers_new": "success" }),
        args: { which: "run" },
      },
    ]);
    assertPlan(out, { effects: { [jaffleStgCustomers]: OVERWRITTEN } });
    expect(entryOf(out, jaffleStgCustomers).reasons[0]!.message).toMatch(
      /`jaffle_shop.main.stg_customers` was written after its build .* by model.jaffle_shop.stg_customers_new \(`dbt run`/,
    );
  });

  it("a `dbt seed` of a seed whose alias folds to a model's relation (DuckDB is case-insensitive even quoted)", () => {
    const out = sequence(FIXTURES.jaffle, [
      { statuses: (o) => fullBuildStatuses(o) },
      {
        edit: (m) => setRelation(m.nodes[jaffleRawProducts], "STG_LOCATIONS", "main"),
        statuses: () => ({ [jaffleRawProducts]: "success" }),
        args: { which: "seed" },
      },
    ]);
    const o = out.changed;
    // The seed's recorded build went to main.STG_LOCATIONS: back at raw.raw_products its relation changed;
    // the source it loads is read by stg_products (a parent through the relation, relation-writers.ts).
    assertPlan(out, {
      effects: {
        [jaffleRawProducts]: "BUILD code_changed",
        ...Object.fromEntries(
          o
            .readersOfSource("source.jaffle_shop.ecom.raw_products")
            .map((id) => [id, "BUILD parent_code_changed|BUILD new_upstream_data"]),
        ),
        [jaffleStgLocations]: OVERWRITTEN,
      },
    });
  });

  it("a microbatch model dbt reports `success` with no batches to run wrote nothing: its new code is not recorded as built", () => {
    const edit = (m: Json) => editSql(m.nodes[rmsProducts], (sql) => `${sql}\n-- a real edit\nwhere 1 = 1`);
    const out = sequence(
      FIXTURES.pysnow,
      [
        { statuses: (o) => fullBuildStatuses(o) },
        {
          edit,
          statuses: () => ({ [rmsProducts]: "success" }),
          results: () => ({ [rmsProducts]: { message: "", batch_results: { successful: [], failed: [] } } }),
        },
      ],
      edit,
      microbatch,
    );
    assertPlan(out, { effects: { [rmsProducts]: "BUILD code_changed" } });
  });
});

// ---------------------------------------------------------------- record

describe.skipIf(!sharedFixturesPresent)("issue 36: what record accepts from a run", () => {
  const m = manifestJson(FIXTURES.jaffle);
  const o = new Oracle(m);
  const recordAs = (which: string, statuses: Record<string, string>) => {
    const copy = structuredClone(m);
    copy.metadata.invocation_id = "00000000-0000-4000-8000-0000000000c1";
    return record({
      project: loadProject(JSON.stringify(copy), "manifest.json"),
      runResults: runDoc(o, "00000000-0000-4000-8000-0000000000c1", T0, statuses, { which }),
      sources: null,
      scope: scopeOf(m),
      previous: null,
      recordedRunIds: new Set(),
      target: targetOf(m),
      now: LATER,
    });
  };

  it.each([
    ["run-operation", /`dbt run-operation`, which builds nothing ODS can record/],
    ["compile", /`dbt compile`, which builds nothing/],
    ["show", /`dbt show`, which builds nothing/],
    ["list", /`dbt list`, which builds nothing/],
    ["test", /`dbt test`, which builds nothing/],
  ])("refuses `dbt %s`", (which, message) => {
    expect(() => recordAs(which, { [jaffleStgCustomers]: "success" })).toThrow(message);
  });

  it("records `dbt clone` as the relations it wrote, never as builds", () => {
    const outcome = recordAs("clone", { [jaffleStgCustomers]: "success", [jaffleLocations]: "error" });
    expect(outcome.built).toEqual([]);
    expect(outcome.failed).toEqual([jaffleLocations]);
    expect(outcome.snapshot.nodes).toEqual({});
    expect(Object.values(outcome.snapshot.relations ?? {})).toEqual([
      { node: jaffleStgCustomers, run_id: "00000000-0000-4000-8000-0000000000c1", command: "clone" },
    ]);
  });

  it("records every relation a build wrote, keyed as DuckDB resolves names", () => {
    const outcome = recordAs("build", fullBuildStatuses(o));
    expect(Object.keys(outcome.snapshot.relations ?? {}).length).toBe(o.planned.length);
    expect(outcome.snapshot.relations?.["jaffle_shop\u0000main\u0000stg_customers"]?.node).toBe(
      jaffleStgCustomers,
    );
    expect(outcome.snapshot.schema_version).toBe("1.8");
  });
});
