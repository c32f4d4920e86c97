/**
 * The fingerprints of every planned node of every real manifest, pinned.
 *
 * A fingerprint is what a user's stored state is compared with: if a change
 * to the code moves a single digest, every project that upgrades rebuilds the
 * nodes concerned (and a change that makes two different nodes' digests equal
 * would reuse what it must build). Speed work on the normaliser, the hashing,
 * the stream or the graph must leave every digest as it was; a deliberate
 * change to what is fingerprinted is a new scheme (SCHEME in
 * src/dbt/fingerprint/fingerprint.ts) and updates this file with
 * UPDATE_GOLDEN=1, reviewed.
 *
 * Per manifest the golden file keeps a digest of each aspect over all planned
 * nodes (each component, the whole fingerprint, the version key, the
 * portable SQL, the raw-code digest, why a fingerprint is incomplete, why the
 * file component is kept, where the normaliser gave up, what hooks read), so
 * a failure names what moved; a manifest ODS refuses keeps the error's code.
 * The manifests: every one of ../shared/fixtures/dbt
 * (skipped where that folder is absent) and the project's own fixtures/shop.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/dbt/fingerprint/canonical-json.js";
import { sha256 } from "../../src/dbt/fingerprint/digest.js";
import { COMPONENT_NAMES } from "../../src/dbt/fingerprint/fingerprint.js";
import type { NodeFingerprint } from "../../src/dbt/fingerprint/project-fingerprints.js";
import { loadProject } from "../../src/dbt/load-project.js";
import { UserError } from "../../src/errors/user-error.js";
import { PROJECT_ROOT, SHARED_DBT_FIXTURES, sharedFixturesPresent } from "../support/shared-fixtures.js";

const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), "golden", "fingerprints.json");
const UPDATE = process.env.UPDATE_GOLDEN === "1";

/** Every manifest.json under `dir`, as [name relative to `base`, absolute path], sorted. */
function manifestsUnder(dir: string, base: string): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "manifest.json") found.push([path.relative(base, full), full]);
    }
  };
  if (existsSync(dir)) walk(dir);
  return found.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

const ASPECTS: Record<string, (f: NodeFingerprint) => unknown> = {
  fingerprint: (f) => [f.fingerprint.scheme, f.fingerprint.digest],
  ...Object.fromEntries(
    COMPONENT_NAMES.map((name) => [name, (f: NodeFingerprint) => f.fingerprint.components[name] ?? null]),
  ),
  versionKey: (f) => f.versionKey,
  portableSql: (f) => f.portableSql,
  rawDigest: (f) => f.rawDigest,
  incomplete: (f) => [f.complete, f.incomplete],
  fileReason: (f) => f.fileReason,
  normaliserGaveUp: (f) => f.normaliserGaveUp,
  environmentReads: (f) => f.environmentReads,
  runTimeReads: (f) => f.runTimeReads,
};

/**
 * Per aspect, SHA-256 of the canonical JSON of `[id, value]` for every
 * planned node in id order; for a manifest ODS refuses (schema v10), the
 * error's code.
 */
function aspectsOf(file: string): Record<string, string | number> {
  let fingerprints: ReadonlyMap<string, NodeFingerprint>;
  try {
    fingerprints = loadProject(readFileSync(file, "utf8"), file).fingerprints;
  } catch (error) {
    if (error instanceof UserError) return { refused: error.code };
    throw error;
  }
  const ids = [...fingerprints.keys()].sort();
  const out: Record<string, string | number> = { nodes: ids.length };
  for (const [aspect, read] of Object.entries(ASPECTS)) {
    out[aspect] = sha256(canonicalJson(ids.map((id) => [id, read(fingerprints.get(id)!)])));
  }
  return out;
}

const shared = sharedFixturesPresent
  ? manifestsUnder(SHARED_DBT_FIXTURES, SHARED_DBT_FIXTURES).map(([name, file]) => [`shared/${name}`, file])
  : [];
const own = manifestsUnder(path.join(PROJECT_ROOT, "fixtures"), PROJECT_ROOT);
const cases = [...shared, ...own] as Array<[string, string]>;

const golden: Record<string, Record<string, string | number>> = existsSync(GOLDEN)
  ? JSON.parse(readFileSync(GOLDEN, "utf8"))
  : {};
const computed: Record<string, Record<string, string | number>> = {};

describe("fingerprint golden file: no change to the code moves a digest", () => {
  it.each(cases)("%s", (name, file) => {
    const actual = aspectsOf(file);
    computed[name] = actual;
    if (UPDATE) return;
    expect(golden[name], `no golden entry for ${name}: run with UPDATE_GOLDEN=1 and review it`).toBeDefined();
    // toEqual names the aspects that moved.
    expect(actual).toEqual(golden[name]);
  });

  it("covers every manifest of the golden file that is present (none dropped silently)", () => {
    const present = new Set(cases.map(([name]) => name));
    const expected = Object.keys(golden).filter(
      (name) => sharedFixturesPresent || !name.startsWith("shared/"),
    );
    expect(expected.filter((name) => !present.has(name))).toEqual([]);
    if (UPDATE) {
      mkdirSync(path.dirname(GOLDEN), { recursive: true });
      const sorted = Object.fromEntries(
        Object.keys(computed)
          .sort()
          .map((name) => [name, computed[name]]),
      );
      writeFileSync(GOLDEN, `${JSON.stringify(sorted, null, 2)}\n`);
    }
  });
});
