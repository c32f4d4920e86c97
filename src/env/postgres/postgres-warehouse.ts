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
 * A promotion reads all of this for all of its tables at once, up front
 * (`prepareReplacements`), and checks the privileges it took from that read
 * at the end of its transaction (`checkReplacements`).
 */
import { createHash } from "node:crypto";
import type { Client, ClientConfig } from "pg";
import { UserError } from "../../errors/user-error.js";
import { type QualifiedName, qualifiedKey, sameName } from "../names.js";
import { SqlWarehouse, type StatementResult } from "../sql-warehouse.js";
import { DEFAULT_TIMEOUTS, type WarehouseTimeouts } from "../timeouts.js";
import type {
  RecordRow,
  RecordTable,
  ReplaceBlocker,
  ReplaceOutcome,
  WarehouseCapabilities,
  WarehouseObject,
} from "../warehouse.js";
import { type FailureContext, timeoutError, warehouseFailure } from "../warehouse-errors.js";
import {
  type Access,
  accessOfOids,
  blockers,
  keepAccess,
  type MaterializedView,
  materializedViewsOf,
  oidOf,
  privilegeSet,
  type Run,
  readersOf,
  recreateMaterializedView,
  sameAccess,
  tableAt,
  tablesAt,
} from "./postgres-keep.js";

type ViewDefinition = { schema: string; name: string; definition: string };

/**
 * What `prepareReplacements` read ahead for one replacement: the prod table
 * and its readers (with the OIDs each reader reads), and the environment's
 * table that will take its name.
 */
interface ReadAhead {
  replaced: { oid: string; access: Access; read: boolean } | null;
  views: (ViewDefinition & { reads: string[] })[];
  materialized: (MaterializedView & { reads: string[] })[];
  source: QualifiedName;
  replacement: { oid: string; access: Access };
  /** The name the source is staged under, and whether a relation had it in the source's schema (stageTable). */
  staged: { identifier: string; taken: boolean } | null;
}

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

/** The prepared statement's name for a statement text: `ods_` and 24 hex digits of its SHA-256. */
function statementName(sql: string): string {
  return `ods_${createHash("sha256").update(sql).digest("hex").slice(0, 24)}`;
}

/** Advisory lock class of ODS's creation locks (`pg_advisory_xact_lock(class, hashtext(key))`). */
const CREATION_LOCK_CLASS = 0x0d5;
/** How long a statement the server never answers may take beyond the statement timeout. */
const NO_ANSWER_GRACE_MS = 30_000;

export class PostgresWarehouse extends SqlWarehouse {
  readonly capabilities = POSTGRES_CAPABILITIES;
  readonly label: string;
  private readonly client: Client;
  private readonly ownsClient: boolean;
  /** Null over a caller's client: its session settings are the caller's. */
  private readonly timeouts: WarehouseTimeouts | null;
  private savepoints = 0;
  /** The connection was closed under ODS (lost, or closed after the server stopped answering). */
  private broken = false;
  /**
   * Read ahead by `prepareReplacements` for the transaction under way, by
   * the target's key; each is used once, by `replaceTable`, and only while
   * it is provably what reading it then would give (see `readAheadFor`).
   */
  private readonly readAhead = new Map<string, ReadAhead>();
  /** The environment's table (key) each read-ahead replacement will take from (stageTable records the move). */
  private readonly staged = new Map<string, string>();
  /** OIDs of relations renamed or moved in this transaction, and views recreated (or left) by a replacement. */
  private readonly renamedOids = new Set<string>();
  private readonly touchedViews = new Set<string>();
  /** Replacements whose privileges were taken as read ahead: checked at once by `checkReplacements`. */
  private readonly toCheck: { target: QualifiedName; oid: string; wanted: Access }[] = [];
  /** The table `replaceTable` just put at a name, when nothing has run since (markTable's identity). */
  private justReplaced: { key: string; oid: string } | null = null;

