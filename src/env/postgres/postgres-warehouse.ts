/**
 * PostgreSQL through `pg`, one client connection.
 *
 * Capabilities: transactional DDL (a whole promotion commits at once),
 * `ALTER TABLE … SET SCHEMA` (a table moves between schemas without a copy,
 * with its indexes, constraints and grants). Names are case-sensitive when
 * quoted (ODS quotes every one) and at most 63 bytes: PostgreSQL would
 * silently cut a longer name, so it is refused. Views are bound to the table
 * they read when created (by object, not name): a view follows its table
 * through a rename or a move. So when a table is replaced under its name,
 * the views that read it are recreated from their definitions in the same
 * transaction (`CREATE OR REPLACE VIEW`, which keeps the view, its grants
 * and the views that read it); a view whose columns are gone from the new
 * table is left reading the replaced table, and reported. The new table
 * takes the replaced one's owner and privileges, and materialized views over
 * the replaced table are created again over the new one (postgres-keep.ts).
 * A table's identity is its OID (kept through renames, new for every table).
 */
import type { Client, ClientConfig } from "pg";
import { UserError } from "../../errors/user-error.js";
import type { QualifiedName } from "../names.js";
import { SqlWarehouse, type StatementResult } from "../sql-warehouse.js";
import type {
  RecordRow,
  RecordTable,
  RecordValue,
  ReplaceBlocker,
  ReplaceOutcome,
  WarehouseCapabilities,
  WarehouseObject,
} from "../warehouse.js";
import {
  blockers,
  keepAccess,
  materializedViewsOf,
  oidOf,
  type Run,
  recreateMaterializedView,
  tableAt,
} from "./postgres-keep.js";

export const POSTGRES_CAPABILITIES: WarehouseCapabilities = {
  engine: "postgres",
  transactional_ddl: true,
  atomic_multi_pointer: true,
  clone: false,
  rename_across_schemas: true,
  views_bind_by: "object",
  grants: true,
  identifiers: { case_sensitive: true, max_length: 63, length_unit: "bytes" },
};

/** `postgres://user:secret@host:5432/db?…` without user, password and parameters. */
export function redactPostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const port = parsed.port ? `:${parsed.port}` : "";
    return `postgres://${parsed.hostname}${port}${parsed.pathname}`;
  } catch {
    return "postgres://(unparsable)";
  }
}

export class PostgresWarehouse extends SqlWarehouse {
  readonly capabilities = POSTGRES_CAPABILITIES;
  readonly label: string;
  private readonly client: Client;
  private readonly ownsClient: boolean;
  private savepoints = 0;

  private constructor(client: Client, label: string, ownsClient: boolean) {
    super();
    this.client = client;
    this.label = label;
    this.ownsClient = ownsClient;
  }

  /** Connects with a connection string; the string is a secret and is not kept. */
  static async connect(connectionString: string): Promise<PostgresWarehouse> {
    const label = redactPostgresUrl(connectionString);
    const pg = (await import("pg")).default;
    const config: ClientConfig = { connectionString, application_name: "ods-state" };
    const client = new pg.Client(config);
    // A failing connection must not surface as an unhandled 'error' event.
    client.on("error", () => {});
    try {
      await client.connect();
    } catch (error) {
      throw new UserError(
        "warehouse_unavailable",
        `Can't connect to PostgreSQL at ${label}: ${error instanceof Error ? error.message : String(error)}.`,
      );
    }
    return new PostgresWarehouse(client, label, true);
  }

  /** Over a client the caller owns and has connected; close() leaves it open. */
  static fromClient(client: Client, label = "postgres"): PostgresWarehouse {
    return new PostgresWarehouse(client, label, false);
  }

  protected async run(sql: string, params: readonly RecordValue[] = []): Promise<StatementResult> {
    const result = await this.client.query(sql, params as unknown[]);
    return { rows: result.rows as Record<string, unknown>[], changed: result.rowCount ?? 0 };
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.client.end();
  }

  async listSchemas(): Promise<string[]> {
    const result = await this.run(
      "SELECT nspname FROM pg_catalog.pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' ORDER BY 1",
    );
    return result.rows.map((row) => String(row.nspname));
  }

