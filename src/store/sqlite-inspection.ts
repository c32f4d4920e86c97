/**
 * `ods-state doctor`'s look at a state file: everything found about it (the
 * header, the checks, its size, its write-ahead log, the backups next to it)
 * without changing it.
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { BUSY_TIMEOUT_MS } from "./open-database.js";
import { type DriverPreference, openSqlite, type SqliteConnection } from "./sqlite-driver.js";
import { listBackups } from "./sqlite-file.js";
import { inspectHeader } from "./sqlite-file-checks.js";
import { runChecks } from "./sqlite-integrity.js";
import type { CheckProblem, CheckReport } from "./state-store.js";
import { recoveryHint } from "./store-errors.js";

export interface FileInspection {
  file: string;
  exists: boolean;
  report: CheckReport;
  backups: { path: string; bytes: number; modified: Date }[];
  bytes: number;
  walBytes: number;
}

/**
 * Inspects the state file without changing it (doctor): never migrates,
 * never creates, never throws for damage; everything found is in the report.
 */
export async function inspectStateFile(
  file: string,
  options: { driver?: DriverPreference; full?: boolean } = {},
): Promise<FileInspection> {
  const resolved = path.resolve(file);
  const emptyReport = (problems: CheckProblem[] = []): CheckReport => ({
    ok: !problems.some((problem) => problem.severity === "error"),
    location: resolved,
    layout_version: undefined,
    scopes: 0,
    snapshots: 0,
    runs: 0,
    problems,
  });
  const size = (target: string) => (existsSync(target) ? statSync(target).size : 0);
  const base = {
    file: resolved,
    backups: listBackups(resolved),
    bytes: size(resolved),
    walBytes: size(`${resolved}-wal`),
  };
  if (!existsSync(resolved)) {
    const problems: CheckProblem[] = [];
    if (existsSync(`${resolved}-wal`)) {
      problems.push({
        severity: "error",
        subject: resolved,
        message: `Its write-ahead log ${resolved}-wal is there but the database file is not.`,
        action: `Put the database file back (restore it from a backup), or move ${resolved}-wal away to start from no state.`,
      });
    }
    return { ...base, exists: false, report: emptyReport(problems) };
  }
  /** The report on a file that can't be checked: one error, with the way out. */
  const unchecked = (message: string): FileInspection => ({
    ...base,
    exists: true,
    report: emptyReport([{ severity: "error", subject: resolved, message, action: recoveryHint(resolved) }]),
  });
  const header = inspectHeader(resolved);
  if (header.problem) return unchecked(`${capitalise(header.problem)}.`);
  let connection: SqliteConnection;
  try {
    connection = openSqlite(resolved, { readonly: true, mustExist: true }, options.driver ?? "auto");
  } catch (error) {
    return unchecked(`It can't be opened: ${(error as Error).message}.`);
  }
  try {
    connection.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    return { ...base, exists: true, report: runChecks(connection, resolved, options.full ?? true) };
  } finally {
    connection.close();
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
