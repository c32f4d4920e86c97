/**
 * Reads of PostgreSQL's catalog (pg_namespace, pg_class, pg_depend,
 * pg_rewrite) that the warehouse answers with: schemas, relations, the views
 * that read a table, the relations a view is bound to, and whether names are
 * taken. Every value is a bound parameter.
 */
import { type IdentifierRules, type QualifiedName, qualifiedKey } from "../../warehouse/names.js";
import type { WarehouseObject } from "../../warehouse/warehouse.js";
import type { Run } from "./postgres-keep.js";

/**
 * A view and its definition, as pg_get_viewdef renders it, with its options
 * (`reloptions`: `security_invoker=true`, `security_barrier=true`,
 * `check_option=local`), which pg_get_viewdef leaves out and `CREATE OR
 * REPLACE VIEW` without `WITH` resets.
 */
export type ViewDefinition = { schema: string; name: string; definition: string; options: string[] };

/** Every schema but PostgreSQL's own. */
export async function listSchemas(run: Run): Promise<string[]> {
  const result = await run(
    "SELECT nspname FROM pg_catalog.pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' ORDER BY 1",
  );
  return result.rows.map((row) => String(row.nspname));
}

/** Tables (plain, partitioned, foreign) and views (plain, materialized) in `schemas`. */
export async function listObjects(run: Run, schemas: readonly string[]): Promise<WarehouseObject[]> {
  if (schemas.length === 0) return [];
  const result = await run(
    `SELECT n.nspname AS schema_name, c.relname AS name, c.relkind AS kind
       FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f') AND n.nspname = ANY($1::text[])
       ORDER BY 1, 2`,
    [schemas],
  );
  return result.rows.map((row) => ({
    schema: String(row.schema_name),
    identifier: String(row.name),
    kind: row.kind === "v" || row.kind === "m" ? "view" : "table",
  }));
}

/** Whether a relation of any kind is named `name` in `schema`. */
export async function relationExists(run: Run, schema: string, name: string): Promise<boolean> {
  return (
    Number(
      (
        await run(
          `SELECT count(*)::int AS n FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = $1 AND c.relname = $2`,
          [schema, name],
        )
      ).rows[0]?.n ?? 0,
    ) > 0
  );
}

/** Which of `names` a relation of any kind already has, in one query. */
export async function stagedNamesTaken(run: Run, names: readonly QualifiedName[]): Promise<QualifiedName[]> {
  const result = await run(
    `SELECT t.schema_name, t.name FROM unnest($1::text[], $2::text[]) AS t(schema_name, name)
         JOIN pg_catalog.pg_namespace n ON n.nspname = t.schema_name
         JOIN pg_catalog.pg_class c ON c.relnamespace = n.oid AND c.relname = t.name`,
    [names.map((name) => name.schema), names.map((name) => name.identifier)],
  );
  return result.rows.map((row) => ({ schema: String(row.schema_name), identifier: String(row.name) }));
}

/**
 * Views reading the table, with their definitions as PostgreSQL renders them
 * under the current search path (the caller empties it, so that every name is
 * schema-qualified).
 */
export async function dependentViews(run: Run, target: QualifiedName): Promise<ViewDefinition[]> {
  const result = await run(
    `SELECT DISTINCT vn.nspname AS schema_name, v.relname AS name, pg_catalog.pg_get_viewdef(v.oid) AS definition,
       coalesce(v.reloptions, '{}'::text[]) AS options
       FROM pg_catalog.pg_class t
       JOIN pg_catalog.pg_namespace tn ON tn.oid = t.relnamespace
       JOIN pg_catalog.pg_depend d ON d.refobjid = t.oid AND d.refclassid = 'pg_catalog.pg_class'::regclass
         AND d.classid = 'pg_catalog.pg_rewrite'::regclass
       JOIN pg_catalog.pg_rewrite r ON r.oid = d.objid
       JOIN pg_catalog.pg_class v ON v.oid = r.ev_class AND v.oid <> t.oid AND v.relkind = 'v'
       JOIN pg_catalog.pg_namespace vn ON vn.oid = v.relnamespace
       WHERE tn.nspname = $1 AND t.relname = $2
       ORDER BY 1, 2`,
    [target.schema, target.identifier],
  );
  return result.rows.map((row) => ({
    schema: String(row.schema_name),
    name: String(row.name),
    definition: String(row.definition),
    options: ((row.options as string[] | null) ?? []).map(String),
  }));
}

