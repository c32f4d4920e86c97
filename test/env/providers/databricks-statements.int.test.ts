/**
 * The Databricks provider's statements (issue 25): every statement for a
 * fixed set of names is in a golden file with its bound values; each one is
 * read by a real parser (@polyglot-sql/sdk, dialect `databricks`) as exactly
 * one statement, except the clauses the parser lacks, listed below with the
 * vendor's page that documents them; names Unity Catalog can't take are
 * refused (identifier_refused) before any SQL exists; values are bound, never
 * in the text, and the one literal (a table's comment) reads back as written.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import {
  DATABRICKS_CAPABILITIES,
  databricksStringLiteral,
  positional,
  DATABRICKS_STATEMENTS as S,
} from "../../../src/drivers/providers/databricks/databricks-statements.js";
import type { Place, Statement } from "../../../src/drivers/providers/provider-statements.js";
import { INFO, REGISTRY_TABLES, STEPS } from "../../../src/environment/registry/tables.js";
import { loadPolyglotSdk, type PolyglotSdk } from "../../../src/runtime/polyglot-sdk.js";
import type { QualifiedName } from "../../../src/warehouse/names.js";
import type { RecordRow } from "../../../src/warehouse/warehouse.js";
import { expectGolden } from "../../support/golden.js";
import { thrownUserError } from "../../support/thrown-user-error.js";

const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), "golden", "databricks-statements.sql");

/** A node id and a commit no statement may carry in its text. */
const HOSTILE_NODE = `model.shop.o'rders"; drop table y; --`;
const HOSTILE_TEXT = `it's \\' a ''; DELETE FROM t; --`;

interface NameSet {
  label: string;
  place: Place;
  schema: string;
  other: string;
  table: string;
  second: string;
}

const NAME_SETS: readonly NameSet[] = [
  {
    label: "ordinary",
    place: { database: "analytics" },
    schema: "pr_42",
    other: "prod",
    table: "orders",
    second: "customers",
  },
  {
    label: "mixed case",
    place: { database: "Analytics" },
    schema: "PR_42",
    other: "Prod",
    table: "Orders",
    second: "customerS",
  },
  {
    label: "needs quoting",
    place: { database: "dev-catalog" },
    schema: "pr-42",
    other: "schéma",
    table: "odd`name",
    second: "café-ünits",
  },
  {
    label: "hostile",
    place: { database: "c`;--" },
    schema: "s`--",
    other: "p",
    table: "x`;drop_table_y;--",
    second: "`",
  },
];

const stepRow: RecordRow = {
  promotion_id: "p-1",
  node_id: HOSTILE_NODE,
  seq: 3,
  state: "state-value",
  switched_at: null,
};

