/**
 * Issue 25: the statements of the BigQuery provider, in GoogleSQL, as data
 * (provider-statements.ts). Pure: no client, no connection. Written for the
 * official Node client `@google-cloud/bigquery` (docs/warehouses/bigquery.md),
 * which binds named parameters: `@p1`, `@p2`, … in the text and
 * `{ p1: …, p2: … }` as the query's `params`.
 *
 * Names (https://cloud.google.com/bigquery/docs/tables, /datasets):
 * - every part is quoted in backticks, one pair per part
 *   (`` `project`.`dataset`.`table` ``): a dot inside backticks would be
 *   read as a path separator;
 * - a dataset (ODS's schema) holds only ASCII letters, digits and
 *   underscores; a table or view name only Unicode letters, marks, numbers,
 *   connectors (`_`), dashes and spaces, up to 1,024 UTF-8 bytes; a column
 *   (the record tables' own) a letter or underscore, then letters, digits or
 *   underscores, up to 300 characters. Anything else is refused before it
 *   reaches SQL (a UserError `identifier_refused` naming the name): a
 *   backtick, a backslash, a dot, a quote can't be in a BigQuery name, so
 *   no name ever needs escaping inside its backticks;
 * - datasets and tables are case-sensitive (`Orders` and `orders` are two
 *   tables) unless a dataset was created case-insensitive
 *   (`is_case_insensitive`), which ODS does not set;
 * - the project is a project ID (6–30 lower-case letters, digits and
 *   hyphens; legacy domain-scoped IDs such as `example.com:p` are refused)
 *   and the location a multi-region or region (`US`, `EU`, `europe-west2`):
 *   catalog reads go through the region's INFORMATION_SCHEMA
 *   (`` `project`.`region-eu`.INFORMATION_SCHEMA.TABLES ``), so every place
 *   needs one (a UserError `warehouse_invalid` without it).
 *
 * Values are bound, never spliced: a NULL value is written as a typed NULL
 * (`CAST(NULL AS STRING)`), not bound, because the Node client can't infer
 * the type of a null parameter (it asks for `types`); in a WHERE it is
 * `IS NULL`. Views can't take parameters (BigQuery refuses them in a view's
 * body) and need none here.
 */

import { UserError } from "../../../errors/user-error.js";
import { identifierProblem, type QualifiedName, showName } from "../../../warehouse/names.js";
import type { RecordTable, RecordValue, WarehouseCapabilities } from "../../../warehouse/warehouse.js";
import type { RecordDialect } from "../../record-statements.js";
import { providerRecordStatements } from "../provider-record-statements.js";
import type { Place, ProviderStatements, Statement } from "../provider-statements.js";
import { decodeStringLiteral } from "./string-literal.js";

/**
 * What BigQuery can do (docs/warehouses/bigquery.md gives the sources):
 * - no transactional DDL: a multi-statement transaction takes DML and
 *   temporary tables only, never CREATE, DROP or ALTER of a permanent table
 *   or dataset, so nothing switches several pointers at once;
 * - zero-copy clones (`CREATE TABLE … CLONE`);
 * - `ALTER TABLE … RENAME TO` renames within the dataset only: a table is
 *   copied (`CREATE TABLE … COPY`) or cloned into another dataset;
 * - views are SQL, resolved by name each time they are queried;
 * - IAM policies on datasets and on single tables and views (`grants`).
 */
export const BIGQUERY_CAPABILITIES: WarehouseCapabilities = {
  engine: "bigquery",
  transactional_ddl: false,
  atomic_multi_pointer: false,
  clone: true,
  rename_across_schemas: false,
  views_bind_by: "name",
  grants: true,
  identifiers: { case_sensitive: true, max_length: 1024, length_unit: "bytes" },
};

type NameKind = "dataset" | "table" | "column";

/** What each kind of name may hold, and how the refusal says it. */
const NAME_RULES: Record<NameKind, { pattern: RegExp; says: string; maxCharacters?: number }> = {
  dataset: {
    pattern: /^[A-Za-z0-9_]+$/,
    says: "a BigQuery dataset name holds only ASCII letters, digits and underscores",
  },
  table: {
    pattern: /^[\p{L}\p{M}\p{N}\p{Pc}\p{Pd}\p{Zs}]+$/u,
    says: "a BigQuery table or view name holds only letters, marks, numbers, underscores, dashes and spaces",
  },
  column: {
    pattern: /^[A-Za-z_][A-Za-z0-9_]*$/,
    says: "a record table's column is a letter or underscore, then letters, digits or underscores",
    maxCharacters: 300,
  },
};

