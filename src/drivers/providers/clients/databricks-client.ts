/**
 * The bundle entry of `@databricks/sql` (scripts/bundle.mjs writes it to
 * dist/client-databricks/index.js, with its native parts): the client on
 * its own, loaded by load-client.ts only for a databricks:// warehouse.
 */
export { DBSQLClient } from "@databricks/sql";
