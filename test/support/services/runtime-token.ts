/**
 * ACTIONS_RUNTIME_TOKEN as the runner hands it to a job: a JWT whose claims
 * the clients and the results service read.
 *
 * - `scp` holds `Actions.Results:<workflowRunBackendId>:<workflowJobRunBackendId>`;
 *   @actions/artifact decodes it (without verifying) for the backend ids of
 *   every ArtifactService call.
 * - `ac` is the job's cache access: a JSON string of `{ Scope, Permission }`
 *   (1 read, 2 write, 3 both), own ref first. A pull request's job reads and
 *   writes `refs/pull/<n>/merge` and only reads its base branch, which is
 *   how a PR restores entries the default branch saved but never writes them.
 *
 * The fake signs with HMAC-SHA256 and verifies, so a token it did not issue
 * is refused (401) like a real one would be.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const CACHE_READ = 1;
export const CACHE_WRITE = 2;

export interface CacheScope {
  scope: string;
  permission: number;
}

export interface RuntimeClaims {
  runBackendId: string;
  jobBackendId: string;
  cacheScopes: CacheScope[];
}

function base64url(data: string | Buffer): string {
  return Buffer.from(data).toString("base64url");
}

export function issueRuntimeToken(claims: RuntimeClaims, secret: string, now = new Date()): string {
  const header = base64url(JSON.stringify({ typ: "JWT", alg: "HS256" }));
  const issued = Math.floor(now.getTime() / 1000);
  const payload = base64url(
    JSON.stringify({
      nameid: "dddddddd-dddd-dddd-dddd-dddddddddddd",
      scp: `Actions.ExampleScope Actions.Results:${claims.runBackendId}:${claims.jobBackendId}`,
      ac: JSON.stringify(claims.cacheScopes.map((s) => ({ Scope: s.scope, Permission: s.permission }))),
      iss: "vstoken.actions.githubusercontent.com",
      aud: "vso:fake-results-service",
      nbf: issued - 60,
      exp: issued + 6 * 3600,
    }),
  );
  const signature = createHmac("sha256", secret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

/** The claims of a bearer token this fake issued, or undefined (missing, forged, malformed). */
export function verifyRuntimeToken(
  authorization: string | undefined,
  secret: string,
): RuntimeClaims | undefined {
  const match = /^Bearer (.+)$/i.exec(authorization ?? "");
  if (!match) return undefined;
  const parts = match[1]!.split(".");
  if (parts.length !== 3) return undefined;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = createHmac("sha256", secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
      scp?: string;
      ac?: string;
    };
    const results = (claims.scp ?? "").split(" ").find((part) => part.startsWith("Actions.Results:"));
    const [, runBackendId, jobBackendId] = (results ?? "").split(":");
    if (!runBackendId || !jobBackendId) return undefined;
    const ac = JSON.parse(claims.ac ?? "[]") as { Scope: string; Permission: number }[];
    return {
      runBackendId,
      jobBackendId,
      cacheScopes: ac.map((s) => ({ scope: s.Scope, permission: s.Permission })),
    };
  } catch {
    return undefined;
  }
}
