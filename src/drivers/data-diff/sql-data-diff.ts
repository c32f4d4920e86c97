/**
 * The data diff's reads over an SQL warehouse (DataDiffReads): the
 * statements of statements.ts, each run by the adapter in a READ ONLY
 * transaction of its own under the caller's timeout, their rows read back
 * into counts. What differs between engines is the adapter's `DiffDialect`.
 */

import type {
  DiffColumn,
  RowComparison,
  RowComparisonCounts,
  RowExamples,
} from "../../warehouse/data-diff-requests.js";
import type { QualifiedName } from "../../warehouse/names.js";
import type { DataDiffReads, RecordValue } from "../../warehouse/warehouse.js";
import {
  type ComparisonSql,
  comparisonSql,
  countSql,
  EXAMPLE_CATEGORY,
  examplesSql,
  type SamplePredicate,
  sampleThreshold,
} from "./statements.js";

/** What an engine supplies: how its catalog lists columns, which types compare, how keys are sampled. */
export interface DiffDialect {
  /** The catalog query for a relation's columns (rows `name`, `type`, in table order). */
  columnsQuery(relation: QualifiedName): { sql: string; params: RecordValue[] };
  /** The columns from its rows; null when the relation isn't there. */
  columnsFrom(rows: readonly Record<string, unknown>[]): DiffColumn[] | null;
  comparable(type: string): boolean;
  samplePredicate: SamplePredicate;
}

/** The adapter's side: one statement in a READ ONLY transaction of its own, and relation names quoted. */
export interface ReadOnlySession {
  read(sql: string, params: readonly RecordValue[], timeoutMs: number): Promise<Record<string, unknown>[]>;
  relation(name: QualifiedName): string;
}

function count(value: unknown): number {
  if (value === null || value === undefined) return 0;
  return Number(value);
}

export class SqlDataDiff implements DataDiffReads {
  private readonly session: ReadOnlySession;
  private readonly dialect: DiffDialect;

  constructor(session: ReadOnlySession, dialect: DiffDialect) {
    this.session = session;
    this.dialect = dialect;
  }

  async columns(relation: QualifiedName, timeoutMs: number): Promise<DiffColumn[] | null> {
    // A name the warehouse can't take is refused here, as it would be in any statement.
    this.session.relation(relation);
    const query = this.dialect.columnsQuery(relation);
    return this.dialect.columnsFrom(await this.session.read(query.sql, query.params, timeoutMs));
  }

  comparable(type: string): boolean {
    return this.dialect.comparable(type);
  }

  async countRows(relation: QualifiedName, timeoutMs: number): Promise<number> {
    const rows = await this.session.read(countSql(this.session.relation(relation)), [], timeoutMs);
    return count(rows[0]?.n);
  }

  private statement(comparison: RowComparison, param: string): ComparisonSql {
    return {
      prod: this.session.relation(comparison.prod),
      pr: this.session.relation(comparison.pr),
      key: comparison.key,
      columns: comparison.columns,
      sample: comparison.sample ? { predicate: this.dialect.samplePredicate, param } : null,
    };
  }

  async compareRows(comparison: RowComparison, timeoutMs: number): Promise<RowComparisonCounts> {
    const sql = comparisonSql(this.statement(comparison, "$1"));
    const params = comparison.sample ? [sampleThreshold(comparison.sample.fraction)] : [];
    const row = (await this.session.read(sql, params, timeoutMs))[0] ?? {};
    const matched = count(row.matched);
    const changed = count(row.changed);
    return {
      null_keys: { prod: count(row.null_keys_prod), pr: count(row.null_keys_pr) },
      duplicates: { prod: count(row.duplicates_prod), pr: count(row.duplicates_pr) },
      only_prod: count(row.only_prod),
      only_pr: count(row.only_pr),
      changed,
      unchanged: matched - changed,
      columns: comparison.columns.map((_, i) => count(row[`d${i}`])),
    };
  }

  async rowExamples(comparison: RowComparison, limit: number, timeoutMs: number): Promise<RowExamples> {
    const sql = examplesSql(this.statement(comparison, "$2"));
    const params: RecordValue[] = [limit];
    if (comparison.sample) params.push(sampleThreshold(comparison.sample.fraction));
    const rows = await this.session.read(sql, params, timeoutMs);
    const examples: RowExamples = { only_prod: [], only_pr: [], changed: [] };
    for (const row of rows) {
      const values = comparison.key.map((_, i) => {
        const value = row[`e${i}`];
        return value === null || value === undefined ? null : String(value);
      });
      const category = Number(row.t);
      // The statement selects no key only in the PR's table (statements.ts): never shown if one came back.
      if (category === EXAMPLE_CATEGORY.only_prod) examples.only_prod.push(values);
      else if (category === EXAMPLE_CATEGORY.changed) examples.changed.push(values);
    }
    return examples;
  }
}
