/**
 * Issue 25: the SQL a cloud warehouse provider (Snowflake, BigQuery,
 * Databricks) emits for each operation of the warehouse contract
 * (src/warehouse/warehouse.ts), as data: one statement per call, its text in the
 * provider's dialect and its values as bound parameters, never spliced in.
 * Pure: no client, no connection. The provider's warehouse class (not yet
 * built) runs these through the vendor's client, and the conformance suite
 * runs them against a simulation of the warehouse on DuckDB; the golden
 * tests fix every statement's text and a real parser reads each one in the
 * provider's dialect (test/env/providers/).
 *
 * Identifiers are quoted by the provider (its quote character, the quote
 * doubled or refused as its rules say) after `checkIdentifier` (names.ts).
 * A name is qualified by the provider's containers: Snowflake
 * database.schema.object, BigQuery project.dataset.table, Databricks
 * catalog.schema.table; `Place` says which database (catalog, project) the
 * environment's schemas live in.
 */
import type { IdentifierRules, QualifiedName } from "../../warehouse/names.js";
import type {
  RecordRow,
  RecordTable,
  RecordValue,
  WarehouseCapabilities,
} from "../../warehouse/warehouse.js";

/** One statement: its text, with the provider's placeholders, and the values bound to them in order (or by name). */
export interface Statement {
  readonly sql: string;
  /** Positional values (`?` placeholders: Snowflake, Databricks) or named ones (`@name`: BigQuery). */
  readonly params: readonly RecordValue[] | Readonly<Record<string, RecordValue>>;
}

/** The database (Snowflake), project (BigQuery) or catalog (Databricks) the schemas are in. */
export interface Place {
  readonly database: string;
  /** BigQuery: the dataset location (`US`, `EU`, a region); absent elsewhere. */
  readonly location?: string;
}

/**
 * What replacing a prod table (`replaceFrom`) would lose of it, as the
 * vendor's catalog shows it (replaceLosses' `loss` column):
 * - `owner`: the replacement would be owned by the connected role, not the
 *   replaced table's owner (Snowflake; `detail`: the owner);
 * - `policy`: a row access, masking, projection or aggregation policy on
 *   the table or a column (Snowflake; `detail`: kind, name, column);
 * - `row_access_policy`, `policy_tag`: a row-level access policy, a
 *   column's policy tag (BigQuery; `detail`: its name, `column: tag`);
 * - `row_filter`: a row filter (Databricks; `detail`: the function).
 */
export const REPLACE_LOSSES = ["owner", "policy", "row_access_policy", "policy_tag", "row_filter"] as const;
export type ReplaceLoss = (typeof REPLACE_LOSSES)[number];

/** Columns of a list query, as the provider's statement names them. */
export interface ObjectRowShape {
  /** The column holding the schema, the object's name and its kind (`table` or `view` after `objectKind`). */
  readonly schema: string;
  readonly name: string;
  readonly kind: string;
}

export interface ProviderStatements {
  /** The parser dialect the statements are written in (@polyglot-sql/sdk's name). */
  readonly dialect: "snowflake" | "bigquery" | "databricks";
  /** What the provider can do (ADR-0028 rule 1), as the warehouse contract declares it. */
  readonly capabilities: WarehouseCapabilities;
  readonly identifiers: IdentifierRules;

  /** The quoted, qualified name of a relation in `place`. */
  qualified(place: Place, name: QualifiedName): string;

  // Catalog reads.
  /** Schema names of `place`, one row each, in a column named `schema_name`. */
  listSchemas(place: Place): Statement;
  /** Tables and views of these schemas: rows with `ObjectRowShape`'s columns. */
  listObjects(place: Place, schemas: readonly string[]): Statement;
  readonly objectRows: ObjectRowShape;
  /** Maps the catalog's kind (`BASE TABLE`, `VIEW`, `MANAGED`, …) to `table`, `view`, or null (anything else: not ODS's). */
  objectKind(catalogKind: string): "table" | "view" | null;

