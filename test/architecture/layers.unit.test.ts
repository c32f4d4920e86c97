/**
 * The layering of src/ (issue 21), checked by reading the sources: the pure
 * core imports only the packages it is allowed (an allow list, issue 38),
 * the environment domain only the warehouse contract and the core (never a
 * driver or a driver's package) and the drivers never the domain, there is
 * no import cycle (type-only and dynamic imports count), and no module
 * imports from a layer above its own. Each failure lists every violation
 * with the file, the line and the import.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cliPastUseCases } from "./cli-imports.js";
import {
  computedImports,
  importCycles,
  importGraphOf,
  importsFromAbove,
  outsideAllowLists,
  pureCoreGlobals,
  readImportGraph,
  unlayeredFiles,
} from "./import-graph.js";
import { PURE_CORE_PACKAGES } from "./layers.js";
import { sourceImports } from "./source-imports.js";

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "src");
const graph = readImportGraph(SRC);

function expectNone(violations: string[], what: string) {
  expect(violations, `${violations.length} ${what}:\n  ${violations.join("\n  ")}\n`).toEqual([]);
}

describe("the layers of src/", () => {
  it("reads every source file and resolves every relative import", () => {
    expect(graph.files.length).toBeGreaterThan(100);
    expect(graph.edges.filter((edge) => edge.to !== undefined).length).toBeGreaterThan(300);
    expectNone(
      graph.unresolved.map(
        (edge) => `src/${edge.from}:${edge.line} imports "${edge.specifier}", which is no file`,
      ),
      "unresolved imports",
    );
    expectNone(unlayeredFiles(graph), "files in no layer");
  });

  it("(a) the pure core, the environment domain and the warehouse contract import only what their allow lists name", () => {
    expectNone(outsideAllowLists(graph), "imports outside an allow list");
  });

  it("(a) the pure core's allow list is what it imports today: zod, node:crypto and yaml", () => {
    const core = ["errors/", "state/", "dbt/", "planner/", "comment/"];
    const packages = new Set(
      graph.edges
        .filter((edge) => !edge.specifier.startsWith(".") && core.some((area) => edge.from.startsWith(area)))
        .map((edge) => edge.specifier),
    );
    expect([...packages].sort()).toEqual([...PURE_CORE_PACKAGES].sort());
  });

  it("(d) the environment domain and the drivers live apart", () => {
    const areas = (prefix: string) =>
      new Set(
        graph.edges.filter((edge) => edge.from.startsWith(prefix) && edge.to).map((e) => e.to!.split("/")[0]),
      );
    expect(graph.files.filter((file) => file.startsWith("environment/")).length).toBeGreaterThan(40);
    expect(graph.files.filter((file) => file.startsWith("drivers/")).length).toBeGreaterThan(30);
    expect([...areas("environment/")]).not.toContain("drivers");
    expect([...areas("drivers/")]).not.toContain("environment");
    expect([...areas("environment/")]).toContain("warehouse");
  });

  it("(a) loads no module by a computed specifier outside the vendor clients' loader", () => {
    expectNone(computedImports(graph), "computed imports");
  });

  it("(a) the pure core uses no global that does I/O or reads the clock (fetch, process, timers, Date.now())", () => {
    expectNone(pureCoreGlobals(graph), "I/O globals in the pure core");
  });

  it("(b) has no import cycle", () => {
    expectNone(importCycles(graph), "import cycles");
  });

  it("(c) no module imports from a layer above its own", () => {
    expectNone(importsFromAbove(graph), "imports from a layer above");
  });

  it("(d) src/cli/ imports no planner, store or warehouse driver: it calls src/app/", () => {
    expectNone(cliPastUseCases(graph), "imports of src/cli/ past the use cases");
  });
});

describe("the CLI's check", () => {
  it("names the file, the line and the import", () => {
    const edge = (from: string, to: string, kind: "static" | "type" = "static") => ({
      from,
      to,
      specifier: `../${to.replace(/\.ts$/, ".js")}`,
      line: 3,
      kind,
    });
    expect(
      cliPastUseCases({
        files: [],
        edges: [
          edge("cli/a.ts", "planner/plan.ts"),
          edge("cli/b.ts", "store/sqlite-store.ts", "type"),
          edge("cli/c.ts", "drivers/duckdb/duckdb-warehouse.ts"),
          edge("cli/d.ts", "app/plan/make-plan.ts"),
          edge("cli/e.ts", "environment/index.ts"),
          edge("run/f.ts", "planner/plan.ts"),
        ],
        unresolved: [],
      }),
    ).toEqual([
      'src/cli/a.ts:3 imports "../planner/plan.js": src/cli/ calls the use cases in src/app/, never src/planner/plan.ts directly',
      'src/cli/b.ts:3 imports "../store/sqlite-store.js" (type import): src/cli/ calls the use cases in src/app/, never src/store/sqlite-store.ts directly',
      'src/cli/c.ts:3 imports "../drivers/duckdb/duckdb-warehouse.js": src/cli/ calls the use cases in src/app/, never src/drivers/duckdb/duckdb-warehouse.ts directly',
    ]);
  });
});

describe("the import reader", () => {
  it("finds static, type-only, side-effect, re-export, dynamic, typeof-import and require imports", () => {
    const source = [
      'import { a } from "./a.js";',
      'import type { B } from "./b.js";',
      "import {",
      "  c,",
      "  type D,",
      '} from "./c.js";',
      'import "./side.js";',
      'export * from "./e.js";',
      'export { f } from "./f.js";',
      'const g = await import("./g.js");',
      'type H = typeof import("node:sqlite");',
      'const i = require("node:fs");',
      'const j = process.getBuiltinModule("node:sqlite");',
      "const k = await import(specifier);",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: this is source text with a template literal in it
      "const l = require(`node:${name}`);",
    ].join("\n");
    expect(sourceImports(source).map((found) => [found.line, found.kind, found.specifier])).toEqual([
      [1, "static", "./a.js"],
      [2, "type", "./b.js"],
      [3, "static", "./c.js"],
      [7, "static", "./side.js"],
      [8, "static", "./e.js"],
      [9, "static", "./f.js"],
      [10, "dynamic", "./g.js"],
      [11, "type", "node:sqlite"],
      [12, "require", "node:fs"],
      [13, "builtin", "node:sqlite"],
      [14, "computed", "specifier"],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the specifier as written, a template literal
      [15, "computed", "`node:${name}`"],
    ]);
  });

  it("ignores imports written in comments, strings and template literals", () => {
    const source = [
      '// import { a } from "./commented.js";',
      '/* import "./block.js"; */',
      'const s = "import x from \\"./string.js\\"";',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: this is source text with a template literal in it
      'const t = `import("./template.js") ${1 + { x: 1 }.x} import "./after.js"`;',
      'const u = await import(/* hint */ "./real.js");',
    ].join("\n");
    expect(sourceImports(source).map((found) => found.specifier)).toEqual(["./real.js"]);
  });
});

