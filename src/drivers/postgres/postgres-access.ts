/**
 * Access is never widened (issue 37, docs/environments.md "Access is never
 * widened"): what the PostgreSQL adapter reads and changes so that nothing
 * it makes in a pull request's environment lets anyone read more of prod
 * than prod lets them.
 *
 * - Pointer views check their reader's rights: `security_invoker` (PostgreSQL
 *   15 and later), so reading one takes the reader's own privileges on prod's
 *   table and the row-level security policies that apply to the reader, not
 *   the view owner's, the CI role's. A server before 15 has no such views:
 *   every pointer view is refused (`pointerRefusals`), never made reading
 *   with the CI role's rights. `ownerRightsViews` finds the pointer views an
 *   older ods-state made without it, so that they are made again.
 * - A copy (an incremental model's start) is never made of a table under
 *   row-level security (enabled, forced, or with policies) or with column
 *   privileges (`readControls`): ODS can't give the copy the same policies
 *   and column privileges faithfully (a policy names roles and functions of
 *   prod's owner, and the copy's owner, the CI role, would bypass it), so
 *   dbt builds the model from nothing instead.
 * - A copy's privileges are never wider than the source's: its owner (the
 *   CI role) gets the privileges its default privileges give, and any of
 *   them whose holder lacks it on the source table is revoked
 *   (`narrowCopyPrivileges`).
 *
 * Every value is a bound parameter; names are quoted by the caller's quote.
 */
import type { QualifiedName } from "../../warehouse/names.js";
import type { ReadControl } from "../../warehouse/warehouse.js";
import type { Quote, Run } from "./postgres-keep.js";

/** The first server version with `security_invoker` views. */
export const SECURITY_INVOKER_VERSION = 150000;

/** `server_version_num` as a number (e.g. 150007). */
export async function serverVersion(run: Run): Promise<number> {
  const result = await run("SELECT pg_catalog.current_setting('server_version_num')::int AS version");
  return Number(result.rows[0]?.version ?? 0);
}

/** The version as people read it: 140012 → "14", 90624 → "9.6". */
export function showVersion(version: number): string {
  const major = Math.floor(version / 10000);
  return major >= 10 ? String(major) : `${major}.${Math.floor(version / 100) % 100}`;
}

/** Why no pointer view can be made on this server, or null when its views can check their reader's rights. */
export function pointerViewsUnsafe(version: number): string | null {
  if (version >= SECURITY_INVOKER_VERSION) return null;
  return `PostgreSQL ${showVersion(version)} has no views that check their reader's rights (security_invoker needs PostgreSQL 15): a pointer view would read prod with the CI role's privileges and row-level security policies, so whoever may read it would read what the CI role reads`;
}

/** The SQL that is true when a reloption's text value is one PostgreSQL parses as true. */
const TRUE_VALUE = "lower(o.option_value) IN ('t', 'tr', 'tru', 'true', 'y', 'ye', 'yes', 'on', '1')";

/** Of these views, those without `security_invoker` set to true, by `schema\u0000name`. */
export async function ownerRightsViews(run: Run, views: readonly QualifiedName[]): Promise<Set<string>> {
  const out = new Set<string>();
  if (views.length === 0) return out;
  const result = await run(
    `SELECT t.schema_name, t.name
       FROM unnest($1::text[], $2::text[]) AS t(schema_name, name)
       JOIN pg_catalog.pg_namespace n ON n.nspname = t.schema_name
       JOIN pg_catalog.pg_class c ON c.relnamespace = n.oid AND c.relname = t.name AND c.relkind = 'v'
      WHERE NOT EXISTS (SELECT 1 FROM pg_catalog.pg_options_to_table(c.reloptions) o
                         WHERE o.option_name = 'security_invoker' AND ${TRUE_VALUE})`,
    [views.map((view) => view.schema), views.map((view) => view.identifier)],
  );
  for (const row of result.rows) out.add(`${String(row.schema_name)}\u0000${String(row.name)}`);
  return out;
}

/**
 * For each of these tables (plain or partitioned), what limits reading it
 * beyond table privileges: row-level security (enabled, forced, or policies
 * defined), and column privileges (a grant on some columns only).
 */
