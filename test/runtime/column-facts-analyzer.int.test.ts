/**
 * The column facts' parser adapter (src/runtime/column-facts-analyzer.ts),
 * loaded from the package's WebAssembly file as the sources do: facts of real
 * models in each dialect, and the guards (size, set operations, comments,
 * garbage) that keep it from throwing or running unbounded. Timings over
 * every real model: bench/column-facts-bench.ts.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { computeColumnFacts } from "../../src/dbt/column-facts/compute-facts.js";
import type { AnalyzeSql } from "../../src/dbt/column-facts/sql-analysis.js";
import {
  loadAnalyzeSql,
  loadAnalyzeSqlFrom,
  MAX_COLUMN_FACTS_SQL_LENGTH,
} from "../../src/runtime/column-facts-analyzer.js";
import { MAX_SET_OPERATIONS } from "../../src/runtime/sql-analyzer.js";
import { sharedFixture } from "../support/shared-fixtures.js";

type ManifestNode = {
  language?: string;
  compiled_code?: string;
  relation_name?: string | null;
  depends_on?: { nodes?: string[] };
};
type Manifest = {
  metadata: { adapter_type: string };
  nodes: Record<string, ManifestNode>;
  sources: Record<string, ManifestNode>;
};

let analyze: AnalyzeSql;
beforeAll(async () => {
  const loaded = await loadAnalyzeSql();
  if (!loaded.ok) throw new Error(loaded.error);
  analyze = loaded.analyze;
});

const manifests = new Map<string, Manifest>();
function manifestOf(fixture: string): Manifest {
  let manifest = manifests.get(fixture);
  if (!manifest) {
    manifest = JSON.parse(readFileSync(sharedFixture(fixture, "manifest.json"), "utf8")) as Manifest;
    manifests.set(fixture, manifest);
  }
  return manifest;
}

function factsOf(fixture: string, id: string) {
  const manifest = manifestOf(fixture);
  const node = manifest.nodes[id];
  if (!node) throw new Error(`no ${id} in ${fixture}`);
  const parents = (node.depends_on?.nodes ?? []).map((parent) => ({
    uniqueId: parent,
    relation: (manifest.nodes[parent] ?? manifest.sources[parent])?.relation_name ?? null,
  }));
  return computeColumnFacts(
    {
      language: node.language ?? "sql",
      compiledSql: node.compiled_code,
      adapterType: manifest.metadata.adapter_type,
      parents,
    },
    analyze,
  );
}

describe("facts of real models", () => {
  it.each([
    {
      fixture: "jaffle-shop-duckdb-1.12",
      id: "model.jaffle_shop.stg_orders",
      columns: [
        "order_id",
        "location_id",
        "customer_id",
        "subtotal_cents",
        "tax_paid_cents",
        "order_total_cents",
        "subtotal",
        "tax_paid",
        "order_total",
        "ordered_at",
      ],
      reads: {
        "source.jaffle_shop.ecom.raw_orders": [
          "customer",
          "id",
          "order_total",
          "ordered_at",
          "store_id",
          "subtotal",
          "tax_paid",
        ],
      },
    },
    {
      fixture: "planetkart-snowflake-1.10",
      id: "model.planetkart_analytics.stg_products",
      columns: ["product_id", "product_name", "category", "sku", "cost", "cost_flag", "category_clean"],
      reads: {
        "source.planetkart_analytics.planetkart_raw.products": [
          "category",
          "cost",
          "product_id",
          "product_name",
          "sku",
        ],
      },
    },
    {
      fixture: "jaffle-shop-bq-1.6-v10",
      id: "model.jaffle_shop.stg_payments",
      columns: ["payment_id", "order_id", "payment_method", "amount"],
      reads: { "seed.jaffle_shop.raw_payments": ["amount", "id", "order_id", "payment_method"] },
    },
    {
      fixture: "across-analytics-postgres-1.10-large",
      id: "model.across_analytics.mart_general_overview",
      columns: expect.arrayContaining(["deposit_minute", "route_id", "fill_rate_pct", "avg_slippage_pct"]),
      reads: {
        "model.across_analytics.int_deposit_fill_matching": expect.arrayContaining([
          "deposit_timestamp",
          "is_filled",
          "route_id",
        ]),
        "seed.across_analytics.chain_metadata": ["chain_id", "chain_name"],
        "seed.across_analytics.token_metadata": ["chain_id", "token_address", "token_symbol"],
      },
    },
  ])("$fixture $id: known columns and the parents' columns read", ({ fixture, id, columns, reads }) => {
    const facts = factsOf(fixture, id);
    expect(facts.unknown).toBeNull();
    expect(facts.columns.map((column) => column.name)).toEqual(columns);
    expect(facts.reads).toEqual(reads);
  });
});

const wideSql = (columns: number) =>
  `select ${Array.from({ length: columns }, (_, i) => `upper(trim(column_${i})) as out_${i}`).join(",\n  ")} from db.s.t`;
const unionSql = (branches: number) =>
  Array.from({ length: branches }, (_, i) => `select ${i} as a from db.s.t${i}`).join("\nunion all\n");

describe("what the adapter refuses, quickly and without throwing", () => {
  it.each([
    {
      what: `SQL longer than ${MAX_COLUMN_FACTS_SQL_LENGTH} characters`,
      sql: wideSql(Math.ceil(MAX_COLUMN_FACTS_SQL_LENGTH / 35)),
      error: expect.stringMatching(
        new RegExp(`^\\d+ characters of SQL \\(more than ${MAX_COLUMN_FACTS_SQL_LENGTH}\\): not analysed$`),
      ),
    },
    {
      what: `${MAX_SET_OPERATIONS + 1} set operations`,
      sql: unionSql(MAX_SET_OPERATIONS + 2),
      error: `${MAX_SET_OPERATIONS + 1} set operations (more than ${MAX_SET_OPERATIONS}): not analysed`,
    },
    { what: "garbage", sql: "select from where )(", error: expect.stringMatching(/parse error/i) },
    { what: "two statements", sql: "select 1 as a; select 2 as b", error: expect.any(String) },
    { what: "not a string", sql: undefined as unknown as string, error: expect.any(String) },
  ])("$what", ({ sql, error }) => {
    const start = performance.now();
    let result: ReturnType<AnalyzeSql> | undefined;
    expect(() => {
      result = analyze(sql, "duckdb");
    }).not.toThrow();
    expect(performance.now() - start).toBeLessThan(1_000);
    expect(result).toEqual({ ok: false, error });
  });

  it("analyses SQL of exactly the size bound, and refuses one character more", () => {
    const padded = (length: number) => {
      const sql = "select '' as a from db.s.t";
      return sql.replace("''", `'${"x".repeat(length - sql.length)}'`);
    };
    expect(padded(MAX_COLUMN_FACTS_SQL_LENGTH).length).toBe(MAX_COLUMN_FACTS_SQL_LENGTH);
    expect(analyze(padded(MAX_COLUMN_FACTS_SQL_LENGTH), "duckdb")).toMatchObject({ ok: true });
    expect(analyze(padded(MAX_COLUMN_FACTS_SQL_LENGTH + 1), "duckdb")).toMatchObject({
      ok: false,
      error: `${MAX_COLUMN_FACTS_SQL_LENGTH + 1} characters of SQL (more than ${MAX_COLUMN_FACTS_SQL_LENGTH}): not analysed`,
    });
  });

  it.each([
    "model.the_tuva_project.data_quality__claims_preprocessing_institutional_header_fail_details",
    "model.the_tuva_project.core__stg_claims_procedure",
  ])("tuva's %s is unknown facts (parse_failed) within a second", (id) => {
    manifestOf("tuva-snowflake-1.7-v11-large");
    const start = performance.now();
    const facts = factsOf("tuva-snowflake-1.7-v11-large", id);
    expect(performance.now() - start).toBeLessThan(1_000);
    expect(facts.unknown).toMatchObject({
      reason: "parse_failed",
      detail: expect.stringMatching(/not analysed$/),
    });
  });

  it("says why it did not load, without throwing", async () => {
    const loaded = await loadAnalyzeSqlFrom("/no/such/polyglot_sql.wasm");
    expect(loaded).toMatchObject({ ok: false, error: expect.stringContaining("/no/such/polyglot_sql.wasm") });
  });
});

describe("comments", () => {
  it("keeps a bare column that follows a line comment in a CTE (the SDK drops it from the comment's SQL)", () => {
    const sql =
      "with r as (select\n id as a,\n ---------- numerics\n tax_rate,\n x from db.s.src) select * from r";
    const facts = computeColumnFacts(
      {
        language: "sql",
        compiledSql: sql,
        adapterType: "duckdb",
        parents: [{ uniqueId: "source.p.src", relation: "db.s.src" }],
      },
      analyze,
    );
    expect(facts.unknown).toBeNull();
    expect(facts.columns.map((column) => column.name)).toEqual(["a", "tax_rate", "x"]);
    expect(facts.reads).toEqual({ "source.p.src": ["id", "tax_rate", "x"] });
    const analysed = analyze(sql, "duckdb");
    expect(analysed.ok && analysed.analysis.ctes).toEqual([
      { name: "r", bodySql: "SELECT id AS a, tax_rate, x FROM db.s.src" },
    ]);
  });
});
