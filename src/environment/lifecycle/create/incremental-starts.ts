/**
 * Which incremental models of a PR environment start from prod's table
 * (issue 25; docs/environments.md, "Incremental models start from prod's
 * table"), as data: one decision, with its reason code, for every node the
 * plan builds. Pure: the warehouse's objects and sizes are passed in.
 *
 * A BUILD node gets prod's table cloned (or, where the engine has no
 * zero-copy clone and copies are enabled, copied within a size limit) when
 * it is materialized `incremental`, no full refresh is asked for (by the
 * setting or the node's `full_refresh: true`), prod's state records its
 * relation, a table is there in the warehouse (not a view), and the
 * environment has nothing at its relation yet but the node's own pointer
 * view (dropped before: the node was reused on an earlier push). dbt then
 * finds the table and runs the model incrementally, as it will in prod.
 *
 * Never when the clone or copy would let its readers read more than prod's
 * table lets them (the warehouse's `startRefusals`: row-level security,
 * column privileges, row or column policies, which the CI role's new table
 * would not apply; new tables granted to roles prod's table isn't): the
 * model is built from nothing (`access_not_kept`).
 */

import type { Plan } from "../../../state/plan.js";
import type { StateSnapshot } from "../../../state/snapshot.js";
import { type IdentifierRules, type QualifiedName, qualifiedKey } from "../../../warehouse/names.js";
import type { TableSize, WarehouseObject } from "../../../warehouse/warehouse.js";
import type { IncrementalStart } from "../../incremental-start-settings.js";
import { showLimit } from "../../incremental-start-settings.js";
import { describe, qualifiedOf } from "../common.js";

export const START_OUTCOMES = [
  "cloned",
  "copied",
  "already_built",
  "too_large",
  "size_unknown",
  "no_prod_table",
  "prod_is_view",
  "not_incremental",
  "full_refresh_config",
  "full_refresh_run",
  "copy_not_enabled",
  "off",
  "relation_occupied",
  "access_not_kept",
] as const;
export type StartOutcome = (typeof START_OUTCOMES)[number];

export interface StartDecision {
  node_id: string;
  /** The environment's relation, `schema.relation`. */
  relation: string;
  /** Prod's relation, when its state records one. */
  prod: string | null;
  outcome: StartOutcome;
  /** Why, in words (sizes and limits where they decided). */
  detail: string;
}

/** A decision still to be carried out: clone (zero-copy) or copy (after its size is checked). */
export interface PendingStart {
  node_id: string;
  at: QualifiedName;
  from: QualifiedName;
  how: "clone" | "copy";
}

export interface StartFacts {
  plan: Plan;
  prod: StateSnapshot | null;
  setting: IncrementalStart;
  /**
   * Nodes whose config sets `full_refresh`, with its value: `true` rebuilds
   * the node whole on every run, `false` never (it overrides dbt's
   * `--full-refresh` flag: dbt's should_full_refresh()).
   */
  fullRefreshConfig: ReadonlyMap<string, boolean>;
  /** The warehouse has a zero-copy clone (`capabilities.clone`). */
  canClone: boolean;
  rules: IdentifierRules;
  /** What the warehouse holds in the environment's schemas, keyed by name under the rules. */
  environmentObjects: ReadonlyMap<string, WarehouseObject>;
  /** What it holds in prod's schemas of the candidates (`prodSchemasToObserve`). */
  prodObjects: ReadonlyMap<string, WarehouseObject>;
  /** Nodes whose pointer view is dropped before the starts are made (BUILD now). */
  droppedPointers: ReadonlySet<string>;
}

/** Prod's relation of an incremental BUILD node, or null. */
function prodRelation(prod: StateSnapshot | null, id: string): QualifiedName | null {
  const relation = prod?.nodes[id]?.relation;
  return relation ? qualifiedOf(relation) : null;
}

/** The schemas of prod's relations of the incremental BUILD nodes: what `decideStarts` needs observed. */
export function prodSchemasToObserve(plan: Plan, prod: StateSnapshot | null): string[] {
  const schemas = new Set<string>();
  for (const entry of plan.entries) {
    if (entry.action !== "BUILD" || entry.materialized !== "incremental") continue;
    const relation = prodRelation(prod, entry.unique_id);
    if (relation) schemas.add(relation.schema);
  }
  return [...schemas].sort();
}

/**
 * A decision for every BUILD node; `pending` the clones and copies to make;
 * `built` the environment's tables already there for incremental nodes.
 */
