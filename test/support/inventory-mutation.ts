/**
 * Coverage by mutation (issue 36): change one manifest path pattern at a few
 * of its instances the way its type allows, load the manifest with the
 * product, plan it against a recorded full build of the unchanged manifest,
 * and say what moved. test/dbt/inventory-coverage*.test.ts judge it against
 * the inventory row of the pattern.
 */
import { readFileSync } from "node:fs";
import { checksDigest } from "../../src/dbt/checks-digest.js";
import { UNCLASSIFIED_COMPONENT } from "../../src/dbt/fingerprint/fingerprint.js";
import { macroIndexFor } from "../../src/dbt/fingerprint/shared-macro-index.js";
import type { Check } from "../../src/dbt/graph.js";
import { classifyPath } from "../../src/dbt/inventory/lookup.js";
import type { InputClass } from "../../src/dbt/inventory/row.js";
import { type LoadedProject, loadProject } from "../../src/dbt/load-project.js";
import { plan } from "../../src/planner/plan.js";
import type { Plan } from "../../src/state/plan.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import {
  DEFAULT_PLAN_AT,
  expectedDecisions,
  fullBuildStatuses,
  Oracle,
  recordRun,
  scopeOf,
  sourcesDoc,
  T0,
  targetOf,
} from "../planner/realistic-changes/harness.js";
import { type Instance, manifestPatterns, patternOf } from "./manifest-patterns.js";

// biome-ignore lint/suspicious/noExplicitAny: raw dbt JSON
type Json = any;

/** What a mutation must do: move something (fingerprinted, unknown, unlisted) or nothing (inert). */
export type Expected = "move" | "still";
/** The class a mutation touches: the strongest of the rows of the paths it changes or adds. */
export type TouchedClass = InputClass | "unlisted";

export function expectedOf(cls: TouchedClass): Expected {
  return cls === "inert" ? "still" : "move";
}

/** A fixture loaded once: its JSON, its recorded full build and the plan of it unchanged. */
export class Subject {
  readonly name: string;
  readonly m: Json;
  readonly size: number;
  readonly patterns: Map<string, Instance[]>;
  private base: Base | null = null;

  constructor(name: string, file: string) {
    this.name = name;
    const text = readFileSync(file, "utf8");
    this.size = text.length;
    this.m = JSON.parse(text);
    this.patterns = manifestPatterns(this.m, 12, interestingIn(this.m));
  }

  private planOf(project: LoadedProject, snapshot: StateSnapshot): Plan {
    const o = new Oracle(this.m);
    return plan({
      project,
      scope: scopeOf(this.m),
      state: { id: "s0", snapshot },
      sources: sourcesDoc(o, new Date(Date.parse(DEFAULT_PLAN_AT) - 60_000).toISOString(), {}),
      select: [],
      now: DEFAULT_PLAN_AT,
      target: targetOf(this.m),
    });
  }

  /** The recorded full build of the manifest as it is now, and its plan. */
  private fresh(): Base {
    const snapshot = recordRun(
      this.m,
      fullBuildStatuses(new Oracle(this.m)),
      T0,
      null,
      "00000000-0000-4000-8000-0000000000a1",
    );
    const project = loadProject(JSON.stringify(this.m), `${this.name}/manifest.json`);
    const p = this.planOf(project, snapshot);
    return { snapshot, plan: p, project, sig: signatures(p, project) };
  }

  baseline(): Base {
    this.base ??= this.fresh();
    return this.base;
  }