export async function readControls(run: Run, tables: readonly QualifiedName[]): Promise<ReadControl[]> {
  if (tables.length === 0) return [];
  const result = await run(
    `SELECT t.schema_name, t.name, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
       (SELECT string_agg(pg_catalog.quote_ident(p.polname), ', ' ORDER BY p.polname)
          FROM pg_catalog.pg_policy p WHERE p.polrelid = c.oid) AS policies,
       (SELECT string_agg(pg_catalog.quote_ident(a.attname), ', ' ORDER BY a.attnum)
          FROM pg_catalog.pg_attribute a
         WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attacl IS NOT NULL) AS columns
       FROM unnest($1::text[], $2::text[]) AS t(schema_name, name)
       JOIN pg_catalog.pg_namespace n ON n.nspname = t.schema_name
       JOIN pg_catalog.pg_class c ON c.relnamespace = n.oid AND c.relname = t.name AND c.relkind IN ('r', 'p')
      ORDER BY 1, 2`,
    [tables.map((table) => table.schema), tables.map((table) => table.identifier)],
  );
  const out: ReadControl[] = [];
  for (const row of result.rows) {
    const table = { schema: String(row.schema_name), identifier: String(row.name) };
    const policies = row.policies === null || row.policies === undefined ? null : String(row.policies);
    if (row.enabled === true || row.forced === true || policies !== null) {
      const state = row.forced === true ? "forced" : row.enabled === true ? "enabled" : "not enabled";
      out.push({
        table,
        kind: "row_security",
        detail: `row-level security ${state}${policies === null ? ", no policy (no row visible but to its owner)" : `, policies ${policies}`}`,
      });
    }
    if (row.columns !== null && row.columns !== undefined) {
      out.push({ table, kind: "column_privileges", detail: `column privileges on ${String(row.columns)}` });
    }
  }
  return out;
}

/**
 * Revokes every privilege on the copy `target` whose holder (a role, or
 * PUBLIC) doesn't have it on `source`, and every grant option whose holder
 * can't grant it there; the copy's owner keeps its own. Returns what was
 * taken back (`grantee:PRIVILEGE`, PUBLIC as `PUBLIC`).
 */
export async function narrowCopyPrivileges(
  run: Run,
  q: Quote,
  source: QualifiedName,
  target: QualifiedName,
): Promise<string[]> {
  const result = await run(
    `WITH s AS (SELECT c.oid, c.relacl, c.relowner FROM pg_catalog.pg_class c
                  JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relname = $2),
          t AS (SELECT c.oid, c.relacl, c.relowner FROM pg_catalog.pg_class c
                  JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $3 AND c.relname = $4),
          held AS (SELECT DISTINCT a.grantee, a.privilege_type, a.is_grantable
                     FROM t, pg_catalog.aclexplode(coalesce(t.relacl, pg_catalog.acldefault('r', t.relowner))) a
                    WHERE a.grantee <> t.relowner),
          judged AS (SELECT h.grantee, h.privilege_type, h.is_grantable,
                       CASE WHEN h.grantee = 0
                            THEN EXISTS (SELECT 1 FROM s, pg_catalog.aclexplode(coalesce(s.relacl, pg_catalog.acldefault('r', s.relowner))) p
                                          WHERE p.grantee = 0 AND p.privilege_type = h.privilege_type)
                            ELSE (SELECT pg_catalog.has_table_privilege(h.grantee, s.oid, h.privilege_type) FROM s) END AS may,
                       CASE WHEN h.grantee = 0 THEN false
                            ELSE (SELECT pg_catalog.has_table_privilege(h.grantee, s.oid, h.privilege_type || ' WITH GRANT OPTION') FROM s) END AS may_grant
                     FROM held h)
     SELECT CASE WHEN grantee = 0 THEN '' ELSE pg_catalog.pg_get_userbyid(grantee) END AS grantee,
            privilege_type, NOT may AS revoke, (may AND is_grantable AND NOT may_grant) AS revoke_option
       FROM judged WHERE NOT may OR (is_grantable AND NOT may_grant)
      ORDER BY 1, 2`,
    [source.schema, source.identifier, target.schema, target.identifier],
  );
  const table = `${q(target.schema, "schema")}.${q(target.identifier, "relation name")}`;
  const taken: string[] = [];
  for (const row of result.rows) {
    const grantee = String(row.grantee);
    const privilege = String(row.privilege_type);
    if (!/^[A-Z]+$/.test(privilege)) throw new Error(`unexpected privilege ${privilege}`);
    const role = grantee === "" ? "PUBLIC" : q(grantee, "role");
    if (row.revoke === true) {
      await run(`REVOKE ${privilege} ON TABLE ${table} FROM ${role}`);
      taken.push(`${grantee === "" ? "PUBLIC" : grantee}:${privilege}`);
    } else if (row.revoke_option === true) {
      await run(`REVOKE GRANT OPTION FOR ${privilege} ON TABLE ${table} FROM ${role}`);
      taken.push(`${grantee === "" ? "PUBLIC" : grantee}:${privilege} WITH GRANT OPTION`);
    }
  }
  return taken;
}
