/**
 * Issue 22's comments on real projects: plans made by the real planner
 * (src/planner/plan.ts) from real dbt artifacts, each with the comment
 * context a pull request gives. Deterministic: fixed clocks and ids.
 *
 * - the demo (`npm run demo`): fixtures/shop, prod recorded from its
 *   run_results, pull request 7 planned with the demo's sources.json;
 * - on ../shared/fixtures/dbt: prod is a recorded full build of the
 *   unchanged manifest, and the pull request edits the compiled code of N
 *   chosen models in a copy of it in memory (the realistic-change harness's
 *   record and edit, test/planner/realistic-changes/);
 * - on the generator of tools/artifacts/ (10,000 nodes): prod is a recorded
 *   full build of its compiled manifest, the pull request the generator's
 *   own change of 1% of the models' SQL (bench/generate.ts's `next/`).
 *
 * Built lazily and once per process: the large ones take seconds.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { CommentContext } from "../../../src/comment/comment-context.js";
import { loadRunResults } from "../../../src/dbt/artifacts/run-results.js";
import { loadSources } from "../../../src/dbt/artifacts/sources.js";
import { loadProject } from "../../../src/dbt/load-project.js";
import { plan } from "../../../src/planner/plan.js";
import { record } from "../../../src/planner/record.js";
import { loadAnalyzeSql } from "../../../src/runtime/column-facts-analyzer.js";
import type { Plan } from "../../../src/state/plan.js";
import { SHOP_DIR, sourcesObservedAt } from "../../../tools/dbt-standin.js";
import { baseContext } from "../../comment/scenarios.js";
import { planEdit } from "../../planner/column-impact/impact-harness.js";
import {
  DEFAULT_PLAN_AT,
  editSql,
  FIXTURES,
  fullBuildStatuses,
  type Json,
  manifestJson,
  Oracle,
  recordRun,
  scopeOf,
  sourcesDoc,
  T0,
  targetOf,
} from "../../planner/realistic-changes/harness.js";
import { generatedManifest } from "../generated-manifest.js";
import { sharedFixturesPresent } from "../shared-fixtures.js";
import { jaffleReport } from "./data-diffs.js";

export interface RealScenario {
  /** The golden file's name (test/comment/golden/real/<name>.md). */
  name: string;
  /** What the pull request does, for the test's title. */
  what: string;
  /** Whether it reads ../shared/fixtures/dbt (skipped where that is absent). */
  shared: boolean;
  /** Whether it takes long enough (tens of seconds) to belong to the slow project. */
  slow: boolean;
  /** The plan and its context, made on first use. */
  load: () => { plan: Plan; context: CommentContext };
}

/** The edit made to each chosen model: the same compiled (and raw) change a user's edit gives. */
export function editModel(m: Json, id: string): void {
  editSql(m.nodes[id], (sql) => `select *, 1 as pr_42_edit from (\n${sql}\n) as pr_42_edited`);
}

const PROD_INVOCATION = "00000000-0000-4000-8000-0000000000a1";

/**
 * The plan of `changed` against prod's state after a successful full build of
 * `base` (recorded at T0, planned at DEFAULT_PLAN_AT with a sources.json that
 * shows no new data).
 */
export function planChanged(base: Json, changed: Json): Plan {
  const snapshot = recordRun(base, fullBuildStatuses(new Oracle(base)), T0, null, PROD_INVOCATION);
  const takenAt = new Date(Date.parse(DEFAULT_PLAN_AT) - 60_000).toISOString();
  return plan({
    project: loadProject(JSON.stringify(changed), "manifest.json"),
    scope: scopeOf(changed),
    state: { id: "s1", snapshot },
    sources: sourcesDoc(new Oracle(changed), takenAt, {}),
    select: [],
    now: DEFAULT_PLAN_AT,
    target: targetOf(changed),
  });
}

/** The plan of `base` with the `chosen` models edited (editModel), against prod's full build of `base`. */
export function planEdited(base: Json, chosen: readonly string[]): Plan {
  const edited = structuredClone(base);
  for (const id of chosen) editModel(edited, id);
  return planChanged(base, edited);
}

/** The manifest's planned models (tables, views, incrementals; not seeds or ephemeral models), sorted by id. */
export function plannedModels(o: Oracle): string[] {
  return o.planned.filter((id) => o.m.nodes[id].resource_type === "model");
}

/** `count` of `ids`, spread evenly over the list (the first, then every len/count-th). */
export function spread(ids: readonly string[], count: number): string[] {
  if (count > ids.length) throw new Error(`asked for ${count} of ${ids.length} models`);
  return Array.from({ length: count }, (_, i) => ids[Math.floor((i * ids.length) / count)]!);
}

/** The planned model with the number of planned descendants closest to `reach` (then the first by id). */
export function modelReaching(o: Oracle, reach: number): string {
  let best: { id: string; off: number } | null = null;
  for (const id of plannedModels(o)) {
    const off = Math.abs(o.descendants([id]).size - reach);
    if (!best || off < best.off) best = { id, off };
  }
  if (!best) throw new Error("no planned model");
  return best.id;
}

function memo<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

