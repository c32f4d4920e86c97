/**
 * Snowflake's statements for the warehouse contract (issue 25), as data: no
 * client, no I/O. Meant for the `snowflake-sdk` Node client, which binds
 * positional `?` placeholders from an array (`connection.execute({ sqlText,
 * binds })`); every value here is such a parameter, with one exception
 * (setTableComment, below).
 *
 * Names. Every identifier is double-quoted, so Snowflake keeps it exactly as
 * given and compares it case-sensitively (`"orders"` and `"ORDERS"` are two
 * tables); an unquoted name is stored upper-cased (`storedName` says how a
 * name dbt writes unquoted is stored). The names given here are already in
 * that stored form (src/warehouse/stored-names.ts: dbt-snowflake's default quoting
 * writes `analytics.orders`, which is `"ANALYTICS"."ORDERS"`), so a quoted
 * name is the object dbt writes and reads. At most 255 characters, quoted or
 * not. Snowflake would take a double quote doubled inside a quoted name, but
 * ODS refuses it with the other names no quoting should have to carry
 * (names.ts). Every relation is named in full, database.schema.object,
 * pointer views' reads included: a partially qualified name in a view
 * resolves against the session or the view's own schema.
 * `SNOWFLAKE_SESSION_SETUP` keeps quoted names case-sensitive in a session
 * whose account set QUOTED_IDENTIFIERS_IGNORE_CASE.
 *
 * What Snowflake can and can't do (docs/warehouses/snowflake.md, with the
 * documentation each point rests on):
 * - every DDL statement commits on its own (it ends any open transaction):
 *   no transactional DDL, no multi-object switch; `ALTER TABLE … SWAP WITH`
 *   switches two tables' names atomically, one pair per statement;
 * - zero-copy `CREATE TABLE … CLONE`, whose COPY GRANTS copies the source
 *   table's grants to a new table and, with OR REPLACE over a table, the
 *   replaced table's (all but OWNERSHIP; replaceLosses reads what is lost:
 *   the owner, the policies); a clone is expected to copy
 *   the source's comment, and with it a promotion's mark (the warehouse
 *   class marks a clone anew). A transient table is cloned as a transient
 *   one, as dbt-snowflake's clone macro does (dbt builds transient tables
 *   by default; Snowflake refuses to clone a temporary table into a
 *   permanent one, and a transient source is expected to be refused the
 *   same way), so cloneTable takes `transient` beyond the shared options,
 *   and listObjects says which tables are (`transient`: YES or NO);
 * - `ALTER TABLE … RENAME TO db.other_schema.name` moves a table across
 *   schemas without copying (the same object: its grants should follow;
 *   not confirmed in the documentation read);
 * - views are stored as SQL and resolve names when queried (bind by name);
 * - tables and views have owners and grants (`grants: true`);
 * - `DROP SCHEMA … RESTRICT` only refuses when foreign keys reference the
 *   schema's tables: it drops a schema that holds tables. "Only when empty"
 *   is the warehouse class's check (list the schema first). Likewise
 *   `DROP TABLE` doesn't refuse when views read the table (Snowflake tracks
 *   no view dependencies): the views fail when next queried.
 */
import { UserError } from "../../../errors/user-error.js";
import {
  type IdentifierRules,
  type QualifiedName,
  quoteIdentifier,
  sameQualified,
  showQualified,
} from "../../../warehouse/names.js";
import { storedPart } from "../../../warehouse/stored-names.js";
import type { RecordValue, WarehouseCapabilities } from "../../../warehouse/warehouse.js";
import type { RecordDialect } from "../../record-statements.js";
import { providerRecordStatements } from "../provider-record-statements.js";
import type { Place, ProviderStatements, Statement } from "../provider-statements.js";

/** cloneTable's options on Snowflake: the shared ones, and whether the clone is a transient table. */
export interface SnowflakeCloneOptions {
  replace: boolean;
  copyGrants: boolean;
  /** `CREATE TRANSIENT TABLE … CLONE`: needed when the source is transient (listObjects' `transient` column). */
  transient?: boolean;
}

export const SNOWFLAKE_IDENTIFIERS: IdentifierRules = {
  case_sensitive: true,
  max_length: 255,
  length_unit: "characters",
};

export const SNOWFLAKE_CAPABILITIES: WarehouseCapabilities = {
  engine: "snowflake",
  transactional_ddl: false,
  atomic_multi_pointer: false,
  clone: true,
  rename_across_schemas: true,
  views_bind_by: "name",
  grants: true,
  identifiers: SNOWFLAKE_IDENTIFIERS,
};