  // Schemas and pointers.
  createSchema(place: Place, schema: string): Statement;
  /**
   * The objects of `schema` that listObjects' catalog doesn't list (rows
   * with `kind` and `name`), where the provider's DROP SCHEMA would drop
   * them with the schema (Snowflake: sequences, stages, functions,
   * procedures, file formats, pipes); null where DROP SCHEMA … RESTRICT
   * refuses a schema that holds anything (BigQuery, Databricks).
   */
  otherObjects(place: Place, schema: string): Statement | null;
  /** Drops the schema if it exists, and only when it is empty (never CASCADE). */
  dropSchema(place: Place, schema: string): Statement;
  /** A view at `at` reading every column of `reads`; `replace` replaces a view already there (never a table). */
  createView(place: Place, at: QualifiedName, reads: QualifiedName, replace: boolean): Statement;
  dropTable(place: Place, name: QualifiedName): Statement;
  dropView(place: Place, name: QualifiedName): Statement;
  /** Renames a table within its schema. */
  renameTable(place: Place, from: QualifiedName, to: string): Statement;
  /** Moves a table to another schema without copying, or null where the provider cannot. */
  moveTable(place: Place, from: QualifiedName, to: QualifiedName): Statement | null;
  /** A zero-copy clone of `source` at `target` (Snowflake CLONE, BigQuery CLONE, Databricks SHALLOW CLONE); `copyGrants` keeps a replaced table's grants where the provider can (Snowflake COPY GRANTS). */
  cloneTable(
    place: Place,
    source: QualifiedName,
    target: QualifiedName,
    /** `transient`: the clone is a transient table (Snowflake, for a transient source; elsewhere ignored). */
    options: { replace: boolean; copyGrants: boolean; transient?: boolean },
  ): Statement;
  /** A full copy of `source` at `target` (CREATE TABLE … AS SELECT or the provider's COPY). */
  copyTable(place: Place, source: QualifiedName, target: QualifiedName): Statement;
  /**
   * Whether a clone stands on its own once made (Snowflake, BigQuery: a
   * clone shares storage but no later change or drop of its source reaches
   * it) or reads its source's data files (Databricks' SHALLOW CLONE: a
   * VACUUM or drop of the source can leave the clone unreadable). Where it
   * does not, a table that must outlive its source (the copy a promotion
   * keeps of the prod table it replaces) is a full copy.
   */
  readonly clonesAreIndependent: boolean;
  /**
   * One statement that puts a table standing on its own, with the rows of
   * `source`, under `target`'s name, replacing the table there (readers see
   * the old table or the new, never no table), and keeping what is granted
   * on the replaced table where the vendor can (Snowflake `CREATE OR REPLACE
   * TABLE … CLONE … COPY GRANTS`; BigQuery `CREATE OR REPLACE TABLE … CLONE`;
   * Databricks `CREATE OR REPLACE TABLE … DEEP CLONE`, since a shallow clone
   * would read the source's files after the source is dropped). `transient`
   * (Snowflake, where listObjects' `transient` says the source is): the new
   * table is transient too, since Snowflake clones a transient table only
   * as a transient one.
   */
  replaceFrom(
    place: Place,
    target: QualifiedName,
    source: QualifiedName,
    options?: { readonly transient?: boolean },
  ): Statement;
  /**
   * For these prod tables (each one there), what `replaceFrom` would lose of
   * each: one row per loss, in columns `schema_name`, `table_name`, `loss`
   * (a ReplaceLoss) and `detail`; a table with nothing to lose has no row.
   * What the vendor keeps on its own (Snowflake's COPY GRANTS, BigQuery's
   * table-level IAM on an overwriting clone, Databricks' table identity) is
   * not read (docs/warehouses/<vendor>.md, grants).
   */
  replaceLosses(place: Place, targets: readonly QualifiedName[]): Statement;
  /**
   * The future grants a table created in `schema` (null: anywhere in the
   * database) would get, which a table moved or renamed in does not:
   * Snowflake's `SHOW FUTURE GRANTS IN SCHEMA | DATABASE`, rows with
   * `privilege`, `grant_on` (`TABLE`, `VIEW`, …) and `grantee_name`. Null
   * where the vendor has none (BigQuery and Databricks: a table gets what
   * its dataset or schema grants wherever it came from).
   */
  futureGrants(place: Place, schema: string | null): Statement | null;
  /**
   * Whose rights a view reads its relations with (docs/environments.md,
   * "Access is never widened"): `owner` (Snowflake, Databricks Unity
   * Catalog: a reader needs SELECT on the view only, and the view reads
   * with its owner's, the CI role's, privileges) or `reader` (BigQuery: a
   * reader needs read access to the tables the view reads, unless the view
   * is authorized on their dataset, which ODS never makes it).
   */
  readonly viewsReadAs: "owner" | "reader";
  /**
   * What limits reading each of these prod tables beyond table privileges,
   * as the vendor's catalog shows it: one row per control, in columns
   * `schema_name`, `table_name`, `control` (a ReadControl kind: Snowflake
   * `policy`, BigQuery `row_access_policy` and `policy_tag`, Databricks
   * `row_filter` and `column_mask`) and `detail`; a table without any has no
   * row. A clone or an owner's-rights view of a table with any is refused.
   */
  readControls(place: Place, tables: readonly QualifiedName[]): Statement;
  /**
   * The privileges granted on a relation (Snowflake `SHOW GRANTS ON TABLE |
   * VIEW`: rows with `privilege` and `grantee_name`), to tell whether a role
   * that future grants would give a new object in an environment can read
   * prod's relation; null where the vendor has no future grants.
   */
  objectGrants(place: Place, name: QualifiedName, kind: "table" | "view"): Statement | null;
  /** Swaps two tables' names in one atomic statement (Snowflake `ALTER TABLE … SWAP WITH`), or null where there is none. */
  swapTables(place: Place, a: QualifiedName, b: QualifiedName): Statement | null;