  private constructor(
    client: Client,
    label: string,
    ownsClient: boolean,
    timeouts: WarehouseTimeouts | null,
  ) {
    super();
    this.client = client;
    this.label = label;
    this.ownsClient = ownsClient;
    this.timeouts = timeouts;
  }

  /** Connects with a connection string; the string is a secret and is not kept. */
  static async connect(
    connectionString: string,
    timeouts: WarehouseTimeouts = DEFAULT_TIMEOUTS,
  ): Promise<PostgresWarehouse> {
    const label = redactPostgresUrl(connectionString);
    const pg = (await import("pg")).default;
    const config: ClientConfig = {
      connectionString,
      application_name: "ods-state",
      // A peer that vanished without closing the connection is found by TCP keepalive.
      keepAlive: true,
      keepAliveInitialDelayMillis: 30_000,
      ...(timeouts.connectMs > 0 ? { connectionTimeoutMillis: timeouts.connectMs } : {}),
    };
    const client = new pg.Client(config);
    // A failing connection must not surface as an unhandled 'error' event.
    client.on("error", () => {});
    const context: FailureContext = { engine: "postgres", label, timeouts, sql: "connecting" };
    const started = Date.now();
    try {
      await client.connect();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (
        timeouts.connectMs > 0 &&
        Date.now() - started >= timeouts.connectMs - 100 &&
        /timeout/i.test(message)
      )
        throw timeoutError(
          "connect",
          context,
          "the server did not accept the connection or answer its handshake",
        );
      const mapped = warehouseFailure(error, context);
      if (mapped?.code === "warehouse_permission_denied") throw mapped;
      throw new UserError("warehouse_unavailable", `Can't connect to PostgreSQL at ${label}: ${message}.`);
    }
    const warehouse = new PostgresWarehouse(client, label, true, timeouts);
    try {
      await warehouse.run(
        "SELECT pg_catalog.set_config('statement_timeout', $1, false), pg_catalog.set_config('lock_timeout', $2, false)",
        [String(timeouts.statementMs), String(timeouts.lockMs)],
      );
    } catch (error) {
      await warehouse.close();
      throw error;
    }
    return warehouse;
  }

  /** Over a client the caller owns and has connected; close() leaves it open. */
  static fromClient(client: Client, label = "postgres"): PostgresWarehouse {
    return new PostgresWarehouse(client, label, false, null);
  }

  private failureContext(sql: string): FailureContext {
    return { engine: "postgres", label: this.label, timeouts: this.timeouts ?? DEFAULT_TIMEOUTS, sql };
  }

  /** Closes the socket at once: the server stopped answering or the connection is gone. */
  private breakConnection(): void {
    this.broken = true;
    (
      this.client as unknown as { connection?: { stream?: { destroy(): void } } }
    ).connection?.stream?.destroy();
  }

