/**
 * What a prod table's readers rely on besides its name, kept when the table
 * is replaced (PostgreSQL): its owner, its privileges, and the materialized
 * views over it.
 *
 * - Owner and privileges: the new table is given the replaced table's owner
 *   (`ALTER TABLE … OWNER TO`, which PostgreSQL allows a member of that role
 *   when the role may create in the schema), then exactly its privileges
 *   (GRANT what is missing, REVOKE what is extra, grant options included),
 *   and checked: a table whose privileges differ after that fails the whole
 *   replacement (its transaction rolls back).
 * - Materialized views that read the replaced table are dropped and created
 *   again over the new table from PostgreSQL's own rendering of their query
 *   (names schema-qualified), filled (unless they were not), with their
 *   indexes, owner, privileges and comment.
 * - `blockers` says beforehand which tables can't be replaced that way (the
 *   connected role can't take on the owner, column privileges or row-level
 *   security ODS doesn't copy, a materialized view the role can't recreate
 *   or that other views read), and which tables new to prod would miss the
 *   schema's default privileges: those are not promoted.
 *
 * Every value is a bound parameter; a comment is rendered by the server
 * (`format('%L')`) from a bound parameter.
 */
import type { QualifiedName } from "../../warehouse/names.js";
import type { ReplaceBlocker } from "../../warehouse/warehouse.js";
import type { StatementResult } from "../sql-warehouse.js";

export type Run = (sql: string, params?: readonly unknown[]) => Promise<StatementResult>;
export type Quote = (name: string, what: string) => string;

export interface Privilege {
  /** Role name; "" for PUBLIC. */
  grantee: string;
  privilege: string;
  grantable: boolean;
}

export interface Access {
  owner: string;
  privileges: Privilege[];
}

export interface MaterializedView {
  schema: string;
  name: string;
  definition: string;
  populated: boolean;
  indexes: string[];
  comment: string | null;
  access: Access;
}

/** Owner and privileges (NULL ACL: the owner's defaults) of the pg_class row aliased `alias`. */
const access = (alias: string) => `pg_catalog.pg_get_userbyid(${alias}.relowner) AS owner,
  coalesce((SELECT json_agg(json_build_object(
      'grantee', CASE WHEN a.grantee = 0 THEN '' ELSE pg_catalog.pg_get_userbyid(a.grantee) END,
      'privilege', a.privilege_type, 'grantable', a.is_grantable))
    FROM pg_catalog.aclexplode(coalesce(${alias}.relacl, pg_catalog.acldefault('r', ${alias}.relowner))) a), '[]'::json) AS privileges`;

export function accessOf(row: Record<string, unknown>): Access {
  const privileges = (row.privileges as Privilege[] | null) ?? [];
  return { owner: String(row.owner), privileges };
}

/** Owner and privileges of the relation with this OID. */
export async function accessOfOid(run: Run, oid: string): Promise<Access> {
  const result = await run(`SELECT ${access("c")} FROM pg_catalog.pg_class c WHERE c.oid = $1::oid`, [oid]);
  const row = result.rows[0];
  if (!row) throw new Error(`relation ${oid} is gone`);
  return accessOf(row);
}

/** The OID of the table (or materialized view, with `kinds`) at `name`, or null. */
export async function oidOf(
  run: Run,
  name: QualifiedName,
  kinds: readonly string[] = ["r", "p"],
): Promise<string | null> {
  const result = await run(
    `SELECT c.oid::text AS oid FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind = ANY($3::"char"[])`,
    [name.schema, name.identifier, kinds],
  );
  return result.rows[0] ? String(result.rows[0].oid) : null;
}

/**
 * The table at `name`: its OID, owner and privileges, and whether anything
 * (a view, a materialized view) reads it; null when no table is there. One
 * query: it runs for every table a promotion replaces.
 */
