/**
 * The data diff of a pull request's environment (issue 23): for each node it
 * built, its relation in the environment against prod's, read from the
 * warehouse (src/drivers/data-diff/, read only): the columns, the row counts
 * and, with a unique key, the rows only on each side and changed.
 *
 * Targets are diffed in the order given (the caller puts changed nodes
 * first) within one time budget: each query's timeout is the smaller of the
 * statement timeout and what is left; once it is spent, the remaining nodes
 * are `not_compared` (reason `budget`), and a node whose row diff it cut
 * keeps its schema and counts (rows `budget`). A node's failure (a query
 * that failed or ran past its timeout) is that node's status; the diff goes
 * on with the next. Nothing here throws for a node: opening the warehouse
 * is the caller's.
 */

import { UserError } from "../../errors/user-error.js";
import {
  DATA_DIFF_SCHEMA_VERSION,
  type DataDiffLimits,
  type DataDiffReport,
  type DiffKey,
  type DiffRelation,
  type NodeDataDiff,
  type NodeNotComparedReason,
  type RowDiff,
} from "../../state/data-diff.js";
import type { Warehouse } from "../../warehouse/warehouse.js";
import type { Clock } from "../ports.js";
import { BudgetSpent, DiffBudget, isQueryTimeout } from "./diff-budget.js";
import { diffRows, type KeyValues, type RowDiffInput } from "./diff-rows.js";

export type { KeyValues };

import { schemaDiff } from "./diff-schema.js";

export interface DiffTarget {
  unique_id: string;
  name: string;
  group: "changed" | "downstream";
  /** Null: an ephemeral model (no relation): not_compared, reason ephemeral. */
  pr: DiffRelation | null;
  /** Null: prod has no build of it: only_in_pr (when the PR's relation is there). */
  prod: DiffRelation | null;
  /** False: dbt didn't build it in the PR's run: not_compared, reason not_built. */
  built: boolean;
  /** Null: rows are not compared (`no_key`). */
  key: DiffKey | null;
  /**
   * Whether `key`'s values may be shown when the workflow asks for them
   * (issue 37): only when it is the key prod's recorded manifest declares
   * (data-diff-targets.ts); otherwise why not.
   */
  values: KeyValues;
  /** dbt's materialization, passed on to the report. */
  materialized?: string;
}

export interface DiffEnvironmentInput {
  /** The PR's environment, e.g. `pr_42`. */
  environment: string;
  /** What it is compared with, e.g. `prod`. */
  comparedWith: string;
  targets: readonly DiffTarget[];
  limits: DataDiffLimits;
}

const shown = (relation: DiffRelation) => `\`${relation.schema}.${relation.identifier}\``;

/** What a failed query says (the adapters' messages name the warehouse by its label, never its credentials). */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The catalogue's warehouse errors whose words are ODS's own and the driver's about access, never a row's. */
const OWN_WORDS: ReadonlySet<string> = new Set([
  "warehouse_statement_timeout",
  "warehouse_lock_timeout",
  "warehouse_connect_timeout",
  "warehouse_permission_denied",
  "warehouse_connection_lost",
  "warehouse_unavailable",
  "identifier_refused",
]);

/** PostgreSQL's conditions a diff's read meets, in words (by SQLSTATE; `22` for its whole class). */
const SQLSTATE_WORDS: Readonly<Record<string, string>> = {
  "25006": " (a write refused by the diff's read-only transaction: the relation's SQL writes)",
  "42P01": " (a relation that does not exist)",
  "42703": " (a column that does not exist)",
  "22": " (a data exception: a value of a row the query can't read as its type)",
};

/**
 * What a failed query is said to be, without the engine's own message
 * (issue 37): a pull request's model can make the diff's read fail on a
 * prod value (`CAST(email AS INTEGER)` in a view), and the engine's message
 * quotes it (PostgreSQL `invalid input syntax for type integer: "…"`,
 * DuckDB `Could not convert string '…'`): the comment would print it. So it
 * is named by its class only: PostgreSQL's SQLSTATE, DuckDB's error type.
 */
function failureMessage(error: unknown, label: string): string {
  if (error instanceof UserError && OWN_WORDS.has(error.code)) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  const sqlstate =
    typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)
      ? `SQLSTATE ${code}${SQLSTATE_WORDS[code] ?? (code.startsWith("22") ? SQLSTATE_WORDS["22"] : "")}`
      : null;
  const type = /^([A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)* Error):/.exec(messageOf(error))?.[1] ?? null;
  const what = sqlstate ?? type ?? "an error";
  return `The warehouse (${label}) refused the query with ${what}; its own message is not shown, as it can quote a value of a row (a model whose SQL fails on some rows does this).`;
}

