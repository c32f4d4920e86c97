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
 * table is left reading the replaced table, and reported
 * (postgres-rebind-readers.ts). The new table takes the replaced one's owner
 * and privileges, and materialized views over the replaced table are created
 * again over the new one (postgres-keep.ts). A table's identity is its OID
 * (kept through renames, new for every table). A promotion reads all of this
 * for all of its tables at once, up front (`prepareReplacements`), and checks
 * the privileges it took from that read at the end of its transaction
 * (`checkReplacements`; both in postgres-read-ahead.ts).
 *
 * Access is never widened (postgres-access.ts): a pointer view checks its
 * reader's rights (`security_invoker`, PostgreSQL 15 and later; before 15
 * every pointer view is refused) and reads nothing for a reader without
 * USAGE on prod's schema; a copy is never made of a table under row-level
 * security or with column privileges, and keeps no privilege its holder
 * lacks on the source.
 *
 * This class is the session (statements with their deadline, transactions,
 * advisory locks, closing) and the Warehouse port over it; opening the
 * connection is postgres-connection.ts, the catalog's queries
 * postgres-catalog.ts.
 */
import type { Client } from "pg";
import { UserError } from "../../errors/user-error.js";
import {
  type QualifiedName,
  qualifiedKey,
  sameName,
  sameQualified,
  showQualified,
} from "../../warehouse/names.js";
import { DEFAULT_TIMEOUTS, type WarehouseTimeouts } from "../../warehouse/timeouts.js";
import type {
  AccessRefusal,
  RecordRow,
  RecordTable,
  ReplaceBlocker,
  ReplaceOutcome,
  TableSize,
  WarehouseCapabilities,
  WarehouseObject,
} from "../../warehouse/warehouse.js";
import { type FailureContext, warehouseFailure } from "../../warehouse/warehouse-errors.js";
import { refusalsFromControls } from "../access-refusals.js";
import { upsertRecord } from "../record-statements.js";
import { SqlWarehouse, type StatementResult } from "../sql-warehouse.js";
import {
  narrowCopyPrivileges,
  ownerRightsViews,
  pointerViewsUnsafe,
  readControls,
  serverVersion,
} from "./postgres-access.js";
import {
  boundRelations,
  dependentViews,
  listObjects,
  listSchemas,
  relationExists,
  tableExists,
  tableSize,
  type ViewDefinition,
} from "./postgres-catalog.js";
import { openPostgresClient, redactPostgresUrl, statementName } from "./postgres-connection.js";
import { functionDefaults, ownCopySequences } from "./postgres-copy-sequences.js";
import { beginReadOnly, POSTGRES_DIFF_DIALECT } from "./postgres-data-diff.js";
import {
  blockers,
  keepAccess,
  type MaterializedView,
  materializedViewsOf,
  oidOf,
  type Run,
  tableAt,
} from "./postgres-keep.js";
import { renamesBeforeMove } from "./postgres-move-names.js";
import { ReplacementReadAhead } from "./postgres-read-ahead.js";
import { rebindReaders } from "./postgres-rebind-readers.js";

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

/** Advisory lock class of ODS's creation locks (`pg_advisory_xact_lock(class, hashtext(key))`). */
const CREATION_LOCK_CLASS = 0x0d5;
/** How long a statement the server never answers may take beyond the statement timeout. */
const NO_ANSWER_GRACE_MS = 30_000;

export class PostgresWarehouse extends SqlWarehouse {
  readonly capabilities = POSTGRES_CAPABILITIES;
  protected readonly diffDialect = POSTGRES_DIFF_DIALECT;
  readonly label: string;
  private readonly client: Client;
  private readonly ownsClient: boolean;
  /** Null over a caller's client: its session settings are the caller's. */
  private readonly timeouts: WarehouseTimeouts | null;
  private savepoints = 0;
  /** The connection was closed under ODS (lost, or closed after the server stopped answering). */
  private broken = false;
  /** What `prepareReplacements` read ahead for the transaction under way (postgres-read-ahead.ts). */
  private readonly readAhead = new ReplacementReadAhead((name) => this.key(name));
  /** The table `replaceTable` just put at a name, when nothing has run since (markTable's identity). */
  private justReplaced: { key: string; oid: string } | null = null;
  /** `server_version_num`, read once. */
  private version: number | null = null;

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
    const client = await openPostgresClient(connectionString, label, timeouts);
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

  protected async beginReadOnly(timeoutMs: number): Promise<void> {
    await beginReadOnly(this.runAny, timeoutMs);
  }

