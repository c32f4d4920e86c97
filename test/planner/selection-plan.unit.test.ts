/**
 * Selection at the plan's and the CLI's level: `--exclude`, the warnings for
 * a selector that matches nothing or a selection that plans nothing (dbt
 * warns and builds nothing; ODS never returns a silent empty plan), and the
 * CLI's exit code 2 for a refused selector. Plus the pieces dbt's matching
 * rests on: Python's fnmatch and pathlib's glob.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadProject } from "../../src/dbt/load-project.js";
import { fnmatch } from "../../src/planner/fnmatch.js";
import { GlobRefusal, globPaths } from "../../src/planner/path-glob.js";
import { runCliIn } from "../support/cli-context.js";
import { planOf } from "../support/planner-harness.js";
import { sharedFixture, sharedFixturesPresent } from "../support/shared-fixtures.js";

const JAFFLE = "jaffle-shop-duckdb-1.12";
const manifestPath = () => sharedFixture(JAFFLE, "manifest.json");
const project = () => loadProject(readFileSync(manifestPath(), "utf8"), "manifest.json");

describe.skipIf(!sharedFixturesPresent)("selection in the plan", () => {
  it("--exclude leaves nodes out; without --select it starts from every node", () => {
    const p = project();
    const all = planOf(p, null).entries.map((e) => e.name);
    const noStaging = planOf(p, null, { exclude: ["path:models/staging"] });
    expect(noStaging.entries.map((e) => e.name)).toEqual(all.filter((n) => !n.startsWith("stg_")));
    expect(noStaging.exclusion).toEqual(["path:models/staging"]);
    const upstream = planOf(p, null, { select: ["+orders"], exclude: ["resource_type:seed"] });
    expect(upstream.entries.map((e) => e.resource_type)).not.toContain("seed");
    expect(upstream.entries.map((e) => e.name)).toContain("stg_orders");
  });

  it.each([
    [["stg_*"], [], ["selector_matches_nothing", "selection_plans_nothing"], /`stg_\*` matches nothing/],
    [["tag:nope", "orders"], [], ["selector_matches_nothing"], /`tag:nope` matches nothing/],
    [["orders"], ["state_of_mind"], ["selector_matches_nothing"], /`state_of_mind` matches nothing/],
    [["resource_type:test"], [], ["selection_plans_nothing"], /plans nothing/],
    [["orders"], ["orders"], ["selection_plans_nothing"], /plans nothing/],
  ])("--select %j --exclude %j warns %j", (select, exclude, codes, message) => {
    const p = planOf(project(), null, { select, exclude });
    const warnings = p.warnings.filter((w) => w.code.startsWith("select"));
    expect(warnings.map((w) => w.code)).toEqual(codes);
    expect(warnings.map((w) => w.message).join("\n")).toMatch(message);
  });

  it("a selection that plans something and matches with every part has no selection warning", () => {
    const p = planOf(project(), null, { select: ["@stg_orders", "source:ecom"] });
    expect(p.warnings.filter((w) => w.code.startsWith("select"))).toEqual([]);
    expect(p.entries.length).toBeGreaterThan(0);
  });
});

describe.skipIf(!sharedFixturesPresent)("the CLI", () => {
  it.each([
    [["--select", "state:modified+"], /selector method `state:`/],
    [["--select", "orders", "--exclude", "result:error"], /selector method `result:`/],
    [["--select", "@orders+"], /incompatible/],
    [["--select", "resource_type:widget"], /not a dbt resource type/],
  ])("plan %j: exit 2, the error names the selector", async (args, message) => {
    const result = await runCliIn("/tmp", [
      "plan",
      "--manifest",
      manifestPath(),
      "--state",
      "/tmp/x/absent.db",
      ...args,
    ]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^error\[usage\]: The selector `/);
    expect(result.err).toMatch(message);
  });

  it("plan --select … --exclude … plans the difference", async () => {
    const result = await runCliIn("/tmp", [
      "plan",
      "--manifest",
      manifestPath(),
      "--state",
      "/tmp/x/absent.db",
      "--select",
      "+orders",
      "--exclude",
      "resource_type:seed stg_orders",
      "--format",
      "json",
    ]);
    expect(result.code).toBe(0);
    const names = (JSON.parse(result.out) as { entries: { name: string }[] }).entries.map((e) => e.name);
    expect(names).toContain("stg_order_items");
    expect(names).not.toContain("stg_orders");
    expect(names.some((n) => n.startsWith("raw_"))).toBe(false);
  });
});

describe("fnmatch is Python's fnmatchcase", () => {
  it.each([
    ["jaffle_shop.staging.stg_orders", "*orders*", true],
    ["jaffle_shop.staging.stg_orders", "stg_*", false],
    ["stg_orders", "stg_*", true],
    ["stg_orders", "STG_*", false],
    ["a.b", "a?b", true],
    ["ab", "a?b", false],
    ["a", "[abc]", true],
    ["d", "[!abc]", true],
    ["a", "[!abc]", false],
    ["]", "[]]", true],
    ["x", "[!]]", true],
    ["]", "[!]]", false],
    ["b", "[a-c]", true],
    ["-", "[a-]", true],
    ["b", "[z-a]", false],
    ["[", "[", true],
    ["a[b", "a[b", true],
    ["\\", "[\\]", true],
    ["^", "[^]", true],
    ["x", "[^]", false],
    ["a/b", "*", true],
    ["", "*", true],
    ["a\nb", "a*b", true],
    ["(x)", "(x)", true],
  ])("fnmatch(%j, %j) is %s", (name, pattern, expected) => {
    expect(fnmatch(name, pattern)).toBe(expected);
  });
});

describe("path: is pathlib's glob over the manifest's paths", () => {
  const candidates = [
    { path: "", dir: true },
    { path: "models", dir: true },
    { path: "models/staging", dir: true },
    { path: "models/staging/stg_orders.sql", dir: false },
    { path: "models/staging/schema.yml", dir: false },
    { path: "models/marts", dir: true },
    { path: "models/marts/orders.sql", dir: false },
  ].map((c) => ({ ...c, parts: c.path === "" ? [] : c.path.split("/") }));
  it.each([
    ["models/staging", ["models/staging"]],
    ["./models//staging", ["models/staging"]],
    ["models/*", ["models/staging", "models/marts"]],
    ["models/*/*.sql", ["models/staging/stg_orders.sql", "models/marts/orders.sql"]],
    ["**/*.sql", ["models/staging/stg_orders.sql", "models/marts/orders.sql"]],
    ["models/**/orders.sql", ["models/marts/orders.sql"]],
    ["**", ["", "models", "models/staging", "models/marts"]],
    ["models/staging/", ["models/staging"]],
    ["Models/staging", []],
  ])("%s", (pattern, expected) => {
    expect([...globPaths(pattern, candidates).paths].sort()).toEqual([...expected].sort());
  });
  it.each(["", ".", "/models", "../models", "models/**.sql"])("%j is refused", (pattern) => {
    expect(() => globPaths(pattern, candidates)).toThrow(GlobRefusal);
  });
});