/** The reason a node or its rows stopped at `error`. */
function stopped(
  error: unknown,
  label: string,
): { reason: NodeNotComparedReason & RowDiff["status"]; message: string } {
  if (error instanceof BudgetSpent)
    return { reason: "budget", message: "The time budget for data diffs ran out before this comparison." };
  if (isQueryTimeout(error)) return { reason: "timeout", message: messageOf(error) };
  return { reason: "failed", message: failureMessage(error, label) };
}

async function diffNode(
  warehouse: Warehouse,
  target: DiffTarget,
  limits: DataDiffLimits,
  budget: DiffBudget,
): Promise<Omit<NodeDataDiff, "duration_ms">> {
  const base = {
    unique_id: target.unique_id,
    name: target.name,
    group: target.group,
    prod: target.prod,
    pr: target.pr,
    ...(target.materialized ? { materialized: target.materialized } : {}),
  };
  if (target.pr === null) {
    return {
      ...base,
      status: "not_compared",
      reason: "ephemeral",
      message: "An ephemeral model has no relation.",
    };
  }
  if (!target.built) {
    return {
      ...base,
      status: "not_compared",
      reason: "not_built",
      message:
        "The environment holds no build of this version of it (dbt failed or skipped it, or a newer push is not built yet): its relation there would be an older one.",
    };
  }
  const reads = warehouse.dataDiff;
  const rules = warehouse.capabilities.identifiers;
  const pr = target.pr;
  const prod = target.prod;
  let node: Omit<NodeDataDiff, "duration_ms">;
  let columns: RowDiffInput["columns"];
  let counts: { prod: number; pr: number };
  try {
    const prColumns = await budget.query((ms) => reads.columns(pr, ms));
    const prodColumns = prod === null ? null : await budget.query((ms) => reads.columns(prod, ms));
    if (prColumns === null && prodColumns === null) {
      return {
        ...base,
        status: "not_compared",
        reason: "failed",
        message: `The PR's relation ${shown(pr)} is not in the warehouse${prod ? `, nor prod's ${shown(prod)}` : ""}.`,
      };
    }
    if (prColumns === null) {
      const rows = await budget.query((ms) => reads.countRows(prod!, ms));
      return {
        ...base,
        status: "only_in_prod",
        columns: prodColumns!,
        counts: { prod: rows, pr: null },
        message: `The PR's relation ${shown(pr)} is not in the warehouse.`,
      };
    }
    if (prodColumns === null) {
      const rows = await budget.query((ms) => reads.countRows(pr, ms));
      return {
        ...base,
        status: "only_in_pr",
        columns: prColumns,
        counts: { prod: null, pr: rows },
        ...(prod ? { message: `Prod's relation ${shown(prod)} is not in the warehouse.` } : {}),
      };
    }
    columns = { prod: prodColumns, pr: prColumns };
    counts = {
      prod: await budget.query((ms) => reads.countRows(prod!, ms)),
      pr: await budget.query((ms) => reads.countRows(pr, ms)),
    };
    node = { ...base, status: "compared", schema: schemaDiff(prodColumns, prColumns, rules), counts };
  } catch (error) {
    const { reason, message } = stopped(error, warehouse.label);
    return { ...base, status: "not_compared", reason, message };
  }
  try {
    node.rows = await diffRows(reads, budget, rules, limits, {
      prod: prod!,
      pr,
      key: target.key,
      values: target.values,
      columns,
      schema: node.schema!,
      counts,
    });
  } catch (error) {
    const { reason, message } = stopped(error, warehouse.label);
    node.rows = { status: reason, ...(target.key ? { key: target.key } : {}), message };
  }
  return node;
}

export async function diffEnvironment(
  warehouse: Warehouse,
  input: DiffEnvironmentInput,
  clock: Clock,
): Promise<DataDiffReport> {
  const started = clock().getTime();
  const budget = new DiffBudget(clock, input.limits);
  const nodes: NodeDataDiff[] = [];
  for (const target of input.targets) {
    const begun = clock().getTime();
    const node = await diffNode(warehouse, target, input.limits, budget);
    nodes.push({ ...node, duration_ms: Math.max(0, clock().getTime() - begun) });
  }
  return {
    schema_version: DATA_DIFF_SCHEMA_VERSION,
    environment: input.environment,
    compared_with: input.comparedWith,
    engine: warehouse.capabilities.engine,
    limits: input.limits,
    duration_ms: Math.max(0, clock().getTime() - started),
    budget_exhausted: budget.exhausted,
    nodes,
  };
}
