import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RULES } from "../../src/planner/rules/index.js";
import { BUILD_REASONS, REUSE_REASONS } from "../../src/state/plan.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import type { ModelSpec, TestSpec } from "../support/manifest-builder.js";
import { modelId } from "../support/manifest-builder.js";
import { decisions, entryOf, planOf, projectOf, recordRun, sourcesOf } from "../support/planner-harness.js";
import { PROJECT_ROOT } from "../support/shared-fixtures.js";
import { countries, ORDERS, ORDERS_SOURCE, orders, SEED, STG, stg } from "../support/shop-base-project.js";

/**
 * The rules as an ordered list of named modules, and the rules issue 18 adds:
 * last_build_partial (class 10), tests_not_passed and checks_changed (class
 * 12), clock_dependent (class 8), and messages that don't mislead.
 *   raw.orders -> stg_orders -> orders <- countries (seed)
 */
const STG_TEST: TestSpec = { name: "not_null_stg_orders_id", reads: [STG] };
const STG_TEST_ID = "test.shop.not_null_stg_orders_id";

const BEFORE_RUN = "2026-11-01T09:00:00Z";
const AFTER_RUN = "2026-11-01T11:00:00Z";
const LOADED = "2026-11-01T08:00:00Z";
const fresh = (version = LOADED) => sourcesOf(AFTER_RUN, { [ORDERS_SOURCE]: version });
const all = (over: { stg?: Partial<ModelSpec>; orders?: Partial<ModelSpec> } = {}) => [
  stg(over.stg),
  countries(),
  orders(over.orders),
];

/** Records a run of `models`: every node succeeds; the tests get `testStatus` (none: not run). */
function baseline(
  models: ModelSpec[] = all(),
  options: { tests?: TestSpec[]; testStatus?: string | null } = {},
): StateSnapshot {
  const project = projectOf(models, { sources: ["raw.orders"], tests: options.tests });
  const statuses: Record<string, string> = Object.fromEntries(
    project.graph.order.map((id) => [id, "success"]),
  );
  if (options.testStatus) for (const id of project.graph.checks.keys()) statuses[id] = options.testStatus;
  return recordRun(project, { statuses }, { sources: sourcesOf(BEFORE_RUN, { [ORDERS_SOURCE]: LOADED }) })
    .snapshot;
}

function withPartial(snapshot: StateSnapshot, id: string, why: string): StateSnapshot {
  const copy = structuredClone(snapshot);
  copy.nodes[id]!.partial = { why };
  return copy;
}

describe("the rules are an ordered list of named modules", () => {
  it("in the documented order", () => {
    expect(RULES.map((rule) => rule.code)).toEqual([
      "no_state",
      "target_changed",
      "never_built",
      "last_build_partial",
      "relation_overwritten",
      "code_incomplete",
      "scheme_changed",
      "code_changed",
      "unclassified_input_changed",
      "run_time_value_changed",
      "run_time_value_unknown",
      "hook_reads_environment",
      "parent_code_changed",
      "unknown_parent",
      "no_declared_inputs",
      "undeclared_relation_read",
      "policy_unmet",
      "tests_not_passed",
      "unit_tests_changed",
      "missing_data_evidence",
      "clock_dependent",
      "new_upstream_data",
      "parent_change_not_read",
      "unchanged",
    ]);
  });

  it("every reason code is given by a rule, and every rule module is named after its code", () => {
    const given = new Set(RULES.flatMap((rule) => [rule.code, ...(rule.also ?? [])]));
    expect([...given].sort()).toEqual([...Object.keys(BUILD_REASONS), ...REUSE_REASONS].sort());
    const modules = readdirSync(path.join(PROJECT_ROOT, "src/planner/rules"))
      .filter((file) => file.endsWith(".ts"))
      .map((file) => file.replace(/\.ts$/, "").replaceAll("-", "_"));
    for (const rule of RULES) expect(modules, rule.code).toContain(rule.code);
  });
});

type Case = [
  string,
  {
    models?: ModelSpec[];
    tests?: TestSpec[];
    recorded?: () => StateSnapshot;
    sources?: ReturnType<typeof fresh> | null;
    now?: string;
    select?: string[];
  },
  Record<string, string>,
];

