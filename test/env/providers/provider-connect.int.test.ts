/**
 * The vendors' clients against an account that never lets ODS in (issue 25,
 * layer 3): for Snowflake, BigQuery and Databricks, `ods-state env create`
 * and `env promote`, run through the CLI as the other CLI tests run it,
 * against a local TCP server that accepts and never answers end with
 * `warehouse_connect_timeout` within the connect time-out, and the
 * attempt's sockets are closed; against a port nothing listens on, with
 * `warehouse_unavailable` at once. A password or token given in the URL and
 * in the environment appears nowhere in what the CLI prints; run as a
 * process of its own, the CLI exits as soon as it has printed the error
 * (nothing the client left behind keeps it alive).
 *
 * The clients are the real ones (snowflake-sdk, @google-cloud/bigquery,
 * @databricks/sql), pointed at the local server by each URL's documented
 * endpoint option. BigQuery's first request is the token exchange of its
 * Application Default Credentials (an external-account file, as Workload
 * Identity Federation writes one, whose token URL is the local server).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadClient } from "../../../src/drivers/providers/load-client.js";
import { cliIn } from "../../support/cli-context.js";
import { PROJECT_ROOT } from "../../support/shared-fixtures.js";
import { SHOP } from "../../support/warehouse/shop.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "ods-provider-connect-"));
const servers: net.Server[] = [];
const children: ChildProcess[] = [];
const SECRET = "s3cr3t-Pa55-token-XYZ";
const ENV_SECRET = "env-S3CRET-value-123";
const CREDENTIALS = path.join(dir, "adc.json");
const SUBJECT = path.join(dir, "subject-token");
const savedAdc = process.env.GOOGLE_APPLICATION_CREDENTIALS;

afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  for (const server of servers) server.close();
  if (savedAdc === undefined) delete process.env.GOOGLE_APPLICATION_CREDENTIALS;
  else process.env.GOOGLE_APPLICATION_CREDENTIALS = savedAdc;
  rmSync(dir, { recursive: true, force: true });
});

/** A TCP server that accepts connections and never answers; `open()` counts the connections still open. */
async function silentServer(): Promise<{ port: number; open: () => number; accepted: () => number }> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    // Reads and drops what the client sends (so that its closing the connection is seen), never answers.
    socket.resume();
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    open: () => sockets.size,
    accepted: () => accepted,
  };
}

/** A port nothing listens on (a server's, closed). */
async function refusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Application Default Credentials whose token exchange goes to `port` (the file google-github-actions/auth writes, in form). */
function adcAt(port: number): void {
  writeFileSync(SUBJECT, ENV_SECRET);
  writeFileSync(
    CREDENTIALS,
    JSON.stringify({
      type: "external_account",
      audience: "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/ci/providers/github",
      subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
      token_url: `http://127.0.0.1:${port}/v1/token`,
      credential_source: { file: SUBJECT },
    }),
  );
  process.env.GOOGLE_APPLICATION_CREDENTIALS = CREDENTIALS;
}

interface Vendor {
  name: string;
  /** The warehouse URL pointing the client at `port` (secrets in it where the vendor takes them). */
  url(port: number): string;
  env: Record<string, string>;
  prepare?(port: number): void;
}

const VENDORS: Vendor[] = [
  {
    name: "snowflake",
    url: (port) =>
      `snowflake://ci:${SECRET}@myorg-ci/ANALYTICS?warehouse=CI_WH&role=CI&host=127.0.0.1:${port}`,
    env: { SNOWFLAKE_PASSWORD: ENV_SECRET },
  },
  {
    name: "bigquery",
    url: (port) => `bigquery://ods-ci-project?location=EU&endpoint=http://127.0.0.1:${port}`,
    env: {},
    prepare: adcAt,
  },
  {
    name: "databricks",
    url: (port) => `databricks://token:${SECRET}@127.0.0.1:${port}/sql/1.0/warehouses/abc123?catalog=main`,
    env: { DATABRICKS_TOKEN: ENV_SECRET },
  },
];

const fixture = (relative: string) => path.join(SHOP, relative);
const state = path.join(dir, "state.db");
const COMMANDS: Record<string, string[]> = {
  create: [
    "env",
    "create",
    "--pr",
    "7",
    "--manifest",
    fixture("pr-7/manifest.json"),
    "--state",
    state,
    "--sources",
    fixture("prod-after-merge/sources.json"),
  ],
  promote: [
    "env",
    "promote",
    "--pr",
    "7",
    "--manifest",
    fixture("prod-after-merge/manifest.json"),
    "--state",
    state,
    "--sources",
    fixture("prod-after-merge/sources.json"),
    "--promoted-by",
    "main-1",
  ],
};

const cli = cliIn(dir, { repository: "acme/shop" });

