/**
 * Column-level impact (issue 24, docs/decisions/column-impact-plan.md): for
 * an edge parent → child, whether the child's recorded build reads anything
 * the parent's rebuild changes. One answer per edge, shared by the rule that
 * reuses the child (parent_change_not_read), by parent_code_changed (which
 * then leaves that parent out) and by the data evidence (which then does not
 * count that parent as new data). Everything uncertain is `reads_change`, and
 * the planner keeps today's BUILD. Pure: the parser comes in through
 * `PlanInput.columnFacts`.
 */
import {
  type ChangeClassification,
  type ChangeReach,
  changeReach,
  classifyChange,
} from "../dbt/column-facts/classify-change.js";
import {
  COLUMN_FACTS_VERSION,
  type ColumnFacts,
  type ParentReads,
  unknownFacts,
} from "../dbt/column-facts/facts.js";
import { propagateChange } from "../dbt/column-facts/propagate-change.js";
import { compiledSqlProblem } from "../dbt/column-facts/static-sql.js";
import { factsFromStored } from "../dbt/column-facts/stored-facts.js";
import type { MacroIndex } from "../dbt/fingerprint/macro-index.js";
import type { GraphNode } from "../dbt/graph.js";
import { own } from "../state/own.js";
import type { StoredColumnFacts } from "../state/snapshot.js";
import type { DataEvidence, Decision, EdgeImpact, PlanFacts } from "./rules/context.js";

/** The only reasons whose rebuild differs from the last build by code alone (its inputs did not move). */
const CODE_ONLY_REASONS = new Set(["code_changed", "parent_code_changed"]);
/** Fingerprint components whose change leaves the data as the SQL says: the SQL itself and persisted docs. */
const SQL_ONLY_COMPONENTS = new Set(["sql", "docs"]);

/**
 * The changed components of a static whole model (rebuildProblem null)
 * whose change may make its data differ from what its compiled SQL says.
 * Its file is not one: the file counts wherever the Jinja goes beyond
 * ref/source/config (calling a project macro is enough, src/dbt/jinja-purity.ts),
 * and a static model's Jinja runs nothing the compiled SQL doesn't show
 * (src/dbt/column-facts/static-sql.ts), so a file edit reaches the build
 * through the compiled SQL, which the column facts compare. A config or
 * macro change is one (it may change how the relation is made).
 */
export function changedBeyondSql(names: readonly string[]): string[] {
  return names.filter((name) => !SQL_ONLY_COMPONENTS.has(name) && name !== "file");
}
/** Materializations whose relation holds exactly what the SQL selects now (an incremental keeps earlier rows). */
const WHOLE_MATERIALIZATIONS = new Set(["table", "view"]);

const unknown = (reason: string): ChangeClassification => ({ kind: "unknown", reason });

/** What the edge answer needs of a reader: its reads per parent, and the parents its `select *` lists. */
interface ChildReads {
  readonly reads: ReadonlyMap<string, ParentReads>;
  readonly star: ReadonlySet<string>;
}

function childReads(facts: ColumnFacts): ChildReads | null {
  if (facts.unknown) return null;
  return { reads: new Map(Object.entries(facts.reads)), star: new Set(facts.star_from) };
}

function storedReads(stored: StoredColumnFacts): ChildReads | null {
  if (stored.version !== COLUMN_FACTS_VERSION || stored.reads.length !== stored.parents.length) return null;
  const star = new Set<string>();
  for (const at of stored.star_from) {
    const parent = stored.parents[at];
    if (parent === undefined) return null;
    star.add(parent);
  }
  return { reads: new Map(stored.parents.map((parent, i) => [parent, stored.reads[i] ?? []])), star };
}

/**
 * Why a rebuild of this node may hold more than its SQL says (then its change
 * is unknown), or null: only a whole model (a table or a view) without hooks,
 * ephemeral models or SQL that may differ at run time.
 */
