/**
 * The BigQuery provider's statements (src/drivers/providers/bigquery/): every
 * statement for a fixed set of inputs in a golden file, each one parsed as
 * GoogleSQL by @polyglot-sql/sdk (three named parser gaps, kept because
 * BigQuery wants them so), names BigQuery can't carry refused, and values
 * only ever in the parameters.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BIGQUERY_STATEMENTS as bq } from "../../../src/drivers/providers/bigquery/bigquery-statements.js";
import type { Place, Statement } from "../../../src/drivers/providers/provider-statements.js";
import { REGISTRY_TABLES } from "../../../src/environment/registry/tables.js";
import { UserError } from "../../../src/errors/user-error.js";
import { loadPolyglotSdk, type PolyglotSdk } from "../../../src/runtime/polyglot-sdk.js";
import type { QualifiedName } from "../../../src/warehouse/names.js";
import type { RecordTable } from "../../../src/warehouse/warehouse.js";
import { expectGolden } from "../../support/golden.js";

const GOLDEN = path.join(import.meta.dirname, "golden", "bigquery-statements.sql");
const place: Place = { database: "ods-ci-project", location: "EU" };

/** Names for each shape BigQuery takes: ordinary, mixed case, needing the backticks (space, dash, non-ASCII). */
const NAMES: Record<string, { at: QualifiedName; reads: QualifiedName }> = {
  ordinary: {
    at: { schema: "analytics_pr_12", identifier: "orders" },
    reads: { schema: "analytics", identifier: "orders__3f9a1c" },
  },
  "mixed case": {
    at: { schema: "Analytics_PR_12", identifier: "Orders" },
    reads: { schema: "Analytics", identifier: "ORDERS" },
  },
  "needs quoting": {
    at: { schema: "analytics_pr_12", identifier: "order lines-2024" },
    reads: { schema: "analytics", identifier: "étudiant-01 お客様" },
  },
};

/** Values that would break SQL if spliced: quotes of both kinds, a backtick, a comment, a parameter marker. */
const HOSTILE = `model.shop.o'brien"; drop table y; -- \`x\` @p1`;
const COMMENT = `it's a "mark" [ods:promo-1]`;

const STEPS: RecordTable = {
  name: "promotion_steps",
  columns: { promotion_id: "text", node_id: "text", position: "integer", state: "text", note: "text" },
  key: ["promotion_id", "node_id"],
};
const TAGS: RecordTable = { name: "tags", columns: { tag: "text" }, key: ["tag"] };

