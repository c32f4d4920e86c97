/**
 * What the local GitHub fakes agree on: one repository, its workflow runs,
 * cache entries, artifacts, pull requests and issue comments. The results
 * service writes cache entries and artifacts here; the REST fake reads them
 * (an artifact uploaded through the ArtifactService is listed by the REST
 * API, like on github.com). Tests arrange runs and read the outcome here.
 */
import { randomUUID } from "node:crypto";
import { CACHE_READ, CACHE_WRITE, type CacheScope } from "./runtime-token.js";

export interface FakeRepository {
  owner: string;
  name: string;
  id: number;
  defaultBranch: string;
}

export type RunEvent = "push" | "pull_request" | "pull_request_target" | "schedule" | "workflow_dispatch";

export interface FakeRun {
  id: number;
  runNumber: number;
  attempt: number;
  event: RunEvent;
  /** The branch the run is for (a PR's head branch for pull_request runs). */
  headBranch: string;
  headSha: string;
  /** The repository the head commit comes from (a fork's id for fork PRs). */
  headRepositoryId: number;
  headRepositoryFullName: string;
  /** GITHUB_REF: refs/heads/<branch>, or refs/pull/<n>/merge. */
  ref: string;
  pullNumber?: number;
  status: "queued" | "in_progress" | "completed";
  conclusion: "success" | "failure" | "cancelled" | null;
  runBackendId: string;
  jobBackendId: string;
  cacheScopes: CacheScope[];
  createdAt: string;
}

export interface FakeCacheEntry {
  id: number;
  key: string;
  version: string;
  scope: string;
  blob: string;
  sizeBytes: number;
  finalized: boolean;
  /** Order of finalization: "newest" is the highest. */
  sequence: number;
  createdAt: string;
}

export interface FakeArtifact {
  id: number;
  name: string;
  runId: number;
  runBackendId: string;
  jobBackendId: string;
  blob: string;
  size: number;
  digest: string | undefined;
  finalized: boolean;
  expired: boolean;
  createdAt: string;
  expiresAt: string | undefined;
}

export interface FakePullRequest {
  number: number;
  state: "open" | "closed";
  title: string;
  headRef: string;
  headSha: string;
  baseRef: string;
  mergedAt: string | null;
  mergeCommitSha: string | null;
  /** Commits this PR is associated with (GET /commits/{sha}/pulls). */
  commits: string[];
}

export interface FakeComment {
  id: number;
  issue: number;
  body: string;
  user: { login: string; type: "Bot" | "User" };
  createdAt: string;
  updatedAt: string;
}

export interface RunOptions {
  id?: number;
  attempt?: number;
  event?: RunEvent;
  branch?: string;
  sha?: string;
  pullNumber?: number;
  /** A fork's head repository (pull requests from forks). */
  fork?: boolean;
  status?: FakeRun["status"];
  conclusion?: FakeRun["conclusion"];
}

export class ActionsWorld {
  readonly repo: FakeRepository;
  readonly tokenSecret = randomUUID();
  readonly runs = new Map<number, FakeRun>();
  readonly caches: FakeCacheEntry[] = [];
  readonly artifacts: FakeArtifact[] = [];
  readonly pulls: FakePullRequest[] = [];
  readonly comments: FakeComment[] = [];
  /** Who new comments are created as (the token's user). */
  commentAuthor: FakeComment["user"] = botUser();
  /** The token the REST API accepts (`undefined`: any token, or none). */
  apiToken: string | undefined = "ghs_fake_token";
  private sequence = 0;
  private nextId = 1000;
  private readonly now: () => Date;

  constructor(repo: Partial<FakeRepository> = {}, now: () => Date = () => new Date()) {
    this.repo = { owner: "ods", name: "warehouse", id: 4242, defaultBranch: "main", ...repo };
    this.now = now;
  }

  get fullName(): string {
    return `${this.repo.owner}/${this.repo.name}`;
  }

  timestamp(): string {
    return this.now().toISOString();
  }

  newId(): number {
    return this.nextId++;
  }

  nextSequence(): number {
    return ++this.sequence;
  }

