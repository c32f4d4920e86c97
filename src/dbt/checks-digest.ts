/**
 * The digest of a node's (or source's) checks (ADR-0013, "Tested builds"):
 * every data test and unit test that reads it, with its definition
 * (arguments, SQL, config and the project and package macros it runs).
 * dbt's and the adapter's own macros are covered by the engine, since dbt
 * lists different ones depending on the command that wrote the manifest.
 * Null when there are no checks: nothing vouches for such a node.
 *
 * A check's macros are resolved as dbt resolves them when it runs the test
 * (docs/decisions/checks-run-time-macros.md): its `depends_on.macros`, then
 * every name they call looked up again from the test's package, root
 * project first, and every candidate of each `adapter.dispatch` (dbt-core
 * core/dbt/context/providers.py `TestContext._build_test_namespace` and
 * `BaseDatabaseWrapper.dispatch`, which searches the root project before
 * `dbt` for the generic tests' `adapter.dispatch('test_unique', 'dbt')`).
 * A root project's `default__test_unique` or `<adapter>__test_not_null`
 * therefore changes the digest of every check that runs it.
 */
import { canonicalJson } from "./fingerprint/canonical-json.js";
import { sha256 } from "./fingerprint/digest.js";
import type { MacroIndex } from "./fingerprint/macro-index.js";
import type { Check } from "./graph.js";

const IGNORED_CONFIG = new Set(["tags", "meta", "docs"]);

function config(value: Readonly<Record<string, unknown>> | null): Record<string, unknown> | null {
  if (!value) return null;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !IGNORED_CONFIG.has(key)));
}

interface CheckMacros {
  /** [id, source digest] of each project and package macro the check runs, sorted by id. */
  user: (string | undefined)[][];
  /** Ids referenced but absent from the manifest, sorted. */
  missing: readonly string[];
}

/** Per MacroIndex, a check's macros by what decides them (package and roots): most generic tests share theirs. */
const checkMacros = new WeakMap<MacroIndex, Map<string, CheckMacros>>();

/** Per MacroIndex, each check's definition as canonical JSON: a check is read once per plan, however many nodes it reads. */
const definitionJson = new WeakMap<MacroIndex, WeakMap<Check, string>>();

export function checksDigest(checks: readonly Check[], macros: MacroIndex): string | null {
  if (checks.length === 0) return null;
  let cache = definitionJson.get(macros);
  if (cache === undefined) {
    cache = new WeakMap();
    definitionJson.set(macros, cache);
  }
  const sorted = [...checks].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // canonicalJson of the array of definitions: its items' canonical JSON, in order.
  let json = "[";
  for (let index = 0; index < sorted.length; index++) {
    const check = sorted[index]!;
    let item = cache.get(check);
    if (item === undefined) {
      item = canonicalJson(definition(check, macros));
      cache.set(check, item);
    }
    json += index === 0 ? item : `,${item}`;
  }
  return sha256(`${json}]`);
}

/** The project and package macros a check runs, resolved at run time from its package. */
function macrosOf(check: Check, macros: MacroIndex): CheckMacros {
  let cache = checkMacros.get(macros);
  if (cache === undefined) {
    cache = new Map();
    checkMacros.set(macros, cache);
  }
  const roots = check.test.dependsOn.macros;
  const searchPackage = check.test.packageName;
  let key = searchPackage;
  for (const root of roots) key += `\0${root}`;
  let result = cache.get(key);
  if (result === undefined) {
    const closure = macros.resolver.closure(roots, searchPackage);
    const user: (string | undefined)[][] = [];
    for (const id of closure.macros) if (!macros.isEngine(id)) user.push([id, macros.sourceDigest(id)]);
    result = { user, missing: closure.missing };
    cache.set(key, result);
  }
  return result;
}

function definition(check: Check, macros: MacroIndex): unknown {
  const { user, missing } = macrosOf(check, macros);
  if (check.kind === "data_test") {
    return {
      id: check.id,
      kind: check.kind,
      metadata: check.test.testMetadata,
      raw: check.test.rawCode,
      config: config(check.test.config),
      macros: user,
      missing,
    };
  }
  return {
    id: check.id,
    kind: check.kind,
    given: check.test.given,
    expect: check.test.expect,
    overrides: check.test.overrides,
    config: config(check.test.config),
    macros: user,
    missing,
  };
}
