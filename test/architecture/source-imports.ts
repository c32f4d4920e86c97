/**
 * Every import of a TypeScript source, read without a compiler: static
 * `import`/`export … from`, side-effect `import "x"`, dynamic `import("x")`,
 * type-position `typeof import("x")`, `require("x")` and Node's
 * `process.getBuiltinModule("x")` (a built-in module loaded without an
 * import: `builtin`). Type-only imports count like any other. A dynamic
 * import or a require whose specifier is not one string (`import(name)`,
 * `require("a" + b)`, a template with `${…}`) is `computed`, its argument as
 * written for the specifier: no reader can tell what it loads. Comments are
 * blanked first and string contents are masked, so an `import` written
 * inside a comment or a string is not one.
 */

export interface SourceImport {
  /** The specifier as written: `./plan.js`, `node:fs`, `@actions/core`. */
  specifier: string;
  /** 1-based line of the `import`/`export`/`require` keyword. */
  line: number;
  kind: "static" | "type" | "dynamic" | "require" | "builtin" | "computed";
}

/**
 * The source with comments replaced by spaces and the contents of strings and
 * template literals replaced by `_`, every character at its original offset
 * (newlines are kept, so line numbers stay right).
 */
export function maskSource(text: string): string {
  const out = text.split("");
  const blank = (from: number, to: number, fill: string) => {
    for (let i = from; i < to; i++) if (out[i] !== "\n") out[i] = fill;
  };
  /** Braces open inside each `${` of the template literals we are in. */
  const templates: number[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === "/" && next === "/") {
      const end = text.indexOf("\n", i);
      const stop = end === -1 ? text.length : end;
      blank(i, stop, " ");
      i = stop;
    } else if (c === "/" && next === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end === -1 ? text.length : end + 2;
      blank(i, stop, " ");
      i = stop;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== "\n") j += text[j] === "\\" ? 2 : 1;
      blank(i + 1, Math.min(j, text.length), "_");
      i = j + 1;
    } else if (c === "`" || (c === "}" && templates.length > 0 && templates[templates.length - 1] === 0)) {
      // The start of a template literal, or its continuation after a `${…}`.
      if (c === "}") templates.pop();
      let j = i + 1;
      while (j < text.length && text[j] !== "`" && !(text[j] === "$" && text[j + 1] === "{")) {
        j += text[j] === "\\" ? 2 : 1;
      }
      blank(i + 1, Math.min(j, text.length), "_");
      if (text[j] === "$") {
        templates.push(0);
        i = j + 2;
      } else {
        i = j + 1;
      }
    } else {
      if (templates.length > 0) {
        if (c === "{") templates[templates.length - 1]!++;
        else if (c === "}") templates[templates.length - 1]!--;
      }
      i++;
    }
  }
  return out.join("");
}

// On the masked text: a string's content is all `_`, so each pattern finds the
// quotes, and the specifier is read from the original text at the same offsets.
const PATTERNS: { kind: SourceImport["kind"]; pattern: RegExp }[] = [
  // import x from "y"; import { a, b } from "y"; import type { T } from "y"; export { a } from "y"; export * from "y"
  { kind: "static", pattern: /(?<![\w$.])(import|export)(\s+type\b)?[^;"'`()=]*?\bfrom\s*(["'])(_*)\3/dg },
  // import "y";
  { kind: "static", pattern: /(?<![\w$.])(import)()\s*(["'])(_*)\3/dg },
  // import("y"), await import("y"), typeof import("y"), import("y", { with: … }): the string is the whole specifier
  { kind: "dynamic", pattern: /(?<![\w$.])(import)()\s*\(\s*(["'`])(_*)\3(?=\s*[,)])/dg },
  // require("y")
  { kind: "require", pattern: /(?<![\w$.])(require)()\s*\(\s*(["'`])(_*)\3\s*\)/dg },
  // process.getBuiltinModule("y")
  { kind: "builtin", pattern: /(?<![\w$])(getBuiltinModule)()\s*\(\s*(["'`])(_*)\3\s*\)/dg },
];

/** Every call that loads a module: those PATTERNS did not read are computed. */
const LOADS = /(?<![\w$.])(?:import|require)\s*\(|(?<![\w$])getBuiltinModule\s*\(/g;

export function sourceImports(text: string): SourceImport[] {
  const masked = maskSource(text);
  const found: (SourceImport & { at: number })[] = [];
  for (const { kind, pattern } of PATTERNS) {
    for (const match of masked.matchAll(pattern)) {
      const at = match.index;
      const [start, end] = match.indices![4]!;
      const specifier = text.slice(start, end);
      const before = masked.slice(Math.max(0, at - 7), at);
      const typeOnly = match[2] !== undefined && match[2] !== "";
      found.push({
        specifier,
        line: text.slice(0, at).split("\n").length,
        kind: typeOnly || (kind === "dynamic" && /typeof\s*$/.test(before)) ? "type" : kind,
        at,
      });
    }
  }
  const read = new Set(found.map((one) => one.at));
  for (const match of masked.matchAll(LOADS)) {
    if (read.has(match.index)) continue;
    const open = match.index + match[0].length;
    const close = masked.indexOf(")", open);
    const argument = text
      .slice(open, close === -1 ? undefined : close)
      .split("\n")[0]!
      .trim();
    found.push({
      specifier: argument,
      line: text.slice(0, match.index).split("\n").length,
      kind: "computed",
      at: match.index,
    });
  }
  return found.sort((a, b) => a.at - b.at).map(({ at: _, ...rest }) => rest);
}

/** A global that does I/O or reads the clock, used in a source: what an import allow list can't see. */
export interface GlobalUse {
  /** As the check names it: `fetch`, `process`, `Date.now`, `new Date()`. */
  name: string;
  line: number;
}

// On the masked text (no comments, no string contents); not a property (`x.fetch`) nor an object key (`{ process: 1 }`).
const IO_GLOBALS =
  /(?<![\w$.])(?:(fetch|process|globalThis|console|performance|setTimeout|setInterval|setImmediate|WebSocket|XMLHttpRequest|EventSource)\b(?!\s*:)|(Date)\s*\.\s*now\b|new\s+(Date)\s*\(\s*\))/g;

/** Every use of a global that does I/O (network, process, timers, console) or reads the clock (`Date.now()`, `new Date()`). */
export function sourceGlobals(text: string): GlobalUse[] {
  const masked = maskSource(text);
  return [...masked.matchAll(IO_GLOBALS)].map((match) => ({
    name: match[1] ?? (match[2] ? "Date.now" : "new Date()"),
    line: text.slice(0, match.index).split("\n").length,
  }));
}
