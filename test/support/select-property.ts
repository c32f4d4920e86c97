/**
 * The property of the plan's `select` / `exclude` (issue 20), shared by the
 * fast test on the real fixtures and the slow one on generated projects:
 * resolved with dbt's semantics (the independent reference,
 * dbt-selection-reference.ts), the selection runs every node and test the
 * target means (never fewer), and what it runs beyond that is exactly the
 * output's `extra`; `exact` says whether there is any; the bounds hold.
 */
import { existsSync, readdirSync } from "node:fs";
import type { ProjectGraph } from "../../src/dbt/graph.js";
import {
  type CompactSelection,
  compactSelection,
  SELECT_BOUNDS,
  type SelectionBounds,
  type SelectionTarget,
} from "../../src/planner/selection-output/compact-selection.js";
import type { Rng } from "./adversarial/rng.js";
import { isExecutable, type RefIndex, resolveBuildCommand } from "./dbt-selection-reference.js";
import { SHARED_DBT_FIXTURES, sharedFixture, sharedFixturesAt } from "./shared-fixtures.js";

/** Every real fixture whose manifest ODS reads (v10 is older than ODS's oldest). Fails without ../shared. */
export function realFixtureNames(): string[] {
  sharedFixturesAt(SHARED_DBT_FIXTURES, true);
  return readdirSync(SHARED_DBT_FIXTURES)
    .filter((d) => existsSync(sharedFixture(d, "manifest.json")) && !d.endsWith("-v10"))
    .sort();
}

const isTestLike = (index: RefIndex, id: string) => {
  const m = index.members.get(id);
  return m !== undefined && ((m.map === "nodes" && m.resourceType === "test") || m.map === "unit_tests");
};

/**
 * What the target means dbt to run: the BUILD set, every test with any
 * parent in it (eager indirect selection) and every unit test of a model in
 * it (a unit test runs with its model or never), the checks, and every
 * test of a source whose checks run; only what `dbt build` executes
 * (isExecutable: no ephemeral or empty model, no source, metric, exposure).
 */
export function intendedSet(index: RefIndex, target: SelectionTarget): Set<string> {
  const build = new Set(target.build);
  // A unit test runs only with its model (task/build.py): one among the checks
  // of a reused model can't run, so the planner builds such a model instead
  // (unit_tests_changed) and the selection doesn't count it.
  const runnable = (id: string): boolean => {
    const m = index.members.get(id);
    return m?.map !== "unit_tests" || build.has(m.dependsOn[0] ?? "");
  };
  const out = new Set<string>([...target.build, ...target.checks.filter(runnable)]);
  for (const id of [...target.build, ...target.sources]) {
    for (const child of index.children.get(id) ?? []) {
      if (!isTestLike(index, child)) continue;
      // A unit test runs with its own model (depends_on.nodes[0]) or not at all
      // (task/build.py); dbt Fusion's manifests list other versions after it.
      const m = index.members.get(child)!;
      if (m.map === "unit_tests" && !build.has(m.dependsOn[0] ?? "")) continue;
      out.add(child);
    }
  }
  return new Set(
    [...out].filter((id) => {
      const m = index.members.get(id);
      return m === undefined || isExecutable(m);
    }),
  );
}

export interface CaseOutcome {
  result: CompactSelection;
  intended: Set<string>;
  resolved: Set<string>;
  missing: string[];
  beyond: string[];
  /** Each broken part of the property, in words; empty when it holds. */
  problems: string[];
}

