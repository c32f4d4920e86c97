/**
 * What a reviewer came for, read off the planner's reasons (issue 22): the
 * nodes this pull request changed, the nodes downstream of those changes,
 * and the nodes rebuilt regardless of the pull request; plus, for the
 * lineage's colours, the finer cause of a node rebuilt regardless (new
 * upstream data, or no evidence / every run). The renderers (comment, job
 * summary, HTML page, terminal) group by this one mapping; it only reads
 * the codes the planner gave, it never decides again. Pure.
 */
import type { PlanEntry, ReasonCode } from "../state/plan.js";

/** The three groups of what is built, in the order a reviewer reads them, and what is reused. */
export type ChangeGroup = "changed" | "downstream" | "regardless" | "reused";

/**
 * How a node is drawn: `changed` by this pull request, `downstream` of a
 * change, built for `new_data` upstream, built with `no_evidence` (ODS can't
 * tell whether its inputs changed, or it is built every run), `reused`.
 */
export type ChangeClass = "changed" | "downstream" | "new_data" | "no_evidence" | "reused";

/** Codes that say the node itself is changed (or new) in this pull request. */
const CHANGED: ReadonlySet<ReasonCode> = new Set<ReasonCode>([
  "code_changed",
  "unclassified_input_changed",
  "run_time_value_changed",
  "never_built",
  "unit_tests_changed",
]);

/** Codes that say a parent's change reaches the node. */
const DOWNSTREAM: ReadonlySet<ReasonCode> = new Set<ReasonCode>(["parent_code_changed"]);

/** Codes that say new data arrived upstream (with evidence). */
const NEW_DATA: ReadonlySet<ReasonCode> = new Set<ReasonCode>(["new_upstream_data"]);

/**
 * The node's class: the strongest of its reasons (changed, then downstream,
 * then new data, then everything else a BUILD has: no state, a changed
 * target or scheme, incomplete code, an unknown parent, no declared inputs,
 * a hook or macro that reads the environment, missing evidence, a policy,
 * a partial or failed last build, clock functions). A REUSE whose checks
 * changed is `changed` (its tests run for this pull request).
 */
export function changeClassOf(entry: PlanEntry): ChangeClass {
  if (entry.action === "REUSE") return entry.checks ? "changed" : "reused";
  const codes = entry.reasons.map((r) => r.code);
  if (codes.some((c) => CHANGED.has(c))) return "changed";
  if (codes.some((c) => DOWNSTREAM.has(c))) return "downstream";
  if (codes.some((c) => NEW_DATA.has(c))) return "new_data";
  return "no_evidence";
}

/**
 * Every entry's class in its plan: changeClassOf, except that a node built
 * because a parent changes code is `downstream` only when a change of this
 * pull request reaches it (a parent it names is changed or downstream, or
 * is not in the plan, or it names none). When the parents it names are rebuilt regardless
 * (code ODS can't fingerprint, a new scheme or target, an unknown parent),
 * so is the node: `no_evidence` (`new_data` when they all are). Likewise a
 * node built for new upstream data is `no_evidence` when every input it
 * names is rebuilt without evidence.
 */
export function changeClassesOf(entries: readonly PlanEntry[]): Map<string, ChangeClass> {
  const classes = new Map<string, ChangeClass>();
  const byId = new Map(entries.map((e) => [e.unique_id, e]));
  // Parents have a smaller depth than their children: their classes are known first.
  for (const entry of [...entries].sort((a, b) => a.depth - b.depth)) {
    let cls = changeClassOf(entry);
    if (cls === "downstream") {
      const reason = entry.reasons.find((r) => DOWNSTREAM.has(r.code));
      const parents = reason?.subjects?.length ? reason.subjects : (entry.parents ?? []);
      const of = parents.map((p) => (byId.has(p) ? classes.get(p) : "downstream"));
      if (of.length && !of.some((c) => c === undefined || c === "changed" || c === "downstream"))
        cls = of.every((c) => c === "new_data") ? "new_data" : "no_evidence";
    } else if (cls === "new_data") {
      // "New data" that rests only on parents rebuilt without evidence is not evidence:
      // ODS can't tell whether their data changed (the reason's words say so too).
      const reason = entry.reasons.find((r) => NEW_DATA.has(r.code));
      const of = (reason?.subjects ?? []).map((p) => (byId.has(p) ? classes.get(p) : "new_data"));
      if (of.length && of.every((c) => c === "no_evidence")) cls = "no_evidence";
    }
    classes.set(entry.unique_id, cls);
  }
  return classes;
}

/** The group of a class: new data and no evidence are rebuilt regardless. */
export function changeGroupOfClass(cls: ChangeClass): ChangeGroup {
  return cls === "new_data" || cls === "no_evidence" ? "regardless" : cls;
}

/** The group a node is listed in, read off its own reasons (groupEntries reads the plan around it too). */
export function changeGroupOf(entry: PlanEntry): ChangeGroup {
  return changeGroupOfClass(changeClassOf(entry));
}

export interface ChangeGroups {
  changed: PlanEntry[];
  downstream: PlanEntry[];
  regardless: PlanEntry[];
  reused: PlanEntry[];
}

/** The entries by group (their classes in the plan, changeClassesOf), each in the order given. */
export function groupEntries(entries: readonly PlanEntry[]): ChangeGroups {
  const classes = changeClassesOf(entries);
  const groups: ChangeGroups = { changed: [], downstream: [], regardless: [], reused: [] };
  for (const entry of entries) groups[changeGroupOfClass(classes.get(entry.unique_id)!)].push(entry);
  return groups;
}

/**
 * The cause a node rebuilt regardless is listed under (issue 22: the
 * regardless group by cause): `new_upstream_data` for the `new_data` class,
 * else its first reason's code; undefined for a node without reasons.
 */
export function regardlessCauseOf(entry: PlanEntry): ReasonCode | undefined {
  if (changeClassOf(entry) === "new_data") return "new_upstream_data";
  return entry.reasons[0]?.code;
}

/** Nodes rebuilt regardless, by cause, each in the order given; the largest cause first (ties by code). */
export function groupByCause(
  entries: readonly PlanEntry[],
): Array<{ code: ReasonCode | undefined; entries: PlanEntry[] }> {
  const byCause = new Map<ReasonCode | undefined, PlanEntry[]>();
  for (const entry of entries) {
    const code = regardlessCauseOf(entry);
    const list = byCause.get(code);
    if (list) list.push(entry);
    else byCause.set(code, [entry]);
  }
  return [...byCause.entries()]
    .map(([code, list]) => ({ code, entries: list }))
    .sort((a, b) => b.entries.length - a.entries.length || ((a.code ?? "") < (b.code ?? "") ? -1 : 1));
}