export function rebuildProblem(graphNode: GraphNode, macros: MacroIndex): string | null {
  const n = graphNode.node;
  if (n.resourceType !== "model") return `a ${n.resourceType}, not a model`;
  if (!WHOLE_MATERIALIZATIONS.has(n.materialized ?? "view"))
    return `materialized as ${n.materialized}: its relation keeps rows of earlier builds`;
  if (n.preHooks.length > 0 || n.postHooks.length > 0) return "its hooks may change its data";
  if (graphNode.ephemerals.length > 0) return "it inlines ephemeral models";
  return compiledSqlProblem(n, [], macros);
}

/** Whether a reader's build reads only through its SQL: a hook of its own may read anything. */
export function readsOnlyThroughSql(graphNode: GraphNode | undefined, macros: MacroIndex): boolean {
  if (graphNode === undefined || graphNode.node.preHooks.length > 0 || graphNode.node.postHooks.length > 0)
    return false;
  return graphNode.ephemerals.length === 0 && compiledSqlProblem(graphNode.node, [], macros) === null;
}

export class ColumnImpact implements EdgeImpact {
  private readonly facts: PlanFacts;
  private readonly decisions: ReadonlyMap<string, Decision>;
  private readonly dataOf: (id: string) => DataEvidence;
  private readonly changes = new Map<string, ChangeClassification>();
  private readonly factsNow = new Map<string, ColumnFacts>();
  private readonly readsOfChild = new Map<string, ChildReads | null>();
  private readonly sqlOnly = new Map<string, boolean>();

  constructor(
    facts: PlanFacts,
    decisions: ReadonlyMap<string, Decision>,
    dataOf: (id: string) => DataEvidence,
  ) {
    this.facts = facts;
    this.decisions = decisions;
    this.dataOf = dataOf;
  }

  /**
   * Whether `child`'s recorded build reads what `parent`'s rebuild changes;
   * null when the parent's decision changes no code (then nothing here
   * applies).
   */
  edge(parent: string, child: string, changesCode: boolean): ChangeReach | null {
    if (!changesCode) return null;
    if (!this.facts.input.columnFacts) return { kind: "reads_change", why: "unknown", columns: [] };
    const change = this.changeOf(parent);
    let only = this.sqlOnly.get(child);
    if (only === undefined) {
      only = readsOnlyThroughSql(this.facts.graph.nodes.get(child), this.facts.macros);
      this.sqlOnly.set(child, only);
    }
    if (!only) return { kind: "reads_change", why: "unknown", columns: [] };
    const reads = this.readsOf(child, true);
    if (reads === null) return { kind: "reads_change", why: "unknown", columns: [] };
    return changeReach(change, reads.reads.get(parent), reads.star.has(parent));
  }

  /** The change of a node this plan builds, as its readers see it (computed once). */
  changeOf(id: string): ChangeClassification {
    let change = this.changes.get(id);
    if (change === undefined) {
      change = this.computeChange(id);
      this.changes.set(id, change);
    }
    return change;
  }

  /** Changes computed so far, by node id (for the plan entries). */
  computed(): ReadonlyMap<string, ChangeClassification> {
    return this.changes;
  }