/** Every statement of the provider for the inputs above, named. */
function catalogue(): [string, Statement | null][] {
  const out: [string, Statement | null][] = [
    ["listSchemas", bq.listSchemas(place)],
    ["listObjects", bq.listObjects(place, ["analytics", "Analytics_PR_12"])],
    ["listObjects (no schema)", bq.listObjects(place, [])],
    ["replaceLosses (no table)", bq.replaceLosses(place, [])],
    ["readControls (no table)", bq.readControls(place, [])],
    ["createSchema", bq.createSchema(place, "analytics_pr_12")],
    ["dropSchema", bq.dropSchema(place, "analytics_pr_12")],
    ["setViewComment", bq.setViewComment(place, NAMES["needs quoting"]!.at, COMMENT)],
  ];
  for (const [shape, { at, reads }] of Object.entries(NAMES)) {
    out.push(
      [`createView ${shape}`, bq.createView(place, at, reads, false)],
      [`createView ${shape} (replace)`, bq.createView(place, at, reads, true)],
      [`dropTable ${shape}`, bq.dropTable(place, at)],
      [`dropView ${shape}`, bq.dropView(place, at)],
      [`renameTable ${shape}`, bq.renameTable(place, at, `${at.identifier}__ods_retired`)],
      [`moveTable ${shape}`, bq.moveTable(place, reads, at)],
      [`cloneTable ${shape}`, bq.cloneTable(place, reads, at, { replace: false, copyGrants: false })],
      [`cloneTable ${shape} (replace)`, bq.cloneTable(place, reads, at, { replace: true, copyGrants: true })],
      [`copyTable ${shape}`, bq.copyTable(place, reads, at)],
      [`replaceFrom ${shape}`, bq.replaceFrom(place, at, reads)],
      [`swapTables ${shape}`, bq.swapTables(place, at, reads)],
      [`replaceLosses ${shape}`, bq.replaceLosses(place, [at, reads])],
      [`readControls ${shape}`, bq.readControls(place, [at, reads])],
      [`tableComment ${shape}`, bq.tableComment(place, at)],
      [`setTableComment ${shape}`, bq.setTableComment(place, at, COMMENT)],
      [`viewComment ${shape}`, bq.viewComment(place, at)],
    );
  }
  out.push(
    ["createRecordTable", bq.createRecordTable(place, "ods_meta", STEPS)],
    ["addRecordColumn", bq.addRecordColumn(place, "ods_meta", STEPS, "note")],
    ["selectRecords (all)", bq.selectRecords(place, "ods_meta", STEPS, {})],
    [
      "selectRecords (where, a null)",
      bq.selectRecords(place, "ods_meta", STEPS, { promotion_id: HOSTILE, note: null, position: 3 }),
    ],
    [
      "insertRecord",
      bq.insertRecord(place, "ods_meta", STEPS, {
        promotion_id: "promo-7f",
        node_id: HOSTILE,
        position: 2,
        state: "planned-4f2",
        note: null,
      }),
    ],
    [
      "upsertRecord",
      bq.upsertRecord(place, "ods_meta", STEPS, {
        promotion_id: "promo-7f",
        node_id: HOSTILE,
        position: 2,
        state: "switched-4f2",
        note: null,
      }),
    ],
    ["upsertRecord (key only)", bq.upsertRecord(place, "ods_meta", TAGS, { tag: HOSTILE })],
    ["upsertRecord (null key value)", bq.upsertRecord(place, "ods_meta", TAGS, { tag: null })],
    [
      "updateRecords",
      bq.updateRecords(
        place,
        "ods_meta",
        STEPS,
        { state: "undone-4f2", note: null },
        { promotion_id: "promo-7f", node_id: HOSTILE, note: null },
      ),
    ],
    ["updateRecords (every row)", bq.updateRecords(place, "ods_meta", STEPS, { state: "undone-4f2" }, {})],
    ["deleteRecords", bq.deleteRecords(place, "ods_meta", STEPS, { promotion_id: HOSTILE, position: 7 })],
    ["deleteRecords (every row)", bq.deleteRecords(place, "ods_meta", STEPS, {})],
  );
  for (const table of REGISTRY_TABLES) {
    out.push([`createRecordTable registry ${table.name}`, bq.createRecordTable(place, "ods_meta", table)]);
  }
  return out;
}

function render(entries: [string, Statement | null][]): string {
  return entries
    .map(([name, statement]) =>
      statement === null
        ? `-- ${name}: none (BigQuery has no such statement)\n`
        : `-- ${name}\n${statement.sql};\n-- params: ${JSON.stringify(statement.params)}\n`,
    )
    .join("\n");
}

/**
 * Valid GoogleSQL the parser (@polyglot-sql/sdk 0.12.1, dialect bigquery)
 * rejects. Each is kept as BigQuery wants it; `reduced` is the same
 * statement without the part the parser lacks, which must parse (so the rest
 * is checked), and the full statement must still fail (so the exception is
 * dropped once the parser learns it).
 */
