import { describe, expect, it } from "vitest";
import { fitSections } from "../../src/comment/fit/fit-sections.js";

/**
 * Two sections under a limit of 100 characters: `important` fills the room
 * left at its level 1 (as many "x" as fit), `minor` is 40 characters whole
 * or 5 cut. Both are cut; giving `minor` its detail back fits only by taking
 * 35 characters from `important`'s filling.
 */
function fitted(restore: ("important" | "minor")[]): string {
  return fitSections({
    limit: 100,
    size: (text) => text.length,
    head: "H",
    note: "N",
    order: ["important", "minor"],
    cuts: [
      ["minor", 1],
      ["important", 1],
    ],
    restore,
    filling: new Set(["important"]),
    render: (name, level, budget) => {
      if (name === "minor") return level === 0 ? "m".repeat(40) : "m".repeat(5);
      if (level === 0) return "x".repeat(500);
      return "x".repeat(Math.max(0, Math.min(500, budget)));
    },
    lastResort: { first: () => undefined, cut: ["minor", 1], last: () => "L" },
  });
}

describe("fitSections gives detail back without taking it from a more important section", () => {
  it.each([
    // [restore order, the x's important keeps, the m's minor shows]
    [["important", "minor"] as const, 86, 5],
    // Minor first: it is the more important one then, and takes its detail back from important's filling.
    [["minor", "important"] as const, 51, 40],
  ])("restore %j: important keeps %i characters, minor shows %i", (restore, xs, ms) => {
    const text = fitted([...restore]);
    expect(text.length).toBeLessThanOrEqual(100);
    expect(text.match(/x+/)?.[0].length).toBe(xs);
    expect(text.match(/m+/)?.[0].length).toBe(ms);
  });
});
