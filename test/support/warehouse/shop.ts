/**
 * The shop fixture (fixtures/shop) on a real warehouse: its raw data loaded
 * as dbt's sources, its manifests built by dbt-runner.ts, recorded with the
 * real record(), planned with the real plan().
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { loadRunResults } from "../../../src/dbt/artifacts/run-results.js";
import { loadSources, type SourcesFreshness } from "../../../src/dbt/artifacts/sources.js";
import { type LoadedProject, loadProject } from "../../../src/dbt/load-project.js";
import { plan } from "../../../src/planner/plan.js";
import { record } from "../../../src/planner/record.js";
import type { Plan } from "../../../src/state/plan.js";
import type { StateSnapshot, TargetIdentity } from "../../../src/state/snapshot.js";
import {
  type DbtRunOptions,
  loadShopRaw as loadRaw,
  readShopJson,
  runDbt,
  shopSeedColumns,
  sourcesObservedAt,
} from "../../../tools/dbt-standin.js";
import { PROJECT_ROOT } from "../shared-fixtures.js";
import type { Session } from "./sessions.js";

// biome-ignore lint/suspicious/noExplicitAny: fixture JSON
type Json = any;

export const SHOP = path.join(PROJECT_ROOT, "fixtures", "shop");
export const SCOPE = { project: "shop", environment: "prod" };
/** The repository and dbt project the shop's environments belong to (docs/environments.md, Isolation). */
export const ENV_SCOPE = { repository: "acme/shop", project: "shop" };
export const PROD_TARGET: TargetIdentity = { name: "prod", adapter_type: "duckdb" };
export const CI_TARGET: TargetIdentity = { name: "ci", adapter_type: "duckdb" };

export function shopJson(relative: string): Json {
  return readShopJson(relative, SHOP);
}

export function projectOf(manifest: Json, file = "manifest.json"): LoadedProject {
  return loadProject(JSON.stringify(manifest), file);
}

export const SEED_COLUMNS = shopSeedColumns(SHOP);

/** The raw tables as dbt's sources read them: "raw".customers, orders, payments. */
export async function loadShopRaw(session: Session): Promise<void> {
  await loadRaw(session, SHOP);
}

/** A sources.json of the fixture with its observation times moved (the data versions stay). */
export function sourcesAt(relative: string, at: string): SourcesFreshness {
  return loadSources(JSON.stringify(sourcesObservedAt(relative, at, SHOP)), relative);
}

export function sourcesOf(relative: string): SourcesFreshness {
  return loadSources(readFileSync(path.join(SHOP, relative), "utf8"), relative);
}

export async function build(
  session: Session,
  options: Omit<DbtRunOptions, "seedsDir" | "seedColumns">,
): Promise<ReturnType<typeof loadRunResults>> {
  const results = await runDbt(session, {
    ...options,
    seedsDir: path.join(SHOP, "seeds"),
    seedColumns: SEED_COLUMNS,
  });
  return loadRunResults(JSON.stringify(results), "run_results.json");
}

export function planOver(
  project: LoadedProject,
  state: StateSnapshot | null,
  options: { sources: SourcesFreshness | null; now: string; pointers?: boolean; target?: TargetIdentity },
): Plan {
  return plan({
    project,
    scope: SCOPE,
    state: state ? { id: "snapshot", snapshot: state } : null,
    sources: options.sources,
    select: [],
    now: options.now,
    target: options.target ?? (options.pointers ? CI_TARGET : PROD_TARGET),
    pointers: options.pointers === true,
  });
}

export function recordProd(
  project: LoadedProject,
  runResults: ReturnType<typeof loadRunResults>,
  previous: StateSnapshot | null,
  sources: SourcesFreshness | null,
  now: string,
): StateSnapshot {
  return record({
    project,
    runResults,
    sources,
    scope: SCOPE,
    previous,
    recordedRunIds: new Set(),
    target: PROD_TARGET,
    now,
  }).snapshot;
}

/** Unique ids of the BUILD entries of a plan. */
export function buildSet(p: Plan): Set<string> {
  return new Set(p.entries.filter((e) => e.action === "BUILD").map((e) => e.unique_id));
}
