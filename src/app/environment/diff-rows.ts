/**
 * The row part of a data diff: the key checked on both sides, then one
 * FULL OUTER JOIN on it (src/drivers/data-diff/statements.ts), on a sample of
 * the keys above the row limit, with key values only when asked for, and
 * only of the key prod's recorded manifest declares (`values`, issue 37).
 */

import type {
  DataDiffLimits,
  DiffColumn,
  DiffKey,
  DiffRelation,
  RowDiff,
  SchemaDiff,
} from "../../state/data-diff.js";
import type { PairedColumn, RowComparison } from "../../warehouse/data-diff-requests.js";
import { type IdentifierRules, nameKey } from "../../warehouse/names.js";
import type { DataDiffReads } from "../../warehouse/warehouse.js";
import type { DiffBudget } from "./diff-budget.js";
import { findColumn } from "./diff-schema.js";

/** Whether a target's key values may be shown, and if not, why (in words, names in backticks). */
export type KeyValues = { shown: true } | { shown: false; why: string };

export interface RowDiffInput {
  prod: DiffRelation;
  pr: DiffRelation;
  key: DiffKey | null;
  /** Whether the key's values may be read and shown (when `show_keys` asks for them). */
  values: KeyValues;
  columns: { prod: readonly DiffColumn[]; pr: readonly DiffColumn[] };
  schema: SchemaDiff;
  counts: { prod: number; pr: number };
}

/** The one column equal to `name` in any case; undefined when none or several are. */
function foldedColumn<C extends { name: string }>(columns: readonly C[], name: string): C | undefined {
  const folded = columns.filter((column) => column.name.toLowerCase() === name.toLowerCase());
  return folded.length === 1 ? folded[0] : undefined;
}

const list = (names: readonly string[]) => names.map((name) => `\`${name}\``).join(", ");

export async function diffRows(
  reads: DataDiffReads,
  budget: DiffBudget,
  rules: Pick<IdentifierRules, "case_sensitive">,
  limits: DataDiffLimits,
  input: RowDiffInput,
): Promise<RowDiff> {
  const key = input.key;
  if (key === null || key.columns.length === 0) {
    return { status: "no_key", message: "No unique key is known for this model, so rows were not compared." };
  }
  const prodKey = key.columns.map((name) => findColumn(input.columns.prod, name, rules));
  const prKey = key.columns.map((name) => findColumn(input.columns.pr, name, rules));
  // A key declared as a plain identifier (`ORDER_ID` in a test's `column_name`) reaches dbt's SQL
  // unquoted, where the engine folds its case (PostgreSQL to lower, Snowflake to upper): missing on
  // both sides as written, it names the one column equal to it in any case, when that is the same
  // column on both sides (never a pair the schema diff would call removed and added).
  key.columns.forEach((name, i) => {
    if (prodKey[i] !== undefined || prKey[i] !== undefined || !/^[A-Za-z_][A-Za-z0-9_$]*$/.test(name)) return;
    const prod = foldedColumn(input.columns.prod, name);
    const pr = foldedColumn(input.columns.pr, name);
    if (prod && pr && nameKey(prod.name, rules) === nameKey(pr.name, rules)) {
      prodKey[i] = prod;
      prKey[i] = pr;
    }
  });
  const missing = {
    prod: key.columns.filter((_, i) => prodKey[i] === undefined),
    pr: key.columns.filter((_, i) => prKey[i] === undefined),
  };
  if (missing.prod.length > 0 || missing.pr.length > 0) {
    const where = [
      missing.prod.length > 0 ? `prod's table has no ${list(missing.prod)}` : null,
      missing.pr.length > 0 ? `the PR's table has no ${list(missing.pr)}` : null,
    ].filter((part) => part !== null);
    return {
      status: "key_column_missing",
      key,
      missing,
      message: `A key column is missing: ${where.join(", and ")}.`,
    };
  }
  const pairedKey: PairedColumn[] = key.columns.map((_, i) => ({
    prod: prodKey[i]!.name,
    pr: prKey[i]!.name,
    as_text: false,
  }));
  const retypedKey = key.columns.filter((_, i) => prodKey[i]!.type !== prKey[i]!.type);
  if (retypedKey.length > 0) {
    return {
      status: "key_retyped",
      key,
      message: `The type of the key column ${list(retypedKey)} changed: rows can't be matched on it reliably.`,
    };
  }

  const most = Math.max(input.counts.prod, input.counts.pr);
  const sampled = limits.sample_above_rows > 0 && most > limits.sample_above_rows;
  const sample = sampled ? { fraction: limits.sample_above_rows / most } : null;

  const keyNames = new Set(pairedKey.map((k) => nameKey(k.prod, rules)));
  const retyped = new Set(input.schema.retyped.map((column) => nameKey(column.name, rules)));
  const compared: { column: PairedColumn; retyped: boolean }[] = [];
  for (const column of input.columns.prod) {
    const name = nameKey(column.name, rules);
    if (keyNames.has(name)) continue;
    const other = input.columns.pr.find((c) => nameKey(c.name, rules) === name);
    if (!other) continue;
    const changedType = retyped.has(name);
    const asText = changedType || !reads.comparable(column.type) || !reads.comparable(other.type);
    compared.push({ column: { prod: column.name, pr: other.name, as_text: asText }, retyped: changedType });
  }
  const comparison: RowComparison = {
    prod: input.prod,
    pr: input.pr,
    key: pairedKey,
    columns: compared.map((c) => c.column),
    sample,
  };
  const counts = await budget.query((ms) => reads.compareRows(comparison, ms));
  if (counts.duplicates.prod > 0 || counts.duplicates.pr > 0) {
    const sides = [counts.duplicates.prod > 0 ? "prod" : null, counts.duplicates.pr > 0 ? "the PR" : null]
      .filter((side) => side !== null)
      .join(" and ");
    return {
      status: "key_not_unique",
      key,
      duplicates: counts.duplicates,
      message: `The key ${list(key.columns)} is not unique in ${sides}${sample ? " (within the sample)" : ""}: rows can't be matched one to one.`,
    };
  }

  // Values are read only when asked for, and only of the key prod's recorded manifest declares.
  const asked = limits.show_keys > 0;
  const examples =
    asked && input.values.shown
      ? await budget.query((ms) => reads.rowExamples(comparison, limits.show_keys, ms))
      : undefined;
  return {
    status: "compared",
    key,
    sample: sample ? { fraction: sample.fraction, above_rows: limits.sample_above_rows } : null,
    only_prod: counts.only_prod,
    only_pr: counts.only_pr,
    changed: counts.changed,
    unchanged: counts.unchanged,
    columns: compared.map((c, i) => ({
      name: c.column.prod,
      changed: counts.columns[i] ?? 0,
      ...(c.retyped ? { as_text: true } : {}),
    })),
    null_keys: counts.null_keys,
    ...(examples ? { examples } : {}),
    ...(asked && !input.values.shown ? { examples_withheld: input.values.why } : {}),
  };
}
