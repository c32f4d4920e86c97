/**
 * The persisted state: what ODS has seen built successfully, per scope.
 * Snapshots are immutable JSON documents; every field added after 1.0 is
 * optional so that older documents still read.
 *
 * 1.0 nodes with fingerprints, builds, upstream evidence
 * 1.1 target identity (ADR-0017), tested builds
 * 1.2 tested sources
 * 1.3 partial builds (`NodeState.partial`)
 * 1.4 checks keys (`TestRecord.checks_key`): a cheap proof that the checks are unchanged
 * 1.5 column facts of a build (`NodeState.facts`) and reads carried over a change not read (`NodeState.carried`)
 * 1.6 the last recorded writer of each relation (`StateSnapshot.relations`, issue 36): a later write of a
 *     node's relation by another node or command (`dbt clone`, a renamed model's alias) invalidates its build
 * 1.7 the value key (`value_key`): the random key of the `value:` fingerprint components' keyed digests
 * 1.8 the data diff's keys as the recorded run's manifest declares them (`diff_keys`, issue 37): a pull
 *     request's data diff shows key values only for a key prod's record declares
 */
import { z } from "zod";
import { compileFastCheck } from "./fast-validate.js";
import { canRead, formatSchemaVersion, parseSchemaVersion, type SchemaVersion } from "./schema-version.js";

export const SNAPSHOT_SCHEMA_VERSION: SchemaVersion = { major: 1, minor: 8 };

export const exactnessSchema = z.enum(["exact", "semantic", "proxy", "inferred", "none"]);
export type Exactness = z.infer<typeof exactnessSchema>;

/** A fingerprint: component name -> SHA-256 hex, plus the digest over the sorted components. */
export const fingerprintSchema = z.object({
  scheme: z.string(),
  digest: z.string(),
  components: z.record(z.string(), z.string()),
});
export type Fingerprint = z.infer<typeof fingerprintSchema>;

/** A version of upstream data, e.g. a source's max_loaded_at, with when it was observed. */
export const dataVersionSchema = z.object({
  value: z.string(),
  exactness: exactnessSchema,
  observed_at: z.string(),
});
export type DataVersion = z.infer<typeof dataVersionSchema>;

/** Where a node's build went. `database` is null where the engine has none. */
export const relationSchema = z.object({
  database: z.string().nullable(),
  schema: z.string(),
  identifier: z.string(),
});
export type Relation = z.infer<typeof relationSchema>;

/** The last passing run of a node's (or source's) checks, against the checks digest it had then. */
export const testRecordSchema = z.object({
  run_id: z.string(),
  at: z.string(),
  checks_digest: z.string().optional(),
  /**
   * checksKey() of the same checks (src/dbt/checks-digest.ts): when the key
   * now is the same, the checks digest is too, and a plan doesn't compute it.
   * Absent before 1.4 (the digest is computed).
   */
  checks_key: z.string().optional(),
});
export type TestRecord = z.infer<typeof testRecordSchema>;

/**
 * Column facts of a build (issue 24, src/dbt/column-facts/facts.ts), stored
 * only when known (absent facts mean "unknown", and every rule then keeps
 * today's BUILD), compactly: a 10,000-node project's facts are most of its
 * snapshot. Each parent id is written once; a column read is a number, its
 * place in `reads` flattened (parent 0's columns first).
 */
export const storedColumnFactsSchema = z.object({
  version: z.number(),
  /** The parents (unique ids, sorted) whose columns `reads` lists, in the same order. */
  parents: z.array(z.string()),
  /** Per parent: the columns the build reads, sorted. */
  reads: z.array(z.array(z.string())),
  /** Output column names, in order. */
  columns: z.array(z.string()),
  /** The digest of each output column's lineage, 16 hex digits each, concatenated in the same order. */
  digests: z.string(),
  /** Per output column: the reads it is computed from. */
  from: z.array(z.array(z.number())),
  row_set: z.string(),
  /** The reads that decide which rows exist. */
  row_set_from: z.array(z.number()),
  /** Parents (indices into `parents`) whose columns reach the output through a `select *`. */
  star_from: z.array(z.number()),
});
export type StoredColumnFacts = z.infer<typeof storedColumnFactsSchema>;

export const nodeStateSchema = z.object({
  fingerprint: fingerprintSchema,
  version_key: z.string().optional(),
  /** Digest of the raw file text, outside the fingerprint: lets a REUSE say "only formatting changed". */
  raw_digest: z.string().optional(),
  run_id: z.string(),
  built_at: z.string(),
  materialized: z.string().optional(),
  relation: relationSchema.nullable().optional(),
  /** The run whose build of each parent node this build read. */
  parents: z.record(z.string(), z.string()),
  /** The version of each source this build saw (absent: no evidence for that source). */
  sources: z.record(z.string(), dataVersionSchema),
  tested: testRecordSchema.optional(),
  /** Set when the build was made elsewhere (a PR environment) and promoted by this run. */
  promoted_by: z.string().optional(),
  /** The sql component over the portable SQL (relation names as placeholders): compared when planning a PR environment. */
  portable_sql: z.string().optional(),
  /** Seconds dbt took to build it (run_results execution_time), for "reuse saves about …". */
  duration_s: z.number().optional(),
  /**
   * Set when the run did not build the whole node (`--empty`, `--sample`, a
   * microbatch model bounded by `--event-time-start/--event-time-end` or with
   * failed batches): why, in words. The next plan builds it
   * (`last_build_partial`); a whole build replaces the entry. Absent before 1.3.
   */
  partial: z.object({ why: z.string() }).optional(),
  /** Column facts of this build's SQL, when known (absent before 1.5). */
  facts: storedColumnFactsSchema.optional(),
  /**
   * Parents whose recorded build was moved to a later one that changed only
   * columns this node does not read (parent_change_not_read): parent → the
   * run whose build it actually read. Absent before 1.5.
   */
  carried: z.record(z.string(), z.string()).optional(),
});
export type NodeState = z.infer<typeof nodeStateSchema>;