export async function tableAt(
  run: Run,
  name: QualifiedName,
): Promise<{ oid: string; access: Access; read: boolean } | null> {
  const result = await run(
    `SELECT c.oid::text AS oid, ${access("c")},
       EXISTS (SELECT 1 FROM pg_catalog.pg_depend d WHERE d.refobjid = c.oid
         AND d.refclassid = 'pg_catalog.pg_class'::regclass AND d.classid = 'pg_catalog.pg_rewrite'::regclass) AS read
     FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ('r', 'p')`,
    [name.schema, name.identifier],
  );
  const row = result.rows[0];
  return row ? { oid: String(row.oid), access: accessOf(row), read: row.read === true } : null;
}

const privilegeKey = (p: Privilege) => `${p.grantee}\u0000${p.privilege}`;

/** Each grantee's privilege once, with its grant option (the same privilege from several grantors is one). */
export function privilegeSet(privileges: readonly Privilege[]): Map<string, boolean> {
  const set = new Map<string, boolean>();
  for (const p of privileges) set.set(privilegeKey(p), (set.get(privilegeKey(p)) ?? false) || p.grantable);
  return set;
}

export function sameAccess(a: Access, b: Access): boolean {
  if (a.owner !== b.owner) return false;
  const want = privilegeSet(a.privileges);
  const have = privilegeSet(b.privileges);
  return want.size === have.size && [...want].every(([key, grantable]) => have.get(key) === grantable);
}

/**
 * Gives the relation `oid` (named `sql`, of `kind`; with `current`, its
 * owner and privileges now) the owner and privileges `wanted`; returns how
 * many privileges it has then. Throws when they still differ (a privilege
 * granted by a role ODS can't revoke for).
 */
export async function keepAccess(
  run: Run,
  q: Quote,
  kind: "TABLE" | "MATERIALIZED VIEW",
  oid: string,
  sql: string,
  wanted: Access,
  current?: Access,
): Promise<number> {
  let now = current ?? (await accessOfOid(run, oid));
  if (sameAccess(wanted, now)) return privilegeSet(now.privileges).size;
  if (now.owner !== wanted.owner) {
    await run(`ALTER ${kind} ${sql} OWNER TO ${q(wanted.owner, "role")}`);
    now = await accessOfOid(run, oid);
  }
  const role = (grantee: string) => (grantee === "" ? "PUBLIC" : q(grantee, "role"));
  const privilege = (name: string) => {
    if (!/^[A-Z]+$/.test(name)) throw new Error(`unexpected privilege ${name}`);
    return name;
  };
  const entries = (privileges: readonly Privilege[]) =>
    new Map(
      [...privilegeSet(privileges)].map(([key, grantable]) => {
        const [grantee, privilege] = key.split("\u0000") as [string, string];
        return [key, { grantee, privilege, grantable }];
      }),
    );
  const want = entries(wanted.privileges);
  const have = entries(now.privileges);
  for (const [key, p] of have) {
    const w = want.get(key);
    if (!w) await run(`REVOKE ${privilege(p.privilege)} ON TABLE ${sql} FROM ${role(p.grantee)}`);
    else if (p.grantable && !w.grantable)
      await run(`REVOKE GRANT OPTION FOR ${privilege(p.privilege)} ON TABLE ${sql} FROM ${role(p.grantee)}`);
  }
  for (const [key, w] of want) {
    const h = have.get(key);
    if (!h || (w.grantable && !h.grantable)) {
      await run(
        `GRANT ${privilege(w.privilege)} ON TABLE ${sql} TO ${role(w.grantee)}${w.grantable ? " WITH GRANT OPTION" : ""}`,
      );
    }
  }
  const after = await accessOfOid(run, oid);
  if (!sameAccess(wanted, after)) {
    throw new Error(
      `${sql} could not be given the replaced relation's owner and privileges (owner ${wanted.owner}; ${privilegeSet(wanted.privileges).size} privileges wanted, ${privilegeSet(after.privileges).size} held)`,
    );
  }
  return privilegeSet(after.privileges).size;
}

