/**
 * The ports the use cases in src/app/ run over. An entry point (src/main.ts,
 * src/post.ts, src/cli.ts) builds them from the real adapters
 * (src/adapters.ts); tests build them from real local parts. A use case never
 * opens a file, a database or a warehouse itself: it asks a port.
 *
 * The contracts themselves stay with their adapters: `StateStore` in
 * src/store/state-store.ts, `Warehouse` in src/warehouse/warehouse.ts.
 */
import type { AnalyzeSql } from "../dbt/column-facts/sql-analysis.js";
import type { WarehouseSpec } from "../drivers/open.js";
import type { StateStore } from "../store/state-store.js";
import type { WarehouseTimeouts } from "../warehouse/timeouts.js";
import type { Warehouse } from "../warehouse/warehouse.js";

/** Where a use case says what it did. */
export interface Log {
  info(message: string): void;
  warning(message: string): void;
  debug(message: string): void;
}

/** Says what a long use case is doing now (the CLI's progress line); optional. */
export type Phase = (description: string) => void;

/** The time now: the only clock a use case reads. */
export type Clock = () => Date;

/** One state database (a file), opened by the adapter the entry point chose. */
export interface StateFile {
  /** The file, absolute. */
  readonly path: string;
  /** Whether it exists: opening it for writing creates it. */
  exists(): boolean;
  /** Opens it to read; undefined when there is none (never creates it). */
  openExisting(): Promise<StateStore | undefined>;
  /** Opens it to read and write, creating it when absent. */
  openForWriting(): Promise<StateStore>;
}

/** The state databases a caller may name; `log` hears what opening did (created, migrated, the copy kept). */
export interface StateFiles {
  at(file: string, log?: (line: string) => void): StateFile;
}

/** Opens a warehouse (src/drivers/open.ts): the caller closes it. */
export type OpenWarehouse = (spec: WarehouseSpec, timeouts: WarehouseTimeouts) => Promise<Warehouse>;

/** The SQL parser column impact (issue 24) reads compiled SQL with, or why it could not be loaded. */
export type SqlParserLoad = { ok: true; analyze: AnalyzeSql } | { ok: false; error: string };

/** Loads the SQL parser (once per process; never rejects). */
export type LoadSqlParser = () => Promise<SqlParserLoad>;

/** The adapters an entry point opens and hands in: where state lives, how the warehouse is reached, the SQL parser. */
export interface Adapters {
  stateFiles: StateFiles;
  openWarehouse: OpenWarehouse;
  loadSqlParser: LoadSqlParser;
}

/** The adapters' types a caller of the use cases names (the CLI's context, its state commands). */
export type { WarehouseEnv } from "../drivers/providers/provider-spec.js";
export type { DriverPreference } from "../store/sqlite-driver.js";
export type { StateStore } from "../store/state-store.js";
