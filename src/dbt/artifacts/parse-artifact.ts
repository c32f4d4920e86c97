/**
 * What every dbt artifact reader shares once the file is JSON
 * (parse-artifact-json.ts turns its text into JSON): reading and checking
 * the declared schema version, and collecting every validation problem with
 * its JSON path so that one error lists them all.
 *
 * Pure: the caller reads the file and passes its text and path (the path is
 * only used in messages).
 */
import type { z } from "zod";
import type { Problem } from "../../errors/user-error.js";
import { UserError } from "../../errors/user-error.js";

/** The artifacts ODS reads, named as in dbt's schema URLs. */
export type ArtifactKind = "manifest" | "run-results" | "sources";

/** How an artifact kind is called in messages. */
const KIND_NOUN: Record<ArtifactKind, string> = {
  manifest: "dbt manifest",
  "run-results": "dbt run results file",
  sources: "dbt sources (freshness) file",
};

/** The file dbt writes for each kind, for hints. */
const KIND_FILE: Record<ArtifactKind, string> = {
  manifest: "manifest.json",
  "run-results": "run_results.json",
  sources: "sources.json",
};

export type JsonPath = readonly PropertyKey[];

/* ---------------------------------------------------------------- paths */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `$.nodes["model.x.y"].config.materialized`, `$.results[3].status`. */
export function formatJsonPath(path: JsonPath): string {
  let out = "$";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (typeof segment === "string" && IDENTIFIER.test(segment)) out += `.${segment}`;
    else out += `[${JSON.stringify(String(segment))}]`;
  }
  return out;
}

/* ------------------------------------------------------------- problems */

/** Describes a JSON value for a message: `number (42)`, `string ("abc")`, `null`, `array`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string": {
      const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
      return `string ${JSON.stringify(shown)}`;
    }
    case "number":
    case "boolean":
      return `${typeof value} ${String(value)}`;
    case "object":
      return "an object";
    default:
      return typeof value;
  }
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = root;
  for (const segment of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment as string];
  }
  return current;
}

const TYPE_WORDS: Record<string, string> = {
  object: "an object",
  array: "an array",
  record: "an object",
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "a boolean",
  null: "null",
};

function expectedWord(expected: string): string {
  return TYPE_WORDS[expected] ?? expected;
}

/** Every `expected` type of a union's branches, for "expected a string or an object". */
function unionExpectations(issue: z.core.$ZodIssue): string[] {
  if (issue.code !== "invalid_union") return [];
  const out: string[] = [];
  for (const branch of issue.errors) {
    for (const inner of branch) {
      if (inner.path.length > 0) continue;
      if (inner.code === "invalid_type") out.push(expectedWord(inner.expected));
      else if (inner.code === "invalid_value")
        out.push(inner.values.map((v) => JSON.stringify(v)).join(" or "));
    }
  }
  return [...new Set(out)];
}

/**
 * Collects problems across a whole artifact so that one error lists every
 * one of them, each with its JSON path.
 */
export class Problems {
  readonly list: Problem[] = [];

  add(path: JsonPath, message: string): void {
    this.list.push({ path: formatJsonPath(path), message });
  }

  /** Adds zod's issues for `value`, which sits at `prefix` in the document. */
  addIssues(prefix: JsonPath, value: unknown, issues: readonly z.core.$ZodIssue[]): void {
    for (const issue of issues) this.addIssue(prefix, value, issue, []);
  }

  private addIssue(
    prefix: JsonPath,
    value: unknown,
    issue: z.core.$ZodIssue,
    base: readonly PropertyKey[],
  ): void {
    const at = [...base, ...issue.path];
    if (issue.code === "invalid_union") {
      // A branch whose issues are all nested matched the value's type (an
      // object where a string or an object is allowed): its issues say what
      // is wrong inside, which is more useful than "expected a string".
      const nested = issue.errors.find(
        (branch) => branch.length > 0 && branch.every((i) => i.path.length > 0),
      );
      if (nested !== undefined) {
        for (const inner of nested) this.addIssue(prefix, value, inner, at);
        return;
      }
    }
    this.add([...prefix, ...at], issueMessage(issue, valueAt(value, at)));
  }

  get empty(): boolean {
    return this.list.length === 0;
  }

  /** Throws `artifact_invalid` listing every problem, if there are any. */
  throwIfAny(file: string, kind: ArtifactKind, version: string | null): void {
    if (this.empty) return;
    const count = this.list.length;
    const noun = version === null ? KIND_NOUN[kind] : `${KIND_NOUN[kind]} (${version})`;
    throw new UserError(
      "artifact_invalid",
      `${file} does not have the shape of a ${noun}: ${count} ${count === 1 ? "problem" : "problems"} found.`,
      { file, problems: [...this.list] },
    );
  }
}

