import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderInventory } from "../../src/dbt/inventory/render-inventory.js";
import { INVENTORY_ROWS } from "../../src/dbt/inventory/rows.js";
import { PROJECT_ROOT } from "../support/shared-fixtures.js";

const DOC = path.join(PROJECT_ROOT, "docs", "inventory.md");

describe("docs/inventory.md", () => {
  it("is the inventory's rows as rendered (UPDATE_GOLDEN=1 rewrites it)", () => {
    const rendered = renderInventory(INVENTORY_ROWS);
    if (process.env.UPDATE_GOLDEN === "1") writeFileSync(DOC, rendered);
    expect(readFileSync(DOC, "utf8")).toBe(rendered);
  });

  it("has one row per path and surface, each with a class, a reason and a citation", () => {
    const seen = new Set<string>();
    const problems: string[] = [];
    for (const row of INVENTORY_ROWS) {
      const key = `${row.surface}: ${row.path}`;
      if (seen.has(key)) problems.push(`${key}: twice`);
      seen.add(key);
      if (row.how.trim() === "") problems.push(`${key}: no how/why`);
      if (row.cite.trim() === "") problems.push(`${key}: no citation`);
    }
    expect(problems).toEqual([]);
  });
});
