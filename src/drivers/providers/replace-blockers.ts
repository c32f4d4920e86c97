/**
 * Issue 25: which prod tables a cloud provider can't replace (promotion's
 * `replaceFrom`) without losing what readers rely on, from the rows of the
 * provider's `replaceLosses` statement (provider-statements.ts). Pure: the
 * warehouse class (provider-warehouse.ts) reads the rows, this turns them
 * into one blocker a table, its code and a message that names the table,
 * says what would be lost and what to do. A table without rows is kept
 * whole by the vendor (docs/warehouses/<vendor>.md, grants) and not listed.
 */
import {
  type IdentifierRules,
  type QualifiedName,
  qualifiedKey,
  showQualified,
} from "../../warehouse/names.js";
import type { ReplaceBlocker, WarehouseCapabilities } from "../../warehouse/warehouse.js";
import { REPLACE_LOSSES, type ReplaceLoss } from "./provider-statements.js";

/** One row of `futureGrants` (Snowflake's SHOW FUTURE GRANTS). */
export interface FutureGrantRow {
  readonly privilege?: unknown;
  readonly grant_on?: unknown;
  readonly grantee_name?: unknown;
}

/** One row of `replaceLosses`. */
export interface LossRow {
  readonly schema_name?: unknown;
  readonly table_name?: unknown;
  readonly loss?: unknown;
  readonly detail?: unknown;
}

/** Why the vendor's replace loses each kind of thing, and what to do about it. */
const WHY: Record<ReplaceLoss, { what: string; because: string; todo?: string }> = {
  owner: {
    what: "its owner, role",
    because:
      "Snowflake's CREATE OR REPLACE … COPY GRANTS keeps every privilege but OWNERSHIP, and the promoted table would be owned by the role ODS connects as",
    todo: "connect ODS as the owning role, or give the table to ODS's role",
  },
  policy: {
    what: "the",
    because:
      "a Snowflake clone takes the policies of the table it clones, not of the one it replaces, so the promoted table would not have it",
  },
  row_access_policy: {
    what: "the row-level access policy",
    because:
      "a BigQuery clone takes the row-level access policies of the table it clones, not of the one it replaces, so the promoted table would not have it",
  },
  policy_tag: {
    what: "the policy tag on",
    because:
      "a BigQuery clone takes the columns' policy tags of the table it clones, not of the one it replaces, so the promoted table would not have it",
  },
  row_filter: {
    what: "the row filter",
    because:
      "Databricks documents that CREATE OR REPLACE TABLE keeps a table's identity and column masks, not that it keeps a row filter, so ODS can't rule out that the promoted table would lose it",
  },
};

const VENDORS: Record<string, string> = {
  snowflake: "Snowflake",
  bigquery: "BigQuery",
  databricks: "Databricks",
};

function vendor(engine: string): string {
  return VENDORS[engine] ?? engine;
}

function lossOf(value: unknown): ReplaceLoss | null {
  return (REPLACE_LOSSES as readonly unknown[]).includes(value) ? (value as ReplaceLoss) : null;
}

/**
 * One blocker for each of `targets` that has a row: `owner_not_kept` where
 * the owner would change, else `privileges_not_kept` (a policy, a policy
 * tag, a row filter: what limits what readers see). A row for a table not
 * among the targets is ignored; a loss this module does not know blocks
 * (what it is can't be told, so it can't be ruled out).
 */
export function blockersFromLosses(
  capabilities: Pick<WarehouseCapabilities, "engine"> & { identifiers: IdentifierRules },
  targets: readonly QualifiedName[],
  rows: readonly LossRow[],
): ReplaceBlocker[] {
  const rules = capabilities.identifiers;
  const byKey = new Map(targets.map((target) => [qualifiedKey(target, rules), target]));
  const found = new Map<string, { target: QualifiedName; owner: boolean; lost: string[]; todo: string[] }>();
  for (const row of rows) {
    const name = { schema: String(row.schema_name), identifier: String(row.table_name) };
    const target = byKey.get(qualifiedKey(name, rules));
    if (target === undefined) continue;
    const key = qualifiedKey(target, rules);
    const entry = found.get(key) ?? { target, owner: false, lost: [], todo: [] };
    found.set(key, entry);
    const loss = lossOf(row.loss);
    const detail = row.detail === null || row.detail === undefined ? "" : String(row.detail);
    if (loss === null) {
      entry.lost.push(
        `${String(row.loss)} ${detail} (ODS does not know whether ${vendor(capabilities.engine)} keeps it when a table is replaced, so it can't rule out losing it)`,
      );
      continue;
    }
    if (loss === "owner") entry.owner = true;
    const why = WHY[loss];
    entry.lost.push(`${why.what} ${detail}`.trimEnd().concat(` (${why.because})`));
    if (why.todo) entry.todo.push(why.todo);
  }
  return [...found.values()].map(({ target, owner, lost, todo }) => ({
    target,
    code: owner ? "owner_not_kept" : "privileges_not_kept",
    message: `Replacing prod's ${showQualified(target)} on ${vendor(capabilities.engine)} would lose ${lost.join("; and ")}. It is not promoted: dbt builds it.${
      todo.length > 0 ? ` To promote it, ${todo.join("; ")}.` : ""
    } See docs/warehouses/${capabilities.engine}.md, grants.`,
  }));
}

/**
 * One blocker for each name prod has no table for yet (`fresh`) where
 * future grants on tables apply, in its schema (`inSchema`, by schema as
 * given) or the database (`inDatabase`): a table dbt creates there gets
 * them, the table promotion moves or renames in does not.
 */
export function newTableBlockers(
  capabilities: Pick<WarehouseCapabilities, "engine">,
  fresh: readonly QualifiedName[],
  inDatabase: readonly FutureGrantRow[],
  inSchema: ReadonlyMap<string, readonly FutureGrantRow[]>,
): ReplaceBlocker[] {
  const onTables = (rows: readonly FutureGrantRow[]) =>
    rows
      .filter((row) => String(row.grant_on).toUpperCase() === "TABLE")
      .map((row) => `${String(row.privilege)} to ${String(row.grantee_name)}`);
  const database = onTables(inDatabase);
  const out: ReplaceBlocker[] = [];
  for (const target of fresh) {
    const schema = onTables(inSchema.get(target.schema) ?? []);
    const granted = schema.length > 0 ? schema : database;
    if (granted.length === 0) continue;
    const where = schema.length > 0 ? `schema ${target.schema}` : "the database";
    out.push({
      target,
      code: "privileges_not_kept",
      message: `Prod has no table ${showQualified(target)} yet, and the future grants of ${where} on tables (${granted.join(", ")}) would go to a table dbt creates there, not to the one promotion would move in. It is not promoted: dbt builds it. See docs/warehouses/${capabilities.engine}.md, grants.`,
    });
  }
  return out;
}
