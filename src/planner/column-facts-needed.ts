/**
 * Whether a plan or a record can use the SQL parser at all (issue 24), asked
 * before it is loaded: the parser is 22.8 MB of WebAssembly, about a second
 * of CPU and 250 MB to load, and most runs never analyse anything. Pure and
 * linear; a "yes" may still analyse nothing, a "no" is exact for what the
 * plan or record would ask.
 */

import type { RunResults } from "../dbt/artifacts/run-results.js";
import type { LoadedProject } from "../dbt/load-project.js";
import { own } from "../state/own.js";
import type { StateSnapshot } from "../state/snapshot.js";

/**
 * A plan analyses only a model whose SQL changed since its recorded build and
 * that some model reads (column-impact.ts), or a reader of one: none, no
 * parser. `pointers` (a pull request's environment) compares the portable
 * SQL, as the plan does.
 */
export function planMayAnalyse(
  project: LoadedProject,
  snapshot: StateSnapshot | null,
  pointers: boolean,
): boolean {
  if (!snapshot) return false;
  for (const [id, node] of project.graph.nodes) {
    if (node.node.resourceType !== "model" || node.children.length === 0) continue;
    const recorded = own(snapshot.nodes, id);
    const fp = project.fingerprints.get(id);
    if (!recorded || !fp) continue;
    const now =
      pointers && recorded.portable_sql && fp.portableSql ? fp.portableSql : fp.fingerprint.components.sql;
    const then =
      pointers && recorded.portable_sql && fp.portableSql
        ? recorded.portable_sql
        : recorded.fingerprint.components.sql;
    if (now !== then) return true;
  }
  return false;
}

/**
 * A record analyses a model the run built whose previous build recorded no
 * facts, or other SQL (record-facts.ts): none, no parser.
 */
export function recordMayAnalyse(
  project: LoadedProject,
  runResults: RunResults,
  previous: StateSnapshot | null,
): boolean {
  for (const result of runResults.results) {
    const node = project.graph.nodes.get(result.uniqueId);
    if (node?.node.resourceType !== "model") continue;
    const before = own(previous?.nodes, result.uniqueId);
    const sql = project.fingerprints.get(result.uniqueId)?.fingerprint.components.sql;
    if (!before?.facts || before.fingerprint.components.sql !== sql) return true;
  }
  return false;
}