/** Every statement the provider makes for one set of names: [label, statement or null]. */
function statementsFor(n: NameSet): [string, Statement | null][] {
  const at: QualifiedName = { schema: n.schema, identifier: n.table };
  const reads: QualifiedName = { schema: n.other, identifier: n.second };
  const p = n.place;
  return [
    ["listSchemas", S.listSchemas(p)],
    ["listObjects", S.listObjects(p, [n.schema, n.other])],
    ["listObjects (no schemas)", S.listObjects(p, [])],
    ["createSchema", S.createSchema(p, n.schema)],
    ["dropSchema", S.dropSchema(p, n.schema)],
    ["createView", S.createView(p, at, reads, false)],
    ["createView (replace)", S.createView(p, at, reads, true)],
    ["dropTable", S.dropTable(p, at)],
    ["dropView", S.dropView(p, at)],
    ["renameTable", S.renameTable(p, at, n.second)],
    ["moveTable", S.moveTable(p, at, reads)],
    ["cloneTable", S.cloneTable(p, reads, at, { replace: false, copyGrants: false })],
    ["cloneTable (replace, copy grants)", S.cloneTable(p, reads, at, { replace: true, copyGrants: true })],
    ["copyTable", S.copyTable(p, reads, at)],
    ["replaceFrom", S.replaceFrom(p, at, reads)],
    ["swapTables", S.swapTables(p, at, reads)],
    ["replaceLosses", S.replaceLosses(p, [at, reads])],
    ["replaceLosses (no table)", S.replaceLosses(p, [])],
    ["readControls", S.readControls(p, [at, reads])],
    ["readControls (no table)", S.readControls(p, [])],
    ["tableComment", S.tableComment(p, at)],
    ["setTableComment", S.setTableComment(p, at, `${HOSTILE_TEXT} [ods:p-1.n-2]`)],
    ["viewComment", S.viewComment(p, at)],
    ["setViewComment", S.setViewComment(p, at, `${HOSTILE_TEXT} [ods:env:0a1b]`)],
    ["createRecordTable", S.createRecordTable(p, n.schema, INFO.table)],
    ["addRecordColumn", S.addRecordColumn(p, n.schema, STEPS.table, "switched_at")],
    ["recordColumns", S.recordColumns(p, n.schema, STEPS.table)],
    ["selectRecords (all)", S.selectRecords(p, n.schema, STEPS.table, {})],
    [
      "selectRecords",
      S.selectRecords(p, n.schema, STEPS.table, { node_id: HOSTILE_NODE, switched_at: null }),
    ],
    ["insertRecord", S.insertRecord(p, n.schema, STEPS.table, stepRow)],
    ["upsertRecord", S.upsertRecord(p, n.schema, STEPS.table, stepRow)],
    ["upsertRecord (key only)", S.upsertRecord(p, n.schema, INFO.table, { key: HOSTILE_TEXT })],
    [
      "updateRecords",
      S.updateRecords(
        p,
        n.schema,
        STEPS.table,
        { state: "new-state", seq: 4 },
        { node_id: HOSTILE_NODE, switched_at: null },
      ),
    ],
    ["deleteRecords", S.deleteRecords(p, n.schema, STEPS.table, { promotion_id: "p-1" })],
    ["deleteRecords (all)", S.deleteRecords(p, n.schema, INFO.table, {})],
  ];
}

const ALL: { set: string; label: string; statement: Statement }[] = NAME_SETS.flatMap((set) =>
  statementsFor(set).flatMap(([label, statement]) =>
    statement ? [{ set: set.label, label, statement }] : [],
  ),
);

function render(): string {
  const out = [
    "-- Databricks provider statements (src/drivers/providers/databricks/databricks-statements.ts).",
    "",
  ];
  for (const set of NAME_SETS) {
    out.push(
      `-- ===== ${set.label}: catalog ${JSON.stringify(set.place.database)}, schemas ${JSON.stringify(set.schema)} and ${JSON.stringify(set.other)}, tables ${JSON.stringify(set.table)} and ${JSON.stringify(set.second)}`,
    );
    for (const [label, statement] of statementsFor(set)) {
      out.push(`-- ${label}`);
      if (statement === null) {
        out.push("-- (none: the provider has no such statement)", "");
        continue;
      }
      out.push(`${statement.sql};`, `-- params: ${JSON.stringify(statement.params)}`, "");
    }
  }
  for (const table of REGISTRY_TABLES) {
    out.push(
      `-- createRecordTable ${table.name}`,
      `${S.createRecordTable({ database: "analytics" }, "ods_meta", table).sql};`,
      "",
    );
  }
  return out.join("\n");
}

/**
 * Statements the parser rejects although Databricks documents them, each
 * with what it lacks: the statement without that part must parse, so the
 * rest is checked; should the parser learn it, the test says so.
 */