  /**
   * Applies `mutate` to the manifest (it returns an undo), plans, undoes.
   * `prepare` (also returning an undo) is applied first and recorded as the
   * build the plan compares with (a row's condition: persisted docs, …).
   * Refused: the product rejects the mutated manifest (a UserError naming it).
   */
  probe(mutate: (m: Json) => () => void, prepare?: (m: Json) => () => void): ProbeResult {
    const undoPrepare = prepare?.(this.m);
    try {
      const base = undoPrepare ? this.fresh() : this.baseline();
      const undo = mutate(this.m);
      let text: string;
      try {
        text = JSON.stringify(this.m);
      } finally {
        undo();
      }
      let project: LoadedProject;
      let p: Plan;
      try {
        project = loadProject(text, `${this.name}/manifest.json`);
        p = this.planOf(project, base.snapshot);
      } catch (error) {
        return { refused: String(error).slice(0, 300), moved: [], viaUnclassified: false, cone: {} };
      }
      const sig = signatures(p, project);
      const moved = [...new Set([...base.sig.keys(), ...sig.keys()])].filter(
        (id) => base.sig.get(id) !== sig.get(id),
      );
      let viaUnclassified = false;
      for (const id of moved) {
        const before = base.project.fingerprints.get(id)?.fingerprint.components ?? {};
        const after = project.fingerprints.get(id)?.fingerprint.components ?? {};
        for (const name of new Set([...Object.keys(before), ...Object.keys(after)]))
          if (name.startsWith(UNCLASSIFIED_COMPONENT) && before[name] !== after[name]) viaUnclassified = true;
      }
      const cone = moved.length > 0 ? coneMismatches(JSON.parse(text), base, p, project) : {};
      return { refused: null, moved, viaUnclassified, cone };
    } finally {
      undoPrepare?.();
    }
  }
}

interface Base {
  snapshot: StateSnapshot;
  plan: Plan;
  project: LoadedProject;
  sig: Map<string, string>;
}

export interface ProbeResult {
  refused: string | null;
  /** Planned nodes whose decision, checks or fingerprint moved. */
  moved: string[];
  /** Whether an `unclassified:` component of a moved node changed. */
  viaUnclassified: boolean;
  /**
   * The nodes whose decision is not what the moved nodes' own effects give
   * them and their descendants (harness.ts expectedDecisions): empty when
   * the change's effect is confined to the nodes it reached and their readers.
   */
  cone: Record<string, { got: string; want: string }>;
}

function signatures(p: Plan, project: LoadedProject): Map<string, string> {
  const out = new Map<string, string>();
  const graph = project.graph;
  const macros = macroIndexFor(graph);
  const digestOf = (ids: readonly string[]) =>
    checksDigest(
      ids.map((id) => graph.checks.get(id)).filter((c): c is Check => c !== undefined),
      macros,
    );
  for (const [id, source] of graph.sources) out.set(id, JSON.stringify([digestOf(source.checks ?? [])]));
  for (const e of p.entries) {
    const f = project.fingerprints.get(e.unique_id);
    const node = graph.nodes.get(e.unique_id);
    out.set(
      e.unique_id,
      JSON.stringify([
        e.action,
        e.reasons.map((r) => r.code),
        e.checks?.run ?? null,
        f?.fingerprint.components ?? null,
        f?.complete ?? null,
        f?.environmentReads ?? null,
        f?.clockCalls ?? null,
        node ? digestOf(node.checks) : null,
      ]),
    );
  }
  return out;
}

/**
 * The moved nodes whose fingerprint changed take their own decision as the
 * change's direct effect; every other planned node must decide what the
 * harness's propagation gives (parent_code_changed below a code build, …).
 */
function coneMismatches(
  m: Json,
  base: { plan: Plan; project: LoadedProject },
  p: Plan,
  project: LoadedProject,
): Record<string, { got: string; want: string }> {
  const o = new Oracle(m);
  const got = new Map(p.entries.map((e) => [e.unique_id, `${e.action} ${e.reasons[0]!.code}`]));
  const effects: Record<string, string> = {};
  for (const e of p.entries) {
    const before = base.project.fingerprints.get(e.unique_id)?.fingerprint.digest;
    const after = project.fingerprints.get(e.unique_id)?.fingerprint.digest;
    if (before !== after) effects[e.unique_id] = got.get(e.unique_id)!;
  }
  // Nodes a planning rule (not a fingerprint) moved: their own decision is the effect too.
  const baseDecision = new Map(
    base.plan.entries.map((e) => [e.unique_id, `${e.action} ${e.reasons[0]!.code}`]),
  );
  const expected = expectedDecisions(o, base.plan, effects);
  const out: Record<string, { got: string; want: string }> = {};
  for (const id of o.order) {
    const g = got.get(id);
    const want = expected.get(id);
    if (g === undefined || want === undefined || want.has(g)) continue;
    // A node whose decision moved without a fingerprint change and without a moved parent: a rule's own effect.
    if (baseDecision.get(id) !== g && !(o.parents.get(id) ?? []).some((q) => effects[q] !== undefined))
      continue;
    out[id] = { got: g, want: [...want].join(" | ") };
  }
  return out;
}

