/**
 * The Actions results service as @actions/cache (service v2) and
 * @actions/artifact talk to it: twirp JSON over HTTP at ACTIONS_RESULTS_URL,
 * `POST /twirp/github.actions.results.api.v1.<Service>/<Method>`, with the
 * job's ACTIONS_RUNTIME_TOKEN as a bearer token. Blobs go to the BlobStore
 * through signed URLs this service hands out.
 *
 * CacheService (area `cache`):
 * - CreateCacheEntry {key, version}: reserves the key in the token's first
 *   writable scope and returns a write URL; a key already there (same
 *   version) is 409 already_exists, a token without a writable scope gets
 *   `ok: false` with `cache write denied: …` (what the client checks for).
 * - FinalizeCacheEntryUpload {key, version, size_bytes}: checks the blob is
 *   there with that size and makes the entry visible; `entry_id`.
 * - GetCacheEntryDownloadURL {key, restore_keys, version}: for each readable
 *   scope in the token's order (own ref, then the base branch): an exact
 *   match of `key`, else the newest entry `key` is a prefix of, else the
 *   newest for each restore key in turn; only entries of the same version
 *   (the client hashes the paths and compression method into it).
 *
 * ArtifactService (area `artifact`): CreateArtifact, FinalizeArtifact,
 * ListArtifacts (name and id filters), GetSignedArtifactURL, DeleteArtifact,
 * for the run whose backend ids the token carries. Finalized artifacts are
 * in the ActionsWorld, where the REST fake lists them.
 *
 * Faults: any FakeServer fault per area; `cacheLookup` makes the lookup
 * return the oldest matching entry, or a given entry whatever was asked
 * (a foreign or stale answer).
 */

import type { ActionsWorld, FakeCacheEntry } from "./actions-world.js";
import type { BlobStore } from "./blob-store.js";
import { type FakeRequest, type FakeResponse, FakeServer } from "./fake-server.js";
import { CACHE_READ, CACHE_WRITE, type RuntimeClaims, verifyRuntimeToken } from "./runtime-token.js";

const PREFIX = "/twirp/github.actions.results.api.v1.";

export type CacheLookup = "newest" | "oldest" | { forceKey: string };

type Json = Record<string, unknown>;

export class ResultsService {
  readonly server: FakeServer;
  readonly world: ActionsWorld;
  readonly blobs: BlobStore;
  cacheLookup: CacheLookup = "newest";

  constructor(world: ActionsWorld, blobs: BlobStore) {
    this.world = world;
    this.blobs = blobs;
    this.server = new FakeServer({
      name: "results-service",
      route: (request) => {
        const path = request.url.pathname;
        if (request.method !== "POST" || !path.startsWith(PREFIX)) return undefined;
        const [service, method] = path.slice(PREFIX.length).split("/");
        if (service === "CacheService")
          return { area: "cache", handle: (r) => this.rpc(r, method!, this.cacheRpc) };
        if (service === "ArtifactService") {
          return { area: "artifact", handle: (r) => this.rpc(r, method!, this.artifactRpc) };
        }
        return undefined;
      },
      errorResponse: (status, message) =>
        twirpError(status, message ?? `the service answered ${status} (fault)`),
    });
  }

