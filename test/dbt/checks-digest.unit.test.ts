/**
 * The checks digests (what a tested build is recorded against, class 12) of
 * every planned node and source of every real manifest, pinned as the
 * fingerprints are (fingerprint-golden.unit.test.ts): speed work must not move
 * one, or every reused node of an upgraded project runs its checks once.
 * Regenerate with UPDATE_GOLDEN=1 only for a deliberate change.
 *
 * And the fast writer of a check's canonical JSON (cached configs, macros
 * written once per closure) gives the same bytes as canonicalJson of the
 * definition it stands for, for every check of every real manifest.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkDefinition, checksDigest } from "../../src/dbt/checks-digest.js";
import { canonicalJson } from "../../src/dbt/fingerprint/canonical-json.js";
import { sha256 } from "../../src/dbt/fingerprint/digest.js";
import { macroIndexFor } from "../../src/dbt/fingerprint/shared-macro-index.js";
import type { Check, ProjectGraph } from "../../src/dbt/graph.js";
import { type LoadedProject, loadProject } from "../../src/dbt/load-project.js";
import { PROJECT_ROOT, SHARED_DBT_FIXTURES, sharedFixturesPresent } from "../support/shared-fixtures.js";

const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), "golden", "checks-digests.json");
const UPDATE = process.env.UPDATE_GOLDEN === "1";

const manifests: Array<[string, string]> = [
  ...readdirSync(path.join(PROJECT_ROOT, "fixtures", "shop"), { withFileTypes: true })
    .filter(
      (d) =>
        d.isDirectory() && existsSync(path.join(PROJECT_ROOT, "fixtures", "shop", d.name, "manifest.json")),
    )
    .map((d): [string, string] => [
      `fixtures/shop/${d.name}`,
      path.join(PROJECT_ROOT, "fixtures", "shop", d.name, "manifest.json"),
    ])
    .sort((a, b) => (a[0] < b[0] ? -1 : 1)),
  ...(sharedFixturesPresent
    ? readdirSync(SHARED_DBT_FIXTURES, { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(path.join(SHARED_DBT_FIXTURES, d.name, "manifest.json")))
        .map((d): [string, string] => [
          `shared/${d.name}`,
          path.join(SHARED_DBT_FIXTURES, d.name, "manifest.json"),
        ])
        .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    : []),
];

function tryLoad(file: string): LoadedProject | null {
  try {
    return loadProject(readFileSync(file, "utf8"), file);
  } catch {
    return null; // a manifest ODS refuses has no checks digests
  }
}

function checksOf(graph: ProjectGraph, ids: readonly string[]): Check[] {
  return ids.map((id) => graph.checks.get(id)).filter((c): c is Check => c !== undefined);
}

/** [id, checks digest] of every planned node and every source, by id. */
function digests(project: LoadedProject): Array<[string, string | null]> {
  const graph = project.graph;
  const macros = macroIndexFor(graph);
  const out: Array<[string, string | null]> = [];
  for (const [id, node] of graph.nodes) out.push([id, checksDigest(checksOf(graph, node.checks), macros)]);
  for (const [id, source] of graph.sources)
    out.push([id, checksDigest(checksOf(graph, source.checks), macros)]);
  return out.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

const golden: Record<string, string> = existsSync(GOLDEN) ? JSON.parse(readFileSync(GOLDEN, "utf8")) : {};
const updated: Record<string, string> = {};

describe("checks digests of the real manifests", () => {
  it.each(manifests)("%s: pinned", (name, file) => {
    const project = tryLoad(file);
    const actual = project === null ? "refused" : sha256(canonicalJson(digests(project)));
    if (UPDATE) {
      updated[name] = actual;
      if (Object.keys(updated).length === manifests.length)
        writeFileSync(GOLDEN, `${JSON.stringify(updated, null, 2)}\n`);
      return;
    }
    expect(golden[name], `no golden entry for ${name}: run with UPDATE_GOLDEN=1`).toBeDefined();
    expect(actual).toBe(golden[name]);
  });

  it.each(manifests)(
    "%s: the fast writer gives canonicalJson(checkDefinition) for every check",
    (_name, file) => {
      const project = tryLoad(file);
      if (project === null) return;
      const graph = project.graph;
      const macros = macroIndexFor(graph);
      let compared = 0;
      for (const check of graph.checks.values()) {
        expect(checksDigest([check], macros), check.id).toBe(
          sha256(`[${canonicalJson(checkDefinition(check, macros))}]`),
        );
        compared++;
      }
      expect(compared).toBe(graph.checks.size);
    },
  );
});
