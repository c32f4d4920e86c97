/**
 * What column facts need from a SQL parser, as data. The pure layer never
 * imports the parser: the caller hands `computeColumnFacts` an `AnalyzeSql`
 * function (an adapter over `@polyglot-sql/sdk`'s `analyzeQuery`, `parse` and
 * `generate`). One call describes one statement's top level: its CTEs (as
 * canonical body SQL, analysed again by the caller of this port), its
 * SELECT branches (one, or several for a set operation) and the column
 * references of each.
 */

/** Kind of source a reference resolves to, as the parser reports it. */
export type AnalysedSourceKind = "root" | "table" | "derived_table" | "cte" | "virtual" | "unknown";

export interface AnalysedReference {
  readonly sourceKind: AnalysedSourceKind | string;
  /** Name of the source as written (`db.s.t`, a CTE name), absent when unresolved. */
  readonly table?: string | null;
  readonly column: string;
}

export interface AnalysedProjection {
  /** Output name; absent for an unnamed expression. */
  readonly name?: string | null;
  readonly isStar: boolean;
  /** `t` of `t.*`; absent for a bare `*`. */
  readonly starTable?: string | null;
  /** The projection's canonical SQL (parser-rendered: formatting does not matter). */
  readonly sql: string;
  readonly upstream: readonly AnalysedReference[];
}

export interface AnalysedRelation {
  readonly name: string;
  readonly alias?: string | null;
  readonly kind: AnalysedSourceKind | string;
  readonly catalog?: string | null;
  readonly schema?: string | null;
  readonly table?: string | null;
}

/** A column use outside the projections: join, filter, group, having, qualify, window keys, order. */
export interface AnalysedColumnUse {
  readonly context: string;
  /** Where the use is: `root`, `root.ctes[0]`, a subquery or a branch below them. */
  readonly scopePath: string;
  readonly expressionSql: string;
  readonly references: readonly AnalysedReference[];
}

/** One SELECT of the statement (the only one, or a set operation's branch). */
export interface AnalysedBranch {
  readonly projections: readonly AnalysedProjection[];
  /** Canonical SQL of everything but the projections and the WITH clause (FROM, JOIN … ON, WHERE, GROUP BY, HAVING, QUALIFY, DISTINCT, ORDER, LIMIT). */
  readonly rowSetSql: string;
  readonly distinct: boolean;
  /** Whether the projections hold an aggregate (a query that aggregates without GROUP BY returns one row). */
  readonly aggregates: boolean;
  /** Sources visible in the branch's FROM and JOINs. */
  readonly relations: readonly AnalysedRelation[];
}

export interface AnalysedCte {
  readonly name: string;
  readonly bodySql: string;
}

export interface SqlAnalysis {
  readonly shape: "select" | "set_operation";
  readonly ctes: readonly AnalysedCte[];
  readonly branches: readonly AnalysedBranch[];
  /** For a set operation: its kind and whether it keeps duplicates. */
  readonly setOperation?: {
    readonly kind: string;
    readonly all: boolean;
    /** Canonical form of the ORDER BY, LIMIT and OFFSET applied to the whole set operation. */
    readonly clausesSql: string;
  } | null;
  /** Every physical relation the statement reads, nested scopes included. */
  readonly baseTables: readonly AnalysedRelation[];
  readonly columnUses: readonly AnalysedColumnUse[];
}

export type SqlAnalysisResult =
  | { readonly ok: true; readonly analysis: SqlAnalysis }
  | { readonly ok: false; readonly error: string };

/** Parses and analyses one statement in a dialect (`duckdb`, `postgres`, `snowflake`, `bigquery`). */
export type AnalyzeSql = (sql: string, dialect: string) => SqlAnalysisResult;
