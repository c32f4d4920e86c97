/**
 * The bundle entry of `@google-cloud/bigquery` (scripts/bundle.mjs writes it
 * to dist/client-bigquery/index.js): the client on its own, loaded by
 * load-client.ts only for a bigquery:// warehouse.
 */
export { BigQuery } from "@google-cloud/bigquery";
