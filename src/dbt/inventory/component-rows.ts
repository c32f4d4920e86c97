/**
 * Which rows of the inventory a fingerprint component compares, for
 * `explain` (issue 36: for each input that decided a node's action, which
 * row of the inventory it is). The named components read fixed fields; the
 * prefixed ones name their input (`input:dbt_project.yml › dispatch`,
 * `unclassified:nodes.<model>.x`, `value:env_var(X)`).
 */
import { INPUT_COMPONENT, UNCLASSIFIED_COMPONENT, VALUE_COMPONENT } from "../fingerprint/fingerprint.js";
import { classifyPath } from "./lookup.js";
import type { InventoryRow } from "./row.js";

/** The manifest fields (patterns inside `nodes.<kind>`, or absolute with a leading `/`) each named component reads. */
const NAMED: Readonly<Record<string, readonly string[]>> = {
  scheme: [],
  sql: ["compiled_code", "raw_code"],
  compiled_code: ["compiled_code"],
  file: ["checksum", "raw_code"],
  config: ["config"],
  macros: ["depends_on.macros", "/macros.<macro>.macro_sql", "/macros.<macro>.depends_on.macros"],
  project_hooks: ["/nodes.<operation>.raw_code"],
  contract: [
    "contract.enforced",
    "contract.alias_types",
    "constraints",
    "columns.<key>.data_type",
    "columns.<key>.constraints",
  ],
  docs: ["description", "columns.<key>.description", "config.persist_docs"],
  version: ["version", "latest_version", "config.latest_version_pointer"],
  sources: [
    "/sources.<source>.database",
    "/sources.<source>.schema",
    "/sources.<source>.identifier",
    "/sources.<source>.relation_name",
    "/sources.<source>.config.event_time",
  ],
  relation: ["database", "schema", "alias", "relation_name"],
  engine: ["/metadata.dbt_version", "/metadata.adapter_type"],
};

/** What a component of a node of `resourceType` compares: its rows, or a phrase when no row names it. */
export function componentInputs(
  component: string,
  resourceType: string,
): { rows: InventoryRow[]; note?: string } {
  if (component.startsWith(UNCLASSIFIED_COMPONENT)) {
    const path = component.slice(UNCLASSIFIED_COMPONENT.length);
    const row = classifyPath(path);
    return row && row.class === "unknown"
      ? { rows: [row] }
      : { rows: [], note: `${path}: no row (unclassified)` };
  }
  if (component.startsWith(VALUE_COMPONENT)) {
    const read = component.slice(VALUE_COMPONENT.length);
    const row = classifyPath(valueRowPath(read));
    return row ? { rows: [row] } : { rows: [], note: `${read}: no row` };
  }
  if (component.startsWith(INPUT_COMPONENT)) {
    const path = component.slice(component.indexOf(":") + 1);
    const row = classifyPath(path);
    return row ? { rows: [row] } : { rows: [], note: `${path}: no row` };
  }
  const fields = NAMED[component];
  if (fields === undefined) return { rows: [], note: `${component}: no row` };
  const rows: InventoryRow[] = [];
  for (const field of fields) {
    const path = field.startsWith("/") ? field.slice(1) : `nodes.<${resourceType}>.${field}`;
    const row = classifyPath(path);
    if (row && !rows.includes(row)) rows.push(row);
  }
  return { rows };
}

/** The environment row of a value read (`env_var(X)` → `env_var(NAME)`, `var(x)` → `var(name)`, `target.user` → `target.<other field>`). */
function valueRowPath(read: string): string {
  if (read.startsWith("env_var("))
    return read.startsWith("env_var(DBT_ENV_SECRET_") ? "env_var(DBT_ENV_SECRET_*)" : "env_var(NAME)";
  if (read.startsWith("var(")) return "var(name)";
  if (read.startsWith("target."))
    return classifyPath(read)?.surface === "environment" ? read : "target.<other field>";
  return read;
}