function decide(c: Case[1]) {
  const project = projectOf(c.models ?? all(), { sources: ["raw.orders"], tests: c.tests });
  return planOf(project, (c.recorded ?? (() => baseline()))(), {
    sources: c.sources === undefined ? fresh() : c.sources,
    now: c.now,
    select: c.select,
  });
}

describe("last_build_partial (class 10)", () => {
  const partial = () => withPartial(baseline(), STG, "it was built with `--empty`");
  const cases: Case[] = [
    [
      "fires: the last build was partial; readers see new data",
      { recorded: partial },
      { [SEED]: "REUSE unchanged", [STG]: "BUILD last_build_partial", [ORDERS]: "BUILD new_upstream_data" },
    ],
    [
      "doesn't fire without a partial record",
      {},
      { [SEED]: "REUSE unchanged", [STG]: "REUSE unchanged", [ORDERS]: "REUSE unchanged" },
    ],
    [
      "before code_changed; readers still see the code change (parent_code_changed)",
      { recorded: partial, models: all({ stg: { sql: 'select id from "warehouse"."raw"."orders"' } }) },
      { [SEED]: "REUSE unchanged", [STG]: "BUILD last_build_partial", [ORDERS]: "BUILD parent_code_changed" },
    ],
    [
      "after never_built: a new node is never_built",
      {
        recorded: partial,
        models: [
          ...all(),
          {
            name: "orders_daily",
            sql: 'select * from "warehouse"."analytics"."orders"',
            dependsOn: [ORDERS],
          },
        ],
      },
      {
        [SEED]: "REUSE unchanged",
        [STG]: "BUILD last_build_partial",
        [ORDERS]: "BUILD new_upstream_data",
        [modelId("orders_daily")]: "BUILD never_built",
      },
    ],
  ];
  it.each(cases)("%s", (_name, c, expected) => {
    expect(decisions(decide(c))).toEqual(expected);
  });

  it("says why, and that the code changed too", () => {
    const p = decide({
      recorded: partial,
      models: all({ stg: { sql: 'select id from "warehouse"."raw"."orders"' } }),
    });
    expect(entryOf(p, STG).reasons[0]!.message).toBe(
      "Its last build (run 00000000-0000-4000-8000-000000000001) did not build the whole node: it was built with `--empty`. Its compiled SQL changed too.",
    );
  });

  it("after target_changed", () => {
    const project = projectOf(all(), { sources: ["raw.orders"] });
    const p = planOf(project, partial(), {
      sources: fresh(),
      target: { name: "ci", adapter_type: "duckdb" },
    });
    expect(decisions(p)[STG]).toBe("BUILD target_changed");
  });
});

describe("tests_not_passed (class 12 b)", () => {
  const cases: Case[] = [
    [
      "fires: the run ran no tests (dbt run); readers see a parent built for data",
      { tests: [STG_TEST], recorded: () => baseline(all(), { tests: [STG_TEST], testStatus: null }) },
      { [SEED]: "REUSE unchanged", [STG]: "BUILD tests_not_passed", [ORDERS]: "BUILD new_upstream_data" },
    ],
    [
      "fires: its tests failed",
      { tests: [STG_TEST], recorded: () => baseline(all(), { tests: [STG_TEST], testStatus: "fail" }) },
      { [SEED]: "REUSE unchanged", [STG]: "BUILD tests_not_passed", [ORDERS]: "BUILD new_upstream_data" },
    ],
    [
      "doesn't fire: its tests passed",
      { tests: [STG_TEST], recorded: () => baseline(all(), { tests: [STG_TEST], testStatus: "pass" }) },
      { [SEED]: "REUSE unchanged", [STG]: "REUSE unchanged", [ORDERS]: "REUSE unchanged" },
    ],
    [
      "doesn't fire: a warn counts as a pass (and orders, without checks, is not affected)",
      { tests: [STG_TEST], recorded: () => baseline(all(), { tests: [STG_TEST], testStatus: "warn" }) },
      { [SEED]: "REUSE unchanged", [STG]: "REUSE unchanged", [ORDERS]: "REUSE unchanged" },
    ],
    [
      "after code_changed (readers see the code change)",
      {
        tests: [STG_TEST],
        recorded: () => baseline(all(), { tests: [STG_TEST], testStatus: null }),
        models: all({ stg: { sql: 'select id from "warehouse"."raw"."orders"' } }),
      },
      { [SEED]: "REUSE unchanged", [STG]: "BUILD code_changed", [ORDERS]: "BUILD parent_code_changed" },
    ],
    [
      "after policy_unmet",
      {
        tests: [STG_TEST],
        recorded: () => baseline(all(), { tests: [STG_TEST], testStatus: null }),
        models: all({ stg: { config: { state: { lag_tolerance: "soon" } } } }),
      },
      { [SEED]: "REUSE unchanged", [STG]: "BUILD policy_unmet", [ORDERS]: "BUILD new_upstream_data" },
    ],
    [
      "before missing_data_evidence",
      {
        tests: [STG_TEST],
        recorded: () => baseline(all(), { tests: [STG_TEST], testStatus: null }),
        sources: null,
      },
      { [SEED]: "REUSE unchanged", [STG]: "BUILD tests_not_passed", [ORDERS]: "BUILD new_upstream_data" },
    ],
  ];
  it.each(cases)("%s", (_name, c, expected) => {
    expect(decisions(decide(c))).toEqual(expected);
  });

  it("says what happened and what building does", () => {
    const p = decide({
      tests: [STG_TEST],
      recorded: () => baseline(all(), { tests: [STG_TEST], testStatus: null }),
    });
    expect(entryOf(p, STG).reasons[0]!.message).toBe(
      "It has 1 check (data tests, unit tests), and its last build (run 00000000-0000-4000-8000-000000000001) has no passing test record: they failed, didn't run (`dbt run`), or were added since. Building it runs them, and its readers wait for them, as `dbt build` does.",
    );
    expect(p.select).toBe("stg_orders+");
  });
});

