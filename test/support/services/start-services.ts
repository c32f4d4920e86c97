/**
 * Starts the local GitHub services for one test: blob storage, the results
 * service (cache + artifacts) and the REST API, over one ActionsWorld, each
 * on 127.0.0.1 port 0. `envFor(run)` is what the runner would put in a job's
 * environment for the @actions/* clients to find them.
 */
import { ActionsWorld, type FakeRepository, type FakeRun } from "./actions-world.js";
import { type ApiFront, workerApiFront } from "./api-front.js";
import { BlobStore } from "./blob-store.js";
import type { RecordedRequest } from "./fake-server.js";
import { GitHubRestApi } from "./github-rest.js";
import { ResultsService } from "./results-service.js";
import { issueRuntimeToken } from "./runtime-token.js";

export interface ActionsServices {
  world: ActionsWorld;
  blobs: BlobStore;
  results: ResultsService;
  rest: GitHubRestApi;
  /** GITHUB_API_URL as the clients should see it (the front when given). */
  apiUrl: string;
  /** The variables a job of `run` gets from the runner. */
  envFor(run: FakeRun): Record<string, string>;
  /** Every request any of the services answered, in order per service. */
  requests(): RecordedRequest[];
  stop(): Promise<void>;
}

export interface StartOptions {
  repo?: Partial<FakeRepository>;
  now?: () => Date;
  /** Put the REST fake behind this front (default: the worker's, see api-front.ts). */
  front?: ApiFront;
}

export async function startActionsServices(options: StartOptions = {}): Promise<ActionsServices> {
  const world = new ActionsWorld(options.repo, options.now);
  const blobs = await new BlobStore().start();
  const results = await new ResultsService(world, blobs).start();
  const rest = await new GitHubRestApi(world, blobs).start();
  const front = options.front ?? (await workerApiFront());
  try {
    front.pointAt(rest.url);
  } catch (error) {
    await Promise.all([rest.stop(), results.stop(), blobs.stop()]);
    throw error;
  }
  const apiUrl = front.url;
  return {
    world,
    blobs,
    results,
    rest,
    apiUrl,
    envFor(run) {
      const isPull = run.event === "pull_request" || run.event === "pull_request_target";
      return {
        ACTIONS_RUNTIME_TOKEN: issueRuntimeToken(
          { runBackendId: run.runBackendId, jobBackendId: run.jobBackendId, cacheScopes: run.cacheScopes },
          world.tokenSecret,
        ),
        ACTIONS_RESULTS_URL: results.url,
        ACTIONS_CACHE_SERVICE_V2: "True",
        // github.com: the clients treat any other host as GHES (no cache v2, no artifacts v4).
        GITHUB_SERVER_URL: "https://github.com",
        GITHUB_API_URL: apiUrl,
        GITHUB_REPOSITORY: world.fullName,
        GITHUB_REPOSITORY_OWNER: world.repo.owner,
        GITHUB_REPOSITORY_ID: String(world.repo.id),
        GITHUB_RUN_ID: String(run.id),
        GITHUB_RUN_NUMBER: String(run.runNumber),
        GITHUB_RUN_ATTEMPT: String(run.attempt),
        GITHUB_EVENT_NAME: run.event,
        GITHUB_REF: run.ref,
        GITHUB_REF_NAME: run.ref.replace(/^refs\/(heads|pull)\//, ""),
        GITHUB_SHA: run.headSha,
        ...(isPull ? { GITHUB_HEAD_REF: run.headBranch, GITHUB_BASE_REF: world.repo.defaultBranch } : {}),
      };
    },
    requests() {
      return [...blobs.server.requests, ...results.server.requests, ...rest.server.requests];
    },
    async stop() {
      front.pointAt(undefined);
      await Promise.all([rest.stop(), results.stop(), blobs.stop()]);
    },
  };
}
