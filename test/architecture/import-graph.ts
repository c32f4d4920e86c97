/**
 * The import graph of src/ and what breaks the layering: I/O in the pure
 * core, imports from a layer above, imports between folders that must not
 * know each other, and import cycles. Each violation names the file, the line
 * and the import as written.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ALLOW_LISTS, areaOf, COMPUTED_IMPORTS, layerOf, NEVER_BETWEEN } from "./layers.js";
import { type GlobalUse, type SourceImport, sourceGlobals, sourceImports } from "./source-imports.js";

export interface ImportEdge extends SourceImport {
  /** The importing file, relative to src/. */
  from: string;
  /** The imported src/ file, relative to src/, when the specifier is relative. */
  to?: string;
}

export interface ImportGraph {
  files: string[];
  edges: ImportEdge[];
  /** Relative specifiers that name no file under src/. */
  unresolved: ImportEdge[];
  /** Each file's uses of a global that does I/O or reads the clock (source-imports.ts sourceGlobals). */
  globals?: (GlobalUse & { from: string })[];
}

function listSources(srcDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) {
        files.push(path.relative(srcDir, full).split(path.sep).join("/"));
      }
    }
  };
  walk(srcDir);
  return files.sort();
}

/** `./plan.js` from `planner/rules/x.ts` is `planner/rules/plan.ts` (or `…/plan/index.ts`). */
function resolve(from: string, specifier: string, known: Set<string>): string | undefined {
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const stem = joined.replace(/\.(js|ts|mjs|mts)$/, "");
  for (const candidate of [`${stem}.ts`, `${stem}.mts`, joined, `${joined}/index.ts`]) {
    if (known.has(candidate)) return candidate;
  }
  return undefined;
}

export function readImportGraph(srcDir: string): ImportGraph {
  const sources: Record<string, string> = {};
  for (const file of listSources(srcDir)) sources[file] = readFileSync(path.join(srcDir, file), "utf8");
  return importGraphOf(sources);
}

/** The import graph of these sources (path relative to src/ → text): what readImportGraph reads, or synthetic text. */
export function importGraphOf(sources: Readonly<Record<string, string>>): ImportGraph {
  const files = Object.keys(sources).sort();
  const known = new Set(files);
  const edges: ImportEdge[] = [];
  const unresolved: ImportEdge[] = [];
  const globals: (GlobalUse & { from: string })[] = [];
  for (const file of files) {
    for (const use of sourceGlobals(sources[file]!)) globals.push({ ...use, from: file });
    for (const found of sourceImports(sources[file]!)) {
      const edge: ImportEdge = { ...found, from: file };
      if (found.kind !== "computed" && found.specifier.startsWith(".")) {
        edge.to = resolve(file, found.specifier, known);
        if (edge.to === undefined) unresolved.push(edge);
      }
      edges.push(edge);
    }
  }
  return { files, edges, unresolved, globals };
}

const where = (edge: ImportEdge) =>
  `src/${edge.from}:${edge.line} imports "${edge.specifier}"${edge.kind === "static" ? "" : ` (${edge.kind} import)`}`;

/** Files no layer claims: each must be placed in a layer before it can be checked. */
export function unlayeredFiles(graph: ImportGraph): string[] {
  return graph.files
    .filter((file) => layerOf(file) === undefined)
    .map((file) => `src/${file} is in no layer: add its folder to test/architecture/layers.ts`);
}

/** The package a bare specifier names: `zod/v4` is `zod`, `@duckdb/node-api/x` is `@duckdb/node-api`. */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

/**
 * (a) Allow lists (layers.ts ALLOW_LISTS): the pure core imports only the
 * packages it imports today; the environment domain and the warehouse
 * contract import only their listed packages and src/ folders (no driver,
 * no driver package). Anything else is named with its file and line.
 */
export function outsideAllowLists(graph: ImportGraph): string[] {
  const problems: string[] = [];
  for (const edge of graph.edges) {
    const list = ALLOW_LISTS.find((allow) => allow.area === areaOf(edge.from));
    if (list === undefined) continue;
    if (edge.kind === "computed") {
      problems.push(
        `${where(edge)}: ${list.name} may import only what it names as a string, and a computed specifier can't be checked`,
      );
    } else if (!edge.specifier.startsWith(".")) {
      if (!list.packages.includes(edge.specifier) && !list.packages.includes(packageOf(edge.specifier))) {
        problems.push(
          `${where(edge)}: ${list.name} may import only the packages ${list.packages.join(", ")}`,
        );
      }
    } else if (edge.to !== undefined && list.areas && !list.areas.includes(areaOf(edge.to))) {
      problems.push(
        `${where(edge)}: src/${edge.to} is outside what ${list.name} may import (${list.areas.map((a) => `src/${a}`).join(", ")})`,
      );
    }
  }
  return problems;
}