// ---------------------------------------------------------------- mutations

const NEW_KEY = "ods_probe_new";

function at(m: Json, segments: readonly (string | number)[]): Json {
  let v = m;
  for (const s of segments) v = v?.[s];
  return v;
}

/** A value of `kind` for a null or a field the schema defines. */
export function valueOfKind(kind: Instance["kind"]): unknown {
  switch (kind) {
    case "number":
      return 1;
    case "boolean":
      return true;
    case "array":
      return ["ods_probe"];
    case "object":
      return { ods_probe: "ods_probe" };
    default:
      return "ods_probe";
  }
}

/** Whether the product generalises the keys of the map at `segments` to `<key>`. */
function isOpenMapAt(m: Json, segments: readonly (string | number)[]): boolean {
  return patternOf(m, [...segments, NEW_KEY]).endsWith(".<key>");
}

/**
 * The mutation of one instance, and the patterns it changes or adds (for the
 * class it touches): a string gets another value, a number +1, a bool
 * flips, a null takes a value of `nullAs`, an array one element more (a copy
 * of its last), an object one key more (an open map: a copy of an entry; a
 * fixed object: a new field).
 */
export function mutation(
  m: Json,
  instance: Instance,
  nullAs: Instance["kind"] = "string",
): { apply: (m: Json) => () => void; touched: string[] } {
  const segs = instance.segments;
  const parentSegs = segs.slice(0, -1);
  const last = segs[segs.length - 1];
  const setTo = (value: unknown) => (doc: Json) => {
    const parent = parentSegs.length === 0 ? doc : at(doc, parentSegs);
    const old = parent[last!];
    parent[last!] = value;
    return () => {
      parent[last!] = old;
    };
  };
  const value = segs.length === 0 ? m : at(m, segs);
  const pattern = segs.length === 0 ? "" : patternOf(m, segs);
  // A field whose values are a closed set: another value of the set.
  if (last === "language" && (value === "sql" || value === "python"))
    return { apply: setTo(value === "sql" ? "python" : "sql"), touched: [pattern] };
  switch (instance.kind) {
    case "string":
      return { apply: setTo(`${value}_ods`), touched: [pattern] };
    case "number":
      return { apply: setTo(value + 1), touched: [pattern] };
    case "boolean":
      return { apply: setTo(!value), touched: [pattern] };
    case "null":
      return { apply: setTo(valueOfKind(nullAs)), touched: leafPatterns(m, segs, valueOfKind(nullAs)) };
    case "array": {
      // A copy of the last element; a primitive one made distinct (an id list: another id).
      const lastOne = value.length > 0 ? value[value.length - 1] : undefined;
      // depends_on.nodes: another model of the project (a new ref), as dbt writes it.
      const another =
        last === "nodes" && segs[segs.length - 2] === "depends_on"
          ? Object.keys(m.nodes ?? {}).find((id) => id.startsWith("model.") && !value.includes(id))
          : undefined;
      const element =
        another !== undefined
          ? another
          : lastOne === undefined
            ? "ods_probe"
            : typeof lastOne === "string"
              ? `${lastOne}_ods`
              : typeof lastOne === "number"
                ? lastOne + 1
                : typeof lastOne === "boolean"
                  ? !lastOne
                  : structuredClone(lastOne);
      return {
        apply: (doc) => {
          const arr = at(doc, segs);
          arr.push(structuredClone(element));
          return () => {
            arr.pop();
          };
        },
        touched: leafPatterns(m, [...segs, value.length], element),
      };
    }
    default: {
      const keys = Object.keys(value);
      const open = segs.length > 0 && isOpenMapAt(m, segs);
      const added = open && keys.length > 0 ? structuredClone(value[keys[keys.length - 1]!]) : "ods_probe";
      return {
        apply: (doc) => {
          const obj = segs.length === 0 ? doc : at(doc, segs);
          obj[NEW_KEY] = structuredClone(added);
          return () => {
            delete obj[NEW_KEY];
          };
        },
        touched: leafPatterns(m, [...segs, NEW_KEY], added),
      };
    }
  }
}

