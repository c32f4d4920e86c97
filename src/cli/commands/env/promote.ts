/**
 * `ods-state env promote`: main's manifest planned over prod's state, and
 * the environment's tables that are provably main's build promoted into prod
 * (src/app/promotion/promote-environment.ts, the flow the action runs on a
 * merge). With --state, the committed promotion is written into prod's state
 * (src/app/promotion/promotion-state.ts), pending the record of the rest of
 * the run with `ods-state record`.
 */

import { promoteEnvironment } from "../../../app/promotion/promote-environment.js";
import { commitPromotion, promotionRecorded } from "../../../app/promotion/promotion-state.js";
import type { LoadedProject } from "../../../dbt/load-project.js";
import type { PromotionResult } from "../../../environment/index.js";
import { isUserError, UserError } from "../../../errors/user-error.js";
import { plan } from "../../../planner/plan.js";
import type { Scope } from "../../../state/scope.js";
import type { StateSnapshot } from "../../../state/snapshot.js";
import { DEFAULT_STATE_FILE } from "../../../store/sqlite-store.js";
import { cliColumnFacts } from "../../column-impact.js";
import type { CliContext, ParsedValues } from "../../command.js";
import { createProgress } from "../../progress.js";
import { openStateForWriting, resolveFlagPath, targetOf } from "../../project-inputs.js";
import { environmentOf, envScopeOf, formatOf, labelOf, positiveNumber, printJson, str } from "./env-flags.js";
import { withWarehouse } from "./env-warehouse.js";
import { planningInputs, type StateUpdate } from "./prod-state.js";

/**
 * Writes a committed promotion into prod's state, so that `ods-state record`
 * of the rest of the run takes the promoted builds as the parents' runs and
 * the next plan reuses the promoted nodes. A rerun after the warehouse
 * committed but the state was not written finds the promotion
 * `already_committed` and writes it then; when the state already records it,
 * nothing is written.
 */
async function writePromotion(
  context: CliContext,
  file: string,
  scope: Scope,
  head: { id: string; snapshot: StateSnapshot },
  result: PromotionResult,
  promoted: { by: string; now: string; project: LoadedProject | null },
): Promise<StateUpdate> {
  const { by: promotedBy, now } = promoted;
  const nodes = result.promoted.map((node) => node.unique_id);
  const key = `${scope.project}/${scope.environment}`;
  if (promotionRecorded(head.snapshot, result.promoted))
    return { file, scope: key, snapshot_id: null, nodes };
  const store = await openStateForWriting(context, file);
  try {
    // Nothing left for dbt to build: the promotion is the whole change to prod, recorded complete under the
    // promoting run (as the action records it). Otherwise the record of the rest settles it.
    const id = await commitPromotion(store, scope, head, result.promoted, {
      promotedBy,
      complete: result.select === "" ? { now } : null,
      ...(promoted.project ? { project: promoted.project } : {}),
    });
    return { file, scope: key, snapshot_id: id, nodes };
  } catch (error) {
    if (!isUserError(error)) throw error;
    throw new UserError(
      error.code,
      `Promotion ${result.id ?? ""} is committed in the warehouse, but prod's state in ${file} was not updated: ${error.message}`,
      {
        file,
        hint: "Run the same `ods-state env promote` again (with the same --promoted-by): the warehouse reports the promotion as already committed and the state is written then.",
      },
    );
  } finally {
    await store.close();
  }
}