export const sourceStateSchema = z.object({
  tested: testRecordSchema.optional(),
  version: dataVersionSchema.optional(),
});
export type SourceState = z.infer<typeof sourceStateSchema>;

/** A non-secret identity of the dbt target a build went to (ADR-0017). */
export const targetIdentitySchema = z.object({
  name: z.string().optional(),
  adapter_type: z.string(),
  database: z.string().nullable().optional(),
  schema: z.string().nullable().optional(),
});
export type TargetIdentity = z.infer<typeof targetIdentitySchema>;

/**
 * The last recorded write of one relation (issue 36, "relations, not only
 * nodes"): which node's result wrote it, in which run, by which dbt command.
 * A node whose recorded build went to a relation whose last writer is
 * another node, or the same node in another run (a `dbt clone` over it), no
 * longer has its build there (`relation_overwritten`).
 */
export const relationWriteSchema = z.object({
  node: z.string(),
  run_id: z.string(),
  /** The dbt command (`run_results.args.which`): build, run, seed, snapshot, clone. */
  command: z.string(),
});
export type RelationWrite = z.infer<typeof relationWriteSchema>;

/**
 * The unique key a data diff matches a node's rows on, as a manifest declares
 * it (src/dbt/diff-keys.ts): the columns, and where the declaration came from.
 */
export const diffKeySchema = z.object({
  columns: z.array(z.string()),
  source: z.enum(["meta", "unique_key", "primary_key", "tests", "snapshot"]),
});

export const snapshotSchema = z.object({
  schema_version: z.string(),
  project: z.string(),
  environment: z.string(),
  /** The run that produced this snapshot. */
  run_id: z.string(),
  created_at: z.string(),
  target: targetIdentitySchema.optional(),
  /**
   * The key of the keyed digests (HMAC-SHA256) in the `value:` fingerprint
   * components (issue 36): 32 random bytes as hex, made at the edge when a
   * record makes the scope's first snapshot and carried forward by every
   * record after it. The digests of values read at run time are taken with
   * it, so that a digest alone says nothing of its value and can't be
   * matched across states. Absent before 1.6 (no `value:` components).
   */
  value_key: z.string().optional(),
  nodes: z.record(z.string(), nodeStateSchema),
  sources: z.record(z.string(), sourceStateSchema).optional(),
  /**
   * The last recorded writer of each relation, keyed by its identity as the
   * warehouse resolves names (src/dbt/relation-identity.ts `relationKey`:
   * database, schema, identifier folded per adapter and quoting, NUL-joined).
   * Absent before 1.6: nothing is known to have been overwritten.
   */
  relations: z.record(z.string(), relationWriteSchema).optional(),
  /**
   * The data diff's key of every node the recorded run's manifest declares one
   * for (src/dbt/diff-keys.ts), by unique id, replaced by each record (issue
   * 37). A pull request's data diff shows key values only for the key prod's
   * record declares: a key a pull request adds or changes is used for counts
   * alone, so its manifest can't choose which column's values the comment
   * prints. Absent before 1.8: no key values are shown until the default
   * branch's next record.
   */
  diff_keys: z.record(z.string(), diffKeySchema).optional(),
});
export type StateSnapshot = z.infer<typeof snapshotSchema>;

export type SnapshotReadResult =
  | { ok: true; snapshot: StateSnapshot }
  | { ok: false; problem: "version_newer" | "version_invalid" | "invalid"; detail: string };

/** Decides exactly as snapshotSchema does for documents with only known keys (see fast-validate.ts). */
const fastSnapshotCheck = compileFastCheck(snapshotSchema);

/**
 * Validates a snapshot document, refusing versions this reader cannot read.
 * Pure: the caller turns a failure into an error naming its file.
 *
 * A document that has exactly the schema's shape (no unknown keys) is returned
 * as is, without a copy: zod's output would be deep-equal to it, and checking
 * it that way is ~20x faster on a 10,000-node snapshot. Anything else goes
 * through zod, which strips unknown keys (into a new object) or reports every
 * problem. Callers that keep mutating `document` afterwards should copy it.
 */
export function readSnapshotDocument(document: unknown): SnapshotReadResult {
  const declared =
    typeof document === "object" && document !== null
      ? (document as { schema_version?: unknown }).schema_version
      : undefined;
  const version = typeof declared === "string" ? parseSchemaVersion(declared) : undefined;
  if (!version) {
    return {
      ok: false,
      problem: "version_invalid",
      detail: `schema_version is ${JSON.stringify(declared)}, not MAJOR.MINOR`,
    };
  }
  if (!canRead(SNAPSHOT_SCHEMA_VERSION, version)) {
    return {
      ok: false,
      problem: "version_newer",
      detail: `document schema_version ${declared} cannot be read by this version (reads ${SNAPSHOT_SCHEMA_VERSION.major}.0 to ${formatSchemaVersion(SNAPSHOT_SCHEMA_VERSION)})`,
    };
  }
  if (fastSnapshotCheck?.(document)) return { ok: true, snapshot: document as StateSnapshot };
  const parsed = snapshotSchema.safeParse(document);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .slice(0, 20)
      .map((issue) => `$.${issue.path.join(".")}: ${issue.message}`)
      .join("; ");
    return { ok: false, problem: "invalid", detail };
  }
  return { ok: true, snapshot: parsed.data };
}
