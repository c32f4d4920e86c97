/**
 * Keyed digests of the values a build reads at run time (issue 36): the
 * `value:<read>` fingerprint components. Each is HMAC-SHA256 under the
 * state's own random key (`StateSnapshot.value_key`, made at the edge when a
 * record makes a scope's first snapshot) of the read and what the build sees
 * for it: the value (canonical JSON), or "unset". Never the value itself.
 *
 * What the key buys: a digest says nothing to whoever has only the digest,
 * and the same value has different digests in different states, so digests
 * can't be compared across projects or looked up in a precomputed table.
 * Whoever holds the state file holds its key too, so a value with few
 * possibilities ("prod"/"dev") can be guessed by trying them: secrets dbt
 * marks as such (`DBT_ENV_SECRET_*`) are never digested at all
 * (run-time-values.ts), and a secret read through another name should not
 * be read at run time in the first place.
 */
import { createHmac } from "node:crypto";
import { canonicalJson } from "../fingerprint/canonical-json.js";
import { VALUE_COMPONENT } from "../fingerprint/fingerprint.js";
import type { RunTimeValues, ValueLookup } from "./run-time-values.js";
import { parseReadKey } from "./value-reads.js";

/** A value key: 32 random bytes as lower-case hex (64 digits). */
export const VALUE_KEY_PATTERN = /^[0-9a-f]{64}$/;

/** What a static read's component is: a digest, or why there is none. */
export type ValueComponent = { digest: string } | { unseen: string };

/** The value a static read (`env_var(X)`, `var(x)`, `target.f`) sees, for a node of `packageName`. */
export function lookUp(values: RunTimeValues, key: string, packageName: string): ValueLookup {
  const read = parseReadKey(key);
  if (read === null || read.name === null) return { state: "unseen", why: "the read has no name" };
  if (read.kind === "env_var") return values.envVar(read.name);
  if (read.kind === "var") return values.var(read.name, packageName);
  return values.target(read.name);
}

export function valueDigest(valueKey: string, read: string, lookup: ValueLookup): ValueComponent {
  if (lookup.state === "unseen") return { unseen: lookup.why };
  const text = lookup.state === "unset" ? `${read}\0unset` : `${read}\0set\0${canonicalJson(lookup.value)}`;
  return { digest: createHmac("sha256", Buffer.from(valueKey, "hex")).update(text, "utf8").digest("hex") };
}

/**
 * The `value:` components of a node's static reads, and the reads whose value
 * is not visible (with why), computed through `cache` (one digest per read
 * and package across the nodes of a plan or a record).
 */
export function valueComponents(
  reads: readonly string[],
  packageName: string,
  values: RunTimeValues,
  valueKey: string,
  cache: Map<string, ValueComponent>,
): { components: Record<string, string>; unseen: { read: string; why: string }[] } {
  const components: Record<string, string> = {};
  const unseen: { read: string; why: string }[] = [];
  for (const read of reads) {
    // Only var reads depend on the node's package.
    const cacheKey = read.startsWith("var(") ? `${packageName}\0${read}` : read;
    let component = cache.get(cacheKey);
    if (component === undefined) {
      component = valueDigest(valueKey, read, lookUp(values, read, packageName));
      cache.set(cacheKey, component);
    }
    if ("digest" in component) components[`${VALUE_COMPONENT}${read}`] = component.digest;
    else unseen.push({ read, why: component.unseen });
  }
  return { components, unseen };
}
