import { describe, expect, it } from "vitest";
import { plan } from "../../src/planner/plan.js";
import type { ModelSpec } from "../support/manifest-builder.js";
import { modelId } from "../support/manifest-builder.js";
import { decisions, entryOf, planOf, projectOf, recordRun, sourcesOf } from "../support/planner-harness.js";
import { resolveSelect } from "../support/resolve-selection.js";
import { countries, ORDERS, ORDERS_SOURCE, orders, SEED, STG, stg } from "../support/shop-base-project.js";

/**
 * The base project: a source, a staging view, a seed, and a mart reading both.
 *   raw.orders -> stg_orders -> orders <- countries (seed)
 */

const BEFORE_RUN = "2026-11-01T09:00:00Z"; // sources.json of the recorded run
const AFTER_RUN = "2026-11-01T11:00:00Z"; // sources.json of the plan
const LOADED = "2026-11-01T08:00:00Z";

function baseline(models: ModelSpec[] = [stg(), countries(), orders()]) {
  const project = projectOf(models, { sources: ["raw.orders"] });
  const statuses = Object.fromEntries([...project.graph.order].map((id) => [id, "success"]));
  const outcome = recordRun(
    project,
    { statuses },
    { sources: sourcesOf(BEFORE_RUN, { [ORDERS_SOURCE]: LOADED }) },
  );
  return outcome.snapshot;
}

const fresh = (version = LOADED) => sourcesOf(AFTER_RUN, { [ORDERS_SOURCE]: version });

