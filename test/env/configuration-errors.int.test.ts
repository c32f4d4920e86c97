/**
 * Issue 37, class 7: a fault in the warehouse's configuration is a
 * configuration error from the catalogue (code, message, hint) that names
 * the input and what to do, never `internal`, never a stack, and never a
 * value of the URL (it may hold a password: the message, the hint and
 * everything else printed are scanned for the password and every parameter
 * value). The registry's schema is never a system schema nor one of prod's.
 *
 * Through `ods-state env list` in process against a real PostgreSQL server
 * (the URL's password, parameters and TLS files), the action's failure
 * report, and the registry on DuckDB and PostgreSQL.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseWarehouseSpec } from "../../src/drivers/open.js";
import {
  createEnvironment,
  environmentContext,
  environmentName,
  planPromotion,
} from "../../src/environment/index.js";
import { UserError } from "../../src/errors/user-error.js";
import { reportFailure } from "../../src/github/report-failure.js";
import { runCliIn } from "../support/cli-context.js";
import { thrownUserError } from "../support/thrown-user-error.js";
import { ENGINES, freshSession, POSTGRES_MISSING, postgresServer } from "../support/warehouse/engines.js";
import { mainPlanOf, prodBuilt, prPlanOf, shop } from "../support/warehouse/scenario.js";
import { ENV_SCOPE } from "../support/warehouse/shop.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "ods-config-errors-"));
/** What must never be printed: the password, and every value given to a parameter. */
const PASSWORD = "Pw-S3cr3t-7q";
const VALUE = "Val-S3cr3t-4k";
const MISSING = path.join(dir, "missing-Val-S3cr3t-4k");
const SECRETS = [PASSWORD, VALUE, encodeURIComponent(PASSWORD), "missing-Val", dir];

/** Exit code 2, one catalogued error with a hint, no `internal`, no stack, nothing secret anywhere. */
function expectConfigurationError(
  run: { code: number; out: string; err: string },
  code: string,
  says: RegExp,
): void {
  const all = `${run.out}\n${run.err}`;
  expect(run.code, all).toBe(2);
  expect(run.err).toMatch(new RegExp(`^error\\[${code}\\]: `));
  expect(run.err).toMatch(says);
  expect(run.err).toMatch(/\nhint: \S/);
  expect(all).not.toMatch(/internal|This is a bug|\n\s+at /);
  for (const secret of SECRETS) expect(all, `printed ${secret}`).not.toContain(secret);
}