describe("checks_changed (class 12 a): a REUSE node whose checks changed keeps REUSE and runs them", () => {
  const passed = () => baseline(all(), { tests: [STG_TEST], testStatus: "pass" });

  it("an edited test runs; the node is reused; select selects the test", () => {
    const p = decide({ tests: [{ ...STG_TEST, column: "amount" }], recorded: passed });
    expect(decisions(p)).toEqual({
      [SEED]: "REUSE unchanged",
      [STG]: "REUSE unchanged",
      [ORDERS]: "REUSE unchanged",
    });
    expect(entryOf(p, STG).checks).toEqual({
      run: [STG_TEST_ID],
      reason: {
        code: "checks_changed",
        message:
          "Its checks were added, removed or edited since they last passed (run 00000000-0000-4000-8000-000000000001): the 1 check of the reused build run.",
      },
    });
    expect(p.select).toBe("not_null_stg_orders_id");
    expect(p.build_command).toBe("dbt build --select not_null_stg_orders_id");
  });

  it("a test added beside a passing one: both run", () => {
    const added: TestSpec = { name: "unique_stg_orders_id", reads: [STG] };
    const p = decide({ tests: [STG_TEST, added], recorded: passed });
    expect(decisions(p)[STG]).toBe("REUSE unchanged");
    expect(entryOf(p, STG).checks!.run).toEqual([STG_TEST_ID, "test.shop.unique_stg_orders_id"]);
    expect(p.select).toBe("not_null_stg_orders_id unique_stg_orders_id");
  });

  it("unchanged tests don't run; nodes without tests get no checks", () => {
    const p = decide({ tests: [STG_TEST], recorded: passed });
    expect(p.entries.map((e) => e.checks)).toEqual([undefined, undefined, undefined]);
    expect(p.select).toBe("");
  });

  it("a BUILD node gets no checks (dbt build runs its tests anyway), and its tests are not selected twice", () => {
    const p = decide({
      tests: [{ ...STG_TEST, column: "amount" }],
      recorded: passed,
      models: all({ stg: { sql: 'select id from "warehouse"."raw"."orders"' } }),
    });
    expect(decisions(p)[STG]).toBe("BUILD code_changed");
    expect(entryOf(p, STG).checks).toBeUndefined();
    expect(p.select).toBe("stg_orders+");
  });

  it("a pass recorded without a digest runs the checks again", () => {
    const snapshot = passed();
    delete snapshot.nodes[STG]!.tested!.checks_digest;
    const p = decide({ tests: [STG_TEST], recorded: () => snapshot });
    expect(entryOf(p, STG).checks!.reason.message).toMatch(/recorded without a digest/);
  });
});

