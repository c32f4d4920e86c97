/**
 * Column facts of one node from its compiled SQL: the output columns with a
 * digest of each one's expression through its lineage, a digest of what
 * decides the row set, and the columns it reads of each parent. Every CTE is
 * analysed as a scope of its own, so a column's digest follows it through a
 * CTE chain down to the parents' columns; anything the facts cannot follow
 * makes them unknown, and the rule then keeps today's BUILD.
 */
import { sha256Of } from "../fingerprint/digest.js";
import {
  COLUMN_FACTS_VERSION,
  type ColumnFact,
  type ColumnFacts,
  DIGEST_LENGTH,
  type ParentColumns,
  type ParentReads,
  type UnknownFactsReason,
  unknownFacts,
} from "./facts.js";
import { type ParentRelation, parentIndex, relationParts } from "./relation-keys.js";
import type {
  AnalysedBranch,
  AnalysedProjection,
  AnalysedReference,
  AnalysedRelation,
  AnalyzeSql,
  SqlAnalysis,
} from "./sql-analysis.js";

/** dbt adapter type → the parser's dialect name; an adapter absent here has no facts. */
const DIALECT_OF_ADAPTER: Readonly<Record<string, string>> = {
  duckdb: "duckdb",
  postgres: "postgresql",
  snowflake: "snowflake",
  bigquery: "bigquery",
  redshift: "redshift",
  databricks: "databricks",
  spark: "spark",
  trino: "trino",
};

