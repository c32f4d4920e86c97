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
import { canonicalJson, canonicalJsonWithout } from "./fingerprint/canonical-json.js";
import { sha256 } from "./fingerprint/digest.js";
import type { MacroIndex } from "./fingerprint/macro-index.js";
import type { Check } from "./graph.js";

const IGNORED_CONFIG: ReadonlySet<string> = new Set(["tags", "meta", "docs"]);

function config(value: Readonly<Record<string, unknown>> | null): Record<string, unknown> | null {
  if (!value) return null;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !IGNORED_CONFIG.has(key)));
}

interface CheckMacros {
  /** [id, source digest] of each project and package macro the check runs, sorted by id. */
  user: (string | undefined)[][];
  /** Ids referenced but absent from the manifest, sorted. */
  missing: readonly string[];
  /** canonicalJson of `user` and of `missing`. */
  userJson: string;
  missingJson: string;
}

interface Caches {
  /** A check's macros by what decides them (package and roots): most generic tests share theirs. */
  macros: Map<string, CheckMacros>;
  /** canonicalJson of a check's config without the ignored keys, by the config's JSON.stringify. */
  configs: Map<string, string>;
  /** Each check's definition as canonical JSON: a check is read once per plan, however many nodes it reads. */
  definitions: WeakMap<Check, string>;
  /** Each check's line of the checks key (null: not writable as JSON). */
  keyLines: WeakMap<Check, string | null>;
}

/** Per MacroIndex (one per manifest): what the checks of that manifest share. */
const caches = new WeakMap<MacroIndex, Caches>();

function cachesOf(macros: MacroIndex): Caches {
  let cache = caches.get(macros);
  if (cache === undefined) {
    cache = {
      macros: new Map(),
      configs: new Map(),
      definitions: new WeakMap(),
      keyLines: new WeakMap(),
    };
    caches.set(macros, cache);
  }
  return cache;
}

export function checksDigest(checks: readonly Check[], macros: MacroIndex): string | null {
  if (checks.length === 0) return null;
  const cache = cachesOf(macros);
  const sorted = [...checks].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // canonicalJson of the array of definitions: its items' canonical JSON, in order.
  let json = "[";
  for (let index = 0; index < sorted.length; index++) {
    const check = sorted[index]!;
    let item = cache.definitions.get(check);
    if (item === undefined) {
      item = definitionJson(check, macros, cache);
      cache.definitions.set(check, item);
    }
    json += index === 0 ? item : `,${item}`;
  }
  return sha256(`${json}]`);
}

/** The project and package macros a check runs, resolved at run time from its package. */
function macrosOf(check: Check, macros: MacroIndex, cache: Caches): CheckMacros {
  const roots = check.test.dependsOn.macros;
  const searchPackage = check.test.packageName;
  let key = searchPackage;
  for (const root of roots) key += `\0${root}`;
  let result = cache.macros.get(key);
  if (result === undefined) {
    const closure = macros.resolver.closure(roots, searchPackage);
    const user: (string | undefined)[][] = [];
    for (const id of closure.macros) if (!macros.isEngine(id)) user.push([id, macros.sourceDigest(id)]);
    result = {
      user,
      missing: closure.missing,
      userJson: canonicalJson(user),
      missingJson: canonicalJson(closure.missing),
    };
    cache.macros.set(key, result);
  }
  return result;
}

/**
 * What a check's digest covers, as a value: its canonical JSON is what
 * `definitionJson` writes (tested on every check of the real manifests).
 */
