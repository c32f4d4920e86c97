/**
 * `ods-state env diff`: what a pull request's environment does to the data,
 * against prod (issue 23): for each model the pull request builds for a code
 * change (planned over prod's state, as the comment's data diff is), its
 * columns, row counts and rows by key, read-only, within a time budget
 * (src/app/environment/diff-pull-request.ts). `--select`/`--exclude` narrow
 * the models compared, as dbt selects.
 */
import { diffOverProd } from "../../../app/environment/diff-over-prod.js";
import { splitSelectors } from "../../../app/plan/selectors.js";
import { renderDataDiffText } from "../../../comment/render-data-diff-text.js";
import { renderDataDiffMarkdown } from "../../../comment/sections/data-diff.js";
import { DATA_DIFF_SETTINGS, dataDiffLimitsFrom } from "../../../environment/data-diff-settings.js";
import { UserError } from "../../../errors/user-error.js";
import { cliLog } from "../../cli-log.js";
import type { CliContext, ParsedValues } from "../../command.js";
import { createProgress } from "../../progress.js";
import { environmentOf, envScopeOf, labelOf, printJson, str } from "./env-flags.js";
import { withWarehouse } from "./env-warehouse.js";
import { planningInputs } from "./prod-state.js";

function diffFormatOf(values: ParsedValues): "text" | "json" | "markdown" {
  const format = str(values, "format") ?? "text";
  if (format !== "text" && format !== "json" && format !== "markdown") {
    throw new UserError("usage", `--format is \`${format}\`; allowed: text, json, markdown.`, {
      input: "--format",
    });
  }
  return format;
}

export async function envDiff(values: ParsedValues, context: CliContext): Promise<number> {
  const label = labelOf(values)!;
  const format = diffFormatOf(values);
  const limits = dataDiffLimitsFrom(
    (setting) => str(values, DATA_DIFF_SETTINGS[setting].flag.slice(2)),
    "flag",
  );
  const select = splitSelectors((values.select as string[] | undefined) ?? []);
  const exclude = splitSelectors((values.exclude as string[] | undefined) ?? []);
  const progress = createProgress(context);
  const { project, scope, sources, head } = await planningInputs(values, context, progress);
  const envScope = envScopeOf("diff", values, context, scope.project);
  let name = environmentOf(label, envScope);
  const report = await withWarehouse(
    values,
    context,
    envScope,
    async (ctx) => {
      name = environmentOf(label, ctx.scope);
      return diffOverProd(
        ctx,
        {
          environment: name,
          project,
          scope,
          sources,
          targetName: str(values, "target") ?? "ci",
          head,
          select,
          exclude,
          limits,
        },
        { now: () => new Date(), log: cliLog(context), phase: (description) => progress.phase(description) },
      );
    },
    { create: false, progress },
  ).finally(() => progress.done());
  if (report === null) {
    throw new UserError(
      "environment_unknown",
      `The warehouse has no environment registry: there is no environment ${name} to compare.`,
      {
        hint: "Create the environment first (`ods-state env create`), or check --warehouse and --meta-schema.",
      },
    );
  }
  if (format === "json") printJson(context, report);
  else if (format === "markdown") context.stdout(renderDataDiffMarkdown(report));
  else context.stdout(renderDataDiffText(report));
  return 0;
}
