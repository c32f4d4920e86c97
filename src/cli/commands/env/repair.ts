/**
 * `ods-state env repair`: recreates the pointer views of open environments (or the one
 * named) that a prod rebuild dropped (PostgreSQL's DROP … CASCADE); reports
 * those whose prod relation is gone. Exit 1 when an environment's repair
 * failed (it is left as it was).
 */
import { repairPointerViews } from "../../../app/environment/repair-environments.js";
import { UserError } from "../../../errors/user-error.js";
import type { CliContext, ParsedValues } from "../../command.js";
import { environmentOf, formatOf, labelOf, optionalProjectScope, printJson } from "./env-flags.js";
import { withWarehouse } from "./env-warehouse.js";
import { prodState } from "./prod-state.js";

export async function envRepair(values: ParsedValues, context: CliContext): Promise<number> {
  const label = labelOf(values, false);
  const { project, envScope } = optionalProjectScope("repair", values, context);
  let name = label !== undefined ? environmentOf(label, envScope) : undefined;
  const prod = await prodState(values, context, project);
  const dryRun = values["dry-run"] === true;
  const report = await withWarehouse(
    values,
    context,
    envScope,
    (ctx) => {
      name = label !== undefined ? environmentOf(label, ctx.scope) : undefined;
      return repairPointerViews(ctx, { name, prod, dryRun });
    },
    { create: false },
  );
  if (report === null) {
    if (name !== undefined) {
      throw new UserError(
        "environment_unknown",
        `There is no environment ${name}: this warehouse has no environment registry.`,
      );
    }
    if (formatOf(values) === "json")
      printJson(context, { dry_run: dryRun, environments: [], repaired: 0, unrepairable: 0, failed: 0 });
    else context.stdout("No environment registry in this warehouse yet: nothing to repair.\n");
    return 0;
  }
  if (formatOf(values) === "json") printJson(context, report);
  else {
    const verb = report.dry_run ? "would recreate" : "recreated";
    context.stdout(
      `Repair: ${verb} ${report.repaired} pointer view${report.repaired === 1 ? "" : "s"} in ${report.environments.length} environment${report.environments.length === 1 ? "" : "s"}; ${report.unrepairable} whose prod relation is gone; ${report.failed} failed.\n`,
    );
    for (const e of report.environments) {
      for (const r of e.repaired)
        context.stdout(`  ${e.environment}: ${r.pointer} → ${r.reads} (${r.was})\n`);
      for (const u of e.unrepairable) context.stdout(`  ${e.environment}: not repaired: ${u.reason}\n`);
      if (e.error !== null) context.stdout(`  ${e.environment}: failed, left as it was: ${e.error}\n`);
    }
  }
  return report.failed > 0 && !report.dry_run ? 1 : 0;
}