  // Identity: the mark a promotion leaves in a table's comment (as the DuckDB adapter does).
  /** The table's comment, in a column named `comment` (no row: no such table). */
  tableComment(place: Place, name: QualifiedName): Statement;
  /**
   * The comment as text, from the value `tableComment` read, where the
   * catalog shows it encoded (BigQuery's TABLE_OPTIONS: a GoogleSQL string
   * literal); null when the value can't be read. Absent: the value is the text.
   */
  commentFromCatalog?(value: string): string | null;
  /** Sets the table's comment: the value bound where the provider's DDL takes parameters, else a string literal escaped by the provider's rules (Databricks: DDL takes no parameter marker). */
  setTableComment(place: Place, name: QualifiedName, comment: string): Statement;
  /** The view's comment, in a column named `comment` (no row: no such view), shown as `tableComment` shows a table's. */
  viewComment(place: Place, name: QualifiedName): Statement;
  /** Sets the view's comment, as `setTableComment` sets a table's (the identity of a view an environment created). */
  setViewComment(place: Place, name: QualifiedName, comment: string): Statement;

  // The registry's record tables (src/environment/registry/): each vendor builds them with src/drivers/record-statements.ts.
  createRecordTable(place: Place, schema: string, table: RecordTable): Statement;
  /** Adds a column the record table lacks (an upgrade). */
  addRecordColumn(place: Place, schema: string, table: RecordTable, column: string): Statement;
  /**
   * The record table's columns, one row each in a column named
   * `column_name`, where addRecordColumn fails on a column the table has
   * (Databricks: ADD COLUMNS has no IF NOT EXISTS), so an upgrade adds only
   * the missing ones; null where addRecordColumn skips one (ADD COLUMN IF
   * NOT EXISTS).
   */
  recordColumns(place: Place, schema: string, table: RecordTable): Statement | null;
  selectRecords(place: Place, schema: string, table: RecordTable, where: RecordRow): Statement;
  insertRecord(place: Place, schema: string, table: RecordTable, row: RecordRow): Statement;
  /** Updates the row with the same key or inserts it, in one statement (MERGE). */
  upsertRecord(place: Place, schema: string, table: RecordTable, row: RecordRow): Statement;
  updateRecords(
    place: Place,
    schema: string,
    table: RecordTable,
    set: RecordRow,
    where: RecordRow,
  ): Statement;
  deleteRecords(place: Place, schema: string, table: RecordTable, where: RecordRow): Statement;
}
