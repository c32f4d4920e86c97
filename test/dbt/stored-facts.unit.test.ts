/**
 * Column facts as the snapshot stores them: every known fact of a real
 * project's models comes back whole from its stored form, and a stored form
 * that doesn't hold together reads as unknown (the rules then build).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { nodeColumnFacts } from "../../src/dbt/column-facts/node-facts.js";
import { factsFromStored, storedFacts } from "../../src/dbt/column-facts/stored-facts.js";
import { loadProject } from "../../src/dbt/load-project.js";
import { loadAnalyzeSql } from "../../src/runtime/column-facts-analyzer.js";
import { type StoredColumnFacts, storedColumnFactsSchema } from "../../src/state/snapshot.js";
import { sharedFixture, sharedFixturesPresent } from "../support/shared-fixtures.js";

const loaded = sharedFixturesPresent ? await loadAnalyzeSql() : null;

describe.skipIf(!sharedFixturesPresent)("stored column facts", () => {
  const analyze = loaded?.ok ? loaded.analyze : () => ({ ok: false as const, error: "no parser" });
  const project = sharedFixturesPresent
    ? loadProject(
        readFileSync(sharedFixture("jaffle-shop-duckdb-1.12", "manifest.json"), "utf8"),
        "manifest.json",
      )
    : null;
  const models = project ? [...project.graph.nodes.keys()].filter((id) => id.startsWith("model.")) : [];
  const columnsOf = () => null;

  it.each(models)("%s: its known facts come back whole", (id) => {
    const facts = nodeColumnFacts(project!.manifest, id, analyze, columnsOf);
    const stored = storedFacts(facts);
    if (facts.unknown) {
      expect(stored).toBeNull();
      return;
    }
    expect(storedColumnFactsSchema.parse(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
    expect(factsFromStored(stored!)).toEqual(facts);
  });

  const known = () => {
    const id = "model.jaffle_shop.stg_orders";
    return storedFacts(nodeColumnFacts(project!.manifest, id, analyze, columnsOf))!;
  };
  it.each<[string, (s: StoredColumnFacts) => StoredColumnFacts]>([
    ["a read past the end", (s) => ({ ...s, from: [[999], ...s.from.slice(1)] })],
    ["a digest missing", (s) => ({ ...s, digests: s.digests.slice(1) })],
    ["a column without its reads", (s) => ({ ...s, from: s.from.slice(1) })],
    ["reads of a parent not listed", (s) => ({ ...s, parents: [] })],
    ["a star over a parent not listed", (s) => ({ ...s, star_from: [7] })],
    ["another facts version", (s) => ({ ...s, version: 2 })],
  ])("%s reads as unknown", (_what, damage) => {
    expect(factsFromStored(damage(known())).unknown?.reason).toBe("not_recorded");
  });

  it("nothing stored reads as unknown", () => {
    expect(factsFromStored(undefined).unknown?.reason).toBe("not_recorded");
  });
});
