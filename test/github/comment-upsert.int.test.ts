/**
 * The sticky upsert against the local GitHub REST API the other tests use
 * (test/support/services: issue comments listed with per_page/page and a Link
 * header, created, updated; faults per area and method), driven through the
 * real @octokit/rest client. The server records every request and keeps the
 * comments, so the tests assert on what GitHub would have seen and kept.
 */
import { Octokit } from "@octokit/rest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { commentMarker, renderComment } from "../../src/comment/render-comment.js";
import { type CommentsOctokit, upsertPlanComment } from "../../src/github/comment-upsert.js";
import { PlanBuilder, why } from "../support/plan-builder.js";
import { botUser, type FakeComment } from "../support/services/actions-world.js";
import { type ActionsServices, startActionsServices } from "../support/services/start-services.js";

const OWNER = "acme";
const REPO = "analytics";
const BOT = botUser();

/** The shared fake GitHub, seen as the comment tests need it. */
class CommentsWorld {
  services!: ActionsServices;

  async start(): Promise<void> {
    this.services = await startActionsServices({ repo: { owner: OWNER, name: REPO } });
    this.services.world.apiToken = undefined;
  }

  stop(): Promise<void> {
    return this.services.stop();
  }

  get comments(): FakeComment[] {
    return this.services.world.comments;
  }

  get requests() {
    return this.services.rest.server.requests;
  }

  clearRequests(): void {
    this.requests.splice(0);
  }

  reset(): void {
    this.comments.splice(0);
    this.clearRequests();
    this.services.rest.server.clearFaults();
  }

  seed(issue: number, body: string, user: FakeComment["user"] = { login: "alice", type: "User" }): number {
    return this.services.world.addComment(issue, body, user).id;
  }

  /** fork: the token reads but can't write; gone: the pull request is not there; too_long: GitHub refuses the body; rate_limited: every call. */
  set mode(mode: "fork" | "gone" | "too_long" | "rate_limited") {
    const server = this.services.rest.server;
    if (mode === "fork") server.setFault("comments", { kind: "status", status: 403 }, ["POST", "PATCH"]);
    if (mode === "gone") server.setFault("comments", { kind: "status", status: 404 });
    if (mode === "too_long")
      server.setFault(
        "comments",
        {
          kind: "status",
          status: 422,
          message: "Validation Failed: body is too long (maximum is 65536 characters)",
        },
        ["POST", "PATCH"],
      );
    if (mode === "rate_limited")
      server.setFault("*", {
        kind: "status",
        status: 403,
        message: "API rate limit exceeded for installation ID 1.",
        headers: { "x-ratelimit-remaining": "0" },
      });
  }
}

const github = new CommentsWorld();
let octokit: CommentsOctokit;

beforeAll(async () => {
  await github.start();
  octokit = new Octokit({
    baseUrl: github.services.apiUrl,
    auth: "test-token",
    userAgent: "ods-state-test",
    log: silentLog,
  });
});
afterAll(() => github.stop());
afterEach(() => github.reset());

const silentLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

function body(label: string, project = "jaffle_shop"): string {
  const builder = new PlanBuilder();
  builder.project = project;
  return renderComment(builder.build(label, why.codeChanged(["sql"])).plan(), { pullRequest: 42 });
}

const request = (text: string, extra: Partial<Parameters<typeof upsertPlanComment>[1]> = {}) => ({
  owner: OWNER,
  repo: REPO,
  pullRequest: 42,
  project: "jaffle_shop",
  body: text,
  ...extra,
});

const writes = () => github.requests.filter((r) => r.method !== "GET");

