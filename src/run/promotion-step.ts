/**
 * Promotion on merge, the action's side (src/app/promotion/merge-promotion.ts
 * decides): the main step asks GitHub which pull request the pushed commit
 * merged and promotes its environment; it hands the promotion to the post
 * step as a file in the runner's temp folder (the `promotion-path` output);
 * the post step records it with the run (src/app/promotion/promotion-state.ts),
 * drops the merged environment and runs the janitor.
 *
 * No token, or GitHub can't say which pull request the commit merged: nothing
 * is promoted, and dbt builds the whole plan, which is always correct.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dropMergedEnvironment } from "../app/environment/clean-up-environment.js";
import { collectEnvironments } from "../app/environment/janitor.js";
import {
  type MergePromotion,
  nothingToPromote,
  promoteMergedPullRequest,
} from "../app/promotion/merge-promotion.js";
import type { SourcesFreshness } from "../dbt/artifacts/sources.js";
import type { LoadedProject } from "../dbt/load-project.js";
import { projectNameOf } from "../dbt/project-name.js";
import { environmentName } from "../environment/index.js";
import { UserError } from "../errors/user-error.js";
import type { ActionInputs } from "../github/action-inputs.js";
import type { RunEnvironment } from "../github/event.js";
import type { Plan } from "../state/plan.js";
import type { StateSnapshot } from "../state/snapshot.js";
import { environmentScope, withEnvironmentContext } from "./environment-step.js";
import type { Ports } from "./ports.js";

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
  const scope = environmentScope(run, projectNameOf(input.project, "manifest"));
  return withEnvironmentContext(
    inputs,
    scope,
    ports,
    (ctx) =>
      promoteMergedPullRequest(ctx, log, {
        pullRequest,
        environment: environmentName(scope, pullRequest.number),
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
    run,
  );
}

export function savePromotion(tempDir: string, promotion: MergePromotion): string {
  const file = path.join(tempDir, "ods-state", "promotion.json");
  writeFileSync(file, `${JSON.stringify(promotion, null, 2)}\n`);
  return file;
}

export function loadPromotion(file: string): MergePromotion | null {
  if (file === "") return null;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as MergePromotion;
  } catch (error) {
    throw new UserError(
      "file_unreadable",
      `The main step's promotion record ${file} can't be read (${(error as Error).message}): the promoted nodes can't be recorded in prod state.`,
      {
        file,
        hint: "The main and post steps must run in the same job; the next run builds what this one promoted.",
      },
    );
  }
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
  run: RunEnvironment,
  ports: Ports,
  input: { promotion: MergePromotion | null; prod: StateSnapshot | null; project: string },
): Promise<void> {
  const { log } = ports;
  const open = ports.pullRequests ? await ports.pullRequests.open() : null;
  if (open && !open.ok) log.warning(open.warning);
  try {
    await withEnvironmentContext(
      inputs,
      environmentScope(run, input.project),
      ports,
      async (ctx) => {
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
      },
      run,
    );
  } catch (error) {
    log.warning(
      `Cleaning up environments failed (${error instanceof Error ? error.message : String(error)}); prod's state is recorded, and the next default-branch run or \`ods-state env gc\` tries again.`,
    );
  }
}