  /**
   * A workflow run of this repository. A default-branch run reads and writes
   * its branch's cache scope; a pull_request run writes refs/pull/<n>/merge
   * and reads it and its base branch.
   */
  addRun(options: RunOptions = {}): FakeRun {
    const id = options.id ?? this.newId();
    const event = options.event ?? "push";
    const isPull = event === "pull_request" || event === "pull_request_target";
    const pullNumber = isPull ? (options.pullNumber ?? 1) : undefined;
    const branch = options.branch ?? (isPull ? `feature-${pullNumber}` : this.repo.defaultBranch);
    const ref = isPull && event === "pull_request" ? `refs/pull/${pullNumber}/merge` : `refs/heads/${branch}`;
    const base = `refs/heads/${this.repo.defaultBranch}`;
    const cacheScopes: CacheScope[] =
      ref === base
        ? [{ scope: base, permission: CACHE_READ | CACHE_WRITE }]
        : [
            { scope: ref, permission: CACHE_READ | CACHE_WRITE },
            { scope: base, permission: CACHE_READ },
          ];
    const run: FakeRun = {
      id,
      runNumber: this.runs.size + 1,
      attempt: options.attempt ?? 1,
      event,
      headBranch: branch,
      headSha: options.sha ?? `${id.toString(16).padStart(8, "0")}${"0".repeat(32)}`,
      headRepositoryId: options.fork ? this.repo.id + 1 : this.repo.id,
      headRepositoryFullName: options.fork ? `fork-owner/${this.repo.name}` : this.fullName,
      ref,
      ...(pullNumber === undefined ? {} : { pullNumber }),
      status: options.status ?? "in_progress",
      conclusion: options.conclusion ?? null,
      runBackendId: randomUUID(),
      jobBackendId: randomUUID(),
      cacheScopes,
      createdAt: this.timestamp(),
    };
    this.runs.set(id, run);
    return run;
  }

  /** Ends a run, as GitHub does after its last job. */
  completeRun(id: number, conclusion: NonNullable<FakeRun["conclusion"]> = "success"): FakeRun {
    const run = this.runs.get(id);
    if (!run) throw new Error(`no run ${id}`);
    run.status = "completed";
    run.conclusion = conclusion;
    return run;
  }

  runByBackendId(runBackendId: string): FakeRun | undefined {
    return [...this.runs.values()].find((run) => run.runBackendId === runBackendId);
  }

  /** Finalized cache entries, newest first. */
  cacheEntries(): FakeCacheEntry[] {
    return this.caches.filter((c) => c.finalized).sort((a, b) => b.sequence - a.sequence);
  }

  /** Finalized artifacts, newest first. */
  finalizedArtifacts(): FakeArtifact[] {
    return this.artifacts.filter((a) => a.finalized).sort((a, b) => b.id - a.id);
  }

  /** Artifacts other than the plan's page the main step uploads (`ods-state-plan-…`, issue 22): state. */
  stateArtifacts(): FakeArtifact[] {
    return this.artifacts.filter((a) => !isPlanPageArtifact(a.name));
  }

  addPullRequest(pull: Partial<FakePullRequest> & { number: number }): FakePullRequest {
    const record: FakePullRequest = {
      state: "open",
      title: `PR ${pull.number}`,
      headRef: `feature-${pull.number}`,
      headSha: "f".repeat(40),
      baseRef: this.repo.defaultBranch,
      mergedAt: null,
      mergeCommitSha: null,
      commits: [],
      ...pull,
    };
    this.pulls.push(record);
    return record;
  }

  addComment(issue: number, body: string, user: FakeComment["user"] = botUser()): FakeComment {
    const at = this.timestamp();
    const comment: FakeComment = { id: this.newId(), issue, body, user, createdAt: at, updatedAt: at };
    this.comments.push(comment);
    return comment;
  }
}

export function botUser(): FakeComment["user"] {
  return { login: "github-actions[bot]", type: "Bot" };
}

/** The artifact the main step uploads the plan's page in (issue 22), as opposed to state. */
export function isPlanPageArtifact(name: string): boolean {
  return name.startsWith("ods-state-plan-");
}

/** A request to the results service that writes state: a cache entry, or an artifact other than the plan's page. */
export function writesState(request: { path: string; body?: unknown }): boolean {
  if (/CreateCacheEntry|FinalizeCacheEntryUpload/.test(request.path)) return true;
  if (!/CreateArtifact|FinalizeArtifact/.test(request.path)) return false;
  const name = (request.body as { name?: unknown } | undefined)?.name;
  return typeof name !== "string" || !isPlanPageArtifact(name);
}
