/**
 * Security of the action's runs, end to end against the local GitHub
 * services (the committed dist/ bundles; ODS_ADVERSARIAL_ENTRY=src runs the
 * sources):
 *
 * - Fork pull requests, pull_request_target runs and pull requests from a
 *   deleted fork: no comment write is attempted (the REST fake's recorded
 *   requests), no state is written (no cache entry, no artifact), no
 *   environment is made even with a `warehouse` input (nothing connects),
 *   and the plan is in the job summary instead, with a warning saying why.
 * - Secrets: the token, a warehouse connection string and its password,
 *   environment values (the step's own, and those dbt copies into its
 *   artifacts' `metadata.env`) appear nowhere the runs produced: stdout and
 *   stderr (but in the `::add-mask::` line the runner consumes), GITHUB_OUTPUT,
 *   GITHUB_STATE, the job summary, the plan file, the comment, the SQLite
 *   state file, the cache entries' and the artifacts' contents in the fakes,
 *   and what the fakes received.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionEntry, type StepRun, srcEntry } from "../support/adversarial/run-step.js";
import { Tally } from "../support/adversarial/tally.js";
import { unpackBlob } from "../support/adversarial/unpack.js";
import { copyDistToTemp, runnerJob } from "../support/run-dist.js";
import { type FakeRun, writesState } from "../support/services/actions-world.js";
import { type ActionsServices, startActionsServices } from "../support/services/start-services.js";
import { PROJECT_ROOT } from "../support/shared-fixtures.js";

const SHOP = path.join(PROJECT_ROOT, "fixtures", "shop");
const tally = new Tally("security");
const repository = { default_branch: "main", full_name: "acme/shop" };

const SECRET = {
  token: "ghs_SecretToken0000aaaa1111bbbb2222",
  password: "pw-S3cr3t-5a1t-9z",
  envValue: "env-value-7c6b5a-q",
  dbtSecret: "dbt-env-secret-4d3c-w",
  customEnv: "custom-env-1e2f3a-r",
};
const CONNECTION = `postgres://ods:${SECRET.password}@127.0.0.1:1/warehouse`;

let services: ActionsServices;
let root: string;
let dist: string;
/** Everything the runs produced, to scan at the end. */
const produced: { what: string; text: string | Buffer }[] = [];

/** The shop's artifacts with an environment value in `metadata.env`, as dbt writes DBT_ENV_CUSTOM_ENV_ variables. */
function withEnv(file: string): string {
  const doc = JSON.parse(readFileSync(file, "utf8"));
  doc.metadata.env = { DBT_ENV_CUSTOM_ENV_TEAM: SECRET.customEnv, DBT_ENV_CUSTOM_ENV_TOKEN: SECRET.envValue };
  return JSON.stringify(doc);
}

function collect(label: string, run: StepRun): void {
  const unmasked = (text: string) =>
    text
      .split("\n")
      .filter((line) => !line.startsWith("::add-mask::"))
      .join("\n");
  produced.push(
    { what: `${label} stdout`, text: unmasked(run.stdout) },
    { what: `${label} stderr`, text: run.stderr },
    { what: `${label} GITHUB_OUTPUT`, text: run.outputFile },
    { what: `${label} GITHUB_STATE`, text: run.stateFile },
    { what: `${label} summary`, text: run.summary },
  );
  const plan = path.join(run.tempDir, "ods-state", "plan.json");
  if (existsSync(plan)) produced.push({ what: `${label} plan file`, text: readFileSync(plan, "utf8") });
}