function issueMessage(issue: z.core.$ZodIssue, found: unknown): string {
  switch (issue.code) {
    case "invalid_type":
      if (found === undefined) return `missing (expected ${expectedWord(issue.expected)})`;
      return `expected ${expectedWord(issue.expected)}, found ${describeValue(found)}`;
    case "invalid_value":
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}, found ${describeValue(found)}`;
    case "invalid_union": {
      const options = unionExpectations(issue);
      const expected = options.length > 0 ? options.join(" or ") : "another shape";
      if (found === undefined) return `missing (expected ${expected})`;
      return `expected ${expected}, found ${describeValue(found)}`;
    }
    case "custom": {
      const expected = issue.params?.expected;
      if (typeof expected === "string") {
        if (found === undefined) return `missing (expected ${expectedWord(expected)})`;
        return `expected ${expectedWord(expected)}, found ${describeValue(found)}`;
      }
      return issue.message;
    }
    default:
      return issue.message;
  }
}

/**
 * `validateAt` for schemas whose output is their input's known fields
 * unchanged (no defaults, transforms or coercion): a valid value is returned
 * as it is, typed as the schema's output, without zod building a copy of it
 * (a 10,000-node manifest's copies were most of what validation allocated).
 * The caller reads only the schema's fields, so unknown keys don't matter;
 * arrays and objects are the document's own, never modified. Anything
 * invalid goes through zod as before, for its issues.
 */
export function acceptAt<S extends z.ZodType>(
  schema: S,
  value: unknown,
  at: JsonPath,
  problems: Problems,
): z.output<S> | undefined {
  if (schema.validate(value)) return value as z.output<S>;
  return validateAt(schema, value, at, problems);
}

/** Validates `value` (found at `at`) with `schema`; records its issues and returns undefined when it is invalid. */
export function validateAt<S extends z.ZodType>(
  schema: S,
  value: unknown,
  at: JsonPath,
  problems: Problems,
): z.output<S> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  problems.addIssues(at, value, result.error.issues);
  return undefined;
}

/* --------------------------------------------------------------- shapes */

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * The document's top level must be an object; anything else cannot be
 * examined further, so it is refused at once.
 */
export function requireTopObject(doc: unknown, file: string, kind: ArtifactKind): Record<string, unknown> {
  if (isPlainObject(doc)) return doc;
  const problems = new Problems();
  problems.add([], `expected an object (the ${KIND_NOUN[kind]}), found ${describeValue(doc)}`);
  problems.throwIfAny(file, kind, null);
  throw new Error("unreachable");
}

/* -------------------------------------------------------------- version */

/** `https://schemas.getdbt.com/dbt/manifest/v12.json` -> kind and version. */
const SCHEMA_URL = /\/dbt\/([a-z][a-z-]*)\/(v\d+)\.json$/;

/** What dbt versions wrote each supported schema, for messages. */
const WRITTEN_BY: Record<string, string> = {
  "manifest/v11": "dbt 1.7",
  "manifest/v12": "dbt 1.8 and later",
  "run-results/v5": "dbt 1.7",
  "run-results/v6": "dbt 1.8 and later",
  "sources/v3": "dbt 1.0 and later",
};

export interface ArtifactHeader<V extends string> {
  /** The version declared in `metadata.dbt_schema_version`, or null when it is missing (a problem was recorded). */
  version: V | null;
  /** The declared schema URL, when there is one. */
  url: string | null;
  /** The metadata object, or null when it is missing (a problem was recorded). */
  metadata: Record<string, unknown> | null;
}

/**
 * Reads `metadata.dbt_schema_version`. An unsupported version of the right
 * artifact is refused at once (`artifact_version_unsupported`: the rest of the
 * file has another shape); a missing or malformed one is recorded as a
 * problem so that it is reported with every other problem of the file.
 */
export function readHeader<V extends string>(
  root: Record<string, unknown>,
  file: string,
  kind: ArtifactKind,
  supported: readonly V[],
  problems: Problems,
): ArtifactHeader<V> {
  const metadata = root.metadata;
  if (metadata === undefined) {
    problems.add(["metadata"], "missing (expected an object with dbt_schema_version)");
    return { version: null, url: null, metadata: null };
  }
  if (!isPlainObject(metadata)) {
    problems.add(["metadata"], `expected an object, found ${describeValue(metadata)}`);
    return { version: null, url: null, metadata: null };
  }
  const url = metadata.dbt_schema_version;
  if (typeof url !== "string") {
    problems.add(
      ["metadata", "dbt_schema_version"],
      url === undefined
        ? `missing (expected a schema URL such as "https://schemas.getdbt.com/dbt/${kind}/${supported.at(-1)}.json")`
        : `expected a string, found ${describeValue(url)}`,
    );
    return { version: null, url: null, metadata };
  }
  const match = SCHEMA_URL.exec(url);
  if (match === null) {
    problems.add(
      ["metadata", "dbt_schema_version"],
      `expected a dbt schema URL such as "https://schemas.getdbt.com/dbt/${kind}/${supported.at(-1)}.json", found ${describeValue(url)}`,
    );
    return { version: null, url, metadata };
  }
  const [, foundKind, foundVersion] = match as unknown as [string, string, string];
  if (foundKind !== kind) {
    const other = (Object.keys(KIND_NOUN) as ArtifactKind[]).find((k) => k === foundKind);
    const what = other === undefined ? `a dbt "${foundKind}" artifact` : `a ${KIND_NOUN[other]}`;
    throw new UserError("artifact_invalid", `${file} is ${what} (${url}), not a ${KIND_NOUN[kind]}.`, {
      file,
      problems: [
        {
          path: formatJsonPath(["metadata", "dbt_schema_version"]),
          message: `declares ${foundKind} ${foundVersion}, expected ${kind} ${supported.join(" or ")}`,
        },
      ],
      hint: `Pass the ${KIND_FILE[kind]} that dbt writes in its target/ folder.`,
    });
  }
  if (!(supported as readonly string[]).includes(foundVersion)) {
    const dbtVersion =
      typeof metadata.dbt_version === "string" ? `, written by dbt ${metadata.dbt_version}` : "";
    const list = supported.map((v) => `${v} (${WRITTEN_BY[`${kind}/${v}`] ?? "dbt"})`).join(", ");
    throw new UserError(
      "artifact_version_unsupported",
      `${file} is a ${KIND_NOUN[kind]} of schema version ${foundVersion}${dbtVersion}; supported ${kind} versions: ${list}.`,
      { file },
    );
  }
  return { version: foundVersion as V, url, metadata };
}
