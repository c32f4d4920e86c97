import { describe, expect, it } from "vitest";
import {
  changeClassesOf,
  changeClassOf,
  changeGroupOf,
  groupEntries,
} from "../../src/comment/change-groups.js";
import type { PlanEntry, ReasonCode } from "../../src/state/plan.js";

function entry(action: "BUILD" | "REUSE", codes: ReasonCode[], extra: Partial<PlanEntry> = {}): PlanEntry {
  return {
    unique_id: `model.p.${codes.join("_") || "x"}`,
    name: "x",
    resource_type: "model",
    package_name: "p",
    materialized: "table",
    depth: 0,
    action,
    reasons: codes.map((code) => ({ code, message: code })),
    evidence: [],
    relation: { database: "db", schema: "s", identifier: "x" },
    ...extra,
  } as PlanEntry;
}

describe("change groups", () => {
  it.each([
    [["code_changed"], "changed", "changed"],
    [["never_built"], "changed", "changed"],
    [["unit_tests_changed"], "changed", "changed"],
    [["parent_code_changed", "code_changed"], "changed", "changed"],
    [["parent_code_changed"], "downstream", "downstream"],
    [["new_upstream_data", "parent_code_changed"], "downstream", "downstream"],
    [["new_upstream_data"], "new_data", "regardless"],
    [["no_declared_inputs", "new_upstream_data"], "new_data", "regardless"],
    [["no_declared_inputs"], "no_evidence", "regardless"],
    [["hook_reads_environment"], "no_evidence", "regardless"],
    [["missing_data_evidence"], "no_evidence", "regardless"],
    [["clock_dependent"], "no_evidence", "regardless"],
    [["no_state"], "no_evidence", "regardless"],
    [["unknown_parent"], "no_evidence", "regardless"],
    [["tests_not_passed"], "no_evidence", "regardless"],
  ] as [ReasonCode[], string, string][])("BUILD for %j: class %s, group %s", (codes, cls, group) => {
    const e = entry("BUILD", codes);
    expect(changeClassOf(e)).toBe(cls);
    expect(changeGroupOf(e)).toBe(group);
  });

  it("a REUSE is reused, unless its checks changed: then it is changed by the pull request", () => {
    expect(changeGroupOf(entry("REUSE", ["unchanged"]))).toBe("reused");
    const checked = entry("REUSE", ["unchanged"], {
      checks: { run: ["test.p.t"], reason: { code: "checks_changed", message: "m" } },
    });
    expect(changeClassOf(checked)).toBe("changed");
  });

  it("groups keep the order given", () => {
    const a = entry("BUILD", ["parent_code_changed"], { unique_id: "a" });
    const b = entry("BUILD", ["code_changed"], { unique_id: "b" });
    const c = entry("BUILD", ["parent_code_changed"], { unique_id: "c" });
    const d = entry("REUSE", ["unchanged"], { unique_id: "d" });
    const groups = groupEntries([a, b, c, d]);
    expect(groups.changed.map((e) => e.unique_id)).toEqual(["b"]);
    expect(groups.downstream.map((e) => e.unique_id)).toEqual(["a", "c"]);
    expect(groups.regardless).toEqual([]);
    expect(groups.reused.map((e) => e.unique_id)).toEqual(["d"]);
  });
});

describe("change classes in the plan", () => {
  const at = (id: string, depth: number, codes: ReasonCode[], subjects?: string[]) =>
    entry("BUILD", codes, {
      unique_id: id,
      depth,
      reasons: codes.map((code) => ({ code, message: code, ...(subjects ? { subjects } : {}) })),
    });

  it("new upstream data that rests only on inputs rebuilt without evidence is drawn as ODS can't tell, not as new data", () => {
    const seed = at("seed", 0, ["hook_reads_environment"]);
    const fresh = at("fresh", 0, ["new_upstream_data"], ["source.p.raw.orders"]);
    const onSeed = at("on_seed", 1, ["new_upstream_data"], ["seed"]);
    const onBoth = at("on_both", 1, ["new_upstream_data"], ["seed", "fresh"]);
    const onSource = at("on_source", 1, ["new_upstream_data"], ["source.p.raw.orders"]);
    const below = at("below", 2, ["new_upstream_data"], ["on_seed"]);
    const classes = changeClassesOf([below, onSource, onBoth, onSeed, fresh, seed]);
    expect(Object.fromEntries(classes)).toEqual({
      seed: "no_evidence",
      fresh: "new_data",
      on_seed: "no_evidence",
      on_both: "new_data",
      on_source: "new_data",
      below: "no_evidence",
    });
  });

  it("a node whose code-changing parents are rebuilt regardless is rebuilt regardless, not downstream of a change", () => {
    const edited = at("edited", 0, ["code_changed"]);
    const incomplete = at("incomplete", 0, ["code_incomplete"]);
    const reached = at("reached", 1, ["parent_code_changed"], ["edited"]);
    const notReached = at("not_reached", 1, ["parent_code_changed"], ["incomplete"]);
    const below = at("below", 2, ["parent_code_changed"], ["not_reached"]);
    const both = at("both", 2, ["parent_code_changed"], ["not_reached", "reached"]);
    const outside = at("outside", 1, ["parent_code_changed"], ["model.p.not_in_plan"]);
    // Given children first: the classes don't depend on the order of the entries.
    const classes = changeClassesOf([both, below, outside, notReached, reached, incomplete, edited]);
    expect(Object.fromEntries(classes)).toEqual({
      edited: "changed",
      incomplete: "no_evidence",
      reached: "downstream",
      not_reached: "no_evidence",
      below: "no_evidence",
      both: "downstream",
      outside: "downstream",
    });
    const groups = groupEntries([edited, incomplete, reached, notReached, below, both]);
    expect(groups.downstream.map((e) => e.unique_id)).toEqual(["reached", "both"]);
    expect(groups.regardless.map((e) => e.unique_id)).toEqual(["incomplete", "not_reached", "below"]);
  });
});
