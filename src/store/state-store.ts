/**
 * The StateStore contract: where ODS keeps what was last built successfully,
 * one line of immutable snapshots per scope (`<project>/<environment>`), a
 * head per scope moved by compare-and-swap, and a ledger of every run.
 *
 * Every method returns a Promise so that a remote store can implement the
 * same contract later; the SQLite and in-memory stores resolve at once.
 * Both pass test/store/conformance.int.test.ts, which is the contract's
 * executable definition.
 */
import { randomUUID } from "node:crypto";
import { UserError } from "../errors/user-error.js";
import { type RunRecord, runRecordSchema } from "../state/run-record.js";
import { parseScopeKey, type Scope, scopeKey, scopeProblem } from "../state/scope.js";
import { readSnapshotDocument, type StateSnapshot } from "../state/snapshot.js";

/** A committed snapshot as read back from the store. */
export interface StoredSnapshot {
  /** Opaque, unique in the store. */
  id: string;
  /** The scope key, `<project>/<environment>`. */
  scope: string;
  /** The head this snapshot replaced when it was committed (null: the scope's first). */
  parent: string | null;
  committed_at: string;
  snapshot: StateSnapshot;
}

/** One line of `history`: a committed snapshot without its document. */
export interface SnapshotSummary {
  id: string;
  scope: string;
  parent: string | null;
  committed_at: string;
  /** The run that produced the snapshot (the document's `run_id`). */
  run_id: string;
  schema_version: string;
  node_count: number;
  /** True for the scope's head. */
  head: boolean;
}

export interface CommitResult {
  id: string;
  scope: string;
  parent: string | null;
  committed_at: string;
  /** Snapshots deleted by retention during this commit. */
  pruned: number;
}

/** A ledger row as read back: the run record plus what the store knows of it. */
export interface LedgerEntry extends RunRecord {
  recorded_at: string;
  /**
   * True while the snapshot the run produced is still in the store; false
   * when retention has pruned it (the id is kept as a record) or when the
   * run produced none.
   */
  snapshot_retained: boolean;
}

export interface ScopeSummary {
  scope: string;
  /** The head snapshot's id (undefined: runs were recorded, nothing committed yet). */
  head: string | undefined;
  head_committed_at: string | undefined;
  snapshots: number;
  runs: number;
}

export type ProblemSeverity = "error" | "warning";

/** One thing `check()` found, with what to do about it. */
export interface CheckProblem {
  /** `error`: the state is damaged and can't be trusted; `warning`: it can, but something is off. */
  severity: ProblemSeverity;
  /** What the problem is about: the file, a scope, a snapshot id, a table. */
  subject: string;
  message: string;
  /** What to do, in words. */
  action: string;
}

export interface CheckReport {
  /** False when any problem is an error. */
  ok: boolean;
  /** The file checked, or `memory`. */
  location: string;
  /** The layout version of the database (migrations applied), when there is one. */
  layout_version: number | undefined;
  scopes: number;
  snapshots: number;
  runs: number;
  problems: CheckProblem[];
}

export interface RetentionOptions {
  /** Snapshots kept per scope, newest first (default 30, at least 1). */
  keepSnapshots?: number;
  /** Ledger rows kept per scope, newest first (default 1,000, at least 1). */
  keepRuns?: number;
}

export const DEFAULT_KEEP_SNAPSHOTS = 30;
export const DEFAULT_KEEP_RUNS = 1000;

export interface StateStore {
  /** The file the store lives in, or `memory`. */
  readonly location: string;
  /** The scope's head, or undefined when nothing was committed to it. */
  latest(scope: Scope): Promise<StoredSnapshot | undefined>;
  /** A snapshot by id, or undefined when there is none (never committed, or pruned). */
  get(id: string): Promise<StoredSnapshot | undefined>;
  /**
   * Commits `snapshot` as the scope's new head if the head is still
   * `expectedParent` (null: the scope has no head yet); otherwise throws a
   * ConflictError and writes nothing. With `run`, the run's ledger row is
   * written in the same transaction, pointing at the new snapshot (its
   * `snapshot_id` is set to the new id). Retention runs in the same
   * transaction.
   */
  commit(
    scope: Scope,
    expectedParent: string | null,
    snapshot: StateSnapshot,
    run?: RunRecord,
  ): Promise<CommitResult>;
  /** The scope's snapshots, newest first, at most `limit` (default all that are kept). */
  history(scope: Scope, limit?: number): Promise<SnapshotSummary[]>;
  /** Every scope that has a head or a ledger row, by key. */
  scopes(): Promise<ScopeSummary[]>;
  /**
   * Records a run that produced no new snapshot (failed, refused, or one that
   * points at an existing snapshot of its scope). A run id is recorded once per
   * scope: recording it again is refused (`record_refused`).
   */
  recordRun(run: RunRecord): Promise<void>;
  /** The scope's ledger, newest first, at most `limit` (default all that are kept). */
  runs(scope: Scope, limit?: number): Promise<LedgerEntry[]>;
  /** A read-only integrity report: what is wrong and what to do. Never throws for damage. */
  check(): Promise<CheckReport>;
  close(): Promise<void>;
}

