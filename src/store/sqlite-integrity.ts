/**
 * Integrity checks on an open state database: SQLite's page check, and the
 * checks behind `check()` and `ods-state doctor` (layout, heads, every
 * snapshot's hashes and document, every node entry's hash, the run ledger).
 * Read-only; they report what they find and never repair.
 */
import { runRecordSchema } from "../state/run-record.js";
import { APPLICATION_ID, LAYOUT_VERSION, readLayout } from "./migrations.js";
import { entryHash, verifyParts } from "./snapshot-codec.js";
import type { SqliteConnection } from "./sqlite-driver.js";
import { translate } from "./sqlite-error-translation.js";
import {
  loadParts,
  parseEntryIds,
  RUN_COLUMNS,
  type RunRow,
  type SnapshotRow,
  toLedgerEntry,
} from "./sqlite-rows.js";
import type { CheckProblem, CheckReport } from "./state-store.js";
import { recoveryHint } from "./store-errors.js";

/** Runs `PRAGMA quick_check` (or integrity_check) and returns what it found, if anything. */
export function pageCheck(connection: SqliteConnection, full = false): string[] {
  const pragma = full ? "integrity_check" : "quick_check";
  const rows = connection.all<Record<string, string>>(`PRAGMA ${pragma}(20)`);
  const lines = rows.map((row) => String(Object.values(row)[0]));
  return lines.length === 1 && lines[0] === "ok" ? [] : lines;
}

/**
 * The checks behind `check()` and `ods-state doctor`, on an open connection.
 * Read-only; runs in one read transaction so a concurrent commit can't make a
 * healthy file look damaged.
 */
export function runChecks(connection: SqliteConnection, file: string, full: boolean): CheckReport {
  const problems: CheckProblem[] = [];
  const fix = recoveryHint(file);
  const report: CheckReport = {
    ok: true,
    location: file,
    layout_version: undefined,
    scopes: 0,
    snapshots: 0,
    runs: 0,
    problems,
  };
  const error = (subject: string, message: string, action = fix) =>
    problems.push({ severity: "error", subject, message, action });
  const finish = () => {
    report.ok = !problems.some((problem) => problem.severity === "error");
    return report;
  };
  try {
    connection.exec("BEGIN");
  } catch (caught) {
    error(file, `The file can't be read: ${(caught as Error).message}.`);
    return finish();
  }
  try {
    const pages = pageCheck(connection, full);
    for (const line of pages) error(file, `SQLite's ${full ? "integrity" : "quick"} check: ${line}.`);
    const layout = readLayout(connection);
    report.layout_version = layout.version;
    if (layout.applicationId !== APPLICATION_ID) {
      error(
        file,
        `It is not an ods-state database (application id ${layout.applicationId}).`,
        "Point --state at the state database, or move this file away.",
      );
      return finish();
    }
    if (layout.version > LAYOUT_VERSION) {
      problems.push({
        severity: "error",
        subject: file,
        message: `It has layout version ${layout.version}, written by a newer ods-state; this version knows up to ${LAYOUT_VERSION}.`,
        action:
          "Upgrade ods-state, or restore a backup written by this version. It is not damaged: don't reset it.",
      });
      return finish();
    }
    if (layout.version < LAYOUT_VERSION) {
      problems.push({
        severity: "warning",
        subject: file,
        message: `It has layout version ${layout.version}; this ods-state writes ${LAYOUT_VERSION}.`,
        action: "Nothing to do: the next run that writes state copies it next to itself, then migrates it.",
      });
    }
    if (pages.length > 0) return finish();
    const hasRuns = layout.version >= 2;

    const heads = connection.all<{ scope: string; snapshot_id: string; present: number }>(
      "SELECT h.scope, h.snapshot_id, EXISTS (SELECT 1 FROM snapshots s WHERE s.id = h.snapshot_id) AS present FROM heads h ORDER BY h.scope",
    );
    for (const head of heads) {
      if (!head.present)
        error(head.scope, `The head points to snapshot ${head.snapshot_id}, which is missing.`);
    }
    const rows = connection.all<SnapshotRow>(
      "SELECT id, scope, parent, committed_at, header, entries, digest FROM snapshots ORDER BY seq",
    );
    report.snapshots = rows.length;
    const used = new Set<number>();
    for (const row of rows) {
      const parts = loadParts(connection, row);
      if (typeof parts === "string") {
        error(`snapshot ${row.id} (${row.scope})`, `The snapshot is incomplete: ${parts}.`);
        continue;
      }
      for (const id of parseEntryIds(row.entries) ?? []) used.add(id);
      const verified = verifyParts(parts);
      if (!verified.ok) {
        if (verified.kind === "newer") {
          error(
            `snapshot ${row.id} (${row.scope})`,
            `The document was written by a newer ods-state: ${verified.detail}.`,
            "Upgrade ods-state, or restore a backup written by this version.",
          );
        } else {
          const detail = verified.problems
            .slice(0, 5)
            .map((problem) => `${problem.path}: ${problem.message}`)
            .join("; ");
          error(`snapshot ${row.id} (${row.scope})`, `${verified.detail}${detail ? `: ${detail}` : ""}.`);
        }
      }
    }
    let entryCount = 0;
    for (const entry of connection.all<{ id: number; hash: string; body: string }>(
      "SELECT id, hash, body FROM entries",
    )) {
      entryCount++;
      if (entryHash(entry.body) !== entry.hash) {
        error(
          `node entry ${entry.id}`,
          `The entry does not match its hash ${entry.hash.slice(0, 12)}: it was changed in place.`,
        );
      }
    }
    const orphans = entryCount - used.size;
    if (orphans > 0) {
      problems.push({
        severity: "warning",
        subject: file,
        message: `${orphans} node entries are used by no snapshot.`,
        action: "Nothing to do: they take space only, and the next commit that prunes removes them.",
      });
    }
    let scopes = new Set(heads.map((head) => head.scope));
    if (hasRuns) {
      const runs = connection.all<RunRow>(`SELECT ${RUN_COLUMNS} FROM runs r ORDER BY r.seq`);
      report.runs = runs.length;
      scopes = new Set([...scopes, ...runs.map((run) => run.scope)]);
      for (const run of runs) {
        const parsed = runRecordSchema.safeParse(toLedgerEntry(run));
        if (!parsed.success) {
          error(
            `run ${run.run_id} (${run.scope})`,
            `The ledger row fails its schema: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}.`,
          );
        }
      }
    }
    report.scopes = scopes.size;
  } catch (caught) {
    const translated = translate(file, caught);
    error(file, translated instanceof Error ? translated.message : String(translated));
  } finally {
    try {
      connection.exec("COMMIT");
    } catch {
      // Read transaction; nothing to keep.
    }
  }
  return finish();
}
