/**
 * Coverage by mutation, the fast part (issue 36): every row of the manifest
 * inventory (src/dbt/inventory/manifest-rows.ts) that a real fixture holds a
 * path of, a new field on every kind of entry, and a new top-level member,
 * each changed and planned against a recorded full build of the unchanged
 * manifest (the realistic-change harness): a fingerprinted row moves some
 * node's decision or fingerprint, and the decisions follow the lineage; an
 * inert row moves nothing; an unknown or unlisted path moves through an
 * `unclassified:` component. On the fixtures' current manifests (history
 * versions and dbt's schemas: inventory-coverage.slow.test.ts).
 */
import { describe, expect, it } from "vitest";
import { classifyPath } from "../../src/dbt/inventory/lookup.js";
import { MANIFEST_ROWS } from "../../src/dbt/inventory/manifest-rows.js";
import { type PatternResult, probePattern, readFixtures, summarise } from "../support/inventory-coverage.js";
import { sharedFixturesPresent } from "../support/shared-fixtures.js";

describe.skipIf(!sharedFixturesPresent)("inventory coverage by mutation (one path per row)", () => {
  it("moves what is fingerprinted or unclassified, and nothing that is inert", () => {
    const fx = readFixtures((file) => !file.includes("/history/"));
    const seen = [...new Set(fx.subjects.flatMap((s) => [...s.patterns.keys()]))].sort();
    // Per row, the pattern it classifies that is the row's own path, else the shortest.
    const byRow = new Map<string, string>();
    const unlisted: string[] = [];
    for (const p of seen) {
      const row = classifyPath(p);
      if (row === null) {
        unlisted.push(p);
        continue;
      }
      const had = byRow.get(row.path);
      if (had === undefined || p === row.path || (had !== row.path && p.length < had.length))
        byRow.set(row.path, p);
    }
    // Every kind of entry gets a new field (a future dbt's), and the manifest a new member.
    const entries = seen.filter((p) => /^[a-z_]+\.<[a-z_]+>$/.test(p) || p === "metadata" || p === "");
    const patterns = [...new Set([...byRow.values(), ...unlisted, ...entries])].sort();
    const opts = { maxMove: 3, maxStill: 1, maxFixtures: 2 };
    const results: PatternResult[] = patterns.map((p) => probePattern(fx, p, "fixtures", opts));
    const s = summarise(results);
    const rowsSeen = MANIFEST_ROWS.filter((r) => byRow.has(r.path)).length;
    console.log(
      `manifest inventory coverage (fast): ${s.classified}/${s.seen} paths classified, ${rowsSeen}/${MANIFEST_ROWS.length} rows have a path in the fixtures; ` +
        `${s.refused.length} refused by the product: ${s.refused.join(", ")}; ${fx.refusedVersions.length} v10 manifests refused by the product (${fx.refusedVersions.join(", ")})`,
    );
    expect(s.failures, "paths neither fingerprinted-and-moved nor inert-and-still").toEqual([]);
    expect(s.cone, "moves that don't follow the lineage").toEqual([]);
  }, 600_000);
});