/** Functions in a projection that make rows (one row in, several out). */
const SET_RETURNING =
  /\b(unnest|generate_series|explode|posexplode|flatten|json_each|jsonb_each|json_array_elements|jsonb_array_elements|regexp_split_to_table|range)\s*\(/i;

/** Lineage steps one node may take before its facts are given up as unknown (a bound on time per node). */
const MAX_STEPS = 20_000;

/** A bare, possibly qualified, column reference. */
const PLAIN_COLUMN = /^(?:(?:[A-Za-z_][\w$]*|"[^"]+"|`[^`]+`)\.)*(?:[A-Za-z_][\w$]*|"[^"]+"|`[^`]+`)$/;

export interface ColumnFactsInput {
  /** The node's `language` (`sql`, `python`). */
  readonly language: string;
  readonly compiledSql: string | null | undefined;
  /** The manifest's `metadata.adapter_type`. */
  readonly adapterType: string;
  /** Every `depends_on` node and source, with its `relation_name`. */
  readonly parents: readonly ParentRelation[];
}

class FactsUnknown {
  readonly reason: UnknownFactsReason;
  readonly detail: string;
  constructor(reason: UnknownFactsReason, detail: string) {
    this.reason = reason;
    this.detail = detail;
  }
}

interface Scope {
  readonly name: string;
  readonly analysis: SqlAnalysis;
  /** Column uses of this scope and the subqueries below it, not those of its CTEs (they are scopes of their own). */
  readonly uses: SqlAnalysis["columnUses"];
}

/** A digest and the parent columns (`parent\u0000column`) it was computed from. */
interface Traced {
  readonly digest: string;
  readonly from: ReadonlySet<string>;
}

/** `parent\u0000column` keys as columns per parent, sorted. */
function byParent(keys: ReadonlySet<string>): ParentColumns {
  const out: Record<string, string[]> = {};
  for (const key of [...keys].sort()) {
    const cut = key.indexOf("\u0000");
    const parent = key.slice(0, cut);
    const columns = out[parent] ?? [];
    columns.push(key.slice(cut + 1));
    out[parent] = columns;
  }
  return out;
}

const lower = (name: string): string => name.toLowerCase();

/** A digest as the facts keep it (DIGEST_LENGTH, facts.ts). */
const short = (digest: string): string => digest.slice(0, DIGEST_LENGTH);
const projectionName = (projection: AnalysedProjection): string => lower(projection.name ?? projection.sql);

export function computeColumnFacts(input: ColumnFactsInput, analyze: AnalyzeSql): ColumnFacts {
  if (input.language !== "sql")
    return unknownFacts("python_model", `a ${input.language} model has no SQL to read`);
  const sql = input.compiledSql ?? "";
  if (sql.trim() === "")
    return unknownFacts("no_compiled_sql", "the manifest holds no compiled SQL for the node");
  if (/\{\{|\{%/.test(sql)) return unknownFacts("jinja_in_sql", "the compiled SQL still holds Jinja");
  const dialect = DIALECT_OF_ADAPTER[lower(input.adapterType)];
  if (dialect === undefined)
    return unknownFacts("dialect_unsupported", `no SQL dialect for adapter ${input.adapterType}`);
  try {
    return new FactsBuilder(input.parents, analyze, dialect).build(sql);
  } catch (error) {
    if (error instanceof FactsUnknown) return unknownFacts(error.reason, error.detail);
    throw error;
  }
}

class FactsBuilder {
  private readonly scopes = new Map<string, Scope>();
  private readonly reads = new Map<string, Set<string> | "*">();
  private readonly memo = new Map<string, Traced>();
  private readonly resolving = new Set<string>();
  private readonly parentOf: (name: string) => string | null;
  private readonly analyze: AnalyzeSql;
  private readonly dialect: string;
  private starOverParent: string | null = null;
  /** Parents a `select *` listed by their known columns. */
  private readonly starFrom = new Set<string>();
  private readonly columnsOfParent = new Map<string, readonly string[]>();
  private readonly projectionMemo = new WeakMap<AnalysedProjection, Traced>();
  private steps = 0;
  /** Open lineage collections: every parent column reached while one is open is noted in each. */
  private readonly collectors: Set<string>[] = [];

  constructor(parents: readonly ParentRelation[], analyze: AnalyzeSql, dialect: string) {
    this.parentOf = parentIndex(parents);
    this.analyze = analyze;
    this.dialect = dialect;
    for (const parent of parents) {
      this.reads.set(parent.uniqueId, new Set());
      if (parent.columns) this.columnsOfParent.set(parent.uniqueId, parent.columns);
    }
  }

  build(sql: string): ColumnFacts {
    const root = this.addScope("", sql, "the model");
    this.checkRelations(root);
    const columns = this.outputColumns(root);
    const rowSet = this.traced(() =>
      sha256Of(
        ...[...this.scopes.values()]
          .sort((a, b) => (a.name < b.name ? -1 : 1))
          .map((scope) => this.scopeRowSet(scope)),
      ),
    );
    const reads: Record<string, ParentReads> = {};
    for (const [parent, columnsRead] of [...this.reads].sort(([a], [b]) => (a < b ? -1 : 1))) {
      reads[parent] = columnsRead === "*" ? "*" : [...columnsRead].sort();
    }
    const unknown =
      this.starOverParent === null
        ? null
        : {
            reason: "star_over_parent" as const,
            detail: `select * over ${this.starOverParent} outputs columns the facts cannot list`,
          };
    return {
      version: COLUMN_FACTS_VERSION,
      columns: unknown ? [] : columns,
      row_set: short(rowSet.digest),
      row_set_from: unknown ? {} : byParent(rowSet.from),
      star_from: unknown ? [] : [...this.starFrom].sort(),
      reads,
      unknown,
    };
  }

  private addScope(name: string, sql: string, what: string): Scope {
    const result = this.analyze(sql, this.dialect);
    if (!result.ok) throw new FactsUnknown("parse_failed", `${what}: ${result.error}`);
    const analysis = result.analysis;
    const scope: Scope = {
      name,
      analysis,
      uses: analysis.columnUses.filter((use) => !use.scopePath.startsWith("root.ctes[")),
    };
    this.scopes.set(name, scope);
    for (const cte of analysis.ctes) {
      if (this.scopes.has(lower(cte.name)))
        throw new FactsUnknown("unresolved_scope", `CTE ${cte.name} is defined twice`);
      this.addScope(lower(cte.name), cte.bodySql, `CTE ${cte.name}`);
    }
    for (const branch of analysis.branches) {
      for (const relation of branch.relations) {
        if (relation.kind !== "table" && relation.kind !== "cte") {
          throw new FactsUnknown(
            "unresolved_scope",
            `${what} reads a ${relation.kind} (${relation.name}) the facts do not follow`,
          );
        }
      }
    }
    return scope;
  }

  /** Every relation the statement reads, nested scopes included, is a CTE or a parent, and is visible in some scope's FROM. */
  private checkRelations(root: Scope): void {
    const visible = new Set<string>();
    for (const scope of this.scopes.values()) {
      for (const branch of scope.analysis.branches) {
        for (const relation of branch.relations) {
          if (this.isCte(relation)) continue;
          const parent = this.parentOf(relation.name);
          if (parent === null)
            throw new FactsUnknown(
              "reads_non_parent_relation",
              `reads ${relation.name}, which is not a parent`,
            );
          visible.add(parent);
        }
      }
    }
    for (const table of root.analysis.baseTables) {
      if (this.isCte(table)) continue;
      const parent = this.parentOf(table.name);
      if (parent === null)
        throw new FactsUnknown("reads_non_parent_relation", `reads ${table.name}, which is not a parent`);
      if (!visible.has(parent))
        throw new FactsUnknown(
          "unresolved_scope",
          `reads ${table.name} in a subquery the facts do not follow`,
        );
    }
  }

  private isCte(relation: AnalysedRelation | AnalysedReference): boolean {
    const name = "name" in relation ? relation.name : (relation.table ?? "");
    const kind = "kind" in relation ? relation.kind : relation.sourceKind;
    if (kind === "cte") return true;
    const parts = relationParts(name);
    return parts.length === 1 && this.scopes.has(parts[0] ?? "");
  }

  private outputColumns(root: Scope): ColumnFact[] {
    const [first, ...others] = root.analysis.branches;
    if (first === undefined) return [];
    const columns: ColumnFact[] = [];
    first.projections.forEach((projection, index) => {
      if (projection.isStar) {
        if (others.length > 0) throw new FactsUnknown("unresolved_scope", "select * in a set operation");
        for (const source of this.starSources(first, projection)) {
          for (const name of this.sourceColumnNames(source)) {
            const traced = this.traced(() => this.fromSource(source, name));
            columns.push({ name, digest: short(traced.digest), from: byParent(traced.from) });
          }
        }
        return;
      }
      const traced = this.traced(() => {
        const digests = [this.projectionDigest(root, first, projection)];
        for (const branch of others) {
          const same = branch.projections[index];
          if (same === undefined || same.isStar)
            throw new FactsUnknown("unresolved_scope", "set operation branches differ in shape");
          digests.push(this.projectionDigest(root, branch, same));
        }
        return sha256Of("column", ...digests);
      });
      columns.push({
        name: projectionName(projection),
        digest: short(traced.digest),
        from: byParent(traced.from),
      });
    });
    return columns;
  }

  /** Names a source contributes to a `select *`; a parent's cannot be listed. */
  private sourceColumnNames(source: AnalysedRelation): string[] {
    if (!this.isCte(source)) {
      const parent = this.parentOf(source.name);
      const known = parent === null ? undefined : this.columnsOfParent.get(parent);
      if (parent !== null && known !== undefined) {
        this.starFrom.add(parent);
        return known.map(lower);
      }
      if (parent !== null) this.reads.set(parent, "*");
      this.starOverParent ??= source.name;
      return [];
    }
    const scope = this.scopeOf(source.name);
    const first = scope.analysis.branches[0];
    if (first === undefined) return [];
    return first.projections.flatMap((projection) =>
      projection.isStar
        ? this.starSources(first, projection).flatMap((inner) => this.sourceColumnNames(inner))
        : [projectionName(projection)],
    );
  }

  private scopeOf(name: string): Scope {
    const scope = this.scopes.get(lower(relationParts(name).at(-1) ?? name));
    if (scope === undefined) throw new FactsUnknown("unresolved_scope", `no CTE named ${name}`);
    return scope;
  }

  private starSources(branch: AnalysedBranch, star: AnalysedProjection): readonly AnalysedRelation[] {
    if (!star.starTable) return branch.relations;
    const wanted = lower(star.starTable);
    const found = branch.relations.filter(
      (relation) =>
        lower(relation.alias ?? "") === wanted ||
        relation.name.toLowerCase() === wanted ||
        relationParts(relation.name).at(-1) === wanted,
    );
    if (found.length === 0) throw new FactsUnknown("unresolved_scope", `${star.starTable}.* names no source`);
    return found;
  }

  /** Digest of column `column` of a CTE scope, by name (set operations: by the first branch's position). */
  private cteColumn(scopeName: string, column: string): string {
    const scope = this.scopeOf(scopeName);
    const key = `${scope.name}\u0000${column}`;
    const known = this.memo.get(key);
    if (known !== undefined) return this.reuse(known);
    if (this.resolving.has(key))
      throw new FactsUnknown("unresolved_scope", `column ${column} of ${scope.name} refers to itself`);
    this.resolving.add(key);
    const traced = this.traced(() => this.cteColumnOnce(scope, column));
    this.resolving.delete(key);
    this.memo.set(key, traced);
    return traced.digest;
  }

  private cteColumnOnce(scope: Scope, column: string): string {
    const [first, ...others] = scope.analysis.branches;
    let digest: string;
    if (first === undefined) digest = sha256Of("missing", column);
    else if (others.length === 0) digest = this.branchColumn(scope, first, column);
    else {
      const index = first.projections.findIndex(
        (projection) => !projection.isStar && projectionName(projection) === column,
      );
      if (index < 0 || first.projections.some((projection) => projection.isStar)) {
        throw new FactsUnknown("unresolved_scope", `column ${column} of set operation ${scope.name}`);
      }
      digest = sha256Of(
        "union",
        ...scope.analysis.branches.map((branch) => {
          const projection = branch.projections[index];
          if (projection === undefined || projection.isStar)
            throw new FactsUnknown(
              "unresolved_scope",
              `set operation ${scope.name} branches differ in shape`,
            );
          return this.projectionDigest(scope, branch, projection);
        }),
      );
    }
    return digest;
  }

  private branchColumn(scope: Scope, branch: AnalysedBranch, column: string): string {
    const projection = branch.projections.find(
      (candidate) => !candidate.isStar && projectionName(candidate) === column,
    );
    if (projection !== undefined) return this.projectionDigest(scope, branch, projection);
    const stars = branch.projections.filter((candidate) => candidate.isStar);
    if (stars.length === 0) return sha256Of("missing", column);
    const candidates = stars.flatMap((star) =>
      this.starSources(branch, star).map((source) => this.fromSource(source, column)),
    );
    return candidates.length === 1 ? (candidates[0] ?? "") : sha256Of("star", ...candidates);
  }

  private projectionDigest(scope: Scope, branch: AnalysedBranch, projection: AnalysedProjection): string {
    const known = this.projectionMemo.get(projection);
    if (known !== undefined) return this.reuse(known);
    this.steps += 1;
    if (this.steps > MAX_STEPS) throw new FactsUnknown("too_complex", `more than ${MAX_STEPS} lineage steps`);
    const traced = this.traced(() => this.projectionDigestOnce(scope, branch, projection));
    this.projectionMemo.set(projection, traced);
    return traced.digest;
  }

  /** Runs `compute` with a collection open: its digest and the parent columns it reached. */
  private traced(compute: () => string): Traced {
    const from = new Set<string>();
    this.collectors.push(from);
    try {
      return { digest: compute(), from };
    } finally {
      this.collectors.pop();
    }
  }

  /** A digest computed before: its parent columns count for every open collection too. */
  private reuse(known: Traced): string {
    for (const collector of this.collectors) for (const column of known.from) collector.add(column);
    return known.digest;
  }

  private projectionDigestOnce(scope: Scope, branch: AnalysedBranch, projection: AnalysedProjection): string {
    // A column passed through under its own name (`id`, `t.id`) is the column it passes: `select *` and `select id` agree.
    const [only, ...more] = projection.upstream;
    if (
      only !== undefined &&
      more.length === 0 &&
      PLAIN_COLUMN.test(projection.sql) &&
      lower(only.column) === projectionName(projection)
    ) {
      return this.referenceDigest(scope, branch, only, projection);
    }
    return sha256Of(
      "expression",
      projection.sql,
      ...projection.upstream.map((reference) => this.referenceDigest(scope, branch, reference, projection)),
    );
  }

  /** The relation a scope's FROM names by this alias, when the name is an alias and not a relation's own name. */
  private aliasedRelation(scope: Scope, name: string): AnalysedRelation | null {
    const wanted = lower(name);
    for (const branch of scope.analysis.branches) {
      for (const relation of branch.relations) {
        if (relation.alias && lower(relation.alias) === wanted && lower(relation.name) !== wanted)
          return relation;
      }
    }
    return null;
  }

  /** A column from one source of a branch: a CTE's column, or a parent's column (then read). */
  private fromSource(source: AnalysedRelation, column: string): string {
    if (this.isCte(source)) return this.cteColumn(source.name, column);
    return this.parentColumn(source.name, column);
  }

  private parentColumn(relation: string, column: string): string {
    const parent = this.parentOf(relation);
    if (parent === null)
      throw new FactsUnknown("reads_non_parent_relation", `reads ${relation}, which is not a parent`);
    const read = this.reads.get(parent);
    if (read !== "*") read?.add(column);
    const key = `${parent}\u0000${column}`;
    for (const collector of this.collectors) collector.add(key);
    return sha256Of("parent", parent, column);
  }

  private referenceDigest(
    scope: Scope,
    branch: AnalysedBranch | null,
    reference: AnalysedReference,
    self: AnalysedProjection | null,
  ): string {
    const column = lower(reference.column);
    if (reference.table && (reference.sourceKind === "cte" || reference.sourceKind === "table")) {
      const aliased = this.aliasedRelation(scope, reference.table);
      if (aliased !== null) return this.fromSource(aliased, column);
      if (this.isCte(reference)) return this.cteColumn(reference.table, column);
      return this.parentColumn(reference.table, column);
    }
    // Unqualified or unresolved: it may come from any source of the branch, or be an alias of the same SELECT.
    const branches = branch === null ? scope.analysis.branches : [branch];
    const parts: string[] = ["any", column];
    for (const candidate of branches) {
      for (const source of candidate.relations) parts.push(this.fromSource(source, column));
      for (const projection of candidate.projections) {
        if (
          projection !== self &&
          !projection.isStar &&
          projectionName(projection) === column &&
          projection.sql !== reference.column
        ) {
          parts.push(
            sha256Of(
              "alias",
              projection.sql,
              ...projection.upstream.map((inner) =>
                inner.column === reference.column && !inner.table
                  ? ""
                  : this.referenceDigest(scope, candidate, inner, projection),
              ),
            ),
          );
        }
      }
    }
    return sha256Of(...parts);
  }

  /** What decides a scope's rows: its clauses, the lineage of every column they use, and the projections they refer to. */
  private scopeRowSet(scope: Scope): string {
    const analysis = scope.analysis;
    const keepsAll = analysis.setOperation?.all ?? true;
    const parts: string[] = [
      "scope",
      scope.name,
      analysis.shape,
      analysis.setOperation?.kind ?? "",
      String(keepsAll),
      analysis.setOperation?.clausesSql ?? "",
    ];
    for (const branch of analysis.branches) {
      parts.push(branch.rowSetSql, String(branch.distinct), String(branch.aggregates));
      const projectionsDecide =
        branch.distinct ||
        !keepsAll ||
        branch.projections.some((projection) => SET_RETURNING.test(projection.sql));
      if (projectionsDecide) {
        for (const projection of branch.projections) {
          if (!projection.isStar) {
            parts.push(this.projectionDigest(scope, branch, projection));
            continue;
          }
          // DISTINCT * (or a set operation without ALL): every column the star lists decides the rows.
          parts.push(`*${projection.starTable ?? ""}`);
          for (const source of this.starSources(branch, projection))
            for (const name of this.sourceColumnNames(source)) parts.push(this.fromSource(source, name));
        }
      }
    }
    for (const use of scope.uses) {
      parts.push(
        use.context,
        use.expressionSql,
        ...use.references.map((reference) => this.referenceDigest(scope, null, reference, null)),
      );
      parts.push(...this.projectionsNamedBy(scope, use.expressionSql));
    }
    return sha256Of(...parts);
  }

  /** Projections a clause names by ordinal (`group by 1`) or by alias (`qualify rn = 1`). */
  private projectionsNamedBy(scope: Scope, expressionSql: string): string[] {
    const digests: string[] = [];
    const ordinal = /^\s*(\d+)\s*$/.exec(expressionSql);
    const words = new Set((expressionSql.match(/[A-Za-z_][A-Za-z0-9_$]*/g) ?? []).map(lower));
    for (const branch of scope.analysis.branches) {
      branch.projections.forEach((projection, index) => {
        if (projection.isStar) return;
        const byOrdinal = ordinal !== null && Number(ordinal[1]) === index + 1;
        if (byOrdinal || words.has(projectionName(projection)))
          digests.push(this.projectionDigest(scope, branch, projection));
      });
    }
    return digests;
  }
}