const PARSER_GAPS: Record<string, { why: string; reduced: (sql: string) => string }> = {
  createSchema: {
    why: "CREATE SCHEMA … OPTIONS (location = …): BigQuery's DDL reference (data-definition-language#create_schema_statement) gives `CREATE SCHEMA [IF NOT EXISTS] [project_name.]dataset_name [DEFAULT COLLATE …] [OPTIONS(schema_option_list)]` with `location` among the options; the parser stops at OPTIONS.",
    reduced: (sql) => sql.replace(/ OPTIONS \(location = @p1\)$/, ""),
  },
  dropSchema: {
    why: "DROP SCHEMA with a project-qualified dataset: the DDL reference (data-definition-language#drop_schema_statement) gives `DROP SCHEMA [IF EXISTS] [project_name.]dataset_name [ CASCADE | RESTRICT ]`; the parser takes only an unqualified name there. Without CASCADE BigQuery deletes only an empty dataset (managing-datasets#delete-datasets).",
    reduced: (sql) => sql.replace("`ods-ci-project`.", ""),
  },
  setViewComment: {
    why: "ALTER VIEW … SET OPTIONS (description = …): the DDL reference (data-definition-language#alter_view_set_options_statement) gives `ALTER VIEW [IF EXISTS] view_name SET OPTIONS(view_set_options_list)` with `description` among the options; the parser takes SET OPTIONS after ALTER TABLE only.",
    reduced: (sql) => sql.replace("ALTER VIEW ", "ALTER TABLE "),
  },
};

