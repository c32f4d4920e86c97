/**
 * A copy's sequences are its own (docs/environments.md, "A copy").
 * `CREATE TABLE … (LIKE prod INCLUDING ALL)` copies a `serial` column's
 * default as it is: `nextval('analytics.t_id_seq'::regclass)`, prod's
 * sequence. Every row the pull request's dbt then inserts without that
 * column advances prod's sequence, and the copy depends on a sequence prod's
 * table owns (prod can't drop its table without CASCADE while the
 * environment is open, and a CASCADE takes the copy's default). An identity
 * column gets a sequence of the copy's own, but one that starts again at its
 * first value, below the ids copied from prod.
 *
 * So after the copy: each default that draws on a sequence the copy doesn't
 * own draws on a new one the copy owns (dropped with it), made like prod's;
 * and every ascending sequence the copy owns continues after the highest
 * value copied into its column. Prod's sequences are neither read nor
 * advanced.
 */
import type { QualifiedName } from "../../warehouse/names.js";
import type { Quote, Run } from "./postgres-keep.js";

const MAX_NAME_BYTES = 63;

/** `base`, or `base` cut to fit with a number after it, that no relation of `schema` has. */
async function freeName(run: Run, schema: string, base: string): Promise<string> {
  for (let n = 0; ; n += 1) {
    const suffix = n === 0 ? "" : String(n);
    let head = base;
    while (Buffer.byteLength(head + suffix) > MAX_NAME_BYTES) head = [...head].slice(0, -1).join("");
    const name = head + suffix;
    const taken = await run(
      `SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relname = $2`,
      [schema, name],
    );
    if (taken.rows.length === 0) return name;
  }
}

export async function ownCopySequences(run: Run, q: Quote, target: QualifiedName): Promise<void> {
  const table = `${q(target.schema, "schema")}.${q(target.identifier, "relation name")}`;
  const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
  // Defaults of the copy that depend on a sequence the copy doesn't own.
  const borrowed = await run(
    `SELECT a.attname, a.attnum, s.oid::pg_catalog.int8 AS seq, pg_catalog.format_type(q.seqtypid, NULL) AS type,
            q.seqincrement::text AS inc, q.seqmin::text AS min, q.seqmax::text AS max, q.seqstart::text AS start,
            q.seqcache::text AS cache, q.seqcycle AS cycle
       FROM pg_catalog.pg_attrdef d
       JOIN pg_catalog.pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
       JOIN pg_catalog.pg_depend p ON p.classid = 'pg_catalog.pg_attrdef'::pg_catalog.regclass AND p.objid = d.oid
                                  AND p.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass
       JOIN pg_catalog.pg_class s ON s.oid = p.refobjid AND s.relkind = 'S'
       JOIN pg_catalog.pg_sequence q ON q.seqrelid = s.oid
      WHERE d.adrelid = $1::pg_catalog.regclass
        AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_depend o
                         WHERE o.classid = 'pg_catalog.pg_class'::pg_catalog.regclass AND o.objid = s.oid
                           AND o.refobjid = d.adrelid AND o.deptype IN ('a', 'i'))
      ORDER BY a.attnum, s.oid`,
    [table],
  );
  for (const row of borrowed.rows) {
    const column = String(row.attname);
    const name = await freeName(run, target.schema, `${target.identifier}_${column}_seq`);
    const sequence = `${q(target.schema, "schema")}.${q(name, "relation name")}`;
    const cycle = row.cycle === true ? "CYCLE" : "NO CYCLE";
    await run(
      `CREATE SEQUENCE ${sequence} AS ${String(row.type)} INCREMENT BY ${String(row.inc)} MINVALUE ${String(row.min)} MAXVALUE ${String(row.max)} START WITH ${String(row.start)} CACHE ${String(row.cache)} ${cycle} OWNED BY ${table}.${q(column, "column")}`,
    );
    // The default as PostgreSQL shows it, schema-qualified, with prod's sequence named as the new one instead.
    await run("SET LOCAL search_path = ''");
    const shown = await run(
      `SELECT pg_catalog.pg_get_expr(d.adbin, d.adrelid) AS expr, $2::pg_catalog.int8::pg_catalog.regclass::text AS old,
              $3::pg_catalog.regclass::text AS new
         FROM pg_catalog.pg_attrdef d WHERE d.adrelid = $1::pg_catalog.regclass AND d.adnum = $4`,
      [table, row.seq, sequence, row.attnum],
    );
    const { expr, old, new: made } = shown.rows[0] as { expr: string; old: string; new: string };
    const from = `${literal(old)}::regclass`;
    if (!expr.includes(from)) {
      throw new Error(`the default of ${table}.${column} names its sequence in an unexpected form: ${expr}`);
    }
    await run(
      `ALTER TABLE ${table} ALTER COLUMN ${q(column, "column")} SET DEFAULT ${expr.replaceAll(from, `${literal(made)}::regclass`)}`,
    );
  }
  // Every sequence the copy owns (identity, or made above) continues where prod's did.
  const owned = await run(
    `SELECT s.oid::pg_catalog.int8 AS seq, a.attname, q.seqmin::text AS min, q.seqmax::text AS max
       FROM pg_catalog.pg_depend o
       JOIN pg_catalog.pg_class s ON s.oid = o.objid AND s.relkind = 'S'
       JOIN pg_catalog.pg_sequence q ON q.seqrelid = s.oid AND q.seqincrement > 0
       JOIN pg_catalog.pg_attribute a ON a.attrelid = o.refobjid AND a.attnum = o.refobjsubid
      WHERE o.classid = 'pg_catalog.pg_class'::pg_catalog.regclass AND o.refobjid = $1::pg_catalog.regclass
        AND o.deptype IN ('a', 'i')`,
    [table],
  );
  for (const row of owned.rows) {
    await run(
      `SELECT pg_catalog.setval($1::pg_catalog.int8::pg_catalog.regclass, v) FROM (SELECT max(${q(String(row.attname), "column")})::pg_catalog.int8 AS v FROM ${table}) m WHERE v BETWEEN $2::pg_catalog.int8 AND $3::pg_catalog.int8`,
      [row.seq, row.min, row.max],
    );
  }
}

