/**
 * Snowflake's statements (src/drivers/providers/snowflake/): every statement for
 * a fixed set of names is fixed in a golden file with its parameters; each
 * parses as one Snowflake statement with the real parser (@polyglot-sql/sdk),
 * except the two the parser doesn't know, named below with the Snowflake
 * documentation that shows them valid; names Snowflake (or ODS's rules) can't
 * carry are refused naming the name; values are bound, never in the text.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Place, Statement } from "../../../src/drivers/providers/provider-statements.js";
import {
  SNOWFLAKE_SESSION_SETUP,
  SNOWFLAKE_STATEMENTS as sf,
  storedName,
} from "../../../src/drivers/providers/snowflake/snowflake-statements.js";
import { POINTERS, REGISTRY_TABLES, STEPS } from "../../../src/environment/registry/tables.js";
import { loadPolyglotSdk, type PolyglotSdk } from "../../../src/runtime/polyglot-sdk.js";
import type { QualifiedName } from "../../../src/warehouse/names.js";
import type { RecordRow } from "../../../src/warehouse/warehouse.js";
import { expectGolden } from "../../support/golden.js";
import { thrownUserError } from "../../support/thrown-user-error.js";

/** The SDK's Dialect enum value for Snowflake is the provider's dialect name. */
const DIALECT = sf.dialect as Parameters<PolyglotSdk["parse"]>[1];
const GOLDEN = path.join(import.meta.dirname, "golden", "snowflake-statements.sql");

interface NameCase {
  label: string;
  place: Place;
  /** The environment's schema, prod's schema, a table, another name in the same schema. */
  env: string;
  prod: string;
  table: string;
  other: string;
  metadata: string;
}

const CASES: readonly NameCase[] = [
  {
    label: "ordinary",
    place: { database: "ANALYTICS" },
    env: "PR_7",
    prod: "MARTS",
    table: "ORDERS",
    other: "ORDERS__ODS_STAGED",
    metadata: "ODS",
  },
  {
    label: "mixed case",
    place: { database: "Analytics" },
    env: "pr_7",
    prod: "Marts",
    table: "Orders",
    other: "orders",
    metadata: "Ods",
  },
  {
    label: "needs quoting",
    place: { database: "my db" },
    env: "pr 7",
    prod: "marts.v2",
    table: "order items",
    other: "it's $1 -- ok; Ünïcode",
    metadata: "ods meta",
  },
];

/** Values that must only ever be parameters: quotes, a statement end, a comment marker. */
const NODE_ID = `model.shop.o'brien"; drop table y; --`;
const ENVIRONMENT = "pr-7'); delete from x; --";
const POINTER_ROW: RecordRow = {
  environment: ENVIRONMENT,
  node_id: NODE_ID,
  schema_name: "PR_7",
  identifier: "ORDERS",
  reads_schema: "MARTS",
  reads_identifier: "ORDERS",
  reads_run_id: null,
  version_key: "vk'3f9a",
  updated_at: "2026-12-02T12:00:00Z",
};
const VALUES = [NODE_ID, ENVIRONMENT, "vk'3f9a", "2026-12-02T12:00:00Z"];
/** A comment with what a string literal must escape: a quote, a backslash, a backslash before a quote. */
const COMMENT = String.raw`prod's table \ C:\path\' [ods:promo-1.node]`;

