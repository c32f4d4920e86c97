/**
 * The column-facts view of one statement (the `AnalyzeSql` port of
 * src/dbt/column-facts/sql-analysis.ts) from @polyglot-sql/sdk 0.12.1:
 * `analyzeQuery` for column references and uses, `parse` + `generate` for
 * the canonical SQL of each projection and of each SELECT's row-deciding
 * clauses. Guards and loading are column-facts-analyzer.ts's job; this file
 * only maps the SDK's output, and never throws.
 */
import type {
  AnalysedBranch,
  AnalysedProjection,
  AnalysedRelation,
  SqlAnalysisResult,
} from "../dbt/column-facts/sql-analysis.js";
import type { PolyglotSdk } from "./polyglot-sdk.js";

// biome-ignore lint/suspicious/noExplicitAny: the SDK's AST is a tagged JSON tree.
type Node = any;

const SET_OPERATIONS = ["union", "intersect", "except"] as const;

class Unsupported extends Error {}

/** The node without comments or source positions, unquoted function names upper-cased: none changes what the SQL means. */
function withoutComments(node: Node): Node {
  return JSON.parse(
    JSON.stringify(node, (key, value) => {
      if (key === "span") return undefined;
      if (key.endsWith("comments")) return Array.isArray(value) ? [] : value;
      // An unquoted function name is case-insensitive: `date_trunc` and `DATE_TRUNC` are one function.
      if (key === "function" && value && typeof value.name === "string" && !value.quoted)
        return { ...value, name: value.name.toUpperCase() };
      return value;
    }),
  );
}

function render(sdk: PolyglotSdk, node: Node, dialect: string): string {
  const out = sdk.generate([withoutComments(node)], dialect as never);
  if (!out.success || !out.sql?.[0]) throw new Unsupported(`cannot render: ${out.error}`);
  return out.sql[0];
}

function identifier(node: Node): string | null {
  if (!node) return null;
  return node.quoted ? `"${node.name}"` : node.name;
}

function setOperationOf(node: Node): { kind: string; body: Node } | null {
  for (const kind of SET_OPERATIONS) if (node?.[kind]) return { kind, body: node[kind] };
  return null;
}

/** The SELECTs of a statement, left to right, and its set operation's kind and ALL. */
function flatten(node: Node, into: Node[], ops: { kind: string; all: boolean }[]): void {
  const op = setOperationOf(node);
  if (op !== null) {
    ops.push({ kind: op.kind, all: op.body.all === true });
    flatten(op.body.left, into, ops);
    flatten(op.body.right, into, ops);
    return;
  }
  if (node?.subquery?.this) {
    flatten(node.subquery.this, into, ops);
    return;
  }
  if (node?.paren?.this) {
    flatten(node.paren.this, into, ops);
    return;
  }
  if (!node?.select)
    throw new Unsupported(`a set operation branch that is not a SELECT (${Object.keys(node ?? {})[0]})`);
  into.push(node.select);
}

function relationsOf(select: Node): AnalysedRelation[] {
  const sources: Node[] = [
    ...(select.from?.expressions ?? []),
    ...(select.joins ?? []).map((join: Node) => join.this),
  ];
  const relations: AnalysedRelation[] = sources.map((source: Node) => {
    const table = source?.table;
    if (!table) return { name: Object.keys(source ?? {})[0] ?? "unknown", kind: "derived_table" };
    const parts = [table.catalog?.name, table.schema?.name, table.name?.name].filter((part) => part);
    return {
      name: parts.join("."),
      alias: table.alias?.name ?? null,
      kind: "table",
      catalog: table.catalog?.name ?? null,
      schema: table.schema?.name ?? null,
      table: table.name?.name ?? null,
    };
  });
  if ((select.lateral_views ?? []).length > 0) relations.push({ name: "lateral view", kind: "virtual" });
  return relations;
}

function isWindowed(expression: Node): boolean {
  const inner = expression?.alias?.this ?? expression;
  return Boolean(inner?.window_function);
}

function starOf(expression: Node): { table: string | null } | null {
  if (expression?.star) return { table: identifier(expression.star.table) };
  if (expression?.column?.name?.name === "*" || expression?.column?.this?.star)
    return { table: identifier(expression.column.table) };
  return null;
}

function nameOf(expression: Node): string | null {
  return expression?.alias?.alias?.name ?? expression?.column?.name?.name ?? null;
}

/**
 * The analysis' fact for each projection of the parse. With no star, they go
 * by position; with one, the analysis lists the columns it expanded from a
 * CTE among them, so explicit projections go by name.
 */
