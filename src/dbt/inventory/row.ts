/**
 * The input inventory (issue 36): everything that can change what `dbt build`
 * writes for a node, each classified. One row says, for one input:
 *
 * - `fingerprinted`: how ODS compares it between the recorded build and now
 *   (a fingerprint component, a planning rule, a value digest);
 * - `inert`: why it cannot change what dbt writes, with the dbt-core or
 *   dbt-adapters source that shows it;
 * - `unknown`: ODS does not know; a change to it builds the nodes it can
 *   reach (`unclassified_input_changed`), as does a change to anything that
 *   has no row at all.
 *
 * The rows are data: the planner reads them (manifest-residue.ts), `explain`
 * names them, and docs/inventory.md is rendered from them
 * (scripts/render-inventory.mjs; a test keeps the two the same).
 */

/** Where dbt reads the input from. */
export type InventorySurface = "manifest" | "project" | "profile" | "environment" | "run" | "warehouse";

export type InputClass = "fingerprinted" | "inert" | "unknown";

export interface InventoryRow {
  surface: InventorySurface;
  /**
   * What the row covers. Manifest rows are JSON path patterns: a collection
   * entry by its resource type (`nodes.<model>`, `sources.<source>`,
   * `macros.<macro>`), `[]` for any array element, `<key>` for any key of a
   * map dbt keys by user names (`columns.<key>`, `meta.<key>`). A row covers
   * everything under its path, unless a longer row says otherwise. Other
   * surfaces: `dbt_project.yml › dispatch`, `env_var(NAME)`,
   * `run_results.args.full_refresh`, …
   */
  path: string;
  class: InputClass;
  /** fingerprinted: the component or rule that compares it; inert: why; unknown: what is not known. */
  how: string;
  /** The dbt source that shows it: repository path › function (or the doc page). */
  cite: string;
}

/** The row's stable name, as `explain` and reason messages show it. */
export function rowName(row: Pick<InventoryRow, "surface" | "path">): string {
  return `${row.surface}: ${row.path}`;
}

/** Row constructors for one surface: `fp(path, how, cite)`, `inert(…)`, `unknown(…)`. */
export function rowMakers(surface: InventorySurface) {
  const make =
    (cls: InputClass) =>
    (path: string, how: string, cite: string): InventoryRow => ({ surface, path, class: cls, how, cite });
  return { fp: make("fingerprinted"), inert: make("inert"), unknown: make("unknown") };
}