/** Every statement the provider emits for one name case, labelled. */
function statementsFor(c: NameCase): [string, Statement][] {
  const at = (schema: string, identifier: string): QualifiedName => ({ schema, identifier });
  const envTable = at(c.env, c.table);
  const prodTable = at(c.prod, c.table);
  const staged = at(c.prod, c.other);
  const steps = STEPS.table;
  const pointers = POINTERS.table;
  const out: [string, Statement][] = [
    ["listSchemas", sf.listSchemas(c.place)],
    ["listObjects", sf.listObjects(c.place, [c.env, c.prod])],
    ["listObjects (no schema)", sf.listObjects(c.place, [])],
    ["createSchema", sf.createSchema(c.place, c.env)],
    ["dropSchema", sf.dropSchema(c.place, c.env)],
    ["createView", sf.createView(c.place, envTable, prodTable, false)],
    ["createView (replace)", sf.createView(c.place, envTable, prodTable, true)],
    ["dropTable", sf.dropTable(c.place, envTable)],
    ["dropView", sf.dropView(c.place, envTable)],
    ["renameTable", sf.renameTable(c.place, prodTable, c.other)],
    ["moveTable", sf.moveTable(c.place, envTable, staged) as Statement],
    ["cloneTable", sf.cloneTable(c.place, prodTable, envTable, { replace: false, copyGrants: false })],
    [
      "cloneTable (replace, copy grants)",
      sf.cloneTable(c.place, staged, prodTable, { replace: true, copyGrants: true }),
    ],
    [
      "cloneTable (transient, replace)",
      sf.cloneTable(c.place, prodTable, envTable, { replace: true, copyGrants: false, transient: true }),
    ],
    ["copyTable", sf.copyTable(c.place, envTable, staged)],
    ["replaceFrom", sf.replaceFrom(c.place, prodTable, staged)],
    ["replaceFrom (transient)", sf.replaceFrom(c.place, prodTable, staged, { transient: true })],
    ["swapTables", sf.swapTables(c.place, staged, prodTable) as Statement],
    ["replaceLosses", sf.replaceLosses(c.place, [prodTable, staged])],
    ["replaceLosses (no table)", sf.replaceLosses(c.place, [])],
    ["readControls", sf.readControls(c.place, [prodTable, staged])],
    ["readControls (no table)", sf.readControls(c.place, [])],
    ["objectGrants (table)", sf.objectGrants(c.place, prodTable, "table") as Statement],
    ["objectGrants (view)", sf.objectGrants(c.place, envTable, "view") as Statement],
    ["futureGrants (schema)", sf.futureGrants(c.place, c.prod)],
    ["futureGrants (database)", sf.futureGrants(c.place, null)],
    ["tableComment", sf.tableComment(c.place, prodTable)],
    ["setTableComment", sf.setTableComment(c.place, prodTable, COMMENT)],
    ["viewComment", sf.viewComment(c.place, prodTable)],
    ["setViewComment", sf.setViewComment(c.place, prodTable, COMMENT)],
  ];
  for (const table of REGISTRY_TABLES) {
    out.push([`createRecordTable ${table.name}`, sf.createRecordTable(c.place, c.metadata, table)]);
  }
  out.push(
    ["addRecordColumn", sf.addRecordColumn(c.place, c.metadata, pointers, "version_key")],
    ["selectRecords (all)", sf.selectRecords(c.place, c.metadata, steps, {})],
    [
      "selectRecords (a value, a null)",
      sf.selectRecords(c.place, c.metadata, pointers, { environment: ENVIRONMENT, reads_run_id: null }),
    ],
    ["insertRecord", sf.insertRecord(c.place, c.metadata, pointers, POINTER_ROW)],
    ["upsertRecord", sf.upsertRecord(c.place, c.metadata, pointers, POINTER_ROW)],
    [
      "upsertRecord (null key value, key columns only)",
      sf.upsertRecord(c.place, c.metadata, REGISTRY_TABLES[0] ?? pointers, { key: null }),
    ],
    [
      "updateRecords",
      sf.updateRecords(
        c.place,
        c.metadata,
        pointers,
        { version_key: "vk'3f9a", reads_run_id: null },
        { environment: ENVIRONMENT, node_id: NODE_ID },
      ),
    ],
    ["deleteRecords", sf.deleteRecords(c.place, c.metadata, pointers, { environment: ENVIRONMENT })],
  );
  return out;
}

const ALL: { label: string; statement: Statement }[] = [
  ...SNOWFLAKE_SESSION_SETUP.map((statement) => ({ label: "session setup", statement })),
  ...CASES.flatMap((c) =>
    statementsFor(c).map(([operation, statement]) => ({ label: `${c.label} · ${operation}`, statement })),
  ),
];

/**
 * Valid Snowflake the parser (@polyglot-sql/sdk 0.12.1) rejects: what it
 * doesn't read, the page of Snowflake's reference that shows it valid, and
 * the same statement without that part, which must parse. The statement
 * itself must still fail (when the parser learns it, drop the exception).
 */
