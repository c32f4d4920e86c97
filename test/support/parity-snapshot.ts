/**
 * What a run of the lifecycle leaves behind, in a form two runs can be
 * compared by (the action-vs-CLI parity test, issue 38): the state
 * database's rows (snapshots with their nodes, heads, the run ledger), the
 * environment registry's rows, and the warehouse's catalog (schemas,
 * relations, their kinds, rows (counted and digested) and what each view
 * reads). Only the values named in
 * WALL_CLOCK_KEYS (when a row was written) and the ids the store derives
 * from them are left out (a reading, not its absence: null stays null; a
 * promotion's retain_until is compared as its retention, the days after its
 * created_at): snapshot ids become their order in the file
 * (`snapshot#1`…), everywhere they appear, and the random ids of
 * promotions (uuids) become `promotion#1`…, also inside the names and
 * marks made of them (`orders__ods_r_<8 hex>`, `mark:promotion:<uuid>:0`);
 * the random identities the registry marks an environment's objects with
 * (`mark:env:<32 hex>`) become `mark:env`, and PostgreSQL's object ids
 * (`oid:<n>`, the identity of an object there) become `oid`.
 */
import { createHash } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import type { Session } from "./warehouse/sessions.js";

/**
 * Values that are the wall clock's reading when a step ran (the two runs
 * run one after the other, so these differ): nothing else is ignored.
 */
export const WALL_CLOCK_KEYS = new Set([
  // state database
  "committed_at",
  "moved_at",
  "recorded_at",
  "applied_at",
  "created_at",
  "planned_at",
  // registry
  "updated_at",
  "closed_at",
  "removed_at",
  "promoted_at",
  "switched_at",
  "lease_until",
]);

/** A clock reading as compared: `<clock>`, or null when there is none (an environment not closed is not one closed). */
const clockReading = (value: unknown) => (value === null || value === undefined ? value : "<clock>");

/**
 * A promotion's retain_until is the wall clock plus the retention: it is
 * compared as the retention, the days after the row's created_at.
 */
function retention(row: Row): unknown {
  if (row.retain_until === null || row.retain_until === undefined) return row.retain_until;
  const days = (Date.parse(String(row.retain_until)) - Date.parse(String(row.created_at))) / 86_400_000;
  return Number.isFinite(days)
    ? `created_at + ${days} days`
    : `<clock>, unreadable: ${String(row.retain_until)}`;
}

type Row = Record<string, unknown>;

/** Each promotion's uuid (and its first 8 hex digits, as relation names carry it) as `promotion#n`, by creation. */
async function promotionIds(session: Session, metaSchema: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const rows = await session
    .rows(`select id from "${metaSchema}"."promotions" order by created_at, id`)
    .catch(() => [] as Row[]);
  rows.forEach((row, i) => {
    ids.set(String(row.id), `promotion#${i + 1}`);
    ids.set(String(row.id).slice(0, 8), `promotion#${i + 1}`);
  });
  return ids;
}

/** Replaces wall-clock values (at any depth, JSON text included) and snapshot ids. */
function normalise(value: unknown, ids: Map<string, string>): unknown {
  if (typeof value === "string") {
    if (ids.has(value)) return ids.get(value);
    if (/^mark:env:[0-9a-f]{32}$/.test(value)) return "mark:env";
    if (/^oid:[0-9]+$/.test(value)) return "oid";
    // The staged, retired and undone tables of a promotion are named after it.
    const named = /__ods_[a-z]_([0-9a-f]{8})$/.exec(value);
    if (named && ids.has(named[1]!)) return value.replace(named[1]!, ids.get(named[1]!)!);
    const uuid = /^mark:promotion:([0-9a-f-]{36}):/.exec(value);
    if (uuid && ids.has(uuid[1]!)) return value.replace(uuid[1]!, ids.get(uuid[1]!)!);
    if ((value.startsWith("{") || value.startsWith("[")) && value.length > 1) {
      try {
        return normalise(JSON.parse(value), ids);
      } catch {
        return value;
      }
    }
    return value;
  }
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value)) return value.map((item) => normalise(item, ids));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Row)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, item]) => [
          key,
          key === "retain_until"
            ? retention(value as Row)
            : WALL_CLOCK_KEYS.has(key)
              ? clockReading(item)
              : normalise(item, ids),
        ]),
    );
  }
  return value;
}

const sortRows = (rows: unknown[]) =>
  rows
    .map((row) => JSON.stringify(row))
    .sort()
    .map((text) => JSON.parse(text) as unknown);

/**
 * The state database's snapshots (nodes resolved), heads and run ledger.
 * A pending promotion (`ods-state env promote --state`: a snapshot no run
 * produced, with its parent's run, that `ods-state record` then records the
 * run over; the action hands its promotion to the post step instead) is
 * listed apart, in `pendingPromotions` (the nodes it promoted), and the
 * snapshot recorded over it names its parent as its own.
 */
