import { z } from "zod";

/** One entry of the run ledger: every run ODS recorded (or refused), with what it produced. */
export const runRecordSchema = z.object({
  run_id: z.string(),
  scope: z.string(),
  /** dbt's invocation_id of the run's results, when it came from dbt. */
  invocation_id: z.string().nullable(),
  /** dbt's command, e.g. `build`, `run`. */
  command: z.string(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  /**
   * `success`: every selected node built; `partial`: some failed (the run still
   * produced a snapshot advancing what succeeded); `failed`: nothing recorded
   * from it; `refused`: `record` refused it and wrote nothing (see `detail`).
   */
  status: z.enum(["success", "partial", "failed", "refused"]),
  /** The snapshot this run produced, when it produced one. */
  snapshot_id: z.string().nullable(),
  /** Why the run failed or was refused, in words (optional; no secrets). */
  detail: z.string().optional(),
});
export type RunRecord = z.infer<typeof runRecordSchema>;
