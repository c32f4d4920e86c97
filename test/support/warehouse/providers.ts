/**
 * The cloud providers the conformance suite simulates on DuckDB
 * (simulated-provider.ts): each one's statements, how its catalog names a
 * table and a view, and the statements its parser can't read though the
 * vendor takes them (named and explained in its statement tests).
 */
import { BIGQUERY_STATEMENTS } from "../../../src/drivers/providers/bigquery/bigquery-statements.js";
import { DATABRICKS_STATEMENTS } from "../../../src/drivers/providers/databricks/databricks-statements.js";
import { SNOWFLAKE_STATEMENTS } from "../../../src/drivers/providers/snowflake/snowflake-statements.js";
import type { SimulatedProvider } from "./simulated-provider.js";

/** A description as BigQuery's TABLE_OPTIONS shows it: a double-quoted GoogleSQL literal, escaped. */
export function googleSqlLiteral(text: string): string {
  const escaped = [...text]
    .map((char) => {
      if (char === "\\" || char === '"') return `\\${char}`;
      if (char === "\n") return "\\n";
      if (char === "\r") return "\\r";
      if (char === "\t") return "\\t";
      const code = char.codePointAt(0) ?? 0;
      return code < 0x20 ? `\\x${code.toString(16).padStart(2, "0")}` : char;
    })
    .join("");
  return `"${escaped}"`;
}

export const SIMULATED_PROVIDERS: readonly SimulatedProvider[] = [
  {
    name: "Snowflake",
    statements: SNOWFLAKE_STATEMENTS,
    place: { database: "ODS_SIMULATED" },
    // A quoted name is kept exactly and compared case-sensitively (docs/warehouses/snowflake.md, Names).
    names: "case-sensitive",
    catalogKinds: { table: "BASE TABLE", view: "VIEW" },
    // test/env/providers/snowflake-statements.int.test.ts: a database-qualified `DROP SCHEMA`, `CLONE … COPY GRANTS`,
    // and `SHOW GRANTS ON TABLE | VIEW` of a quoted, qualified name.
    parserGaps: new Set(["dropSchema", "cloneTable", "replaceFrom", "objectGrants"]),
    dropSchemaDropsContents: true,
    transientClonesOnly: true,
    // COPY GRANTS keeps every privilege but OWNERSHIP; a clone takes its source's policies (docs/warehouses/snowflake.md).
    grants: {
      replaceKeepsOwner: false,
      replaceKeepsPrivileges: true,
      replaceKeepsPolicies: [],
      reportsOwner: true,
      reports: ["policy"],
    },
  },
  {
    name: "BigQuery",
    statements: BIGQUERY_STATEMENTS,
    place: { database: "ods-simulated", location: "US" },
    // Dataset and table names are case-sensitive (unless a dataset is made case-insensitive: markCaseInsensitive).
    names: "case-sensitive",
    catalogKinds: { table: "BASE TABLE", view: "VIEW" },
    // test/env/providers/bigquery-statements.int.test.ts: `CREATE SCHEMA … OPTIONS (…)`, a qualified `DROP SCHEMA … RESTRICT`
    // and `ALTER VIEW … SET OPTIONS (…)`.
    parserGaps: new Set(["createSchema", "dropSchema", "setViewComment"]),
    // TABLE_OPTIONS shows the description as the GoogleSQL literal that would set it.
    commentInCatalog: googleSqlLiteral,
    // An overwriting clone keeps the table's IAM, takes its source's row access policies and policy tags (docs/warehouses/bigquery.md).
    grants: {
      replaceKeepsOwner: true,
      replaceKeepsPrivileges: true,
      replaceKeepsPolicies: [],
      reportsOwner: false,
      reports: ["row_access_policy", "policy_tag"],
    },
  },
  {
    name: "Databricks",
    statements: DATABRICKS_STATEMENTS,
    place: { database: "ods_simulated" },
    // Unity Catalog stores names in lower case and compares them ignoring case.
    names: "lower-case",
    catalogKinds: { table: "MANAGED", view: "VIEW" },
    // test/env/providers/databricks-statements.int.test.ts: `CREATE VIEW … WITH SCHEMA EVOLUTION` and a qualified `DROP SCHEMA … RESTRICT`.
    parserGaps: new Set(["createView", "dropSchema"]),
    // docs/warehouses/databricks.md: a SHALLOW CLONE reads its source's data files.
    clonesReadSource: true,
    // ALTER TABLE … ADD COLUMNS has no IF NOT EXISTS: a column the table has fails (FIELDS_ALREADY_EXISTS).
    addColumnRefusesExisting: true,
    // CREATE OR REPLACE keeps the table's identity (owner, privileges) and column masks; a row filter is taken as lost (docs/warehouses/databricks.md).
    grants: {
      replaceKeepsOwner: true,
      replaceKeepsPrivileges: true,
      replaceKeepsPolicies: ["column_mask"],
      reportsOwner: false,
      reports: ["row_filter"],
    },
  },
];