/** Runs compactSelection on the target and checks the property; `mustBeExact` for downward-closed targets. */
export function checkTarget(
  graph: ProjectGraph,
  index: RefIndex,
  target: SelectionTarget,
  options: { mustBeExact?: boolean; bounds?: SelectionBounds } = {},
): CaseOutcome {
  const bounds = options.bounds ?? SELECT_BOUNDS;
  const result = compactSelection(graph, target, bounds);
  const intended = intendedSet(index, target);
  const resolved = resolveBuildCommand(index, result.select, result.exclude);
  const missing = [...intended].filter((id) => !resolved.has(id)).sort();
  const beyond = [...resolved].filter((id) => !intended.has(id)).sort();
  const problems: string[] = [];
  if (missing.length > 0) problems.push(`runs fewer than the target: missing ${list(missing)}`);
  if (JSON.stringify(beyond) !== JSON.stringify(result.extra)) {
    const listed = new Set(result.extra);
    const unlisted = beyond.filter((id) => !listed.has(id));
    const notRun = result.extra.filter((id) => !beyond.includes(id));
    problems.push(
      `extra (${result.extra.length}) is not what the selection runs beyond the target (${beyond.length}): runs but not listed ${list(unlisted)}; listed but not run ${list(notRun)}`,
    );
  }
  if (result.exact !== (result.extra.length === 0)) {
    problems.push(`exact is ${result.exact} with ${result.extra.length} extra`);
  }
  if (result.terms > bounds.maxTerms) problems.push(`${result.terms} terms > ${bounds.maxTerms}`);
  const chars = result.select.length + result.exclude.length;
  if (chars > bounds.maxChars) problems.push(`${chars} characters > ${bounds.maxChars}`);
  if (options.mustBeExact && beyond.length > 0) {
    problems.push(`a downward-closed target is not selected exactly: also runs ${list(beyond)}`);
  }
  return { result, intended, resolved, missing, beyond, problems };
}

function list(ids: readonly string[]): string {
  return ids.length <= 8 ? `[${ids.join(", ")}]` : `[${ids.slice(0, 8).join(", ")}, … ${ids.length} in all]`;
}

/** A failing case in words: the target and the selection, small enough to replay. */
export function describeFailure(label: string, target: SelectionTarget, outcome: CaseOutcome): string {
  const clip = (s: string) => (s.length > 600 ? `${s.slice(0, 600)}… (${s.length} chars)` : s);
  return [
    label,
    `  build (${target.build.length}): ${list([...target.build].sort())}`,
    `  checks (${target.checks.length}): ${list([...target.checks].sort())}`,
    `  sources (${target.sources.length}): ${list([...target.sources].sort())}`,
    `  select: ${clip(outcome.result.select)}`,
    `  exclude: ${clip(outcome.result.exclude)}`,
    `  form ${outcome.result.form}, ${outcome.result.terms} terms, exact ${outcome.result.exact}`,
    ...outcome.problems.map((p) => `  - ${p}`),
  ].join("\n");
}

// ------------------------------------------------------------------ targets

export type TargetShape = "random" | "downward" | "everything" | "empty";

/** The planned descendants of `roots` in ODS's graph (what a real plan's BUILD set is closed under). */
export function downwardClosure(graph: ProjectGraph, roots: Iterable<string>): Set<string> {
  const out = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    for (const child of graph.nodes.get(id)?.children ?? []) stack.push(child);
  }
  return out;
}

function sample<T>(rng: Rng, list: readonly T[], p: number): T[] {
  return list.filter(() => rng.chance(p));
}

export interface TargetOptions {
  /** Add random checks (the checks of random REUSE nodes, as checksToRun picks all of a node's). */
  checks: boolean;
  /** Let checks include unit tests (dbt build runs a unit test only with its model). */
  unitTestChecks: boolean;
  /** Add random sources whose checks run. */
  sources: boolean;
}

/** One random target of the given shape over a graph, in plan order. */
export function randomTarget(
  graph: ProjectGraph,
  rng: Rng,
  shape: TargetShape,
  options: TargetOptions,
): SelectionTarget {
  const planned = graph.order;
  let build: Set<string>;
  switch (shape) {
    case "empty":
      build = new Set();
      break;
    case "everything":
      build = new Set(planned);
      break;
    case "random":
      build = new Set(sample(rng, planned, 0.05 + rng.float() * 0.6));
      break;
    case "downward": {
      const roots =
        planned.length === 0 ? [] : Array.from({ length: rng.between(1, 3) }, () => rng.pick(planned));
      build = downwardClosure(graph, roots);
      break;
    }
  }
  const checks: string[] = [];
  if (options.checks) {
    const reused = planned.filter((id) => !build.has(id));
    for (const id of sample(rng, reused, rng.float() * 0.3)) {
      for (const check of graph.nodes.get(id)!.checks) {
        const c = graph.checks.get(check);
        if (!c) continue;
        if (c.kind === "unit_test" && !options.unitTestChecks) continue;
        if (!checks.includes(check)) checks.push(check);
      }
    }
  }
  const tested = [...graph.sources.values()].filter((s) => s.checks.length > 0).map((s) => s.id);
  const sources = options.sources ? sample(rng, tested, rng.float()) : [];
  return { build: planned.filter((id) => build.has(id)), checks, sources };
}