/**
 * Run once per session before anything else: quoted names stay
 * case-sensitive even where the account set QUOTED_IDENTIFIERS_IGNORE_CASE
 * (which would fold `"orders"` to ORDERS and make mixed-case names collide).
 */
export const SNOWFLAKE_SESSION_SETUP: readonly Statement[] = [
  { sql: "ALTER SESSION SET QUOTED_IDENTIFIERS_IGNORE_CASE = FALSE", params: [] },
];

/**
 * The name Snowflake stores for `name` as dbt writes it: as it is when dbt
 * quotes it, upper-cased when dbt writes it unquoted (dbt-snowflake's
 * default). A name that can't be written unquoted is refused
 * (identifier_refused): Snowflake would not take it either. The environment
 * lifecycle turns dbt's names into these (src/warehouse/stored-names.ts) before
 * any statement here quotes them.
 */
export function storedName(name: string, quoted: boolean, what = "name"): string {
  return storedPart("snowflake", name, quoted, what);
}

function q(name: string, what: string): string {
  return quoteIdentifier(name, SNOWFLAKE_IDENTIFIERS, what);
}

function qualified(place: Place, name: QualifiedName): string {
  return `${q(place.database, "database")}.${q(name.schema, "schema")}.${q(name.identifier, "relation name")}`;
}

function schemaName(place: Place, schema: string, what = "schema"): string {
  return `${q(place.database, "database")}.${q(schema, what)}`;
}

function informationSchema(place: Place, view: "SCHEMATA" | "TABLES"): string {
  return `${q(place.database, "database")}.INFORMATION_SCHEMA.${view}`;
}

function column(name: string): string {
  return q(name, "column");
}

/**
 * A string literal, for the one place Snowflake takes no bind variable: the
 * text of a comment in DDL. Inside single quotes Snowflake reads backslash
 * escapes (`\'`, `\\`, `\n`, …) and a doubled quote; both are escaped, so
 * the literal holds exactly `text`.
 */
