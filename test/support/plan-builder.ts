/**
 * Plans built by tests, for the renderers: entries with reasons as the
 * planner writes them (stable code, message with names in backticks,
 * structured data), parents for the lineage, durations for the estimate.
 * The builder orders entries by depth then id and fills the summary, the
 * build command, the select string and (past COMMENT_COMMAND_BOUNDS) a short
 * command, as the planner does.
 */

import { COMMENT_COMMAND_BOUNDS } from "../../src/planner/selection-output/compact-selection.js";
import type {
  Evidence,
  Plan,
  PlanAction,
  PlanEntry,
  PlanWarning,
  Reason,
  RelationCheck,
} from "../../src/state/plan.js";
import { PLAN_SCHEMA_VERSION } from "../../src/state/plan.js";

export const PROJECT = "jaffle_shop";
export const PLANNED_AT = "2025-03-01T08:00:00Z";
export const LAST_RUN = "run-117";
export const LAST_BUILT_AT = "2025-03-01T06:12:00Z";

/** The entry with the optional fields the lead adds to PlanEntry (`parents`) and one the comment could use (`path`). */
export type TestEntry = PlanEntry & { parents?: string[]; path?: string };

export interface EntrySpec {
  parents?: string[];
  duration?: number;
  materialized?: string | null;
  resourceType?: string;
  packageName?: string;
  schema?: string;
  lastRun?: string | null;
  path?: string;
  uniqueId?: string;
  relationCheck?: RelationCheck;
  evidence?: Evidence[];
}

export const id = (name: string, type = "model", pkg = PROJECT) => `${type}.${pkg}.${name}`;
export const sourceId = (source: string, table: string, pkg = PROJECT) => `source.${pkg}.${source}.${table}`;

/** Reasons as the planner writes them. */
export const why = {
  noState: (scope = `${PROJECT}/prod`): Reason => ({
    code: "no_state",
    message: `No state found for scope \`${scope}\`: every node is built.`,
  }),
  neverBuilt: (): Reason => ({ code: "never_built", message: "Never built by ODS." }),
  codeChanged: (changed: string[], added: string[] = [], removed: string[] = []): Reason => ({
    code: "code_changed",
    message: `Fingerprint differs: ${[...changed, ...added, ...removed].map((c) => `\`${c}\``).join(", ")} changed.`,
    components: { changed, added, removed },
  }),
  parentCodeChanged: (...parents: string[]): Reason => ({
    code: "parent_code_changed",
    message: `Parent ${parents.map((p) => `\`${p}\``).join(", ")} will be built because its code changed.`,
    subjects: parents,
  }),
  newUpstreamData: (...subjects: string[]): Reason => ({
    code: "new_upstream_data",
    message: `New upstream data: ${subjects.map((s) => `\`${s}\``).join(", ")} moved since the last build.`,
    subjects,
  }),
  /** As the planner writes it: subjects say where (`post-hook 1`), the message what it reads. */
  hookReadsEnvironment: (where: string, names: string[]): Reason => ({
    code: "hook_reads_environment",
    message: `It has hooks, and ${where} reads ${names.map((n) => `\`${n}\``).join(", ")}: what the hook does depends on the run, so the node is built every run.`,
    subjects: [where],
  }),
  /** With the names read as subjects too (Reason.subjects: "the hooks or macros the reason is about"). */
  hookReads: (...subjects: string[]): Reason => ({
    code: "hook_reads_environment",
    message: `A hook reads the environment (${subjects.map((s) => `\`${s}\``).join(", ")}); built every run.`,
    subjects,
  }),
  codeIncomplete: (detail: string): Reason => ({ code: "code_incomplete", message: detail }),
  missingDataEvidence: (source: string): Reason => ({
    code: "missing_data_evidence",
    message: `No data version for source \`${source}\` observed after the last build.`,
    subjects: [source],
  }),
  unchanged: (run = LAST_RUN): Reason => ({
    code: "unchanged",
    message: `Code and inputs unchanged since run \`${run}\`.`,
  }),
  formattingOnly: (): Reason => ({
    code: "formatting_only",
    message: "Only formatting changed: the compiled SQL, config and macros are the same.",
  }),
  withinLag: (dueAt: string, tolerance = "4h"): Reason => ({
    code: "within_lag_tolerance",
    message: `New upstream data, within lag tolerance \`${tolerance}\` of the last build: due at ${dueAt}.`,
    due_at: dueAt,
  }),
  quorum: (changed: number, total: number): Reason => ({
    code: "quorum_not_met",
    message: `New data in ${changed} of ${total} inputs; require_fresh_data_from: all.`,
    quorum: { changed, total },
  }),
};