/** The patterns of every leaf of `value` placed at `segments` (a container's own when empty). */
function leafPatterns(m: Json, segments: (string | number)[], value: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, s: (string | number)[]) => {
    const children = Array.isArray(v)
      ? v.map((x, i) => [i, x] as const)
      : v !== null && typeof v === "object"
        ? Object.entries(v as Record<string, unknown>)
        : [];
    if (children.length === 0) {
      out.push(patternOf(m, s));
      return;
    }
    for (const [k, x] of children) walk(x, [...s, k]);
  };
  walk(value, segments);
  return [...new Set(out)];
}

/** The strongest class among the rows of `patterns`: unlisted > unknown > fingerprinted > inert. */
export function touchedClass(patterns: readonly string[]): TouchedClass {
  let best: TouchedClass = "inert";
  const rank: Record<TouchedClass, number> = { inert: 0, fingerprinted: 1, unknown: 2, unlisted: 3 };
  for (const p of patterns) {
    const row = classifyPath(p);
    const cls: TouchedClass = row === null ? "unlisted" : row.class;
    if (rank[cls] > rank[best]) best = cls;
  }
  return best;
}

/**
 * Whether the entry a concrete path is in holds the condition some row's
 * component needs (an enforced contract, persisted docs, a Python model or
 * Jinja beyond ref/source, a version, an on-run-start hook, a macro some
 * node calls, a test or source some model has): its instances are tried first.
 */
export function interestingIn(m: Json): (segments: readonly (string | number)[]) => boolean {
  const called = new Set<string>();
  const read = new Set<string>();
  for (const n of Object.values((m.nodes ?? {}) as Record<string, Json>)) {
    for (const id of n.depends_on?.macros ?? []) called.add(id);
    for (const id of n.depends_on?.nodes ?? []) read.add(id);
  }
  const cache = new Map<string, boolean>();
  return (segments) => {
    if (segments.length < 3) return false;
    const key = `${segments[0]}\0${segments[1]}`;
    let hit = cache.get(key);
    if (hit === undefined) {
      hit = entryIsInteresting(m, String(segments[0]), String(segments[1]), called, read);
      cache.set(key, hit);
    }
    return hit;
  };
}

