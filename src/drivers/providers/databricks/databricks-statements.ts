/**
 * Issue 25: the statements of a Databricks (Unity Catalog) provider, as data
 * (provider-statements.ts). Written for Databricks SQL warehouses and
 * clusters on Unity Catalog, run through `@databricks/sql` (the official
 * Node.js driver), whose `executeStatement(sql, { ordinalParameters })` binds
 * the values of `?` markers in order; named `:p` markers exist too
 * (`namedParameters`), but one statement can't mix the two and positional
 * ones keep the statements short. Pure: no client, no connection.
 *
 * Names (docs.databricks.com/sql/language-manual/sql-ref-names.html): every
 * identifier is quoted in backticks, a backtick in a name doubled. Unity
 * Catalog keeps at most 255 characters, refuses a period, a space, a forward
 * slash, ASCII control characters and DEL even inside backticks, and stores
 * catalog, schema and table names in lower case: `Orders` and `orders` are one
 * table, and the catalog (information_schema) answers `orders`. So names are
 * compared case-insensitively (`case_sensitive: false`) and catalog reads
 * compare `lower(…)` of both sides. The double quote is refused as on every
 * engine (names.ts), although backticks could carry it.
 *
 * Capabilities, each from the vendor's documentation (docs/warehouses/databricks.md
 * cites the pages):
 * - transactional_ddl: false. Databricks' transactions (BEGIN TRANSACTION,
 *   BEGIN ATOMIC) take only SELECT, INSERT, MERGE, UPDATE, DELETE (and
 *   DESCRIBE TABLE); any other command fails with
 *   TRANSACTION_NOT_SUPPORTED.COMMAND. Each DDL statement commits on its own.
 * - atomic_multi_pointer: false. No documented way to rename, clone or
 *   replace several tables in one commit; a promotion is the staged,
 *   journaled protocol, and only when allowed.
 * - clone: true. `CREATE [OR REPLACE] TABLE … SHALLOW CLONE …` copies no data
 *   files (Delta tables; managed to managed, external to external).
 * - rename_across_schemas: false. `ALTER TABLE … RENAME TO` renames within
 *   the table's schema (Spark refuses another database as the target); no
 *   documented statement moves a table to another schema without copying.
 *   So `moveTable` is null and a table reaches another schema as a copy
 *   (`DEEP CLONE`, which copies the data files and the table's metadata).
 * - views_bind_by: name. A view is stored as its query text and resolved
 *   when it is read; pointer views are created `WITH SCHEMA EVOLUTION` so
 *   that a view over `SELECT *` takes the columns of whatever table holds
 *   the name now (the default binding mode would fail on added or dropped
 *   columns).
 * - grants: true. Unity Catalog securables have an owner and privileges
 *   (GRANT … ON TABLE). A rename keeps a table's own privileges, so a table
 *   renamed into prod's name brings the environment's privileges, not
 *   prod's, so promotion replaces an existing prod table in place
 *   (replaceFrom) and renames only onto a name prod has no table for.
 *   `CREATE OR REPLACE TABLE` keeps the table's ID (and with it what is
 *   granted on it) and its column masks; whether it keeps a row filter is
 *   not documented, so replaceLosses reports every row filter; a new clone
 *   gets privileges of its own, not its source's. There is no `COPY GRANTS` clause: `copyGrants` changes nothing.
 * - swapTables: null (no `SWAP WITH`).
 *
 * The table comment (the identity mark, as the DuckDB adapter keeps it) is
 * the one value not bound: DDL takes no parameter marker on Databricks SQL and
 * Runtime 17.3 LTS and before (sql-ref-parameter-marker), so `COMMENT ON`
 * gets a string literal, its backslashes and single quotes escaped with a
 * backslash (Databricks literals read `\` as an escape, and two adjacent
 * literals `'a''b'` would be concatenated, not an escaped quote).
 *
 * Record tables: `text` is STRING, `integer` INT (32-bit, as PostgreSQL's
 * and DuckDB's INTEGER). No PRIMARY KEY: on Databricks it is informational
 * (never enforced) and needs NOT NULL key columns; keys stay unique because
 * every write by key is one MERGE matching the key null-safely (`<=>`).
 * `ADD COLUMN` has no `IF NOT EXISTS` (a column the table has fails,
 * FIELDS_ALREADY_EXISTS): an upgrade reads the table's columns first
 * (`recordColumns`) and adds only a column the table lacks.
 */