const PARSER_GAPS: Record<string, { gap: string; documented: string; readable: (sql: string) => string }> = {
  dropSchema: {
    gap: "a schema qualified by its database (DROP SCHEMA db.schema)",
    documented:
      "DROP SCHEMA [ IF EXISTS ] <name> [ CASCADE | RESTRICT ], the name optionally fully qualified as db_name.schema_name: https://docs.snowflake.com/en/sql-reference/sql/drop-schema",
    readable: (sql) => sql.replace(/^DROP SCHEMA IF EXISTS "(?:[^"]|"")*"\./, "DROP SCHEMA IF EXISTS "),
  },
  "cloneTable (replace, copy grants)": {
    gap: "COPY GRANTS after CLONE <source>",
    documented:
      "CREATE TABLE … CLONE supports COPY GRANTS: https://docs.snowflake.com/en/user-guide/object-clone (Access control privileges for cloned objects)",
    readable: (sql) => sql.replace(/ COPY GRANTS$/, ""),
  },
  "replaceFrom (transient)": {
    gap: "COPY GRANTS after CLONE <source>",
    documented:
      "CREATE [ OR REPLACE ] [ TRANSIENT ] TABLE … CLONE supports COPY GRANTS: https://docs.snowflake.com/en/sql-reference/sql/create-clone",
    readable: (sql) => sql.replace(/ COPY GRANTS$/, ""),
  },
  "objectGrants (table)": {
    gap: "SHOW GRANTS ON TABLE with a quoted or qualified name (it reads only a bare one)",
    documented:
      "SHOW GRANTS ON <object_type> <object_name>, the name optionally fully qualified: https://docs.snowflake.com/en/sql-reference/sql/show-grants",
    readable: (sql) => sql.replace(/^(SHOW GRANTS ON TABLE) .*$/, "$1 t"),
  },
  "objectGrants (view)": {
    gap: "SHOW GRANTS ON VIEW (it reads only ON TABLE, with a bare name)",
    documented:
      "SHOW GRANTS ON <object_type> <object_name>, VIEW among the object types, the name optionally fully qualified: https://docs.snowflake.com/en/sql-reference/sql/show-grants",
    readable: (sql) => sql.replace(/^SHOW GRANTS ON VIEW .*$/, "SHOW GRANTS ON TABLE t"),
  },
  replaceFrom: {
    gap: "COPY GRANTS after CLONE <source>",
    documented:
      "CREATE [ OR REPLACE ] TABLE … CLONE supports COPY GRANTS: https://docs.snowflake.com/en/user-guide/object-clone (Access control privileges for cloned objects)",
    readable: (sql) => sql.replace(/ COPY GRANTS$/, ""),
  },
};

function gapOf(label: string) {
  return PARSER_GAPS[label.slice(label.indexOf(" · ") + 3)];
}

function render(entries: readonly { label: string; statement: Statement }[]): string {
  const lines = [
    "-- Snowflake statements (src/drivers/providers/snowflake/snowflake-statements.ts) for fixed names.",
    "-- Written by test/env/providers/snowflake-statements.int.test.ts with UPDATE_GOLDEN=1; review every change.",
    "",
  ];
  for (const { label, statement } of entries) {
    lines.push(`-- ${label}`, `${statement.sql};`, `-- params: ${JSON.stringify(statement.params)}`, "");
  }
  return lines.join("\n");
}

