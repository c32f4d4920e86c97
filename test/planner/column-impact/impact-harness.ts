/**
 * Harness of the column-impact suite (issue 24): on a real manifest from
 * ../shared/fixtures/dbt, record a full `dbt build` with the column facts
 * the action records, edit one model's compiled SQL as a change does, and
 * plan it twice: with the SQL parser (column impact) and without it (every
 * descendant of a code change is built, as before issue 24).
 */
import { nodeColumnFacts } from "../../../src/dbt/column-facts/node-facts.js";
import type { AnalyzeSql } from "../../../src/dbt/column-facts/sql-analysis.js";
import { type LoadedProject, loadProject } from "../../../src/dbt/load-project.js";
import { plan } from "../../../src/planner/plan.js";
import { record } from "../../../src/planner/record.js";
import type { ColumnFactsOf } from "../../../src/planner/rules/context.js";
import type { Plan } from "../../../src/state/plan.js";
import type { StateSnapshot } from "../../../src/state/snapshot.js";
import {
  fullBuildStatuses,
  type Json,
  manifestJson,
  Oracle,
  runDoc,
  scopeOf,
  sha,
  sourcesDoc,
  T0,
  targetOf,
} from "../realistic-changes/harness.js";

export const RECORDED_AT = "2026-01-03T00:00:00Z";
export const PLANNED_AT = "2026-01-05T00:00:00Z";

export function factsOf(project: LoadedProject, analyze: AnalyzeSql): ColumnFactsOf {
  return (id, columnsOf) => nodeColumnFacts(project.manifest, id, analyze, columnsOf);
}

const recorded = new Map<string, StateSnapshot>();

/**
 * The fixture's manifest, its large seeds given a content checksum (dbt
 * records only a path for files over 1 MiB; the action reads the file from
 * the checkout): unchanged seeds then reuse, as they do with `project-dir`.
 */
function fixtureManifest(fixture: string): Json {
  const m = manifestJson(fixture);
  for (const node of Object.values(m.nodes) as Json[]) {
    if (node.resource_type === "seed" && node.checksum?.name === "path")
      node.checksum = { name: "sha256", checksum: `${node.unique_id}-content` };
  }
  return m;
}

/** The fixture's full build, recorded with column facts (once per fixture). */
export function recordedBuild(fixture: string, analyze: AnalyzeSql): StateSnapshot {
  const known = recorded.get(fixture);
  if (known) return known;
  const m = fixtureManifest(fixture);
  m.metadata.invocation_id = "00000000-0000-4000-8000-0000000000b1";
  const o = new Oracle(m);
  const project = loadProject(JSON.stringify(m), "manifest.json");
  const snapshot = record({
    project,
    runResults: runDoc(o, m.metadata.invocation_id, T0, fullBuildStatuses(o)),
    sources: sourcesDoc(o, "2026-01-01T00:00:00Z", {}),
    scope: scopeOf(m),
    previous: null,
    recordedRunIds: new Set(),
    target: targetOf(m),
    now: RECORDED_AT,
    columnFacts: factsOf(project, analyze),
  }).snapshot;
  recorded.set(fixture, snapshot);
  return snapshot;
}

export interface ImpactOutcome {
  withImpact: Plan;
  without: Plan;
  project: LoadedProject;
  changed: Json;
}

/**
 * A model's file edited as a developer does and as dbt then writes it: the
 * edit made in the file (where the file holds the text as compiled; else a
 * line of the file changes with it, as when the edit is inside a macro
 * call's arguments), the file's checksum of the new text, and the compiled
 * SQL edited.
 */
export function editAsDbtWrites(node: Json, edit: (sql: string) => string): void {
  const compiled = edit(node.compiled_code);
  let inFile: string = node.raw_code;
  try {
    inFile = edit(node.raw_code);
  } catch {
    // The edit's text is not in the file as written (the compiled SQL shows a macro's output there).
  }
  node.raw_code = inFile !== node.raw_code ? inFile : `${node.raw_code}\n-- edited`;
  node.checksum = { name: "sha256", checksum: sha(node.raw_code) };
  node.compiled_code = compiled;
}

