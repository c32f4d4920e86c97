/**
 * The local GitHub fakes themselves, through real clients: the REST endpoints
 * other tests rely on (comments with pagination, pulls of a commit, runs) via
 * @octokit/rest, and the fault modes, so that a test failing elsewhere can
 * trust what the fake answered.
 */
import { Octokit } from "@octokit/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { verifyRuntimeToken } from "./runtime-token.js";
import { type ActionsServices, startActionsServices } from "./start-services.js";

let services: ActionsServices;
let octokit: Octokit;
const silent = { debug() {}, info() {}, warn() {}, error() {} };
const repo = { owner: "ods", repo: "warehouse" };

beforeEach(async () => {
  services = await startActionsServices();
  octokit = new Octokit({ auth: services.world.apiToken, baseUrl: services.rest.url, log: silent });
});

afterEach(async () => {
  await services.stop();
});

describe("GitHub REST fake", () => {
  it("paginates comments with a Link header, creates and updates them", async () => {
    for (let i = 0; i < 7; i++)
      services.world.addComment(5, `comment ${i}`, { login: "alice", type: "User" });
    const pages = [];
    for await (const page of octokit.paginate.iterator(octokit.rest.issues.listComments, {
      ...repo,
      issue_number: 5,
      per_page: 3,
    })) {
      pages.push(page.data.map((c) => c.body));
    }
    expect(pages).toEqual([
      ["comment 0", "comment 1", "comment 2"],
      ["comment 3", "comment 4", "comment 5"],
      ["comment 6"],
    ]);
    const created = await octokit.rest.issues.createComment({ ...repo, issue_number: 5, body: "plan" });
    expect(created.status).toBe(201);
    expect(created.data.user).toMatchObject({ login: "github-actions[bot]", type: "Bot" });
    const updated = await octokit.rest.issues.updateComment({
      ...repo,
      comment_id: created.data.id,
      body: "plan v2",
    });
    expect(updated.data.body).toBe("plan v2");
    expect(services.world.comments.filter((c) => c.issue === 5)).toHaveLength(8);
    expect(services.rest.server.recorded("comments").map((r) => `${r.method} ${r.query.page ?? ""}`)).toEqual(
      ["GET ", "GET 2", "GET 3", "POST ", "PATCH "],
    );
    expect(services.rest.server.recorded("comments").at(-1)!.body).toEqual({ body: "plan v2" });
  });

  it("refuses writes only, or everything, as the fault says", async () => {
    services.world.addComment(9, "existing");
    services.rest.server.setFault("comments", { kind: "status", status: 403 }, ["POST", "PATCH"]);
    const listed = await octokit.rest.issues.listComments({ ...repo, issue_number: 9 });
    expect(listed.data).toHaveLength(1);
    await expect(
      octokit.rest.issues.createComment({ ...repo, issue_number: 9, body: "x" }),
    ).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining("Resource not accessible by integration"),
    });
    services.rest.server.setFault("*", {
      kind: "status",
      status: 403,
      message: "API rate limit exceeded for installation ID 1.",
      headers: { "x-ratelimit-remaining": "0" },
    });
    const limited = await octokit.rest.issues.listComments({ ...repo, issue_number: 9 }).catch((e) => e);
    expect(limited.status).toBe(403);
    expect(limited.response.headers["x-ratelimit-remaining"]).toBe("0");
    services.rest.server.clearFaults();
    await expect(
      octokit.rest.issues.createComment({ ...repo, issue_number: 9, body: "x".repeat(65_537) }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it("answers the pulls of a commit, a run, and refuses a wrong token", async () => {
    services.world.addPullRequest({
      number: 12,
      state: "closed",
      mergedAt: "2026-01-01T00:00:00Z",
      mergeCommitSha: "abc123",
    });
    const pulls = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({
      ...repo,
      commit_sha: "abc123",
    });
    expect(pulls.data.map((p) => [p.number, p.merged_at])).toEqual([[12, "2026-01-01T00:00:00Z"]]);
    const run = services.world.addRun({ id: 77, event: "pull_request", pullNumber: 12 });
    const read = await octokit.rest.actions.getWorkflowRun({ ...repo, run_id: 77 });
    expect(read.data).toMatchObject({
      id: 77,
      event: "pull_request",
      head_branch: "feature-12",
      conclusion: null,
    });
    services.world.completeRun(run.id, "failure");
    expect((await octokit.rest.actions.getWorkflowRun({ ...repo, run_id: 77 })).data.conclusion).toBe(
      "failure",
    );
    const stranger = new Octokit({ auth: "wrong", baseUrl: services.rest.url, log: silent });
    await expect(stranger.rest.actions.getWorkflowRun({ ...repo, run_id: 77 })).rejects.toMatchObject({
      status: 401,
    });
  });

  it("is refused when down, and comes back on the same address", async () => {
    const url = services.rest.url;
    await services.rest.server.setDown(true);
    await expect(octokit.rest.repos.get(repo)).rejects.toThrow(/ECONNREFUSED/);
    await services.rest.server.setDown(false);
    expect(services.rest.url).toBe(url);
    expect((await octokit.rest.repos.get(repo)).data.default_branch).toBe("main");
  });
});

describe("blob store", () => {
  it("serves ranges as the Azure SDK asks for them, and refuses unsigned or read-only writes", async () => {
    services.blobs.write("c/b", Buffer.from("0123456789"));
    const url = services.blobs.signedUrl("c/b", "r");
    const ranged = await fetch(url, { headers: { "x-ms-range": "bytes=2-5" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe("bytes 2-5/10");
    expect(await ranged.text()).toBe("2345");
    const open = await fetch(url, { headers: { range: "bytes=7-" } });
    expect(await open.text()).toBe("789");
    const head = await fetch(url, { method: "HEAD" });
    expect(head.headers.get("content-length")).toBe("10");
    const unsigned = await fetch(url.replace(/sig=[^&]+/, "sig=x"));
    expect(unsigned.status).toBe(403);
    expect(unsigned.headers.get("x-ms-error-code")).toBe("AuthenticationFailed");
    const write = await fetch(url, {
      method: "PUT",
      headers: { "x-ms-blob-type": "BlockBlob" },
      body: "new",
    });
    expect(write.headers.get("x-ms-error-code")).toBe("AuthorizationPermissionMismatch");
    expect(services.blobs.read("c/b")?.toString()).toBe("0123456789");
  });
});

describe("runtime token", () => {
  it("carries the run's backend ids and cache scopes, and a forged one is refused", () => {
    const run = services.world.addRun({ event: "pull_request", pullNumber: 3 });
    const token = services.envFor(run).ACTIONS_RUNTIME_TOKEN!;
    expect(verifyRuntimeToken(`Bearer ${token}`, services.world.tokenSecret)).toEqual({
      runBackendId: run.runBackendId,
      jobBackendId: run.jobBackendId,
      cacheScopes: [
        { scope: "refs/pull/3/merge", permission: 3 },
        { scope: "refs/heads/main", permission: 1 },
      ],
    });
    const [header, payload] = token.split(".");
    expect(
      verifyRuntimeToken(`Bearer ${header}.${payload}.forged`, services.world.tokenSecret),
    ).toBeUndefined();
  });
});

describe("the worker's API front", () => {
  it("stands before one set of services at a time: a second set is refused while the first is up, and the next one after it stops is served", async () => {
    // The first set (beforeEach) is up: its GITHUB_API_URL is the front's, and the front answers with its fake.
    const front = new Octokit({ auth: services.world.apiToken, baseUrl: services.apiUrl, log: silent });
    services.world.addComment(5, "first", { login: "alice", type: "User" });
    expect(
      (await front.rest.issues.listComments({ ...repo, issue_number: 5 })).data.map((c) => c.body),
    ).toEqual(["first"]);
    await expect(startActionsServices()).rejects.toThrow(/already stands before .*: stop those services/);
    await services.stop();
    services = await startActionsServices();
    expect(services.apiUrl).toBe(front.request.endpoint.DEFAULTS.baseUrl);
    const next = new Octokit({ auth: services.world.apiToken, baseUrl: services.apiUrl, log: silent });
    expect((await next.rest.issues.listComments({ ...repo, issue_number: 5 })).data).toEqual([]);
  });
});
