/**
 * The layering of src/ (issue 21), checked by reading the sources: the pure
 * core imports no I/O, there is no import cycle (type-only and dynamic
 * imports count), and no module imports from a layer above its own. Each
 * failure lists every violation with the file, the line and the import.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  importCycles,
  importsFromAbove,
  ioInPureCore,
  readImportGraph,
  unlayeredFiles,
} from "./import-graph.js";
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

  it("(a) src/state, src/dbt, src/planner and src/comment import no I/O", () => {
    expectNone(ioInPureCore(graph), "I/O imports in the pure core");
  });

  it("(b) has no import cycle", () => {
    expectNone(importCycles(graph), "import cycles");
  });

  it("(c) no module imports from a layer above its own", () => {
    expectNone(importsFromAbove(graph), "imports from a layer above");
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
    expect(ioInPureCore(synthetic)).toEqual([
      'src/planner/plan.ts:1 imports "node:fs": planner is pure (layer 3) and may not import I/O',
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