/** Pull request 7 of `npm run demo` (scripts/demo.mjs): it edits stg_orders and reformats customers. */
function demoPlan(): Plan {
  const shop = (file: string) => readFileSync(path.join(SHOP_DIR, file), "utf8");
  const scope = { project: "shop", environment: "prod" };
  const target = { name: "prod", adapter_type: "duckdb" };
  const prod = record({
    project: loadProject(shop("prod/manifest.json"), "manifest.json"),
    runResults: loadRunResults(shop("prod/run_results.json"), "run_results.json"),
    sources: loadSources(shop("prod/sources.json"), "sources.json"),
    scope,
    previous: null,
    recordedRunIds: new Set(),
    target,
    now: "2026-11-30T08:10:00Z",
  });
  // The demo's sources.json for the pull request: prod-after-merge's, observed at 10:10.
  const sources = sourcesObservedAt("prod-after-merge/sources.json", "2026-11-30T10:10:00Z");
  return plan({
    project: loadProject(shop("pr-7/manifest.json"), "manifest.json"),
    scope,
    state: { id: "s1", snapshot: prod.snapshot },
    sources: loadSources(JSON.stringify(sources), "sources.json"),
    select: [],
    now: "2026-11-30T10:12:00Z",
    target,
    pointers: true,
  });
}

/** A fixture's plan with `choose` picking the edited models from its manifest. */
function fixturePlan(fixture: string, choose: (o: Oracle) => string[]): () => Plan {
  return () => {
    const base = manifestJson(fixture);
    return planEdited(base, choose(new Oracle(base)));
  };
}

/** The generator's seed (test/support/generated-manifest.ts's default) and the share of models a pull request changes: bench/generate.ts's `next/` (1%). */
const GENERATED_SEED = 20261130;
export const GENERATED_CHANGED_SHARE = 0.01;

/** Compiled manifests of the generated 10,000-node project, before and after the generator's own 1% change. */
function generatedPlan(): Plan {
  const compiled = { command: "compile" } as const;
  const base = generatedManifest(10_000, GENERATED_SEED, compiled).doc;
  const changed = generatedManifest(10_000, GENERATED_SEED, {
    ...compiled,
    changedShare: GENERATED_CHANGED_SHARE,
    changeSeed: GENERATED_SEED + 1,
  }).doc;
  return planChanged(base, changed);
}

function scenario(
  name: string,
  what: string,
  where: { shared: boolean; slow?: boolean },
  make: () => Plan,
  context: CommentContext = baseContext,
): RealScenario {
  // Pull request 42's context, test/comment/scenarios.ts's: what it gains, these comments gain too.
  const load = memo(() => ({ plan: make(), context }));
  return { name, what, shared: where.shared, slow: where.slow ?? false, load };
}

/**
 * Issue 24: jaffle-shop with `is_food_item` of stg_products edited, planned
 * with column impact: the changed column, the columns it reaches downstream
 * (order_items, orders) and the reader that does not read them (customers).
 */
function columnImpactPlan(): Plan {
  if (!analyzer?.ok)
    throw new Error(`the SQL parser did not load: ${analyzer?.ok === false ? analyzer.error : "not loaded"}`);
  return planEdit(
    FIXTURES.jaffle,
    "model.jaffle_shop.stg_products",
    (sql) =>
      sql.replace(
        "coalesce(type = 'jaffle', false) as is_food_item",
        "coalesce(type in ('jaffle', 'sandwich'), false) as is_food_item",
      ),
    analyzer.analyze,
    { pointers: true },
  ).withImpact;
}
const analyzer = sharedFixturesPresent ? await loadAnalyzeSql() : null;

/** The scenarios, in the order of the "Done when". */
export const REAL_SCENARIOS: readonly RealScenario[] = [
  scenario("demo-shop-pr-7", "the demo: pull request 7 on fixtures/shop", { shared: false }, demoPlan),
  scenario(
    "jaffle-shop-one-model",
    "jaffle-shop (DuckDB, dbt 1.12): stg_orders edited",
    { shared: true },
    fixturePlan(FIXTURES.jaffle, (o) => [o.id("stg_orders")]),
  ),
  scenario(
    "jaffle-shop-one-model-data-diff",
    "jaffle-shop (DuckDB, dbt 1.12): stg_orders edited, after the build, with its data diff",
    { shared: true },
    fixturePlan(FIXTURES.jaffle, (o) => [o.id("stg_orders")]),
    { ...baseContext, dataDiff: jaffleReport() },
  ),
  scenario(
    "jaffle-shop-column-impact",
    "jaffle-shop (DuckDB, dbt 1.12): one column of stg_products edited, planned with column impact",
    { shared: true },
    columnImpactPlan,
  ),
  scenario(
    "tuva-one-model",
    "tuva (Snowflake, dbt 1.7): one model with about 38 planned descendants edited",
    { shared: true },
    fixturePlan(FIXTURES.tuva, (o) => [modelReaching(o, 38)]),
  ),
  scenario(
    "global-trade-40-models",
    "global-trade (BigQuery, dbt 1.11): 40 of its 78 models edited",
    { shared: true },
    fixturePlan(FIXTURES.trade, (o) => spread(plannedModels(o), 40)),
  ),
  scenario(
    "tuva-250-models",
    "tuva (Snowflake, dbt 1.7): 250 of its 255 planned models edited",
    { shared: true },
    fixturePlan(FIXTURES.tuva, (o) => spread(plannedModels(o), 250)),
  ),
  scenario(
    "generated-10000-nodes",
    "the generated 10,000-node project (tools/artifacts/): the SQL of 1% of its models changed",
    { shared: false, slow: true },
    generatedPlan,
  ),
];