import { UserError } from "../../../errors/user-error.js";
import {
  type IdentifierRules,
  identifierProblem,
  type QualifiedName,
  showName,
} from "../../../warehouse/names.js";
import type { RecordTable, RecordValue, WarehouseCapabilities } from "../../../warehouse/warehouse.js";
import type { RecordDialect } from "../../record-statements.js";
import { providerRecordStatements } from "../provider-record-statements.js";
import type { Place, ProviderStatements, Statement } from "../provider-statements.js";

export const DATABRICKS_IDENTIFIERS: IdentifierRules = {
  case_sensitive: false,
  max_length: 255,
  length_unit: "characters",
};

export const DATABRICKS_CAPABILITIES: WarehouseCapabilities = {
  engine: "databricks",
  transactional_ddl: false,
  atomic_multi_pointer: false,
  clone: true,
  rename_across_schemas: false,
  views_bind_by: "name",
  grants: true,
  identifiers: DATABRICKS_IDENTIFIERS,
};

/** information_schema.tables' table_type values that are tables ODS can rename, clone and drop. */
const TABLE_KINDS = ["MANAGED", "EXTERNAL", "MANAGED_SHALLOW_CLONE", "EXTERNAL_SHALLOW_CLONE"] as const;

/** Characters Unity Catalog refuses in a name even inside backticks (besides control characters, which names.ts refuses). */
const UNITY_CATALOG_REFUSED: Readonly<Record<string, string>> = {
  ".": "a period",
  " ": "a space",
  "/": "a forward slash",
};

/** Why Unity Catalog can't take the name, or null when it can. */
export function databricksNameProblem(name: string): string | null {
  for (const [char, what] of Object.entries(UNITY_CATALOG_REFUSED)) {
    if (name.includes(char)) return `it contains ${what}, which Unity Catalog refuses in names`;
  }
  return identifierProblem(name, DATABRICKS_IDENTIFIERS);
}

/** The name in backticks (a backtick doubled), after refusing (UserError identifier_refused) what Unity Catalog can't take. */
function quote(name: string, what: string): string {
  const problem = databricksNameProblem(name);
  if (problem !== null) {
    throw new UserError("identifier_refused", `The ${what} ${showName(name)} can't be used: ${problem}.`);
  }
  return `\`${name.replaceAll("`", "``")}\``;
}

function catalog(place: Place): string {
  return quote(place.database, "catalog");
}

function schemaName(place: Place, schema: string): string {
  return `${catalog(place)}.${quote(schema, "schema")}`;
}

function relation(place: Place, name: QualifiedName): string {
  return `${schemaName(place, name.schema)}.${quote(name.identifier, "relation name")}`;
}

function recordTable(place: Place, schema: string, table: RecordTable): string {
  return `${catalog(place)}.${quote(schema, "metadata schema")}.${quote(table.name, "record table")}`;
}

function column(name: string): string {
  return quote(name, "column");
}

