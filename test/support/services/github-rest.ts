/**
 * The GitHub REST API endpoints the action uses, over the ActionsWorld:
 *
 * area `repo`      GET  /repos/{o}/{r}
 * area `artifacts` GET  /repos/{o}/{r}/actions/artifacts            (?name=, per_page, page; newest first)
 *                  GET  /repos/{o}/{r}/actions/runs/{id}/artifacts   (?name=, per_page, page)
 *                  GET  /repos/{o}/{r}/actions/artifacts/{id}
 *                  GET  /repos/{o}/{r}/actions/artifacts/{id}/zip    (302 to a signed blob URL; 410 expired)
 * area `runs`      GET  /repos/{o}/{r}/actions/runs/{id}
 * area `pulls`     GET  /repos/{o}/{r}/commits/{sha}/pulls
 *                  GET  /repos/{o}/{r}/pulls                         (?state=open|closed|all, default open)
 *                  GET  /repos/{o}/{r}/pulls/{n}
 * area `comments`  GET  /repos/{o}/{r}/issues/{n}/comments          (per_page, page; Link header)
 *                  POST /repos/{o}/{r}/issues/{n}/comments
 *                  GET | PATCH | DELETE /repos/{o}/{r}/issues/comments/{id}
 *
 * Comments are created as `world.commentAuthor`; a body over 65,536
 * characters is 422 Validation Failed, as on GitHub.
 *
 * Lists paginate like GitHub: `per_page` (default 30, at most 100), `page`,
 * and a `Link` header with next/prev/first/last. With `world.apiToken` set,
 * a request without that token (`token …` or `Bearer …`) is 401 Bad
 * credentials. Errors have GitHub's body (`message`, `documentation_url`,
 * `status`). Faults per area, e.g. `setFault("artifacts", { kind: "status",
 * status: 403 })` for a workflow without `actions: read`,
 * `setFault("comments", { kind: "status", status: 403 }, ["POST", "PATCH"])`
 * for a fork's read-only token, or a 403 with `headers: { "x-ratelimit-remaining": "0" }`
 * on `*` for a rate limit.
 */
import type { ActionsWorld, FakeArtifact, FakeComment, FakePullRequest, FakeRun } from "./actions-world.js";
import type { BlobStore } from "./blob-store.js";
import { type FakeRequest, type FakeResponse, FakeServer } from "./fake-server.js";

type Handler = (request: FakeRequest, params: string[]) => FakeResponse;

interface Route {
  method: string;
  pattern: RegExp;
  area: string;
  handle: Handler;
}

