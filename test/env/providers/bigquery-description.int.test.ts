/**
 * BigQuery shows a table's description in INFORMATION_SCHEMA.TABLE_OPTIONS as
 * the GoogleSQL string literal that would set it. The provider decodes it
 * (src/drivers/providers/bigquery/string-literal.ts) before it reads an identity
 * mark or writes the description back with a new mark: otherwise each mark
 * would wrap the description in another layer of quotes and escapes.
 */
import { describe, expect, it } from "vitest";
import { decodeStringLiteral } from "../../../src/drivers/providers/bigquery/string-literal.js";
import { loadPolyglotSdk } from "../../../src/runtime/polyglot-sdk.js";
import { freshSession } from "../../support/warehouse/engines.js";
import { googleSqlLiteral, SIMULATED_PROVIDERS } from "../../support/warehouse/providers.js";
import { SimulatedWarehouse } from "../../support/warehouse/simulated-provider.js";

describe("GoogleSQL string literals, decoded", () => {
  it.each([
    ['"plain"', "plain"],
    ["'single'", "single"],
    ['""', ""],
    [String.raw`'it\'s'`, "it's"],
    [String.raw`"a \"b\" \\ c"`, 'a "b" \\ c'],
    [String.raw`"line\nnext\ttab\rcr"`, "line\nnext\ttab\rcr"],
    ['"""triple "quoted" text"""', 'triple "quoted" text'],
    ["'''also 'triple''''", null],
    ["'''also 'triple' '''", "also 'triple' "],
    [String.raw`r"C:\path\n"`, String.raw`C:\path\n`],
    [String.raw`R'raw \d+'`, String.raw`raw \d+`],
    [String.raw`"\x41\101\u00e9\U0001F600\?\`"`, "AAé😀?`"],
    ["plain", null],
    ['"unterminated', null],
    [String.raw`"bad \q escape"`, null],
    [String.raw`"half \ud800"`, null],
    [String.raw`"octal \18"`, null],
    ['"a"b"', null],
    [String.raw`"ends with \"`, null],
  ])("%s is %j", (literal, text) => {
    expect(decodeStringLiteral(literal)).toBe(text);
  });

  it.each([
    "prod's table [ods:promotion:1:0]",
    String.raw`C:\path\' "quoted" \n not a newline`,
    "two\nlines\twith a tab and \u0001 a control character",
    "Ünïcode お客様 😀",
    "",
  ])("the catalog's literal of %j decodes to it", (text) => {
    expect(decodeStringLiteral(googleSqlLiteral(text))).toBe(text);
  });
});

describe("identity marks on BigQuery (simulated, descriptions shown as literals)", () => {
  it("marking a table twice keeps its description once, with the last mark, and reads that mark back", async () => {
    const loaded = await loadPolyglotSdk();
    if (!loaded.ok) throw new Error(loaded.error);
    const bigquery = SIMULATED_PROVIDERS.find((provider) => provider.name === "BigQuery")!;
    const session = await freshSession("duckdb");
    try {
      const description = String.raw`Orders, one row each: "paid" or not \ see docs`;
      await session.exec("CREATE SCHEMA analytics");
      await session.exec("CREATE TABLE analytics.orders (id INTEGER)");
      await session.exec(`COMMENT ON TABLE analytics.orders IS '${description.replaceAll("'", "''")}'`);
      const warehouse = new SimulatedWarehouse(session, bigquery, loaded.sdk);
      const orders = { schema: "analytics", identifier: "orders" };
      expect(await warehouse.tableIdentity(orders)).toBe("unmarked");
      expect(await warehouse.markTable(orders, "promotion:p1:0")).toBe("mark:promotion:p1:0");
      expect(await warehouse.markTable(orders, "promotion:p2:0")).toBe("mark:promotion:p2:0");
      expect(await warehouse.tableIdentity(orders)).toBe("mark:promotion:p2:0");
      const [row] = await session.rows(
        "SELECT comment FROM duckdb_tables() WHERE schema_name = 'analytics' AND table_name = 'orders'",
      );
      expect(row?.comment).toBe(`${description} [ods:promotion:p2:0]`);
    } finally {
      await session.close();
    }
  });
});
