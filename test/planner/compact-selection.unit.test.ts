/**
 * Issue 20: the compact selection, resolved with dbt's selection semantics
 * (the product's resolver; test/planner/select-exact tests it against an
 * independent one), runs exactly its target on the real fixtures — one
 * changed node and its downstream, several, everything, a random third,
 * checks alone, sources — and is short where the target has shape.
 */
import { describe, expect, it } from "vitest";
import type { ProjectGraph } from "../../src/dbt/graph.js";
import { loadProject } from "../../src/dbt/load-project.js";
import { selectedMembers } from "../../src/planner/selection.js";
import {
  COMMENT_COMMAND_BOUNDS,
  compactSelection,
  type SelectionTarget,
} from "../../src/planner/selection-output/compact-selection.js";
import { selectionMembers } from "../../src/planner/selection-output/selection-members.js";
import { shellWords } from "../support/adversarial/shell-words.js";
import { seededRandom } from "../support/seeded-random.js";
import { sharedFixturesPresent } from "../support/shared-fixtures.js";
import { FIXTURES, manifestJson } from "./realistic-changes/harness.js";

function words(text: string): string[] {
  const w = shellWords(text);
  if (!w.ok) throw new Error(`not shell-safe: ${w.problem}: ${text}`);
  return w.words;
}

/** Planned nodes downstream of `from` (itself included). */
function downstream(graph: ProjectGraph, from: readonly string[]): string[] {
  const seen = new Set(from);
  const stack = [...from];
  while (stack.length > 0) {
    for (const c of graph.nodes.get(stack.pop()!)!.children) {
      if (!seen.has(c)) {
        seen.add(c);
        stack.push(c);
      }
    }
  }
  return [...seen];
}

function targets(graph: ProjectGraph): [string, SelectionTarget, { closed: boolean }][] {
  const order = graph.order;
  const none = { checks: [], sources: [] };
  const random = seededRandom(order.length);
  const pick = (k: number) => order.filter(() => random() < k);
  const reusedChecks = order
    .filter((id) => graph.nodes.get(id)!.checks.length > 0)
    .slice(0, 5)
    .flatMap((id) => graph.nodes.get(id)!.checks);
  const root = order[0]!;
  const middle = order[Math.floor(order.length / 2)]!;
  return [
    ["one node and its downstream", { build: downstream(graph, [root]), ...none }, { closed: true }],
    ["a middle node and its downstream", { build: downstream(graph, [middle]), ...none }, { closed: true }],
    ["a tenth changed, with downstream", { build: downstream(graph, pick(0.1)), ...none }, { closed: true }],
    ["a random third (not closed)", { build: pick(0.33), ...none }, { closed: false }],
    ["everything", { build: [...order], checks: [], sources: [...graph.sources.keys()] }, { closed: true }],
    ["checks of reused nodes alone", { build: [], checks: reusedChecks, sources: [] }, { closed: true }],
    [
      "sources' checks alone",
      { build: [], checks: [], sources: [...graph.sources.keys()].slice(0, 3) },
      { closed: true },
    ],
  ];
}

const fixtures = Object.values(FIXTURES);

describe.skipIf(!sharedFixturesPresent)("compactSelection on the real fixtures", () => {
  const projects = new Map<string, ProjectGraph>();
  const graphOf = (fixture: string) => {
    let g = projects.get(fixture);
    if (!g) {
      g = loadProject(JSON.stringify(manifestJson(fixture)), "manifest.json").graph;
      projects.set(fixture, g);
    }
    return g;
  };

  it.each(fixtures)("%s: every target resolves to exactly what it runs (or a listed superset)", (fixture) => {
    const graph = graphOf(fixture);
    for (const [label, target, { closed }] of targets(graph)) {
      for (const bounds of [undefined, COMMENT_COMMAND_BOUNDS]) {
        const chosen = compactSelection(graph, target, bounds);
        const ms = selectionMembers(graph, target);
        const intended = new Set<string>();
        const executable = new Set<string>();
        ms.index.members.forEach((m, i) => {
          if (ms.executable[i]) executable.add(m.id);
          if (ms.executable[i] && ms.intended[i]) intended.add(m.id);
        });
        const resolved =
          chosen.select === ""
            ? new Set<string>()
            : selectedMembers(graph, words(chosen.select), words(chosen.exclude));
        const runs = [...resolved].filter((id) => executable.has(id));
        const what = `${fixture} / ${label}${bounds ? " (comment bounds)" : ""}: ${chosen.select.slice(0, 300)}`;
        expect(
          [...intended].filter((id) => !resolved.has(id)),
          `${what}: missing`,
        ).toEqual([]);
        expect(runs.filter((id) => !intended.has(id)).sort(), `${what}: extra`).toEqual(chosen.extra);
        expect(chosen.exact, what).toBe(chosen.extra.length === 0);
        const limit = bounds ?? { maxTerms: 500, maxChars: 100_000 };
        expect(chosen.terms, what).toBeLessThanOrEqual(limit.maxTerms);
        expect(chosen.select.length + chosen.exclude.length, what).toBeLessThanOrEqual(limit.maxChars);
        if (closed && !bounds) expect(chosen.exact, `${what}: a closed target fits exactly`).toBe(true);
      }
    }
  });

  it.each(fixtures)(
    "%s: a changed node's downstream takes fewer terms than nodes; everything takes a few",
    (fixture) => {
      const graph = graphOf(fixture);
      const saved: number[] = [];
      for (const root of graph.order.filter((id) => graph.nodes.get(id)!.children.length > 2).slice(0, 5)) {
        const build = downstream(graph, [root]);
        const one = compactSelection(graph, { build, checks: [], sources: [] });
        expect(one.exact).toBe(true);
        expect(one.terms, `${root}: ${one.select}`).toBeLessThanOrEqual(build.length);
        saved.push(build.length - one.terms);
      }
      if (saved.length > 0) expect(Math.max(...saved)).toBeGreaterThan(0);
      const all = compactSelection(graph, {
        build: [...graph.order],
        checks: [],
        sources: [...graph.sources.keys()],
      });
      expect(all.exact).toBe(true);
      expect(all.select).toBe("'fqn:*'");
      expect(all.terms, all.exclude).toBeLessThanOrEqual(12);
    },
  );

  it("jaffle-shop: a seed that writes a source's relation is its own term (dbt's graph has no edge from it)", () => {
    const graph = graphOf(FIXTURES.jaffle);
    const build = downstream(graph, ["seed.jaffle_shop.raw_customers"]);
    expect(build).toHaveLength(3);
    const chosen = compactSelection(graph, { build, checks: [], sources: [] });
    expect([chosen.select, chosen.exclude, chosen.form]).toEqual([
      "raw_customers stg_customers+",
      "",
      "union",
    ]);
  });
});
