/**
 * The schema part of a data diff: columns added, removed and retyped between
 * prod's relation and the PR's, as their catalogs list them, names compared
 * under the warehouse's identifier rules.
 */

import type { DiffColumn, SchemaDiff } from "../../state/data-diff.js";
import { type IdentifierRules, nameKey } from "../../warehouse/names.js";

type Rules = Pick<IdentifierRules, "case_sensitive">;

/** The column named `name` under the warehouse's identifier rules. */
export function findColumn(
  columns: readonly DiffColumn[],
  name: string,
  rules: Rules,
): DiffColumn | undefined {
  const key = nameKey(name, rules);
  return columns.find((column) => nameKey(column.name, rules) === key);
}

export function schemaDiff(prod: readonly DiffColumn[], pr: readonly DiffColumn[], rules: Rules): SchemaDiff {
  const prodByKey = new Map(prod.map((column) => [nameKey(column.name, rules), column]));
  const prByKey = new Map(pr.map((column) => [nameKey(column.name, rules), column]));
  const retyped: SchemaDiff["retyped"] = [];
  for (const column of prod) {
    const other = prByKey.get(nameKey(column.name, rules));
    if (other && other.type !== column.type)
      retyped.push({ name: column.name, prod: column.type, pr: other.type });
  }
  return {
    added: pr.filter((column) => !prodByKey.has(nameKey(column.name, rules))),
    removed: prod.filter((column) => !prByKey.has(nameKey(column.name, rules))),
    retyped,
    columns: { prod: prod.length, pr: pr.length },
  };
}
