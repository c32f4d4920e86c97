/**
 * The warehouse contract environments run over (ADR-0028, rule 1: how a name
 * points at a table is a capability of the warehouse). An adapter declares
 * what its engine can do and is the only place that writes SQL for it:
 * lifecycle and registry code call these operations and never see SQL.
 *
 * - Every identifier is quoted by the adapter, after `checkIdentifier`
 *   refused anything that would need more than quoting (names.ts).
 * - Every value (node ids, commits, JSON) is a bound parameter.
 * - `transaction` wraps a multi-statement change in explicit BEGIN/COMMIT and
 *   ROLLBACK on any failure (DuckDB keeps a transaction open after a failed
 *   statement, so a COMMIT would keep the statements before it).
 * - The connection string is a secret: `label` names the engine and place
 *   without credentials, and nothing else of it is kept.
 */
import type { DiffColumn, RowComparison, RowComparisonCounts, RowExamples } from "./data-diff-requests.js";
import type { IdentifierRules, QualifiedName } from "./names.js";

export type ObjectKind = "table" | "view";

export interface WarehouseObject extends QualifiedName {
  kind: ObjectKind;
}

export interface WarehouseCapabilities {
  engine: string;
  /** DDL (create, drop, rename) is transactional: a failed change leaves nothing behind. */
  transactional_ddl: boolean;
  /** Every pointer change of one promotion can commit at once (readers see the old set or the new). */
  atomic_multi_pointer: boolean;
  /** Zero-copy clone of a table. */
  clone: boolean;
  /** A table can move to another schema without copying (ALTER TABLE … SET SCHEMA). */
  rename_across_schemas: boolean;
  /**
   * How an existing view finds the table it reads: `name` (resolved each
   * time it is queried: a view reads whatever table holds the name now) or
   * `object` (bound when created: it follows the table through renames).
   */
  views_bind_by: "name" | "object";
  /**
   * Relations have owners and privileges (PostgreSQL): replacing a table
   * gives the new one the replaced table's owner and privileges, and a table
   * whose owner or privileges can't be kept is not promoted. DuckDB has
   * neither.
   */
  grants: boolean;
  identifiers: IdentifierRules;
}

/**
 * Why a prod table can't be replaced without losing something readers rely
 * on (its owner, its privileges, materialized views over it): the node is
 * not promoted, and the code and message say why (decide.ts).
 */
export interface ReplaceBlocker {
  target: QualifiedName;
  code: "owner_not_kept" | "privileges_not_kept" | "materialized_view_not_kept";
  message: string;
}

/** What replacing a table did to views that read it (engines whose views bind by object). */
export interface ReplaceOutcome {
  /** Views recreated to read the new table under the name (`schema.view`). */
  rebound: string[];
  /** Views that could not be recreated (columns they use are gone): they still read the replaced table. */
  left: { view: string; error: string }[];
  /**
   * Materialized views that read the replaced table, recreated over the new
   * one (`schema.name`) with their definition, indexes, owner, privileges and
   * comment, and filled from it (PostgreSQL).
   */
  materialized: string[];
  /** Tables that took the replaced table's owner and privileges (`schema.table`: owner; PostgreSQL). */
  kept: { table: string; owner: string; privileges: number }[];
}

/**
 * Something that limits who reads which rows or columns of a table beyond
 * its table privileges, which a copy or clone made by the CI role would not
 * carry and a view reading with its owner's rights would not apply to its
 * readers (docs/environments.md, "Access is never widened").
 */
export interface ReadControl {
  table: QualifiedName;
  /**
   * PostgreSQL: `row_security` (row-level security enabled or forced, or
   * policies), `column_privileges`; Snowflake: `policy` (row access,
   * masking, projection, aggregation); BigQuery: `row_access_policy`,
   * `policy_tag`; Databricks: `row_filter`, `column_mask`.
   */
  kind: string;
  /** What it is, in words (policy names, columns). */
  detail: string;
}

/**
 * An object ODS would make in an environment from prod's relation `reads`
 * (a pointer view, or the clone or copy an incremental model starts from)
 * at `at`, which would let its readers read more of `reads` than prod lets
 * them; `reason` names prod's relation and what would be widened.
 */