/** Waits until `check()` holds, up to `ms`. */
async function eventually(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

beforeAll(async () => {
  // The clients are loaded once, as the first command of a job would; the time-outs below measure the connection.
  for (const vendor of ["snowflake", "bigquery", "databricks"] as const) await loadClient(vendor);
  // Prod's state, as a job on main records it: env create and promote read it before they connect.
  const recorded = await cli([
    "record",
    "--manifest",
    fixture("prod/manifest.json"),
    "--run-results",
    fixture("prod/run_results.json"),
    "--sources",
    fixture("prod/sources.json"),
    "--state",
    state,
  ]);
  expect(recorded.code, recorded.err).toBe(0);
}, 30_000);

/** The connect time-out of these runs, and what a run may take beyond it: the CLI reads the manifest and state (≈0.3 s), and closing a client that never connected is given 0.2 s. */
const CONNECT_MS = 2000;
const MARGIN_MS = 1000;

describe.each(VENDORS)("$name: an account that never answers", (vendor) => {
  it.each(Object.keys(COMMANDS))(
    "env %s ends with warehouse_connect_timeout within the time-out and closes its sockets",
    async (command) => {
      const server = await silentServer();
      vendor.prepare?.(server.port);
      const started = Date.now();
      const run = await cli(
        [...COMMANDS[command]!, "--warehouse", vendor.url(server.port), "--connect-timeout", "2"],
        {
          warehouseEnv: vendor.env,
        },
      );
      const took = Date.now() - started;
      expect(run.code, run.err).toBe(1);
      expect(run.err).toMatch(/^error\[warehouse_connect_timeout\]: The connect timeout \(2 s\) expired in /);
      expect(run.err).toContain("--connect-timeout");
      expect(took).toBeGreaterThanOrEqual(CONNECT_MS - 50);
      expect(took).toBeLessThan(CONNECT_MS + MARGIN_MS);
      expect(server.accepted()).toBeGreaterThan(0);
      // The client's side of every connection is closed: the server sees each one end.
      expect(await eventually(() => server.open() === 0, 500)).toBe(true);
      for (const secret of [SECRET, ENV_SECRET]) {
        expect(run.err).not.toContain(secret);
        expect(run.out).not.toContain(secret);
      }
    },
  );

  it("a refused connection is warehouse_unavailable at once, naming the warehouse and no secret", async () => {
    const port = await refusedPort();
    vendor.prepare?.(port);
    const started = Date.now();
    const run = await cli([...COMMANDS.create!, "--warehouse", vendor.url(port), "--connect-timeout", "10"], {
      warehouseEnv: vendor.env,
    });
    expect(run.code, run.err).toBe(1);
    expect(run.err).toMatch(
      new RegExp(`^error\\[warehouse_unavailable\\]: Can't connect to ${vendor.name}://`),
    );
    expect(run.err).toContain("ECONNREFUSED");
    expect(Date.now() - started).toBeLessThan(1500);
    for (const secret of [SECRET, ENV_SECRET]) {
      expect(run.err).not.toContain(secret);
      expect(run.out).not.toContain(secret);
    }
  });
});

const HOOKS = path.join(PROJECT_ROOT, "tools", "ts-hooks.mjs");
const CLI = path.join(PROJECT_ROOT, "src", "cli.ts");

describe.each(VENDORS)("$name: the CLI as a process", (vendor) => {
  it("exits as soon as it has printed the connect time-out; the client prints nothing of its own", async () => {
    const server = await silentServer();
    const env: NodeJS.ProcessEnv = { ...process.env, ...vendor.env, GITHUB_REPOSITORY: "acme/shop" };
    if (vendor.name === "bigquery") {
      adcAt(server.port);
      env.GOOGLE_APPLICATION_CREDENTIALS = CREDENTIALS;
    }
    const child = spawn(
      process.execPath,
      [
        "--import",
        HOOKS,
        CLI,
        ...COMMANDS.create!,
        "--warehouse",
        vendor.url(server.port),
        "--connect-timeout",
        "2",
      ],
      { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] },
    );
    children.push(child);
    let stdout = "";
    let stderr = "";
    let printed = 0;
    child.stdout!.on("data", (data: Buffer) => {
      stdout += data.toString();
    });
    child.stderr!.on("data", (data: Buffer) => {
      stderr += data.toString();
      if (printed === 0 && stderr.includes("error[")) printed = Date.now();
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", (exit) => resolve(exit)));
    const exited = Date.now();
    expect(code, stderr).toBe(1);
    expect(stderr).toMatch(/^error\[warehouse_connect_timeout\]: The connect timeout \(2 s\) expired/);
    // Nothing but ODS's own error and hint: no client logging, no warnings.
    expect(stderr.trim().split("\n").length).toBeLessThanOrEqual(3);
    expect(stdout).toBe("");
    // Printed, then exited: no socket or timer of the client's kept the process alive. Measured: 0.23 s
    // (Snowflake), 0.25 s (Databricks), 0.9 s (BigQuery: its HTTP layer retries, with back-off, on the sockets
    // destroyed under it, each retry's socket destroyed at once); left alone, the clients kept the process up
    // for 40 s (Snowflake's own request time-out and retry), minutes (BigQuery: no time-out) and 15 min
    // (Databricks' socket time-out).
    expect(exited - printed, `exited ${exited - printed} ms after printing`).toBeLessThan(1500);
    for (const secret of [SECRET, ENV_SECRET]) expect(stderr).not.toContain(secret);
  }, 30_000);
});
