/**
 * Column facts of one node of a loaded manifest, as its compiled SQL says
 * now. Pure: the parser comes in as `analyze`.
 */
import type { Manifest } from "../artifacts/manifest.js";
import { computeColumnFacts } from "./compute-facts.js";
import { type ColumnFacts, unknownFacts } from "./facts.js";
import type { AnalyzeSql } from "./sql-analysis.js";

/** The output columns of a parent, when known (its facts), so that a `select *` over it lists them. */
export type ParentColumnsOf = (parentId: string) => readonly string[] | null;

export function nodeColumnFacts(
  manifest: Manifest,
  id: string,
  analyze: AnalyzeSql,
  columnsOf: ParentColumnsOf = () => null,
): ColumnFacts {
  const node = manifest.nodes.get(id);
  if (node === undefined) return unknownFacts("no_compiled_sql", `${id} is not a model of the manifest`);
  if (node.resourceType !== "model")
    return unknownFacts("dialect_unsupported", `a ${node.resourceType} is not a SELECT the facts follow`);
  const parents = node.dependsOn.nodes.map((parent) => ({
    uniqueId: parent,
    relation: (manifest.nodes.get(parent) ?? manifest.sources.get(parent))?.relation.relationName ?? null,
    columns: columnsOf(parent),
  }));
  return computeColumnFacts(
    {
      language: node.language ?? "sql",
      compiledSql: node.compiledCode,
      adapterType: manifest.metadata.adapterType ?? "",
      parents,
    },
    analyze,
  );
}