/**
 * Of these tables, those whose column defaults or check constraints call a
 * function that is neither PostgreSQL's own (pg_catalog) nor an extension's,
 * each with what calls what. A copy keeps its defaults and checks
 * (`INCLUDING ALL`), so every row the pull request's dbt inserts would run
 * prod's function, with the CI role's rights: one that writes (an audit
 * row, a counter) would write into prod. Such a table is not copied.
 */
export async function functionDefaults(
  run: Run,
  tables: readonly QualifiedName[],
): Promise<{ table: QualifiedName; detail: string }[]> {
  if (tables.length === 0) return [];
  const result = await run(
    `SELECT t.schema_name, t.name,
            string_agg(DISTINCT CASE WHEN p.classid = 'pg_catalog.pg_attrdef'::pg_catalog.regclass
                                     THEN 'the default of ' || pg_catalog.quote_ident(a.attname)
                                     ELSE 'the check ' || pg_catalog.quote_ident(k.conname) END
                       || ' calls ' || f.oid::pg_catalog.regprocedure::text, '; ') AS calls
       FROM unnest($1::text[], $2::text[]) AS t(schema_name, name)
       JOIN pg_catalog.pg_namespace n ON n.nspname = t.schema_name
       JOIN pg_catalog.pg_class c ON c.relnamespace = n.oid AND c.relname = t.name AND c.relkind IN ('r', 'p')
       LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = c.oid
       LEFT JOIN pg_catalog.pg_constraint k ON k.conrelid = c.oid AND k.contype = 'c'
       JOIN pg_catalog.pg_depend p
         ON p.refclassid = 'pg_catalog.pg_proc'::pg_catalog.regclass
        AND ((p.classid = 'pg_catalog.pg_attrdef'::pg_catalog.regclass AND p.objid = d.oid)
          OR (p.classid = 'pg_catalog.pg_constraint'::pg_catalog.regclass AND p.objid = k.oid))
       JOIN pg_catalog.pg_proc f ON f.oid = p.refobjid
       LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum = d.adnum
      WHERE f.pronamespace <> 'pg_catalog'::pg_catalog.regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_depend e
                         WHERE e.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND e.objid = f.oid
                           AND e.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass AND e.deptype = 'e')
      GROUP BY 1, 2 ORDER BY 1, 2`,
    [tables.map((table) => table.schema), tables.map((table) => table.identifier)],
  );
  return result.rows.map((row) => ({
    table: { schema: String(row.schema_name), identifier: String(row.name) },
    detail: String(row.calls),
  }));
}
