/**
 * State transport against local services, through the real clients:
 * @actions/cache (service v2: twirp + Azure blob upload + plain download),
 * @actions/artifact (twirp + Azure block upload, REST redirect download) and
 * Octokit for the artifact and run listings. Every test starts its own
 * services on 127.0.0.1 port 0 and works in its own workspace (the cache
 * client archives relative to the working directory and GITHUB_WORKSPACE).
 *
 * @actions/github reads GITHUB_API_URL once, when it is first imported, so
 * the file sets it to the worker's ApiFront before importing the transport
 * modules, and each test's services stand behind that front.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CACHE_STAGING_PATH } from "../../src/github/state-transport/cache-keys.js";
import { demoteAnnotation } from "../../src/github/state-transport/client-lines.js";
import type { GitHubAccess } from "../../src/github/state-transport/github-rest.js";
import type { RestoreStateParams } from "../../src/github/state-transport/restore-request.js";
import type * as RestoreModule from "../../src/github/state-transport/restore-state.js";
import type { SaveStateParams } from "../../src/github/state-transport/save-request.js";
import type * as SaveModule from "../../src/github/state-transport/save-state.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import { generateSnapshot } from "../../tools/snapshot-generator.js";
import type { FakeRun } from "../support/services/actions-world.js";
import { type ApiFront, workerApiFront } from "../support/services/api-front.js";
import { type ActionsServices, startActionsServices } from "../support/services/start-services.js";

const PROJECT = "shop";
const ENVIRONMENT = "prod";
const SCOPE = { project: PROJECT, environment: ENVIRONMENT };
/** Short, so that fault tests stay fast; the clients' own limits are minutes. */
const TIMEOUT_MS = 1500;

let restoreState: typeof RestoreModule.restoreState;
let saveState: typeof SaveModule.saveState;
let front: ApiFront;
const originalEnv = { ...process.env };
const originalCwd = process.cwd();
const stdoutWrite = process.stdout.write;

beforeAll(async () => {
  front = await workerApiFront();
  process.env.GITHUB_API_URL = front.url;
  ({ restoreState } = await import("../../src/github/state-transport/restore-state.js"));
  ({ saveState } = await import("../../src/github/state-transport/save-state.js"));
});

let services: ActionsServices;
let root: string;
let clientLines: string[];

beforeEach(async () => {
  services = await startActionsServices({ front });
  root = mkdtempSync(path.join(os.tmpdir(), "ods-transport-"));
  clientLines = [];
});

afterEach(async () => {
  process.chdir(originalCwd);
  for (const key of Object.keys(process.env)) if (!(key in originalEnv)) delete process.env[key];
  Object.assign(process.env, originalEnv, { GITHUB_API_URL: front.url });
  await services.stop();
  rmSync(root, { recursive: true, force: true });
});

interface RunContext {
  run: FakeRun;
  workspace: string;
  statePath: string;
  temp: string;
}

/** Becomes a job of `run`: its own workspace as working directory, the runner's variables. */
function enter(run: FakeRun, name = `run-${run.id}-${run.attempt}`): RunContext {
  const workspace = path.join(root, name, "workspace");
  const temp = path.join(root, name, "temp");
  mkdirSync(workspace, { recursive: true });
  mkdirSync(temp, { recursive: true });
  for (const key of Object.keys(process.env)) {
    if (/^(ACTIONS_|GITHUB_|RUNNER_)/.test(key) && key !== "GITHUB_API_URL") delete process.env[key];
  }
  Object.assign(process.env, services.envFor(run), {
    GITHUB_API_URL: front.url,
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: temp,
  });
  process.chdir(workspace);
  return { run, workspace, temp, statePath: path.join(workspace, ".ods", "state.db") };
}

/** The transport's own REST calls go straight to the fake (a refused connection stays refused); the artifact client's go through the front. */
function github(): GitHubAccess {
  return {
    token: services.world.apiToken!,
    owner: services.world.repo.owner,
    repo: services.world.repo.name,
    apiUrl: services.rest.url,
  };
}

