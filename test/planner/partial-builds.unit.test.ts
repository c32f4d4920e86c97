/**
 * What a run really did (issue 18, class 10): a node dbt reports as built is
 * recorded as partial when the run did not build all of it (`--empty`,
 * `--sample`, a microbatch model bounded by `--event-time-start/--event-time-end`
 * or with failed batches), and the next plan builds it (`last_build_partial`).
 * On dbt-bouncer's real `dbt build` (dbt 1.11) run_results and manifest,
 * with the flags and batch results dbt writes for such runs
 * (core/dbt/artifacts/schemas/run/v5/run.py, core/dbt/task/run.py).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadRunResults } from "../../src/dbt/artifacts/run-results.js";
import { loadSources } from "../../src/dbt/artifacts/sources.js";
import { type LoadedProject, loadProject } from "../../src/dbt/load-project.js";
import { plan } from "../../src/planner/plan.js";
import { record } from "../../src/planner/record.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { buildSources } from "../support/run-builders.js";
import { sharedFixture, sharedFixturesPresent } from "../support/shared-fixtures.js";

// biome-ignore lint/suspicious/noExplicitAny: dbt artifact documents
type Json = any;
const DIR = ["dbt-bouncer-duckdb-1.11-build", "history", "01-03238b7"];
const read = (file: string) => readFileSync(sharedFixture(...DIR, file), "utf8");
const P = "dbt_bouncer_test_project";
const TARGET = { name: "prod", adapter_type: "duckdb" };
const SCOPE = { project: P, environment: "prod" };
const REAL_RUN = "0e438bb4-49b7-482c-8948-5e47e6b8edf6";
const EARLIER_RUN = "11111111-1111-4111-8111-111111111111";
const STG_ORDERS = `model.${P}.stg_orders`;

/** The manifest, optionally with stg_orders made a microbatch model and another invocation id. */
function manifestOf(options: { microbatch?: boolean; invocationId?: string } = {}): LoadedProject {
  const doc = JSON.parse(read("manifest.json"));
  if (options.invocationId) doc.metadata.invocation_id = options.invocationId;
  if (options.microbatch) {
    Object.assign(doc.nodes[STG_ORDERS].config, {
      materialized: "incremental",
      incremental_strategy: "microbatch",
      event_time: "order_date",
      batch_size: "day",
      begin: "2018-01-01",
    });
  }
  return loadProject(JSON.stringify(doc), "manifest.json");
}

/** The real run_results, edited as dbt writes them for the run under test; `earlier` moves it a day back. */
function runResultsOf(edit: (doc: Json) => void, options: { earlier?: boolean } = {}) {
  let text = read("run_results.json");
  if (options.earlier) text = text.replaceAll(REAL_RUN, EARLIER_RUN).replaceAll("2026-02-20T", "2026-02-19T");
  const doc = JSON.parse(text);
  edit(doc);
  return loadRunResults(JSON.stringify(doc), "run_results.json");
}

function recordOf(project: LoadedProject, edit: (doc: Json) => void, previous: StateSnapshot | null = null) {
  const earlier = project.manifest.metadata.invocationId === EARLIER_RUN;
  return record({
    project,
    runResults: runResultsOf(edit, { earlier }),
    sources: null,
    scope: SCOPE,
    previous,
    recordedRunIds: new Set(),
    target: TARGET,
    now: "2026-03-01T00:00:00Z",
  });
}

function decisionsOf(project: LoadedProject, snapshot: StateSnapshot): Record<string, string> {
  const versions = Object.fromEntries(
    [...project.graph.sources.keys()].map((id) => [id, "2025-12-31T00:00:00Z"]),
  );
  const p = plan({
    project,
    scope: SCOPE,
    state: { id: "s", snapshot },
    sources: loadSources(JSON.stringify(buildSources("2026-03-01T00:00:00Z", versions)), "sources.json"),
    select: [],
    now: "2026-03-01T00:00:00Z",
    target: TARGET,
  });
  return Object.fromEntries(
    p.entries.map((e) => [e.unique_id.replace(P, "p"), `${e.action} ${e.reasons[0]!.code}`]),
  );
}

