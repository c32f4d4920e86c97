/**
 * Fingerprints (ADR-0013, #13): a map from component name to SHA-256 digest,
 * plus a digest over `name\0digest\n` of the components in sorted order. A
 * diff names the changed, added and removed components, so a plan can say
 * "compiled SQL and config changed" instead of "something changed".
 */
import type { Fingerprint } from "../../state/snapshot.js";
import { sha256 } from "./digest.js";

export const SCHEME = "dbt/4";

/** The components of scheme dbt/3, in the order they are explained. */
export const COMPONENT_NAMES = [
  "scheme",
  "sql",
  "file",
  "compiled_code",
  "config",
  "macros",
  "project_hooks",
  "contract",
  "docs",
  "version",
  "sources",
  "relation",
  "engine",
] as const;
export type ComponentName = (typeof COMPONENT_NAMES)[number];

/**
 * Components beyond the named ones (issue 36, the input inventory), each
 * named after the input it compares so that a diff names it:
 * - `input:<row>`: an input the inventory fingerprints outside the named
 *   components (a dbt_project.yml key, a function the node calls, …);
 *   a change is `code_changed`;
 * - `unclassified:<path>`: an input no row classifies, or a row classifies
 *   as unknown; a change is `unclassified_input_changed`;
 * - `value:<read>`: a value read at run time (`env_var(NAME)`, `var(name)`),
 *   as a keyed digest, never the value; a change is `run_time_value_changed`.
 */
export const INPUT_COMPONENT = "input:";
export const UNCLASSIFIED_COMPONENT = "unclassified:";
export const VALUE_COMPONENT = "value:";

/** Whether a component is compared by the code rule (named components and `input:` ones). */
export function isCodeComponent(name: string): boolean {
  return !name.startsWith(UNCLASSIFIED_COMPONENT) && !name.startsWith(VALUE_COMPONENT);
}

/** Digest over the components, sorted by name: `name\0digest\n` each. */
export function combineComponents(components: Readonly<Record<string, string>>): string {
  const lines = Object.keys(components)
    .sort()
    .map((name) => `${name}\0${components[name]}\n`);
  return sha256(lines.join(""));
}

export function makeFingerprint(components: Readonly<Record<string, string>>, scheme = SCHEME): Fingerprint {
  const sorted: Record<string, string> = {};
  for (const name of Object.keys(components).sort()) sorted[name] = components[name]!;
  return { scheme, digest: combineComponents(sorted), components: sorted };
}

export interface FingerprintDiff {
  changed: string[];
  added: string[];
  removed: string[];
}

/** What differs from `before` to `after`, each list sorted by name. */
export function diffFingerprints(before: Fingerprint, after: Fingerprint): FingerprintDiff {
  const changed: string[] = [];
  const added: string[] = [];
  const removed: string[] = [];
  for (const name of Object.keys(after.components).sort()) {
    const old = before.components[name];
    if (old === undefined) added.push(name);
    else if (old !== after.components[name]) changed.push(name);
  }
  for (const name of Object.keys(before.components).sort()) {
    if (after.components[name] === undefined) removed.push(name);
  }
  return { changed, added, removed };
}

export function isEmptyDiff(diff: FingerprintDiff): boolean {
  return diff.changed.length === 0 && diff.added.length === 0 && diff.removed.length === 0;
}