const READERS = `FROM pg_catalog.pg_depend d
  JOIN pg_catalog.pg_rewrite r ON r.oid = d.objid
  JOIN pg_catalog.pg_class v ON v.oid = r.ev_class
  JOIN pg_catalog.pg_namespace vn ON vn.oid = v.relnamespace
  WHERE d.classid = 'pg_catalog.pg_rewrite'::regclass AND d.refclassid = 'pg_catalog.pg_class'::regclass`;

/** The columns a materialized view's row gives (`materializedColumns`), as a MaterializedView. */
function materializedOf(row: Record<string, unknown>): MaterializedView {
  return {
    schema: String(row.schema_name),
    name: String(row.name),
    definition: String(row.definition).replace(/;\s*$/, ""),
    populated: row.populated === true,
    indexes: (row.indexes as string[] | null) ?? [],
    comment: row.comment === null || row.comment === undefined ? null : String(row.comment),
    access: accessOf(row),
  };
}

const materializedColumns = `vn.nspname AS schema_name, v.relname AS name, pg_catalog.pg_get_viewdef(v.oid) AS definition,
       v.relispopulated AS populated, pg_catalog.obj_description(v.oid, 'pg_class') AS comment,
       coalesce((SELECT json_agg(pg_catalog.pg_get_indexdef(i.indexrelid) ORDER BY i.indexrelid)
         FROM pg_catalog.pg_index i WHERE i.indrelid = v.oid), '[]'::json) AS indexes,
       ${access("v")}`;

/** The OIDs of the relations the view `v` (alias) reads (its rewrite rule's dependencies). */
const readsOf = `coalesce((SELECT json_agg(DISTINCT d2.refobjid::text) FROM pg_catalog.pg_rewrite r2
         JOIN pg_catalog.pg_depend d2 ON d2.objid = r2.oid AND d2.classid = 'pg_catalog.pg_rewrite'::regclass
           AND d2.refclassid = 'pg_catalog.pg_class'::regclass AND d2.refobjid <> v.oid
         WHERE r2.ev_class = v.oid), '[]'::json) AS reads`;

/** A reader of a table, read ahead: with the OIDs of every relation it reads, to tell when its definition went stale. */
export interface ReaderAhead {
  /** The table it reads (OID). */
  table: string;
  reads: string[];
}

/**
 * For every table OID at once (call with `search_path` empty: names
 * qualified): the views reading it with their definitions, and the
 * materialized views reading it as `materializedViewsOf` gives them.
 */
export async function readersOf(
  run: Run,
  oids: readonly string[],
): Promise<{
  views: ({ schema: string; name: string; definition: string; options: string[] } & ReaderAhead)[];
  materialized: (MaterializedView & ReaderAhead)[];
}> {
  if (oids.length === 0) return { views: [], materialized: [] };
  const result = await run(
    `SELECT m.table_oid, v.relkind AS kind, ${materializedColumns}, ${readsOf},
       coalesce(v.reloptions, '{}'::text[]) AS options
     FROM (SELECT DISTINCT d.refobjid::text AS table_oid, v.oid ${READERS}
           AND d.refobjid = ANY($1::oid[]) AND v.relkind IN ('v', 'm') AND v.oid <> d.refobjid) m
     JOIN pg_catalog.pg_class v ON v.oid = m.oid
     JOIN pg_catalog.pg_namespace vn ON vn.oid = v.relnamespace
     ORDER BY 1, 3, 4`,
    [oids],
  );
  const views: ({ schema: string; name: string; definition: string; options: string[] } & ReaderAhead)[] = [];
  const materialized: (MaterializedView & ReaderAhead)[] = [];
  for (const row of result.rows) {
    const ahead = { table: String(row.table_oid), reads: ((row.reads as string[] | null) ?? []).map(String) };
    if (row.kind === "m") materialized.push({ ...materializedOf(row), ...ahead });
    else
      views.push({
        schema: String(row.schema_name),
        name: String(row.name),
        definition: String(row.definition),
        options: ((row.options as string[] | null) ?? []).map(String),
        ...ahead,
      });
  }
  return { views, materialized };
}