/** Why BigQuery can't take this name as it is, or null when it can. */
export function bigQueryNameProblem(name: string, kind: NameKind): string | null {
  const common = identifierProblem(name, BIGQUERY_CAPABILITIES.identifiers);
  if (common !== null) return common;
  if (name.includes("`")) return "it contains a backtick (it would end a quoted identifier)";
  const rule = NAME_RULES[kind];
  if (!rule.pattern.test(name)) return rule.says;
  if (rule.maxCharacters !== undefined && [...name].length > rule.maxCharacters) {
    return `it is ${[...name].length} characters long; BigQuery keeps at most ${rule.maxCharacters}`;
  }
  return null;
}

/** The name in backticks, after refusing (UserError identifier_refused) any name BigQuery can't take. */
function quote(name: string, kind: NameKind, what: string): string {
  const problem = bigQueryNameProblem(name, kind);
  if (problem !== null) {
    throw new UserError("identifier_refused", `The ${what} ${showName(name)} can't be used: ${problem}.`);
  }
  return `\`${name}\``;
}

const PLACE_HINT =
  "Name the BigQuery project by its project ID (6 to 30 lower-case letters, digits and hyphens) and the datasets' location (US, EU or a region such as europe-west2) in the warehouse URL.";

function project(place: Place): string {
  if (!/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/.test(place.database)) {
    throw new UserError(
      "warehouse_invalid",
      `The BigQuery project ${showName(place.database)} can't be used: a project ID is 6 to 30 lower-case letters, digits and hyphens, starting with a letter (domain-scoped IDs are not supported).`,
      { hint: PLACE_HINT },
    );
  }
  return `\`${place.database}\``;
}

function location(place: Place): string {
  const given = place.location;
  if (given === undefined || !/^[A-Za-z]+(?:-[A-Za-z0-9]+)*$/.test(given)) {
    throw new UserError(
      "warehouse_invalid",
      given === undefined
        ? `The BigQuery project ${showName(place.database)} has no location: ODS reads the catalog of one location (US, EU or a region).`
        : `The BigQuery location ${showName(given)} can't be used: a location is a multi-region (US, EU) or a region (europe-west2).`,
      { hint: PLACE_HINT },
    );
  }
  return given;
}

/** The location's INFORMATION_SCHEMA view, e.g. `` `p`.`region-eu`.INFORMATION_SCHEMA.TABLES ``. */
function catalogView(
  place: Place,
  view: "SCHEMATA" | "TABLES" | "TABLE_OPTIONS" | "COLUMN_FIELD_PATHS" | "ROW_ACCESS_POLICIES",
): string {
  return `${project(place)}.\`region-${location(place).toLowerCase()}\`.INFORMATION_SCHEMA.${view}`;
}

function datasetName(place: Place, dataset: string, what = "schema"): string {
  return `${project(place)}.${quote(dataset, "dataset", what)}`;
}

function relation(place: Place, name: QualifiedName, what = "relation name"): string {
  return `${project(place)}.${quote(name.schema, "dataset", "schema")}.${quote(name.identifier, "table", what)}`;
}

function recordTable(place: Place, schema: string, table: RecordTable): string {
  return relation(place, { schema, identifier: table.name }, "record table");
}

function column(name: string): string {
  return quote(name, "column", "column");
}

function columnType(type: "text" | "integer"): "STRING" | "INT64" {
  return type === "integer" ? "INT64" : "STRING";
}

/** Named parameters in order of use: `@p1`, `@p2`, … */
class Params {
  readonly values: Record<string, RecordValue> = {};
  private count = 0;

  bind(value: string | number): string {
    this.count += 1;
    this.values[`p${this.count}`] = value;
    return `@p${this.count}`;
  }
}

function statement(sql: string, params: Params | null = null): Statement {
  return { sql, params: params?.values ?? {} };
}

function sameRelation(a: QualifiedName, b: QualifiedName): boolean {
  return a.schema === b.schema && a.identifier === b.identifier;
}

/**
 * The record tables in `place` (record-statements.ts): named `@pN`
 * parameters, a null written as a typed NULL (the client can't type a null
 * parameter), WHERE TRUE for an unconditional UPDATE or DELETE, one MERGE per
 * upsert.
 */
function recordDialect(place: Place): RecordDialect {
  return {
    table: (schema, table) => recordTable(place, schema, table),
    column,
    type: columnType,
    placeholders: "named",
    typedNulls: true,
    primaryKey: false,
    addColumn: "if-not-exists",
    whereTrue: true,
    upsert: {
      kind: "merge",
      verb: "MERGE",
      target: "target",
      source: "source",
      castSource: false,
      keyMatch: "is-null",
      qualifySet: false,
    },
  };
}