const batch = (day: string): [string, string] => [
  `${day}T00:00:00Z`,
  `${day}T00:00:00Z`.replace(/-(\d\d)T/, (_, d) => `-${String(Number(d) + 1).padStart(2, "0")}T`),
];
const stgOrdersResult = (doc: Json) => doc.results.find((r: Json) => r.unique_id === STG_ORDERS);

/** The plan after recording the real run as it was (15 nodes built whole, none partial). */
const WHOLE: Record<string, string> = {
  "model.p.int_exclude_via_meta_config": "BUILD no_declared_inputs",
  "model.p.int_incremental": "BUILD no_declared_inputs",
  "model.p.metricflow_time_spine": "BUILD no_declared_inputs",
  "seed.p.raw_customers": "REUSE unchanged",
  "seed.p.raw_orders": "REUSE unchanged",
  "seed.p.raw_payments": "REUSE unchanged",
  "model.p.stg_customers": "BUILD missing_data_evidence",
  "model.p.stg_orders": "REUSE unchanged",
  "model.p.stg_payments": "REUSE unchanged",
  "snapshot.p.snapshot_orders": "REUSE unchanged",
  "snapshot.p.snapshot_orders_multiple_unique_keys": "REUSE unchanged",
  "model.p.customers.v1": "BUILD new_upstream_data",
  "model.p.customers.v2": "BUILD new_upstream_data",
  "model.p.orders": "REUSE unchanged",
  "model.p.py_order_stats": "REUSE unchanged",
};
const BUILT = Object.keys(WHOLE);

