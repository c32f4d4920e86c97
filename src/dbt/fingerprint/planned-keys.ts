/**
 * What a pull request's post step needs of the manifest the main step planned
 * from (issue 38: one manifest parse per step). dbt's build rewrites the
 * manifest with compiled code only for the nodes it ran, so keys computed from
 * it differ from the planned ones; the environment's builds are recorded under
 * the planned keys. The main step hands these off; the post step reads only
 * the manifest dbt wrote and lays them over it.
 *
 * Per node: its version key, its fingerprint's digest, and its `sql`
 * component (the build of a node whose compiled SQL differs from the planned
 * one is refused). Where the build manifest's fingerprint has the planned
 * digest, it IS the planned fingerprint (same components); where it differs,
 * only the digest and the `sql` component are known, and a successful build
 * of that node is refused (lifecycle/builds/node-build.ts), so its partial
 * fingerprint is never stored.
 */
import type { LoadedProject } from "../load-project.js";
import type { NodeFingerprint } from "./project-fingerprints.js";

export interface PlannedKey {
  /** The node's version key. */
  key: string;
  /** Its fingerprint's digest. */
  digest: string;
  /** Its fingerprint's `sql` component, when it has one. */
  sql?: string;
}

/** By unique id, every fingerprinted node of the planned manifest. */
export type PlannedKeys = Readonly<Record<string, PlannedKey>>;

export function plannedKeysOf(project: LoadedProject): PlannedKeys {
  const keys: Record<string, PlannedKey> = {};
  for (const [id, fp] of project.fingerprints) {
    const sql = fp.fingerprint.components.sql;
    keys[id] = { key: fp.versionKey, digest: fp.fingerprint.digest, ...(sql !== undefined ? { sql } : {}) };
  }
  return keys;
}

/**
 * The project dbt built, with the planned keys: what recording its builds and
 * the data diff read as "the planned manifest". A node the planned manifest
 * did not have has no fingerprint (nothing of it is recorded, as before).
 */
export function withPlannedKeys(built: LoadedProject, planned: PlannedKeys): LoadedProject {
  const fingerprints = new Map<string, NodeFingerprint>();
  for (const [id, fp] of built.fingerprints) {
    const key = planned[id];
    if (key === undefined) continue;
    if (fp.fingerprint.digest === key.digest) {
      fingerprints.set(id, { ...fp, versionKey: key.key });
      continue;
    }
    fingerprints.set(id, {
      ...fp,
      versionKey: key.key,
      fingerprint: {
        scheme: fp.fingerprint.scheme,
        digest: key.digest,
        components: key.sql !== undefined ? { sql: key.sql } : {},
      },
    });
  }
  return { ...built, fingerprints };
}