describe.skipIf(POSTGRES_MISSING)("a postgres:// URL's faults (issue 37)", () => {
  let host = "";
  beforeAll(async () => {
    const server = new URL((await postgresServer()).url);
    host = server.host;
  });
  const url = (query: string, auth = `ods:${encodeURIComponent(PASSWORD)}`) =>
    `postgres://${auth}@${host}/postgres${query}`;
  const list = (warehouse: string, extra: Record<string, unknown> = {}) =>
    runCliIn(dir, ["env", "list", "--warehouse", warehouse], extra);

  it.each<[string, string, string, RegExp]>([
    [
      "a missing root certificate",
      `?sslmode=verify-full&sslrootcert=${encodeURIComponent(MISSING)}`,
      "warehouse_tls_file_unreadable",
      /The root certificate file named by the `sslrootcert` parameter of --warehouse does not exist/,
    ],
    [
      "a missing client certificate",
      `?sslcert=${encodeURIComponent(MISSING)}`,
      "warehouse_tls_file_unreadable",
      /client certificate file named by the `sslcert` parameter of --warehouse does not exist/,
    ],
    [
      "a missing client key",
      `?sslkey=${encodeURIComponent(MISSING)}`,
      "warehouse_tls_file_unreadable",
      /client key file named by the `sslkey` parameter of --warehouse does not exist/,
    ],
    [
      "a root certificate that is a folder",
      `?sslrootcert=${encodeURIComponent(dir)}`,
      "warehouse_tls_file_unreadable",
      /`sslrootcert` parameter of --warehouse is not a file/,
    ],
    [
      "an unknown parameter",
      `?bogus=${VALUE}`,
      "warehouse_invalid",
      /has `bogus` in its query, which ODS's PostgreSQL client doesn't take \(it takes `host`, `port`/,
    ],
    [
      "libpq's channel_binding, which node-postgres ignores",
      "?channel_binding=require",
      "warehouse_invalid",
      /`channel_binding` in its query, which ODS's PostgreSQL client doesn't read: node-postgres negotiates/,
    ],
    [
      "libpq's connect_timeout, which node-postgres ignores",
      "?connect_timeout=5",
      "warehouse_invalid",
      /`connect_timeout`.*--connect-timeout \(CLI\) or the `connect-timeout` input/,
    ],
    [
      "a node-postgres client setting over ODS's own",
      "?keepAlive=false",
      "warehouse_invalid",
      /has `keepAlive` in its query/,
    ],
    [
      "an sslmode that doesn't exist",
      `?sslmode=${VALUE}`,
      "warehouse_invalid",
      /has an `sslmode` that is not one of `disable`, `prefer`/,
    ],
    ["an ssl flag that isn't one", `?ssl=${VALUE}`, "warehouse_invalid", /has an `ssl` that is not `true`/],
    [
      "a parameter given twice",
      "?sslmode=disable&sslmode=require",
      "warehouse_invalid",
      /gives `sslmode` twice/,
    ],
    [
      "a statement_timeout that is not milliseconds",
      `?statement_timeout=${VALUE}`,
      "warehouse_invalid",
      /has a `statement_timeout` that is not a whole number of milliseconds/,
    ],
    [
      "a setting in `options` the server refuses",
      `?options=${encodeURIComponent(`-c statement_timeout=${VALUE}`)}`,
      "warehouse_invalid",
      /refused a setting the warehouse URL gives \(its `options`, .*SQLSTATE 22023\)/,
    ],
    [
      "a setting in `options` the server doesn't know",
      `?options=${encodeURIComponent(`-c ${VALUE.replaceAll("-", "_")}=1`)}`,
      "warehouse_invalid",
      /refused a setting the warehouse URL gives .*SQLSTATE 42704\)/,
    ],
    [
      "a parameter with an odd name",
      `?${VALUE}%0A=1`,
      "warehouse_invalid",
      /has a parameter in its query, which ODS's PostgreSQL client doesn't take/,
    ],
  ])("%s", async (_, query, code, says) => {
    expectConfigurationError(await list(url(query)), code, says);
  });

  it.each<[string, string, RegExp]>([
    [
      "a role that doesn't exist, in the URL",
      `postgres://${VALUE}:x@HOST/postgres`,
      /the role, or its access .* \(SQLSTATE 28000\)/,
    ],
    ["a role that doesn't exist, as `user`", `postgres://HOST/postgres?user=${VALUE}`, /\(SQLSTATE 28000\)/],
    [
      // (the database is part of the label every message names the warehouse by: not a secret)
      "a database that doesn't exist",
      "postgres://ods@HOST/postgres_missing",
      /the database does not exist \(SQLSTATE 3D000\)/,
    ],
    [
      "a host, as `host`, that doesn't resolve",
      `postgres://ods@HOST/postgres?host=${VALUE}.invalid`,
      /\((ENOTFOUND|EAI_AGAIN)\)/,
    ],
  ])("the server's or the driver's words would quote the URL: %s", async (_, warehouse, says) => {
    const run = await list(warehouse.replace("HOST", host));
    const all = `${run.out}\n${run.err}`;
    expect(run.code, all).toBe(1);
    expect(run.err).toMatch(/^error\[warehouse_unavailable\]: Can't connect to PostgreSQL at postgres:\/\//);
    expect(run.err).toMatch(says);
    expect(all).not.toMatch(/internal|This is a bug|\n\s+at /);
    for (const secret of [...SECRETS, VALUE.replaceAll("-", "_")])
      expect(all, `printed ${secret}`).not.toContain(secret);
  });

  it.each<[string, string, RegExp]>([
    [
      "a malformed port",
      `postgres://ods:${PASSWORD}@127.0.0.1:99999/postgres`,
      /not a valid postgres:\/\/ URL/,
    ],
    ["a port that isn't a number", `postgres://ods:${PASSWORD}@127.0.0.1:port/postgres`, /not a valid/],
    [
      "a `#` in the password, not percent-encoded",
      `postgres://ods:${PASSWORD}#x@127.0.0.1:5432/postgres`,
      /not a valid postgres:\/\/ URL|has a `#`/,
    ],
    [
      "a `%` in the password not followed by two hex digits",
      `postgres://ods:${PASSWORD}%ZZ@127.0.0.1:5432/postgres`,
      /has a `%` in its user name or password that is not followed by two hex digits/,
    ],
  ])("%s", async (_, warehouse, says) => {
    const run = await list(warehouse);
    expectConfigurationError(run, "warehouse_invalid", says);
    expect(run.err).toMatch(/hint: .*(percent-encode|PGPASSWORD)/i);
  });

  it("a password with `@`, `:`, `/` and `%` percent-encoded is fine, and a readable TLS file with sslmode=disable connects", async () => {
    const ca = path.join(dir, "root.crt");
    writeFileSync(ca, "-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n");
    const odd = encodeURIComponent("p@ss:w/rd%20");
    const run = await list(
      url(`?sslmode=disable&sslrootcert=${encodeURIComponent(ca)}&application_name=ci`, `ods:${odd}`),
    );
    expect(run.code, run.err).toBe(0);
    expect(`${run.out}${run.err}`).not.toContain("p@ss");
  });

  it("the URL from ODS_WAREHOUSE is named as such", async () => {
    const run = await runCliIn(dir, ["env", "list"], {
      warehouse: url(`?sslrootcert=${encodeURIComponent(MISSING)}`),
    });
    expectConfigurationError(
      run,
      "warehouse_tls_file_unreadable",
      /`sslrootcert` parameter of ODS_WAREHOUSE does not exist/,
    );
  });

  it("the action reports it as the `warehouse` input's configuration error, with nothing secret in the step's output", () => {
    const error = thrownUserError(() =>
      parseWarehouseSpec(
        url(`?sslkey=${encodeURIComponent(MISSING)}&sslmode=${VALUE}`),
        dir,
        "input `warehouse`",
      ),
    );
    expect(error.code).toBe("warehouse_invalid");
    const printed: string[] = [];
    reportFailure(error, {
      setFailed: (message) => printed.push(message),
      error: (message) => printed.push(message),
      debug: (message) => printed.push(message),
    });
    const all = printed.join("\n");
    expect(all).toMatch(/^error\[warehouse_invalid\]: input `warehouse` has an `sslmode`/);
    for (const secret of SECRETS) expect(all).not.toContain(secret);
    expect(all).not.toMatch(/unexpectedly|bug/);
    // A missing TLS file alone: its own code.
    expect(
      thrownUserError(() =>
        parseWarehouseSpec(url(`?sslkey=${encodeURIComponent(MISSING)}`), dir, "input `warehouse`"),
      ).code,
    ).toBe("warehouse_tls_file_unreadable");
  });
});

describe.each(ENGINES)("the registry's schema on %s (issue 37)", (engine) => {
  const system =
    engine === "postgres"
      ? ["pg_catalog", "information_schema", "INFORMATION_SCHEMA", "pg_toast", "pg_ods"]
      : ["main", "Main", "information_schema", "INFORMATION_SCHEMA", "pg_catalog"];

  it.each(system)("a system schema (%s) is refused before anything is created", async (schema) => {
    const session = await freshSession(engine);
    try {
      const before = await session.warehouse.listSchemas();
      const error = await environmentContext(session.warehouse, {
        scope: ENV_SCOPE,
        now: "2026-11-30T10:00:00.000Z",
        metaSchema: schema,
      }).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(UserError);
      expect(error).toMatchObject({ code: "registry_schema_invalid", input: "meta-schema" });
      expect((error as UserError).message).toContain(`is \`${schema}\``);
      expect(await session.warehouse.listSchemas()).toEqual(before);
      const made = (await session.warehouse.listObjects([schema])).map((o) => o.identifier);
      expect(made).not.toContain("registry_info");
      expect(made).not.toContain("environments");
    } finally {
      await session.close();
    }
  });

  it("the CLI refuses it with exit code 2", async () => {
    const session = await freshSession(engine);
    try {
      const run = await runCliIn(dir, [
        "env",
        "list",
        "--warehouse",
        session.spec,
        "--meta-schema",
        system[0]!,
      ]);
      expect(run.code, run.err).toBe(2);
      expect(run.err).toMatch(/^error\[registry_schema_invalid\]: The environment registry's schema is `/);
    } finally {
      await session.close();
    }
  });

  it("prod's own schema is refused: when prod's tables are there first, and when the registry was there first", async () => {
    const s = shop();
    const session = await freshSession(engine);
    try {
      const prod = await prodBuilt(session, s);
      const occupied = await environmentContext(session.warehouse, {
        scope: ENV_SCOPE,
        now: "2026-11-30T10:00:00.000Z",
        metaSchema: "analytics",
      }).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(occupied).toMatchObject({ code: "registry_schema_invalid" });
      expect((occupied as UserError).message).toMatch(/holds \d+ relations that are not the registry's \(`/);
      const tables = (await session.warehouse.listObjects(["analytics"])).map((o) => o.identifier);
      expect(tables).not.toContain("registry_info");
      expect(tables).not.toContain("environments");

      // A registry made in `reporting` before prod's models were built there: create and promote refuse it.
      await session.exec(`CREATE SCHEMA reporting`);
      const ctx = (await environmentContext(session.warehouse, {
        scope: ENV_SCOPE,
        now: "2026-11-30T10:00:00.000Z",
        metaSchema: "reporting",
      }))!;
      const inReporting = structuredClone(prod);
      for (const node of Object.values(inReporting.nodes))
        if (node.relation?.identifier === "orders") node.relation.schema = "reporting";
      const created = await createEnvironment(ctx, {
        name: environmentName(ENV_SCOPE, 7),
        project: "shop",
        prNumber: 7,
        headSha: null,
        plan: prPlanOf(s, inReporting),
        prod: inReporting,
      }).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(created).toMatchObject({ code: "registry_schema_invalid" });
      expect((created as UserError).message).toContain("a schema prod's models are built in (`reporting`)");
      expect(await session.warehouse.listSchemas()).not.toContain("analytics_pr_7");

      const mainPlan = mainPlanOf(s, prod);
      for (const entry of mainPlan.entries) if (entry.name === "orders") entry.relation.schema = "reporting";
      const promoted = await planPromotion(ctx, {
        environment: environmentName(ENV_SCOPE, 7),
        plan: mainPlan,
        project: s.mainProject,
        prod,
        sources: null,
      }).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(promoted).toMatchObject({ code: "registry_schema_invalid" });
    } finally {
      await session.close();
    }
  });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));
