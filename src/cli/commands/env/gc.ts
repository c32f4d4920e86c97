/**
 * `ods-state env gc`: the janitor (src/app/environment/janitor.ts) for one
 * repository and dbt project: environments closed longer than the retention,
 * open ones whose pull request is not in --open-prs, and promotions past
 * their retention. Prod's state (--state, default .ods/state.db) of the
 * project --project or --manifest names protects the relations it records;
 * an option gc doesn't read is refused.
 */
import { collectEnvironments } from "../../../app/environment/janitor.js";
import { UserError } from "../../../errors/user-error.js";
import type { CliContext, ParsedValues } from "../../command.js";
import { formatOf, optionalProjectScope, positiveNumber, printJson, str } from "./env-flags.js";
import { withWarehouse } from "./env-warehouse.js";
import { prodStateOfProject } from "./prod-state.js";
import { refuseUnreadOptions } from "./subcommand-options.js";

export async function envGc(values: ParsedValues, context: CliContext): Promise<number> {
  refuseUnreadOptions("gc", values);
  const retentionDays = positiveNumber(values, "retention-days");
  const { envScope } = optionalProjectScope("gc", values, context);
  const prod = await prodStateOfProject(values, context, envScope.project);
  const open = str(values, "open-prs");
  let openPullRequests: Set<number> | undefined;
  if (open !== undefined) {
    const parts = open
      .split(",")
      .map((p) => p.trim())
      .filter((p) => p !== "");
    if (parts.some((p) => !/^[0-9]+$/.test(p))) {
      throw new UserError(
        "usage",
        `--open-prs is \`${open}\`: give pull request numbers separated by commas.`,
        { input: "--open-prs" },
      );
    }
    openPullRequests = new Set(parts.map(Number));
  }
  const done = await withWarehouse(
    values,
    context,
    envScope,
    async (ctx) => {
      const report = await collectEnvironments(ctx, {
        prod,
        dryRun: values["dry-run"] === true,
        retentionDays,
        openPullRequests,
      });
      if (formatOf(values) === "json") {
        printJson(context, report);
        return;
      }
      const verb = report.dry_run ? "would remove" : "removed";
      context.stdout(
        `Janitor: ${verb} ${report.environments.length} environment${report.environments.length === 1 ? "" : "s"}, ${report.expired_promotions.length} expired promotion${report.expired_promotions.length === 1 ? "" : "s"}.\n`,
      );
      for (const e of report.environments)
        context.stdout(`  environment ${e.environment}: ${e.dropped.length} objects\n`);
      for (const p of report.expired_promotions)
        context.stdout(`  promotion ${p.id}: ${p.dropped.join(", ") || "nothing left to drop"}\n`);
      for (const name of report.marked_closed)
        context.stdout(`  ${name}: its pull request is closed; removed after the retention\n`);
      for (const problem of report.problems)
        context.stdout(`  could not drop ${problem.object}: ${problem.error}\n`);
      return true;
    },
    { create: false },
  );
  if (done === null) {
    const empty = {
      dry_run: values["dry-run"] === true,
      environments: [],
      marked_closed: [],
      expired_promotions: [],
      problems: [],
    };
    if (formatOf(values) === "json") printJson(context, empty);
    else context.stdout("No environment registry in this warehouse yet: nothing to collect.\n");
  }
  return 0;
}
