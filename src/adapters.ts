/**
 * The adapters the entry points open and hand in as ports (src/app/ports.ts):
 * state databases are SQLite files, warehouses are opened from their
 * connection spec; the SQL parser of column impact is the WASM SDK in a
 * process of its own (src/runtime/sql-analysis-process/). Nothing under src/app/, src/run/ or src/cli/ opens them
 * itself; tests hand in the same adapters, or their own.
 */
import { existsSync } from "node:fs";
import type { Adapters, StateFile, StateFiles } from "./app/ports.js";
import { openWarehouse } from "./drivers/open.js";
import { loadAnalyzeSqlProcess } from "./runtime/sql-analysis-process/analysis-process.js";
import type { DriverPreference } from "./store/sqlite-driver.js";
import { SqliteStateStore } from "./store/sqlite-store.js";

/** State databases as SQLite files, opened with the `driver` chosen (ODS_SQLITE_DRIVER). */
export function sqliteStateFiles(driver: DriverPreference): StateFiles {
  return {
    at(file: string, log?: (line: string) => void): StateFile {
      const told = log ? { log } : {};
      return {
        path: file,
        exists: () => existsSync(file),
        openExisting: async () =>
          existsSync(file) ? SqliteStateStore.open(file, { driver, create: false, ...told }) : undefined,
        openForWriting: () => SqliteStateStore.open(file, { driver, ...told }),
      };
    },
  };
}

export function openAdapters(sqliteDriver: DriverPreference): Adapters {
  return { stateFiles: sqliteStateFiles(sqliteDriver), openWarehouse, loadSqlParser: loadAnalyzeSqlProcess };
}
