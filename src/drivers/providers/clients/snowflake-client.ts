/**
 * The bundle entry of `snowflake-sdk` (scripts/bundle.mjs writes it to
 * dist/client-snowflake/index.js): the client on its own, with the AWS and
 * Azure SDKs it pulls in, loaded by load-client.ts only for a snowflake://
 * warehouse.
 */
import "./dirname-shim.js";
import snowflake from "snowflake-sdk";

export default snowflake;