  protected async run(sql: string, params: readonly unknown[] = []): Promise<StatementResult> {
    this.justReplaced = null;
    if (this.broken) {
      throw new UserError(
        "warehouse_connection_lost",
        `The connection to ${this.label} was already closed when ODS ran ${sql.replace(/\s+/g, " ").slice(0, 60)}.`,
      );
    }
    const statementMs = this.timeouts?.statementMs ?? 0;
    const deadline = statementMs > 0 ? statementMs + Math.min(statementMs, NO_ANSWER_GRACE_MS) : 0;
    // A statement with parameters (the registry's reads and writes, catalog queries) is a named prepared
    // statement named after its text: PostgreSQL parses and plans it once per connection, not once per row
    // (their texts are few: values are parameters). Statements without parameters (DDL, whose quoted names
    // are in the text; batches of them) go as they are.
    const query =
      params.length > 0
        ? this.client.query({ name: statementName(sql), text: sql, values: params as unknown[] })
        : this.client.query(sql);
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    try {
      const result =
        deadline > 0
          ? await Promise.race([
              query,
              new Promise<never>((_, reject) => {
                timer = setTimeout(() => {
                  timedOut = true;
                  this.breakConnection();
                  reject(new Error("no answer from the server"));
                }, deadline);
              }),
            ])
          : await query;
      return { rows: result.rows as Record<string, unknown>[], changed: result.rowCount ?? 0 };
    } catch (error) {
      query.catch(() => {});
      const mapped = warehouseFailure(error, this.failureContext(sql), { timedOut });
      if (mapped?.code === "warehouse_connection_lost") this.breakConnection();
      throw mapped ?? error;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (!this.ownsClient) return;
    if (this.broken) {
      this.breakConnection();
      return;
    }
    // A server that stopped answering must not hang the end of the job either.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.client.end().catch(() => {}),
      new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          this.breakConnection();
          resolve();
        }, 5000);
      }),
    ]);
    clearTimeout(timer);
  }

  /** A transaction-scoped lock on `key` (released at COMMIT or ROLLBACK): concurrent creators take turns. */
  private async creationLock(key: string): Promise<void> {
    await this.run("SELECT pg_catalog.pg_advisory_xact_lock($1::int, pg_catalog.hashtext($2))", [
      CREATION_LOCK_CLASS,
      key,
    ]);
  }

  /** A session-level advisory lock on `key` around `work`; released after it, or with the session if that is lost. */
  async exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    const params = [CREATION_LOCK_CLASS, key];
    await this.run("SELECT pg_catalog.pg_advisory_lock($1::int, pg_catalog.hashtext($2))", params);
    try {
      return await work();
    } finally {
      if (!this.broken) {
        await this.run("SELECT pg_catalog.pg_advisory_unlock($1::int, pg_catalog.hashtext($2))", params);
      }
    }
  }

  /** What was read ahead holds only inside the transaction it was read in. */
  override async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.inTransaction) return super.transaction(work);
    try {
      return await super.transaction(work);
    } finally {
      this.forgetReadAhead();
    }
  }

  private forgetReadAhead(): void {
    this.readAhead.clear();
    this.staged.clear();
    this.renamedOids.clear();
    this.touchedViews.clear();
    this.toCheck.length = 0;
  }

  private key(name: QualifiedName): string {
    return qualifiedKey(name, this.capabilities.identifiers);
  }

  /**
   * Inside the transaction of a promotion, before its first stageTable:
   * reads, for all of its replacements at once, what `replaceTable` would
   * read for each (the prod table's OID, owner and privileges; the views and
   * materialized views reading it; the owner and privileges of the
   * environment's table that takes its name): three catalog queries for the
   * promotion instead of five per table. `checkReplacements` checks at the
   * end what was taken from it.
   */
  async prepareReplacements(
    items: readonly { target: QualifiedName; source: QualifiedName; staged?: string }[],
  ): Promise<void> {
    if (!this.inTransaction || items.length === 0) return;
    // What an earlier read left; the transaction's renames, touched views and pending checks stay.
    this.readAhead.clear();
    this.staged.clear();
    const tables = await tablesAt(this.runAny, [
      ...items.map((item) => item.target),
      ...items.map((item) => item.source),
    ]);
    const at = new Map(tables.map((table) => [this.key(table.name), table]));
    const read = tables.filter(
      (table) => table.read && items.some((i) => this.key(i.target) === this.key(table.name)),
    );
    let readers: Awaited<ReturnType<typeof readersOf>> = { views: [], materialized: [] };
    if (read.length > 0) {
      // Definitions with every name schema-qualified (as dependentViews reads them), then the path back.
      await this.run("SET LOCAL search_path = ''");
      readers = await readersOf(
        this.runAny,
        read.map((table) => table.oid),
      );
      await this.run("SET LOCAL search_path TO DEFAULT");
    }
    // Whether each staged name is taken in its source's schema (stageTable renames there first if it is free).
    const named = items.filter(
      (item) => item.staged !== undefined && item.source.schema !== item.target.schema,
    );
    const taken = new Set<string>();
    if (named.length > 0) {
      const result = await this.run(
        `SELECT t.schema_name, t.name FROM unnest($1::text[], $2::text[]) AS t(schema_name, name)
         JOIN pg_catalog.pg_namespace n ON n.nspname = t.schema_name
         JOIN pg_catalog.pg_class c ON c.relnamespace = n.oid AND c.relname = t.name`,
        [named.map((item) => item.source.schema), named.map((item) => item.staged!)],
      );
      for (const row of result.rows)
        taken.add(this.key({ schema: String(row.schema_name), identifier: String(row.name) }));
    }
    for (const item of items) {
      const replaced = at.get(this.key(item.target)) ?? null;
      const replacement = at.get(this.key(item.source));
      if (!replacement) continue;
      this.readAhead.set(this.key(item.target), {
        replaced,
        views: replaced ? readers.views.filter((view) => view.table === replaced.oid) : [],
        materialized: replaced ? readers.materialized.filter((view) => view.table === replaced.oid) : [],
        source: item.source,
        replacement: { oid: replacement.oid, access: replacement.access },
        staged:
          item.staged === undefined || item.source.schema === item.target.schema
            ? null
            : {
                identifier: item.staged,
                taken: taken.has(this.key({ schema: item.source.schema, identifier: item.staged })),
              },
      });
    }
  }

  /**
   * What was read ahead for `target`, if it is still what reading it now
   * would give: the environment's table was moved by stageTable to the name
   * `replacement` (nothing else moved there), no reader of the table was
   * recreated or left by an earlier replacement, and nothing a reader reads
   * was renamed or moved since (its definition names relations by name).
   * Else null, and replaceTable reads it all afresh.
   */
  private readAheadFor(target: QualifiedName, replacement: string): ReadAhead | null {
    const ahead = this.readAhead.get(this.key(target));
    this.readAhead.delete(this.key(target));
    if (!ahead || !this.inTransaction) return null;
    if (
      this.staged.get(this.key({ schema: target.schema, identifier: replacement })) !== this.key(ahead.source)
    )
      return null;
    const readers = [...ahead.views, ...ahead.materialized];
    for (const view of readers) {
      if (this.touchedViews.has(this.key({ schema: view.schema, identifier: view.name }))) return null;
      if (view.reads.some((oid) => this.renamedOids.has(oid))) return null;
    }
    return ahead;
  }

  /**
   * Checks, in one query, that every table replaced with what was read
   * ahead holds the owner and privileges of the table it replaced, under
   * its name (as replaceTable checks a table it had to change); throws when
   * one doesn't, which fails the promotion's transaction.
   */
  async checkReplacements(): Promise<void> {
    const checks = this.toCheck.splice(0);
    if (checks.length === 0) return;
    const now = await accessOfOids(
      this.runAny,
      checks.map((check) => check.oid),
    );
    for (const check of checks) {
      const shown = `${check.target.schema}.${check.target.identifier}`;
      const found = now.get(check.oid);
      if (!found || this.key(found.name) !== this.key(check.target))
        throw new Error(`${shown} is no longer the promoted table`);
      if (!sameAccess(check.wanted, found.access)) {
        throw new Error(
          `${this.qualified(check.target)} could not be given the replaced relation's owner and privileges (owner ${check.wanted.owner}; ${privilegeSet(check.wanted.privileges).size} privileges wanted, ${privilegeSet(found.access.privileges).size} held)`,
        );
      }
    }
  }

  override async createSchema(schema: string): Promise<void> {
    await this.transaction(async () => {
      await this.creationLock(`schema:${schema}`);
      await super.createSchema(schema);
    });
  }

  override async ensureRecordTables(
    schema: string,
    tables: readonly RecordTable[],
    options: { upgrade?: boolean } = {},
  ): Promise<void> {
    await this.transaction(async () => {
      await this.creationLock(`schema:${schema}`);
      await super.ensureRecordTables(schema, tables, options);
    });
  }

  async listSchemas(): Promise<string[]> {
    const result = await this.run(
      "SELECT nspname FROM pg_catalog.pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' ORDER BY 1",
    );
    return result.rows.map((row) => String(row.nspname));
  }

  async listObjects(schemas: readonly string[]): Promise<WarehouseObject[]> {
    if (schemas.length === 0) return [];
    const result = await this.run(
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
    // A table read ahead, moved here: replaceTable may take what was read ahead for it (the OID stays).
    const ahead = [...this.readAhead.values()].find((a) => this.key(a.source) === this.key(source));
    if (ahead) {
      this.renamedOids.add(ahead.replacement.oid);
      this.staged.set(this.key(target), this.key(source));
    } else this.readAhead.clear();
    await this.transaction(async () => {
      if (source.schema === target.schema) {
        // Not this.renameTable, which drops what was read ahead: this move is the one it expects.
        await super.renameTable(source, target.identifier);
        return;
      }
      // Rename in whichever schema the new name is free: the source's first, else after the move.
      // Read ahead (prepareReplacements) for a promotion's table staged under the name it was read for.
      const known =
        ahead?.staged && sameName(ahead.staged.identifier, target.identifier, this.capabilities.identifiers);
      const taken = known
        ? ahead.staged!.taken
        : Number(
            (
              await this.run(
                `SELECT count(*)::int AS n FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = $1 AND c.relname = $2`,
                [source.schema, target.identifier],
              )
            ).rows[0]?.n ?? 0,
          ) > 0;
      const renameFirst = source.identifier !== target.identifier && !taken;
      const statements: string[] = [];
      if (renameFirst) statements.push(this.renameSql(source, target.identifier));
      const moving = renameFirst ? { schema: source.schema, identifier: target.identifier } : source;
      statements.push(`ALTER TABLE ${this.qualified(moving)} SET SCHEMA ${this.q(target.schema, "schema")}`);
      if (!renameFirst && source.identifier !== target.identifier) {
        statements.push(
          this.renameSql({ schema: target.schema, identifier: source.identifier }, target.identifier),
        );
      }
      await this.batch(statements);
    });
    return "moved";
  }

  private renameSql(from: QualifiedName, to: string): string {
    return `ALTER TABLE ${this.qualified(from)} RENAME TO ${this.q(to, "relation name")}`;
  }

  /**
   * Statements without parameters, sent as one query (one round trip; the
   * simple protocol runs them in order and stops at the first that fails).
   * Only inside a transaction, which a failure aborts as a single statement's would.
   */
  private async batch(statements: readonly string[]): Promise<void> {
    if (statements.length === 0) return;
    if (!this.inTransaction) throw new Error("batched statements run only inside a transaction");
    await this.run(statements.join(";\n"));
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

  private readonly runAny: Run = (sql, params) => this.run(sql, params);
  private readonly quote = (name: string, what: string) => this.q(name, what);

  override async renameTable(from: QualifiedName, to: string): Promise<void> {
    this.readAhead.clear();
    await super.renameTable(from, to);
  }

  override async createView(
    at: QualifiedName,
    reads: QualifiedName,
    options: { replace: boolean },
  ): Promise<void> {
    this.readAhead.clear();
    await super.createView(at, reads, options);
  }

  override async dropObject(object: WarehouseObject): Promise<void> {
    this.readAhead.clear();
    await super.dropObject(object);
  }

  async replaceTable(
    target: QualifiedName,
    replacement: string,
    retired: string | null,
  ): Promise<ReplaceOutcome> {
    const outcome: ReplaceOutcome = { rebound: [], left: [], materialized: [], kept: [] };
    let placed: string | null = null;
    const inPromotion = this.inTransaction;
    await this.transaction(async () => {
      const ahead = this.readAheadFor(target, replacement);
      if (!ahead) this.readAhead.clear();
      const replaced = retired === null ? null : ahead ? ahead.replaced : await tableAt(this.runAny, target);
      // Only a table something reads needs definitions (read before the rename: pg_get_viewdef would
      // name the retired table after it), under an empty search_path so that every name is qualified.
      const readers = replaced?.read === true;
      const views: ViewDefinition[] = !readers ? [] : ahead ? ahead.views : await this.dependentViews(target);
      const materialized: MaterializedView[] = !readers
        ? []
        : ahead
          ? ahead.materialized
          : await materializedViewsOf(this.runAny, replaced.oid);
      const renames: string[] = [];
      // The definitions name every relation with its schema: the search path is no longer needed
      // (read ahead, it was set back already).
      if (readers && !ahead) renames.push("SET LOCAL search_path TO DEFAULT");
      if (retired !== null) renames.push(this.renameSql(target, retired));
      renames.push(this.renameSql({ schema: target.schema, identifier: replacement }, target.identifier));
      await this.batch(renames);
      if (replaced !== null) this.renamedOids.add(replaced.oid);
      if (ahead) placed = ahead.replacement.oid;
      if (replaced !== null) {
        // Read ahead: the environment's table, now at the name (its OID); checked by checkReplacements.
        const now = ahead ? ahead.replacement : await tableAt(this.runAny, target);
        if (now === null) throw new Error(`${target.schema}.${target.identifier} is not a table`);
        placed = now.oid;
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
        if (ahead) this.toCheck.push({ target, oid: now.oid, wanted: replaced.access });
        outcome.kept.push({
          table: `${target.schema}.${target.identifier}`,
          owner: replaced.access.owner,
          privileges,
        });
      }
      for (const view of views) {
        const name = `${this.q(view.schema, "schema")}.${this.q(view.name, "view name")}`;
        const savepoint = `ods_rebind_${++this.savepoints}`;
        this.touchedViews.add(this.key({ schema: view.schema, identifier: view.name }));
        try {
          // The definition is PostgreSQL's own rendering of the view (pg_get_viewdef), names schema-qualified.
          await this.batch([
            `SAVEPOINT ${savepoint}`,
            `CREATE OR REPLACE VIEW ${name} AS ${view.definition.replace(/;\s*$/, "")}`,
            `RELEASE SAVEPOINT ${savepoint}`,
          ]);
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
        this.touchedViews.add(this.key({ schema: view.schema, identifier: view.name }));
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
    });
    // markTable right after, in the same transaction (nothing run since): the table at the name is this one.
    if (placed !== null && inPromotion) this.justReplaced = { key: this.key(target), oid: placed };
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
    // The table replaceTable just put there, when no statement ran since: its OID is known.
    const placed = this.justReplaced;
    this.justReplaced = null;
    if (placed !== null && placed.key === this.key(name)) return `oid:${placed.oid}`;
    const identity = await this.tableIdentity(name);
    if (identity === null) {
      throw new UserError(
        "warehouse_error",
        `The table ${name.schema}.${name.identifier} doesn't exist, so it can't be marked.`,
      );
    }
    return identity;
  }

  /** The relations each view's rewrite rule depends on (pg_depend), for every view at once. */
  async boundRelations(views: readonly QualifiedName[]): Promise<Map<string, QualifiedName[]> | null> {
    const bound = new Map<string, QualifiedName[]>();
    if (views.length === 0) return bound;
    const result = await this.run(
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
        this.capabilities.identifiers,
      );
      const reads = bound.get(key) ?? [];
      if (row.name !== null && row.name !== undefined)
        reads.push({ schema: String(row.schema_name), identifier: String(row.name) });
      bound.set(key, reads);
    }
    return bound;
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