/** Plans the fixture with `edit` applied to `model`'s file and compiled SQL, with and without column impact. */
export function planEdit(
  fixture: string,
  model: string,
  edit: (sql: string) => string,
  analyze: AnalyzeSql,
  options: { pointers?: boolean; also?: { model: string; edit: (sql: string) => string } } = {},
): ImpactOutcome {
  const snapshot = recordedBuild(fixture, analyze);
  const changed = fixtureManifest(fixture);
  const node = changed.nodes[model];
  if (!node) throw new Error(`${fixture} has no ${model}`);
  editAsDbtWrites(node, edit);
  if (options.also) {
    const other = changed.nodes[options.also.model];
    if (!other) throw new Error(`${fixture} has no ${options.also.model}`);
    editAsDbtWrites(other, options.also.edit);
  }
  const o = new Oracle(changed);
  const project = loadProject(JSON.stringify(changed), "manifest.json");
  const input = {
    project,
    scope: scopeOf(changed),
    state: { id: "s1", snapshot },
    sources: sourcesDoc(o, new Date(Date.parse(PLANNED_AT) - 60_000).toISOString(), {}),
    select: [],
    now: PLANNED_AT,
    target: targetOf(changed),
    ...(options.pointers ? { pointers: true } : {}),
  };
  return {
    withImpact: plan({ ...input, columnFacts: factsOf(project, analyze) }),
    without: plan(input),
    project,
    changed,
  };
}

/** "ACTION code" of every entry. */
export function decisionsOf(p: Plan): Record<string, string> {
  return Object.fromEntries(p.entries.map((e) => [e.unique_id, `${e.action} ${e.reasons[0]?.code}`]));
}

export const BUILT_AT = "2026-01-05T01:00:00Z";
export const REPLANNED_AT = "2026-01-06T00:00:00Z";

/**
 * Runs the plan with column impact (its BUILD entries succeed; the rest are
 * reused), records that run with column facts over the fixture's recorded
 * build, and plans the same changed manifest again: the snapshot, and the
 * second plan.
 */
export function buildAndReplan(
  fixture: string,
  outcome: ImpactOutcome,
  analyze: AnalyzeSql,
  /** Source versions seen by the run (and the next plan): new data arrived before the run. */
  sourcesAtRun: Record<string, string> = {},
): { snapshot: StateSnapshot; replan: Plan } {
  const m = structuredClone(outcome.changed);
  m.metadata.invocation_id = "00000000-0000-4000-8000-0000000000b2";
  const o = new Oracle(m);
  const project = loadProject(JSON.stringify(m), "manifest.json");
  // `dbt build` of the plan's selection: its nodes succeed and their tests pass.
  const built = outcome.withImpact.entries.filter((e) => e.action === "BUILD").map((e) => e.unique_id);
  const tests = o.allTests().filter((id) => {
    const parents: string[] = (m.nodes[id] ?? m.unit_tests?.[id])?.depends_on?.nodes ?? [];
    return parents.some((parent) => built.includes(parent));
  });
  const statuses = {
    ...Object.fromEntries(built.map((id) => [id, "success"])),
    ...Object.fromEntries(tests.map((id) => [id, "pass"])),
  };
  const snapshot = record({
    project,
    runResults: runDoc(o, m.metadata.invocation_id, BUILT_AT, statuses),
    sources: sourcesDoc(o, new Date(Date.parse(BUILT_AT) - 60_000).toISOString(), sourcesAtRun),
    scope: scopeOf(m),
    previous: recordedBuild(fixture, analyze),
    recordedRunIds: new Set(),
    target: targetOf(m),
    now: new Date(Date.parse(BUILT_AT) + 3_600_000).toISOString(),
    columnFacts: factsOf(project, analyze),
  }).snapshot;
  const replan = plan({
    project,
    scope: scopeOf(m),
    state: { id: "s2", snapshot },
    sources: sourcesDoc(o, new Date(Date.parse(REPLANNED_AT) - 60_000).toISOString(), sourcesAtRun),
    select: [],
    now: REPLANNED_AT,
    target: targetOf(m),
    columnFacts: factsOf(project, analyze),
  });
  return { snapshot, replan };
}