describe("the checks", () => {
  const edge = (
    from: string,
    specifier: string,
    to?: string,
    kind: "static" | "type" | "dynamic" = "static",
  ) => ({
    from,
    specifier,
    to,
    line: 1,
    kind,
  });
  const synthetic = {
    files: ["planner/plan.ts", "dbt/graph.ts", "store/a.ts", "github/b.ts", "run/c.ts", "cli/d.ts"],
    edges: [
      edge("planner/plan.ts", "node:fs"),
      edge("planner/plan.ts", "zod"),
      edge("planner/plan.ts", "node:crypto"),
      edge("dbt/graph.ts", "../planner/plan.js", "planner/plan.ts", "type"),
      edge("store/a.ts", "../github/b.js", "github/b.ts"),
      edge("github/b.ts", "../store/a.js", "store/a.ts", "dynamic"),
      edge("github/b.ts", "../run/c.js", "run/c.ts", "type"),
      edge("run/c.ts", "../cli/d.js", "cli/d.ts"),
    ],
    unresolved: [],
  };

  it("name the file, the line and the import of each violation", () => {
    expect(outsideAllowLists(synthetic)).toEqual([
      'src/planner/plan.ts:1 imports "node:fs": the pure core (planner) may import only the packages zod, node:crypto, yaml',
    ]);
    expect(importsFromAbove(synthetic)).toEqual([
      'src/dbt/graph.ts:1 imports "../planner/plan.js" (type import): src/planner/plan.ts is in layer 3 (planner), above dbt (layer 2)',
      'src/github/b.ts:1 imports "../run/c.js" (type import): src/run/c.ts is in layer 7 (run/cli), above adapters (layer 5)',
      'src/run/c.ts:1 imports "../cli/d.js": src/run/ and src/cli/ must not import each other',
    ]);
    expect(importCycles(synthetic)).toEqual([
      'import cycle: src/github/b.ts:1 imports "../store/a.js" (dynamic import) → src/store/a.ts:1 imports "../github/b.js"',
    ]);
  });
});