const PARSER_GAPS: readonly {
  label: RegExp;
  lacks: string;
  without: (sql: string) => string;
  why: string;
}[] = [
  {
    label: /^createView/,
    lacks: "WITH SCHEMA EVOLUTION",
    without: (sql) => sql.replace(" WITH SCHEMA EVOLUTION ", " "),
    why: "CREATE VIEW … WITH SCHEMA { BINDING | COMPENSATION | [ TYPE ] EVOLUTION } (Databricks SQL, Runtime 15.3+): https://docs.databricks.com/sql/language-manual/sql-ref-syntax-ddl-create-view.html",
  },
  {
    label: /^dropSchema/,
    lacks: "a catalog-qualified schema name in DROP SCHEMA",
    without: (sql) => sql.replace(/^DROP SCHEMA IF EXISTS `(?:[^`]|``)*`\./, "DROP SCHEMA IF EXISTS "),
    why: "DROP SCHEMA [ IF EXISTS ] schema_name, where a schema name is [ catalog_name . ] schema_identifier: https://learn.microsoft.com/azure/databricks/sql/language-manual/sql-ref-syntax-ddl-drop-schema and https://docs.databricks.com/sql/language-manual/sql-ref-names.html",
  },
];

/** The SDK types its dialects as an enum whose values are these names. */
const DIALECT = S.dialect as never;

let sdk: PolyglotSdk;
beforeAll(async () => {
  const loaded = await loadPolyglotSdk();
  if (!loaded.ok) throw new Error(loaded.error);
  sdk = loaded.sdk;
});

function parses(sql: string): { ok: boolean; error: string } {
  const parsed = sdk.parse(sql, DIALECT);
  if (!parsed.success) return { ok: false, error: parsed.error };
  if (parsed.ast.length !== 1) return { ok: false, error: `${parsed.ast.length} statements` };
  return { ok: true, error: "" };
}

describe("Databricks statements", () => {
  it("match the golden file", () => {
    expectGolden(GOLDEN, render());
  });

  it.each(ALL.map((entry) => [`${entry.set}: ${entry.label}`, entry.label, entry.statement.sql] as const))(
    "%s parses as one Databricks statement",
    (_, label, sql) => {
      const gap = PARSER_GAPS.find((known) => known.label.test(label));
      if (gap === undefined) {
        expect(parses(sql), sql).toEqual({ ok: true, error: "" });
        return;
      }
      // Documented SQL the parser lacks: it still rejects it, and the statement without that part parses.
      const without = gap.without(sql);
      expect(without, `${gap.lacks}: ${gap.why}`).not.toBe(sql);
      expect(parses(sql).ok, `the parser now reads ${gap.lacks}: drop the exception (${gap.why})`).toBe(
        false,
      );
      expect(parses(without), without).toEqual({ ok: true, error: "" });
    },
  );

  it.each(REGISTRY_TABLES.map((table) => [table.name, table] as const))(
    "the record table %s is created by a statement that parses",
    (_, table) => {
      expect(parses(S.createRecordTable({ database: "analytics" }, "ods_meta", table).sql)).toEqual({
        ok: true,
        error: "",
      });
    },
  );

  it.each(ALL.map((entry) => [`${entry.set}: ${entry.label}`, entry.statement] as const))(
    "%s carries no value in its text",
    (_, statement) => {
      for (const value of positional(statement)) {
        if (typeof value === "string" && value.length > 3) expect(statement.sql).not.toContain(value);
      }
      expect(statement.sql).not.toContain(HOSTILE_NODE);
      expect(statement.sql).not.toMatch(/\?\?|\$\d|:p\d|@p/);
    },
  );

  it("binds the values in order, nulls as IS NULL", () => {
    const statement = S.updateRecords(
      { database: "c" },
      "m",
      STEPS.table,
      { state: "new-state", seq: 4 },
      { node_id: HOSTILE_NODE, switched_at: null },
    );
    expect(statement.params).toEqual(["new-state", 4, HOSTILE_NODE]);
    expect(statement.sql.match(/\?/g)?.length).toBe(3);
    expect(statement.sql).toContain("`switched_at` IS NULL");
  });

  it("lowers both sides of a catalog name comparison (Unity Catalog stores names in lower case)", () => {
    const statement = S.tableComment({ database: "C" }, { schema: "PR_42", identifier: "Orders" });
    expect(statement.params).toEqual(["PR_42", "Orders"]);
    expect(statement.sql).toContain("lower(table_schema) = lower(?) AND lower(table_name) = lower(?)");
  });
});

describe("the comment literal (DDL takes no parameter marker)", () => {
  const comments = [
    "plain",
    "it's",
    "back\\slash",
    "\\",
    "ends with a backslash \\",
    "\\'; DROP TABLE x; --",
    "'' two quotes",
    "line\nbreak and\ttab",
    "\\u0041 is not A",
    "ünïcødé ✓ 🦆",
    `${HOSTILE_TEXT} [ods:p-1.n-2]`,
  ];

  it.each(comments.map((comment) => [JSON.stringify(comment), comment] as const))(
    "%s reads back as written",
    (_, comment) => {
      const sql = S.setTableComment({ database: "c" }, { schema: "s", identifier: "t" }, comment).sql;
      const parsed = sdk.parse(sql, DIALECT);
      if (!parsed.success) throw new Error(parsed.error);
      expect(parsed.ast).toHaveLength(1);
      const literal = (parsed.ast[0] as { comment?: { expression?: { literal?: { value?: string } } } })
        .comment?.expression?.literal?.value;
      expect(literal).toBe(comment);
    },
  );

  it("escapes with a backslash, never by doubling the quote (adjacent literals concatenate)", () => {
    expect(databricksStringLiteral("a'b\\c")).toBe("'a\\'b\\\\c'");
  });
});

describe("names Unity Catalog can't take", () => {
  const refused: readonly [string, string][] = [
    ["", "it is empty"],
    ["a b", "a space"],
    ["a.b", "a period"],
    ["a/b", "a forward slash"],
    [`x"; drop table y; --`, "a space"],
    ['a"b', "double quote"],
    ["a\nb", "control character U+000A"],
    ["a\u0000b", "control character U+0000"],
    ["a\u007fb", "control character U+007F"],
    ["a\ud800b", "unpaired surrogate"],
    ["x".repeat(256), "256 characters long"],
  ];
  const place: Place = { database: "analytics" };
  const uses: readonly [string, (name: string) => unknown][] = [
    ["catalog", (name) => S.listSchemas({ database: name })],
    ["schema", (name) => S.createSchema(place, name)],
    ["relation name", (name) => S.qualified(place, { schema: "s", identifier: name })],
    ["relation name", (name) => S.renameTable(place, { schema: "s", identifier: "t" }, name)],
    ["metadata schema", (name) => S.createRecordTable(place, name, INFO.table)],
  ];

  it.each(
    refused.flatMap(([name, why]) =>
      uses.map(([what, use]) => [what, JSON.stringify(name).slice(0, 40), name, why, use] as const),
    ),
  )("refuses as a %s: %s", (what, _, name, why, use) => {
    const error = thrownUserError(() => use(name));
    expect(error.code).toBe("identifier_refused");
    expect(error.message).toContain(`The ${what} `);
    expect(error.message).toContain(JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name));
    expect(error.message).toContain(why);
  });

  it("takes 255 characters, a backtick (doubled) and non-ASCII text", () => {
    expect(S.qualified(place, { schema: "ü-ß", identifier: "x".repeat(255) })).toBe(
      `\`analytics\`.\`ü-ß\`.\`${"x".repeat(255)}\``,
    );
    expect(S.qualified(place, { schema: "s", identifier: "a`b" })).toBe("`analytics`.`s`.`a``b`");
  });
});