export interface AccessRefusal {
  at: QualifiedName;
  reads: QualifiedName;
  reason: string;
}

/** A table's estimated size (Warehouse.tableSize). */
export interface TableSize {
  rows: number | null;
  bytes: number | null;
}

export type RecordValue = string | number | null;
export type RecordRow = Record<string, RecordValue>;

export interface RecordTable {
  name: string;
  columns: Record<string, "text" | "integer">;
  /** Columns that identify a row. */
  key: readonly string[];
}

/**
 * The reads of a data diff (issue 23; SQL in src/drivers/data-diff/). Each call
 * is one statement in a READ ONLY transaction of its own, which writes
 * nothing and creates nothing, cancelled after `timeoutMs` (0: no limit):
 * a UserError `warehouse_statement_timeout` then, any other failure as the
 * adapter reports it. Relation names are checked and quoted; column names
 * are the catalog's, quoted whatever they hold; values are bound parameters.
 */
export interface DataDiffReads {
  /** The columns of the table or view, in table order, with the catalog's types; null when there is none. */
  columns(relation: QualifiedName, timeoutMs: number): Promise<DiffColumn[] | null>;
  /** Whether values of this catalog type can be compared as they are (else: as text). */
  comparable(type: string): boolean;
  countRows(relation: QualifiedName, timeoutMs: number): Promise<number>;
  /**
   * One statement: NULL and duplicate keys on each side, and one FULL OUTER
   * JOIN on the key: rows only on each side, changed, unchanged, per column
   * (within `comparison.sample` when given).
   */
  compareRows(comparison: RowComparison, timeoutMs: number): Promise<RowComparisonCounts>;
  /** Key values (as text) of up to `limit` rows per category, ordered by key. */
  rowExamples(comparison: RowComparison, limit: number, timeoutMs: number): Promise<RowExamples>;
}

export interface Warehouse {
  readonly capabilities: WarehouseCapabilities;
  /** Engine and location, never credentials: safe to log. */
  readonly label: string;