/**
 * The pure core takes data and returns data (docs/architecture.md): no
 * global that does I/O or reads the clock, which no import shows (`fetch`,
 * `process`, timers, `console`, `Date.now()`, `new Date()`; `now` is a
 * parameter).
 */
export function pureCoreGlobals(graph: ImportGraph): string[] {
  return (graph.globals ?? []).flatMap((use) => {
    const list = ALLOW_LISTS.find((allow) => allow.area === areaOf(use.from));
    if (list === undefined || !list.name.startsWith("the pure core")) return [];
    return [
      `src/${use.from}:${use.line} uses ${use.name}: ${list.name} does no I/O and reads no clock (take the value as a parameter)`,
    ];
  });
}

/** A module loaded by a computed specifier, outside the files layers.ts COMPUTED_IMPORTS names: what it loads is unchecked. */
export function computedImports(graph: ImportGraph): string[] {
  return graph.edges
    .filter((edge) => edge.kind === "computed" && !COMPUTED_IMPORTS.includes(edge.from))
    .map(
      (edge) =>
        `${where(edge)}: only ${COMPUTED_IMPORTS.map((file) => `src/${file}`).join(", ")} may load a module by a computed specifier (the layers check can't read it)`,
    );
}

/** (c) No import from a layer above, and none between folders that must not know each other. */
export function importsFromAbove(graph: ImportGraph): string[] {
  const problems: string[] = [];
  for (const edge of graph.edges) {
    if (edge.to === undefined) continue;
    const from = layerOf(edge.from);
    const to = layerOf(edge.to);
    if (from === undefined || to === undefined) continue;
    if (to.rank > from.rank) {
      problems.push(
        `${where(edge)}: src/${edge.to} is in layer ${to.rank} (${to.name}), above ${from.name} (layer ${from.rank})`,
      );
    }
    const pair = [areaOf(edge.from), areaOf(edge.to)];
    if (
      NEVER_BETWEEN.some(([a, b]) => (pair[0] === a && pair[1] === b) || (pair[0] === b && pair[1] === a))
    ) {
      problems.push(`${where(edge)}: src/${pair[0]} and src/${pair[1]} must not import each other`);
    }
  }
  return problems;
}

/**
 * (b) Import cycles: each strongly connected set of files (Tarjan), shown as
 * one concrete cycle through it with the import that makes each step.
 */
export function importCycles(graph: ImportGraph): string[] {
  const out = new Map<string, ImportEdge[]>();
  for (const edge of graph.edges) {
    if (edge.to === undefined) continue;
    const list = out.get(edge.from) ?? [];
    if (!list.some((e) => e.to === edge.to)) list.push(edge);
    out.set(edge.from, list);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  const connect = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const edge of out.get(file) ?? []) {
      const to = edge.to!;
      if (!index.has(to)) {
        connect(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file)!, index.get(to)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      const selfLoop = (out.get(file) ?? []).some((edge) => edge.to === file);
      if (component.length > 1 || selfLoop) components.push(component.sort());
    }
  };
  for (const file of graph.files) if (!index.has(file)) connect(file);

  return components
    .sort((a, b) => a[0]!.localeCompare(b[0]!))
    .map((component) => {
      const members = new Set(component);
      const start = component[0]!;
      // The shortest way back to `start` within the component (breadth first).
      const via = new Map<string, ImportEdge>();
      const queue = [start];
      let closing: ImportEdge | undefined;
      while (queue.length > 0 && closing === undefined) {
        const file = queue.shift()!;
        for (const edge of out.get(file) ?? []) {
          if (!members.has(edge.to!)) continue;
          if (edge.to === start) {
            closing = edge;
            break;
          }
          if (!via.has(edge.to!)) {
            via.set(edge.to!, edge);
            queue.push(edge.to!);
          }
        }
      }
      const steps: ImportEdge[] = [closing!];
      for (let at = closing!.from; at !== start; at = via.get(at)!.from) steps.unshift(via.get(at)!);
      const others =
        component.length > steps.length
          ? ` (the cycle's files: ${component.map((f) => `src/${f}`).join(", ")})`
          : "";
      return `import cycle: ${steps.map((edge) => `${where(edge)}`).join(" → ")}${others}`;
    });
}