/** The tables at these names (those that are tables): OID, owner and privileges, and whether anything reads them; one query. */
export async function tablesAt(
  run: Run,
  names: readonly QualifiedName[],
): Promise<{ name: QualifiedName; oid: string; access: Access; read: boolean }[]> {
  if (names.length === 0) return [];
  const result = await run(
    `SELECT t.schema_name, t.name, c.oid::text AS oid, ${access("c")},
       EXISTS (SELECT 1 FROM pg_catalog.pg_depend d WHERE d.refobjid = c.oid
         AND d.refclassid = 'pg_catalog.pg_class'::regclass AND d.classid = 'pg_catalog.pg_rewrite'::regclass) AS read
     FROM unnest($1::text[], $2::text[]) AS t(schema_name, name)
     JOIN pg_catalog.pg_namespace n ON n.nspname = t.schema_name
     JOIN pg_catalog.pg_class c ON c.relnamespace = n.oid AND c.relname = t.name AND c.relkind IN ('r', 'p')`,
    [names.map((name) => name.schema), names.map((name) => name.identifier)],
  );
  return result.rows.map((row) => ({
    name: { schema: String(row.schema_name), identifier: String(row.name) },
    oid: String(row.oid),
    access: accessOf(row),
    read: row.read === true,
  }));
}

/** Owner, privileges and place of the relations with these OIDs (those still there). */
export async function accessOfOids(
  run: Run,
  oids: readonly string[],
): Promise<Map<string, { name: QualifiedName; access: Access }>> {
  const out = new Map<string, { name: QualifiedName; access: Access }>();
  if (oids.length === 0) return out;
  const result = await run(
    `SELECT c.oid::text AS oid, n.nspname AS schema_name, c.relname AS name, ${access("c")}
     FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
     WHERE c.oid = ANY($1::oid[])`,
    [oids],
  );
  for (const row of result.rows)
    out.set(String(row.oid), {
      name: { schema: String(row.schema_name), identifier: String(row.name) },
      access: accessOf(row),
    });
  return out;
}

/** Materialized views reading the table `oid`, as they are now (call with `search_path` empty: names qualified). */
export async function materializedViewsOf(run: Run, oid: string): Promise<MaterializedView[]> {
  const result = await run(
    `SELECT vn.nspname AS schema_name, v.relname AS name, pg_catalog.pg_get_viewdef(v.oid) AS definition,
       v.relispopulated AS populated, pg_catalog.obj_description(v.oid, 'pg_class') AS comment,
       coalesce((SELECT json_agg(pg_catalog.pg_get_indexdef(i.indexrelid) ORDER BY i.indexrelid)
         FROM pg_catalog.pg_index i WHERE i.indrelid = v.oid), '[]'::json) AS indexes,
       ${access("v")}
     FROM (SELECT DISTINCT v.oid ${READERS} AND d.refobjid = $1::oid AND v.relkind = 'm' AND v.oid <> $1::oid) m
     JOIN pg_catalog.pg_class v ON v.oid = m.oid
     JOIN pg_catalog.pg_namespace vn ON vn.oid = v.relnamespace
     ORDER BY 1, 2`,
    [oid],
  );
  return result.rows.map((row) => ({
    schema: String(row.schema_name),
    name: String(row.name),
    definition: String(row.definition).replace(/;\s*$/, ""),
    populated: row.populated === true,
    indexes: (row.indexes as string[] | null) ?? [],
    comment: row.comment === null || row.comment === undefined ? null : String(row.comment),
    access: accessOf(row),
  }));
}