/** A string literal: backslashes and single quotes escaped with a backslash (Databricks literals' escape). */
export function databricksStringLiteral(text: string): string {
  return `'${text.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
}

/** `lower(column) = lower(?)`: the catalog stores names in lower case, and ODS's may have capitals. */
function catalogNameIs(columnName: string): string {
  return `lower(${columnName}) = lower(?)`;
}

const TABLE_KIND_LIST = TABLE_KINDS.map((kind) => `'${kind}'`).join(", ");

/** The record tables in `place` (record-statements.ts): `?` placeholders, no key constraint, ADD COLUMNS, a null-safe MERGE. */
function recordDialect(place: Place): RecordDialect {
  return {
    table: (schema, table) => recordTable(place, schema, table),
    column,
    type: columnType,
    placeholders: "question",
    typedNulls: false,
    primaryKey: false,
    addColumn: "add-columns",
    whereTrue: false,
    upsert: {
      kind: "merge",
      verb: "MERGE INTO",
      target: "target",
      source: "source",
      castSource: false,
      keyMatch: "null-safe",
      qualifySet: true,
    },
  };
}

export const DATABRICKS_STATEMENTS: ProviderStatements = {
  dialect: "databricks",
  capabilities: DATABRICKS_CAPABILITIES,
  identifiers: DATABRICKS_IDENTIFIERS,

  qualified: relation,

  listSchemas(place) {
    return {
      sql: `SELECT schema_name FROM ${catalog(place)}.information_schema.schemata ORDER BY schema_name`,
      params: [],
    };
  },

  listObjects(place, schemas) {
    const where =
      schemas.length === 0 ? "FALSE" : `lower(table_schema) IN (${schemas.map(() => "lower(?)").join(", ")})`;
    return {
      sql: `SELECT table_schema, table_name, table_type FROM ${catalog(place)}.information_schema.tables WHERE ${where} ORDER BY table_schema, table_name`,
      params: [...schemas],
    };
  },

  objectRows: { schema: "table_schema", name: "table_name", kind: "table_type" },

  objectKind(catalogKind) {
    if (catalogKind === "VIEW") return "view";
    return (TABLE_KINDS as readonly string[]).includes(catalogKind) ? "table" : null;
  },

  createSchema(place, schema) {
    return { sql: `CREATE SCHEMA IF NOT EXISTS ${schemaName(place, schema)}`, params: [] };
  },

  dropSchema(place, schema) {
    return { sql: `DROP SCHEMA IF EXISTS ${schemaName(place, schema)} RESTRICT`, params: [] };
  },

  createView(place, at, reads, replace) {
    const verb = replace ? "CREATE OR REPLACE VIEW" : "CREATE VIEW";
    return {
      sql: `${verb} ${relation(place, at)} WITH SCHEMA EVOLUTION AS SELECT * FROM ${relation(place, reads)}`,
      params: [],
    };
  },

  dropTable(place, name) {
    return { sql: `DROP TABLE IF EXISTS ${relation(place, name)}`, params: [] };
  },

  dropView(place, name) {
    return { sql: `DROP VIEW IF EXISTS ${relation(place, name)}`, params: [] };
  },

  renameTable(place, from, to) {
    // The target is qualified with the table's own catalog and schema, as dbt-databricks renames.
    return {
      sql: `ALTER TABLE ${relation(place, from)} RENAME TO ${relation(place, { schema: from.schema, identifier: to })}`,
      params: [],
    };
  },

  moveTable() {
    return null;
  },

  /** DROP SCHEMA … RESTRICT refuses a schema that holds anything (functions, volumes, models too). */
  otherObjects() {
    return null;
  },

  cloneTable(place, source, target, options) {
    // No COPY GRANTS on Databricks: OR REPLACE keeps the replaced table's ID and what is granted on it.
    const verb = options.replace ? "CREATE OR REPLACE TABLE" : "CREATE TABLE";
    return {
      sql: `${verb} ${relation(place, target)} SHALLOW CLONE ${relation(place, source)}`,
      params: [],
    };
  },

  copyTable(place, source, target) {
    return {
      sql: `CREATE TABLE ${relation(place, target)} DEEP CLONE ${relation(place, source)}`,
      params: [],
    };
  },

  // A SHALLOW CLONE reads its source's files: a table that outlives its source is a DEEP CLONE.
  clonesAreIndependent: false,

  // OR REPLACE keeps the replaced table's ID, history and grants; DEEP CLONE copies the rows, so the staged table can go.
  replaceFrom(place, target, source) {
    return {
      sql: `CREATE OR REPLACE TABLE ${relation(place, target)} DEEP CLONE ${relation(place, source)}`,
      params: [],
    };
  },

  /**
   * What `replaceFrom` may lose (docs/warehouses/databricks.md, grants):
   * CREATE OR REPLACE keeps the table's identity (owner and privileges with
   * it) and its column masks on the columns still there; Databricks doesn't
   * say that it keeps a row filter, so every row filter is reported.
   */
  replaceLosses(place, targets) {
    const params: RecordValue[] = [];
    const match = targets.map((target) => {
      relation(place, target);
      params.push(target.schema, target.identifier);
      return `(${catalogNameIs("schema_name")} AND ${catalogNameIs("table_name")})`;
    });
    return {
      sql: `SELECT schema_name, table_name, 'row_filter' AS loss, concat_ws('.', filter_catalog, filter_schema, filter_name) AS detail FROM ${catalog(place)}.information_schema.row_filters WHERE ${match.length === 0 ? "FALSE" : match.join(" OR ")}`,
      params,
    };
  },

  // No future grants: privileges on the schema and catalog reach every table in it, however it got there.
  futureGrants() {
    return null;
  },

  // A Unity Catalog view reads with its owner's privileges: its readers need SELECT on the view only.
  viewsReadAs: "owner",

  /** Row filters and column masks (Unity Catalog's information_schema.row_filters and column_masks). */
  readControls(place, tables) {
    const params: RecordValue[] = [];
    const match = () =>
      tables.length === 0
        ? "FALSE"
        : tables
            .map((table) => {
              relation(place, table);
              params.push(table.schema, table.identifier);
              return `(${catalogNameIs("schema_name")} AND ${catalogNameIs("table_name")})`;
            })
            .join(" OR ");
    const filters = `SELECT schema_name, table_name, 'row_filter' AS control, concat('row filter ', concat_ws('.', filter_catalog, filter_schema, filter_name)) AS detail FROM ${catalog(place)}.information_schema.row_filters WHERE ${match()}`;
    const masks = `SELECT schema_name, table_name, 'column_mask' AS control, concat('column mask ', concat_ws('.', mask_catalog, mask_schema, mask_name), ' on column ', column_name) AS detail FROM ${catalog(place)}.information_schema.column_masks WHERE ${match()}`;
    return { sql: `${filters} UNION ALL ${masks}`, params };
  },

  // No future grants to check against a relation's own.
  objectGrants() {
    return null;
  },

  swapTables() {
    return null;
  },

  tableComment(place, name) {
    return {
      sql: `SELECT \`comment\` FROM ${catalog(place)}.information_schema.tables WHERE ${catalogNameIs("table_schema")} AND ${catalogNameIs("table_name")} AND table_type IN (${TABLE_KIND_LIST})`,
      params: [name.schema, name.identifier],
    };
  },

  setTableComment(place, name, comment) {
    return {
      sql: `COMMENT ON TABLE ${relation(place, name)} IS ${databricksStringLiteral(comment)}`,
      params: [],
    };
  },

  viewComment(place, name) {
    return {
      sql: `SELECT \`comment\` FROM ${catalog(place)}.information_schema.tables WHERE ${catalogNameIs("table_schema")} AND ${catalogNameIs("table_name")} AND table_type = 'VIEW'`,
      params: [name.schema, name.identifier],
    };
  },

  // COMMENT ON TABLE takes any relation (a view's owner sets its comment).
  setViewComment(place, name, comment) {
    return {
      sql: `COMMENT ON TABLE ${relation(place, name)} IS ${databricksStringLiteral(comment)}`,
      params: [],
    };
  },

  // No PRIMARY KEY (informational on Databricks, and it needs NOT NULL key columns): every write by key is one
  // MERGE matching the key null-safely (`<=>`). ADD COLUMNS has no IF NOT EXISTS: an upgrade reads recordColumns first
  // and adds only a column the table lacks.
  ...providerRecordStatements(recordDialect),
  recordColumns(place, schema, table) {
    return {
      sql: `SELECT column_name FROM ${catalog(place)}.information_schema.columns WHERE ${catalogNameIs("table_schema")} AND ${catalogNameIs("table_name")} ORDER BY ordinal_position`,
      params: [schema, table.name],
    };
  },
};

function columnType(type: "text" | "integer"): string {
  return type === "integer" ? "INT" : "STRING";
}

/** For tests and the warehouse class: the statement's positional values (Databricks statements never use named ones). */
export function positional(statement: Statement): readonly RecordValue[] {
  if (!Array.isArray(statement.params)) throw new Error("a Databricks statement binds positional values");
  return statement.params;
}