describe("sticky plan comment", () => {
  it("creates the comment on the first run", async () => {
    github.seed(42, "LGTM");
    const result = await upsertPlanComment(octokit, request(body("first")));
    expect(result).toMatchObject({ ok: true, action: "created", duplicates: [] });
    expect(github.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /repos/${OWNER}/${REPO}/issues/42/comments`,
      `POST /repos/${OWNER}/${REPO}/issues/42/comments`,
    ]);
    expect(github.requests[0]!.query.per_page).toBe("100");
    expect(github.comments.filter((c) => c.issue === 42)).toHaveLength(2);
    expect(github.comments[1]!.body).toBe(body("first"));
    expect(result.ok && result.url).toMatch(/#issuecomment-\d+$/);
  });

  it("updates the same comment in place on the next push, never a second one", async () => {
    const first = await upsertPlanComment(octokit, request(body("first")));
    const second = await upsertPlanComment(octokit, request(body("second")));
    const third = await upsertPlanComment(octokit, request(body("third")));
    expect(first).toMatchObject({ ok: true, action: "created" });
    expect(second).toMatchObject({ ok: true, action: "updated" });
    expect(third).toMatchObject({ ok: true, action: "updated" });
    const id = first.ok ? first.commentId : -1;
    expect(second.ok && second.commentId).toBe(id);
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0]!.body).toBe(body("third"));
    expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /repos/${OWNER}/${REPO}/issues/42/comments`,
      `PATCH /repos/${OWNER}/${REPO}/issues/comments/${id}`,
      `PATCH /repos/${OWNER}/${REPO}/issues/comments/${id}`,
    ]);
  });

  it("writes nothing when the body is already the same", async () => {
    await upsertPlanComment(octokit, request(body("same")));
    github.clearRequests();
    // GitHub may hand the body back with \r\n line ends.
    github.comments[0]!.body = github.comments[0]!.body.replaceAll("\n", "\r\n");
    const result = await upsertPlanComment(octokit, request(body("same")));
    expect(result).toMatchObject({ ok: true, action: "unchanged" });
    expect(writes()).toEqual([]);
  });

  it("finds its comment across pages (Link header), and reads no further once found", async () => {
    for (let i = 0; i < 250; i++) github.seed(42, `chatter ${i}`);
    const id = github.seed(42, body("old"), BOT);
    for (let i = 0; i < 120; i++) github.seed(42, `more chatter ${i}`);
    const result = await upsertPlanComment(octokit, request(body("new")));
    expect(result).toMatchObject({ ok: true, action: "updated", commentId: id, pages: 3 });
    const pages = github.requests.filter((r) => r.method === "GET").map((r) => r.query.page ?? "1");
    expect(pages).toEqual(["1", "2", "3"]);
    expect(github.comments.find((c) => c.id === id)!.body).toBe(body("new"));
    expect(github.comments).toHaveLength(371);
  });

  it("reads every page when the plan comment isn't there, then creates it", async () => {
    for (let i = 0; i < 230; i++) github.seed(42, `chatter ${i}`);
    const result = await upsertPlanComment(octokit, request(body("first")));
    expect(result).toMatchObject({ ok: true, action: "created", pages: 3 });
    expect(github.comments).toHaveLength(231);
  });

  it("keeps one comment per project: another project's marker is not ours", async () => {
    const other = github.seed(42, body("x", "marketing"), BOT);
    const result = await upsertPlanComment(octokit, request(body("mine")));
    expect(result).toMatchObject({ ok: true, action: "created" });
    expect(github.comments.find((c) => c.id === other)!.body).toBe(body("x", "marketing"));
    expect(body("x", "marketing").startsWith(commentMarker("marketing"))).toBe(true);
  });

  it("ignores quotes of the plan and, when the author is known, marker comments by anyone else", async () => {
    const quoted = github.seed(42, `> ${body("quoted")}\n\nwhy is this built?`);
    const planted = github.seed(42, body("planted"), { login: "mallory", type: "User" });
    const result = await upsertPlanComment(octokit, request(body("mine"), { author: BOT.login }));
    expect(result).toMatchObject({ ok: true, action: "created", duplicates: [] });
    expect(github.comments.find((c) => c.id === quoted)!.body).toContain("why is this built?");
    expect(github.comments.find((c) => c.id === planted)!.body).toBe(body("planted"));
  });

  it("without a known author, prefers a bot's comment and reports the others as duplicates", async () => {
    const human = github.seed(42, body("by a human"), { login: "alice", type: "User" });
    const bot = github.seed(42, body("by the bot"), BOT);
    const result = await upsertPlanComment(octokit, request(body("new")));
    expect(result).toMatchObject({ ok: true, action: "updated", commentId: bot, duplicates: [human] });
    expect(github.comments.find((c) => c.id === human)!.body).toBe(body("by a human"));
  });

  it("a fork's read-only token: 403 says it can't write and the plan goes to the job summary", async () => {
    github.mode = "fork";
    const result = await upsertPlanComment(octokit, request(body("first")));
    expect(result).toMatchObject({ ok: false, reason: "forbidden", status: 403 });
    if (result.ok) return;
    expect(result.warning).toContain("pull-requests: write");
    expect(result.warning).toContain("forks");
    expect(result.warning).toContain("job summary");
    expect(result.warning).toContain("Resource not accessible by integration");
    expect(result.warning).not.toContain("docs.github.com");
    expect(github.comments).toEqual([]);
  });

  it("a fork's token on an existing comment: 403 on the update, nothing created", async () => {
    github.seed(42, body("old"), BOT);
    github.mode = "fork";
    const result = await upsertPlanComment(octokit, request(body("new")));
    expect(result).toMatchObject({ ok: false, reason: "forbidden", status: 403 });
    expect(writes().map((r) => r.method)).toEqual(["PATCH"]);
    expect(github.comments).toHaveLength(1);
  });

  it("a pull request that is gone: 404, said clearly", async () => {
    github.mode = "gone";
    const result = await upsertPlanComment(octokit, request(body("first")));
    expect(result).toMatchObject({ ok: false, reason: "not_found", status: 404 });
    if (!result.ok) expect(result.warning).toContain("pull request #42 of acme/analytics");
  });

  it("a body GitHub finds too long: 422, said to be a bug", async () => {
    github.mode = "too_long";
    const result = await upsertPlanComment(octokit, request(body("first")));
    expect(result).toMatchObject({ ok: false, reason: "too_long", status: 422 });
    if (!result.ok) expect(result.warning).toContain("bug");
  });

  it("a body over 65,536 characters is not sent at all", async () => {
    const huge = `${commentMarker("jaffle_shop")}\n${"x".repeat(70_000)}`;
    const result = await upsertPlanComment(octokit, request(huge));
    expect(result).toMatchObject({ ok: false, reason: "too_long", status: null });
    expect(github.requests).toEqual([]);
  });

  it("a rate limit is not mistaken for a missing permission", async () => {
    github.mode = "rate_limited";
    const result = await upsertPlanComment(octokit, request(body("first")));
    expect(result).toMatchObject({ ok: false, reason: "rate_limited", status: 403 });
  });

  it("refuses a body without the marker (a programming error, not an HTTP answer)", async () => {
    await expect(upsertPlanComment(octokit, request("hello"))).rejects.toThrow(/marker/);
    expect(github.requests).toEqual([]);
  });
});

// @actions/github's Octokit fits the upsert's client type too: checked by `npm run typecheck`, not at run time.
type ActionsOctokit = ReturnType<typeof import("@actions/github").getOctokit>;
type ActionsOctokitFits = ActionsOctokit extends CommentsOctokit ? true : never;
const actionsOctokitFits: ActionsOctokitFits = true;
void actionsOctokitFits;
