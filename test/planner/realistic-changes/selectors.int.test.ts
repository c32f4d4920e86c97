/**
 * Class 13 of issue 18: `select` (and `exclude`) pick exactly the entries dbt
 * would select. The expected sets are computed here from the manifest's own
 * parent_map/child_map and dbt-core's fqn matching (core/dbt/graph/
 * selector_methods.py, is_selected_node and QualifiedNameSelectorMethod: a
 * bare word is an fqn selector, matched against the fqn with and without
 * its package; graph operators `n+`, `+n`, `@`; `,` intersects; spaces
 * unite; exclude subtracts), not from the product's graph.
 */
import { describe, expect, it } from "vitest";
import { loadProject } from "../../../src/dbt/load-project.js";
import { plan } from "../../../src/planner/plan.js";
import { sharedFixturesPresent } from "../../support/shared-fixtures.js";
import { thrownUserError } from "../../support/thrown-user-error.js";
import { type Row, rows } from "./cases.js";
import { FIXTURES, type Json, manifestJson, type Oracle } from "./harness.js";

function fnmatch(text: string, pattern: string): boolean {
  let re = "^";
  for (const ch of pattern) {
    if (ch === "*") re += ".*";
    else if (ch === "?") re += ".";
    else re += ch.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`${re}$`).test(text);
}

/** dbt-core's is_selected_node for an unversioned node. */
function isSelectedNode(fqn: string[], selector: string): boolean {
  if (fqn.length === 0) return false;
  if (fqn[fqn.length - 1] === selector) return true;
  const flat = fqn.flatMap((part) => part.split("."));
  const parts = selector.split(".");
  if (flat.length < parts.length) return false;
  for (let i = 0; i < parts.length; i++) {
    if (/[*?[\]]/.test(parts[i]!)) return fnmatch(flat.slice(i).join("."), parts.slice(i).join("."));
    if (flat[i] !== parts[i]) return false;
  }
  return true;
}

/** Every id of dbt's graph (nodes, sources, exposures, metrics, semantic models, ...). */
function graphIds(m: Json): string[] {
  return Object.keys(m.parent_map);
}

function fqnOf(m: Json, id: string): string[] | null {
  for (const key of ["nodes", "exposures", "metrics", "semantic_models", "saved_queries", "unit_tests"]) {
    const x = m[key]?.[id];
    if (x) return x.fqn ?? null;
  }
  return null;
}

function walk(map: Record<string, string[]>, from: Iterable<string>, depth: number | null): Set<string> {
  const out = new Set<string>();
  let frontier = [...from];
  for (let d = 0; frontier.length > 0 && (depth === null || d < depth); d++) {
    const next: string[] = [];
    for (const id of frontier)
      for (const n of map[id] ?? []) {
        if (!out.has(n)) {
          out.add(n);
          next.push(n);
        }
      }
    frontier = next;
  }
  return out;
}

/** One selection criterion (no spaces, no commas), as dbt evaluates it. */
function criterion(m: Json, raw: string): Set<string> {
  const at = raw.startsWith("@");
  let text = at ? raw.slice(1) : raw;
  const up = /^(\d*)\+/.exec(text);
  if (up) text = text.slice(up[0].length);
  const down = /\+(\d*)$/.exec(text);
  if (down) text = text.slice(0, -down[0].length);
  const base = new Set(
    graphIds(m)
      .filter((id) => !id.startsWith("source.") && fqnOf(m, id) !== null)
      .filter((id) => {
        const fqn = fqnOf(m, id)!;
        return isSelectedNode(fqn, text) || isSelectedNode(fqn.slice(1), text);
      }),
  );
  const out = new Set(base);
  if (at) {
    const downs = walk(m.child_map, base, null);
    for (const x of downs) out.add(x);
    for (const x of walk(m.parent_map, [...base, ...downs], null)) out.add(x);
    return out;
  }
  if (up) for (const x of walk(m.parent_map, base, up[1] ? Number(up[1]) : null)) out.add(x);
  if (down) for (const x of walk(m.child_map, base, down[1] ? Number(down[1]) : null)) out.add(x);
  return out;
}

function dbtSelection(o: Oracle, select: string[], exclude: string[] = []): Set<string> {
  const unite = (words: string[]) => {
    const all = new Set<string>();
    for (const word of words.flatMap((w) => w.split(/\s+/)).filter(Boolean)) {
      const sets = word.split(",").map((c) => criterion(o.m, c));
      for (const id of sets[0]!) if (sets.every((s) => s.has(id))) all.add(id);
    }
    return all;
  };
  const chosen = unite(select);
  for (const id of unite(exclude)) chosen.delete(id);
  return new Set(o.planned.filter((id) => chosen.has(id)));
}

function selectRow(
  name: string,
  fixture: string,
  select: string[],
  exclude?: string[],
  waits = "selectors",
): Row {
  return {
    name,
    scenario: { fixture, select, ...(exclude ? { exclude } : {}) },
    expect: (o) => {
      const selected = dbtSelection(o, select, exclude);
      if (selected.size === 0 && !name.includes("nothing")) throw new Error(`${select} selects nothing`);
      return { selected };
    },
    waits,
  };
}

const selections: Row[] = [
  selectRow("`2+orders`: orders and two generations of parents", FIXTURES.jaffle, ["2+orders"]),
  selectRow("`stg_orders+1`: stg_orders and its children", FIXTURES.jaffle, ["stg_orders+1"]),
  selectRow("`@stg_orders`: descendants and all their ancestors", FIXTURES.jaffle, ["@stg_orders"]),
  selectRow("`stg_*` matches only fqns that end there (package models at their root)", FIXTURES.bouncer11, [
    "stg_*",
  ]),
  selectRow("`staging.stg_*`: a folder and a wildcard", FIXTURES.jaffle, ["staging.stg_*"]),
  selectRow("`+customers,+orders`: intersection", FIXTURES.jaffle, ["+customers,+orders"]),
  selectRow("`stg_orders+` with exclude `orders`", FIXTURES.jaffle, ["stg_orders+"], ["orders"]),
  selectRow(
    "`+fact_orders` with exclude `stg_orders stg_customers`",
    FIXTURES.planetkart,
    ["+fact_orders"],
    ["stg_orders stg_customers"],
  ),
  selectRow("`2+mart_trade_exposure+1` on a large project", FIXTURES.trade, ["2+mart_trade_exposure+1"]),
  selectRow(
    "control: `+orders` `customers+` (union of common forms)",
    FIXTURES.jaffle,
    ["+orders", "customers+"],
    undefined,
    "",
  ),
];

describe("realistic changes: selectors", () => {
  rows("13 selectors", selections);

  it
    .skipIf(!sharedFixturesPresent)
    .each([["state:modified"], ["result:error"], ["exposure:customers"], ["state:modified+"]])(
    "13 selectors: the unsupported method `%s` is a usage error",
    (selector) => {
      const m = manifestJson(FIXTURES.bouncer11);
      const project = loadProject(JSON.stringify(m), "manifest.json");
      const error = thrownUserError(() =>
        plan({
          project,
          scope: { project: "p", environment: "prod" },
          state: null,
          sources: null,
          select: [selector],
          now: "2026-01-05T00:00:00Z",
        }),
      );
      expect(error.code).toBe("usage");
    },
  );
});
