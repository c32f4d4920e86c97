/**
 * `ods-state env cleanup`: drops what the environment owns (only objects the
 * registry says it created and that still are them, never a relation prod's
 * state records nor anything in a schema that holds one); exit 1 when
 * something could not be dropped. Prod's state is read from --state (default
 * .ods/state.db) for the project --project or --manifest names; an option
 * cleanup doesn't read is refused.
 */
import { cleanUpEnvironment, closeMergedEnvironment } from "../../../app/environment/clean-up-environment.js";
import { UserError } from "../../../errors/user-error.js";
import type { CliContext, ParsedValues } from "../../command.js";
import { createProgress } from "../../progress.js";
import { environmentOf, formatOf, labelOf, optionalProjectScope, printJson } from "./env-flags.js";
import { withWarehouse } from "./env-warehouse.js";
import { prodStateOfProject } from "./prod-state.js";
import { refuseUnreadOptions } from "./subcommand-options.js";

export async function envCleanup(values: ParsedValues, context: CliContext): Promise<number> {
  refuseUnreadOptions("cleanup", values);
  const label = labelOf(values)!;
  const progress = createProgress(context);
  const { envScope } = optionalProjectScope("cleanup", values, context, progress);
  let name = environmentOf(label, envScope);
  const prod = await prodStateOfProject(values, context, envScope.project);
  let code = 0;
  await withWarehouse(values, context, envScope, async (ctx) => {
    // The name from the scope as the registry resolved it (the repository's id, issue 37).
    name = environmentOf(label, ctx.scope);
    if (values.merged === true) {
      if (values["dry-run"] === true) {
        throw new UserError("usage", "--merged changes only the environment's status: leave out --dry-run.", {
          input: "--merged",
        });
      }
      const closed = await closeMergedEnvironment(ctx, { name, prod });
      if (formatOf(values) === "json") printJson(context, { environment: name, outcome: closed.outcome });
      else
        context.stdout(
          closed.outcome === "kept"
            ? `Environment ${name}: merged; kept for the default branch's \`ods-state env promote\`.\n`
            : `No open environment ${name}.\n`,
        );
      return;
    }
    progress.phase(`${values["dry-run"] === true ? "listing" : "dropping"} what environment ${name} owns`);
    const report = await cleanUpEnvironment(ctx, { name, prod, dryRun: values["dry-run"] === true });
    progress.done();
    if (!report.found) {
      throw new UserError(
        "environment_unknown",
        `There is no environment ${name} in ${ctx.warehouse.label}.`,
      );
    }
    if (formatOf(values) === "json") printJson(context, report);
    else {
      const verb = report.dry_run ? "would drop" : "dropped";
      context.stdout(
        `Environment ${name}: ${verb} ${report.dropped.length} object${report.dropped.length === 1 ? "" : "s"}.\n`,
      );
      for (const object of report.dropped)
        context.stdout(`  ${object.kind.padEnd(6)} ${object.object} (${object.why})\n`);
      for (const kept of report.kept) context.stdout(`  kept   ${kept.schema}: ${kept.reason}\n`);
      for (const failed of report.failed) context.stdout(`  failed ${failed.object}: ${failed.error}\n`);
    }
    if (!report.dry_run && !report.complete) code = 1;
  });
  return code;
}