/**
 * The head moved since the caller read it: another run committed first.
 * Recognisable by `instanceof ConflictError` or by `code === "state_conflict"`.
 */
export class ConflictError extends UserError {
  readonly scope: string;
  readonly expected: string | null;
  readonly actual: string | null;

  constructor(scope: string, expected: string | null, actual: string | null, file?: string) {
    super(
      "state_conflict",
      `The head of ${scope} is ${actual === null ? "empty" : `snapshot ${actual}`}, not ${expected === null ? "empty" : `snapshot ${expected}`} as this run expected${file ? ` (in ${file})` : ""}: another run committed first. Nothing was written.`,
      file === undefined ? {} : { file },
    );
    this.name = "ConflictError";
    this.scope = scope;
    this.expected = expected;
    this.actual = actual;
  }
}

export function isConflict(error: unknown): error is UserError {
  return error instanceof UserError && error.code === "state_conflict";
}

/** A caller handed the store something it must not persist. A bug, not a user error. */
export class InvalidSnapshotError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidSnapshotError";
  }
}

/** A new opaque snapshot id. */
export function newSnapshotId(): string {
  return randomUUID();
}

export function resolveRetention(options: RetentionOptions = {}): Required<RetentionOptions> {
  const keepSnapshots = options.keepSnapshots ?? DEFAULT_KEEP_SNAPSHOTS;
  const keepRuns = options.keepRuns ?? DEFAULT_KEEP_RUNS;
  for (const [name, value] of [
    ["keepSnapshots", keepSnapshots],
    ["keepRuns", keepRuns],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) {
      throw new RangeError(`${name} must be a whole number of at least 1 (got ${value})`);
    }
  }
  return { keepSnapshots, keepRuns };
}

/**
 * Checks the arguments of a commit before anything is written. Returns the
 * scope key and the snapshot as the schema reads it (unknown keys stripped),
 * which is what gets stored.
 */
export function validateCommit(
  scope: Scope,
  snapshot: StateSnapshot,
  run: RunRecord | undefined,
): { key: string; snapshot: StateSnapshot } {
  const problem = scopeProblem(scope);
  if (problem) throw new InvalidSnapshotError(`Invalid scope: ${problem}.`);
  const key = scopeKey(scope);
  const read = readSnapshotDocument(snapshot);
  if (!read.ok) {
    throw new InvalidSnapshotError(
      `Refusing to commit a snapshot this version could not read back: ${read.detail}`,
    );
  }
  if (snapshot.project !== scope.project || snapshot.environment !== scope.environment) {
    throw new InvalidSnapshotError(
      `The snapshot is for ${snapshot.project}/${snapshot.environment} but is being committed to ${key}.`,
    );
  }
  if (run) validateRun(run, key);
  return { key, snapshot: read.snapshot };
}

export function validateRun(run: RunRecord, expectedScope?: string): void {
  const parsed = runRecordSchema.safeParse(run);
  if (!parsed.success) {
    throw new InvalidSnapshotError(
      `Invalid run record: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
    );
  }
  if (run.run_id === "") throw new InvalidSnapshotError("A run record needs a run_id.");
  const scope = parseScopeKey(run.scope);
  const problem = scope ? scopeProblem(scope) : "it is not <project>/<environment>";
  if (problem) throw new InvalidSnapshotError(`Invalid run scope ${run.scope}: ${problem}.`);
  if (expectedScope !== undefined && run.scope !== expectedScope) {
    throw new InvalidSnapshotError(
      `The run is for scope ${run.scope} but is being committed to ${expectedScope}.`,
    );
  }
}

export function duplicateRun(run: RunRecord, file?: string): UserError {
  return new UserError(
    "record_refused",
    `Run ${run.run_id} is already in the ledger of ${run.scope}${file ? ` (in ${file})` : ""}; nothing was written.`,
    {
      ...(file === undefined ? {} : { file }),
      hint: "A run is recorded once. If this is a re-run, give it its own run id (for example, include the attempt number).",
    },
  );
}

export function unknownRunSnapshot(run: RunRecord, file?: string): UserError {
  return new UserError(
    "record_refused",
    `Run ${run.run_id} says it produced snapshot ${run.snapshot_id}, which is not a snapshot of ${run.scope}${file ? ` in ${file}` : ""}; nothing was written.`,
    {
      ...(file === undefined ? {} : { file }),
      hint: "Record the run through commit() to attach a new snapshot, or with the id of a snapshot of the same scope.",
    },
  );
}
