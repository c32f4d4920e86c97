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
import { PROJECT_ROOT } from "../shared-fixtures.js";
import { type DbtRunOptions, loadCsvTable, quote, runDbt } from "./dbt-runner.js";
import type { Session } from "./sessions.js";

// biome-ignore lint/suspicious/noExplicitAny: fixture JSON
type Json = any;

export const SHOP = path.join(PROJECT_ROOT, "fixtures", "shop");
export const SCOPE = { project: "shop", environment: "prod" };
export const PROD_TARGET: TargetIdentity = { name: "prod", adapter_type: "duckdb" };
export const CI_TARGET: TargetIdentity = { name: "ci", adapter_type: "duckdb" };

export function shopJson(relative: string): Json {
  return JSON.parse(readFileSync(path.join(SHOP, relative), "utf8"));
}

export function projectOf(manifest: Json, file = "manifest.json"): LoadedProject {
  return loadProject(JSON.stringify(manifest), file);
}

const catalog = shopJson("prod/catalog.json");

export const SEED_COLUMNS: Record<string, { name: string; type: string }[]> = Object.fromEntries(
  Object.entries<Json>(catalog.nodes)
    .filter(([id]) => id.startsWith("seed."))
    .map(([id, entry]) => [
      id,
      Object.values<Json>(entry.columns).map((c) => ({ name: c.name, type: c.type })),
    ]),
);

/** The raw tables as dbt's sources read them: "raw".customers, orders, payments. */
export async function loadShopRaw(session: Session): Promise<void> {
  await session.exec(`create schema if not exists ${quote("raw")}`);
  for (const source of Object.values<Json>(catalog.sources)) {
    const columns = Object.values<Json>(source.columns).map((c) => ({ name: c.name, type: c.type }));
    await loadCsvTable(
      session,
      `${quote("raw")}.${quote(source.metadata.name)}`,
      columns,
      path.join(SHOP, "raw", `${source.metadata.name}.csv`),
    );
  }
}

/** A sources.json of the fixture with its observation times moved (the data versions stay). */
export function sourcesAt(relative: string, at: string): SourcesFreshness {
  const doc = shopJson(relative);
  doc.metadata.generated_at = at;
  doc.metadata.invocation_started_at = at;
  for (const result of doc.results) {
    result.snapshotted_at = at;
    for (const timing of result.timing ?? []) {
      timing.started_at = at;
      timing.completed_at = at;
    }
  }
  return loadSources(JSON.stringify(doc), relative);
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
