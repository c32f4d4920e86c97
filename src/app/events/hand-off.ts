/**
 * What the action's main step hands its post step (issue 38): ONE
 * versioned document, validated when the post step reads it. It replaces
 * the step-state keys, the temporary files the post step read back and the
 * unchecked casts of before. The main step writes it to the runner's temp
 * folder (src/run/hand-off-file.ts; the step state holds only its path).
 *
 * An unknown version or a document the schema refuses is a `hand_off_invalid`
 * error naming the file: the job is re-run, never guessed at.
 */
import { z } from "zod";
import { UserError } from "../../errors/user-error.js";
import { compileFastCheck } from "../../state/fast-validate.js";
import type { Plan } from "../../state/plan.js";
import { planOf, planSchema } from "../../state/plan-schema.js";
import { nodeStateSchema } from "../../state/snapshot.js";
import type { MergePromotion } from "../promotion/merge-promotion.js";

/** 2: the planned keys replace the copy of the planned manifest (one manifest parse in the post step). */
export const HAND_OFF_VERSION = 2;

const qualifiedNameSchema = z.looseObject({ schema: z.string(), identifier: z.string() });

const promotionSchema = z.looseObject({
  pullRequest: z.looseObject({ number: z.number(), title: z.string(), headSha: z.string(), url: z.string() }),
  environment: z.string(),
  promotedBy: z.string(),
  report: z.looseObject({
    pullRequest: z.number(),
    environment: z.string(),
    status: z.enum(["committed", "already_committed", "nothing_to_promote", "skipped", "failed"]),
    note: z.string().optional(),
    id: z.string().nullable(),
    atomic: z.boolean(),
    nodes: z.array(
      z.looseObject({
        unique_id: z.string(),
        name: z.string(),
        promoted: z.boolean(),
        code: z.string(),
        message: z.string(),
      }),
    ),
    retainUntil: z.string().nullable(),
    viewsLeft: z.array(z.looseObject({ view: z.string(), error: z.string() })),
    materializedViews: z.array(z.string()).optional(),
  }),
  promoted: z.array(
    z.looseObject({
      unique_id: z.string(),
      from: qualifiedNameSchema,
      to: qualifiedNameSchema,
      retired: qualifiedNameSchema.nullable(),
      how: z.enum(["moved", "copied"]),
      pr_run_id: z.string(),
      state: nodeStateSchema,
    }),
  ),
  select: z.string(),
  exclude: z.string(),
  selectTerms: z.number(),
  selectExact: z.boolean(),
  selectExtra: z.array(z.string()),
  buildCount: z.number(),
});

const handOffSchema = z.object({
  // Checked before the schema (parseHandOff), to say which version it is.
  version: z.number(),
  /** The event the main step planned for. */
  mode: z.enum(["pr_plan", "default_branch", "plan_only"]),
  /** The state scope the plan is of. */
  scope: z.object({ project: z.string(), environment: z.string() }),
  /** The main step's plan: the post step's comment and summary show it (it plans nothing itself). */
  plan: planSchema,
  /** The plan file the main step wrote (the `plan-path` output), for the job summary's link. */
  planPath: z.string(),
  /**
   * On a pull request, what recording the environment's builds and the data diff read of the manifest the
   * main step planned from (dbt build rewrites the `manifest` input): per node, its version key, its
   * fingerprint's digest and `sql` component (src/dbt/fingerprint/planned-keys.ts); null otherwise (a
   * pull request's hand-off without them is refused: parseHandOff).
   */
  plannedKeys: z
    .record(z.string(), z.object({ key: z.string(), digest: z.string(), sql: z.string().optional() }))
    .nullable(),
  /** dbt's invocation id of the run results that existed before the job's dbt step ("" when none). */
  resultsBefore: z.string(),
  /** What the plan was compared with (the comment's reference point). */
  comparedBase: z.object({
    environment: z.string().optional(),
    branch: z.string().nullable().optional(),
    commit: z.string().nullable().optional(),
    runUrl: z.string().nullable().optional(),
  }),
  /** The full plan page's link, when it was uploaded. */
  planPageUrl: z.string().nullable(),
  /** After a merge: what the main step promoted, to record with the run. */
  promotion: promotionSchema.nullable(),
  /**
   * The pull request's plan over prod alone, for the data diff; `"plan"` when it is `plan` itself (written
   * once); null when there is no diff to make.
   */
  dataDiffPlan: z.union([z.literal("plan"), planSchema]).nullable(),
});