export function stateContents(file: string): Record<string, unknown> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const all = db.prepare("SELECT * FROM snapshots ORDER BY seq").all() as Row[];
    const produced = new Set(
      (db.prepare("SELECT snapshot_id FROM runs").all() as Row[]).map((row) => String(row.snapshot_id)),
    );
    const byId = new Map(all.map((row) => [String(row.id), row]));
    const isPending = (row: Row) =>
      !produced.has(String(row.id)) &&
      row.parent !== null &&
      byId.get(String(row.parent))?.run_id === row.run_id;
    const pending = all.filter(isPending);
    const snapshots = all.filter((row) => !isPending(row));
    const ids = new Map(snapshots.map((row, i) => [String(row.id), `snapshot#${i + 1}`]));
    const entries = new Map(
      (db.prepare("SELECT id, body FROM entries").all() as Row[]).map((row) => [
        Number(row.id),
        JSON.parse(String(row.body)) as [string, Row],
      ]),
    );
    const nodesOf = (row: Row) => (JSON.parse(String(row.entries)) as number[]).map((id) => entries.get(id)!);
    const pendingIds = new Map(pending.map((row) => [String(row.id), String(row.parent)]));
    const snapshotRows = snapshots.map(({ seq: _seq, digest: _digest, entries: _entries, ...row }, i) => ({
      ...row,
      parent: pendingIds.get(String(row.parent)) ?? row.parent,
      // The digest seals the header, whose created_at is the clock's: the nodes themselves are compared.
      nodes: nodesOf(snapshots[i]!),
    }));
    const pendingPromotions = pending.map((row) => {
      const before = new Map(
        nodesOf(byId.get(String(row.parent))!).map(([id, node]) => [id, node.promoted_by]),
      );
      return nodesOf(row)
        .filter(([id, node]) => node.promoted_by !== undefined && before.get(id) !== node.promoted_by)
        .map(([id]) => id);
    });
    const heads = db.prepare("SELECT * FROM heads ORDER BY scope").all() as Row[];
    const runs = (db.prepare("SELECT * FROM runs ORDER BY seq").all() as Row[]).map(
      ({ seq: _seq, ...row }) => row,
    );
    return {
      ...(normalise({ snapshots: snapshotRows, heads, runs }, ids) as Record<string, unknown>),
      pendingPromotions,
    };
  } finally {
    db.close();
  }
}

/** A relation's rows, in any order, as one digest: two tables of as many rows may hold different ones. */
function contentDigest(rows: Row[]): string {
  const lines = rows
    .map((row) =>
      JSON.stringify(
        Object.entries(row).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value),
      ),
    )
    .sort();
  return createHash("sha256").update(lines.join("\n")).digest("hex").slice(0, 16);
}

const SYSTEM_SCHEMAS = ["information_schema", "pg_catalog", "pg_toast"];

/** Every table of the registry's schema, its rows sorted. */
export async function registryContents(session: Session, metaSchema = "ods_meta"): Promise<Row> {
  const ids = await promotionIds(session, metaSchema);
  const tables = await session.rows(
    "select table_name from information_schema.tables where table_schema = $1 order by table_name",
    [metaSchema],
  );
  const contents: Row = {};
  for (const { table_name } of tables) {
    const rows = await session.rows(`select * from "${metaSchema}"."${String(table_name)}"`);
    contents[String(table_name)] = sortRows(rows.map((row) => normalise(row, ids)));
  }
  return contents;
}

/** Schemas, relations (kind, row count, a digest of the rows, what a view reads) of the warehouse, the registry's schema and the system's left out. */
export async function catalogContents(session: Session, metaSchema = "ods_meta"): Promise<Row> {
  const ids = await promotionIds(session, metaSchema);
  const relations = await session.rows(
    "select table_schema, table_name, table_type from information_schema.tables order by 1, 2",
  );
  // What each view reads (its definition as the engine keeps it): two views of as many rows may read different relations.
  const views = new Map(
    (
      await session.rows("select table_schema, table_name, view_definition from information_schema.views")
    ).map((row) => [`${String(row.table_schema)}.${String(row.table_name)}`, String(row.view_definition)]),
  );
  const catalog: Row = {};
  for (const relation of relations) {
    const schema = String(relation.table_schema);
    if (schema === metaSchema || SYSTEM_SCHEMAS.includes(schema) || schema.startsWith("pg_")) continue;
    const name = String(relation.table_name);
    let rows: unknown;
    let content: unknown;
    try {
      const all = await session.rows(`select * from "${schema}"."${name}"`);
      rows = all.length;
      content = contentDigest(all);
    } catch (error) {
      rows = `unreadable: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
    }
    // A replaced prod table kept for rollback is named after its promotion: `<name>__ods_r_<8 hex of its id>`.
    const shown = normalise(name, ids) as string;
    const key = `${schema}.${name}`;
    catalog[`${schema}.${shown}`] = {
      kind: relation.table_type,
      rows,
      content,
      ...(views.has(key) ? { reads: normalise(views.get(key), ids) } : {}),
    };
  }
  const schemas = await session.rows("select schema_name from information_schema.schemata order by 1");
  catalog["(schemas)"] = schemas
    .map((row) => String(row.schema_name))
    .filter((schema) => !SYSTEM_SCHEMAS.includes(schema) && !schema.startsWith("pg_"));
  return catalog;
}