export const BIGQUERY_STATEMENTS: ProviderStatements = {
  dialect: "bigquery",
  capabilities: BIGQUERY_CAPABILITIES,
  identifiers: BIGQUERY_CAPABILITIES.identifiers,

  qualified: (place, name) => relation(place, name),

  listSchemas: (place) =>
    statement(`SELECT schema_name FROM ${catalogView(place, "SCHEMATA")} ORDER BY schema_name`),

  listObjects(place, schemas) {
    const params = new Params();
    const wanted = schemas.map((schema) => {
      quote(schema, "dataset", "schema");
      return params.bind(schema);
    });
    const filter = wanted.length === 0 ? "FALSE" : `table_schema IN (${wanted.join(", ")})`;
    return statement(
      `SELECT table_schema AS schema_name, table_name AS name, table_type AS kind FROM ${catalogView(place, "TABLES")} WHERE ${filter} ORDER BY schema_name, name`,
      params,
    );
  },
  objectRows: { schema: "schema_name", name: "name", kind: "kind" },
  /** A clone is a table of its own (`CLONE`); snapshots (read-only), materialized views and external tables are not ODS's. */
  objectKind(catalogKind) {
    const kind = catalogKind.toUpperCase();
    if (kind === "BASE TABLE" || kind === "CLONE") return "table";
    if (kind === "VIEW") return "view";
    return null;
  },

  createSchema(place, schema) {
    const params = new Params();
    const where = params.bind(location(place));
    return statement(
      `CREATE SCHEMA IF NOT EXISTS ${datasetName(place, schema)} OPTIONS (location = ${where})`,
      params,
    );
  },
  /** RESTRICT (BigQuery's default, written out): a dataset holding anything is not dropped. */
  dropSchema: (place, schema) => statement(`DROP SCHEMA IF EXISTS ${datasetName(place, schema)} RESTRICT`),

  createView(place, at, reads, replace) {
    if (sameRelation(at, reads)) {
      throw new UserError(
        "environment_overlaps_prod",
        `A pointer view at ${at.schema}.${at.identifier} would read itself.`,
      );
    }
    const verb = replace ? "CREATE OR REPLACE VIEW" : "CREATE VIEW";
    return statement(`${verb} ${relation(place, at)} AS SELECT * FROM ${relation(place, reads)}`);
  },
  dropTable: (place, name) => statement(`DROP TABLE IF EXISTS ${relation(place, name)}`),
  dropView: (place, name) => statement(`DROP VIEW IF EXISTS ${relation(place, name)}`),
  /** The new name is the table's name only: BigQuery renames within the dataset. */
  renameTable: (place, from, to) =>
    statement(`ALTER TABLE ${relation(place, from)} RENAME TO ${quote(to, "table", "relation name")}`),
  moveTable: () => null,
  /** DROP SCHEMA … RESTRICT refuses a dataset that holds anything (routines and models too). */
  otherObjects: () => null,
  /** BigQuery has no COPY GRANTS: `copyGrants` can't be honoured and changes nothing (docs/warehouses/bigquery.md, grants). */
  cloneTable(place, source, target, options) {
    const verb = options.replace ? "CREATE OR REPLACE TABLE" : "CREATE TABLE";
    return statement(`${verb} ${relation(place, target)} CLONE ${relation(place, source)}`);
  },
  /** A full copy with the source's schema, partitioning, clustering and options (not a query's result). */
  copyTable: (place, source, target) =>
    statement(`CREATE TABLE ${relation(place, target)} COPY ${relation(place, source)}`),
  clonesAreIndependent: true,
  /** A table clone is independent of its base table once made. What OR REPLACE keeps of the replaced table's policies is replaceBlockers' question (docs/warehouses/bigquery.md, grants). */
  replaceFrom: (place, target, source) =>
    statement(`CREATE OR REPLACE TABLE ${relation(place, target)} CLONE ${relation(place, source)}`),
  /**
   * What `replaceFrom` loses (docs/warehouses/bigquery.md, grants): a clone
   * takes the row-level access policies and the columns' policy tags of the
   * table it clones, so the replaced table's own are gone; its table-level
   * IAM is kept (a clone that overwrites a table keeps that table's access).
   * Both views are read at the location, for every dataset at once.
   */
  replaceLosses(place, targets) {
    const params = new Params();
    const match = () =>
      targets.length === 0
        ? "FALSE"
        : targets
            .map((target) => {
              relation(place, target);
              return `(table_schema = ${params.bind(target.schema)} AND table_name = ${params.bind(target.identifier)})`;
            })
            .join(" OR ");
    const tags = `SELECT table_schema AS schema_name, table_name, 'policy_tag' AS loss, CONCAT(field_path, ': ', tag) AS detail FROM ${catalogView(place, "COLUMN_FIELD_PATHS")} CROSS JOIN UNNEST(policy_tags) AS tag WHERE ${match()}`;
    const rows = `SELECT table_schema AS schema_name, table_name, 'row_access_policy' AS loss, row_access_policy_name AS detail FROM ${catalogView(place, "ROW_ACCESS_POLICIES")} WHERE ${match()}`;
    return statement(`${tags} UNION ALL ${rows}`, params);
  },
  /** No future grants: a table gets its dataset's roles however it got there. */
  futureGrants: () => null,
  /** A view's reader needs read access to the tables it reads (ODS never authorizes a view on prod's dataset). */
  viewsReadAs: "reader",
  /** Row-level access policies and the columns' policy tags (as replaceLosses reads them). */
  readControls(place, tables) {
    const params = new Params();
    const match = () =>
      tables.length === 0
        ? "FALSE"
        : tables
            .map((table) => {
              relation(place, table);
              return `(table_schema = ${params.bind(table.schema)} AND table_name = ${params.bind(table.identifier)})`;
            })
            .join(" OR ");
    const tags = `SELECT table_schema AS schema_name, table_name, 'policy_tag' AS control, CONCAT('policy tag ', tag, ' on ', field_path) AS detail FROM ${catalogView(place, "COLUMN_FIELD_PATHS")} CROSS JOIN UNNEST(policy_tags) AS tag WHERE ${match()}`;
    const rows = `SELECT table_schema AS schema_name, table_name, 'row_access_policy' AS control, CONCAT('row access policy ', row_access_policy_name) AS detail FROM ${catalogView(place, "ROW_ACCESS_POLICIES")} WHERE ${match()}`;
    return statement(`${tags} UNION ALL ${rows}`, params);
  },
  objectGrants: () => null,
  swapTables: () => null,

  /** The description, as TABLE_OPTIONS shows it (a GoogleSQL string literal); a table without one gives a NULL. */
  tableComment(place, name) {
    const params = new Params();
    relation(place, name);
    const schema = params.bind(name.schema);
    const table = params.bind(name.identifier);
    return statement(
      `SELECT opt.option_value AS comment FROM ${catalogView(place, "TABLES")} AS tbl LEFT JOIN ${catalogView(place, "TABLE_OPTIONS")} AS opt ON opt.table_schema = tbl.table_schema AND opt.table_name = tbl.table_name AND opt.option_name = 'description' WHERE tbl.table_schema = ${schema} AND tbl.table_name = ${table} AND tbl.table_type IN ('BASE TABLE', 'CLONE')`,
      params,
    );
  },
  commentFromCatalog: decodeStringLiteral,

  setTableComment(place, name, comment) {
    const params = new Params();
    const target = relation(place, name);
    return statement(`ALTER TABLE ${target} SET OPTIONS (description = ${params.bind(comment)})`, params);
  },

  /** A view's description, as tableComment reads a table's (TABLES lists views as table_type VIEW). */
  viewComment(place, name) {
    const params = new Params();
    relation(place, name);
    const schema = params.bind(name.schema);
    const table = params.bind(name.identifier);
    return statement(
      `SELECT opt.option_value AS comment FROM ${catalogView(place, "TABLES")} AS tbl LEFT JOIN ${catalogView(place, "TABLE_OPTIONS")} AS opt ON opt.table_schema = tbl.table_schema AND opt.table_name = tbl.table_name AND opt.option_name = 'description' WHERE tbl.table_schema = ${schema} AND tbl.table_name = ${table} AND tbl.table_type = 'VIEW'`,
      params,
    );
  },

  setViewComment(place, name, comment) {
    const params = new Params();
    const target = relation(place, name);
    return statement(`ALTER VIEW ${target} SET OPTIONS (description = ${params.bind(comment)})`, params);
  },

  // No key constraint: BigQuery's keys are NOT ENFORCED and the optimizer may trust them (a duplicate would then
  // give wrong answers silently); upsertRecord's MERGE keeps a key to one row.
  ...providerRecordStatements(recordDialect),
  // ADD COLUMN IF NOT EXISTS skips a column the table has: an upgrade needn't read them first.
  recordColumns: () => null,
};
