/**
 * `ods-state env create|refresh`: the pull request's environment, planned
 * over prod and its own builds, created or refreshed (src/app/environment/
 * create-environment.ts), and what dbt builds into it then.
 */
import { createEnvironmentOverProd } from "../../../app/environment/create-over-prod.js";
import { parseIncrementalStart } from "../../../environment/incremental-start-settings.js";
import { cliLog } from "../../cli-log.js";
import { sqlParserOf } from "../../column-impact.js";
import type { CliContext, ParsedValues } from "../../command.js";
import { createProgress } from "../../progress.js";
import { targetName } from "../../project-inputs.js";
import { environmentOf, envScopeOf, formatOf, labelOf, printJson, str } from "./env-flags.js";
import { withWarehouse } from "./env-warehouse.js";
import { planningInputs } from "./prod-state.js";

export async function envCreateOrRefresh(
  values: ParsedValues,
  context: CliContext,
  sub: "create" | "refresh",
): Promise<number> {
  const label = labelOf(values)!;
  const format = formatOf(values);
  const incrementalStart = parseIncrementalStart(str(values, "incremental-start"), "flag");
  const progress = createProgress(context);
  const { project, scope, sources, head } = await planningInputs(values, context, progress);
  const envScope = envScopeOf(sub, values, context, scope.project);
  let name = environmentOf(label, envScope);
  const loadSqlParser = sqlParserOf(values, context);
  await withWarehouse(
    values,
    context,
    envScope,
    async (ctx) => {
      // The name from the scope as the registry resolved it (the repository's id, issue 37).
      name = environmentOf(label, ctx.scope);
      const pr = str(values, "pr");
      const { plan: planned, change } = await createEnvironmentOverProd(
        ctx,
        {
          name,
          project: scope.project,
          manifest: project,
          prNumber: pr !== undefined ? Number(pr) : null,
          headSha: str(values, "head-sha") ?? null,
          scope,
          head,
          sources,
          targetName: targetName(scope, str(values, "target")),
          incrementalStart,
          refresh: sub === "refresh",
          dryRun: values["dry-run"] === true,
        },
        {
          now: () => new Date(),
          log: cliLog(context),
          ...(loadSqlParser ? { loadSqlParser } : {}),
          phase: (description) => progress.phase(description),
        },
      );
      progress.done();
      if (format === "json") {
        printJson(context, {
          ...change,
          state: planned.state,
          select: planned.select,
          exclude: planned.exclude,
          select_terms: planned.select_terms,
          select_exact: planned.select_exact,
          build_command: planned.build_command,
        });
        return;
      }
      const verb = change.dry_run ? "would change" : sub === "create" ? "created" : "refreshed";
      context.stdout(
        `Environment ${name} (${ctx.warehouse.label}): ${verb}; ${change.pointers} pointer view${change.pointers === 1 ? "" : "s"} to prod, ${change.in_place} reused in place, ${planned.summary.build} to build.\n`,
      );
      for (const action of change.actions) {
        context.stdout(
          `  ${action.action.padEnd(20)} ${action.object}${action.reads ? ` → ${action.reads}` : ""}\n`,
        );
      }
      for (const start of change.starts) {
        if (start.outcome === "not_incremental") continue;
        context.stdout(`  start ${start.relation}: ${start.outcome} (${start.detail})\n`);
      }
      if (planned.build_command) context.stdout(`Then: ${planned.build_command}\n`);
    },
    { progress },
  ).finally(() => progress.done());
  return 0;
}