async function job(
  run: FakeRun,
  name: string,
  payload: unknown,
  options: { manifest: string; inputs?: Record<string, string>; entry?: "src" },
) {
  const workspace = path.join(root, name, "workspace");
  mkdirSync(path.join(workspace, "target"), { recursive: true });
  writeFileSync(path.join(workspace, "target", "manifest.json"), withEnv(options.manifest));
  writeFileSync(
    path.join(workspace, "target", "sources.json"),
    withEnv(path.join(SHOP, "prod", "sources.json")),
  );
  const steps = await runnerJob({
    entry: (step) => (options.entry === "src" ? srcEntry(step) : actionEntry(dist, step)),
    workspace,
    variables: services.envFor(run),
    payload,
    inputs: { "github-token": SECRET.token, ...options.inputs },
    env: {
      DBT_ENV_SECRET_PASSWORD: SECRET.dbtSecret,
      PGPASSWORD: SECRET.password,
      MY_SETTING: SECRET.envValue,
    },
  });
  const main = steps.main;
  collect(`${name} main`, main);
  return {
    workspace,
    main,
    post: async (runResults: string) => {
      writeFileSync(path.join(workspace, "target", "run_results.json"), withEnv(runResults));
      const post = await steps.post();
      collect(`${name} post`, post);
      for (const file of [".ods/state.db", ".ods/state.db-wal"]) {
        const at = path.join(workspace, file);
        if (existsSync(at)) produced.push({ what: `${name} ${file}`, text: readFileSync(at) });
      }
      return post;
    },
  };
}

function pullPayload(number: number, headRepo: unknown) {
  return {
    action: "synchronize",
    number,
    repository,
    pull_request: {
      number,
      title: "A change",
      merged: false,
      head: { sha: "d".repeat(40), ref: "feature", repo: headRepo },
    },
  };
}

beforeAll(async () => {
  services = await startActionsServices({ repo: { owner: "acme", name: "shop" } });
  services.world.apiToken = SECRET.token;
  ({ root, dist } = copyDistToTemp());
  // Prod state to plan against: a default-branch run records and saves.
  const seed = services.world.addRun({ event: "push", branch: "main" });
  const first = await job(
    seed,
    "seed",
    { repository },
    { manifest: path.join(SHOP, "prod", "manifest.json") },
  );
  if (first.main.status !== 0)
    throw new Error(`seed main step failed:\n${first.main.stdout}\n${first.main.stderr}`);
  const post = await first.post(path.join(SHOP, "prod", "run_results.json"));
  if (post.status !== 0) throw new Error(`seed post step failed:\n${post.stdout}`);
  services.world.completeRun(seed.id);
});

afterAll(async () => {
  await services.stop();
  rmSync(path.dirname(path.dirname(dist)), { recursive: true, force: true });
  tally.report();
});

describe("untrusted pull requests", () => {
  const cases = [
    { name: "fork", event: "pull_request" as const, fork: true, headRepo: { full_name: "mallory/shop" } },
    {
      name: "pull_request_target",
      event: "pull_request_target" as const,
      fork: false,
      headRepo: { full_name: "acme/shop" },
    },
    // The sources: dist/ is rebuilt with the fix that counts a deleted fork as a fork.
    {
      name: "deleted fork",
      event: "pull_request" as const,
      fork: true,
      headRepo: null,
      entry: "src" as const,
    },
  ];
  it.each(cases.map((c, i) => [c.name, c, 50 + i] as const))(
    "%s: no comment write, no state write, no environment; the plan is in the job summary",
    async (name, c, number) => {
      await tally.check("untrusted pull request", "summary only", async () => {
        const run = services.world.addRun({
          event: c.event,
          pullNumber: number,
          branch: "feature",
          fork: c.fork,
        });
        const restBefore = services.rest.server.requests.length;
        const resultsBefore = services.results.server.requests.length;
        const caches = services.world.caches.length;
        const artifacts = services.world.stateArtifacts().length;
        const pr = await job(run, `pr-${name.replace(/\W+/g, "-")}`, pullPayload(number, c.headRepo), {
          manifest: path.join(SHOP, "pr-7", "manifest.json"),
          inputs: { warehouse: CONNECTION },
          ...(c.entry ? { entry: c.entry } : {}),
        });
        expect(pr.main.status, pr.main.stdout).toBe(0);
        // The runner is told to mask the secrets (the scan below leaves out only these lines).
        expect(pr.main.stdout).toContain(`::add-mask::${SECRET.token}`);
        expect(pr.main.stdout).toContain(`::add-mask::${CONNECTION}`);
        expect(pr.main.summary).toContain("### ods-state plan for");
        expect(pr.main.stdout).toMatch(/::warning::.*(fork|pull_request_target)/);
        const post = await pr.post(path.join(SHOP, "pr-7", "build", "run_results.json"));
        expect(post.status, post.stdout).toBe(0);
        const writes = services.rest.server.requests
          .slice(restBefore)
          .filter((r) => r.area === "comments" && r.method !== "GET");
        expect(writes).toEqual([]);
        expect(services.world.comments.filter((comment) => comment.issue === number)).toEqual([]);
        expect(services.world.caches.length).toBe(caches);
        // Its plan's page may be uploaded (issue 22); state never is.
        expect(services.world.stateArtifacts().length).toBe(artifacts);
        expect(services.results.server.requests.slice(resultsBefore).filter(writesState)).toEqual([]);
        // No environment: nothing tried to reach the warehouse (it would refuse the connection and say so).
        expect(`${pr.main.stdout}${post.stdout}`).not.toMatch(
          /ECONNREFUSED|could not connect|warehouse_unavailable/i,
        );
        expect(pr.main.outputs.schemas ?? "").toBe("");
      });
    },
  );
});