export function decideStarts(facts: StartFacts): {
  decisions: StartDecision[];
  pending: PendingStart[];
  built: QualifiedName[];
} {
  const { setting, rules } = facts;
  const decisions: StartDecision[] = [];
  const pending: PendingStart[] = [];
  const built: QualifiedName[] = [];
  for (const entry of facts.plan.entries) {
    if (entry.action !== "BUILD") continue;
    const at = qualifiedOf(entry.relation);
    const from = prodRelation(facts.prod, entry.unique_id);
    const decide = (outcome: StartOutcome, detail: string) =>
      decisions.push({
        node_id: entry.unique_id,
        relation: describe(at),
        prod: from ? describe(from) : null,
        outcome,
        detail,
      });
    if (entry.materialized !== "incremental") {
      decide(
        "not_incremental",
        `materialized ${entry.materialized ?? "(none)"}: dbt rebuilds it whole anyway`,
      );
      continue;
    }
    if (setting.mode === "none") {
      decide("off", "incremental-start is none");
      continue;
    }
    const configured = facts.fullRefreshConfig.get(entry.unique_id);
    if (configured === true) {
      decide("full_refresh_config", "its config says full_refresh: true, so dbt rebuilds it whole");
      continue;
    }
    // `full_refresh: false` in its config overrides --full-refresh: dbt runs it incrementally all the same.
    if (setting.mode === "full-refresh" && configured !== false) {
      decide("full_refresh_run", "dbt runs with --full-refresh (incremental-start: full-refresh)");
      continue;
    }
    if (!from) {
      decide("no_prod_table", "prod's state records no relation for it (new, or never built)");
      continue;
    }
    const prodObject = facts.prodObjects.get(qualifiedKey(from, rules));
    if (!prodObject) {
      decide("no_prod_table", `${describe(from)} is not in the warehouse`);
      continue;
    }
    if (prodObject.kind === "view") {
      decide("prod_is_view", `${describe(from)} is a view in prod: there is no table to start from`);
      continue;
    }
    const here = facts.environmentObjects.get(qualifiedKey(at, rules));
    if (here?.kind === "table") {
      built.push(at);
      decide(
        "already_built",
        `${describe(at)} is a table already (an earlier clone or build): dbt runs on it`,
      );
      continue;
    }
    if (here && !facts.droppedPointers.has(entry.unique_id)) {
      decide("relation_occupied", `a view is at ${describe(at)}: dbt replaces it with a full build`);
      continue;
    }
    if (facts.canClone) {
      pending.push({ node_id: entry.unique_id, at, from, how: "clone" });
      decide("cloned", `zero-copy clone of ${describe(from)}`);
      continue;
    }
    if (!setting.copyLimit) {
      decide(
        "copy_not_enabled",
        "the warehouse has no zero-copy clone, and copies are off (incremental-start: copy up to a limit)",
      );
      continue;
    }
    pending.push({ node_id: entry.unique_id, at, from, how: "copy" });
    decide("copied", `copy of ${describe(from)} (limit ${showLimit(setting.copyLimit)})`);
  }
  return { decisions, pending, built };
}

/**
 * A start's decision once the warehouse refused it (`startRefusals`: the
 * clone or copy would let its readers read more than prod's table lets
 * them): neither cloned nor copied (`access_not_kept`), dbt builds the model
 * from nothing, and the detail says why.
 */
export function accessNotKept(decision: StartDecision, reasons: readonly string[]): StartDecision {
  if (reasons.length === 0) return decision;
  return {
    ...decision,
    outcome: "access_not_kept",
    detail: `${reasons.join("; ")}: dbt builds it from nothing`,
  };
}

/**
 * A copy's decision once the engine estimated the table: within the limit it
 * stays `copied`; over it `too_large`; with no estimate of the limit's
 * measure `size_unknown` (never copied blind).
 */
export function checkCopySize(
  decision: StartDecision,
  size: TableSize | null,
  setting: IncrementalStart,
  engine: string,
): StartDecision {
  const limit = setting.copyLimit;
  if (!limit) return decision;
  if (!size) return { ...decision, outcome: "no_prod_table", detail: `${decision.prod} is gone` };
  const measure = "rows" in limit ? "rows" : "bytes";
  const estimate = size[measure];
  const allowed = "rows" in limit ? limit.rows : limit.bytes;
  if (estimate === null) {
    return {
      ...decision,
      outcome: "size_unknown",
      detail: `${engine} keeps no estimate of ${decision.prod}'s ${measure}${measure === "bytes" ? "; give the limit in rows" : " yet (never analyzed); give the limit in bytes"}`,
    };
  }
  const shown = `${estimate.toLocaleString("en-US")} ${measure}`;
  if (estimate > allowed)
    return {
      ...decision,
      outcome: "too_large",
      detail: `${shown} estimated, over the limit of ${showLimit(limit)}`,
    };
  return { ...decision, detail: `copy of ${decision.prod} (${shown} estimated, limit ${showLimit(limit)})` };
}