describe("capabilities and catalog kinds", () => {
  it("declares what Databricks documents", () => {
    expect(DATABRICKS_CAPABILITIES).toEqual({
      engine: "databricks",
      transactional_ddl: false,
      atomic_multi_pointer: false,
      clone: true,
      rename_across_schemas: false,
      views_bind_by: "name",
      grants: true,
      identifiers: { case_sensitive: false, max_length: 255, length_unit: "characters" },
    });
    expect(S.dialect).toBe("databricks");
    expect(S.identifiers).toBe(DATABRICKS_CAPABILITIES.identifiers);
  });

  it.each([
    ["MANAGED", "table"],
    ["EXTERNAL", "table"],
    ["MANAGED_SHALLOW_CLONE", "table"],
    ["EXTERNAL_SHALLOW_CLONE", "table"],
    ["VIEW", "view"],
    ["MATERIALIZED_VIEW", null],
    ["STREAMING_TABLE", null],
    ["FOREIGN", null],
    ["BASE TABLE", null],
  ] as const)("the catalog's %s is %s", (kind, expected) => {
    expect(S.objectKind(kind)).toBe(expected);
  });

  it("has no swap and no move", () => {
    const a = { schema: "a", identifier: "t" };
    const b = { schema: "b", identifier: "t" };
    expect(S.swapTables({ database: "c" }, a, b)).toBeNull();
    expect(S.futureGrants({ database: "c" }, a.schema)).toBeNull();
    expect(S.moveTable({ database: "c" }, a, b)).toBeNull();
  });
});