describe("BigQuery statements", () => {
  let sdk: PolyglotSdk;
  beforeAll(async () => {
    const loaded = await loadPolyglotSdk();
    if (!loaded.ok) throw new Error(loaded.error);
    sdk = loaded.sdk;
  });

  function parses(sql: string): { ok: boolean; statements: number; error: string } {
    // The SDK types its dialect as an enum; the provider names it by the enum's value ("bigquery").
    const result = sdk.parse(sql, bq.dialect as never) as {
      success: boolean;
      ast: unknown[] | null;
      error?: string;
    };
    return { ok: result.success, statements: result.ast?.length ?? 0, error: result.error ?? "" };
  }

  it("match the golden file", () => {
    expectGolden(GOLDEN, render(catalogue()));
  });

  const statements = catalogue().filter((entry): entry is [string, Statement] => entry[1] !== null);

  it.each(statements.filter(([name]) => !(name in PARSER_GAPS)))(
    "%s parses as one GoogleSQL statement",
    (_name, statement) => {
      const result = parses(statement.sql);
      expect(result.error).toBe("");
      expect(result).toMatchObject({ ok: true, statements: 1 });
    },
  );

  it.each(Object.entries(PARSER_GAPS))(
    "%s is a named parser gap: the parser refuses it, the rest parses",
    (name, gap) => {
      const statement = statements.find(([entry]) => entry === name)?.[1];
      expect(statement, gap.why).toBeDefined();
      const sql = statement?.sql ?? "";
      expect(parses(sql).ok).toBe(false);
      const reduced = gap.reduced(sql);
      expect(reduced).not.toBe(sql);
      expect(parses(reduced)).toMatchObject({ ok: true, statements: 1 });
    },
  );

  it("declares what its statements do: no swap, no move across datasets, clones, no multi-object atomicity", () => {
    const { at, reads } = NAMES.ordinary as { at: QualifiedName; reads: QualifiedName };
    const { capabilities } = bq;
    expect(bq.swapTables(place, at, reads)).toBeNull();
    expect(bq.futureGrants(place, at.schema)).toBeNull();
    expect(capabilities.rename_across_schemas).toBe(bq.moveTable(place, reads, at) !== null);
    const clone = bq.cloneTable(place, reads, at, { replace: false, copyGrants: false });
    expect(capabilities.clone).toBe(/ CLONE /.test(clone.sql));
    expect([capabilities.transactional_ddl, capabilities.atomic_multi_pointer]).toEqual([false, false]);
    expect(bq.identifiers).toBe(capabilities.identifiers);
    expect(bq.dialect).toBe("bigquery");
  });

  it.each([
    ["BASE TABLE", "table"],
    ["CLONE", "table"],
    ["VIEW", "view"],
    ["SNAPSHOT", null],
    ["MATERIALIZED VIEW", null],
    ["EXTERNAL", null],
  ])("the catalog's %s is %s", (kind, expected) => {
    expect(bq.objectKind(kind)).toBe(expected);
  });

  it("values are parameters: no test value is in any statement's text", () => {
    const values = [HOSTILE, COMMENT, "promo-7f", "planned-4f2", "switched-4f2", "undone-4f2"];
    for (const [name, statement] of statements) {
      for (const value of values) {
        expect(statement.sql.includes(value), `${name} holds ${JSON.stringify(value)}`).toBe(false);
      }
    }
    const bound = statements.flatMap(([, statement]) => Object.values(statement.params));
    expect(bound).toContain(HOSTILE);
    expect(bound).toContain(COMMENT);
    expect(bound).not.toContain(null);
  });

  it("each parameter the text names is bound, and each bound one is named", () => {
    for (const [name, statement] of statements) {
      const named = [...statement.sql.matchAll(/@(p\d+)\b/g)].map((match) => match[1]);
      expect([...new Set(named)].sort(), name).toEqual(Object.keys(statement.params).sort());
    }
  });

  const longTable = "é".repeat(513);
  const refusals: [string, () => unknown, string][] = [
    [
      "a hostile table name",
      () => bq.dropTable(place, { schema: "analytics", identifier: 'x"; drop table y; --' }),
      'x"; drop table y; --',
    ],
    [
      "a table name with a backtick",
      () => bq.dropView(place, { schema: "analytics", identifier: "a`b" }),
      "a`b",
    ],
    [
      "a table name with a backslash",
      () => bq.qualified(place, { schema: "analytics", identifier: "a\\`" }),
      "a\\`",
    ],
    [
      "a table name with a dot",
      () => bq.renameTable(place, { schema: "analytics", identifier: "orders" }, "other.orders"),
      "other.orders",
    ],
    [
      "a table name with a newline",
      () => bq.tableComment(place, { schema: "analytics", identifier: "a\nb" }),
      "a\nb",
    ],
    [
      "a table name past 1,024 bytes",
      () =>
        bq.cloneTable(
          place,
          { schema: "a", identifier: "b" },
          { schema: "a", identifier: longTable },
          { replace: false, copyGrants: false },
        ),
      longTable,
    ],
    ["a dataset with a dash", () => bq.createSchema(place, "analytics-pr-12"), "analytics-pr-12"],
    ["a dataset with a space", () => bq.listObjects(place, ["analytics pr"]), "analytics pr"],
    ["a hostile dataset", () => bq.dropSchema(place, "x`; drop schema y; --"), "x`; drop schema y; --"],
    [
      "a hostile record table",
      () => bq.createRecordTable(place, "ods_meta", { ...TAGS, name: "t`;" }),
      "t`;",
    ],
    [
      "a record column BigQuery can't name",
      () =>
        bq.createRecordTable(place, "ods_meta", {
          name: "t",
          columns: { "bad column": "text" },
          key: ["bad column"],
        }),
      "bad column",
    ],
    ["an empty table name", () => bq.dropTable(place, { schema: "analytics", identifier: "" }), ""],
  ];

  it.each(refusals)("refuses %s (identifier_refused, naming it)", (_what, call, name) => {
    let thrown: unknown;
    try {
      call();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UserError);
    expect((thrown as UserError).code).toBe("identifier_refused");
    expect((thrown as UserError).message).toContain(
      JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name),
    );
  });

  it.each([
    ["a project ID with capitals", { database: "My_Project", location: "EU" }, '"My_Project"'],
    ["a domain-scoped project", { database: "example.com:proj", location: "EU" }, '"example.com:proj"'],
    ["no location", { database: "ods-ci-project" }, "no location"],
    ["a location with a backtick", { database: "ods-ci-project", location: "eu`" }, '"eu`"'],
  ])("refuses %s (warehouse_invalid)", (_what, bad: Place, shown) => {
    let thrown: unknown;
    try {
      bq.listSchemas(bad);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UserError);
    expect((thrown as UserError).code).toBe("warehouse_invalid");
    expect((thrown as UserError).message).toContain(shown);
  });

  it("refuses a pointer view that would read itself", () => {
    const at = { schema: "analytics", identifier: "orders" };
    expect(() => bq.createView(place, at, { ...at }, true)).toThrow(/would read itself/);
    // Case-sensitive: `Orders` is another table.
    expect(bq.createView(place, at, { ...at, identifier: "Orders" }, true).sql).toContain("`Orders`");
  });
});