describe("no secret anywhere", () => {
  it("a same-repository pull request comments; then every product of every run is scanned for every secret", async () => {
    const run = services.world.addRun({ event: "pull_request", pullNumber: 60, branch: "feature" });
    const pr = await job(run, "pr-same-repo", pullPayload(60, { full_name: "acme/shop" }), {
      manifest: path.join(SHOP, "pr-7", "manifest.json"),
    });
    expect(pr.main.status, pr.main.stdout).toBe(0);
    expect(services.world.comments.filter((c) => c.issue === 60)).toHaveLength(1);
    await pr.post(path.join(SHOP, "pr-7", "build", "run_results.json"));

    for (const comment of services.world.comments)
      produced.push({ what: `comment ${comment.id}`, text: comment.body });
    for (const entry of services.world.cacheEntries()) {
      const blob = services.blobs.read(entry.blob);
      if (blob)
        for (const part of unpackBlob(blob)) produced.push({ what: `cache entry ${entry.key}`, text: part });
    }
    for (const artifact of services.world.finalizedArtifacts()) {
      const blob = services.blobs.read(artifact.blob);
      if (blob)
        for (const part of unpackBlob(blob)) produced.push({ what: `artifact ${artifact.id}`, text: part });
    }
    for (const request of services.requests())
      produced.push({
        what: `request ${request.method} ${request.path}`,
        text: JSON.stringify(request.body ?? ""),
      });
    // The state really is in the blobs (a scan of the wrong bytes would find nothing either).
    const states = produced.filter(
      (p) => /cache entry|artifact/.test(p.what) && Buffer.from(p.text).includes("SQLite format 3"),
    );
    expect(states.length).toBeGreaterThanOrEqual(2);
    const statesOnDisk = produced.filter((p) => p.what.endsWith(".ods/state.db"));
    expect(statesOnDisk.length).toBeGreaterThanOrEqual(1);

    const runtimeTokens = [...new Set(services.world.runs.values())].map(
      (r) => services.envFor(r).ACTIONS_RUNTIME_TOKEN!,
    );
    const secrets = [...Object.values(SECRET), CONNECTION, ...runtimeTokens];
    let scanned = 0;
    const leaks: string[] = [];
    for (const item of produced) {
      const bytes = Buffer.isBuffer(item.text) ? item.text : Buffer.from(item.text, "utf8");
      for (const secret of secrets) {
        scanned++;
        // Also as UTF-16 (a string in memory dumped as is) and JSON-escaped.
        for (const form of [
          Buffer.from(secret, "utf8"),
          Buffer.from(secret, "utf16le"),
          Buffer.from(JSON.stringify(secret).slice(1, -1)),
        ]) {
          if (bytes.includes(form)) leaks.push(`${item.what} holds ${secret.slice(0, 12)}…`);
        }
      }
    }
    tally.count("secret scan: (product, secret) pairs", leaks.length ? "failed" : "clean", scanned);
    if (leaks.length) tally.fail("secret scan: (product, secret) pairs", leaks.join("; "));
    expect(leaks).toEqual([]);
    expect(produced.length).toBeGreaterThan(30);
  });
});

it("scans what it says it scans", () => {
  expect(readdirSync(root).length).toBeGreaterThan(0);
});