  async listObjects(schemas: readonly string[]): Promise<WarehouseObject[]> {
    if (schemas.length === 0) return [];
    const result = await this.client.query(
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

  async stageTable(source: QualifiedName, target: QualifiedName): Promise<"moved" | "copied"> {
    await this.transaction(async () => {
      if (source.schema === target.schema) {
        await this.renameTable(source, target.identifier);
        return;
      }
      // Rename in whichever schema the new name is free: the source's first, else after the move.
      const taken = await this.run(
        `SELECT count(*)::int AS n FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = $1 AND c.relname = $2`,
        [source.schema, target.identifier],
      );
      const renameFirst = source.identifier !== target.identifier && Number(taken.rows[0]?.n ?? 0) === 0;
      if (renameFirst) await this.renameTable(source, target.identifier);
      const moving = renameFirst ? { schema: source.schema, identifier: target.identifier } : source;
      await this.run(`ALTER TABLE ${this.qualified(moving)} SET SCHEMA ${this.q(target.schema, "schema")}`);
      if (!renameFirst && source.identifier !== target.identifier) {
        await this.renameTable({ schema: target.schema, identifier: source.identifier }, target.identifier);
      }
    });
    return "moved";
  }

  /** Views reading the table, with definitions whose every name is schema-qualified. */
  private async dependentViews(
    target: QualifiedName,
  ): Promise<{ schema: string; name: string; definition: string }[]> {
    await this.run("SET LOCAL search_path = ''");
    const result = await this.run(
      `SELECT DISTINCT vn.nspname AS schema_name, v.relname AS name, pg_catalog.pg_get_viewdef(v.oid) AS definition
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
    }));
  }

  private readonly runAny: Run = (sql, params) => this.run(sql, params as RecordValue[] | undefined);
  private readonly quote = (name: string, what: string) => this.q(name, what);

  async replaceTable(
    target: QualifiedName,
    replacement: string,
    retired: string | null,
  ): Promise<ReplaceOutcome> {
    const outcome: ReplaceOutcome = { rebound: [], left: [], materialized: [], kept: [] };
    await this.transaction(async () => {
      const replaced = retired !== null ? await tableAt(this.runAny, target) : null;
      // Only a table something reads needs definitions (read before the rename: pg_get_viewdef would
      // name the retired table after it), under an empty search_path so that every name is qualified.
      const readers = replaced?.read === true;
      const views = readers ? await this.dependentViews(target) : [];
      const materialized = readers ? await materializedViewsOf(this.runAny, replaced.oid) : [];
      if (retired !== null) await this.renameTable(target, retired);
      await this.renameTable({ schema: target.schema, identifier: replacement }, target.identifier);
      if (replaced !== null) {
        const now = await tableAt(this.runAny, target);
        if (now === null) throw new Error(`${target.schema}.${target.identifier} is not a table`);
        const sql = this.qualified(target);
        const privileges = await keepAccess(
          this.runAny,
          this.quote,
          "TABLE",
          now.oid,
          sql,
          replaced.access,
          now.access,
        );
        outcome.kept.push({
          table: `${target.schema}.${target.identifier}`,
          owner: replaced.access.owner,
          privileges,
        });
      }
      for (const view of views) {
        const name = `${this.q(view.schema, "schema")}.${this.q(view.name, "view name")}`;
        const savepoint = `ods_rebind_${++this.savepoints}`;
        await this.run(`SAVEPOINT ${savepoint}`);
        try {
          // The definition is PostgreSQL's own rendering of the view (pg_get_viewdef), names schema-qualified.
          await this.run(`CREATE OR REPLACE VIEW ${name} AS ${view.definition.replace(/;\s*$/, "")}`);
          await this.run(`RELEASE SAVEPOINT ${savepoint}`);
          outcome.rebound.push(`${view.schema}.${view.name}`);
        } catch (error) {
          await this.run(`ROLLBACK TO SAVEPOINT ${savepoint}`);
          outcome.left.push({
            view: `${view.schema}.${view.name}`,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
      for (const view of materialized) {
        const savepoint = `ods_rebind_${++this.savepoints}`;
        await this.run(`SAVEPOINT ${savepoint}`);
        try {
          await recreateMaterializedView(this.runAny, this.quote, view);
          await this.run(`RELEASE SAVEPOINT ${savepoint}`);
          outcome.materialized.push(`${view.schema}.${view.name}`);
        } catch (error) {
          await this.run(`ROLLBACK TO SAVEPOINT ${savepoint}`);
          outcome.left.push({
            view: `${view.schema}.${view.name}`,
            error: `materialized view not recreated: ${error instanceof Error ? error.message : String(error)}`,
          });
        }
      }
      if (readers) await this.run("SET LOCAL search_path TO DEFAULT");
    });
    return outcome;
  }

  async replaceBlockers(targets: readonly QualifiedName[]): Promise<ReplaceBlocker[]> {
    return blockers(this.runAny, targets);
  }

  async tableIdentity(name: QualifiedName): Promise<string | null> {
    const oid = await oidOf(this.runAny, name);
    return oid === null ? null : `oid:${oid}`;
  }

  async markTable(name: QualifiedName, _mark: string): Promise<string> {
    const identity = await this.tableIdentity(name);
    if (identity === null) {
      throw new UserError(
        "warehouse_error",
        `The table ${name.schema}.${name.identifier} doesn't exist, so it can't be marked.`,
      );
    }
    return identity;
  }

  async hasRecordTable(schema: string, table: string): Promise<boolean> {
    const result = await this.run(
      `SELECT count(*)::int AS n FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ('r', 'p')`,
      [schema, table],
    );
    return Number(result.rows[0]?.n ?? 0) > 0;
  }

  protected recordTableDdl(schema: string, table: RecordTable): string {
    const key = table.key.map((name) => this.q(name, "column")).join(", ");
    return `CREATE TABLE IF NOT EXISTS ${this.tableName(schema, table)} (${this.recordColumns(table)}, PRIMARY KEY (${key}))`;
  }

  async upsertRecord(schema: string, table: RecordTable, row: RecordRow): Promise<void> {
    const names = Object.keys(row);
    for (const name of table.key)
      if (!names.includes(name)) throw new Error(`upsert into ${table.name} without key ${name}`);
    const columns = names.map((name) => this.q(name, "column"));
    const updates = names
      .filter((name) => !table.key.includes(name))
      .map((name) => `${this.q(name, "column")} = EXCLUDED.${this.q(name, "column")}`);
    const key = table.key.map((name) => this.q(name, "column")).join(", ");
    const action = updates.length > 0 ? `DO UPDATE SET ${updates.join(", ")}` : "DO NOTHING";
    await this.run(
      `INSERT INTO ${this.tableName(schema, table)} (${columns.join(", ")}) VALUES (${names.map((_, i) => `$${i + 1}`).join(", ")}) ON CONFLICT (${key}) ${action}`,
      names.map((name) => row[name] ?? null),
    );
  }
}