/** Drops the materialized view and creates it again from `view` (its query now reads whatever its names hold). */
export async function recreateMaterializedView(run: Run, q: Quote, view: MaterializedView): Promise<void> {
  const sql = `${q(view.schema, "schema")}.${q(view.name, "materialized view name")}`;
  await run(`DROP MATERIALIZED VIEW ${sql} RESTRICT`);
  await run(
    `CREATE MATERIALIZED VIEW ${sql} AS ${view.definition} ${view.populated ? "WITH DATA" : "WITH NO DATA"}`,
  );
  // pg_get_indexdef's own rendering (names qualified): the index keeps its name, method and columns.
  for (const index of view.indexes) await run(index);
  if (view.comment !== null) {
    const rendered = await run(
      `SELECT pg_catalog.format('COMMENT ON MATERIALIZED VIEW %s IS %L', $1::text, $2::text) AS sql`,
      [sql, view.comment],
    );
    await run(String(rendered.rows[0]!.sql));
  }
  const oid = await oidOf(run, { schema: view.schema, identifier: view.name }, ["m"]);
  await keepAccess(run, q, "MATERIALIZED VIEW", oid!, sql, view.access);
}

/** Which of these tables can't be replaced keeping their owner, privileges and materialized views. */
export async function blockers(run: Run, targets: readonly QualifiedName[]): Promise<ReplaceBlocker[]> {
  if (targets.length === 0) return [];
  const become = `CASE WHEN pg_catalog.current_setting('server_version_num')::int >= 160000
      THEN pg_catalog.pg_has_role(current_user, ROLE, 'SET') ELSE pg_catalog.pg_has_role(current_user, ROLE, 'MEMBER') END`;
  const result = await run(
    `SELECT t.schema_name, t.name, pg_catalog.pg_get_userbyid(c.relowner) AS owner, current_user AS me,
       pg_catalog.pg_has_role(current_user, c.relowner, 'USAGE') AS can_use,
       ${become.replaceAll("ROLE", "c.relowner")} AS can_become,
       pg_catalog.has_schema_privilege(c.relowner, c.relnamespace, 'CREATE') AS owner_creates,
       c.relrowsecurity AS row_security,
       EXISTS (SELECT 1 FROM pg_catalog.pg_attribute a WHERE a.attrelid = c.oid AND a.attacl IS NOT NULL AND NOT a.attisdropped) AS column_privileges,
       coalesce((SELECT json_agg(json_build_object(
           'name', mn.nspname || '.' || mv.relname,
           'owner', pg_catalog.pg_get_userbyid(mv.relowner),
           'can_use', pg_catalog.pg_has_role(current_user, mv.relowner, 'USAGE'),
           'can_become', ${become.replaceAll("ROLE", "mv.relowner")},
           'owner_creates', pg_catalog.has_schema_privilege(mv.relowner, mv.relnamespace, 'CREATE'),
           'column_privileges', EXISTS (SELECT 1 FROM pg_catalog.pg_attribute a WHERE a.attrelid = mv.oid AND a.attacl IS NOT NULL),
           'read_by', (SELECT string_agg(DISTINCT vn.nspname || '.' || v.relname, ', ') ${READERS} AND d.refobjid = mv.oid AND v.oid <> mv.oid)
         ) ORDER BY mn.nspname, mv.relname)
         FROM (SELECT DISTINCT v.oid ${READERS} AND d.refobjid = c.oid AND v.relkind = 'm') m
         JOIN pg_catalog.pg_class mv ON mv.oid = m.oid
         JOIN pg_catalog.pg_namespace mn ON mn.oid = mv.relnamespace), '[]'::json) AS materialized
     FROM unnest($1::text[], $2::text[]) AS t(schema_name, name)
     JOIN pg_catalog.pg_namespace n ON n.nspname = t.schema_name
     JOIN pg_catalog.pg_class c ON c.relnamespace = n.oid AND c.relname = t.name AND c.relkind IN ('r', 'p')`,
    [targets.map((t) => t.schema), targets.map((t) => t.identifier)],
  );
  const out: ReplaceBlocker[] = [];
  // A table new to prod: the privileges it has are the CI role's, not the ones the default privileges
  // of the schema would give the table a dbt build in prod creates (for a role ODS can't tell).
  const defaults = await run(
    `SELECT t.schema_name, t.name,
       string_agg(DISTINCT pg_catalog.pg_get_userbyid(d.defaclrole), ', ') AS roles
     FROM unnest($1::text[], $2::text[]) AS t(schema_name, name)
     JOIN pg_catalog.pg_namespace n ON n.nspname = t.schema_name
     JOIN pg_catalog.pg_default_acl d ON d.defaclobjtype = 'r' AND d.defaclnamespace IN (n.oid, 0)
     WHERE NOT EXISTS (SELECT 1 FROM pg_catalog.pg_class c WHERE c.relnamespace = n.oid AND c.relname = t.name)
     GROUP BY 1, 2`,
    [targets.map((t) => t.schema), targets.map((t) => t.identifier)],
  );
  for (const row of defaults.rows) {
    const target = { schema: String(row.schema_name), identifier: String(row.name) };
    out.push({
      target,
      code: "privileges_not_kept",
      message: `Prod has no table ${target.schema}.${target.identifier} yet, and default privileges (ALTER DEFAULT PRIVILEGES of ${String(row.roles)}) apply to new tables in ${target.schema}: the promoted table would have the CI role's privileges instead, so dbt builds it.`,
    });
  }
  for (const row of result.rows) {
    const target = { schema: String(row.schema_name), identifier: String(row.name) };
    const shown = `${target.schema}.${target.identifier}`;
    const owner = String(row.owner);
    const me = String(row.me);
    const block = (code: ReplaceBlocker["code"], message: string) => out.push({ target, code, message });
    if (row.can_use !== true || row.can_become !== true) {
      block(
        "owner_not_kept",
        `Prod's ${shown} is owned by role ${owner}, which the connected role ${me} is not a member of: it can't give the promoted table that owner (and its privileges), so dbt builds it (GRANT ${owner} TO ${me} lets ODS promote it).`,
      );
    } else if (row.owner_creates !== true) {
      block(
        "owner_not_kept",
        `Prod's ${shown} is owned by role ${owner}, which has no CREATE privilege on schema ${target.schema}: PostgreSQL won't make it the promoted table's owner, so dbt builds it.`,
      );
    } else if (row.column_privileges === true) {
      block(
        "privileges_not_kept",
        `Prod's ${shown} has column privileges, which ODS does not copy to a promoted table: dbt builds it.`,
      );
    } else if (row.row_security === true) {
      block(
        "privileges_not_kept",
        `Prod's ${shown} has row-level security, which ODS does not copy to a promoted table: dbt builds it.`,
      );
    } else {
      const views = (row.materialized as Array<Record<string, unknown>> | null) ?? [];
      for (const view of views) {
        const name = String(view.name);
        const reason =
          view.can_use !== true || view.can_become !== true
            ? `is owned by role ${String(view.owner)}, which ${me} is not a member of, so ODS can't recreate it over the promoted table`
            : view.owner_creates !== true
              ? `is owned by role ${String(view.owner)}, which has no CREATE privilege on its schema, so ODS can't recreate it with that owner`
              : view.column_privileges === true
                ? "has column privileges, which ODS does not copy when it recreates it"
                : view.read_by
                  ? `is read by ${String(view.read_by)}, which ODS would have to recreate too`
                  : null;
        if (reason) {
          block(
            "materialized_view_not_kept",
            `The materialized view ${name} reads prod's ${shown} and ${reason}: dbt builds ${target.identifier} instead.`,
          );
          break;
        }
      }
    }
  }
  return out;
}