/**
 * Issue 38: the action's steps (src/run/) read inputs, call a use case of
 * src/app/ and present its result; the planner, the state store and the
 * warehouse drivers are reached only through src/app and its ports.
 */
const BEHIND_APP_FOR_RUN = ["planner/", "store/", "drivers/"];

function runReachingPastApp(
  edges: readonly { from: string; to?: string; line: number; specifier: string }[],
) {
  return edges
    .filter((edge) => edge.from.startsWith("run/") && edge.to !== undefined)
    .filter((edge) => BEHIND_APP_FOR_RUN.some((folder) => edge.to!.startsWith(folder)))
    .map(
      (edge) =>
        `src/${edge.from}:${edge.line} imports "${edge.specifier}": src/run/ reaches src/${edge.to} only through src/app (a use case or a port)`,
    );
}

describe("src/run/ and what lies behind src/app", () => {
  it("no file of src/run/ imports the planner, the store or a warehouse driver", () => {
    expect(graph.files.filter((file) => file.startsWith("run/")).length).toBeGreaterThan(5);
    expectNone(runReachingPastApp(graph.edges), "imports past src/app from src/run/");
  });

  it("names the file, the line and the import", () => {
    const edges = [
      { from: "run/a.ts", specifier: "../planner/plan.js", to: "planner/plan.ts", line: 3 },
      { from: "run/b.ts", specifier: "../drivers/duckdb/x.js", to: "drivers/duckdb/x.ts", line: 4 },
      { from: "run/c.ts", specifier: "../app/events/x.js", to: "app/events/x.ts", line: 5 },
      { from: "app/d.ts", specifier: "../store/s.js", to: "store/s.ts", line: 6 },
    ];
    expect(runReachingPastApp(edges)).toEqual([
      'src/run/a.ts:3 imports "../planner/plan.js": src/run/ reaches src/planner/plan.ts only through src/app (a use case or a port)',
      'src/run/b.ts:4 imports "../drivers/duckdb/x.js": src/run/ reaches src/drivers/duckdb/x.ts only through src/app (a use case or a port)',
    ]);
  });
});

