import { describe, expect, it } from "vitest";
import { BUILD_REASONS, type BuildReasonCode, type Plan } from "../../src/state/plan.js";
import { type ModelSpec, modelId } from "../support/manifest-builder.js";
import { planOf, projectOf, recordRun, sourcesOf } from "../support/planner-harness.js";
import { seededRandom } from "../support/seeded-random.js";

const SOURCE = "source.shop.raw.events";

interface World {
  models: (changed: ReadonlySet<number>) => ModelSpec[];
  size: number;
}

function world(seed: number): World {
  const rand = seededRandom(seed);
  const size = 5 + Math.floor(rand() * 30);
  const parents: number[][] = [];
  const readsSource: boolean[] = [];
  for (let i = 0; i < size; i++) {
    const mine = new Set<number>();
    for (let j = 0; j < i; j++) if (rand() < Math.min(0.5, 2 / i)) mine.add(j);
    parents.push([...mine]);
    readsSource.push(mine.size === 0 || rand() < 0.1);
  }
  return {
    size,
    models: (changed) =>
      parents.map((ps, i) => {
        const from = ps.map((p) => `"warehouse"."analytics"."m${p}"`);
        if (readsSource[i]) from.push('"warehouse"."raw"."events"');
        return {
          name: `m${i}`,
          sql: `select ${changed.has(i) ? 2 : 1} as v from ${from.join(", ")}`,
          dependsOn: [...ps.map((p) => modelId(`m${p}`)), ...(readsSource[i] ? [SOURCE] : [])],
        };
      }),
  };
}

function planWith(w: World, changed: ReadonlySet<number>, newData: boolean): Plan {
  const base = projectOf(w.models(new Set()), { sources: ["raw.events"] });
  const statuses = Object.fromEntries(base.graph.order.map((id) => [id, "success"]));
  const snapshot = recordRun(
    base,
    { statuses },
    {
      sources: sourcesOf("2026-11-01T09:00:00Z", { [SOURCE]: "2026-11-01T08:00:00Z" }),
    },
  ).snapshot;
  const project = projectOf(w.models(changed), { sources: ["raw.events"] });
  return planOf(project, snapshot, {
    sources: sourcesOf("2026-11-01T11:00:00Z", {
      [SOURCE]: newData ? "2026-11-01T10:00:00Z" : "2026-11-01T08:00:00Z",
    }),
  });
}

const SEEDS = Array.from({ length: 40 }, (_, i) => i + 1);

describe("plan properties over generated graphs", () => {
  it.each(SEEDS)("seed %i: the same inputs give the same plan, byte for byte", (seed) => {
    const w = world(seed);
    const changed = new Set([seed % w.size]);
    expect(JSON.stringify(planWith(w, changed, false))).toBe(JSON.stringify(planWith(w, changed, false)));
  });

  it.each(SEEDS)("seed %i: nothing downstream of a BUILD for code is reused", (seed) => {
    const w = world(seed);
    const rand = seededRandom(seed * 7);
    const changed = new Set<number>();
    for (let i = 0; i < w.size; i++) if (rand() < 0.15) changed.add(i);
    const p = planWith(w, changed, rand() < 0.5);
    const byId = new Map(p.entries.map((e) => [e.unique_id, e]));
    for (const entry of p.entries) {
      const parentsBuiltForCode = (entry.parents ?? []).some((parent) => {
        const pe = byId.get(parent);
        return pe?.action === "BUILD" && BUILD_REASONS[pe.reasons[0]!.code as BuildReasonCode] === "code";
      });
      if (parentsBuiltForCode) expect(entry.action, entry.unique_id).toBe("BUILD");
    }
    for (const i of changed) expect(byId.get(modelId(`m${i}`))!.reasons[0]!.code).toBe("code_changed");
  });

  it.each(SEEDS)("seed %i: adding a change never turns a BUILD into a REUSE", (seed) => {
    const w = world(seed);
    const rand = seededRandom(seed * 13);
    const changed = new Set<number>();
    for (let i = 0; i < w.size; i++) if (rand() < 0.1) changed.add(i);
    const newData = rand() < 0.3;
    const before = planWith(w, changed, newData);
    const more = new Set([...changed, Math.floor(rand() * w.size)]);
    const after = planWith(w, more, newData);
    const afterById = new Map(after.entries.map((e) => [e.unique_id, e.action]));
    for (const entry of before.entries) {
      if (entry.action === "BUILD") expect(afterById.get(entry.unique_id), entry.unique_id).toBe("BUILD");
    }
    // And new data never turns a BUILD into a REUSE either.
    const withData = planWith(w, changed, true);
    const dataById = new Map(withData.entries.map((e) => [e.unique_id, e.action]));
    for (const entry of before.entries) {
      if (entry.action === "BUILD") expect(dataById.get(entry.unique_id), entry.unique_id).toBe("BUILD");
    }
  });
});
