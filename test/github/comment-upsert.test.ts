/**
 * The sticky upsert against a local HTTP server that speaks the GitHub REST
 * API's issue-comment endpoints (list with per_page/page and a Link header,
 * create, update), driven through the real @octokit/rest client. The server
 * records every request and stores the comments, so the tests assert on what
 * GitHub would have seen and kept.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Octokit } from "@octokit/rest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { commentMarker, renderComment } from "../../src/comment/render-comment.js";
import { type CommentsOctokit, upsertPlanComment } from "../../src/github/comment-upsert.js";
import { PlanBuilder, why } from "../support/plan-builder.js";

interface StoredComment {
  id: number;
  issue: number;
  body: string;
  user: { login: string; type: "User" | "Bot" };
}

interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: { body?: string };
}

const OWNER = "acme";
const REPO = "analytics";
const BOT = { login: "github-actions[bot]", type: "Bot" as const };

/** A small GitHub: issue comments only. */
class FakeGitHub {
  comments: StoredComment[] = [];
  requests: Recorded[] = [];
  /** `fork`: the token reads but can't write (403 on POST/PATCH). */
  mode: "normal" | "fork" | "gone" | "too_long" | "rate_limited" = "normal";
  /** The user new comments are created as. */
  actor: StoredComment["user"] = BOT;
  private nextId = 1000;
  private server: Server | undefined;
  baseUrl = "";

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error) => {
        res.writeHead(500).end(String(error));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve, reject) => this.server?.close((e) => (e ? reject(e) : resolve())));
  }

  reset(): void {
    this.comments = [];
    this.requests = [];
    this.mode = "normal";
    this.actor = BOT;
  }

  seed(issue: number, body: string, user: StoredComment["user"] = { login: "alice", type: "User" }): number {
    const id = this.nextId++;
    this.comments.push({ id, issue, body, user });
    return id;
  }

  private json(
    res: ServerResponse,
    status: number,
    data: unknown,
    headers: Record<string, string> = {},
  ): void {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
    res.end(JSON.stringify(data));
  }

  private error(
    res: ServerResponse,
    status: number,
    message: string,
    headers: Record<string, string> = {},
  ): void {
    this.json(
      res,
      status,
      { message, documentation_url: "https://docs.github.com/rest/issues/comments", status: String(status) },
      headers,
    );
  }

  private view(c: StoredComment) {
    return {
      id: c.id,
      node_id: `IC_${c.id}`,
      url: `${this.baseUrl}/repos/${OWNER}/${REPO}/issues/comments/${c.id}`,
      html_url: `https://github.com/${OWNER}/${REPO}/pull/${c.issue}#issuecomment-${c.id}`,
      issue_url: `${this.baseUrl}/repos/${OWNER}/${REPO}/issues/${c.issue}`,
      body: c.body,
      user: { login: c.user.login, id: 1, type: c.user.type },
      created_at: "2025-03-01T08:00:00Z",
      updated_at: "2025-03-01T08:00:00Z",
      author_association: "NONE",
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.baseUrl);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const recorded: Recorded = {
      method: req.method ?? "",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
    };
    if (text) recorded.body = JSON.parse(text);
    this.requests.push(recorded);

    if (this.mode === "rate_limited")
      return this.error(res, 403, "API rate limit exceeded for installation ID 1.", {
        "x-ratelimit-remaining": "0",
      });

    const list = url.pathname.match(/^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/);
    const one = url.pathname.match(/^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/);
    if ((list && (list[1] !== OWNER || list[2] !== REPO)) || (one && (one[1] !== OWNER || one[2] !== REPO)))
      return this.error(res, 404, "Not Found");

    if (list && req.method === "GET") {
      const issue = Number(list[3]);
      if (this.mode === "gone") return this.error(res, 404, "Not Found");
      const perPage = Math.min(100, Number(url.searchParams.get("per_page") ?? 30));
      const page = Number(url.searchParams.get("page") ?? 1);
      const all = this.comments.filter((c) => c.issue === issue);
      const last = Math.max(1, Math.ceil(all.length / perPage));
      const slice = all.slice((page - 1) * perPage, page * perPage);
      const links: string[] = [];
      const link = (p: number, rel: string) =>
        `<${this.baseUrl}${url.pathname}?per_page=${perPage}&page=${p}>; rel="${rel}"`;
      if (page < last) links.push(link(page + 1, "next"), link(last, "last"));
      if (page > 1) links.push(link(1, "first"), link(page - 1, "prev"));
      return this.json(
        res,
        200,
        slice.map((c) => this.view(c)),
        links.length ? { link: links.join(", ") } : {},
      );
    }
    if (list && req.method === "POST") {
      if (this.mode === "fork") return this.error(res, 403, "Resource not accessible by integration");
      if (this.mode === "gone") return this.error(res, 404, "Not Found");
      const body = recorded.body?.body ?? "";
      if (this.mode === "too_long" || body.length > 65_536)
        return this.error(res, 422, "Validation Failed: body is too long (maximum is 65536 characters)");
      const comment = { id: this.nextId++, issue: Number(list[3]), body, user: this.actor };
      this.comments.push(comment);
      return this.json(res, 201, this.view(comment));
    }
    if (one && req.method === "PATCH") {
      if (this.mode === "fork") return this.error(res, 403, "Resource not accessible by integration");
      const comment = this.comments.find((c) => c.id === Number(one[3]));
      if (!comment) return this.error(res, 404, "Not Found");
      comment.body = recorded.body?.body ?? "";
      return this.json(res, 200, this.view(comment));
    }
    return this.error(res, 404, "Not Found");
  }
}

const github = new FakeGitHub();
let octokit: CommentsOctokit;

beforeAll(async () => {
  await github.start();
  octokit = new Octokit({
    baseUrl: github.baseUrl,
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
    github.requests = [];
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

  it("accepts @actions/github's Octokit too (type check)", () => {
    type ActionsOctokit = ReturnType<typeof import("@actions/github").getOctokit>;
    const accepts = (client: ActionsOctokit): CommentsOctokit => client;
    expect(typeof accepts).toBe("function");
  });
});