type HandOffDocument = z.infer<typeof handOffSchema>;

/**
 * The fast path (src/state/fast-validate.ts): "zod would accept it" for a
 * 10,000-node plan in a fraction of zod's time; anything it can't vouch for
 * goes to zod, which reports the problems.
 */
const fastHandOffCheck = compileFastCheck(handOffSchema, { mode: "accepts" });

/** Whether the schema has its fast path (a schema change that loses it makes reading slower, never looser). */
export const HAND_OFF_FAST_PATH = fastHandOffCheck !== undefined;

/** The document, typed as the rest of the code knows its parts. */
export interface HandOff extends Omit<HandOffDocument, "plan" | "dataDiffPlan" | "promotion"> {
  plan: Plan;
  dataDiffPlan: Plan | null;
  promotion: MergePromotion | null;
}

/** The document's text (JSON). */
export function serializeHandOff(handOff: Omit<HandOff, "version">): string {
  const dataDiffPlan = handOff.dataDiffPlan === handOff.plan ? "plan" : handOff.dataDiffPlan;
  return `${JSON.stringify({ version: HAND_OFF_VERSION, ...handOff, dataDiffPlan })}\n`;
}

/** The hand-off in `text` (read from `file`), validated; a `hand_off_invalid` error when it is not one this version wrote. */
export function parseHandOff(text: string, file: string): HandOff {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw invalid(file, `is not JSON (${(error as Error).message})`);
  }
  const version =
    typeof value === "object" && value !== null ? (value as { version?: unknown }).version : undefined;
  if (version !== HAND_OFF_VERSION) {
    throw invalid(
      file,
      `has version ${JSON.stringify(version ?? null)}; this ods-state reads version ${HAND_OFF_VERSION} (the main step ran another version of the action)`,
    );
  }
  let document: HandOffDocument;
  if (fastHandOffCheck?.(value)) document = value as HandOffDocument;
  else {
    const parsed = handOffSchema.safeParse(value);
    if (!parsed.success) throw invalid(file, "does not have the shape this version writes", parsed.error);
    document = parsed.data;
  }
  // A pull request's post step records the environment's builds under these keys: without them it would
  // take keys from the manifest dbt rewrote, which differ (compiled code only for what dbt ran).
  if (document.mode === "pr_plan" && document.plannedKeys === null)
    throw invalid(file, "is a pull request's without the planned manifest's keys");
  const plan = planOf(document.plan);
  return {
    ...document,
    plan,
    dataDiffPlan:
      document.dataDiffPlan === null
        ? null
        : document.dataDiffPlan === "plan"
          ? plan
          : planOf(document.dataDiffPlan),
    promotion: document.promotion === null ? null : promotionOf(document.promotion),
  };
}

/** What the schema accepts is a MergePromotion: this fails to compile when the schema and the type part. */
function promotionOf(value: z.infer<typeof promotionSchema>): MergePromotion {
  return value;
}

function invalid(file: string, what: string, error?: z.ZodError): UserError {
  const problems = (error?.issues ?? []).map((issue) => ({
    path: issue.path.length > 0 ? issue.path.map(String).join(".") : "(document)",
    message: issue.message,
  }));
  return new UserError(
    "hand_off_invalid",
    `The main step's hand-off ${file} ${what}: the post step can't tell what the main step planned.`,
    { file, problems },
  );
}
