/**
 * A table's indexes (those behind its primary key and unique constraints
 * too) and the sequences it owns (`serial`, identity) move with it when
 * `ALTER TABLE … SET SCHEMA` moves it, and keep their names. They share the
 * schema's namespace with tables, so a name prod's schema already holds
 * makes the move fail: dbt-postgres builds a contracted model as
 * `<name>__dbt_tmp` with its constraints, so the primary key's index is
 * `<name>__dbt_tmp_pkey` in prod's schema and in the pull request's alike,
 * and a promotion of such a table could never move it.
 *
 * So before the move, each of those whose name the target schema holds is
 * renamed to one that neither schema holds (its name cut to fit 63 bytes,
 * then a number). Renaming a constraint's index renames the constraint. What
 * prod's schema holds is not touched.
 */
import type { QualifiedName } from "../../warehouse/names.js";
import type { Quote, Run } from "./postgres-keep.js";

const MAX_NAME_BYTES = 63;

/** The statements that rename the table's indexes and sequences whose names `targetSchema` holds. */
export async function renamesBeforeMove(
  run: Run,
  q: Quote,
  table: QualifiedName,
  targetSchema: string,
): Promise<string[]> {
  const result = await run(
    `SELECT o.relname AS name
       FROM pg_catalog.pg_class t
       JOIN pg_catalog.pg_namespace n ON n.oid = t.relnamespace
       JOIN pg_catalog.pg_class o ON o.relnamespace = t.relnamespace
        AND (o.oid IN (SELECT i.indexrelid FROM pg_catalog.pg_index i WHERE i.indrelid = t.oid)
          OR o.oid IN (SELECT d.objid FROM pg_catalog.pg_depend d
                        WHERE d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass AND d.refobjid = t.oid
                          AND d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass
                          AND d.deptype IN ('a', 'i') AND o.relkind = 'S'))
      WHERE n.nspname = $1 AND t.relname = $2
        AND EXISTS (SELECT 1 FROM pg_catalog.pg_class x JOIN pg_catalog.pg_namespace xn ON xn.oid = x.relnamespace
                     WHERE xn.nspname = $3 AND x.relname = o.relname)
      ORDER BY 1`,
    [table.schema, table.identifier, targetSchema],
  );
  const statements: string[] = [];
  const chosen = new Set<string>();
  for (const row of result.rows) {
    const name = String(row.name);
    const free = await freeInBoth(run, [table.schema, targetSchema], name, chosen);
    chosen.add(free);
    // ALTER INDEX renames a sequence too (any relation of the schema; the kind is not checked).
    statements.push(
      `ALTER INDEX ${q(table.schema, "schema")}.${q(name, "relation name")} RENAME TO ${q(free, "relation name")}`,
    );
  }
  return statements;
}

/** `base` cut to fit, with a number after it, that neither schema holds and that was not chosen already. */
async function freeInBoth(
  run: Run,
  schemas: readonly string[],
  base: string,
  chosen: ReadonlySet<string>,
): Promise<string> {
  for (let n = 1; ; n += 1) {
    const suffix = `_${n}`;
    let head = base;
    while (Buffer.byteLength(head + suffix) > MAX_NAME_BYTES) head = [...head].slice(0, -1).join("");
    const name = head + suffix;
    if (chosen.has(name)) continue;
    const taken = await run(
      `SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ANY($1::text[]) AND c.relname = $2`,
      [schemas, name],
    );
    if (taken.rows.length === 0) return name;
  }
}
