/**
 * Relations written by one node and read by another through a source
 * (issue 18, class 11). dbt knows a source only by its relation
 * (database.schema.identifier, core/dbt/contracts/graph/nodes.py
 * `SourceDefinition`); when a seed, model or snapshot of the project builds
 * that very relation (dbt-labs' jaffle-shop loads `ecom.raw_orders` with the
 * seed `raw_orders`), the source's readers read what that node wrote, though
 * no `ref` says so and dbt's DAG has no edge.
 *
 * Same relation, decided conservatively ("could be the same"):
 * - names compare case-insensitively. Unquoted identifiers are folded by
 *   every adapter ODS supports (upper on Snowflake, lower on PostgreSQL,
 *   Redshift; DuckDB is case-insensitive even when quoted; BigQuery's
 *   dataset and table names are case-sensitive unless configured otherwise);
 *   two quoted names that differ only in case are different relations on
 *   PostgreSQL and Snowflake, but linking them only builds more;
 * - a database that is null on either side (adapters without one) matches
 *   any.
 *
 * A link that would close a cycle (the writer reads, directly or not, the
 * node that reads the source, or is that node: a model writing the table
 * its own source reads, like an incremental model reading `this`) is not
 * made; that reader keeps the source as a plain input, with its freshness
 * evidence, as before.
 */
import type { Manifest, ManifestNode } from "./artifacts/manifest.js";

/** A parent a node reads through a source whose relation that parent writes (no `ref` says so). */
export interface WrittenInput {
  /** The planned node that writes the relation. */
  parent: string;
  /** The source the node reads it through. */
  source: string;
}

/** What linkWriters and orderWithLinks read of a node's resolved inputs (graph.ts's working set). */
export interface LinkableInputs {
  /** Planned parents: linkWriters adds writers here. */
  parents: Set<string>;
  sources: ReadonlySet<string>;
}

const fold = (name: string) => name.toLowerCase();

function sameDatabase(a: string | null, b: string | null): boolean {
  return a === null || b === null || fold(a) === fold(b);
}

/** For each source whose relation a planned node writes, the writers' ids, sorted. */
export function sourceWriters(manifest: Manifest, planned: readonly ManifestNode[]): Map<string, string[]> {
  const byName = new Map<string, ManifestNode[]>();
  for (const node of planned) {
    const key = `${fold(node.relation.schema)}\u0000${fold(node.relation.identifier)}`;
    const list = byName.get(key);
    if (list === undefined) byName.set(key, [node]);
    else list.push(node);
  }
  const out = new Map<string, string[]>();
  if (byName.size === 0) return out;
  for (const [id, source] of manifest.sources) {
    const key = `${fold(source.relation.schema)}\u0000${fold(source.relation.identifier)}`;
    const writers = (byName.get(key) ?? [])
      .filter((node) => sameDatabase(node.relation.database, source.relation.database))
      .map((node) => node.uniqueId)
      .sort();
    if (writers.length > 0) out.set(id, writers);
  }
  return out;
}

/** Whether `target` is `from` or one of its ancestors through `parents`. */
function reaches(resolved: ReadonlyMap<string, LinkableInputs>, from: string, target: string): boolean {
  const stack = [from];
  const seen = new Set<string>();
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (id === target) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const parent of resolved.get(id)?.parents ?? []) stack.push(parent);
  }
  return false;
}

/**
 * Adds each source's writers to its readers' parents (in place), in id
 * order, skipping links that would close a cycle. Returns, per reader, the
 * parents added this way (writer and source), sorted; a writer that already
 * was a parent through `ref` is not listed (the `ref` is its edge).
 */
export function linkWriters(
  resolved: ReadonlyMap<string, LinkableInputs>,
  writers: ReadonlyMap<string, readonly string[]>,
): Map<string, WrittenInput[]> {
  const out = new Map<string, WrittenInput[]>();
  if (writers.size === 0) return out;
  for (const reader of [...resolved.keys()].sort()) {
    const working = resolved.get(reader) as LinkableInputs;
    const inputs: WrittenInput[] = [];
    for (const source of [...working.sources].sort()) {
      for (const writer of writers.get(source) ?? []) {
        if (!resolved.has(writer)) continue;
        if (working.parents.has(writer) || reaches(resolved, writer, reader)) continue;
        working.parents.add(writer);
        inputs.push({ parent: writer, source });
      }
    }
    if (inputs.length > 0) out.set(reader, inputs);
  }
  return out;
}

/** The ids in an order where every parent comes before its readers (the links made no cycle). */
export function orderWithLinks(
  resolved: ReadonlyMap<string, LinkableInputs>,
  ids: readonly string[],
): string[] {
  const order: string[] = [];
  const done = new Set<string>();
  for (const root of ids) {
    if (done.has(root)) continue;
    // Iterative post-order DFS over parents.
    const stack: Array<[string, Iterator<string>]> = [
      [root, (resolved.get(root)?.parents ?? new Set()).values()],
    ];
    done.add(root);
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as [string, Iterator<string>];
      const next = top[1].next();
      if (next.done) {
        stack.pop();
        order.push(top[0]);
      } else if (!done.has(next.value) && resolved.has(next.value)) {
        done.add(next.value);
        stack.push([next.value, (resolved.get(next.value) as LinkableInputs).parents.values()]);
      }
    }
  }
  return order;
}