describe("planning rules, first match wins", () => {
  it("no state: every node BUILD no_state, with a warning", () => {
    const p = planOf(projectOf([stg(), countries(), orders()], { sources: ["raw.orders"] }), null);
    expect(decisions(p)).toEqual({
      [SEED]: "BUILD no_state",
      [STG]: "BUILD no_state",
      [ORDERS]: "BUILD no_state",
    });
    expect(p.warnings.map((w) => w.code)).toEqual(["no_state"]);
    expect(p.state.found).toBe(false);
  });

  it("unchanged code and inputs: REUSE unchanged, naming the run", () => {
    const p = planOf(projectOf([stg(), countries(), orders()], { sources: ["raw.orders"] }), baseline(), {
      sources: fresh(),
    });
    expect(decisions(p)).toEqual({
      [SEED]: "REUSE unchanged",
      [STG]: "REUSE unchanged",
      [ORDERS]: "REUSE unchanged",
    });
    expect(entryOf(p, ORDERS).reasons[0]!.message).toBe(
      "Code and inputs unchanged since run 00000000-0000-4000-8000-000000000001.",
    );
    expect(entryOf(p, ORDERS).relation_check).toEqual({
      checked: false,
      exactness: "none",
      message: "not checked: no warehouse connection, so the relation is trusted to still exist",
    });
    expect(p.select).toBe("");
    expect(p.build_command).toBeNull();
  });

  type Case = [
    string,
    {
      models?: ModelSpec[];
      sources?: ReturnType<typeof fresh> | null;
      now?: string;
      target?: { name: string; adapter_type: string };
    },
    Record<string, string>,
  ];
  const cases: Case[] = [
    [
      "target changed (ADR-0017): a build is reused only in the target it went to",
      { sources: fresh(), target: { name: "ci", adapter_type: "duckdb" } },
      { [SEED]: "BUILD target_changed", [STG]: "BUILD target_changed", [ORDERS]: "BUILD target_changed" },
    ],
    [
      "a new node: never_built; its readers see a code change",
      {
        models: [
          stg(),
          countries(),
          orders(),
          {
            name: "orders_daily",
            sql: 'select * from "warehouse"."analytics"."orders"',
            dependsOn: [ORDERS],
          },
        ],
        sources: fresh(),
      },
      {
        [SEED]: "REUSE unchanged",
        [STG]: "REUSE unchanged",
        [ORDERS]: "REUSE unchanged",
        [modelId("orders_daily")]: "BUILD never_built",
      },
    ],
    [
      "incomplete code evidence: code_incomplete, and children rebuild for code",
      { models: [stg({ compiled: null }), countries(), orders()], sources: fresh() },
      { [SEED]: "REUSE unchanged", [STG]: "BUILD code_incomplete", [ORDERS]: "BUILD parent_code_changed" },
    ],
    [
      "compiled SQL edited: code_changed; the child: parent_code_changed",
      {
        models: [
          stg({ sql: 'select id, amount * 100 as amount from "warehouse"."raw"."orders"' }),
          countries(),
          orders(),
        ],
        sources: fresh(),
      },
      { [SEED]: "REUSE unchanged", [STG]: "BUILD code_changed", [ORDERS]: "BUILD parent_code_changed" },
    ],
    [
      "only formatting changed: REUSE formatting_only",
      {
        models: [
          stg({
            sql: '-- staged\nselect id,\n       amount\nfrom "warehouse"."raw"."orders"',
            raw: "select id,\n amount from {{ source('raw', 'orders') }}",
          }),
          countries(),
          orders(),
        ],
        sources: fresh(),
      },
      { [SEED]: "REUSE unchanged", [STG]: "REUSE formatting_only", [ORDERS]: "REUSE unchanged" },
    ],
    [
      "a seed's file changed: code_changed",
      {
        models: [stg(), countries({ checksum: { name: "sha256", checksum: "beef" } }), orders()],
        sources: fresh(),
      },
      { [SEED]: "BUILD code_changed", [STG]: "REUSE unchanged", [ORDERS]: "BUILD parent_code_changed" },
    ],
    [
      "a hook reading the environment: hook_reads_environment; readers see new data",
      {
        models: [
          stg({ postHooks: ["grant select on {{ this }} to {{ env_var('ROLE') }}"] }),
          countries(),
          orders(),
        ],
        sources: fresh(),
      },
      { [SEED]: "REUSE unchanged", [STG]: "BUILD code_changed", [ORDERS]: "BUILD parent_code_changed" },
    ],
    [
      "a parent ODS doesn't know: unknown_parent",
      {
        models: [stg(), countries(), orders({ dependsOn: [STG, SEED, "model.other.ghost"] })],
        sources: fresh(),
      },
      { [SEED]: "REUSE unchanged", [STG]: "REUSE unchanged", [ORDERS]: "BUILD unknown_parent" },
    ],
    [
      "no sources.json: missing_data_evidence for what reads the source; new data downstream",
      { sources: null },
      {
        [SEED]: "REUSE unchanged",
        [STG]: "BUILD missing_data_evidence",
        [ORDERS]: "BUILD new_upstream_data",
      },
    ],
    [
      "sources.json observed before the last build: missing_data_evidence",
      { sources: sourcesOf("2026-11-01T09:05:00Z", { [ORDERS_SOURCE]: LOADED }) },
      {
        [SEED]: "REUSE unchanged",
        [STG]: "BUILD missing_data_evidence",
        [ORDERS]: "BUILD new_upstream_data",
      },
    ],
    [
      "a source without max_loaded_at: missing_data_evidence",
      { sources: sourcesOf(AFTER_RUN, { [ORDERS_SOURCE]: null }) },
      {
        [SEED]: "REUSE unchanged",
        [STG]: "BUILD missing_data_evidence",
        [ORDERS]: "BUILD new_upstream_data",
      },
    ],
    [
      "a source version moved: new_upstream_data, and downstream",
      { sources: fresh("2026-11-01T10:30:00Z") },
      { [SEED]: "REUSE unchanged", [STG]: "BUILD new_upstream_data", [ORDERS]: "BUILD new_upstream_data" },
    ],
    [
      "the same instant written differently is not new data",
      { sources: fresh("2026-11-01T08:00:00.000+00:00") },
      { [SEED]: "REUSE unchanged", [STG]: "REUSE unchanged", [ORDERS]: "REUSE unchanged" },
    ],
    [
      "lag tolerance: new data within 4h of the last build: REUSE within_lag_tolerance",
      {
        models: [stg({ config: { state: { lag_tolerance: "4h" } } }), countries(), orders()],
        sources: fresh("2026-11-01T10:30:00Z"),
      },
      { [SEED]: "REUSE unchanged", [STG]: "REUSE within_lag_tolerance", [ORDERS]: "REUSE unchanged" },
    ],
    [
      "lag tolerance elapsed: BUILD new_upstream_data",
      {
        models: [stg({ config: { state: { lag_tolerance: "1h" } } }), countries(), orders()],
        sources: fresh("2026-11-01T10:30:00Z"),
        now: "2026-11-01T12:00:00Z",
      },
      { [SEED]: "REUSE unchanged", [STG]: "BUILD new_upstream_data", [ORDERS]: "BUILD new_upstream_data" },
    ],
    [
      "the older freshness.build_after counts as lag tolerance",
      {
        models: [
          stg({ config: { freshness: { build_after: { count: 6, period: "hour", updates_on: "any" } } } }),
          countries(),
          orders(),
        ],
        sources: fresh("2026-11-01T10:30:00Z"),
      },
      { [SEED]: "REUSE unchanged", [STG]: "REUSE within_lag_tolerance", [ORDERS]: "REUSE unchanged" },
    ],
    [
      "require_fresh_data_from: all with one of two inputs new: REUSE quorum_not_met",
      {
        models: [stg(), countries(), orders({ config: { state: { require_fresh_data_from: "all" } } })],
        sources: fresh("2026-11-01T10:30:00Z"),
      },
      { [SEED]: "REUSE unchanged", [STG]: "BUILD new_upstream_data", [ORDERS]: "REUSE quorum_not_met" },
    ],
    [
      "a policy that can't be read: policy_unmet",
      {
        models: [stg({ config: { state: { lag_tolerance: "soon" } } }), countries(), orders()],
        sources: fresh(),
      },
      { [SEED]: "REUSE unchanged", [STG]: "BUILD policy_unmet", [ORDERS]: "BUILD new_upstream_data" },
    ],
  ];

  it.each(cases)("%s", (_label, setup, expected) => {
    const snapshot = baseline();
    const project = projectOf(setup.models ?? [stg(), countries(), orders()], { sources: ["raw.orders"] });
    const p = planOf(project, snapshot, { sources: setup.sources, now: setup.now, target: setup.target });
    expect(decisions(p)).toEqual(expected);
  });

  it("no declared inputs: a model reading nothing is built every time (seeds excepted)", () => {
    const models = [countries(), { name: "calendar", sql: "select 1 as day" }];
    const project = projectOf(models);
    const snapshot = recordRun(project, {
      statuses: { [SEED]: "success", [modelId("calendar")]: "success" },
    }).snapshot;
    expect(decisions(planOf(project, snapshot))).toEqual({
      [SEED]: "REUSE unchanged",
      [modelId("calendar")]: "BUILD no_declared_inputs",
    });
  });

  it("scheme changed: every node is built once", () => {
    const snapshot = baseline();
    for (const state of Object.values(snapshot.nodes)) state.fingerprint.scheme = "dbt/1";
    const p = planOf(projectOf([stg(), countries(), orders()], { sources: ["raw.orders"] }), snapshot, {
      sources: fresh(),
    });
    expect(new Set(Object.values(decisions(p)))).toEqual(new Set(["BUILD scheme_changed"]));
  });

  it("a parent rebuilt by a run the child didn't read: new_upstream_data", () => {
    const snapshot = baseline();
    snapshot.nodes[STG]!.run_id = "a-later-run";
    const p = planOf(projectOf([stg(), countries(), orders()], { sources: ["raw.orders"] }), snapshot, {
      sources: fresh(),
    });
    expect(entryOf(p, ORDERS).reasons[0]).toMatchObject({ code: "new_upstream_data" });
    expect(entryOf(p, ORDERS).reasons[0]!.message).toContain(
      "parent `stg_orders` was rebuilt by run a-later-run",
    );
  });

  it("no record of which build of a parent it read: missing_data_evidence", () => {
    const snapshot = baseline();
    snapshot.nodes[ORDERS]!.parents = {};
    const p = planOf(projectOf([stg(), countries(), orders()], { sources: ["raw.orders"] }), snapshot, {
      sources: fresh(),
    });
    expect(entryOf(p, ORDERS).reasons[0]!.code).toBe("missing_data_evidence");
    expect(entryOf(p, ORDERS).reasons[0]!.message).toContain(
      "no record of which build of parent `countries` it read",
    );
  });

  it("code_changed names the changed components in words", () => {
    const snapshot = baseline();
    const changed = stg({ sql: 'select id from "warehouse"."raw"."orders"', materialized: "table" });
    const p = planOf(projectOf([changed, countries(), orders()], { sources: ["raw.orders"] }), snapshot, {
      sources: fresh(),
    });
    const reason = entryOf(p, STG).reasons[0]!;
    // view -> table: another materialization runs, so the macros it uses change too.
    expect(reason.components).toEqual({ changed: ["config", "macros", "sql"], added: [], removed: [] });
    expect(reason.message).toBe(
      "Its config, macros it uses and compiled SQL changed since run 00000000-0000-4000-8000-000000000001.",
    );
  });

  it("within lag tolerance says when the node becomes due", () => {
    const snapshot = baseline();
    const project = projectOf([stg({ config: { state: { lag_tolerance: "4h" } } }), countries(), orders()], {
      sources: ["raw.orders"],
    });
    const p = planOf(project, snapshot, { sources: fresh("2026-11-01T10:30:00Z") });
    const reason = entryOf(p, STG).reasons[0]!;
    expect(reason.due_at).toBe("2026-11-01T13:10:00.500Z");
    expect(reason.message).toContain("within its lag tolerance of 4h: due at 2026-11-01T13:10:00.500Z");
  });

  it("a hook that depends on the run is built even when nothing changed, and names the hook", () => {
    // A hook's target/var/env_var reads are compared by value since issue 36; a query it runs is not.
    const hooked = stg({ postHooks: ["{% if run_query('select 1').rows %}select 1{% endif %}"] });
    const snapshot = baseline([hooked, countries(), orders()]);
    const p = planOf(projectOf([hooked, countries(), orders()], { sources: ["raw.orders"] }), snapshot, {
      sources: fresh(),
    });
    expect(decisions(p)).toEqual({
      [SEED]: "REUSE unchanged",
      [STG]: "BUILD hook_reads_environment",
      [ORDERS]: "BUILD new_upstream_data",
    });
    expect(entryOf(p, STG).reasons[0]!.message).toContain("post-hook 1 reads `run_query`");
  });

  it("orders entries by DAG depth, then id, and emits a shell-safe selector for the BUILD set", () => {
    const p = planOf(projectOf([stg(), countries(), orders()], { sources: ["raw.orders"] }), null);
    expect(p.entries.map((e) => [e.depth, e.unique_id])).toEqual([
      [0, STG],
      [0, SEED],
      [1, ORDERS],
    ]);
    // Everything builds: the whole project, as dbt's own default selection.
    expect(p.select).toBe("'fqn:*'");
    expect(p.select_terms).toBe(1);
    expect(p.build_command).toBe("dbt build --select 'fqn:*'");
  });

  it.each([
    [["stg_orders"], [STG]],
    [["stg_orders+"], [STG, ORDERS]],
    [["+orders"], [STG, SEED, ORDERS]],
    [["path:models/orders.sql"], [ORDERS]],
    [["fqn:shop.countries"], [SEED]],
    [["tag:none"], []],
  ])("rule 1: --select %j plans only %j", (select, expected) => {
    const p = planOf(projectOf([stg(), countries(), orders()], { sources: ["raw.orders"] }), baseline(), {
      sources: fresh(),
      select,
    });
    expect(p.entries.map((e) => e.unique_id)).toEqual(expected);
  });

  it("a node left out by --select still counts for its children", () => {
    const changed = stg({ sql: 'select id from "warehouse"."raw"."orders"' });
    const p = planOf(projectOf([changed, countries(), orders()], { sources: ["raw.orders"] }), baseline(), {
      sources: fresh(),
      select: ["orders"],
    });
    expect(decisions(p)).toEqual({ [ORDERS]: "BUILD parent_code_changed" });
  });
});

