/**
 * `bigquery://PROJECT?location=EU` (open.ts): the project the datasets (ODS's
 * schemas) live in and their location (`US`, `EU`, a region: the catalog
 * reads go through the region's INFORMATION_SCHEMA, so it is required);
 * `endpoint=https://HOST[:PORT]` points the client elsewhere (the client's
 * documented `apiEndpoint`: Private Service Connect, a proxy).
 *
 * No credential in the URL: the client finds Application Default
 * Credentials itself (GOOGLE_APPLICATION_CREDENTIALS, which
 * google-github-actions/auth sets for Workload Identity Federation or a
 * key file; gcloud's on a laptop; the metadata server on Google Cloud).
 */
import type { BigQuerySpec } from "../provider-spec.js";
import { invalidUrl, parseProviderUrl } from "../provider-url.js";

export const BIGQUERY_URL_FORM = "bigquery://PROJECT?location=LOCATION";

/** A project ID: 6 to 30 lower-case letters, digits and hyphens, starting with a letter, not ending with a hyphen. */
const PROJECT = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;
const LOCATION = /^[A-Za-z][A-Za-z0-9-]{1,40}$/;

export function parseBigQueryUrl(value: string, input: string): BigQuerySpec {
  const form = BIGQUERY_URL_FORM;
  const url = parseProviderUrl(value, "bigquery", ["location", "endpoint"], input, form);
  if (url.user !== "" || url.password !== "")
    throw invalidUrl(
      input,
      "carries a user or password, which a bigquery:// URL doesn't take (the client uses Application Default Credentials: GOOGLE_APPLICATION_CREDENTIALS)",
      form,
    );
  if (url.host === "") throw invalidUrl(input, "names no project (the URL's host)", form);
  if (!PROJECT.test(url.host) || url.port !== undefined || (url.path !== "" && url.path !== "/"))
    throw invalidUrl(
      input,
      "has a host that is not a project ID (6 to 30 lower-case letters, digits and hyphens; nothing after it but the query)",
      form,
    );
  const location = url.query.get("location");
  if (location === undefined)
    throw invalidUrl(input, "names no `location` (where the datasets are: US, EU or a region)", form);
  if (!LOCATION.test(location)) throw invalidUrl(input, "has a `location` that is not a location name", form);
  const endpoint = url.query.get("endpoint");
  let apiEndpoint: string | undefined;
  if (endpoint !== undefined) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(endpoint);
    } catch {}
    if (
      parsed === null ||
      !["https:", "http:"].includes(parsed.protocol) ||
      parsed.username !== "" ||
      parsed.password !== "" ||
      (parsed.pathname !== "/" && parsed.pathname !== "")
    )
      throw invalidUrl(input, "has an `endpoint` that is not https://HOST[:PORT]", form);
    apiEndpoint = `${parsed.protocol}//${parsed.host}`;
  }
  return {
    engine: "bigquery",
    label: `bigquery://${url.host}`,
    project: url.host,
    location,
    ...(apiEndpoint !== undefined ? { apiEndpoint } : {}),
  };
}