const MESSAGES: Record<number, string> = {
  401: "Bad credentials",
  403: "Resource not accessible by integration",
  404: "Not Found",
  410: "Gone",
  422: "Validation Failed",
  500: "Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

export class GitHubRestApi {
  readonly server: FakeServer;
  readonly world: ActionsWorld;
  private readonly blobs: BlobStore;
  private readonly routes: Route[];

  constructor(world: ActionsWorld, blobs: BlobStore) {
    this.world = world;
    this.blobs = blobs;
    const repo = "/repos/([^/]+)/([^/]+)";
    const r = (method: string, path: string, area: string, handle: Handler): Route => ({
      method,
      pattern: new RegExp(`^${repo}${path}$`),
      area,
      handle,
    });
    this.routes = [
      r("GET", "", "repo", () => ({ status: 200, body: this.repoJson() })),
      r("GET", "/actions/artifacts", "artifacts", (req) => this.listArtifacts(req, () => true)),
      r("GET", "/actions/runs/(\\d+)/artifacts", "artifacts", (req, [id]) =>
        this.listArtifacts(req, (a) => a.runId === Number(id)),
      ),
      r("GET", "/actions/artifacts/(\\d+)", "artifacts", (_req, [id]) => {
        const artifact = this.world.finalizedArtifacts().find((a) => a.id === Number(id));
        return artifact ? { status: 200, body: this.artifactJson(artifact) } : githubError(404);
      }),
      r("GET", "/actions/artifacts/(\\d+)/(zip)", "artifacts", (_req, [id]) => {
        const artifact = this.world.finalizedArtifacts().find((a) => a.id === Number(id));
        if (!artifact) return githubError(404);
        if (artifact.expired) return githubError(410, "Artifact has expired");
        return { status: 302, headers: { location: this.blobs.signedUrl(artifact.blob, "r", 60_000) } };
      }),
      r("GET", "/actions/runs/(\\d+)", "runs", (_req, [id]) => {
        const run = this.world.runs.get(Number(id));
        return run ? { status: 200, body: this.runJson(run) } : githubError(404);
      }),
      r("GET", "/commits/([0-9a-fA-F]+)/pulls", "pulls", (req, [sha]) =>
        this.paginate(
          req,
          this.world.pulls.filter(
            (p) => p.commits.includes(sha!) || p.mergeCommitSha === sha || p.headSha === sha,
          ),
          (p) => this.pullJson(p),
        ),
      ),
      r("GET", "/pulls", "pulls", (req) => {
        const state = req.url.searchParams.get("state") ?? "open";
        return this.paginate(
          req,
          this.world.pulls
            .filter((p) => state === "all" || p.state === state)
            .sort((a, b) => b.number - a.number),
          (p) => this.pullJson(p),
        );
      }),
      r("GET", "/pulls/(\\d+)", "pulls", (_req, [n]) => {
        const pull = this.world.pulls.find((p) => p.number === Number(n));
        return pull ? { status: 200, body: this.pullJson(pull) } : githubError(404);
      }),
      r("GET", "/issues/(\\d+)/comments", "comments", (req, [n]) =>
        this.paginate(
          req,
          this.world.comments.filter((c) => c.issue === Number(n)).sort((a, b) => a.id - b.id),
          (c) => this.commentJson(c),
        ),
      ),
      r("POST", "/issues/(\\d+)/comments", "comments", (req, [n]) => {
        const body = jsonBody(req);
        const invalid = commentBodyProblem(body);
        if (invalid) return invalid;
        const comment = this.world.addComment(Number(n), body!.body as string, this.world.commentAuthor);
        return {
          status: 201,
          headers: { location: this.commentUrl(comment) },
          body: this.commentJson(comment),
        };
      }),
      r("GET", "/issues/comments/(\\d+)", "comments", (_req, [id]) => {
        const comment = this.world.comments.find((c) => c.id === Number(id));
        return comment ? { status: 200, body: this.commentJson(comment) } : githubError(404);
      }),
      r("PATCH", "/issues/comments/(\\d+)", "comments", (req, [id]) => {
        const comment = this.world.comments.find((c) => c.id === Number(id));
        if (!comment) return githubError(404);
        const body = jsonBody(req);
        const invalid = commentBodyProblem(body);
        if (invalid) return invalid;
        comment.body = body!.body as string;
        comment.updatedAt = this.world.timestamp();
        return { status: 200, body: this.commentJson(comment) };
      }),
      r("DELETE", "/issues/comments/(\\d+)", "comments", (_req, [id]) => {
        const index = this.world.comments.findIndex((c) => c.id === Number(id));
        if (index < 0) return githubError(404);
        this.world.comments.splice(index, 1);
        return { status: 204 };
      }),
    ];
    this.server = new FakeServer({
      name: "github-rest",
      route: (request) => {
        for (const route of this.routes) {
          if (route.method !== request.method) continue;
          const match = route.pattern.exec(request.url.pathname);
          if (!match) continue;
          return { area: route.area, handle: (req) => this.guard(req, route, match) };
        }
        return undefined;
      },
      errorResponse: (status, message) => githubError(status, message),
    });
  }

  async start(port = 0): Promise<this> {
    await this.server.start(port);
    return this;
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  /** GITHUB_API_URL. */
  get url(): string {
    return this.server.url;
  }

  private guard(request: FakeRequest, route: Route, match: RegExpExecArray): FakeResponse {
    const [, owner, name, ...params] = match;
    if (this.world.apiToken !== undefined) {
      const auth = request.headers.authorization ?? "";
      const token = /^(?:token|bearer)\s+(.+)$/i.exec(auth)?.[1];
      if (token !== this.world.apiToken) return githubError(401);
    }
    if (owner !== this.world.repo.owner || name !== this.world.repo.name) return githubError(404);
    return route.handle(request, params);
  }

  private listArtifacts(request: FakeRequest, keep: (artifact: FakeArtifact) => boolean): FakeResponse {
    const name = request.url.searchParams.get("name");
    const artifacts = this.world
      .finalizedArtifacts()
      .filter(keep)
      .filter((a) => name === null || a.name === name);
    return this.paginate(request, artifacts, (a) => this.artifactJson(a), "artifacts");
  }

  /** One page of `items` with GitHub's Link header; `wrap` names the list in an object with total_count. */
  private paginate<T>(
    request: FakeRequest,
    items: T[],
    toJson: (item: T) => unknown,
    wrap?: string,
  ): FakeResponse {
    const perPage = Math.min(100, Math.max(1, Number(request.url.searchParams.get("per_page") ?? 30) || 30));
    const page = Math.max(1, Number(request.url.searchParams.get("page") ?? 1) || 1);
    const last = Math.max(1, Math.ceil(items.length / perPage));
    const slice = items.slice((page - 1) * perPage, page * perPage).map(toJson);
    const link = (p: number, rel: string) => {
      const url = new URL(request.url.pathname, this.server.url);
      for (const [k, v] of request.url.searchParams) url.searchParams.set(k, v);
      url.searchParams.set("per_page", String(perPage));
      url.searchParams.set("page", String(p));
      return `<${url.toString()}>; rel="${rel}"`;
    };
    const links: string[] = [];
    if (page > 1) links.push(link(page - 1, "prev"));
    if (page < last) links.push(link(page + 1, "next"));
    if (page > 1 || page < last) links.push(link(last, "last"), link(1, "first"));
    return {
      status: 200,
      headers: links.length > 0 ? { link: links.join(", ") } : {},
      body: wrap ? { total_count: items.length, [wrap]: slice } : slice,
    };
  }

  private apiUrl(path: string): string {
    return `${this.server.url}/repos/${this.world.fullName}${path}`;
  }

  private repoJson() {
    const { repo } = this.world;
    return {
      id: repo.id,
      name: repo.name,
      full_name: this.world.fullName,
      owner: { login: repo.owner, type: "Organization" },
      default_branch: repo.defaultBranch,
      private: true,
      fork: false,
    };
  }

  private artifactJson(a: FakeArtifact) {
    const run = this.world.runs.get(a.runId);
    return {
      id: a.id,
      node_id: `MDg6QXJ0aWZhY3Q${a.id}`,
      name: a.name,
      size_in_bytes: a.size,
      url: this.apiUrl(`/actions/artifacts/${a.id}`),
      archive_download_url: this.apiUrl(`/actions/artifacts/${a.id}/zip`),
      expired: a.expired,
      digest: a.digest ?? null,
      created_at: a.createdAt,
      updated_at: a.createdAt,
      expires_at: a.expiresAt ?? null,
      workflow_run: run
        ? {
            id: run.id,
            repository_id: this.world.repo.id,
            head_repository_id: run.headRepositoryId,
            head_branch: run.headBranch,
            head_sha: run.headSha,
          }
        : null,
    };
  }

  private runJson(run: FakeRun) {
    return {
      id: run.id,
      name: "dbt",
      node_id: `WFR_${run.id}`,
      head_branch: run.headBranch,
      head_sha: run.headSha,
      path: ".github/workflows/dbt.yml",
      run_number: run.runNumber,
      run_attempt: run.attempt,
      event: run.event,
      status: run.status,
      conclusion: run.conclusion,
      workflow_id: 1,
      url: this.apiUrl(`/actions/runs/${run.id}`),
      html_url: `https://github.com/${this.world.fullName}/actions/runs/${run.id}`,
      created_at: run.createdAt,
      updated_at: run.createdAt,
      run_started_at: run.createdAt,
      pull_requests: [],
      repository: { id: this.world.repo.id, full_name: this.world.fullName, name: this.world.repo.name },
      head_repository: {
        id: run.headRepositoryId,
        full_name: run.headRepositoryFullName,
        name: this.world.repo.name,
      },
    };
  }

  private pullJson(p: FakePullRequest) {
    const repo = { id: this.world.repo.id, full_name: this.world.fullName, name: this.world.repo.name };
    return {
      id: 500_000 + p.number,
      number: p.number,
      state: p.state,
      title: p.title,
      merged_at: p.mergedAt,
      merge_commit_sha: p.mergeCommitSha,
      html_url: `https://github.com/${this.world.fullName}/pull/${p.number}`,
      head: { ref: p.headRef, sha: p.headSha, repo },
      base: { ref: p.baseRef, repo },
      user: { login: "author", type: "User" },
    };
  }

  private commentUrl(c: FakeComment): string {
    return this.apiUrl(`/issues/comments/${c.id}`);
  }

  private commentJson(c: FakeComment) {
    return {
      id: c.id,
      node_id: `IC_${c.id}`,
      url: this.commentUrl(c),
      html_url: `https://github.com/${this.world.fullName}/pull/${c.issue}#issuecomment-${c.id}`,
      issue_url: this.apiUrl(`/issues/${c.issue}`),
      body: c.body,
      user: { login: c.user.login, type: c.user.type, id: c.user.type === "Bot" ? 41898282 : 1 },
      author_association: c.user.type === "Bot" ? "NONE" : "MEMBER",
      created_at: c.createdAt,
      updated_at: c.updatedAt,
    };
  }
}

function jsonBody(request: FakeRequest): Record<string, unknown> | undefined {
  try {
    return JSON.parse(request.body.toString("utf8")) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

const MAX_COMMENT_LENGTH = 65_536;

function commentBodyProblem(body: Record<string, unknown> | undefined): FakeResponse | undefined {
  if (typeof body?.body !== "string") return githubError(422, "Validation Failed: body is required");
  if (body.body.length > MAX_COMMENT_LENGTH) {
    return githubError(
      422,
      `Validation Failed: body is too long (maximum is ${MAX_COMMENT_LENGTH} characters)`,
    );
  }
  return undefined;
}

export function githubError(status: number, message = MESSAGES[status] ?? "Error"): FakeResponse {
  return {
    status,
    body: {
      message,
      documentation_url: "https://docs.github.com/rest",
      status: String(status),
    },
  };
}
