/**
 * `ods-state env record`: a pull request's dbt build recorded in its
 * environment (src/app/environment/record-builds.ts).
 */
import { recordBuilds } from "../../../app/environment/record-builds.js";
import { scopeOf } from "../../../app/scope.js";
import { cliWarnings } from "../../cli-log.js";
import { sqlParserOf } from "../../column-impact.js";
import type { CliContext, ParsedValues } from "../../command.js";
import { createProgress } from "../../progress.js";
import { readProject, readRunResults, readSourcesIfGiven } from "../../project-inputs.js";
import { environmentOf, envScopeOf, formatOf, labelOf, printJson, str } from "./env-flags.js";
import { withWarehouse } from "./env-warehouse.js";

export async function envRecord(values: ParsedValues, context: CliContext): Promise<number> {
  const label = labelOf(values)!;
  const progress = createProgress(context);
  const project = readProject(context, str(values, "manifest"), progress, str(values, "project-dir"));
  const envScope = envScopeOf("record", values, context, scopeOf(project, undefined).project);
  let name = environmentOf(label, envScope);
  const buildManifest = str(values, "build-manifest");
  const buildProject = buildManifest
    ? readProject(context, buildManifest, progress, str(values, "project-dir"))
    : null;
  const runResults = readRunResults(context, str(values, "run-results"));
  const sources = readSourcesIfGiven(context, str(values, "sources"));
  await withWarehouse(values, context, envScope, async (ctx) => {
    name = environmentOf(label, ctx.scope);
    progress.phase(`recording the builds of ${name}`);
    const loadSqlParser = sqlParserOf(values, context);
    const outcome = await recordBuilds(
      ctx,
      { name, project, buildProject, runResults, sources },
      { now: () => new Date(), log: cliWarnings(context), ...(loadSqlParser ? { loadSqlParser } : {}) },
    );
    progress.done();
    if (formatOf(values) === "json") printJson(context, outcome);
    else {
      context.stdout(
        `Recorded run ${outcome.run_id} in environment ${name}: ${outcome.built.length} built, ${outcome.failed.length} failed${outcome.ignored.length > 0 ? `, ${outcome.ignored.length} not recorded` : ""}.\n`,
      );
      for (const ignored of outcome.ignored)
        context.stdout(`  not recorded: ${ignored.unique_id}: ${ignored.reason}\n`);
    }
  });
  return 0;
}