function restoreParams(ctx: RunContext, extra: Partial<RestoreStateParams> = {}) {
  return {
    statePath: ctx.statePath,
    project: PROJECT,
    environment: ENVIRONMENT,
    defaultBranch: "main",
    tempDir: ctx.temp,
    github: github(),
    timeoutMs: TIMEOUT_MS,
    clientLog: (line: string) => clientLines.push(line),
    ...extra,
  };
}

function saveParams(ctx: RunContext, extra: Partial<SaveStateParams> = {}) {
  return {
    statePath: ctx.statePath,
    project: PROJECT,
    environment: ENVIRONMENT,
    runId: ctx.run.id,
    runAttempt: ctx.run.attempt,
    branch: ctx.run.headBranch,
    defaultBranch: "main",
    retentionDays: 30,
    timeoutMs: TIMEOUT_MS,
    clientLog: (line: string) => clientLines.push(line),
    ...extra,
  };
}

/** Commits a snapshot recorded by `runId` on top of whatever the file holds; returns it as stored. */
async function record(
  statePath: string,
  runId: string,
  scope: { project: string; environment: string } = SCOPE,
): Promise<StateSnapshot> {
  const store = await SqliteStateStore.open(statePath);
  try {
    const head = await store.latest(scope);
    const snapshot = generateSnapshot({ nodes: 25, seed: runId.length * 7 + 1, ...scope, runId });
    await store.commit(scope, head?.id ?? null, snapshot);
    return (await store.latest(scope))!.snapshot;
  } finally {
    await store.close();
  }
}

async function headOf(statePath: string, scope = SCOPE) {
  const store = await SqliteStateStore.open(statePath, { create: false });
  try {
    return await store.latest(scope);
  } finally {
    await store.close();
  }
}

/** A default-branch run that records `runId` on top of nothing and saves it, then concludes. */
async function mainRunSaves(runNumber: number, conclusion: "success" | "failure" = "success") {
  const ctx = enter(services.world.addRun({ id: runNumber }));
  const snapshot = await record(ctx.statePath, `run-${runNumber}`);
  const saved = await saveState(saveParams(ctx));
  services.world.completeRun(runNumber, conclusion);
  return { ctx, snapshot, saved };
}

function twirpCalls(): string[] {
  return services.results.server.requests.map((r) => `${r.area}:${r.path.split("/").pop()}`);
}