  async start(): Promise<this> {
    await this.server.start();
    return this;
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  /** ACTIONS_RESULTS_URL (the clients append /twirp/…). */
  get url(): string {
    return `${this.server.url}/`;
  }

  private async rpc(
    request: FakeRequest,
    method: string,
    table: Record<string, (claims: RuntimeClaims, body: Json) => FakeResponse>,
  ): Promise<FakeResponse> {
    const claims = verifyRuntimeToken(headerOf(request, "authorization"), this.world.tokenSecret);
    if (!claims) return twirpError(401, "the runtime token is missing or invalid");
    const handler = table[method];
    if (!handler) return twirpError(404, `no method ${method}`);
    let body: Json;
    try {
      body = JSON.parse(request.body.toString("utf8") || "{}") as Json;
    } catch {
      return twirpError(400, "the request body is not JSON");
    }
    return handler.call(this, claims, body);
  }

  // ---- CacheService -------------------------------------------------------

  private readonly cacheRpc: Record<string, (claims: RuntimeClaims, body: Json) => FakeResponse> = {
    CreateCacheEntry: (claims, body) => {
      const key = str(body.key);
      const version = str(body.version);
      if (!key || !version) return twirpError(400, "key and version are required");
      const scope = claims.cacheScopes.find((s) => (s.permission & CACHE_WRITE) !== 0)?.scope;
      if (!scope) {
        return {
          status: 200,
          body: { ok: false, message: "cache write denied: this run's token can only read the cache" },
        };
      }
      const existing = this.world.caches.find(
        (c) => c.key === key && c.version === version && c.scope === scope,
      );
      if (existing) return twirpError(409, `cache entry ${key} already exists in ${scope}`);
      const id = this.world.newId();
      const entry: FakeCacheEntry = {
        id,
        key,
        version,
        scope,
        blob: `actions-cache/${id}`,
        sizeBytes: 0,
        finalized: false,
        sequence: 0,
        createdAt: this.world.timestamp(),
      };
      this.world.caches.push(entry);
      return { status: 200, body: { ok: true, signed_upload_url: this.blobs.signedUrl(entry.blob, "cw") } };
    },
    FinalizeCacheEntryUpload: (claims, body) => {
      const key = str(body.key);
      const version = str(body.version);
      const scope = claims.cacheScopes.find((s) => (s.permission & CACHE_WRITE) !== 0)?.scope;
      const entry = this.world.caches.find(
        (c) => c.key === key && c.version === version && c.scope === scope && !c.finalized,
      );
      if (!entry) return twirpError(404, `no reserved cache entry ${key}`);
      const size = this.blobs.size(entry.blob);
      if (size === undefined)
        return { status: 200, body: { ok: false, message: "the archive was not uploaded" } };
      if (String(size) !== String(body.size_bytes)) {
        return twirpError(400, `size_bytes ${String(body.size_bytes)} does not match the upload (${size})`);
      }
      entry.sizeBytes = size;
      entry.finalized = true;
      entry.sequence = this.world.nextSequence();
      return { status: 200, body: { ok: true, entry_id: String(entry.id) } };
    },
    GetCacheEntryDownloadURL: (claims, body) => {
      const key = str(body.key);
      const version = str(body.version);
      const restoreKeys = Array.isArray(body.restore_keys) ? body.restore_keys.map(String) : [];
      const readable = claims.cacheScopes
        .filter((s) => (s.permission & CACHE_READ) !== 0)
        .map((s) => s.scope);
      if (readable.length === 0)
        return twirpError(403, "cache read denied: this run's token has no readable cache scope");
      const entry = this.lookup(readable, key, restoreKeys, version);
      if (!entry) return { status: 200, body: { ok: false } };
      return {
        status: 200,
        body: {
          ok: true,
          signed_download_url: this.blobs.signedUrl(entry.blob, "r"),
          matched_key: entry.key,
        },
      };
    },
  };

  private lookup(
    scopes: string[],
    key: string,
    restoreKeys: string[],
    version: string,
  ): FakeCacheEntry | undefined {
    const entries = this.world.cacheEntries();
    const mode = this.cacheLookup;
    if (typeof mode === "object") return entries.find((e) => e.key === mode.forceKey);
    const pick = (candidates: FakeCacheEntry[]) =>
      mode === "oldest" ? candidates[candidates.length - 1] : candidates[0];
    for (const scope of scopes) {
      const inScope = entries.filter((e) => e.scope === scope && e.version === version);
      const exact = inScope.find((e) => e.key === key);
      if (exact && mode === "newest") return exact;
      for (const prefix of [key, ...restoreKeys]) {
        const found = pick(inScope.filter((e) => e.key.startsWith(prefix)));
        if (found) return found;
      }
    }
    return undefined;
  }

  // ---- ArtifactService ----------------------------------------------------

  private readonly artifactRpc: Record<string, (claims: RuntimeClaims, body: Json) => FakeResponse> = {
    CreateArtifact: (claims, body) => {
      const denied = this.checkIds(claims, body);
      if (denied) return denied;
      const run = this.world.runByBackendId(claims.runBackendId);
      if (!run) return twirpError(404, "no workflow run for this token");
      const name = str(body.name);
      if (!name) return twirpError(400, "name is required");
      if (this.world.artifacts.some((a) => a.runId === run.id && a.name === name && a.finalized)) {
        return twirpError(409, `an artifact named ${name} already exists in run ${run.id}`);
      }
      const id = this.world.newId();
      const mime = typeof body.mime_type === "string" ? body.mime_type : "application/zip";
      const suffix = mime === "application/zip" && !name.endsWith(".zip") ? ".zip" : "";
      this.world.artifacts.push({
        id,
        name,
        runId: run.id,
        runBackendId: claims.runBackendId,
        jobBackendId: claims.jobBackendId,
        blob: `actions-results/${claims.runBackendId}/${claims.jobBackendId}/${id}/${name}${suffix}`,
        size: 0,
        digest: undefined,
        finalized: false,
        expired: false,
        createdAt: this.world.timestamp(),
        expiresAt: typeof body.expires_at === "string" ? body.expires_at : undefined,
      });
      const artifact = this.world.artifacts[this.world.artifacts.length - 1]!;
      return {
        status: 200,
        body: { ok: true, signed_upload_url: this.blobs.signedUrl(artifact.blob, "cw") },
      };
    },
    FinalizeArtifact: (claims, body) => {
      const denied = this.checkIds(claims, body);
      if (denied) return denied;
      const artifact = this.world.artifacts.find(
        (a) => a.runBackendId === claims.runBackendId && a.name === str(body.name) && !a.finalized,
      );
      if (!artifact) return twirpError(404, `no artifact ${str(body.name)} being uploaded`);
      const size = this.blobs.size(artifact.blob);
      if (size === undefined) return twirpError(400, "the artifact was not uploaded");
      if (String(size) !== String(body.size))
        return twirpError(400, `size ${String(body.size)} does not match the upload (${size})`);
      artifact.size = size;
      artifact.digest = typeof body.hash === "string" ? body.hash : undefined;
      artifact.finalized = true;
      return { status: 200, body: { ok: true, artifact_id: String(artifact.id) } };
    },
    ListArtifacts: (claims, body) => {
      const denied = this.checkIds(claims, body);
      if (denied) return denied;
      const nameFilter = typeof body.name_filter === "string" ? body.name_filter : undefined;
      const idFilter = body.id_filter === undefined ? undefined : String(body.id_filter);
      const artifacts = this.world
        .finalizedArtifacts()
        .filter((a) => a.runBackendId === claims.runBackendId && !a.expired)
        .filter((a) => nameFilter === undefined || a.name === nameFilter)
        .filter((a) => idFilter === undefined || String(a.id) === idFilter)
        .map((a) => ({
          workflow_run_backend_id: a.runBackendId,
          workflow_job_run_backend_id: a.jobBackendId,
          database_id: String(a.id),
          name: a.name,
          size: String(a.size),
          created_at: a.createdAt,
          ...(a.digest ? { digest: a.digest } : {}),
        }));
      return { status: 200, body: { artifacts } };
    },
    GetSignedArtifactURL: (claims, body) => {
      const denied = this.checkIds(claims, body);
      if (denied) return denied;
      const artifact = this.world
        .finalizedArtifacts()
        .find((a) => a.runBackendId === str(body.workflow_run_backend_id) && a.name === str(body.name));
      if (!artifact) return twirpError(404, `no artifact ${str(body.name)}`);
      return { status: 200, body: { signed_url: this.blobs.signedUrl(artifact.blob, "r") } };
    },
    DeleteArtifact: (claims, body) => {
      const denied = this.checkIds(claims, body);
      if (denied) return denied;
      const index = this.world.artifacts.findIndex(
        (a) => a.runBackendId === claims.runBackendId && a.name === str(body.name) && a.finalized,
      );
      if (index < 0) return twirpError(404, `no artifact ${str(body.name)}`);
      const [artifact] = this.world.artifacts.splice(index, 1);
      return { status: 200, body: { ok: true, artifact_id: String(artifact!.id) } };
    },
  };

  /** The ids in the request must be the token's: a job can only touch its own run's artifacts. */
  private checkIds(claims: RuntimeClaims, body: Json): FakeResponse | undefined {
    if (str(body.workflow_run_backend_id) !== claims.runBackendId) {
      return twirpError(403, "workflow_run_backend_id is not this token's run");
    }
    if (str(body.workflow_job_run_backend_id) !== claims.jobBackendId) {
      return twirpError(403, "workflow_job_run_backend_id is not this token's job");
    }
    return undefined;
  }
}

function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function headerOf(request: FakeRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const TWIRP_CODES: Record<number, string> = {
  400: "invalid_argument",
  401: "unauthenticated",
  403: "permission_denied",
  404: "not_found",
  409: "already_exists",
  429: "resource_exhausted",
  500: "internal",
  501: "unimplemented",
  503: "unavailable",
};

/** A twirp error: JSON `{ code, msg }` (the clients parse every body as JSON). */
export function twirpError(status: number, msg: string): FakeResponse {
  return { status, body: { code: TWIRP_CODES[status] ?? "unknown", msg } };
}
