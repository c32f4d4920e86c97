/**
 * What the data diff asks a warehouse (issue 23), in the warehouse's own
 * terms: relations by name, columns by the names its catalog gives them.
 * The statements that answer are in statements.ts; the contract is
 * `DataDiffReads` in ../warehouse.ts.
 */
import type { DiffColumn, RowExamples } from "../state/data-diff.js";
import type { QualifiedName } from "./names.js";

/** A column on both sides, by each side's catalog name (equal under the engine's identifier rules). */
export interface PairedColumn {
  prod: string;
  pr: string;
  /** Compared cast to text (its type changed, or the type has no equality operator). */
  as_text: boolean;
}

/** Compare only the rows whose key hashes into this fraction of the key space (the same keys on both sides). */
export interface KeySample {
  /** 0 < fraction < 1. */
  fraction: number;
}

export interface RowComparison {
  prod: QualifiedName;
  pr: QualifiedName;
  /** The key's columns, in key order (same types on both sides). */
  key: readonly PairedColumn[];
  /** The columns compared, in prod's order (the key's excluded). */
  columns: readonly PairedColumn[];
  sample: KeySample | null;
}

/**
 * What the comparison found: the key's health on each side (within the
 * sample), and the FULL OUTER JOIN on the key (rows with a NULL in the key
 * are left out). With duplicates on a side, the join's counts are per key
 * value: the key isn't unique, and they are not reported.
 */
export interface RowComparisonCounts {
  /** Rows with a NULL in a key column. */
  null_keys: { prod: number; pr: number };
  /** Rows (non-NULL keys) that share their key value with another row. */
  duplicates: { prod: number; pr: number };
  only_prod: number;
  only_pr: number;
  changed: number;
  unchanged: number;
  /** For each of `RowComparison.columns`, in its order: matched rows where it is distinct. */
  columns: number[];
}

export type { DiffColumn, RowExamples };
