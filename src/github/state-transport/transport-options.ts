/**
 * What every transport call (restore, save) takes: a time limit and where the
 * clients' lines go.
 *
 * What the clients read from the environment (the transport reads none of it,
 * the caller passes what it needs): @actions/cache ACTIONS_CACHE_SERVICE_V2,
 * ACTIONS_RESULTS_URL (ACTIONS_CACHE_URL for service v1), ACTIONS_RUNTIME_TOKEN,
 * ACTIONS_CACHE_MODE, GITHUB_SERVER_URL (any host but github.com, *.ghe.com or
 * *.localhost counts as GHES: cache v1, no artifacts), GITHUB_WORKSPACE (tar's
 * working directory), RUNNER_TEMP (archives), SEGMENT_DOWNLOAD_TIMEOUT_MINS;
 * @actions/artifact ACTIONS_RESULTS_URL, ACTIONS_RUNTIME_TOKEN (a JWT whose
 * `scp` claim carries the run's backend ids), GITHUB_SERVER_URL, GITHUB_API_URL
 * (read once, when @actions/github loads), GITHUB_WORKSPACE,
 * GITHUB_RETENTION_DAYS, ACTIONS_ARTIFACT_UPLOAD_TIMEOUT_MS.
 */

export const DEFAULT_TRANSPORT_TIMEOUT_MS = 120_000;

export interface TransportOptions {
  /**
   * How long one transport (cache, artifact) may take before it is given up
   * (default 120 s). The clients' own limits are minutes: the twirp calls
   * retry five times with backoff and have no request timeout, artifact
   * downloads retry five times after 5 s pauses.
   */
  timeoutMs?: number;
  /** Receives the lines the @actions clients print while they run; without it they are printed as usual. */
  clientLog?: (line: string) => void;
}
