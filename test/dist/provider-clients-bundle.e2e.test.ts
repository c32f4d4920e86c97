/**
 * The vendors' clients from the committed bundles, away from any
 * node_modules (issue 25, layer 3): for each of snowflake://, bigquery:// and
 * databricks://, dist/cli loads the client's own bundle
 * (dist/client-<vendor>/index.js, src/drivers/providers/load-client.ts) and the
 * client runs: against a server that accepts and never answers, the
 * connect time-out; against a closed port, the client's own refusal. The
 * entry points' bundles hold none of the clients.
 *
 * Needs dist/ rebuilt after the clients were added (`npm run bundle`).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyDistToTemp, NODE24 } from "../support/run-dist.js";
import { SHOP } from "../support/warehouse/shop.js";

const copy = copyDistToTemp();
let server: net.Server;
let silentPort = 0;
let closedPort = 0;

beforeAll(async () => {
  server = net.createServer((socket) => {
    socket.resume();
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  silentPort = (server.address() as net.AddressInfo).port;
  const closed = net.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  closedPort = (closed.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const state = path.join(copy.root, "state.db");
  const recorded = spawnSync(
    NODE24,
    [
      path.join(copy.dist, "cli", "index.js"),
      "record",
      "--manifest",
      path.join(SHOP, "prod", "manifest.json"),
      "--run-results",
      path.join(SHOP, "prod", "run_results.json"),
      "--state",
      state,
    ],
    { cwd: copy.root, encoding: "utf8", env: { PATH: process.env.PATH ?? "" }, timeout: 60_000 },
  );
  expect(recorded.status, recorded.stderr).toBe(0);
}, 90_000);

afterAll(() => {
  server?.close();
  rmSync(copy.root, { recursive: true, force: true });
});

/** Credentials for the runs: none is ever reached. */
function credentialsFor(vendor: string, port: number): Record<string, string> {
  if (vendor === "snowflake") return { SNOWFLAKE_PASSWORD: "not-a-real-password" };
  if (vendor === "databricks") return { DATABRICKS_TOKEN: "not-a-real-token" };
  const file = path.join(copy.root, `adc-${port}.json`);
  writeFileSync(path.join(copy.root, "subject"), "subject-token");
  writeFileSync(
    file,
    JSON.stringify({
      type: "external_account",
      audience: "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/ci/providers/github",
      subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
      token_url: `http://127.0.0.1:${port}/v1/token`,
      credential_source: { file: path.join(copy.root, "subject") },
    }),
  );
  return { GOOGLE_APPLICATION_CREDENTIALS: file };
}

const URLS: Record<string, (port: number) => string> = {
  snowflake: (port) => `snowflake://ci@myorg-ci/ANALYTICS?host=127.0.0.1:${port}`,
  bigquery: (port) => `bigquery://ods-ci-project?location=EU&endpoint=http://127.0.0.1:${port}`,
  databricks: (port) => `databricks://127.0.0.1:${port}/sql/1.0/warehouses/abc?catalog=main`,
};

function envCreate(vendor: string, port: number) {
  return spawnSync(
    NODE24,
    [
      path.join(copy.dist, "cli", "index.js"),
      "env",
      "create",
      "--repository",
      "acme/shop",
      "--pr",
      "7",
      "--manifest",
      path.join(SHOP, "pr-7", "manifest.json"),
      "--sources",
      path.join(SHOP, "prod-after-merge", "sources.json"),
      "--state",
      path.join(copy.root, "state.db"),
      "--warehouse",
      URLS[vendor]!(port),
      "--connect-timeout",
      "2",
    ],
    {
      cwd: copy.root,
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", ...credentialsFor(vendor, port) },
      timeout: 60_000,
    },
  );
}

function sizeOf(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = statSync(file);
    total += stat.isDirectory() ? sizeOf(file) : stat.size;
  }
  return total;
}

describe.each(["snowflake", "bigquery", "databricks"])("dist/cli with a %s:// warehouse", (vendor) => {
  it("loads the client's bundle, which times out against a silent server and reports a refusal", () => {
    for (let dir = copy.dist; dir !== path.dirname(dir); dir = path.dirname(dir))
      expect(existsSync(path.join(dir, "node_modules"))).toBe(false);
    expect(existsSync(path.join(copy.dist, `client-${vendor}`, "index.js"))).toBe(true);
    const silent = envCreate(vendor, silentPort);
    expect(silent.status, silent.stderr).toBe(1);
    expect(silent.stderr).toMatch(/^error\[warehouse_connect_timeout\]: The connect timeout \(2 s\) expired/);
    const refused = envCreate(vendor, closedPort);
    expect(refused.status, refused.stderr).toBe(1);
    expect(refused.stderr).toMatch(/^error\[warehouse_unavailable\]: .*ECONNREFUSED/);
  }, 60_000);
});

describe("the entry points' bundles", () => {
  it.each(["main", "post", "cli"])(
    "dist/%s holds no vendor client (each is under 12 MB, no native client parts)",
    (entry) => {
      const dir = path.join(copy.dist, entry);
      expect(sizeOf(dir)).toBeLessThan(12 * 1024 * 1024);
      expect(readdirSync(dir).filter((name) => name.endsWith(".node"))).toEqual([]);
    },
  );
});