describe("the allow lists, fed synthetic source text", () => {
  const graph = importGraphOf({
    "dbt/graph.ts": [
      'import { z } from "zod";',
      'import { createHash } from "node:crypto";',
      'import { readFileSync } from "node:fs";',
      "",
      'const sql = await import("node:sqlite");',
    ].join("\n"),
    "comment/render.ts": 'import { z } from "zod/v4";\nimport type { Octokit } from "@octokit/rest";',
    "state/clock.ts": [
      "export const now = () => Date.now();",
      "export const today = () => new Date();",
      'export const page = () => fetch("https://example.com");',
      "export const env = () => process.env.HOME;",
      "export const later = (f: () => void) => setTimeout(f, 1);",
      "// fetch, process and Date.now() in a comment, and in strings, are none:",
      'export const words = { process: "fetch(x) Date.now()", at: new Date(5), done: [].some((x) => x) };',
      "export const shown = (x: { fetch: number }) => x.fetch + String(Math.abs(1));",
    ].join("\n"),
    "planner/hidden.ts": [
      'const fs = process.getBuiltinModule("node:fs");',
      'const name = "node:child_process";',
      "const cp = await import(name);",
      'const db = require("pg" + "");',
    ].join("\n"),
    "warehouse/warehouse.ts": 'import type { QualifiedName } from "./names.js";',
    "warehouse/names.ts":
      'import { createHash } from "node:crypto";\nimport { DuckDBInstance } from "@duckdb/node-api";',
    "environment/lifecycle/create.ts": [
      'import type { Warehouse } from "../../warehouse/warehouse.js";',
      'import { DuckDbWarehouse } from "../../drivers/duckdb/duckdb-warehouse.js";',
      'import pg from "pg";',
      'import { statePath } from "../../store/paths.js";',
    ].join("\n"),
    "drivers/duckdb/duckdb-warehouse.ts": [
      'import { DuckDBInstance } from "@duckdb/node-api";',
      'import type { Warehouse } from "../../warehouse/warehouse.js";',
      'import { EnvironmentRegistry } from "../../environment/registry.js";',
    ].join("\n"),
    "environment/registry.ts": "export class EnvironmentRegistry {}",
    "store/paths.ts": "export const statePath = 1;",
  });

  it("fail any other package in the pure core, with the file and the line", () => {
    expect(outsideAllowLists(graph).filter((problem) => /^src\/(dbt|comment)\//.test(problem))).toEqual([
      'src/comment/render.ts:2 imports "@octokit/rest" (type import): the pure core (comment) may import only the packages zod, node:crypto, yaml',
      'src/dbt/graph.ts:3 imports "node:fs": the pure core (dbt) may import only the packages zod, node:crypto, yaml',
      'src/dbt/graph.ts:5 imports "node:sqlite" (dynamic import): the pure core (dbt) may import only the packages zod, node:crypto, yaml',
    ]);
  });

  it("fail a module loaded past import (getBuiltinModule) or by a computed specifier, which no reader can check", () => {
    expect(outsideAllowLists(graph).filter((problem) => problem.startsWith("src/planner/"))).toEqual([
      'src/planner/hidden.ts:1 imports "node:fs" (builtin import): the pure core (planner) may import only the packages zod, node:crypto, yaml',
      'src/planner/hidden.ts:3 imports "name" (computed import): the pure core (planner) may import only what it names as a string, and a computed specifier can\'t be checked',
      'src/planner/hidden.ts:4 imports ""pg" + """ (computed import): the pure core (planner) may import only what it names as a string, and a computed specifier can\'t be checked',
    ]);
    expect(computedImports(graph)).toEqual([
      'src/planner/hidden.ts:3 imports "name" (computed import): only src/drivers/providers/load-client.ts may load a module by a computed specifier (the layers check can\'t read it)',
      'src/planner/hidden.ts:4 imports ""pg" + """ (computed import): only src/drivers/providers/load-client.ts may load a module by a computed specifier (the layers check can\'t read it)',
    ]);
  });

  it("fail the pure core's use of a global that does I/O or reads the clock, with the file and the line", () => {
    expect(pureCoreGlobals(graph).filter((problem) => problem.startsWith("src/state/"))).toEqual([
      "src/state/clock.ts:1 uses Date.now: the pure core (state) does no I/O and reads no clock (take the value as a parameter)",
      "src/state/clock.ts:2 uses new Date(): the pure core (state) does no I/O and reads no clock (take the value as a parameter)",
      "src/state/clock.ts:3 uses fetch: the pure core (state) does no I/O and reads no clock (take the value as a parameter)",
      "src/state/clock.ts:4 uses process: the pure core (state) does no I/O and reads no clock (take the value as a parameter)",
      "src/state/clock.ts:5 uses setTimeout: the pure core (state) does no I/O and reads no clock (take the value as a parameter)",
    ]);
  });

  it("fail a driver, a driver's package or another adapter in the environment domain, and a driver package in the contract", () => {
    expect(
      outsideAllowLists(graph).filter((problem) => /^src\/(environment|warehouse)\//.test(problem)),
    ).toEqual([
      'src/environment/lifecycle/create.ts:2 imports "../../drivers/duckdb/duckdb-warehouse.js": src/drivers/duckdb/duckdb-warehouse.ts is outside what the environment domain may import (src/errors/, src/version.ts, src/state/, src/dbt/, src/planner/, src/warehouse/, src/environment/)',
      'src/environment/lifecycle/create.ts:3 imports "pg": the environment domain may import only the packages node:crypto',
      'src/environment/lifecycle/create.ts:4 imports "../../store/paths.js": src/store/paths.ts is outside what the environment domain may import (src/errors/, src/version.ts, src/state/, src/dbt/, src/planner/, src/warehouse/, src/environment/)',
      'src/warehouse/names.ts:2 imports "@duckdb/node-api": the warehouse contract may import only the packages node:crypto',
    ]);
  });

  it("fail the domain and the drivers importing each other", () => {
    expect(importsFromAbove(graph)).toEqual([
      'src/drivers/duckdb/duckdb-warehouse.ts:3 imports "../../environment/registry.js": src/drivers/ and src/environment/ must not import each other',
      'src/environment/lifecycle/create.ts:2 imports "../../drivers/duckdb/duckdb-warehouse.js": src/environment/ and src/drivers/ must not import each other',
    ]);
  });
});