  /** The statement timeout was set in the transaction (beginReadOnly). */
  protected runWithin(sql: string, params: readonly unknown[]): Promise<StatementResult> {
    return this.run(sql, params);
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
      this.readAhead.forget();
    }
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
    await this.readAhead.prepare(this.runAny, items);
  }

  /**
   * Checks, in one query, that every table replaced with what was read
   * ahead holds the owner and privileges of the table it replaced, under
   * its name (as replaceTable checks a table it had to change); throws when
   * one doesn't, which fails the promotion's transaction.
   */
  async checkReplacements(): Promise<void> {
    await this.readAhead.check(this.runAny, (name) => this.qualified(name));
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
    return listSchemas(this.runAny);
  }

  async listObjects(schemas: readonly string[]): Promise<WarehouseObject[]> {
    return listObjects(this.runAny, schemas);
  }

  async stageTable(source: QualifiedName, target: QualifiedName): Promise<"moved" | "copied"> {
    // A table read ahead, moved here: replaceTable may take what was read ahead for it (the OID stays).
    const ahead = [...this.readAhead.byTarget.values()].find((a) => this.key(a.source) === this.key(source));
    if (ahead) {
      this.readAhead.renamedOids.add(ahead.replacement.oid);
      this.readAhead.staged.set(this.key(target), this.key(source));
    } else this.readAhead.byTarget.clear();
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
        : await relationExists(this.runAny, source.schema, target.identifier);
      const renameFirst = source.identifier !== target.identifier && !taken;
      // Its indexes and sequences move with it: any whose name prod's schema holds is renamed first.
      const statements = await renamesBeforeMove(this.runAny, this.quote, source, target.schema);
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

  /**
   * PostgreSQL has no zero-copy clone: a new table with the source's columns,
   * defaults, constraints, indexes, identity, storage and column comments
   * (`LIKE … INCLUDING ALL`), then its rows (generated columns computed
   * anew, identity values kept), in one transaction; a default that drew
   * on prod's sequence draws on the copy's own.
   */
  async cloneTable(source: QualifiedName, target: QualifiedName): Promise<"cloned" | "copied"> {
    await this.transaction(async () => {
      const columns = await this.run(
        `SELECT a.attname FROM pg_catalog.pg_attribute a
           JOIN pg_catalog.pg_class c ON c.oid = a.attrelid JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = $1 AND c.relname = $2 AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
          ORDER BY a.attnum`,
        [source.schema, source.identifier],
      );
      if (columns.rows.length === 0) {
        throw new UserError(
          "warehouse_error",
          `The table ${showQualified(source)} doesn't exist, so it can't be copied.`,
        );
      }
      const list = columns.rows.map((row) => this.q(String(row.attname), "column")).join(", ");
      await this.run(`CREATE TABLE ${this.qualified(target)} (LIKE ${this.qualified(source)} INCLUDING ALL)`);
      await this.run(
        `INSERT INTO ${this.qualified(target)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM ${this.qualified(source)}`,
      );
      // Its sequences are its own: a serial column's default drew on prod's (postgres-copy-sequences.ts).
      await ownCopySequences(this.runAny, this.quote, target);
      // The copy has the privileges the CI role's default privileges give; none its holder lacks on prod's table.
      await narrowCopyPrivileges(this.runAny, this.quote, source, target);
    });
    return "copied";
  }

  private async serverVersion(): Promise<number> {
    this.version ??= await serverVersion(this.runAny);
    return this.version;
  }

  /**
   * A pointer view that checks its reader's rights on prod's relation
   * (`security_invoker`: privileges and row-level security policies are the
   * reader's, not the CI role's), and shows nothing to a reader without
   * USAGE on prod's schema (a view's reader is never checked for it: a role
   * granted SELECT on prod's table but kept out of its schema would read it
   * through any view). The schema is named as a `regnamespace` constant,
   * which the view keeps as the schema's OID.
   */
  protected override pointerViewSql(verb: string, at: QualifiedName, reads: QualifiedName): string {
    const schema = this.q(reads.schema, "schema").replaceAll("\\", "\\\\").replaceAll("'", "''");
    return `${verb} ${this.qualified(at)} WITH (security_invoker = true) AS SELECT * FROM ${this.qualified(reads)} WHERE pg_catalog.has_schema_privilege(E'${schema}'::pg_catalog.regnamespace, 'USAGE')`;
  }

  /** Before PostgreSQL 15 no view checks its reader's rights: every pointer view is refused. */
  async pointerRefusals(
    pointers: readonly { at: QualifiedName; reads: QualifiedName }[],
  ): Promise<AccessRefusal[]> {
    if (pointers.length === 0) return [];
    const unsafe = pointerViewsUnsafe(await this.serverVersion());
    return unsafe === null ? [] : pointers.map(({ at, reads }) => ({ at, reads, reason: unsafe }));
  }

  async ownerRightsViews(views: readonly QualifiedName[]): Promise<Set<string>> {
    const found = await ownerRightsViews(this.runAny, views);
    return new Set(
      views
        .filter((view) => found.has(`${view.schema}\u0000${view.identifier}`))
        .map((view) => this.key(view)),
    );
  }

  /**
   * A copy is never made of a table under row-level security (enabled,
   * forced, or with policies) or with column privileges: the copy, the CI
   * role's, would apply neither to its readers (postgres-access.ts).
   */
  async startRefusals(
    starts: readonly { at: QualifiedName; reads: QualifiedName }[],
  ): Promise<AccessRefusal[]> {
    if (starts.length === 0) return [];
    const controls = await readControls(
      this.runAny,
      starts.map((start) => start.reads),
    );
    const refused = refusalsFromControls(starts, controls, this.capabilities.identifiers, "copy");
    // A default or check that calls a function of prod's would run it for every row the PR inserts.
    const calls = await functionDefaults(
      this.runAny,
      starts.map((start) => start.reads),
    );
    for (const start of starts) {
      const found = calls.find((call) =>
        sameQualified(call.table, start.reads, this.capabilities.identifiers),
      );
      if (!found) continue;
      refused.push({
        at: start.at,
        reads: start.reads,
        reason: `in prod's ${showQualified(start.reads)}, ${found.detail}, which a copy would run, with the CI role's rights, for every row the pull request inserts`,
      });
    }
    return refused;
  }

  async tableSize(name: QualifiedName): Promise<TableSize | null> {
    return tableSize(this.runAny, name);
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
  private async dependentViews(target: QualifiedName): Promise<ViewDefinition[]> {
    await this.run("SET LOCAL search_path = ''");
    return dependentViews(this.runAny, target);
  }

  private readonly runAny: Run = (sql, params) => this.run(sql, params);
  private readonly quote = (name: string, what: string) => this.q(name, what);

  override async renameTable(from: QualifiedName, to: string): Promise<void> {
    this.readAhead.byTarget.clear();
    await super.renameTable(from, to);
  }

  override async createView(
    at: QualifiedName,
    reads: QualifiedName,
    options: { replace: boolean },
  ): Promise<void> {
    this.readAhead.byTarget.clear();
    const unsafe = pointerViewsUnsafe(await this.serverVersion());
    if (unsafe !== null) {
      throw new UserError(
        "pointer_view_refused",
        `The pointer view ${showQualified(at)} would read ${showQualified(reads)} in ${this.label}, and ${unsafe}.`,
      );
    }
    await super.createView(at, reads, options);
  }

  override async dropObject(object: WarehouseObject): Promise<void> {
    this.readAhead.byTarget.clear();
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
      const ahead = this.readAhead.take(target, replacement, this.inTransaction);
      if (!ahead) this.readAhead.byTarget.clear();
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
      if (replaced !== null) this.readAhead.renamedOids.add(replaced.oid);
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
        if (ahead) this.readAhead.toCheck.push({ target, oid: now.oid, wanted: replaced.access });
        outcome.kept.push({
          table: `${target.schema}.${target.identifier}`,
          owner: replaced.access.owner,
          privileges,
        });
      }
      await rebindReaders(
        {
          run: this.runAny,
          quote: this.quote,
          savepoint: () => `ods_rebind_${++this.savepoints}`,
          touched: (view) =>
            this.readAhead.touchedViews.add(this.key({ schema: view.schema, identifier: view.name })),
        },
        views,
        materialized,
        outcome,
      );
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

  /** The relation's OID (a table: `r`, `p`; a view: `v`): new for every relation, kept through renames. */
  async relationIdentity(object: WarehouseObject): Promise<string | null> {
    if (object.kind === "table") return this.tableIdentity(object);
    const oid = await oidOf(this.runAny, object, ["v"]);
    return oid === null ? null : `oid:${oid}`;
  }

  /** PostgreSQL needs no mark: the OID is the identity. */
  async claimRelation(object: WarehouseObject, mark: string): Promise<string> {
    if (object.kind === "table") return this.markTable(object, mark);
    const identity = await this.relationIdentity(object);
    if (identity === null) {
      throw new UserError(
        "warehouse_error",
        `The view ${showQualified(object)} doesn't exist, so it can't be marked.`,
      );
    }
    return identity;
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
    return boundRelations(this.runAny, views, this.capabilities.identifiers);
  }

  async hasRecordTable(schema: string, table: string): Promise<boolean> {
    return tableExists(this.runAny, schema, table);
  }

  /** A PRIMARY KEY on the key, which the upsert's ON CONFLICT names. */
  protected readonly recordSyntax = { primaryKey: true, upsert: { kind: "on-conflict" } } as const;

  async upsertRecord(schema: string, table: RecordTable, row: RecordRow): Promise<void> {
    await this.runRecords(upsertRecord(this.records, schema, table, row));
  }
}