describe("clock_dependent (class 8)", () => {
  const clockSql = 'select id, amount, current_date as seen_on from "warehouse"."raw"."orders"';
  const clock = (config?: Record<string, unknown>) =>
    all({ stg: { sql: clockSql, ...(config ? { config } : {}) } });
  const recordedClock = (config?: Record<string, unknown>) => () => baseline(clock(config));
  const lag = (text: string) => ({ state: { lag_tolerance: text } });
  const cases: Case[] = [
    [
      "fires: no policy; readers see new data",
      { models: clock(), recorded: recordedClock() },
      { [SEED]: "REUSE unchanged", [STG]: "BUILD clock_dependent", [ORDERS]: "BUILD new_upstream_data" },
    ],
    [
      "doesn't fire: a quoted column and a string are not calls",
      {
        models: all({
          stg: { sql: 'select "current_date", \'now()\' as label from "warehouse"."raw"."orders"' },
        }),
        recorded: () =>
          baseline(
            all({
              stg: { sql: 'select "current_date", \'now()\' as label from "warehouse"."raw"."orders"' },
            }),
          ),
      },
      { [SEED]: "REUSE unchanged", [STG]: "REUSE unchanged", [ORDERS]: "REUSE unchanged" },
    ],
    [
      "with a lag tolerance: REUSE within_lag_tolerance until due",
      { models: clock(lag("4h")), recorded: recordedClock(lag("4h")) },
      { [SEED]: "REUSE unchanged", [STG]: "REUSE within_lag_tolerance", [ORDERS]: "REUSE unchanged" },
    ],
    [
      "with a lag tolerance: BUILD clock_dependent once due",
      { models: clock(lag("1h")), recorded: recordedClock(lag("1h")) },
      { [SEED]: "REUSE unchanged", [STG]: "BUILD clock_dependent", [ORDERS]: "BUILD new_upstream_data" },
    ],
    [
      "freshness.build_after counts as the tolerance",
      {
        models: clock({ freshness: { build_after: { count: 1, period: "day" } } }),
        recorded: recordedClock({ freshness: { build_after: { count: 1, period: "day" } } }),
      },
      { [SEED]: "REUSE unchanged", [STG]: "REUSE within_lag_tolerance", [ORDERS]: "REUSE unchanged" },
    ],
    [
      "after missing_data_evidence",
      { models: clock(), recorded: recordedClock(), sources: null },
      {
        [SEED]: "REUSE unchanged",
        [STG]: "BUILD missing_data_evidence",
        [ORDERS]: "BUILD new_upstream_data",
      },
    ],
    [
      "before quorum_not_met: require_fresh_data_from: all says nothing about the clock",
      {
        models: all({
          stg: { sql: 'select id from "warehouse"."raw"."orders"' },
          orders: {
            sql: 'select *, now() as at from "warehouse"."analytics"."stg_orders" join "warehouse"."analytics"."countries" using (id)',
            config: { state: { require_fresh_data_from: "all" } },
          },
        }),
        recorded: () =>
          baseline(
            all({
              stg: { sql: 'select id from "warehouse"."raw"."orders"' },
              orders: {
                sql: 'select *, now() as at from "warehouse"."analytics"."stg_orders" join "warehouse"."analytics"."countries" using (id)',
                config: { state: { require_fresh_data_from: "all" } },
              },
            }),
          ),
        sources: fresh("2026-11-01T10:30:00Z"),
      },
      { [SEED]: "REUSE unchanged", [STG]: "BUILD new_upstream_data", [ORDERS]: "BUILD clock_dependent" },
    ],
    [
      "new data within the tolerance: new_upstream_data decides (REUSE within_lag_tolerance)",
      {
        models: clock(lag("4h")),
        recorded: recordedClock(lag("4h")),
        sources: fresh("2026-11-01T10:30:00Z"),
      },
      { [SEED]: "REUSE unchanged", [STG]: "REUSE within_lag_tolerance", [ORDERS]: "REUSE unchanged" },
    ],
    [
      "in an incremental model's is_incremental() filter (the compiled SQL is what ran)",
      {
        models: all({
          stg: {
            materialized: "incremental",
            sql: 'select id, amount from "warehouse"."raw"."orders" where _loaded_at > (select max(_loaded_at) from "warehouse"."analytics"."stg_orders") and _loaded_at < current_timestamp',
          },
        }),
        recorded: () =>
          baseline(
            all({
              stg: {
                materialized: "incremental",
                sql: 'select id, amount from "warehouse"."raw"."orders" where _loaded_at > (select max(_loaded_at) from "warehouse"."analytics"."stg_orders") and _loaded_at < current_timestamp',
              },
            }),
          ),
      },
      { [SEED]: "REUSE unchanged", [STG]: "BUILD clock_dependent", [ORDERS]: "BUILD new_upstream_data" },
    ],
  ];
  it.each(cases)("%s", (_name, c, expected) => {
    expect(decisions(decide(c))).toEqual(expected);
  });

  it("through an inlined ephemeral model", () => {
    const models = (): ModelSpec[] => [
      stg(),
      countries(),
      { name: "eph_today", materialized: "ephemeral", sql: "select today() as d", dependsOn: [] },
      orders({ dependsOn: [STG, SEED, modelId("eph_today")] }),
    ];
    const p = decide({ models: models(), recorded: () => baseline(models()) });
    expect(decisions(p)[ORDERS]).toBe("BUILD clock_dependent");
    expect(entryOf(p, ORDERS).reasons[0]!.subjects).toEqual(["today"]);
  });

  it("messages name the calls and the tolerance", () => {
    const none = decide({ models: clock(), recorded: recordedClock() });
    expect(entryOf(none, STG).reasons[0]).toMatchObject({
      code: "clock_dependent",
      message:
        "Its SQL calls `current_date`, and no freshness policy (`config.state.lag_tolerance`, `freshness.build_after`) says how long a build stays good, so it is built every run.",
      subjects: ["current_date"],
    });
    const within = decide({ models: clock(lag("4h")), recorded: recordedClock(lag("4h")) });
    expect(entryOf(within, STG).reasons[0]).toMatchObject({
      code: "within_lag_tolerance",
      due_at: expect.any(String),
      subjects: ["current_date"],
    });
    expect(entryOf(within, STG).reasons[0]!.message).toMatch(
      /^Its SQL calls `current_date`, but it was built .*, within its lag tolerance of 4h: due at /,
    );
    const due = decide({ models: clock(lag("1h")), recorded: recordedClock(lag("1h")) });
    expect(entryOf(due, STG).reasons[0]!.message).toMatch(/its lag tolerance of 1h ran out at /);
  });
});