describe("save and restore", () => {
  it("round-trips a real state database through the cache, and saves an artifact beside it", async () => {
    const { ctx, snapshot, saved } = await mainRunSaves(101);
    expect(saved.warnings).toEqual([]);
    expect(saved.cache).toEqual({
      saved: true,
      key: "ods-state-v1-shop-prod-101-1",
      entryId: expect.any(Number),
    });
    expect(saved.artifact).toMatchObject({ saved: true, name: "ods-state", artifactId: expect.any(Number) });
    // What the clients did: reserve, Put Blob, finalize; create, Put Block + Put Block List, finalize.
    expect(twirpCalls()).toEqual([
      "cache:CreateCacheEntry",
      "cache:FinalizeCacheEntryUpload",
      "artifact:CreateArtifact",
      "artifact:FinalizeArtifact",
    ]);
    const uploads = services.blobs.server.recorded("upload").map((r) => r.query.comp ?? "blob");
    expect(uploads).toEqual(["blob", "block", "blocklist"]);
    const artifact = services.world.finalizedArtifacts()[0]!;
    expect(artifact.expiresAt).toBeDefined();
    expect(Date.parse(artifact.expiresAt!) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    // Saving leaves nothing behind in the workspace but the state file.
    expect(readdirSync(path.join(ctx.workspace, ".ods"))).toEqual(["state.db"]);

    const next = enter(services.world.addRun({ id: 102 }));
    expect(existsSync(next.statePath)).toBe(false);
    const restored = await restoreState(restoreParams(next));
    expect(restored.warnings).toEqual([]);
    expect(restored.source).toEqual({ kind: "cache", key: "ods-state-v1-shop-prod-101-1" });
    expect(restored.file).toBe(next.statePath);
    expect(restored.problem).toBeUndefined();
    expect((await headOf(next.statePath))?.snapshot).toEqual(snapshot);
    expect(readdirSync(path.join(next.workspace, ".ods")).sort()).toEqual(["state.db"]);
    const lookup = services.results.server.recorded("cache").at(-1)!;
    expect(lookup.path).toMatch(/GetCacheEntryDownloadURL$/);
    expect(lookup.body).toMatchObject({ key: "ods-state-v1-shop-prod-" });
    // The artifact was not needed.
    expect(services.rest.server.requests).toEqual([]);
    // The clients' lines went to clientLog, and stdout is itself again.
    expect(clientLines).toContain("Cache restored successfully");
    expect(process.stdout.write).toBe(stdoutWrite);
  });

  it("restores the newest of several entries, and never another environment's", async () => {
    for (const id of [201, 202, 203]) await mainRunSaves(id);
    // Saved last: a scope whose name starts with ours must not be taken for ours.
    const eu = enter(services.world.addRun({ id: 204 }));
    await record(eu.statePath, "run-204", { project: PROJECT, environment: "prod-eu" });
    const savedEu = await saveState(saveParams(eu, { environment: "prod-eu" }));
    expect(savedEu.cache).toMatchObject({ saved: true, key: "ods-state-v1-shop-prod%2Deu-204-1" });

    const ctx = enter(services.world.addRun({ id: 205 }));
    const restored = await restoreState(restoreParams(ctx));
    expect(restored.source).toEqual({ kind: "cache", key: "ods-state-v1-shop-prod-203-1" });
    expect((await headOf(ctx.statePath))?.snapshot.run_id).toBe("run-203");
    expect(services.world.cacheEntries().map((e) => e.key)).toEqual([
      "ods-state-v1-shop-prod%2Deu-204-1",
      "ods-state-v1-shop-prod-203-1",
      "ods-state-v1-shop-prod-202-1",
      "ods-state-v1-shop-prod-201-1",
    ]);
  });

  it("lets a pull request restore what the default branch saved, and never save", async () => {
    const { snapshot } = await mainRunSaves(301);
    const pr = enter(services.world.addRun({ id: 302, event: "pull_request", pullNumber: 7 }));
    const restored = await restoreState(restoreParams(pr));
    expect(restored.source).toEqual({ kind: "cache", key: "ods-state-v1-shop-prod-301-1" });
    expect((await headOf(pr.statePath))?.snapshot).toEqual(snapshot);
    // The entry lives in main's scope; the PR's token reads it, its own scope first.
    expect(services.world.cacheEntries()[0]!.scope).toBe("refs/heads/main");
    expect(pr.run.cacheScopes.map((s) => s.scope)).toEqual(["refs/pull/7/merge", "refs/heads/main"]);
    await expect(saveState(saveParams(pr))).rejects.toThrow(/only for runs on the default branch/);
    expect(services.world.cacheEntries()).toHaveLength(1);
  });

  it("moves a file already at the state path aside instead of overwriting it", async () => {
    await mainRunSaves(351);
    const ctx = enter(services.world.addRun({ id: 352 }));
    mkdirSync(path.dirname(ctx.statePath), { recursive: true });
    writeFileSync(ctx.statePath, "local file");
    writeFileSync(`${ctx.statePath}-wal`, "stale log");
    const restored = await restoreState(restoreParams(ctx));
    expect(restored.source.kind).toBe("cache");
    expect(restored.replaced).toBe(`${ctx.statePath}.before-restore.bak`);
    expect(existsSync(`${ctx.statePath}-wal`)).toBe(false);
    expect(existsSync(`${ctx.statePath}.before-restore.bak-wal`)).toBe(true);
    expect((await headOf(ctx.statePath))?.snapshot.run_id).toBe("run-351");
  });

  it("reports no state, without a warning, when nothing was ever saved", async () => {
    const ctx = enter(services.world.addRun({ id: 361 }));
    const restored = await restoreState(restoreParams(ctx));
    expect(restored).toMatchObject({ source: { kind: "none" }, warnings: [] });
    expect(restored.notes.join("\n")).toMatch(/no entry under ods-state-v1-shop-prod-/);
    expect(restored.notes.join("\n")).toMatch(/no `ods-state` artifact of a successful main run/);
    expect(existsSync(ctx.statePath)).toBe(false);
  });
});

describe("fallback to artifacts", () => {
  it("restores the newest artifact of a successful default-branch run when the cache is down", async () => {
    const { snapshot } = await mainRunSaves(401);
    // Newer artifacts that must be passed over: a failed main run, a PR run, a fork PR from a branch named main.
    await mainRunSaves(402, "failure");
    const good = services.world.finalizedArtifacts().find((a) => a.runId === 401)!;
    for (const run of [
      services.world.addRun({ id: 403, event: "pull_request", pullNumber: 8, conclusion: "success" }),
      services.world.addRun({
        id: 404,
        event: "pull_request",
        branch: "main",
        fork: true,
        conclusion: "success",
      }),
    ]) {
      services.world.artifacts.push({
        ...good,
        id: services.world.newId(),
        runId: run.id,
        createdAt: new Date().toISOString(),
      });
    }
    await services.results.server.setDown(true);

    const ctx = enter(services.world.addRun({ id: 405 }));
    const restored = await restoreState(restoreParams(ctx));
    expect(restored.source).toMatchObject({
      kind: "artifact",
      name: "ods-state",
      artifactId: good.id,
      runId: 401,
    });
    expect(restored.warnings).toEqual([
      expect.objectContaining({
        transport: "cache",
        reason: "unavailable",
        message: expect.stringMatching(/ECONNREFUSED/),
      }),
    ]);
    expect((await headOf(ctx.statePath))?.snapshot).toEqual(snapshot);
    const notes = restored.notes.join("\n");
    expect(notes).toMatch(/skipped \d+ \(run 404 comes from a fork\)/);
    expect(notes).toMatch(/skipped \d+ \(run 403 is on feature-8\)/);
    expect(notes).toMatch(/skipped \d+ \(run 402 concluded failure\)/);
    // Listing with the name filter, one run looked up per candidate, then the redirect to the blob.
    const rest = services.rest.server.requests.map((r) => `${r.method} ${r.path}`);
    expect(rest[0]).toBe("GET /repos/ods/warehouse/actions/artifacts");
    expect(services.rest.server.requests[0]!.query).toMatchObject({ name: "ods-state" });
    expect(rest).toContain("GET /repos/ods/warehouse/actions/runs/402");
    expect(rest.at(-1)).toBe(`GET /repos/ods/warehouse/actions/artifacts/${good.id}/zip`);
    expect(services.blobs.server.recorded("download").at(-1)!.path).toContain(`/${good.id}/ods-state.zip`);
  });

  it("ignores a cache answer for another scope and falls back", async () => {
    await mainRunSaves(451);
    const other = enter(services.world.addRun({ id: 452 }));
    await record(other.statePath, "run-452", { project: "other", environment: ENVIRONMENT });
    const savedOther = await saveState(saveParams(other, { project: "other", artifact: false }));
    services.results.cacheLookup = { forceKey: savedOther.cache.key };

    const ctx = enter(services.world.addRun({ id: 453 }));
    const restored = await restoreState(restoreParams(ctx));
    expect(restored.warnings).toEqual([
      expect.objectContaining({
        transport: "cache",
        reason: "invalid",
        message: expect.stringContaining("ods-state-v1-other-prod-452-1"),
      }),
    ]);
    expect(restored.source).toMatchObject({ kind: "artifact", runId: 451 });
    expect((await headOf(ctx.statePath))?.snapshot.run_id).toBe("run-451");
  });

  it("warns that `actions: read` is missing when the API refuses to list artifacts", async () => {
    await mainRunSaves(501);
    services.world.caches.length = 0; // evicted
    services.rest.server.setFault("artifacts", { kind: "status", status: 403 });
    const ctx = enter(services.world.addRun({ id: 502 }));
    const restored = await restoreState(restoreParams(ctx));
    expect(restored.source).toEqual({ kind: "none" });
    expect(restored.warnings).toEqual([
      {
        transport: "artifact",
        reason: "forbidden",
        permission: "actions: read",
        message: expect.stringContaining("add `actions: read` to the workflow's `permissions:`"),
      },
    ]);
    expect(restored.warnings[0]!.message.split("\n")).toHaveLength(1);
  });

  it("says the cache refused when its service answers 403", async () => {
    await mainRunSaves(511);
    services.results.server.setFault("cache", {
      kind: "status",
      status: 403,
      message: "cache read denied: no scope",
    });
    const ctx = enter(services.world.addRun({ id: 512 }));
    const restored = await restoreState(restoreParams(ctx));
    expect(restored.warnings[0]).toMatchObject({ transport: "cache", reason: "forbidden" });
    expect(restored.warnings[0]!.message).toMatch(/cache read denied/);
    expect(restored.source).toMatchObject({ kind: "artifact", runId: 511 });
  });

  it("degrades to no state, with a warning per service, when both are down", async () => {
    await mainRunSaves(601);
    await services.results.server.setDown(true);
    await services.rest.server.setDown(true);
    const ctx = enter(services.world.addRun({ id: 602 }));
    const restored = await restoreState(restoreParams(ctx));
    expect(restored.source).toEqual({ kind: "none" });
    expect(restored.warnings.map((w) => [w.transport, w.reason])).toEqual([
      ["cache", "unavailable"],
      ["artifact", "unavailable"],
    ]);
    expect(existsSync(ctx.statePath)).toBe(false);
  });

  it("skips what isn't configured (no cache service, no token), as outside Actions", async () => {
    const ctx = enter(services.world.addRun({ id: 651 }));
    delete process.env.ACTIONS_RESULTS_URL;
    delete process.env.ACTIONS_CACHE_URL;
    const { github: _, ...withoutToken } = restoreParams(ctx);
    const restored = await restoreState(withoutToken);
    expect(restored.source).toEqual({ kind: "none" });
    expect(restored.warnings.map((w) => [w.transport, w.reason])).toEqual([
      ["cache", "not_configured"],
      ["artifact", "not_configured"],
    ]);
    expect(services.requests()).toEqual([]);
  });
});

describe("slow services", () => {
  it("gives up on a cache that doesn't answer and restores the artifact", async () => {
    await mainRunSaves(701);
    services.results.server.setFault("cache", { kind: "hang" });
    const ctx = enter(services.world.addRun({ id: 702 }));
    const started = Date.now();
    const restored = await restoreState(restoreParams(ctx));
    const elapsed = Date.now() - started;
    expect(restored.warnings).toEqual([
      expect.objectContaining({
        transport: "cache",
        reason: "timeout",
        message: expect.stringContaining("1.5 s"),
      }),
    ]);
    expect(restored.source).toMatchObject({ kind: "artifact", runId: 701 });
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 3000);
  });

  it("gives up on blob downloads slower than the limit, leaving no state file", async () => {
    await mainRunSaves(711);
    services.blobs.server.setFault("download", { kind: "delay", ms: 20_000 });
    const ctx = enter(services.world.addRun({ id: 712 }));
    const started = Date.now();
    const restored = await restoreState(restoreParams(ctx));
    expect(Date.now() - started).toBeLessThan(2 * TIMEOUT_MS + 3000);
    expect(restored.source).toEqual({ kind: "none" });
    expect(restored.warnings.map((w) => [w.transport, w.reason])).toEqual([
      ["cache", "timeout"],
      ["artifact", "timeout"],
    ]);
    expect(existsSync(ctx.statePath)).toBe(false);
  });
});