/** The relations each view's rewrite rule depends on (pg_depend), for every view at once, by the view's key. */
export async function boundRelations(
  run: Run,
  views: readonly QualifiedName[],
  identifiers: IdentifierRules,
): Promise<Map<string, QualifiedName[]>> {
  const bound = new Map<string, QualifiedName[]>();
  if (views.length === 0) return bound;
  const result = await run(
    `SELECT DISTINCT vn.nspname AS view_schema, v.relname AS view_name, tn.nspname AS schema_name, t.relname AS name
       FROM unnest($1::text[], $2::text[]) AS wanted(schema_name, name)
       JOIN pg_catalog.pg_namespace vn ON vn.nspname = wanted.schema_name
       JOIN pg_catalog.pg_class v ON v.relnamespace = vn.oid AND v.relname = wanted.name AND v.relkind IN ('v', 'm')
       LEFT JOIN pg_catalog.pg_rewrite r ON r.ev_class = v.oid
       LEFT JOIN pg_catalog.pg_depend d ON d.objid = r.oid AND d.classid = 'pg_catalog.pg_rewrite'::regclass
         AND d.refclassid = 'pg_catalog.pg_class'::regclass AND d.refobjid <> v.oid
       LEFT JOIN pg_catalog.pg_class t ON t.oid = d.refobjid
       LEFT JOIN pg_catalog.pg_namespace tn ON tn.oid = t.relnamespace
       ORDER BY 1, 2, 3, 4`,
    [views.map((view) => view.schema), views.map((view) => view.identifier)],
  );
  for (const row of result.rows) {
    const key = qualifiedKey(
      { schema: String(row.view_schema), identifier: String(row.view_name) },
      identifiers,
    );
    const reads = bound.get(key) ?? [];
    if (row.name !== null && row.name !== undefined)
      reads.push({ schema: String(row.schema_name), identifier: String(row.name) });
    bound.set(key, reads);
  }
  return bound;
}

/** Whether a table (plain or partitioned) is named `table` in `schema`. */
export async function tableExists(run: Run, schema: string, table: string): Promise<boolean> {
  const result = await run(
    `SELECT count(*)::int AS n FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ('r', 'p')`,
    [schema, table],
  );
  return Number(result.rows[0]?.n ?? 0) > 0;
}

/**
 * The table's size as the catalog estimates it, without reading it:
 * `pg_total_relation_size` (heap, indexes, TOAST) and `reltuples` (-1 until
 * the table is first vacuumed or analyzed: then null), summed over the
 * partitions of a partitioned table; null for both of a foreign table, whose
 * data is elsewhere. Null when no table is there.
 */
export async function tableSize(
  run: Run,
  name: QualifiedName,
): Promise<{ rows: number | null; bytes: number | null } | null> {
  const result = await run(
    `SELECT c.relkind AS kind,
            CASE WHEN c.relkind = 'p'
                 THEN (SELECT sum(pg_catalog.pg_total_relation_size(t.relid)) FROM pg_catalog.pg_partition_tree(c.oid) t)
                 ELSE pg_catalog.pg_total_relation_size(c.oid) END::float8 AS bytes,
            CASE WHEN c.relkind = 'p'
                 THEN (SELECT CASE WHEN bool_or(p.reltuples < 0) THEN NULL ELSE sum(p.reltuples) END
                         FROM pg_catalog.pg_partition_tree(c.oid) t JOIN pg_catalog.pg_class p ON p.oid = t.relid
                        WHERE p.relkind = 'r')
                 WHEN c.reltuples < 0 THEN NULL
                 ELSE c.reltuples END::float8 AS rows
       FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ('r', 'p', 'f')`,
    [name.schema, name.identifier],
  );
  const row = result.rows[0];
  if (!row) return null;
  if (row.kind === "f") return { rows: null, bytes: null };
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return { rows: number(row.rows), bytes: number(row.bytes) };
}
