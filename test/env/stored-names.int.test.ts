/**
 * dbt's names as each warehouse stores them (src/warehouse/stored-names.ts), on
 * renderings as dbt writes them (the manifests' `relation_name`; the
 * Snowflake ones as ../shared/fixtures/dbt/planetkart-snowflake-1.10 has
 * them, whose catalog.json shows what Snowflake stored).
 */
import { describe, expect, it } from "vitest";
import { SNOWFLAKE_IDENTIFIERS } from "../../src/drivers/providers/snowflake/snowflake-statements.js";
import { isUserError } from "../../src/errors/user-error.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import {
  defaultQuoting,
  derivedStoredName,
  quotingOfRendered,
  StoredNames,
  storedPart,
  storedRelation,
} from "../../src/warehouse/stored-names.js";

describe("storedPart", () => {
  it.each([
    // Snowflake: unquoted upper-cased, quoted kept (its catalog: PLANETKART_ANALYTICS_PLANETKART_STAGE for the unquoted PLANETKART_ANALYTICS_planetkart_stage).
    ["snowflake", "PLANETKART_ANALYTICS_planetkart_stage", false, "PLANETKART_ANALYTICS_PLANETKART_STAGE"],
    ["snowflake", "stg_customers", false, "STG_CUSTOMERS"],
    ["snowflake", "MyTable", true, "MyTable"],
    ["snowflake", "pay$day_1", false, "PAY$DAY_1"],
    // PostgreSQL folds an unquoted name's ASCII letters to lower case; a quoted one is kept.
    ["postgres", "Orders", false, "orders"],
    ["postgres", "Orders", true, "Orders"],
    ["postgres", "Ärger", false, "Ärger"],
    // Unity Catalog stores lower case, quoted or not.
    ["databricks", "Analytics_PR_7", true, "analytics_pr_7"],
    // BigQuery and DuckDB keep what they are given.
    ["bigquery", "Analytics_PR_7", true, "Analytics_PR_7"],
    ["duckdb", "Orders", true, "Orders"],
  ] as const)("%s stores %j (quoted: %s) as %j", (engine, name, quoted, stored) => {
    expect(storedPart(engine, name, quoted)).toBe(stored);
  });

  it.each(["analytics-pr-7", "1st", "order lines", "é"])(
    "refuses %j unquoted on Snowflake (dbt's statement would fail), naming what it is",
    (name) => {
      const error = (() => {
        try {
          storedPart("snowflake", name, false, "schema of model.shop.orders");
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(isUserError(error) && error.code).toBe("identifier_refused");
      expect(String((error as Error).message)).toContain("schema of model.shop.orders");
      expect(storedPart("snowflake", name, true)).toBe(name);
    },
  );
});

describe("derivedStoredName", () => {
  it.each([
    // Beside a table dbt wrote unquoted: what `orders__ods_r_1a2b3c4d` unquoted resolves to.
    ["snowflake", "ORDERS", "r_1a2b3c4d", "ORDERS__ODS_R_1A2B3C4D"],
    ["snowflake", "ORDERS__ODS_S_1A2B3C4D", "c", "ORDERS__ODS_S_1A2B3C4D__ODS_C"],
    // Beside a quoted one: ODS's suffix as written (the name is quoted anyway).
    ["snowflake", "MyTable", "r_1a2b3c4d", "MyTable__ods_r_1a2b3c4d"],
    ["snowflake", "orders", "r_1a2b3c4d", "orders__ods_r_1a2b3c4d"],
    ["databricks", "orders", "r_1a2b3c4d", "orders__ods_r_1a2b3c4d"],
  ] as const)("%s: %s with %s is %s", (engine, identifier, tag, derived) => {
    expect(derivedStoredName(engine, identifier, tag, SNOWFLAKE_IDENTIFIERS)).toBe(derived);
  });
});

describe("quotingOfRendered", () => {
  const none = defaultQuoting("snowflake");
  it.each([
    [
      "PLANETKART.PLANETKART_ANALYTICS_planetkart_stage.stg_products",
      none,
      { database: false, schema: false, identifier: false },
    ],
    ['SHOP.analytics."MyTable"', none, { database: false, schema: false, identifier: true }],
    ['"shop"."analytics"."orders"', none, { database: true, schema: true, identifier: true }],
    [
      "`software-developer-salaries`.`surveys`.`int_seed__country`",
      none,
      { database: true, schema: true, identifier: true },
    ],
    // Not a plain dotted name, or none: the fallback.
    [null, none, none],
    ["not a name", defaultQuoting("bigquery"), defaultQuoting("bigquery")],
  ] as const)("%j quotes %j", (rendered, fallback, quoting) => {
    expect(quotingOfRendered(rendered, fallback)).toEqual(quoting);
  });
});

describe("StoredNames", () => {
  const relation = { database: "shop", schema: "analytics", identifier: "orders" };

  it("stores each node with the quoting of its rendering, an unknown node with the adapter's default", () => {
    const names = StoredNames.fromRenderings("snowflake", [
      ["model.shop.orders", "shop.analytics.orders"],
      ["model.shop.quoted", 'shop.analytics."orders"'],
    ]);
    expect(names.relation(relation, "model.shop.orders")).toEqual({
      database: "SHOP",
      schema: "ANALYTICS",
      identifier: "ORDERS",
    });
    expect(names.qualified(relation, "model.shop.quoted")).toEqual({
      schema: "ANALYTICS",
      identifier: "orders",
    });
    expect(names.qualified(relation, "model.shop.gone")).toEqual({
      schema: "ANALYTICS",
      identifier: "ORDERS",
    });
    expect(
      storedRelation("snowflake", { ...relation, database: null }, defaultQuoting("snowflake")).database,
    ).toBeNull();
  });

  it("protects every form a prod relation of unknown quoting may have; one of known quoting has one", () => {
    const names = StoredNames.fromRenderings("snowflake", [["model.shop.orders", "shop.analytics.orders"]]);
    expect(names.possible(relation, "model.shop.orders")).toEqual([
      { schema: "ANALYTICS", identifier: "ORDERS" },
    ]);
    expect(names.possible({ schema: "Analytics", identifier: "orders" }, "model.shop.gone")).toEqual([
      { schema: "ANALYTICS", identifier: "ORDERS" },
      { schema: "Analytics", identifier: "orders" },
      { schema: "ANALYTICS", identifier: "ORDERS" },
    ]);
  });

  it("takes prod's relations where prod's state says they were written (its relations keys, recorded with the warehouse's adapter)", () => {
    const state = (run: string) => ({
      fingerprint: { scheme: "dbt/2", digest: "d", components: {} },
      version_key: "v",
      run_id: run,
      built_at: "2026-11-30T08:06:00Z",
      relation,
      parents: {},
      sources: {},
    });
    const prod = {
      schema_version: "1.6",
      project: "shop",
      environment: "prod",
      run_id: "r2",
      created_at: "2026-11-30T08:06:00Z",
      target: { name: "prod", adapter_type: "snowflake" },
      nodes: { "model.shop.orders": state("r2") },
      relations: {
        // Written quoted by an older run, unquoted by the last one.
        "shop\u0000analytics\u0000orders": { node: "model.shop.orders", run_id: "r1", command: "build" },
        "SHOP\u0000ANALYTICS\u0000ORDERS": { node: "model.shop.orders", run_id: "r2", command: "build" },
      },
    } as unknown as StateSnapshot;
    // The pull request quotes it now: prod's relation is still where the last run wrote it.
    const names = StoredNames.fromRenderings("snowflake", [
      ["model.shop.orders", '"shop"."analytics"."orders"'],
    ]);
    expect(names.qualified(relation, "model.shop.orders")).toEqual({
      schema: "analytics",
      identifier: "orders",
    });
    const withProd = names.withProd(prod);
    expect(withProd.prodRelation(relation, "model.shop.orders")).toEqual({
      database: "SHOP",
      schema: "ANALYTICS",
      identifier: "ORDERS",
    });
    expect(withProd.prod(prod)?.nodes["model.shop.orders"]?.relation).toEqual({
      database: "SHOP",
      schema: "ANALYTICS",
      identifier: "ORDERS",
    });
    // Recorded with another adapter: its keys are not the warehouse's stored names.
    const other = { ...prod, target: { name: "prod", adapter_type: "duckdb" } } as StateSnapshot;
    expect(names.withProd(other).prodRelation(relation, "model.shop.orders")).toEqual({
      database: "shop",
      schema: "analytics",
      identifier: "orders",
    });
  });
});