describe("what is restored is not trusted blindly", () => {
  it("reports the source of a restored file that is not a state database, and the store refuses it", async () => {
    const ctx = enter(services.world.addRun({ id: 801 }));
    // A cache entry under our prefix whose file is not state (written with the real client).
    mkdirSync(path.join(ctx.workspace, ".ods", "transport"), { recursive: true });
    writeFileSync(path.join(ctx.workspace, CACHE_STAGING_PATH), "not a database\n".repeat(20));
    const cache = await import("@actions/cache");
    expect(await cache.saveCache([CACHE_STAGING_PATH], "ods-state-v1-shop-prod-801-1")).toBeGreaterThan(0);

    const next = enter(services.world.addRun({ id: 802 }));
    const restored = await restoreState(restoreParams(next));
    expect(restored.source).toEqual({ kind: "cache", key: "ods-state-v1-shop-prod-801-1" });
    expect(restored.problem).toBe("it is not a SQLite database");
    expect(restored.warnings).toEqual([
      expect.objectContaining({
        transport: "state",
        reason: "invalid",
        message: expect.stringContaining("the Actions cache entry `ods-state-v1-shop-prod-801-1`"),
      }),
    ]);
    await expect(SqliteStateStore.open(next.statePath, { create: false })).rejects.toThrow(next.statePath);
  });

  it("refuses to save a file that is not a state database, and says so", async () => {
    const ctx = enter(services.world.addRun({ id: 811 }));
    mkdirSync(path.dirname(ctx.statePath), { recursive: true });
    writeFileSync(ctx.statePath, "SQLite format 3\0".padEnd(200, "x"));
    const saved = await saveState(saveParams(ctx));
    expect(saved.cache.saved).toBe(false);
    expect(saved.artifact.saved).toBe(false);
    expect(saved.warnings).toEqual([
      expect.objectContaining({
        transport: "state",
        reason: "invalid",
        message: expect.stringContaining("another application"),
      }),
    ]);
    expect(services.requests()).toEqual([]);
  });

  it("ignores an artifact whose digest doesn't match", async () => {
    await mainRunSaves(821);
    services.world.caches.length = 0;
    const artifact = services.world.finalizedArtifacts()[0]!;
    artifact.digest = `sha256:${"0".repeat(64)}`;
    const ctx = enter(services.world.addRun({ id: 822 }));
    const restored = await restoreState(restoreParams(ctx));
    expect(restored.source).toEqual({ kind: "none" });
    expect(restored.warnings).toEqual([
      expect.objectContaining({
        transport: "artifact",
        reason: "invalid",
        message: expect.stringMatching(/digest/),
      }),
    ]);
  });
});

