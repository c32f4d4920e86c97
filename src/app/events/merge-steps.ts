/**
 * Promotion on merge, the action's side (src/app/promotion/merge-promotion.ts
 * decides): the main step asks GitHub which pull request the pushed commit
 * merged and promotes its environment; it hands the promotion to the post
 * step in the hand-off (hand-off.ts); the post step records it with the run (src/app/promotion/promotion-state.ts),
 * drops the merged environment and runs the janitor.
 *
 * No token, or GitHub can't say which pull request the commit merged: nothing
 * is promoted, and dbt builds the whole plan, which is always correct.
 */
import type { SourcesFreshness } from "../../dbt/artifacts/sources.js";
import type { LoadedProject } from "../../dbt/load-project.js";
import { environmentName } from "../../environment/index.js";
import type { ActionInputs } from "../../github/action-inputs.js";
import type { RunEnvironment } from "../../github/event.js";
import type { Plan } from "../../state/plan.js";
import type { StateSnapshot } from "../../state/snapshot.js";
import { dropMergedEnvironment } from "../environment/clean-up-environment.js";
import { collectEnvironments } from "../environment/janitor.js";
import {
  type MergePromotion,
  nothingToPromote,
  promoteMergedPullRequest,
} from "../promotion/merge-promotion.js";
import type { WarehouseSession } from "./environment-steps.js";
import type { CountedPorts } from "./step-counts.js";

type Ports = CountedPorts;

export interface PromoteOnMergeInput {
  plan: Plan;
  project: LoadedProject;
  prod: StateSnapshot | null;
  sources: SourcesFreshness | null;
  /** `command: promote`: a commit that merged no pull request is an error, not a note. */
  required: boolean;
}

/** The merged pull request's environment promoted into prod; null when this run merged none that has one. */
export async function promoteOnMerge(
  inputs: ActionInputs,
  run: RunEnvironment,
  ports: Ports,
  session: WarehouseSession,
  input: PromoteOnMergeInput,
): Promise<MergePromotion | null> {
  const { log } = ports;
  const sha = "sha" in run.event ? run.event.sha : "";
  if (run.event.kind !== "push" && !input.required) return null;
  if (sha === "")
    return nothingToPromote(
      input.required,
      log,
      "No commit SHA (GITHUB_SHA) in this run: nothing can be promoted.",
    );
  if (!ports.pullRequests) {
    log.warning(
      "No `github-token`: ods-state can't ask GitHub which pull request this commit merged, so nothing is promoted and dbt builds the whole plan.",
    );
    return null;
  }
  const found = await ports.pullRequests.mergedAs(sha, run.defaultBranch);
  if (!found.ok) {
    log.warning(found.warning);
    return null;
  }
  if (found.value === null) {
    return nothingToPromote(
      input.required,
      log,
      `Commit ${sha.slice(0, 12)} is not the merge of a pull request into \`${run.defaultBranch}\`: nothing to promote.`,
    );
  }
  const pullRequest = found.value;
  return session.use((ctx) =>
    promoteMergedPullRequest(ctx, log, {
      pullRequest,
      environment: environmentName(ctx.scope, pullRequest.number),
      promotedBy: String(run.runId),
      plan: input.plan,
      project: input.project,
      prod: input.prod,
      sources: input.sources,
      enabled: inputs.promote,
      allowNonAtomic: inputs.allowNonAtomic,
      retentionDays: inputs.retentionDays,
      required: input.required,
    }),
  );
}

/**
 * After the default branch recorded its run, and in `command: janitor`: the
 * merged pull request's environment (when there was one) is dropped, since
 * what it built now lives in prod or was rebuilt; then the janitor removes
 * environments closed longer than the retention. Problems are warnings:
 * prod is recorded and fine, and the janitor tries again next time.
 */
export async function cleanUpEnvironments(
  inputs: ActionInputs,
  ports: Ports,
  session: WarehouseSession,
  input: { promotion: MergePromotion | null; prod: StateSnapshot | null },
): Promise<void> {
  const { log } = ports;
  const open = ports.pullRequests ? await ports.pullRequests.open() : null;
  if (open && !open.ok) log.warning(open.warning);
  try {
    await session.use(async (ctx) => {
      if (input.promotion) {
        const name = input.promotion.environment;
        const report = await dropMergedEnvironment(ctx, { name, prod: input.prod });
        if (report.complete) log.info(`Environment ${name} dropped (${report.dropped.length} objects).`);
        else
          log.warning(
            `Environment ${name}: ${report.failed.length} object${report.failed.length === 1 ? "" : "s"} could not be dropped (${report.failed.map((f) => `${f.object}: ${f.error}`).join("; ")}); the janitor tries again.`,
          );
      }
      const janitor = await collectEnvironments(ctx, {
        retentionDays: inputs.retentionDays,
        openPullRequests: open?.ok ? open.value : undefined,
        prod: input.prod,
      });
      for (const name of janitor.marked_closed)
        log.info(`Janitor: ${name}'s pull request is closed; marked closed.`);
      for (const cleaned of janitor.environments) log.info(`Janitor: dropped ${cleaned.environment}.`);
      for (const expired of janitor.expired_promotions)
        log.info(
          `Janitor: promotion ${expired.id} past its retention; dropped ${expired.dropped.join(", ") || "nothing"}.`,
        );
      for (const problem of janitor.problems) log.warning(`Janitor: ${problem.object}: ${problem.error}`);
    });
  } catch (error) {
    log.warning(
      `Cleaning up environments failed (${error instanceof Error ? error.message : String(error)}); prod's state is recorded, and the next default-branch run or \`ods-state env gc\` tries again.`,
    );
  }
}