describe("reasons don't mislead", () => {
  it("code_changed says the SQL was compared as raw text when the normaliser gave up, and why", () => {
    const p = decide({
      models: all({ stg: { sql: 'select `id`, amount from "warehouse"."raw"."orders"' } }),
    });
    expect(decisions(p)[STG]).toBe("BUILD code_changed");
    expect(entryOf(p, STG).reasons[0]!.message).toMatch(
      /^Its compiled SQL changed since run \S+\. Its SQL was compared as raw text because the SQL normaliser gave up \(.+\), so a comment or whitespace edit counts as a change\.$/,
    );
  });

  it("code_changed without a give-up says only what changed", () => {
    const p = decide({ models: all({ stg: { sql: 'select id from "warehouse"."raw"."orders"' } }) });
    expect(entryOf(p, STG).reasons[0]!.message).toBe(
      "Its compiled SQL changed since run 00000000-0000-4000-8000-000000000001.",
    );
  });

  it("parent_code_changed: a parent outside the selection is not 'built'", () => {
    const models = all({ stg: { sql: 'select id from "warehouse"."raw"."orders"' } });
    const selected = decide({ models, select: ["orders"] });
    expect(decisions(selected)).toEqual({ [ORDERS]: "BUILD parent_code_changed" });
    expect(entryOf(selected, ORDERS).reasons[0]!.message).toBe(
      "Parent `stg_orders` changes code (not selected here, so this plan doesn't build it), so its input may change shape.",
    );
    const everything = decide({ models });
    expect(entryOf(everything, ORDERS).reasons[0]!.message).toBe(
      "Parent `stg_orders` is built for a code change, so its input may change shape.",
    );
  });

  it("new_upstream_data: a parent outside the selection 'would be built', not 'is built'", () => {
    const p = decide({ sources: fresh("2026-11-01T10:30:00Z"), select: ["orders"] });
    expect(decisions(p)).toEqual({ [ORDERS]: "BUILD new_upstream_data" });
    expect(entryOf(p, ORDERS).reasons[0]!.message).toBe(
      "New upstream data: parent `stg_orders` would be built (new upstream data) but is not selected here, so this plan doesn't build it.",
    );
    const everything = decide({ sources: fresh("2026-11-01T10:30:00Z") });
    expect(entryOf(everything, ORDERS).reasons[0]!.message).toBe(
      "New upstream data: parent `stg_orders` is built (new upstream data).",
    );
  });
});