function entryIsInteresting(
  m: Json,
  collection: string,
  id: string,
  called: Set<string>,
  read: Set<string>,
): boolean {
  const e = m[collection]?.[id];
  if (!e || typeof e !== "object" || Array.isArray(e)) return false;
  if (collection === "macros") return called.has(id) && e.package_name !== "dbt";
  if (collection === "sources") return read.has(id);
  if (collection === "unit_tests") return true;
  if (collection !== "nodes") return false;
  const c = e.config ?? {};
  if (e.resource_type === "operation") return String(id).includes("on-run-start");
  if (e.resource_type === "test")
    return (e.depends_on?.nodes ?? []).some((n: string) => n.startsWith("model."));
  return (
    e.contract?.enforced === true ||
    c.contract?.enforced === true ||
    c.persist_docs?.columns === true ||
    c.persist_docs?.relation === true ||
    e.language === "python" ||
    (e.version !== undefined && e.version !== null) ||
    /\{%|\{\{\s*(var|env_var|run_query|adapter|this)\b/.test(String(e.raw_code ?? ""))
  );
}

/**
 * Rows whose component counts only under a condition no real fixture holds
 * at the instance: the condition, set on the instance's entry (and recorded
 * as the build compared with). Undefined: the row needs none.
 */
export function prepareFor(
  pattern: string,
  segments: readonly (string | number)[],
): ((m: Json) => () => void) | undefined {
  if (segments[0] !== "nodes" || segments.length < 3) return undefined;
  const id = segments[1]!;
  const withEntry = (edit: (m: Json, e: Json) => void) => (m: Json) => {
    const saved = JSON.stringify({ metadata: m.metadata, entry: m.nodes[id] });
    edit(m, m.nodes[id]);
    return () => {
      const back = JSON.parse(saved);
      m.metadata = back.metadata;
      m.nodes[id] = back.entry;
    };
  };
  // dbt-bigquery impl.py get_common_options: labels from meta with labels_from_meta.
  if (/^nodes\.<(model|seed|snapshot)>\.config\.meta(\.|$)/.test(pattern))
    return withEntry((m, e) => {
      m.metadata.adapter_type = "bigquery";
      e.config.labels_from_meta = true;
    });
  // A hook of the node reads the key (node-fingerprint.ts addMentionedConfigKeys).
  const read = /^nodes\.<(model|seed|snapshot)>\.config\.(tags|docs|group)(\.|\[|$)/.exec(pattern);
  if (read)
    return withEntry((_m, e) => {
      const hooks = Array.isArray(e.config["post-hook"]) ? e.config["post-hook"] : [];
      e.config["post-hook"] = [
        ...hooks,
        { sql: `{{ log(model.config.get('${read[2]}')) }}`, transaction: true, index: null },
      ];
    });
  // A hook of the node reads the node's description, meta or columns (node-fingerprint.ts HOOK_READABLE_FIELDS).
  const hookRead =
    /^nodes\.<(model|seed|snapshot)>\.(?:(description|meta|fqn|path|original_file_path)|(columns)\.<key>\.(?:tags|config|doc_blocks|granularity|dimension|entity))(\.|\[|$)/.exec(
      pattern,
    );
  if (hookRead)
    return withEntry((_m, e) => {
      const hooks = Array.isArray(e.config["post-hook"]) ? e.config["post-hook"] : [];
      e.config["post-hook"] = [
        ...hooks,
        { sql: `{{ log(model.${hookRead[2] ?? hookRead[3]}) }}`, transaction: true, index: null },
      ];
    });
  // dbt-athena persist_docs_to_glue: the columns' meta with persist_docs.columns.
  if (/^nodes\.<(model|seed|snapshot)>\.columns\.<key>\.meta(\.|$)/.test(pattern))
    return withEntry((m, e) => {
      m.metadata.adapter_type = "athena";
      e.config.persist_docs = { relation: true, columns: true };
    });
  // persist_docs.columns: the columns' comments (dbt-adapters persist_docs.sql alter_column_comment).
  if (
    /^nodes\.<(model|seed|snapshot)>\.columns(\.<key>\.(description|name|quote|policy_tags)(\.|$)|$)/.test(
      pattern,
    )
  )
    return withEntry((_m, e) => {
      e.config.persist_docs = { relation: true, columns: true };
    });
  // An enforced contract: the declared columns and constraints go into the DDL.
  if (
    /^nodes\.<(model|seed|snapshot)>\.(columns\.<key>\.(data_type|constraints)|constraints|contract\.alias_types)(\.|\[|$)/.test(
      pattern,
    )
  )
    return withEntry((_m, e) => {
      e.config.contract = { ...(e.config.contract ?? {}), enforced: true };
      e.contract = { ...(e.contract ?? {}), enforced: true };
    });
  // Jinja beyond what compiled_code shows: the file component counts (src/dbt/jinja-purity.ts).
  if (/^nodes\.<(model|snapshot)>\.checksum\./.test(pattern))
    return withEntry((_m, e) => {
      e.raw_code = `${e.raw_code ?? ""}\n{% set ods_probe = run_query('select 1') %}`;
    });
  // The latest version of a versioned model, with the pointer view (dbt 1.12 core/dbt/task/run.py
  // _should_create_latest_version_pointer).
  if (/^nodes\.<model>\.(version|latest_version|config\.latest_version_pointer)(\.|$)/.test(pattern))
    return withEntry((m, e) => {
      m.metadata.dbt_version = "1.12.0";
      e.version ??= 1;
      e.latest_version = e.version;
      e.config.latest_version_pointer ??= { enabled: true };
    });
  return undefined;
}
