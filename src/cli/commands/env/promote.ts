/**
 * `ods-state env promote`: main's manifest planned over prod's state, and
 * the environment's tables that are provably main's build promoted into prod
 * (src/app/promotion/promote-environment.ts, the flow the action runs on a
 * merge). With --state, the committed promotion is written into prod's state
 * (src/app/promotion/promotion-state.ts), pending the record of the rest of
 * the run with `ods-state record`.
 */

import { promoteOverProd } from "../../../app/promotion/promote-over-prod.js";
import { DEFAULT_STATE_FILE } from "../../../app/scope.js";
import { UserError } from "../../../errors/user-error.js";
import { cliLog } from "../../cli-log.js";
import { sqlParserOf } from "../../column-impact.js";
import type { CliContext, ParsedValues } from "../../command.js";
import { createProgress } from "../../progress.js";
import { resolveFlagPath, stateFileAt, targetName } from "../../project-inputs.js";
import { environmentOf, envScopeOf, formatOf, labelOf, positiveNumber, printJson, str } from "./env-flags.js";
import { withWarehouse } from "./env-warehouse.js";
import { planningInputs } from "./prod-state.js";

export async function envPromote(values: ParsedValues, context: CliContext): Promise<number> {
  const label = labelOf(values)!;
  const format = formatOf(values);
  const progress = createProgress(context);
  const { project, scope, sources, head } = await planningInputs(values, context, progress);
  const envScope = envScopeOf("promote", values, context, scope.project);
  let name = environmentOf(label, envScope);
  const dryRun = values["dry-run"] === true;
  const stateFlag = str(values, "state");
  const loadSqlParser = sqlParserOf(values, context);
  await withWarehouse(
    values,
    context,
    envScope,
    async (ctx) => {
      name = environmentOf(label, ctx.scope);
      const outcome = await promoteOverProd(
        ctx,
        {
          environment: name,
          project,
          scope,
          sources,
          targetName: targetName(scope, str(values, "target")),
          head,
          promotedBy: str(values, "promoted-by") ?? `ods-state-cli@${ctx.now}`,
          retentionDays: positiveNumber(values, "retention-days"),
          allowNonAtomic: values["allow-non-atomic"] === true,
          dryRun,
          ...(stateFlag !== undefined
            ? { stateFile: stateFileAt(context, resolveFlagPath(context, stateFlag, DEFAULT_STATE_FILE)) }
            : {}),
        },
        {
          now: () => new Date(),
          log: cliLog(context),
          ...(loadSqlParser ? { loadSqlParser } : {}),
          phase: (description) => progress.phase(description),
        },
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
      const state = outcome.state ?? null;
      const committed = result.status === "committed" || result.status === "already_committed";
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
          stateFlag === undefined
            ? "State not updated (no --state): give --state DB to write the promotion into prod's state, or the next plan builds these nodes again.\n"
            : `State not updated: ${stateFlag} has no state of ${scope.project}/${scope.environment} to record the promotion in.\n`,
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
