/**
 * `databricks://HOST/HTTP_PATH?catalog=CATALOG` (open.ts): the workspace's
 * host name (DATABRICKS_HOST when the URL gives none: `databricks:///sql/…`),
 * the SQL warehouse's HTTP path (its connection details:
 * `/sql/1.0/warehouses/ID`) and the Unity Catalog catalog the environments'
 * schemas live in. A port after the host points the client elsewhere (a
 * proxy, private link), as the driver's `port` option does.
 *
 * The credential, first found: the URL's password (`token:TOKEN@HOST`, as
 * Databricks' SQLAlchemy URLs write it); DATABRICKS_TOKEN (a personal
 * access token); DATABRICKS_CLIENT_ID and DATABRICKS_CLIENT_SECRET (a
 * service principal's OAuth machine-to-machine secret): Databricks' usual
 * variables.
 */
import type { DatabricksCredential, DatabricksSpec, WarehouseEnv } from "../provider-spec.js";
import { invalidUrl, parseProviderUrl } from "../provider-url.js";

export const DATABRICKS_URL_FORM = "databricks://HOST/HTTP_PATH?catalog=CATALOG";

const HOST = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i;

export function parseDatabricksUrl(value: string, env: WarehouseEnv, input: string): DatabricksSpec {
  const form = DATABRICKS_URL_FORM;
  const url = parseProviderUrl(value, "databricks", ["catalog"], input, form);
  let host = url.host;
  if (host === "" && env.DATABRICKS_HOST) {
    host = env.DATABRICKS_HOST.replace(/^https?:\/\//, "").replace(/\/+$/, "");
    if (!HOST.test(host))
      throw invalidUrl(input, "takes its host from DATABRICKS_HOST, which is not a host name", form);
  }
  if (host === "")
    throw invalidUrl(input, "names no workspace host (the URL's host, or DATABRICKS_HOST)", form);
  if (!HOST.test(host)) throw invalidUrl(input, "has a host that is not a host name", form);
  if (!/^\/[^/]+(\/[^/]+)*$/.test(url.path) || /[\s?#]/.test(url.path))
    throw invalidUrl(
      input,
      "names no SQL warehouse HTTP path (the URL's path: /sql/1.0/warehouses/ID)",
      form,
    );
  const catalog = url.query.get("catalog");
  if (catalog === undefined)
    throw invalidUrl(
      input,
      "names no `catalog` (the Unity Catalog catalog of the environments' schemas)",
      form,
    );
  return {
    engine: "databricks",
    label: `databricks://${host}${url.path}`,
    host,
    ...(url.port !== undefined ? { port: url.port } : {}),
    path: url.path,
    catalog,
    credential: databricksCredential(url, env, input),
  };
}

function databricksCredential(
  url: { user: string; password: string },
  env: WarehouseEnv,
  input: string,
): DatabricksCredential {
  if (url.password !== "") {
    if (url.user !== "token")
      throw invalidUrl(
        input,
        "has a password with a user other than `token` (write token:TOKEN@HOST)",
        DATABRICKS_URL_FORM,
      );
    return { kind: "token", token: url.password };
  }
  if (url.user !== "")
    throw invalidUrl(
      input,
      "has a user but no token (write token:TOKEN@HOST, or set DATABRICKS_TOKEN)",
      DATABRICKS_URL_FORM,
    );
  if (env.DATABRICKS_TOKEN) return { kind: "token", token: env.DATABRICKS_TOKEN };
  if (env.DATABRICKS_CLIENT_ID && env.DATABRICKS_CLIENT_SECRET)
    return {
      kind: "oauth-m2m",
      clientId: env.DATABRICKS_CLIENT_ID,
      clientSecret: env.DATABRICKS_CLIENT_SECRET,
    };
  throw invalidUrl(
    input,
    "has no credential: set DATABRICKS_TOKEN (or DATABRICKS_CLIENT_ID and DATABRICKS_CLIENT_SECRET for a service principal) in the job's environment, from a secret",
    DATABRICKS_URL_FORM,
  );
}