  /** Runs `work` between BEGIN and COMMIT (ROLLBACK on failure); nested calls join the outer transaction. */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` (several transactions) while holding an exclusive lock on
   * `key` that other jobs on the same warehouse wait for (up to the lock
   * timeout): concurrent creators of one environment take turns. Absent
   * where one process at a time can write (a DuckDB file).
   */
  exclusive?<T>(key: string, work: () => Promise<T>): Promise<T>;

  /** Schemas of the connected database. */
  listSchemas(): Promise<string[]>;
  /** Tables and views of the connected database in these schemas (compared under the engine's rules). */
  listObjects(schemas: readonly string[]): Promise<WarehouseObject[]>;

  /**
   * Where views bind by object (`views_bind_by: "object"`): the relations each
   * of these views reads now (one catalog query), keyed by `qualifiedKey` of
   * the view; a view that doesn't exist has no entry. Null where views bind
   * by name: a view reads whatever holds the names of its definition when it
   * is queried, so the catalog has nothing to say.
   */
  boundRelations(views: readonly QualifiedName[]): Promise<Map<string, QualifiedName[]> | null>;

  /** Creates the schema unless it exists. */
  createSchema(schema: string): Promise<void>;
  /** Drops the schema if it exists and is empty (fails when it holds anything). */
  dropSchema(schema: string): Promise<void>;
  /**
   * A view at `at` that reads every column of `reads` (`schema.table`, no
   * database). Where the engine can, the view checks its reader's rights on
   * `reads`, not its owner's (PostgreSQL 15+: `security_invoker`); where it
   * can't, `pointerRefusals` says which views would widen access, and the
   * lifecycle refuses them before anything changes.
   */
  createView(at: QualifiedName, reads: QualifiedName, options: { replace: boolean }): Promise<void>;
  /**
   * Optional: the pointer views among these (`at` reading `reads`) that the
   * engine can't make without letting their readers read more of `reads`
   * than prod lets them (a view that reads with its owner's rights, the CI
   * role's: over a table under a row or column policy, or where new views
   * are granted to roles prod's table isn't), each with why. Changes
   * nothing. Absent: every pointer view is safe (DuckDB has no roles).
   */
  pointerRefusals?(
    pointers: readonly { at: QualifiedName; reads: QualifiedName }[],
  ): Promise<AccessRefusal[]>;
  /**
   * Optional: the clones or copies among these (prod's table `reads` to be
   * cloned or copied to `at`, an incremental model's start) that would let
   * their readers read more than prod's table lets them (a table under
   * row-level security, column privileges, row or column policies, which the
   * new table, the CI role's, would not apply; new tables granted to roles
   * prod's table isn't), each with why: they are not made, and dbt builds
   * the model from nothing. Changes nothing. Absent: none would. DuckDB
   * also refuses a table whose column default draws on a sequence (the copy
   * would draw on prod's).
   */
  startRefusals?(starts: readonly { at: QualifiedName; reads: QualifiedName }[]): Promise<AccessRefusal[]>;
  /**
   * Optional: of these views, those that read with their owner's rights
   * where the engine makes pointer views read with their reader's
   * (PostgreSQL: a view without `security_invoker`, made by an older
   * ods-state), by `qualifiedKey`: made again by create, refresh and repair.
   */
  ownerRightsViews?(views: readonly QualifiedName[]): Promise<Set<string>>;
  /** Drops the table or view if it exists; fails when another object depends on it. */
  dropObject(object: WarehouseObject): Promise<void>;
  /** Renames a table within its schema. */
  renameTable(from: QualifiedName, to: string): Promise<void>;
  /**
   * Puts the table `source` at `target` (a new name, possibly in another
   * schema): moved when the engine can (`rename_across_schemas`), else
   * copied with its columns, types and constraints (the source stays).
   */
  stageTable(source: QualifiedName, target: QualifiedName): Promise<"moved" | "copied">;
  /**
   * Makes `target` (a new name, in another schema) a table holding
   * `source`'s columns and rows, the source untouched: a zero-copy clone
   * where the engine has one (`capabilities.clone`: "cloned"), else a copy
   * with its columns, types and constraints, as stageTable copies
   * ("copied"). An incremental model of a PR environment starts from it
   * (lifecycle/create/incremental-starts.ts). The new table is never
   * readable by a role the source isn't (PostgreSQL: a privilege the CI
   * role's default privileges give it that its holder lacks on `source` is
   * revoked); a start `startRefusals` refuses is never passed here.
   */
  cloneTable(source: QualifiedName, target: QualifiedName): Promise<"cloned" | "copied">;
  /**
   * The engine's cheap estimate of the table's size, from its catalog (no
   * scan): rows and bytes, each null where the engine keeps no estimate;
   * null when no table is there. Only where a clone is a copy (what a copy
   * limit is checked against).
   */
  tableSize?(name: QualifiedName): Promise<TableSize | null>;
  /**
   * In one transaction: the table at `target` (if `retired` is given) is
   * renamed to `retired`, and the table `replacement` of the same schema
   * takes its name. Views reading the replaced table follow the name where
   * the engine binds views by object (they are recreated).
   */
  replaceTable(target: QualifiedName, replacement: string, retired: string | null): Promise<ReplaceOutcome>;
  /**
   * Optional, where replaceTable takes several statements that each commit on
   * their own (the cloud providers): how far a replaceTable(target,
   * replacement, …) that may have been under way when its job died got, from
   * the names in the schema:
   * - `not_begun`: the replacement is still under its own name; the target
   *   holds what it had (a copy kept under the retired name may exist);
   * - `committing`: past the point of no return, before the end: the
   *   replacement is under a name only the provider knows, and the target
   *   holds either what it had or the replacement (the names can't tell);
   * - `done`: neither name: the replacement took the target's name (and may
   *   have been replaced since by someone else).
   * Recovery (promotion/recover.ts) then finishes or abandons it, after
   * checking which table the target holds. Engines without it replace a
   * table in one transaction: the names present tell.
   */
  replacementProgress?(
    target: QualifiedName,
    replacement: string,
  ): Promise<"not_begun" | "committing" | "done">;
  /** With `committing`: the target is replaced from the replacement (one statement), then its committing name dropped. */
  finishReplacement?(target: QualifiedName, replacement: string): Promise<void>;
  /** Undoes a replacement past its point of no return: the replacement takes its own name again; the target is left as it is. Nothing when it is not `committing`. */
  abandonReplacement?(target: QualifiedName, replacement: string): Promise<void>;
  /**
   * Which of these prod tables can't be replaced (by `replaceTable`) keeping
   * what readers rely on: their owner and privileges, the materialized views
   * over them; and which, not there yet, would miss the privileges a table
   * created there gets by default. The rest are not listed. Changes nothing.
   */
  replaceBlockers(targets: readonly QualifiedName[]): Promise<ReplaceBlocker[]>;
  /**
   * An identity of the table at `name` that survives renames and
   * reconnecting and is new whenever another table takes the name (a dbt
   * build, another promotion); null when no table is there. PostgreSQL: the
   * table's OID. DuckDB's catalog OIDs change each time the file is opened,
   * so the identity is the mark `markTable` left in the table's comment.
   */
  tableIdentity(name: QualifiedName): Promise<string | null>;
  /**
   * Optional (PostgreSQL): inside a promotion's transaction, before its
   * first stageTable, reads at once what replaceTable would read for each of
   * these replacements (the environment's table `source` taking the name
   * `target`, staged in between as `staged`); stageTable and replaceTable
   * then use it where it provably still holds.
   */
  prepareReplacements?(
    items: readonly { target: QualifiedName; source: QualifiedName; staged?: string }[],
  ): Promise<void>;
  /**
   * Optional, with prepareReplacements: at the end of the promotion's
   * transaction, checks that every table replaced with what was read ahead
   * holds the replaced table's owner and privileges; throws when one doesn't.
   */
  checkReplacements?(): Promise<void>;
  /** Marks the table at `name` as put there by `mark` where the engine needs a mark for an identity (DuckDB: in its comment, after the comment it had); returns its identity. */
  markTable(name: QualifiedName, mark: string): Promise<string>;
  /**
   * The identity of the relation of `object`'s kind at its name, as
   * tableIdentity gives a table's, for views too: new whenever another
   * object takes the name (a dbt build, someone's CREATE). PostgreSQL: its
   * OID; elsewhere the last mark in its comment (`unmarked` without one).
   * Null when no relation of that kind is there. What an environment
   * created is dropped only while it still has the identity recorded when
   * the environment took it (lifecycle/owned-identity.ts).
   */
  relationIdentity(object: WarehouseObject): Promise<string | null>;
  /**
   * Marks the relation of `object`'s kind at its name with `mark` where the
   * engine needs a mark for an identity (markTable for a table; a view's
   * comment likewise), and returns its identity; a `warehouse_error` when
   * no relation of that kind is there.
   */
  claimRelation(object: WarehouseObject, mark: string): Promise<string>;

  /** Creates the metadata schema and these record tables unless they exist; `upgrade` adds the columns they lack. */
  ensureRecordTables(
    schema: string,
    tables: readonly RecordTable[],
    options?: { upgrade?: boolean },
  ): Promise<void>;
  /** Whether the record table exists. */
  hasRecordTable(schema: string, table: string): Promise<boolean>;
  selectRecords(schema: string, table: RecordTable, where?: RecordRow): Promise<RecordRow[]>;
  insertRecord(schema: string, table: RecordTable, row: RecordRow): Promise<void>;
  /** Updates the row with the same key, or inserts it. */
  upsertRecord(schema: string, table: RecordTable, row: RecordRow): Promise<void>;
  updateRecords(schema: string, table: RecordTable, set: RecordRow, where: RecordRow): Promise<number>;
  deleteRecords(schema: string, table: RecordTable, where: RecordRow): Promise<number>;

  /** Read-only comparison of a table in an environment with prod's (data diff). */
  readonly dataDiff: DataDiffReads;

  close(): Promise<void>;
}
