/**
 * Column facts of one built node: plain JSON data, versioned, so the snapshot
 * can store them with the build and a later plan can compare them.
 */

export const COLUMN_FACTS_VERSION = 1;

/**
 * Hex digits of the digests the facts keep (each column's, the row set's):
 * 64 bits of a SHA-256. They are compared only with the same node's digests
 * at another build, so a change goes unseen with a chance of 2^-64; the full
 * 256 bits would make the facts most of a large project's snapshot.
 */
export const DIGEST_LENGTH = 16;

/** Why a node's facts cannot be trusted; then every rule keeps today's BUILD. */
export type UnknownFactsReason =
  | "python_model"
  | "no_compiled_sql"
  | "jinja_in_sql"
  | "dialect_unsupported"
  | "parse_failed"
  | "star_over_parent"
  | "reads_non_parent_relation"
  | "unresolved_scope"
  | "too_complex"
  | "not_recorded";

export interface UnknownFacts {
  readonly reason: UnknownFactsReason;
  /** Words for a reviewer: the parser's error, the relation, the scope. */
  readonly detail: string;
}

/** Columns of parents, per parent unique id (names lower-cased, sorted). */
export type ParentColumns = Readonly<Record<string, readonly string[]>>;

export interface ColumnFact {
  readonly name: string;
  /** Digest of the column's expression through its lineage down to the parents' columns. */
  readonly digest: string;
  /** The parents' columns its value is computed from, through every CTE (its lineage's leaves). */
  readonly from: ParentColumns;
}

/** The columns of one parent a node reads, or `"*"` when it reads them through an unresolved `select *`. */
export type ParentReads = readonly string[] | "*";

export interface ColumnFacts {
  readonly version: typeof COLUMN_FACTS_VERSION;
  /** Output columns in order (names lower-cased). */
  readonly columns: readonly ColumnFact[];
  /** Digest of everything that decides which rows exist. */
  readonly row_set: string;
  /** The parents' columns that decide which rows exist (joins, filters, grouping, DISTINCT, windows, in every scope). */
  readonly row_set_from: ParentColumns;
  /** Per parent unique id: the columns the node reads anywhere (outputs, joins, filters, grouping, windows, ordering). */
  readonly reads: Readonly<Record<string, ParentReads>>;
  /**
   * Parents whose columns reach the output through a `select *`: a column
   * added to or removed from one of them adds or removes an output column.
   */
  readonly star_from: readonly string[];
  /** Set when the facts above cannot be trusted. */
  readonly unknown: UnknownFacts | null;
}

export function unknownFacts(reason: UnknownFactsReason, detail: string): ColumnFacts {
  return {
    version: COLUMN_FACTS_VERSION,
    columns: [],
    row_set: "",
    row_set_from: {},
    reads: {},
    star_from: [],
    unknown: { reason, detail },
  };
}
