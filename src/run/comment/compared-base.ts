/**
 * What the plan was compared with, for the comment's reference point
 * ("compared with prod from main, 3 h ago", linked to the run): prod's state
 * is recorded only by runs on the default branch, and the run that saved
 * the restored state is named by where it came from: a cache entry's key
 * ends with the saving run's id and attempt (cache-keys.ts), an artifact
 * belongs to its workflow run. The state itself holds dbt's invocation id,
 * never a GitHub run, and no commit: the main step asks GitHub for that
 * run's commit (github/workflow-runs.ts) and leaves it out when it can't.
 */
import type { BaseDescription } from "../../comment/comment-context.js";
import type { RunEnvironment } from "../../github/event.js";
import type { RestoreSource } from "../../github/state-transport/restore-source.js";

export function comparedBase(
  source: RestoreSource,
  run: RunEnvironment,
  repositoryUrl: string,
): BaseDescription {
  const base: BaseDescription = { branch: run.defaultBranch };
  const savedBy = savingRun(source);
  if (savedBy !== null) base.runUrl = `${repositoryUrl}/actions/runs/${savedBy}`;
  return base;
}

/** The workflow run that saved the state restored from `source`, when it says. */
export function savingRun(source: RestoreSource): number | null {
  if (source.kind === "artifact") return source.runId > 0 ? source.runId : null;
  if (source.kind === "cache") {
    const m = /-(\d+)-\d+$/.exec(source.key);
    return m ? Number(m[1]) : null;
  }
  return null;
}