describe.skipIf(!sharedFixturesPresent)(
  "dbt-bouncer's real build: partial builds are recorded and built again",
  () => {
    const plain = sharedFixturesPresent ? manifestOf() : null!;
    const microbatch = sharedFixturesPresent ? manifestOf({ microbatch: true }) : null!;
    const neverBuilt = sharedFixturesPresent
      ? Object.fromEntries(
          plain.graph.order
            .map((id) => id.replace(P, "p"))
            .filter((id) => !BUILT.includes(id))
            .map((id) => [id, "BUILD never_built"]),
        )
      : {};
    const allPartial = Object.fromEntries(BUILT.map((id) => [id, "BUILD last_build_partial"]));
    // stg_orders partial: it is built, and so, for new data, are its readers that were reused.
    const stgOrdersPartial = {
      "model.p.stg_orders": "BUILD last_build_partial",
      "model.p.orders": "BUILD new_upstream_data",
      "model.p.py_order_stats": "BUILD new_upstream_data",
    };

    it.each<{
      case: string;
      microbatch: boolean;
      edit: (doc: Json) => void;
      partial: string[];
      changes: Record<string, string>;
    }>([
      { case: "the real run, as dbt wrote it", microbatch: false, edit: () => {}, partial: [], changes: {} },
      {
        case: "`dbt build --empty`",
        microbatch: false,
        edit: (doc) => {
          doc.args.empty = true;
        },
        partial: BUILT,
        changes: allPartial,
      },
      {
        case: "`dbt build --sample '3 days'` (dbt 1.10+)",
        microbatch: false,
        edit: (doc) => {
          doc.args.sample = "3 days";
        },
        partial: BUILT,
        changes: allPartial,
      },
      {
        case: "`--event-time-start` without microbatch models: nothing is bounded",
        microbatch: false,
        edit: (doc) => {
          doc.args.event_time_start = "2026-02-01T00:00:00";
        },
        partial: [],
        changes: {},
      },
      {
        case: "a microbatch model whose batches all succeeded, no bounds: a whole build",
        microbatch: true,
        edit: (doc) => {
          stgOrdersResult(doc).batch_results = {
            successful: [batch("2026-02-19"), batch("2026-02-20")],
            failed: [],
          };
        },
        partial: [],
        changes: {},
      },
      {
        case: "a microbatch model run with `--event-time-start/--event-time-end`",
        microbatch: true,
        edit: (doc) => {
          doc.args.event_time_start = "2026-02-01T00:00:00";
          doc.args.event_time_end = "2026-02-03T00:00:00";
          stgOrdersResult(doc).batch_results = {
            successful: [batch("2026-02-01"), batch("2026-02-02")],
            failed: [],
          };
        },
        partial: [STG_ORDERS],
        changes: stgOrdersPartial,
      },
      {
        case: "a microbatch model with a failed batch (`partial success`)",
        microbatch: true,
        edit: (doc) => {
          const result = stgOrdersResult(doc);
          result.status = "partial success";
          result.message = "PARTIAL SUCCESS (1/2)";
          result.batch_results = { successful: [batch("2026-02-19")], failed: [batch("2026-02-20")] };
        },
        partial: [STG_ORDERS],
        changes: stgOrdersPartial,
      },
    ])("$case", ({ microbatch: mb, edit, partial, changes }) => {
      const project = mb ? microbatch : plain;
      const outcome = recordOf(project, edit);
      expect(outcome.built.map((id) => id.replace(P, "p")).sort()).toEqual([...BUILT].sort());
      expect(outcome.partial.sort()).toEqual(partial.map((id) => id.replace("p.", `${P}.`)).sort());
      for (const id of outcome.built) {
        const state = outcome.snapshot.nodes[id]!;
        expect(state.partial !== undefined, id).toBe(outcome.partial.includes(id));
        // Checks that passed on partial data vouch for nothing.
        if (state.partial) expect(state.tested, id).toBeUndefined();
      }
      expect(decisionsOf(project, outcome.snapshot)).toEqual({ ...WHOLE, ...neverBuilt, ...changes });
    });

    it("a partial build says why, in the plan's message", () => {
      const outcome = recordOf(microbatch, (doc) => {
        const result = stgOrdersResult(doc);
        result.status = "partial success";
        result.batch_results = { successful: [batch("2026-02-19")], failed: [batch("2026-02-20")] };
      });
      expect(outcome.snapshot.nodes[STG_ORDERS]!.partial).toEqual({
        why: "only 1 of its 2 microbatch batches succeeded (first failed: 2026-02-20T00:00:00Z)",
      });
      // Its checks passed in the real run: a whole build would be tested.
      expect(recordOf(microbatch, () => {}).snapshot.nodes[STG_ORDERS]!.tested).toBeDefined();
    });

    it("a later whole build clears `partial`: the plan is the whole build's", () => {
      const earlier = manifestOf({ invocationId: EARLIER_RUN });
      const partial = recordOf(earlier, (doc) => {
        doc.args.empty = true;
      }).snapshot;
      expect(Object.values(partial.nodes).every((state) => state.partial !== undefined)).toBe(true);
      expect(decisionsOf(plain, partial)).toEqual({ ...WHOLE, ...neverBuilt, ...allPartial });
      const whole = recordOf(plain, () => {}, partial);
      expect(Object.values(whole.snapshot.nodes).some((state) => state.partial !== undefined)).toBe(false);
      expect(decisionsOf(plain, whole.snapshot)).toEqual({ ...WHOLE, ...neverBuilt });
    });

    it("`dbt run` stays a build without tests: recorded, nothing tested; `dbt build` tests", () => {
      const run = recordOf(plain, (doc) => {
        doc.args.which = "run";
        doc.results = doc.results.filter((r: Json) => !/^(test|unit_test)\./.test(r.unique_id));
      });
      expect(run.built.length).toBe(15);
      expect(run.partial).toEqual([]);
      expect(Object.values(run.snapshot.nodes).filter((state) => state.tested).length).toBe(0);
      const build = recordOf(plain, () => {});
      expect(Object.values(build.snapshot.nodes).filter((state) => state.tested).length).toBeGreaterThan(0);
    });
  },
);
