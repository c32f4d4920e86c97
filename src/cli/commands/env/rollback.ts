/**
 * `ods-state env rollback`: a promotion undone (src/app/promotion/
 * rollback-promotion.ts). With --state (given explicitly), prod's state stops
 * recording the rolled-back builds now; without it, the next action run with
 * the warehouse reconciles the state it restores.
 */
import { existsSync } from "node:fs";
import { recordRollback, rollBackPromotion } from "../../../app/promotion/rollback-promotion.js";
import { DEFAULT_ENVIRONMENT, DEFAULT_STATE_FILE } from "../../../app/scope.js";
import type { EnvContext } from "../../../environment/index.js";
import type { CliContext, ParsedValues } from "../../command.js";
import { openStateForWriting, resolveFlagPath } from "../../project-inputs.js";
import { environmentOf, formatOf, labelOf, optionalProjectScope, printJson, str } from "./env-flags.js";
import { withWarehouse } from "./env-warehouse.js";
import { latestState, type StateUpdate } from "./prod-state.js";

export async function envRollback(values: ParsedValues, context: CliContext): Promise<number> {
  const label = labelOf(values, false);
  const { envScope } = optionalProjectScope("rollback", values, context);

  const stateFile = str(values, "state");
  await withWarehouse(
    values,
    context,
    envScope,
    async (ctx) => {
      const environment = label !== undefined ? environmentOf(label, ctx.scope) : undefined;
      const result = await rollBackPromotion(ctx, {
        ...(str(values, "id") ? { id: str(values, "id") } : {}),
        ...(environment ? { environment } : {}),
        resume: values.resume === true,
        allowNonAtomic: values["allow-non-atomic"] === true,
        dryRun: values["dry-run"] === true,
        // With --state, a later run of a promoted node recorded there refuses the rollback too.
        ...(stateFile !== undefined
          ? {
              prodState: (project: string) =>
                latestState(context, stateFile, project, str(values, "environment")),
            }
          : {}),
      });
      // With --state (given explicitly), prod's state stops recording the rolled-back builds now; without it,
      // the next action run with the warehouse reconciles the state it restores (src/environment/promotion/reconcile.ts).
      const state =
        stateFile !== undefined && values["dry-run"] !== true && result.id !== null
          ? await writeRollback(
              context,
              resolveFlagPath(context, stateFile, DEFAULT_STATE_FILE),
              ctx,
              result.id,
              str(values, "environment"),
            )
          : null;
      if (formatOf(values) === "json") {
        printJson(context, { ...result, ...(state ? { state } : {}) });
        return;
      }
      context.stdout(
        `Rollback${result.id ? ` of promotion ${result.id}` : ""}: ${result.status.replaceAll("_", " ")}.\n`,
      );
      for (const node of result.restored) {
        context.stdout(
          `  ${node.target.schema}.${node.target.identifier}: prod's previous table is back; the promoted one is kept as ${node.promoted_kept_as.identifier}\n`,
        );
      }
      for (const view of result.views?.materialized ?? [])
        context.stdout(`  materialized view ${view} recreated over the restored table\n`);
      for (const left of result.views?.left ?? [])
        context.stdout(`  warning: view ${left.view} still reads the promoted table: ${left.error}\n`);
      for (const id of result.resumed) context.stdout(`  finished interrupted promotion ${id}\n`);
      if (state) {
        context.stdout(
          state.snapshot_id
            ? `State updated: ${state.scope} in ${state.file} records ${state.nodes.length} node${state.nodes.length === 1 ? "" : "s"} as their previous builds again (snapshot ${state.snapshot_id}).\n`
            : `State: ${state.scope} in ${state.file} records no build of this promotion.\n`,
        );
      } else if (stateFile === undefined && result.status === "rolled_back") {
        context.stdout(
          "Prod's state was not given (--state): the next action run with this warehouse counts these nodes as their previous builds.\n",
        );
      }
    },
    { overlapsPromotions: false },
  );
  return 0;
}

/** Prod's state without the rolled-back promotion's builds (the same reconciliation the action applies). */
async function writeRollback(
  context: CliContext,
  file: string,
  ctx: EnvContext,
  promotionId: string,
  environment: string | undefined,
): Promise<StateUpdate> {
  const update = await recordRollback(ctx, {
    promotionId,
    environment: environment ?? DEFAULT_ENVIRONMENT,
    openStore: async () => (existsSync(file) ? openStateForWriting(context, file) : null),
  });
  return {
    file,
    scope: `${update.scope.project}/${update.scope.environment}`,
    snapshot_id: update.snapshotId,
    nodes: update.nodes,
  };
}