export class PlanBuilder {
  private readonly entries: TestEntry[] = [];
  private readonly warnings: PlanWarning[] = [];
  private stateFound = true;
  project = PROJECT;
  environment = "prod";
  plannedAt = PLANNED_AT;

  noState(): this {
    this.stateFound = false;
    return this;
  }

  warn(code: PlanWarning["code"], message: string): this {
    this.warnings.push({ code, message });
    return this;
  }

  build(name: string, reasons: Reason | Reason[], spec: EntrySpec = {}): this {
    return this.add("BUILD", name, reasons, spec);
  }

  reuse(name: string, reasons: Reason | Reason[] = why.unchanged(), spec: EntrySpec = {}): this {
    return this.add("REUSE", name, reasons, spec);
  }

  private add(action: PlanAction, name: string, reasons: Reason | Reason[], spec: EntrySpec): this {
    const type = spec.resourceType ?? "model";
    const pkg = spec.packageName ?? this.project;
    const lastRun = spec.lastRun === undefined ? (this.stateFound ? LAST_RUN : null) : spec.lastRun;
    const schema = spec.schema ?? "analytics";
    const entry: TestEntry = {
      unique_id: spec.uniqueId ?? id(name, type, pkg),
      name,
      resource_type: type,
      package_name: pkg,
      materialized:
        spec.materialized === undefined ? (type === "seed" ? "seed" : "table") : spec.materialized,
      depth: 0,
      action,
      reasons: Array.isArray(reasons) ? reasons : [reasons],
      evidence: spec.evidence ?? [],
      relation: { database: "warehouse", schema, identifier: name },
    };
    if (action === "REUSE")
      entry.relation_check = spec.relationCheck ?? {
        checked: false,
        exactness: "none",
        message: "Not checked: `ods-state plan` has no warehouse connection.",
      };
    if (lastRun)
      entry.last_build = {
        run_id: lastRun,
        built_at: LAST_BUILT_AT,
        relation: { database: "warehouse", schema: "analytics", identifier: name },
      };
    if (spec.duration !== undefined) entry.last_duration_s = spec.duration;
    if (spec.parents !== undefined) entry.parents = spec.parents;
    if (spec.path !== undefined) entry.path = spec.path;
    this.entries.push(entry);
    return this;
  }

  plan(): Plan {
    const byId = new Map(this.entries.map((e) => [e.unique_id, e]));
    const depth = new Map<string, number>();
    const depthOf = (e: TestEntry, seen: Set<string>): number => {
      const known = depth.get(e.unique_id);
      if (known !== undefined) return known;
      if (seen.has(e.unique_id)) throw new Error(`cycle at ${e.unique_id}`);
      seen.add(e.unique_id);
      let d = 0;
      for (const p of e.parents ?? []) {
        const parent = byId.get(p);
        if (parent) d = Math.max(d, depthOf(parent, seen) + 1);
      }
      depth.set(e.unique_id, d);
      return d;
    };
    for (const e of this.entries) e.depth = depthOf(e, new Set());
    const entries = [...this.entries].sort(
      (a, b) => a.depth - b.depth || (a.unique_id < b.unique_id ? -1 : a.unique_id > b.unique_id ? 1 : 0),
    );
    const build = entries.filter((e) => e.action === "BUILD");
    const selectors = build.map((e) =>
      shellWord(e.package_name === this.project ? e.name : `${e.package_name}.${e.name}`),
    );
    const command = build.length ? `dbt build --select ${selectors.join(" ")}` : null;
    const short = command === null ? undefined : shortCommandOf(this.project, entries, command);
    return {
      schema_version: PLAN_SCHEMA_VERSION,
      scope: `${this.project}/${this.environment}`,
      project: this.project,
      environment: this.environment,
      planned_at: this.plannedAt,
      state: this.stateFound
        ? { found: true, snapshot_id: "snap-42", run_id: LAST_RUN, created_at: LAST_BUILT_AT }
        : { found: false, snapshot_id: null, run_id: null, created_at: null },
      selection: [],
      summary: { build: build.length, reuse: entries.length - build.length },
      entries,
      build_command: command,
      select: selectors.join(" "),
      exclude: "",
      select_terms: selectors.length,
      select_exact: true,
      ...(short ? { short_command: short } : {}),
      warnings: this.warnings,
    };
  }
}