describe("tested sources (#232): a source's checks run when nothing vouches for its data", () => {
  const TEST = { name: "not_null_orders_id", reads: [ORDERS_SOURCE] };
  const all = () => [stg(), countries(), orders()];
  const project = () => projectOf(all(), { sources: ["raw.orders"], tests: [TEST] });

  function recorded(testStatus: string) {
    const p = project();
    const statuses: Record<string, string> = Object.fromEntries(p.graph.order.map((id) => [id, "success"]));
    statuses["test.shop.not_null_orders_id"] = testStatus;
    return recordRun(p, { statuses }, { sources: sourcesOf(BEFORE_RUN, { [ORDERS_SOURCE]: LOADED }) })
      .snapshot;
  }

  it.each([
    ["no state", null, fresh(), "RUN not_tested"],
    ["checks failed last time", "fail", fresh(), "RUN not_tested"],
    ["passed, data unchanged", "pass", fresh(), "SKIP unchanged"],
    ["passed, new data", "pass", fresh("2026-11-01T10:30:00Z"), "RUN new_upstream_data"],
    ["passed, no sources.json", "pass", null, "RUN missing_data_evidence"],
  ])("%s: %s", (_label, status, sources, expected) => {
    const snapshot = status === null ? null : recorded(status);
    const p = planOf(project(), snapshot, { sources });
    expect(p.source_checks!.map((c) => `${c.action} ${c.reason.code}`)).toEqual([expected]);
    const resolved = resolveSelect(project().graph, p);
    expect(resolved.has("test.shop.not_null_orders_id")).toBe(expected.startsWith("RUN"));
  });

  it("edited checks run again (checks_changed)", () => {
    const snapshot = recorded("pass");
    const edited = projectOf(all(), { sources: ["raw.orders"], tests: [{ ...TEST, column: "amount" }] });
    const p = planOf(edited, snapshot, { sources: fresh() });
    expect(p.source_checks!.map((c) => c.reason.code)).toEqual(["checks_changed"]);
  });

  it("with --select, only sources a +name selector reaches are considered", () => {
    const snapshot = recorded("fail");
    expect(planOf(project(), snapshot, { sources: fresh(), select: ["orders"] }).source_checks).toEqual([]);
    expect(planOf(project(), snapshot, { sources: fresh(), select: ["+orders"] }).source_checks!.length).toBe(
      1,
    );
  });
});

