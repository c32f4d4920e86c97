/**
 * What the comment shows besides the plan: the pull request, what the plan
 * was compared against, the PR environment, the promotion preview, the run's
 * outcome and where the full plan is. The caller (src/run/) fills it from
 * the event, the environment registry and the run results; the renderer only
 * formats it. Every string here is treated as untrusted too.
 */
import type { DataDiffReport } from "../state/data-diff.js";

export interface CommentContext {
  /** The dbt project; defaults to the plan's. Shown in the headline and the hidden marker. */
  project?: string;
  /** The pull request number; absent on main-branch runs (job summary). */
  pullRequest?: number;
  /** The commit the plan is for (the PR's head). */
  headSha?: string;
  /** `https://github.com/OWNER/REPO`, to link commits (and, with `pullRequest`, the files of the diff). */
  repositoryUrl?: string;
  /**
   * The time the comment is written for (ISO 8601), for "3 h ago"; defaults
   * to the plan's `planned_at`. A renderer never reads a clock.
   */
  now?: string;
  /**
   * GitHub's anchor of each file in the pull request's diff, by the plan
   * entry's `file`: the SHA-256 (hex) of the file's path in the repository
   * (`#diff-<hex>`). The caller computes it (it knows where the dbt project is
   * in the repository); the comment links a changed node to its file only
   * with this, `repositoryUrl` and `pullRequest`.
   */
  diffAnchors?: Readonly<Record<string, string>>;
  /** What the plan was compared against. Absent fields default to the plan's state. */
  base?: BaseDescription;
  environment?: EnvironmentBlock;
  promotion?: PromotionPreview;
  /** After the post step: what dbt did with the BUILD set. */
  outcome?: RunOutcome;
  links?: CommentLinks;
  /**
   * After the post step: what the pull request's build does to the data
   * (issue 23), shown as the "Data diff" section (src/comment/sections/data-diff.ts).
   */
  dataDiff?: DataDiffReport;
  /** ods-state's version, shown in the footer. */
  toolVersion?: string;
}

/**
 * What the plan was compared against, as a reviewer reads it: "compared with
 * prod from main@abc1234, 3 h ago", linked to the workflow run that saved
 * that state (never a dbt invocation id).
 */
export interface BaseDescription {
  /** The environment compared against, e.g. `prod`; defaults to the plan's environment. */
  environment?: string;
  /** The branch whose runs record that state (the default branch), e.g. `main`. */
  branch?: string | null;
  /** The commit that run built, when known. */
  commit?: string | null;
  /** The workflow run that saved the state compared with (`…/actions/runs/<id>`), when known. */
  runUrl?: string | null;
  /** When that state was recorded; defaults to `plan.state.created_at`. */
  recordedAt?: string | null;
}

export interface EnvironmentBlock {
  /** The environment's name, e.g. `pr_42`. */
  name: string;
  /** The schemas it owns. */
  schemas: string[];
  /** Unique ids of the nodes built into it. */
  builtHere: string[];
  /** Unique ids of the nodes it reads from prod through pointer views. */
  readsProd: string[];
  /** A query a reviewer can paste, e.g. `select * from analytics_pr_42.orders limit 10`. */
  exampleQuery?: string;
}

export interface PromotionPreview {
  /** The environment promoted into on merge; default `prod`. */
  into?: string;
  /** One per BUILD node. `reason` says why it can or can't be promoted (names in backticks). */
  nodes: Array<{ unique_id: string; promotable: boolean; reason: string }>;
}

export type NodeRunStatus = "built" | "failed" | "skipped";

export interface RunOutcome {
  /** Per BUILD node (by unique id): what dbt did. BUILD nodes missing here were not run. */
  nodes: Record<string, { status: NodeRunStatus; duration_s?: number; message?: string }>;
  /** Wall time of the dbt command. */
  total_duration_s?: number;
}

export interface CommentLinks {
  /** This run's job summary (the full plan). */
  jobSummary?: string;
  /** The plan file as an artifact. */
  planArtifact?: string;
  /** The full plan as a self-contained HTML page (src/comment/render-html.ts), uploaded as an artifact. */
  htmlPage?: string;
  /**
   * The plan file on the runner (the action's `plan-path` output): the job
   * summary says the whole plan is there when it is shortened. Not a link.
   */
  planFile?: string;
}