function stringLiteral(text: string): string {
  return `'${text.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
}

/** The record tables in `place` (record-statements.ts): `?` placeholders, an informational PRIMARY KEY, one MERGE per upsert. */
function recordDialect(place: Place): RecordDialect {
  return {
    table: (schema, table) =>
      `${schemaName(place, schema, "metadata schema")}.${q(table.name, "record table")}`,
    column,
    type: (type) => (type === "integer" ? "NUMBER(38, 0)" : "VARCHAR"),
    placeholders: "question",
    typedNulls: false,
    primaryKey: true,
    addColumn: "if-not-exists",
    whereTrue: false,
    upsert: {
      kind: "merge",
      verb: "MERGE INTO",
      target: '"t"',
      source: '"s"',
      castSource: true,
      keyMatch: "is-null",
      qualifySet: false,
    },
  };
}

export const SNOWFLAKE_STATEMENTS = {
  dialect: "snowflake",
  capabilities: SNOWFLAKE_CAPABILITIES,
  identifiers: SNOWFLAKE_IDENTIFIERS,

  qualified,

  // INFORMATION_SCHEMA lists what the session's role may see, case as stored; INFORMATION_SCHEMA itself is left out.
  listSchemas(place) {
    return {
      sql: `SELECT schema_name AS "schema_name" FROM ${informationSchema(place, "SCHEMATA")} WHERE schema_name <> 'INFORMATION_SCHEMA' ORDER BY 1`,
      params: [],
    };
  },

  listObjects(place, schemas) {
    for (const schema of schemas) q(schema, "schema");
    const filter = schemas.length === 0 ? "1 = 0" : `table_schema IN (${schemas.map(() => "?").join(", ")})`;
    return {
      sql: `SELECT table_schema AS "schema", table_name AS "name", table_type AS "kind", is_transient AS "transient" FROM ${informationSchema(place, "TABLES")} WHERE ${filter} ORDER BY 1, 2`,
      params: [...schemas],
    };
  },

  objectRows: { schema: "schema", name: "name", kind: "kind" },

  // BASE TABLE covers permanent and transient tables; temporary, external, event tables and materialized views are not ODS's.
  objectKind(catalogKind) {
    if (catalogKind === "BASE TABLE") return "table";
    if (catalogKind === "VIEW") return "view";
    return null;
  },

  createSchema(place, schema) {
    return { sql: `CREATE SCHEMA IF NOT EXISTS ${schemaName(place, schema)}`, params: [] };
  },

  // What INFORMATION_SCHEMA.TABLES doesn't list and DROP SCHEMA would drop with the schema.
  otherObjects(place, schema) {
    q(schema, "schema");
    const views = ["SEQUENCE", "STAGE", "FUNCTION", "PROCEDURE", "FILE_FORMAT", "PIPE"];
    return {
      sql: `${views
        .map(
          (kind) =>
            `SELECT '${kind.replace("_", " ")}' AS "kind", ${kind}_NAME AS "name" FROM ${q(place.database, "database")}.INFORMATION_SCHEMA.${kind}S WHERE ${kind}_SCHEMA = ?`,
        )
        .join(" UNION ALL ")} ORDER BY 1, 2`,
      params: views.map(() => schema),
    };
  },

  // RESTRICT refuses only over foreign keys (Snowflake's default is CASCADE): see the header.
  dropSchema(place, schema) {
    return { sql: `DROP SCHEMA IF EXISTS ${schemaName(place, schema)} RESTRICT`, params: [] };
  },

  // CREATE OR REPLACE VIEW fails where a table has the name. COPY GRANTS keeps the replaced view's grants.
  createView(place, at, reads, replace) {
    if (sameQualified(at, reads, SNOWFLAKE_IDENTIFIERS)) {
      throw new UserError(
        "environment_overlaps_prod",
        `A pointer view at ${showQualified(at)} would read itself.`,
      );
    }
    const verb = replace ? "CREATE OR REPLACE VIEW" : "CREATE VIEW";
    const grants = replace ? " COPY GRANTS" : "";
    return {
      sql: `${verb} ${qualified(place, at)}${grants} AS SELECT * FROM ${qualified(place, reads)}`,
      params: [],
    };
  },

  dropTable(place, name) {
    return { sql: `DROP TABLE IF EXISTS ${qualified(place, name)} RESTRICT`, params: [] };
  },

  dropView(place, name) {
    return { sql: `DROP VIEW IF EXISTS ${qualified(place, name)}`, params: [] };
  },

  // The new name is qualified in full: an unqualified one would be resolved in the session's schema.
  renameTable(place, from, to) {
    return {
      sql: `ALTER TABLE ${qualified(place, from)} RENAME TO ${qualified(place, { schema: from.schema, identifier: to })}`,
      params: [],
    };
  },

  moveTable(place, from, to) {
    return { sql: `ALTER TABLE ${qualified(place, from)} RENAME TO ${qualified(place, to)}`, params: [] };
  },

  cloneTable(place: Place, source: QualifiedName, target: QualifiedName, options: SnowflakeCloneOptions) {
    const table = options.transient ? "TRANSIENT TABLE" : "TABLE";
    const verb = options.replace ? `CREATE OR REPLACE ${table}` : `CREATE ${table}`;
    const grants = options.copyGrants ? " COPY GRANTS" : "";
    return {
      sql: `${verb} ${qualified(place, target)} CLONE ${qualified(place, source)}${grants}`,
      params: [],
    };
  },

  // Columns and types, not constraints, clustering or comment: where Snowflake can, ODS clones instead.
  copyTable(place, source, target) {
    return {
      sql: `CREATE TABLE ${qualified(place, target)} AS SELECT * FROM ${qualified(place, source)}`,
      params: [],
    };
  },

  clonesAreIndependent: true,

  // COPY GRANTS with OR REPLACE: the new table takes the replaced table's grants (all but OWNERSHIP).
  replaceFrom(place, target, source, options = {}) {
    const table = options.transient ? "TRANSIENT TABLE" : "TABLE";
    return {
      sql: `CREATE OR REPLACE ${table} ${qualified(place, target)} CLONE ${qualified(place, source)} COPY GRANTS`,
      params: [],
    };
  },

  /**
   * What `replaceFrom` loses (docs/warehouses/snowflake.md, grants): COPY
   * GRANTS keeps every privilege of the replaced table but OWNERSHIP (the
   * new table is the connected role's), and a clone takes the policies of
   * the table it clones, not of the one it replaces. So: the owner, where it
   * is not CURRENT_ROLE(), from INFORMATION_SCHEMA.TABLES; and every policy
   * POLICY_REFERENCES shows on each table (one call a table, its name bound
   * as the fully quoted string the function takes).
   */
  replaceLosses(place, targets) {
    const params: RecordValue[] = [];
    const match = targets.map((target) => {
      q(target.schema, "schema");
      q(target.identifier, "relation name");
      params.push(target.schema, target.identifier);
      return "(table_schema = ? AND table_name = ?)";
    });
    const owners = `SELECT table_schema AS "schema_name", table_name AS "table_name", 'owner' AS "loss", table_owner AS "detail" FROM ${informationSchema(place, "TABLES")} WHERE table_type = 'BASE TABLE' AND (${match.length === 0 ? "1 = 0" : match.join(" OR ")}) AND table_owner IS DISTINCT FROM CURRENT_ROLE()`;
    const policies = targets.map((target) => {
      params.push(target.schema, target.identifier, qualified(place, target));
      return `SELECT ? AS "schema_name", ? AS "table_name", 'policy' AS "loss", policy_kind || ' ' || policy_db || '.' || policy_schema || '.' || policy_name || COALESCE(' on column ' || ref_column_name, '') AS "detail" FROM TABLE(${q(place.database, "database")}.INFORMATION_SCHEMA.POLICY_REFERENCES(REF_ENTITY_NAME => ?, REF_ENTITY_DOMAIN => 'table'))`;
    });
    return { sql: [owners, ...policies].join(" UNION ALL "), params };
  },

  // SHOW takes no bind variable: the names are quoted identifiers, as in DDL.
  futureGrants(place, schema) {
    const scope =
      schema === null ? `DATABASE ${q(place.database, "database")}` : `SCHEMA ${schemaName(place, schema)}`;
    return { sql: `SHOW FUTURE GRANTS IN ${scope}`, params: [] };
  },

  // Views read with their owner's rights; a policy is evaluated for the querying role, but INVOKER_ROLE() sees the view's owner.
  viewsReadAs: "owner",

  /** Every policy POLICY_REFERENCES shows on each table (one call a table, its name bound as the function takes it). */
  readControls(place, tables) {
    const params: RecordValue[] = [];
    const parts = tables.map((table) => {
      params.push(table.schema, table.identifier, qualified(place, table));
      return `SELECT ? AS "schema_name", ? AS "table_name", 'policy' AS "control", policy_kind || ' ' || policy_db || '.' || policy_schema || '.' || policy_name || COALESCE(' on column ' || ref_column_name, '') AS "detail" FROM TABLE(${q(place.database, "database")}.INFORMATION_SCHEMA.POLICY_REFERENCES(REF_ENTITY_NAME => ?, REF_ENTITY_DOMAIN => 'table'))`;
    });
    if (parts.length === 0)
      return {
        sql: `SELECT NULL AS "schema_name", NULL AS "table_name", NULL AS "control", NULL AS "detail" WHERE 1 = 0`,
        params: [],
      };
    return { sql: parts.join(" UNION ALL "), params };
  },

  // SHOW takes no bind variable: the name is quoted in full, as in DDL.
  objectGrants(place, name, kind) {
    return {
      sql: `SHOW GRANTS ON ${kind === "view" ? "VIEW" : "TABLE"} ${qualified(place, name)}`,
      params: [],
    };
  },

  swapTables(place, a, b) {
    return { sql: `ALTER TABLE ${qualified(place, a)} SWAP WITH ${qualified(place, b)}`, params: [] };
  },

  tableComment(place, name) {
    q(name.schema, "schema");
    q(name.identifier, "relation name");
    return {
      sql: `SELECT comment AS "comment" FROM ${informationSchema(place, "TABLES")} WHERE table_schema = ? AND table_name = ? AND table_type = 'BASE TABLE'`,
      params: [name.schema, name.identifier],
    };
  },

  // Snowflake binds values in queries and DML, not in DDL (a `?` there is a syntax error): the comment is a literal.
  setTableComment(place, name, comment) {
    return { sql: `COMMENT ON TABLE ${qualified(place, name)} IS ${stringLiteral(comment)}`, params: [] };
  },

  // INFORMATION_SCHEMA.TABLES lists views too (TABLE_TYPE 'VIEW'), with their comment.
  viewComment(place, name) {
    q(name.schema, "schema");
    q(name.identifier, "relation name");
    return {
      sql: `SELECT comment AS "comment" FROM ${informationSchema(place, "TABLES")} WHERE table_schema = ? AND table_name = ? AND table_type = 'VIEW'`,
      params: [name.schema, name.identifier],
    };
  },

  setViewComment(place, name, comment) {
    return { sql: `COMMENT ON VIEW ${qualified(place, name)} IS ${stringLiteral(comment)}`, params: [] };
  },

  // Snowflake keeps a PRIMARY KEY as information only (never enforced on standard tables): upsertRecord's MERGE keeps keys unique,
  // from a one-row source whose values are bound, cast to the columns' types so a null has one.
  ...providerRecordStatements(recordDialect),
  // ADD COLUMN IF NOT EXISTS skips a column the table has: an upgrade needn't read them first.
  recordColumns: () => null,
} satisfies ProviderStatements;