  private computeChange(id: string): ChangeClassification {
    const decision = this.decisions.get(id);
    if (decision?.action !== "BUILD") return unknown("not built by this plan");
    const code = decision.reason.code;
    if (!CODE_ONLY_REASONS.has(code)) return unknown(`built for ${code.replaceAll("_", " ")}`);
    const graphNode = this.facts.graph.nodes.get(id);
    const fp = this.facts.input.project.fingerprints.get(id);
    if (!graphNode || !fp) return unknown("not a planned node");
    const problem = rebuildProblem(graphNode, this.facts.macros);
    if (problem !== null) return unknown(problem);
    const recorded = this.facts.targetChanged ? undefined : own(this.facts.snapshot?.nodes, id);
    if (!recorded) return unknown("no recorded build");
    if (code === "code_changed") {
      const components = decision.reason.components;
      const names = components ? [...components.changed, ...components.added, ...components.removed] : [];
      const other = changedBeyondSql(names);
      if (names.length === 0 || other.length > 0) return unknown(`its ${other.join(", ")} changed`);
    }
    // Every parent this plan rebuilds, read or not by its recorded build (its SQL now may read more).
    // Asked first: a parent's unknown change makes this one unknown before anything costly is done.
    const parents = new Map<string, ChangeClassification>();
    for (const parent of graphNode.parents) {
      if (this.decisions.get(parent)?.action !== "BUILD") continue;
      const change = this.changeOf(parent);
      if (change.kind === "unknown") return unknown(`parent ${parent}: ${change.reason}`);
      parents.set(parent, change);
    }
    if (!this.someReaderMayIgnore(graphNode))
      return unknown("every reader reads all of its columns, or is not known to read fewer");
    const data = this.dataOf(id);
    if (data.missing.length > 0) return unknown("no evidence of its input data");
    for (const moved of data.movedIds) {
      if (!graphNode.parents.includes(moved)) return unknown("new data in a source it reads");
      if (this.decisions.get(moved)?.action !== "BUILD")
        return unknown("a parent was rebuilt after the build it read");
    }
    if (code === "code_changed") {
      const after = this.now(id);
      return propagateChange(classifyChange(factsFromStored(recorded.facts), after), after, parents);
    }
    const after = recorded.facts ? factsFromStored(recorded.facts) : this.now(id);
    return propagateChange(null, after, parents);
  }

  /**
   * Whether some reader of the node may read fewer than all of its columns:
   * worth analysing the node's SQL for. Asked before any analysis, from the
   * readers' recorded facts only (a reader without them may: it is analysed
   * when asked).
   */
  private someReaderMayIgnore(graphNode: GraphNode): boolean {
    return graphNode.children.some((child) => {
      const recorded = this.facts.targetChanged ? undefined : own(this.facts.snapshot?.nodes, child);
      if (!recorded?.facts) return true;
      const reads = this.readsOf(child, false);
      return reads !== null && !reads.star.has(graphNode.id);
    });
  }

  /**
   * The reads of a child's recorded build, from its stored facts without
   * decoding its columns; else (`analyse`) from its SQL now, its code being
   * unchanged when asked. Null when unknown.
   */
  private readsOf(child: string, analyse: boolean): ChildReads | null {
    const known = this.readsOfChild.get(child);
    if (known !== undefined) return known;
    const recorded = this.facts.targetChanged ? undefined : own(this.facts.snapshot?.nodes, child);
    let reads: ChildReads | null | undefined;
    if (recorded?.facts) reads = storedReads(recorded.facts);
    else if (analyse) reads = childReads(this.now(child));
    if (reads === undefined) return null;
    this.readsOfChild.set(child, reads);
    return reads;
  }

  /** A parent's output columns now: its SQL's when this plan rebuilds it for its code, else its recorded build's. */
  private columnsNow(id: string): readonly string[] | null {
    const decision = this.decisions.get(id);
    const recorded = this.facts.targetChanged ? undefined : own(this.facts.snapshot?.nodes, id);
    if (decision?.action === "BUILD" && decision.reason.code === "code_changed") {
      const facts = this.now(id);
      return facts.unknown ? null : facts.columns.map((column) => column.name);
    }
    return recorded?.facts?.columns ?? null;
  }

  private now(id: string): ColumnFacts {
    let facts = this.factsNow.get(id);
    if (facts === undefined) {
      const source = this.facts.input.columnFacts;
      facts = source
        ? source(id, (parent) => this.columnsNow(parent))
        : unknownFacts("not_recorded", "no SQL parser was given to the plan");
      this.factsNow.set(id, facts);
    }
    return facts;
  }
}
