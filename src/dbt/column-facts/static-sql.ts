/**
 * Whether a model's compiled SQL in the manifest is the SQL dbt runs for it
 * (issue 24). dbt compiles a node again when it runs it; the two agree
 * unless its Jinja, or a macro it calls, reads the warehouse while compiling
 * (`run_query`, `statement`, `adapter.get_columns_in_relation`, dbt_utils'
 * `star` and `get_column_values`, anything behind `execute`): then a parent
 * rebuilt with a new column can change the child's SQL at run time, which
 * no fact of the compiled SQL shows. Such a model's column facts are not
 * trusted, as a changed node or as a reader. `adapter.dispatch` and
 * `adapter.quote` only pick and quote, and stay static. Pure.
 */
import type { ManifestNode } from "../artifacts/manifest.js";
import type { MacroIndex } from "../fingerprint/macro-index.js";

/** A mention of something that reads the warehouse, or the state of the run, while compiling. */
const INTROSPECTION =
  /\b(?:run_query|statement|load_result|load_relation|execute|get_columns_in_relation|get_relation|get_columns_in_query|list_relations_without_caching|get_relations_by_pattern|get_relations_by_prefix|get_column_values|star|context|builtins|graph)\b|\badapter\s*\.\s*(?!dispatch\b|quote\b|type\b)[A-Za-z_]/;

/** Problems of the macros a call set reaches, per macro index (most nodes share their calls). */
const closureProblems = new WeakMap<MacroIndex, Map<string, string | null>>();

/** Why the node's compiled SQL may differ from what runs, or null when it is static. */
export function compiledSqlProblem(
  node: ManifestNode,
  ephemerals: readonly ManifestNode[],
  macros: MacroIndex,
): string | null {
  for (const x of [node, ...ephemerals]) {
    if (x.rawCode === null) return `the raw code of ${x.name} is not recorded`;
    const found = INTROSPECTION.exec(x.rawCode);
    if (found)
      return `${x.name}'s Jinja mentions \`${found[0]}\`, which may read the warehouse while compiling`;
  }
  const called = new Set<string>(node.dependsOn.macros);
  for (const x of ephemerals) for (const id of x.dependsOn.macros) called.add(id);
  if (called.size === 0) return null;
  let cache = closureProblems.get(macros);
  if (cache === undefined) {
    cache = new Map();
    closureProblems.set(macros, cache);
  }
  const key = `${node.packageName}\u0000${[...called].sort().join("\u0000")}`;
  let problem = cache.get(key);
  if (problem === undefined) {
    problem = closureProblem(macros, node.packageName, [...called]);
    cache.set(key, problem);
  }
  return problem;
}

function closureProblem(macros: MacroIndex, searchPackage: string, called: readonly string[]): string | null {
  const reached = macros.resolver.closure(called, searchPackage);
  if (reached.missing.length > 0) return `macro \`${reached.missing[0]}\` is missing from the manifest`;
  for (const id of reached.macros) {
    const macro = macros.get(id);
    if (macro === undefined) return `macro \`${id}\` is missing from the manifest`;
    const found = INTROSPECTION.exec(macro.macroSql);
    if (found)
      return `macro \`${macro.name}\` mentions \`${found[0]}\`, which may read the warehouse while compiling`;
  }
  return null;
}
