/**
 * The SQL parser adapter (src/runtime/sql-analyzer.ts) on the compiled SQL
 * of two real fixtures with a catalog: every SQL model analyses, and its
 * output columns, `select *` expanded from the parents' catalog columns, are
 * the catalog's. Measured on every fixture by bench/sql-parse-bench.ts.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { blankSqlComments } from "../../src/runtime/blank-sql-comments.js";
import {
  loadSqlAnalyzer,
  loadSqlAnalyzerFrom,
  MAX_SET_OPERATIONS,
  type SqlAnalyzer,
  type SqlSchema,
  sqlDialectOf,
} from "../../src/runtime/sql-analyzer.js";
import { fixturePresent, sharedFixture } from "../support/shared-fixtures.js";

type CatalogEntry = {
  metadata: { database?: string; schema: string; name: string };
  columns: Record<string, { name: string; type: string; index: number }>;
};
type ManifestNode = {
  resource_type: string;
  language?: string;
  compiled_code?: string;
  depends_on?: { nodes?: string[] };
};

let analyzer: SqlAnalyzer;
beforeAll(async () => {
  const loaded = await loadSqlAnalyzer();
  if (!loaded.ok) throw new Error(loaded.error);
  analyzer = loaded.analyzer;
});

const columnsOf = (entry: CatalogEntry) =>
  Object.values(entry.columns)
    .sort((a, b) => a.index - b.index)
    .map((c) => ({ name: c.name, type: c.type }));

describe.each(["jaffle-shop-duckdb-1.12", "salary-survey-bq-1.9"])("on %s", (fixture) => {
  const manifestFile = sharedFixture(fixture, "manifest.json");
  it.runIf(fixturePresent(manifestFile))(
    "analyses every SQL model and finds the catalog's output columns",
    () => {
      const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
      const catalog = JSON.parse(readFileSync(path.join(path.dirname(manifestFile), "catalog.json"), "utf8"));
      const entryOf = (id: string): CatalogEntry | undefined => catalog.nodes[id] ?? catalog.sources[id];
      let compared = 0;
      for (const [id, node] of Object.entries(manifest.nodes as Record<string, ManifestNode>)) {
        if (node.resource_type !== "model" || (node.language ?? "sql") !== "sql" || !node.compiled_code)
          continue;
        const schema: SqlSchema = {
          tables: (node.depends_on?.nodes ?? []).flatMap((parent) => {
            const entry = entryOf(parent);
            if (!entry) return [];
            const { database, schema: dbSchema, name } = entry.metadata;
            return [
              { name: [database, dbSchema, name].filter(Boolean).join("."), columns: columnsOf(entry) },
            ];
          }),
        };
        const result = analyzer.analyze(node.compiled_code, manifest.metadata.adapter_type, schema);
        expect(result, id).toMatchObject({ ok: true });
        const own = entryOf(id);
        if (!result.ok || !own) continue;
        const names = result.analysis.projections.map((p) =>
          p.isStar ? "*" : (p.name ?? "?").toLowerCase(),
        );
        expect([...names].sort(), id).toEqual(
          columnsOf(own)
            .map((c) => c.name.toLowerCase())
            .sort(),
        );
        compared++;
      }
      expect(compared).toBeGreaterThanOrEqual(10);
    },
  );
});

describe("analyze", () => {
  it("keeps a bare column that follows a line comment in a CTE (the SDK drops it from the comment's SQL)", () => {
    const sql = "with r as (select\n id as a,\n ---------- numerics\n tax_rate,\n x from s) select * from r";
    const result = analyzer.analyze(sql, "duckdb");
    expect(result.ok && result.analysis.projections.map((p) => p.name)).toEqual(["a", "tax_rate", "x"]);
  });

  it("gives up on an adapter without a dialect, and past the set-operation guard", () => {
    expect(analyzer.analyze("select 1 as a", "no-such-adapter")).toEqual({
      ok: false,
      error: "no SQL dialect for the adapter no-such-adapter",
    });
    const union = Array.from({ length: MAX_SET_OPERATIONS + 2 }, (_, i) => `select ${i} as a`).join(
      " union all ",
    );
    expect(analyzer.analyze(union, "duckdb")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/set operations/),
    });
  });

  it("reports a syntax error as a failure, not an exception", () => {
    expect(analyzer.analyze("select from where", "postgres")).toMatchObject({ ok: false });
  });

  it("says why it did not load, without throwing", async () => {
    const result = await loadSqlAnalyzerFrom("/no/such/polyglot_sql.wasm");
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining("/no/such/polyglot_sql.wasm") });
  });

  it("maps dbt adapter types to the SDK's dialects", () => {
    expect(["postgres", "duckdb", "snowflake", "bigquery", "sqlserver"].map(sqlDialectOf)).toEqual([
      "postgresql",
      "duckdb",
      "snowflake",
      "bigquery",
      "tsql",
    ]);
  });
});

describe("blankSqlComments", () => {
  it("blanks comments to as many spaces, keeps line breaks, quotes and every offset", () => {
    const sql = "select 'a--b' as \"x/*y\", -- c\n `q--` /* d\ne */ from t";
    const blanked = blankSqlComments(sql);
    expect(blanked).toBe("select 'a--b' as \"x/*y\",     \n `q--`     \n     from t");
    expect(blanked.length).toBe(sql.length);
  });
});
