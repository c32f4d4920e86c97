/**
 * The vendors' warehouse URLs (issue 25, layer 3): each valid form gives its
 * spec, with the credential taken from the URL or the vendor's environment
 * variables (given as an object, as the entry points pass them); each
 * invalid one is `warehouse_invalid`, naming the input and the problem,
 * never echoing the URL (it may hold a secret). The label that names the
 * warehouse in every message holds no credential.
 */
import { describe, expect, it } from "vitest";
import { parseWarehouseSpec } from "../../../src/drivers/open.js";
import { placeOf } from "../../../src/drivers/providers/open-provider.js";
import type { ProviderSpec } from "../../../src/drivers/providers/provider-spec.js";
import { warehouseEnvOf } from "../../../src/drivers/providers/provider-spec.js";
import { isUserError, type UserError } from "../../../src/errors/user-error.js";

const SECRET = "pa55-W0RD-s3cret";

function errorOf(value: string, env: Record<string, string> = {}): UserError {
  try {
    parseWarehouseSpec(value, "/work", "--warehouse", env);
  } catch (error) {
    if (isUserError(error)) return error;
    throw error;
  }
  throw new Error("parsed");
}

describe("valid URLs", () => {
  it.each<[string, string, Record<string, string>, ProviderSpec]>([
    [
      "snowflake, password in the environment",
      "snowflake://ci_user@myorg-analytics/ANALYTICS?warehouse=CI_WH&role=CI_ROLE",
      { SNOWFLAKE_PASSWORD: SECRET },
      {
        engine: "snowflake",
        label: "snowflake://myorg-analytics/ANALYTICS",
        account: "myorg-analytics",
        user: "ci_user",
        database: "ANALYTICS",
        warehouse: "CI_WH",
        role: "CI_ROLE",
        credential: { kind: "password", password: SECRET },
      },
    ],
    [
      "snowflake, the URL's password first, percent-decoded",
      `snowflake://ci%40corp:${encodeURIComponent("p@ss/w:rd")}@xy12345.eu-central-1/Analytics%20DB`,
      { SNOWFLAKE_PASSWORD: SECRET },
      {
        engine: "snowflake",
        label: "snowflake://xy12345.eu-central-1/Analytics DB",
        account: "xy12345.eu-central-1",
        user: "ci@corp",
        database: "Analytics DB",
        credential: { kind: "password", password: "p@ss/w:rd" },
      },
    ],
    [
      "snowflake, a key pair before a password, another endpoint",
      "snowflake://ci@myorg-analytics/ANALYTICS?host=myorg-analytics.privatelink.snowflakecomputing.com:8443",
      {
        SNOWFLAKE_PRIVATE_KEY_PATH: "/secrets/rsa_key.p8",
        SNOWFLAKE_PRIVATE_KEY_PASSPHRASE: SECRET,
        SNOWFLAKE_PASSWORD: "unused",
      },
      {
        engine: "snowflake",
        label: "snowflake://myorg-analytics/ANALYTICS",
        account: "myorg-analytics",
        user: "ci",
        database: "ANALYTICS",
        endpoint: { host: "myorg-analytics.privatelink.snowflakecomputing.com", port: 8443 },
        credential: { kind: "key-pair", privateKeyPath: "/secrets/rsa_key.p8", passphrase: SECRET },
      },
    ],
    [
      "snowflake, the key's PEM text",
      "snowflake://ci@myorg-analytics/ANALYTICS",
      { SNOWFLAKE_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\nMII…\n-----END PRIVATE KEY-----" },
      {
        engine: "snowflake",
        label: "snowflake://myorg-analytics/ANALYTICS",
        account: "myorg-analytics",
        user: "ci",
        database: "ANALYTICS",
        credential: {
          kind: "key-pair",
          privateKey: "-----BEGIN PRIVATE KEY-----\nMII…\n-----END PRIVATE KEY-----",
        },
      },
    ],
    [
      "bigquery",
      "bigquery://ods-ci-project?location=EU",
      {},
      { engine: "bigquery", label: "bigquery://ods-ci-project", project: "ods-ci-project", location: "EU" },
    ],
    [
      "bigquery, a region and another endpoint",
      "bigquery://ods-ci-project?location=europe-west2&endpoint=https://bigquery-psc.p.googleapis.com:443/",
      {},
      {
        engine: "bigquery",
        label: "bigquery://ods-ci-project",
        project: "ods-ci-project",
        location: "europe-west2",
        apiEndpoint: "https://bigquery-psc.p.googleapis.com",
      },
    ],
    [
      "databricks, token in the environment",
      "databricks://adb-1234567890123456.7.azuredatabricks.net/sql/1.0/warehouses/abc123def?catalog=analytics",
      { DATABRICKS_TOKEN: SECRET },
      {
        engine: "databricks",
        label: "databricks://adb-1234567890123456.7.azuredatabricks.net/sql/1.0/warehouses/abc123def",
        host: "adb-1234567890123456.7.azuredatabricks.net",
        path: "/sql/1.0/warehouses/abc123def",
        catalog: "analytics",
        credential: { kind: "token", token: SECRET },
      },
    ],
    [
      "databricks, host from DATABRICKS_HOST",
      "databricks:///sql/1.0/warehouses/abc?catalog=main",
      { DATABRICKS_HOST: "https://dbc-a1b2c3.cloud.databricks.com/", DATABRICKS_TOKEN: SECRET },
      {
        engine: "databricks",
        label: "databricks://dbc-a1b2c3.cloud.databricks.com/sql/1.0/warehouses/abc",
        host: "dbc-a1b2c3.cloud.databricks.com",
        path: "/sql/1.0/warehouses/abc",
        catalog: "main",
        credential: { kind: "token", token: SECRET },
      },
    ],
    [
      "databricks, the URL's token first",
      `databricks://token:${SECRET}@h.example.com/sql/1.0/warehouses/abc?catalog=main`,
      { DATABRICKS_TOKEN: "unused" },
      {
        engine: "databricks",
        label: "databricks://h.example.com/sql/1.0/warehouses/abc",
        host: "h.example.com",
        path: "/sql/1.0/warehouses/abc",
        catalog: "main",
        credential: { kind: "token", token: SECRET },
      },
    ],
    [
      "databricks, a service principal's OAuth secret, a port",
      "databricks://dbc-a1b2c3.cloud.databricks.com:8443/sql/1.0/warehouses/abc?catalog=main",
      { DATABRICKS_CLIENT_ID: "sp-id", DATABRICKS_CLIENT_SECRET: SECRET },
      {
        engine: "databricks",
        label: "databricks://dbc-a1b2c3.cloud.databricks.com/sql/1.0/warehouses/abc",
        host: "dbc-a1b2c3.cloud.databricks.com",
        port: 8443,
        path: "/sql/1.0/warehouses/abc",
        catalog: "main",
        credential: { kind: "oauth-m2m", clientId: "sp-id", clientSecret: SECRET },
      },
    ],
  ])("%s", (_name, url, env, spec) => {
    const parsed = parseWarehouseSpec(url, "/work", "--warehouse", env);
    expect(parsed).toEqual(spec);
    expect((parsed as ProviderSpec).label).not.toContain(SECRET);
  });

  it.each<[string, { database: string; location?: string }]>([
    ["snowflake://u@acct-x/DB?warehouse=W", { database: "DB" }],
    ["bigquery://my-project-1?location=US", { database: "my-project-1", location: "US" }],
    ["databricks://h.example.com/sql/1.0/warehouses/x?catalog=cat", { database: "cat" }],
  ])("%s puts the environments' schemas in %j", (url, place) => {
    const env = { SNOWFLAKE_PASSWORD: "x", DATABRICKS_TOKEN: "y" };
    expect(placeOf(parseWarehouseSpec(url, "/", "--warehouse", env) as ProviderSpec)).toEqual(place);
  });
});

describe("invalid URLs", () => {
  const sf = { SNOWFLAKE_PASSWORD: SECRET };
  const db = { DATABRICKS_TOKEN: SECRET };
  it.each<[string, Record<string, string>, RegExp]>([
    ["snowflake:///DB", sf, /names no Snowflake account/],
    [`snowflake://u:${SECRET}@/DB`, sf, /is not a valid snowflake:\/\/ URL/],
    [`snowflake://:${SECRET}@acct/DB`, {}, /names no Snowflake user/],
    [`snowflake://u:${SECRET}@acct`, {}, /names no database/],
    [`snowflake://u:${SECRET}@acct/DB/extra`, {}, /names no database/],
    [`snowflake://u:${SECRET}@acct:443/DB`, {}, /not a Snowflake account identifier/],
    [
      `snowflake://u:${SECRET}@acct/DB?password=${SECRET}`,
      {},
      /has `password` in its query.*takes `warehouse`, `role`, `host`/,
    ],
    [`snowflake://u:${SECRET}@acct/DB?warehouse=A&warehouse=B`, {}, /gives `warehouse` twice/],
    [`snowflake://u:${SECRET}@acct/DB?role=`, {}, /gives `role` no value/],
    [`snowflake://u:${SECRET}@acct/DB?host=a/b`, {}, /`host` that is not a host name/],
    [
      "snowflake://u@acct/DB",
      {},
      /has no credential: set SNOWFLAKE_PRIVATE_KEY_PATH .* or SNOWFLAKE_PASSWORD/,
    ],
    [`snowflake://u:${SECRET}@acct/DB#frag`, {}, /has a `#` fragment/],
    [`snowflake://u:%E0%A4%A@acct/DB`, {}, /malformed percent-escape/],
    [`bigquery://u:${SECRET}@my-project?location=EU`, {}, /carries a user or password/],
    ["bigquery://?location=EU", {}, /names no project/],
    ["bigquery://My_Project?location=EU", {}, /not a project ID/],
    ["bigquery://my-project/dataset?location=EU", {}, /not a project ID/],
    ["bigquery://my-project", {}, /names no `location`/],
    ["bigquery://my-project?location=EU&dataset=x", {}, /has `dataset` in its query/],
    ["bigquery://my-project?location=EU&endpoint=ftp://x", {}, /`endpoint` that is not https/],
    [`bigquery://my-project?location=EU&endpoint=https://u:${SECRET}@x`, {}, /`endpoint` that is not https/],
    ["databricks:///sql/1.0/warehouses/x?catalog=c", db, /names no workspace host/],
    [
      "databricks:///sql/1.0/warehouses/x?catalog=c",
      { DATABRICKS_HOST: "a b" },
      /from DATABRICKS_HOST, which is not a host name/,
    ],
    [`databricks://token:${SECRET}@h.example.com?catalog=c`, {}, /names no SQL warehouse HTTP path/],
    [`databricks://token:${SECRET}@h.example.com/sql/1.0/warehouses/x`, {}, /names no `catalog`/],
    [
      `databricks://admin:${SECRET}@h.example.com/sql/1.0/warehouses/x?catalog=c`,
      {},
      /user other than `token`/,
    ],
    [
      "databricks://h.example.com/sql/1.0/warehouses/x?catalog=c",
      {},
      /has no credential: set DATABRICKS_TOKEN/,
    ],
    [
      "databricks://h.example.com/sql/1.0/warehouses/x?catalog=c",
      { DATABRICKS_CLIENT_ID: "id" },
      /has no credential/,
    ],
    [
      `databricks://token:${SECRET}@h.example.com/p?catalog=c&http_path=x`,
      db,
      /has `http_path` in its query/,
    ],
    [`databricks://h_x.example.com/p?catalog=c`, db, /not a host name/],
  ])("%s", (url, env, problem) => {
    const error = errorOf(url, env);
    expect(error.code).toBe("warehouse_invalid");
    expect(error.input).toBe("--warehouse");
    expect(error.message).toMatch(/^--warehouse /);
    expect(error.message).toMatch(problem);
    for (const text of [error.message, error.hint]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(url);
    }
  });

  it("an unknown scheme names the ones there are", () => {
    expect(errorOf("redshift://u@h/db").message).toBe(
      "--warehouse uses `redshift:`, which ods-state doesn't support.",
    );
    expect(errorOf("just-a-host").message).toMatch(
      /postgres:\/\/, snowflake:\/\/, bigquery:\/\/ or databricks:\/\//,
    );
  });
});

describe("the variables the entry points pass on", () => {
  it("only the vendors' credential variables, and only when set", () => {
    expect(
      warehouseEnvOf({
        PATH: "/usr/bin",
        SNOWFLAKE_PASSWORD: "x",
        DATABRICKS_TOKEN: "",
        GITHUB_TOKEN: "gh",
        DATABRICKS_HOST: "h",
      }),
    ).toEqual({ SNOWFLAKE_PASSWORD: "x", DATABRICKS_HOST: "h" });
  });
});