describe("Snowflake statements", () => {
  let sdk: PolyglotSdk;
  beforeAll(async () => {
    const loaded = await loadPolyglotSdk();
    if (!loaded.ok) throw new Error(loaded.error);
    sdk = loaded.sdk;
  });

  it("match the golden file", () => {
    expectGolden(GOLDEN, render(ALL));
  });

  it.each(ALL.map((entry) => [entry.label, entry.statement] as const))(
    "%s parses as one Snowflake statement",
    (label, statement) => {
      const gap = gapOf(label);
      const parsed = sdk.parse(statement.sql, DIALECT);
      if (gap === undefined) {
        expect(parsed.error ?? null, statement.sql).toBeNull();
        expect(parsed.success).toBe(true);
        expect(parsed.ast?.length).toBe(1);
        return;
      }
      // A parser gap: valid Snowflake (gap.documented); the rest of the statement parses.
      expect(parsed.success, `the parser now reads ${gap.gap}: drop the exception`).toBe(false);
      const readable = gap.readable(statement.sql);
      expect(readable).not.toBe(statement.sql);
      const without = sdk.parse(readable, DIALECT);
      expect(without.error ?? null, gap.documented).toBeNull();
      expect(without.ast?.length).toBe(1);
    },
  );

  it.each(
    ALL.filter(({ statement }) => !statement.sql.startsWith("COMMENT ON")).map(
      (entry) => [entry.label, entry.statement] as const,
    ),
  )("%s: values are parameters, never in the text", (_label, statement) => {
    for (const value of VALUES) expect(statement.sql).not.toContain(value);
    const placeholders = statement.sql.match(/\?/g)?.length ?? 0;
    expect(Array.isArray(statement.params)).toBe(true);
    expect(placeholders).toBe((statement.params as readonly unknown[]).length);
  });

  it("binds the values of a record in order", () => {
    const insert = sf.insertRecord({ database: "D" }, "ODS", POINTERS.table, POINTER_ROW);
    expect(insert.params).toEqual(Object.values(POINTER_ROW));
    const select = sf.selectRecords({ database: "D" }, "ODS", POINTERS.table, {
      reads_run_id: null,
      node_id: NODE_ID,
    });
    expect(select.sql).toContain(`"reads_run_id" IS NULL AND "node_id" = ?`);
    expect(select.params).toEqual([NODE_ID]);
  });

  // The one statement Snowflake takes no bind in (DDL): the comment is a literal, and holds exactly the text.
  it.each([
    ["a quote", "it's"],
    ["a backslash before a quote", String.raw`a\'b`],
    ["a trailing backslash", "a\\"],
    ["a statement end and comment marker", "x'; drop table y; --"],
    ["a newline", "line 1\nline 2"],
  ])("setTableComment keeps a comment with %s inside one string literal", (_what, comment) => {
    const statement = sf.setTableComment({ database: "D" }, { schema: "S", identifier: "T" }, comment);
    const parsed = sdk.parse(statement.sql, DIALECT);
    expect(parsed.error ?? null).toBeNull();
    expect(parsed.ast?.length).toBe(1);
    const literal = statement.sql.slice(statement.sql.indexOf(" IS ") + 4);
    // Undo Snowflake's escapes: '' is a quote, \\ a backslash.
    const read = literal.slice(1, -1).replace(/''|\\\\/g, (found) => (found === "''" ? "'" : "\\"));
    expect(read).toBe(comment);
    expect(literal.slice(1, -1)).not.toMatch(/(^|[^'])'([^']|$)/);
  });

  const HOSTILE: [string, string][] = [
    ["a double quote", `x"; drop table y; --`],
    ["an empty name", ""],
    ["a newline", "a\nb"],
    ["a NUL", "a\u0000b"],
    ["an unpaired surrogate", "a\ud800b"],
    ["256 characters", "n".repeat(256)],
  ];
  const PLACES: [string, (name: string) => Statement][] = [
    ["the database", (name) => sf.createSchema({ database: name }, "S")],
    ["a schema", (name) => sf.createSchema({ database: "D" }, name)],
    ["a relation", (name) => sf.dropTable({ database: "D" }, { schema: "S", identifier: name })],
    ["a new name", (name) => sf.renameTable({ database: "D" }, { schema: "S", identifier: "T" }, name)],
    ["a listed schema", (name) => sf.listObjects({ database: "D" }, ["S", name])],
    [
      "a bound relation name",
      (name) => sf.tableComment({ database: "D" }, { schema: "S", identifier: name }),
    ],
    ["the metadata schema", (name) => sf.selectRecords({ database: "D" }, name, STEPS.table, {})],
  ];
  it.each(
    HOSTILE.flatMap(([what, name]) => PLACES.map(([where, make]) => [what, where, name, make] as const)),
  )("refuses %s as %s, naming it", (_what, _where, name, make) => {
    const error = thrownUserError(() => make(name));
    expect(error.code).toBe("identifier_refused");
    expect(error.message).toContain(JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name));
  });

  it("takes 255 characters, Snowflake's limit", () => {
    const name = "é".repeat(255);
    expect(sf.dropTable({ database: "D" }, { schema: "S", identifier: name }).sql).toContain(`"${name}"`);
  });

  it("refuses a pointer view that would read itself", () => {
    const at = { schema: "MARTS", identifier: "ORDERS" };
    expect(thrownUserError(() => sf.createView({ database: "D" }, at, { ...at }, true)).code).toBe(
      "environment_overlaps_prod",
    );
    // Quoted names are case-sensitive: "orders" is another table.
    expect(sf.createView({ database: "D" }, at, { ...at, identifier: "orders" }, true).sql).toContain(
      `FROM "D"."MARTS"."orders"`,
    );
  });

  it.each([
    ["BASE TABLE", "table"],
    ["VIEW", "view"],
    ["MATERIALIZED VIEW", null],
    ["TEMPORARY TABLE", null],
    ["EXTERNAL TABLE", null],
    ["EVENT TABLE", null],
  ] as const)("maps the catalog's %s to %s", (kind, expected) => {
    expect(sf.objectKind(kind)).toBe(expected);
  });

  it.each([
    ["orders", false, "ORDERS"],
    ["My$col_1", false, "MY$COL_1"],
    ["_x", false, "_X"],
    ["orders", true, "orders"],
    ["order items", true, "order items"],
  ] as const)("stores %s (quoted: %s) as %s", (name, quoted, stored) => {
    expect(storedName(name, quoted)).toBe(stored);
  });

  it.each([["order items"], ["1st"], ["é"], ["a-b"]])("refuses %s unquoted, naming it", (name) => {
    const error = thrownUserError(() => storedName(name, false, "relation name"));
    expect(error.code).toBe("identifier_refused");
    expect(error.message).toContain(JSON.stringify(name));
  });

  it("declares what Snowflake can do", () => {
    expect(sf.capabilities).toMatchObject({
      engine: "snowflake",
      transactional_ddl: false,
      atomic_multi_pointer: false,
      clone: true,
      rename_across_schemas: true,
      views_bind_by: "name",
      grants: true,
      identifiers: { case_sensitive: true, max_length: 255, length_unit: "characters" },
    });
    expect(sf.dialect).toBe("snowflake");
  });
});
