import { diffFingerprints, isEmptyDiff, SCHEME } from "../../dbt/fingerprint/fingerprint.js";
import type { NodeFingerprint } from "../../dbt/fingerprint/project-fingerprints.js";
import type { NodeState } from "../../state/snapshot.js";
import { isPlacementRead } from "../run-time-value-components.js";
import type { RuleContext } from "./context.js";

export type FingerprintDiff = ReturnType<typeof diffFingerprints>;

/**
 * The node's fingerprint against its recorded one: "incomparable" when its
 * code can't be fingerprinted completely or the scheme differs. For a pull
 * request's environment, the portable diff (ADR-0028).
 */
export function codeDiff(c: RuleContext): FingerprintDiff | "incomparable" {
  const recorded = c.recorded!;
  if (!c.fp.complete || recorded.fingerprint.scheme !== SCHEME) return "incomparable";
  return c.facts.pointers
    ? portableDiff(recorded, c.fp)
    : diffFingerprints(recorded.fingerprint, c.fp.fingerprint);
}

export function diffNames(diff: FingerprintDiff): string[] {
  return isEmptyDiff(diff) ? [] : [...diff.changed, ...diff.added, ...diff.removed];
}

/** The part of a diff whose component names pass `keep`. */
export function diffWhere(diff: FingerprintDiff, keep: (name: string) => boolean): FingerprintDiff {
  return {
    changed: diff.changed.filter(keep),
    added: diff.added.filter(keep),
    removed: diff.removed.filter(keep),
  };
}

/**
 * For a pull request's environment: where the node is built, and the names of
 * the relations it reads, are not code changes (the environment points at the
 * recorded build). Compares the portable sql when both sides have it. The
 * target's database and schema read at run time (`value:target.schema`, …)
 * are where the environment builds, so they are left out as the relation is.
 */
export function portableDiff(entry: NodeState, fp: NodeFingerprint): FingerprintDiff {
  const portable = (components: Record<string, string>, sql: string | null | undefined) => {
    const { relation: _relation, ...rest } = components;
    for (const name in rest) if (isPlacementRead(name)) delete rest[name];
    if (sql && rest.sql !== undefined) rest.sql = sql;
    return { scheme: SCHEME, digest: "", components: rest };
  };
  const bothPortable = Boolean(entry.portable_sql && fp.portableSql);
  return diffFingerprints(
    portable(entry.fingerprint.components, bothPortable ? entry.portable_sql : null),
    portable(fp.fingerprint.components, bothPortable ? fp.portableSql : null),
  );
}