describe("the existing rules against their neighbours (first match wins)", () => {
  const otherScheme = () => {
    const snapshot = baseline();
    for (const state of Object.values(snapshot.nodes)) state.fingerprint.scheme = "dbt/1";
    return snapshot;
  };
  const envHook = "{% do run_query('insert into audit select 1') %}";
  const cases: [string, Case[1], string, string][] = [
    [
      "never_built before code_incomplete",
      { models: [...all(), { name: "new_one", compiled: null, dependsOn: [ORDERS] }] },
      modelId("new_one"),
      "BUILD never_built",
    ],
    [
      "code_incomplete before scheme_changed",
      { models: all({ stg: { compiled: null } }), recorded: otherScheme },
      STG,
      "BUILD code_incomplete",
    ],
    [
      "scheme_changed before code_changed",
      { models: all({ stg: { sql: 'select id from "warehouse"."raw"."orders"' } }), recorded: otherScheme },
      STG,
      "BUILD scheme_changed",
    ],
    [
      "code_changed before hook_reads_environment",
      {
        models: all({ stg: { postHooks: [envHook] } }),
      },
      STG,
      "BUILD code_changed",
    ],
    [
      "hook_reads_environment before parent_code_changed",
      {
        models: all({
          stg: { sql: 'select id from "warehouse"."raw"."orders"' },
          orders: { postHooks: [envHook] },
        }),
        recorded: () => baseline(all({ orders: { postHooks: [envHook] } })),
      },
      ORDERS,
      "BUILD hook_reads_environment",
    ],
    [
      "parent_code_changed before unknown_parent",
      {
        models: all({
          stg: { sql: 'select id from "warehouse"."raw"."orders"' },
          orders: { dependsOn: [STG, SEED, "model.other.ghost"] },
        }),
        recorded: () => baseline(all({ orders: { dependsOn: [STG, SEED, "model.other.ghost"] } })),
      },
      ORDERS,
      "BUILD parent_code_changed",
    ],
    [
      "unknown_parent before no_declared_inputs",
      {
        models: [...all(), { name: "lonely", dependsOn: ["model.other.ghost"] }],
        recorded: () => baseline([...all(), { name: "lonely", dependsOn: ["model.other.ghost"] }]),
      },
      modelId("lonely"),
      "BUILD unknown_parent",
    ],
    [
      "no_declared_inputs before policy_unmet",
      {
        models: [...all(), { name: "lonely", config: { state: { lag_tolerance: "soon" } } }],
        recorded: () =>
          baseline([...all(), { name: "lonely", config: { state: { lag_tolerance: "soon" } } }]),
      },
      modelId("lonely"),
      "BUILD no_declared_inputs",
    ],
    [
      "policy_unmet before missing_data_evidence",
      {
        models: all({ stg: { config: { state: { lag_tolerance: "soon" } } } }),
        recorded: () => baseline(all({ stg: { config: { state: { lag_tolerance: "soon" } } } })),
        sources: null,
      },
      STG,
      "BUILD policy_unmet",
    ],
    [
      "missing_data_evidence before new_upstream_data",
      { sources: sourcesOf(AFTER_RUN, { [ORDERS_SOURCE]: null }) },
      STG,
      "BUILD missing_data_evidence",
    ],
    [
      "new_upstream_data before unchanged",
      { sources: fresh("2026-11-01T10:30:00Z") },
      STG,
      "BUILD new_upstream_data",
    ],
    ["unchanged, the last", {}, STG, "REUSE unchanged"],
  ];
  it.each(cases)("%s", (_name, c, id, expected) => {
    expect(decisions(decide(c))[id]).toBe(expected);
  });
});