describe("planning a pull request's environment over prod's state (pointers)", () => {
  /** The same model compiled with the CI target: its relation and the names of what it reads move to the PR schema. */
  const inPr = (m: ModelSpec): ModelSpec => ({
    ...m,
    schema: "analytics_pr_7",
    ...(m.sql ? { sql: m.sql.replaceAll('"analytics".', '"analytics_pr_7".') } : {}),
  });
  const prModels = [stg(), countries(), orders()].map(inPr);
  const CI = { name: "ci", adapter_type: "duckdb" };

  it("without pointers, another schema and target rebuild everything", () => {
    const p = planOf(projectOf(prModels, { sources: ["raw.orders"] }), baseline(), {
      sources: fresh(),
      target: CI,
    });
    expect(new Set(Object.values(decisions(p)))).toEqual(new Set(["BUILD target_changed"]));
  });

  it("with pointers, unchanged nodes are reused through pointer views; a code change still builds", () => {
    const changed = [stg({ sql: 'select id from "warehouse"."raw"."orders"' }), countries(), orders()].map(
      inPr,
    );
    const p = plan({
      project: projectOf(changed, { sources: ["raw.orders"] }),
      scope: { project: "shop", environment: "prod" },
      state: { id: "s", snapshot: baseline() },
      sources: fresh(),
      select: [],
      now: "2026-11-01T12:00:00Z",
      target: CI,
      pointers: true,
    });
    expect(decisions(p)).toEqual({
      [SEED]: "REUSE unchanged",
      [STG]: "BUILD code_changed",
      [ORDERS]: "BUILD parent_code_changed",
    });
    expect(entryOf(p, STG).reasons[0]!.components).toEqual({ changed: ["sql"], added: [], removed: [] });
    expect(entryOf(p, SEED).reasons[0]!.message).toContain(
      "The environment reads that build through a pointer view.",
    );
    expect(entryOf(p, SEED).relation.schema).toBe("analytics_pr_7");
    expect(entryOf(p, SEED).last_build!.relation!.schema).toBe("analytics");
    expect(p.pointers).toBe(true);
  });

  it("another adapter is still another target", () => {
    const p = plan({
      project: projectOf(prModels, { sources: ["raw.orders"] }),
      scope: { project: "shop", environment: "prod" },
      state: { id: "s", snapshot: baseline() },
      sources: fresh(),
      select: [],
      now: "2026-11-01T12:00:00Z",
      target: { name: "ci", adapter_type: "postgres" },
      pointers: true,
    });
    expect(new Set(Object.values(decisions(p)))).toEqual(new Set(["BUILD target_changed"]));
  });
});