/**
 * A short command like the planner's (src/planner/plan.ts, shortCommand):
 * none while `command` fits COMMENT_COMMAND_BOUNDS; else the BUILD roots with
 * `+` (dbt's descendants operator) when every node downstream of them builds
 * and they fit the bounds (exact), else the whole package, a superset that
 * runs every REUSE node too.
 */
export function shortCommandOf(
  project: string,
  entries: readonly TestEntry[],
  command: string,
): Plan["short_command"] | undefined {
  if (command.length <= COMMENT_COMMAND_BOUNDS.maxChars) return undefined;
  const building = new Set(entries.filter((e) => e.action === "BUILD").map((e) => e.unique_id));
  const children = new Map<string, string[]>();
  for (const e of entries)
    for (const p of e.parents ?? []) children.set(p, [...(children.get(p) ?? []), e.unique_id]);
  const downstreamBuilds = (root: string): boolean => {
    const todo = [root];
    const seen = new Set(todo);
    while (todo.length) {
      for (const child of children.get(todo.pop()!) ?? []) {
        if (!building.has(child)) return false;
        if (!seen.has(child)) {
          seen.add(child);
          todo.push(child);
        }
      }
    }
    return true;
  };
  const roots = entries.filter(
    (e) => e.action === "BUILD" && !(e.parents ?? []).some((p) => building.has(p)),
  );
  const terms = roots.map((e) =>
    shellWord(`${e.package_name === project ? e.name : `${e.package_name}.${e.name}`}+`),
  );
  const exact = `dbt build --select ${terms.join(" ")}`;
  if (
    terms.length <= COMMENT_COMMAND_BOUNDS.maxTerms &&
    exact.length <= COMMENT_COMMAND_BOUNDS.maxChars &&
    roots.every((e) => downstreamBuilds(e.unique_id))
  )
    return { command: exact, terms: terms.length, exact: true, extra: 0 };
  const extra = entries.length - building.size;
  return {
    command: `dbt build --select ${shellWord(`package:${project}`)}`,
    terms: 1,
    exact: extra === 0,
    extra,
  };
}

/** Single-quotes a word for a POSIX shell unless it is plainly safe. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_.+:/@-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/**
 * A layered plan of `n` nodes in `packages` packages with long names: the
 * first `changed` nodes of layer 0 changed code, their descendants build,
 * the rest is reused (a few reformatted). Deterministic.
 */
export function largePlan(n: number, options: { changedEvery?: number; fanIn?: number } = {}): Plan {
  const changedEvery = options.changedEvery ?? 7;
  const fanIn = options.fanIn ?? 2;
  const layers = 12;
  const perLayer = Math.ceil(n / layers);
  const builder = new PlanBuilder();
  const names: string[][] = [];
  const building = new Set<string>();
  let made = 0;
  for (let layer = 0; layer < layers && made < n; layer++) {
    names.push([]);
    for (let i = 0; i < perLayer && made < n; i++, made++) {
      const domain = ["orders", "customers", "payments", "inventory", "marketing", "finance"][i % 6]!;
      const name = `${["stg", "int", "fct", "dim"][Math.min(3, Math.floor(layer / 3))]}_${domain}_layer${layer}_node${String(i).padStart(5, "0")}_with_a_long_descriptive_name`;
      const uid = id(name);
      names[layer]!.push(name);
      const parents: string[] =
        layer === 0
          ? [sourceId(`raw_${domain}`, `table_${i % 40}`)]
          : Array.from({ length: fanIn }, (_, k) =>
              id(names[layer - 1]![(i * 7 + k * 13) % names[layer - 1]!.length]!),
            );
      const spec: EntrySpec = {
        parents: [...new Set(parents)],
        duration: 5 + ((i * 37 + layer * 11) % 120),
        schema: `analytics_${domain}`,
        path: `models/${domain}/layer${layer}/${name}.sql`,
      };
      const changedParents = parents.filter((p) => building.has(p));
      if (layer === 0 && i % changedEvery === 0) {
        builder.build(name, why.codeChanged(["sql", "config"]), spec);
        building.add(uid);
      } else if (changedParents.length) {
        builder.build(name, why.parentCodeChanged(...changedParents.map((p) => p.split(".").at(-1)!)), spec);
        building.add(uid);
      } else if (i % 53 === 0) {
        builder.reuse(name, why.formattingOnly(), spec);
      } else {
        builder.reuse(name, why.unchanged(), spec);
      }
    }
  }
  return builder.plan();
}
