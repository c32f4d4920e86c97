/**
 * dbt_project.yml (and vars.yml) parsed as dbt parses them: YAML 1.1 as
 * PyYAML's SafeLoader reads it (dbt_common `load_yaml_text`), so `yes`/`on`
 * are booleans, `0o`-less octals and sexagesimals are numbers, a repeated key
 * keeps the last value and `<<` merges. Values are kept as written: Jinja
 * (`"{{ env_var('X') }}"`) is the unrendered text (a change of what it
 * renders to with the same text is a run-time value, not this file's).
 *
 * Pure: text in, data out. The edge (src/files/read-project-file.ts) reads
 * the files.
 */
import { parseDocument, type ScalarTag } from "yaml";
import { UserError } from "../errors/user-error.js";

/** What the planner knows of the project files in `project-dir`. */
export interface ProjectFile {
  /** The file as messages name it (`dbt_project.yml`, or its path). */
  file: string;
  /**
   * Every top-level key of dbt_project.yml, values JSON-normalised (a YAML
   * timestamp is its ISO text, binary its base64), in file order.
   */
  keys: Readonly<Record<string, unknown>>;
  /** `flags:` (dbt-core core/dbt/contracts/project.py `ProjectFlags`); empty when absent or not a map. */
  flags: Readonly<Record<string, unknown>>;
  /** The vars `var()` reads, as dbt resolves them (`varsFor`). */
  vars: ProjectVars;
}

/**
 * The project's vars, as written (Jinja unrendered). dbt-core
 * core/dbt/config/project.py `PartialProject.create_project` makes the
 * root project's `VarProvider` of vars.yml's `vars:` when that file has any
 * (dbt 1.12+, `vars_data_from_root`; vars in both files is an error,
 * `validate_vars_not_in_both`), else of dbt_project.yml's `vars:`.
 * `VarProvider.vars_for` reads every key as a global var and, for a node of
 * package P, the map under key P as P's own scope on top of them;
 * core/dbt/context/configured.py `ConfiguredVar.__call__` puts, under those,
 * the vars of P's own dbt_project.yml (when P is not the root project), and
 * `--vars` (the run's) above everything.
 */
export interface ProjectVars {
  /** Which file the root project's vars come from. */
  source: "dbt_project.yml" | "vars.yml";
  /** The root project's `vars:` map (global vars; a key naming a package is also that package's scope). */
  values: Readonly<Record<string, unknown>>;
  /**
   * The `vars:` of each installed package's own dbt_project.yml, by the
   * package's project name; empty when the edge read no installed packages.
   */
  packages: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** PyYAML's booleans (YAML 1.1 without `y`/`n`, which PyYAML's resolver reads as strings). */
const PY_TRUE = /^(?:yes|Yes|YES|true|True|TRUE|on|On|ON)$/;
const PY_FALSE = /^(?:no|No|NO|false|False|FALSE|off|Off|OFF)$/;
const BOOL_TAG = "tag:yaml.org,2002:bool";

function pyYamlTags(tags: unknown[]): unknown[] {
  return tags.map((tag) => {
    const t = tag as ScalarTag;
    if (t.tag !== BOOL_TAG || !(t.test instanceof RegExp)) return tag;
    const isTrue = t.test.test("true");
    return { ...t, test: isTrue ? PY_TRUE : PY_FALSE };
  });
}

/** One YAML document as PyYAML's `safe_load` gives it (null for an empty file); a syntax error throws `project_file_invalid`. */
export function parseYaml11(text: string, file: string): unknown {
  const doc = parseDocument(text, {
    version: "1.1",
    schema: "yaml-1.1",
    uniqueKeys: false,
    merge: true,
    prettyErrors: true,
    customTags: pyYamlTags as never,
  });
  if (doc.errors.length > 0) {
    throw new UserError("project_file_invalid", `${file} is not valid YAML: ${doc.errors[0]!.message}`, {
      file,
      problems: doc.errors.map((e) => ({
        path: e.linePos?.[0] ? `line ${e.linePos[0].line}, column ${e.linePos[0].col}` : file,
        message: e.message.split("\n")[0]!,
      })),
    });
  }
  return normalise(doc.toJS({ maxAliasCount: -1 }));
}

/** JSON-shaped: YAML timestamps as ISO text, binary as base64, sets (`!!set`) as sorted keys. */
function normalise(value: unknown): unknown {
  if (value === null || typeof value !== "object") return typeof value === "bigint" ? String(value) : value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  if (Array.isArray(value)) return value.map(normalise);
  if (value instanceof Set) return [...value].map(normalise);
  if (value instanceof Map) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of value) out[String(k)] = normalise(v);
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = normalise(v);
  return out;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * dbt_project.yml's text parsed; `varsFile`: vars.yml's text when the
 * project has one; `packageProjects`: the dbt_project.yml texts of installed
 * packages (their vars). A file that is not YAML, or whose document is not a
 * map, is a `project_file_invalid` error naming it (dbt refuses it too:
 * core/dbt/config/project.py `load_raw_project` "must be a dict").
 */
export function parseProjectFile(
  text: string,
  file = "dbt_project.yml",
  extra: {
    varsFile?: { text: string; file: string };
    packageProjects?: { text: string; file: string }[];
  } = {},
): ProjectFile {
  const keys = mapDocument(text, file);
  const flags = isRecord(keys.flags) ? keys.flags : {};
  let source: ProjectVars["source"] = "dbt_project.yml";
  let values: Record<string, unknown> = isRecord(keys.vars) ? keys.vars : {};
  if (extra.varsFile) {
    const fromFile = parseYaml11(extra.varsFile.text, extra.varsFile.file);
    // vars_data_from_root: the `vars` key of vars.yml, when the file has one.
    const vars = isRecord(fromFile) ? fromFile.vars : undefined;
    if (isRecord(vars) && Object.keys(vars).length > 0) {
      source = "vars.yml";
      values = vars;
    }
  }
  const packages: Record<string, Record<string, unknown>> = {};
  for (const pkg of extra.packageProjects ?? []) {
    const doc = mapDocument(pkg.text, pkg.file);
    if (typeof doc.name === "string" && isRecord(doc.vars)) packages[doc.name] = doc.vars;
  }
  return { file, keys, flags, vars: { source, values, packages } };
}

function mapDocument(text: string, file: string): Record<string, unknown> {
  const doc = parseYaml11(text, file);
  if (!isRecord(doc)) {
    throw new UserError(
      "project_file_invalid",
      `${file} is not a YAML map of keys (dbt_project.yml's keys, \`name:\`, \`models:\`, …)`,
      { file },
    );
  }
  return doc;
}

/**
 * The vars `var(name)` finds, without `--vars`, in a node or macro of
 * package `packageName` (`rootName`: the root project's name): the
 * package's own dbt_project.yml vars (global, then its own scope) under the
 * root project's (global, then the package's scope); the last wins
 * (dbt_common `MultiDict`, core/dbt/context/configured.py
 * `ConfiguredVar.__call__`, core/dbt/config/project.py `VarProvider.vars_for`).
 */
export function varsFor(
  vars: ProjectVars,
  packageName: string,
  rootName: string | null,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (packageName !== rootName) {
    const own = vars.packages[packageName];
    if (own) {
      Object.assign(out, own);
      if (isRecord(own[packageName])) Object.assign(out, own[packageName]);
    }
  }
  Object.assign(out, vars.values);
  const scoped = vars.values[packageName];
  if (isRecord(scoped)) Object.assign(out, scoped);
  return out;
}