function factsFor(projections: readonly Node[], facts: readonly Node[]): Node[] {
  const stars = projections.some((expression) => starOf(expression) !== null);
  if (!stars) {
    if (facts.length !== projections.length)
      throw new Unsupported("the analysis and the parse disagree on the projections");
    return [...facts];
  }
  return projections.map((expression) => {
    const star = starOf(expression);
    if (star !== null) return { name: "*", isStar: true, starTable: star.table, upstream: [] };
    const name = nameOf(expression)?.toLowerCase();
    const named = facts.filter((fact) => !fact.isStar && (fact.name ?? "").toLowerCase() === name);
    const explicit = named.filter(
      (fact) =>
        !(fact.upstream ?? []).every(
          (ref: Node) => ref.sourceKind === "cte" && (ref.column ?? "").toLowerCase() === name,
        ) || named.length === 1,
    );
    if (explicit.length !== 1) throw new Unsupported(`cannot tell projection ${name} from a star's columns`);
    return explicit[0];
  });
}

function branchOf(
  sdk: PolyglotSdk,
  select: Node,
  projections: readonly Node[],
  dialect: string,
  analysed: readonly Node[],
): AnalysedBranch {
  const facts = factsFor(projections, analysed);
  const clauses = {
    select: { ...select, expressions: [{ literal: { literal_type: "number", value: "1" } }], with: null },
  };
  return {
    projections: projections.map(
      (expression, index): AnalysedProjection => ({
        name: facts[index].name ?? null,
        isStar: facts[index].isStar === true,
        starTable: facts[index].starTable ?? null,
        sql: render(sdk, expression, dialect),
        upstream: facts[index].upstream ?? [],
      }),
    ),
    rowSetSql: render(sdk, clauses, dialect),
    distinct: select.distinct === true || Boolean(select.distinct_on),
    aggregates: projections.some(
      (expression) => !isWindowed(expression) && sdk.ast.hasAggregates(expression),
    ),
    relations: relationsOf(select),
  };
}

/** One statement in an SDK dialect (`duckdb`, `postgresql`, …) as column facts read it; `{ ok: false }` for anything it cannot map. */
export function columnFactsAnalysis(sdk: PolyglotSdk, sql: string, dialect: string): SqlAnalysisResult {
  try {
    const analysed = sdk.analyzeQuery(sql, dialect as never);
    if (!analysed.success || !analysed.analysis)
      return { ok: false, error: analysed.error ?? "analysis failed" };
    const parsed = sdk.parse(sql, dialect as never);
    if (!parsed.success || !parsed.ast || parsed.ast.length !== 1)
      return { ok: false, error: parsed.error ?? "not one statement" };
    const statement: Node = parsed.ast[0];
    const analysis = analysed.analysis;
    const selects: Node[] = [];
    const ops: { kind: string; all: boolean }[] = [];
    flatten(statement, selects, ops);
    if (new Set(ops.map((op) => `${op.kind}/${op.all}`)).size > 1)
      return { ok: false, error: "a set operation mixing kinds" };
    let branches: AnalysedBranch[];
    let setOperation = null;
    if (ops.length === 0) {
      branches = [branchOf(sdk, selects[0], selects[0].expressions, dialect, analysis.projections)];
    } else {
      const op = analysis.setOperations[0];
      if (analysis.setOperations.length !== 1 || op === undefined || op.branches.length !== selects.length) {
        return { ok: false, error: "set operation branches the analysis does not list one by one" };
      }
      branches = selects.map((select, index) =>
        branchOf(sdk, select, select.expressions, dialect, op.branches[index]?.projections ?? []),
      );
      const body = setOperationOf(statement)?.body;
      const clauses = JSON.stringify(
        {
          order_by: body?.order_by ?? null,
          limit: body?.limit ?? null,
          offset: body?.offset ?? null,
          by_name: body?.by_name ?? null,
        },
        (key, value) => (key === "span" || key.endsWith("comments") ? undefined : value),
      );
      setOperation = { kind: ops[0]?.kind ?? "union", all: ops[0]?.all ?? false, clausesSql: clauses };
    }
    return {
      ok: true,
      analysis: {
        shape: analysis.shape,
        ctes: analysis.cteFacts.map((cte) => ({ name: cte.name, bodySql: cte.bodySql })),
        branches,
        setOperation,
        baseTables: analysis.baseTables,
        columnUses: (analysis.columnUses ?? []).map((use) => ({
          context: use.context,
          scopePath: use.scopePath,
          expressionSql: use.expressionSql,
          references: use.references,
        })),
      },
    };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