describe("saving", () => {
  it("makes a failed save visible as warnings and does not throw", async () => {
    const ctx = enter(services.world.addRun({ id: 901 }));
    await record(ctx.statePath, "run-901");
    await services.results.server.setDown(true);
    const saved = await saveState(saveParams(ctx));
    expect(saved.cache).toMatchObject({ saved: false, key: "ods-state-v1-shop-prod-901-1" });
    expect(saved.artifact).toMatchObject({ saved: false, name: "ods-state" });
    expect(saved.warnings.map((w) => [w.transport, w.reason])).toEqual([
      ["cache", "unavailable"],
      ["artifact", "unavailable"],
    ]);
    for (const warning of saved.warnings) {
      expect(warning.message).toMatch(/^State was not (saved|uploaded)/);
      // The cause, not the cache client's "another job may be creating this cache".
      expect(warning.message).toMatch(/ECONNREFUSED/);
    }
  });

  it("warns when this attempt already saved (keys are unique per run and attempt)", async () => {
    const ctx = enter(services.world.addRun({ id: 911 }));
    await record(ctx.statePath, "run-911");
    expect((await saveState(saveParams(ctx))).warnings).toEqual([]);
    const again = await saveState(saveParams(ctx));
    expect(again.cache.saved).toBe(false);
    expect(again.artifact.saved).toBe(false);
    expect(again.warnings.map((w) => w.transport)).toEqual(["cache", "artifact"]);
    expect(again.warnings[0]!.message).toMatch(/ods-state-v1-shop-prod-911-1.*\(409\)/);
    expect(again.warnings[1]!.message).toMatch(/already exists/);
    // A re-run attempt has its own key and saves.
    const retry = enter(services.world.addRun({ id: 912, attempt: 2 }), "retry");
    await record(retry.statePath, "run-912");
    expect((await saveState(saveParams(retry))).cache).toMatchObject({
      saved: true,
      key: "ods-state-v1-shop-prod-912-2",
    });
  });

  it("refuses to save a database whose write-ahead log was not checkpointed", async () => {
    const ctx = enter(services.world.addRun({ id: 921 }));
    await record(ctx.statePath, "run-921");
    writeFileSync(`${ctx.statePath}-wal`, "pending frames");
    const saved = await saveState(saveParams(ctx));
    expect(saved.warnings[0]).toMatchObject({ transport: "state", reason: "invalid" });
    expect(saved.warnings[0]!.message).toMatch(/write-ahead log/);
    expect(services.requests()).toEqual([]);
  });
});