export function checkDefinition(check: Check, macros: MacroIndex): unknown {
  const { user, missing } = macrosOf(check, macros, cachesOf(macros));
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

/** canonicalJson(checkDefinition(check)), written member by member in canonical key order, the config from a cache. */
function definitionJson(check: Check, macros: MacroIndex, cache: Caches): string {
  const { userJson, missingJson } = macrosOf(check, macros, cache);
  const configJson = configCanonicalJson(check.test.config, cache);
  const id = JSON.stringify(check.id);
  if (check.kind === "data_test") {
    const test = check.test;
    return `{"config":${configJson},"id":${id},"kind":"data_test","macros":${userJson}${member("metadata", test.testMetadata)},"missing":${missingJson}${member("raw", test.rawCode)}}`;
  }
  const test = check.test;
  return `{"config":${configJson}${member("expect", test.expect)}${member("given", test.given)},"id":${id},"kind":"unit_test","macros":${userJson},"missing":${missingJson}${member("overrides", test.overrides)}}`;
}

/** `,"key":<canonical JSON>`, or nothing for undefined (canonicalJson drops undefined members). */
function member(key: string, value: unknown): string {
  return value === undefined ? "" : `,"${key}":${canonicalJson(value)}`;
}

/**
 * canonicalJson(config(value)). Two configs with the same JSON.stringify are
 * the same JSON value with the keys in the same order, so they have the same
 * canonical JSON: cached by that text (a 10,000-node project's 6,440 tests
 * have 687 distinct configs).
 */
function configCanonicalJson(value: Readonly<Record<string, unknown>> | null, cache: Caches): string {
  if (!value) return "null";
  let key: string;
  try {
    key = JSON.stringify(value);
  } catch {
    // Nested deeper than JSON.stringify's recursion allows: not cached (canonicalJson has no such limit).
    return canonicalJsonWithout(value, IGNORED_CONFIG);
  }
  let json = cache.configs.get(key);
  if (json === undefined) {
    json = canonicalJsonWithout(value, IGNORED_CONFIG);
    cache.configs.set(key, json);
  }
  return json;
}

/**
 * Tag of the checks key: names what the digest covers (checkDefinition, the
 * canonical JSON, the run-time closure of check macros). Change it whenever
 * checksDigest would give another value for the same checks, so that a key
 * recorded before never vouches for a digest computed differently.
 */
const CHECKS_KEY_TAG = "checks-key/1\n";

/**
 * A cheap stand-in for the checks digest, recorded beside it (snapshot 1.4,
 * `tested.checks_key`): SHA-256 over the tag and, per check in id order,
 * SHA-256 of its inputs written with JSON.stringify (key order as the
 * manifest has it, the config whole) and of the macros its digest covers.
 * Equal keys mean byte-identical inputs, hence an equal checks digest
 * (CHECKS_KEY_TAG names how that digest is computed); different keys say
 * nothing (the same checks written with other key order or other ignored
 * config), so a plan compares the digests then. Writing it costs about half
 * of the canonical JSON. Null when there are no checks or one can't be
 * written (JSON nested deeper than JSON.stringify allows).
 */
export function checksKey(checks: readonly Check[], macros: MacroIndex): string | null {
  if (checks.length === 0) return null;
  const cache = cachesOf(macros);
  const sorted = [...checks].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  let text = CHECKS_KEY_TAG;
  for (const check of sorted) {
    let line = cache.keyLines.get(check);
    if (line === undefined) {
      line = keyLine(check, macros, cache);
      cache.keyLines.set(check, line);
    }
    if (line === null) return null;
    text += line;
  }
  return sha256(text);
}

/**
 * One check's line: SHA-256 of JSON.stringify of its inputs (an object, so
 * that an absent member and a null one differ, as they do in the canonical
 * JSON), a NUL, the canonical JSON of its macros and missing ids (JSON text
 * has no raw NUL), and a newline.
 */
function keyLine(check: Check, macros: MacroIndex, cache: Caches): string | null {
  const { userJson, missingJson } = macrosOf(check, macros, cache);
  try {
    const inputs =
      check.kind === "data_test"
        ? {
            id: check.id,
            kind: check.kind,
            config: check.test.config,
            metadata: check.test.testMetadata,
            raw: check.test.rawCode,
          }
        : {
            id: check.id,
            kind: check.kind,
            config: check.test.config,
            given: check.test.given,
            expect: check.test.expect,
            overrides: check.test.overrides,
          };
    return `${sha256(`${JSON.stringify(inputs)}\0${userJson}\0${missingJson}`)}\n`;
  } catch {
    return null;
  }
}
