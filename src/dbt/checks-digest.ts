/**
 * The digest of a node's (or source's) checks (ADR-0013, "Tested builds"):
 * every data test and unit test that reads it, with its definition
 * (arguments, SQL, config and the project and package macros it calls).
 * dbt's and the adapter's own macros are covered by the engine, since dbt
 * lists different ones depending on the command that wrote the manifest.
 * Null when there are no checks: nothing vouches for such a node.
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

/** [id, source digest] of a closure's project and package macros, per (cached) closure. */
const userDigests = new WeakMap<object, (string | undefined)[][]>();

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

function definition(check: Check, macros: MacroIndex): unknown {
  const test = check.test;
  // Cached per set of macros (most generic tests share theirs): the same closure as macros.closure().
  const closure = macros.digestedClosure(test.dependsOn.macros).closure;
  let macroDigests = userDigests.get(closure);
  if (macroDigests === undefined) {
    macroDigests = closure.user.map((id) => [id, macros.sourceDigest(id)]);
    userDigests.set(closure, macroDigests);
  }
  if (check.kind === "data_test") {
    return {
      id: check.id,
      kind: check.kind,
      metadata: check.test.testMetadata,
      raw: check.test.rawCode,
      config: config(check.test.config),
      macros: macroDigests,
      missing: closure.missing,
    };
  }
  return {
    id: check.id,
    kind: check.kind,
    given: check.test.given,
    expect: check.test.expect,
    overrides: check.test.overrides,
    config: config(check.test.config),
    macros: macroDigests,
    missing: closure.missing,
  };
}