describe("client lines", () => {
  it("demotes the clients' annotations to debug for a caller that reports failures itself", () => {
    expect(demoteAnnotation("::warning::Failed to restore: x")).toBe("::debug::Failed to restore: x");
    expect(demoteAnnotation("::error title=a::b")).toBe("::debug::b");
    expect(demoteAnnotation("Cache restored successfully")).toBe("Cache restored successfully");
  });
});

describe("two default-branch runs at once", () => {
  // Both restore the same state S, each records its own run, then they save.
  // "Later" is the order of the saves (the cache service's finalization order),
  // which is the order in which the runs recorded: the next run gets the file
  // of the run that saved last, and the other entry is kept under its own key.
  for (const order of [
    [1002, 1003],
    [1003, 1002],
  ] as const) {
    it(`restores the later-recorded state when run ${order[0]} saves before run ${order[1]}`, async () => {
      const base = await mainRunSaves(1001);
      const contexts = new Map<number, RunContext>();
      for (const id of [1002, 1003]) {
        const ctx = enter(services.world.addRun({ id }));
        const restored = await restoreState(restoreParams(ctx));
        expect(restored.source).toEqual({ kind: "cache", key: "ods-state-v1-shop-prod-1001-1" });
        await record(ctx.statePath, `run-${id}`);
        contexts.set(id, ctx);
      }
      for (const id of order) {
        const ctx = contexts.get(id)!;
        enter(ctx.run);
        const saved = await saveState(saveParams(ctx));
        expect(saved.cache).toMatchObject({ saved: true, key: `ods-state-v1-shop-prod-${id}-1` });
        services.world.completeRun(id);
      }
      const later = order[1];
      const next = enter(services.world.addRun({ id: 1004 }));
      const restored = await restoreState(restoreParams(next));
      expect(restored.source).toEqual({ kind: "cache", key: `ods-state-v1-shop-prod-${later}-1` });
      const head = await headOf(next.statePath);
      expect(head?.snapshot.run_id).toBe(`run-${later}`);
      expect(head?.parent).not.toBeNull();
      // Nothing was overwritten: every run's entry is still there.
      expect(
        services.world
          .cacheEntries()
          .map((e) => e.key)
          .sort(),
      ).toEqual([1001, 1002, 1003].map((id) => `ods-state-v1-shop-prod-${id}-1`));
      expect(base.snapshot.run_id).toBe("run-1001");
      // The artifact fallback agrees with the cache.
      await services.results.server.setDown(true);
      const viaArtifact = enter(services.world.addRun({ id: 1005 }));
      const fallback = await restoreState(restoreParams(viaArtifact));
      expect(fallback.source).toMatchObject({ kind: "artifact", runId: later });
    });
  }
});