export async function envPromote(values: ParsedValues, context: CliContext): Promise<number> {
  const label = labelOf(values)!;
  const format = formatOf(values);
  const progress = createProgress(context);
  const { project, scope, sources, head, prod } = await planningInputs(values, context, progress);
  const envScope = envScopeOf("promote", values, context, scope.project);
  let name = environmentOf(label, envScope);
  const dryRun = values["dry-run"] === true;
  const stateFile = str(values, "state");
  const columnFacts = await cliColumnFacts(values, context, project, prod);
  await withWarehouse(
    values,
    context,
    envScope,
    async (ctx) => {
      name = environmentOf(label, ctx.scope);
      const retentionDays = positiveNumber(values, "retention-days");
      const promotedBy = str(values, "promoted-by") ?? `ods-state-cli@${ctx.now}`;
      const outcome = await promoteEnvironment(
        ctx,
        {
          environment: name,
          planMain: () =>
            plan({
              project,
              scope,
              state: head ? { id: head.id, snapshot: head.snapshot } : null,
              sources,
              select: [],
              now: ctx.now,
              target: targetOf(project, scope, str(values, "target")),
              ...(columnFacts ? { columnFacts } : {}),
            }),
          mainProject: project,
          prod,
          sources,
          promotedBy,
          retentionDays,
          allowNonAtomic: values["allow-non-atomic"] === true,
          dryRun,
        },
        (description) => progress.phase(description),
      );
      // No such environment is an error, not "nothing to promote".
      if (outcome.status === "no_environment") {
        throw new UserError(
          "environment_unknown",
          `There is no environment ${name} in ${ctx.warehouse.label}${outcome.record ? " any more (it was removed)" : ""}: nothing can be promoted from it.`,
        );
      }
      // The warehouse's error as it is: its transaction changed nothing.
      if (outcome.status === "failed") throw outcome.error;
      if (outcome.status !== "promoted") throw new Error(`promotion ${outcome.status}`);
      const { result } = outcome;
      let state: StateUpdate | null = null;
      const committed = result.status === "committed" || result.status === "already_committed";
      if (stateFile !== undefined && head && !dryRun && committed && result.promoted.length > 0) {
        progress.phase("writing the promotion into prod's state");
        state = await writePromotion(
          context,
          resolveFlagPath(context, stateFile, DEFAULT_STATE_FILE),
          scope,
          head,
          result,
          // With column impact, reads kept over a promoted parent's unread change are carried (issue 24).
          { by: promotedBy, now: ctx.now, project: columnFacts ? project : null },
        );
      }
      progress.done();
      if (format === "json") {
        printJson(context, { ...result, state });
        return;
      }
      const promoted = result.decisions.filter((d) => d.promotable).length;
      context.stdout(
        `Promotion from ${name} (${result.status}${result.id ? ` ${result.id}` : ""}): ${promoted} of ${result.decisions.length} built node${result.decisions.length === 1 ? "" : "s"} ${result.status === "dry_run" ? "would be" : "are"} promoted.\n`,
      );
      for (const decision of result.decisions) {
        context.stdout(
          `  ${decision.promotable ? "PROMOTE" : "BUILD  "} ${decision.name}: ${decision.reason.message}\n`,
        );
      }
      for (const kept of result.views.kept)
        context.stdout(
          `  ${kept.table}: owner ${kept.owner} and ${kept.privileges} privilege${kept.privileges === 1 ? "" : "s"} kept from the replaced table\n`,
        );
      for (const view of result.views.materialized)
        context.stdout(`  materialized view ${view} recreated over the promoted table\n`);
      for (const left of result.views.left)
        context.stdout(`  warning: view ${left.view} still reads the replaced table: ${left.error}\n`);
      if (state?.snapshot_id) {
        context.stdout(
          `State updated: ${state.scope} in ${state.file} records ${state.nodes.length} promoted node${state.nodes.length === 1 ? "" : "s"} (snapshot ${state.snapshot_id}); record the rest of the run with \`ods-state record\`.\n`,
        );
      } else if (state) {
        context.stdout(`State: ${state.scope} in ${state.file} already records this promotion.\n`);
      } else if (committed && result.promoted.length > 0) {
        context.stdout(
          stateFile === undefined
            ? "State not updated (no --state): give --state DB to write the promotion into prod's state, or the next plan builds these nodes again.\n"
            : `State not updated: ${stateFile} has no state of ${scope.project}/${scope.environment} to record the promotion in.\n`,
        );
      }
      if (result.build_command) context.stdout(`Then: ${result.build_command}\n`);
      if (!result.select_exact) {
        const extra = result.select_extra?.length ?? 0;
        context.stdout(
          `warning: no exact dbt selection of the rest fits the bounds: the command runs ${extra} node${extra === 1 ? "" : "s"} and test${extra === 1 ? "" : "s"} beyond it (more, never less; \`--format json\` lists them under select_extra).\n`,
        );
      }
    },
    // One promotion at a time (docs/environments.md, Limits): an unfinished one is recovered at once.
    { progress, overlapsPromotions: false },
  ).finally(() => progress.done());
  return 0;
}
