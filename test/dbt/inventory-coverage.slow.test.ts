/**
 * Coverage by mutation, exhaustive (issue 36): every distinct path pattern of
 * every readable manifest under ../shared/fixtures/dbt (v11, v12, history
 * versions included; v10 manifests are refused by the product and counted
 * apart) and every pattern dbt's v11/v12 manifest schemas define, changed at
 * up to 8 instances over up to 6 fixtures, planned against a recorded full
 * build: a fingerprinted row moves some node, an inert one moves none, an
 * unknown or unlisted path moves through `unclassified:`.
 */
import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type PatternResult, probePattern, readFixtures, summarise } from "../support/inventory-coverage.js";
import { sharedFixturesPresent } from "../support/shared-fixtures.js";

describe.skipIf(!sharedFixturesPresent)(
  "inventory coverage by mutation (every pattern, every fixture)",
  () => {
    it("classifies every path pattern of the fixtures and of dbt's schemas", () => {
      const fx = readFixtures();
      const opts = { maxMove: 8, maxStill: 3, maxFixtures: 6 };
      const results: PatternResult[] = [];
      const patterns = [...new Set(fx.subjects.flatMap((s) => [...s.patterns.keys()]))].sort();
      for (const p of patterns) results.push(probePattern(fx, p, "fixtures", opts));
      for (const p of fx.schemaOnly)
        results.push(probePattern(fx, p, "schema", { maxMove: 3, maxStill: 1, maxFixtures: 2 }));
      const s = summarise(results);
      const fixtures = results.filter((r) => r.source === "fixtures");
      const fs = summarise(fixtures);
      if (process.env.ODS_COVERAGE_REPORT)
        writeFileSync(
          process.env.ODS_COVERAGE_REPORT,
          results
            .map(
              (r) =>
                `${r.verdict}\t${r.touched}\t${r.source}\t${r.pattern}\t${r.row ?? "-"}\t${r.probes}\t${r.note}\t${r.cone.slice(0, 2).join(" ; ")}`,
            )
            .join("\n"),
        );
      console.log(
        `manifest inventory coverage: fixtures ${fs.classified}/${fs.seen} classified (${fs.refused.length} refused: ${fs.refused.join(", ")}); ` +
          `with dbt's schemas ${s.classified}/${s.seen} (${s.noInstance.length} schema patterns with no entry of their kind in the fixtures); ` +
          `${fx.subjects.length} manifests, ${fx.refusedVersions.length} v10 manifests refused by the product: ${fx.refusedVersions.join(", ")}`,
      );
      expect(s.failures, "patterns neither fingerprinted-and-moved nor inert-and-still").toEqual([]);
      expect(s.cone, "moves that don't follow the lineage").toEqual([]);
    }, 3_600_000);
  },
);
