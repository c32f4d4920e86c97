import { planFromState } from "../../app/plan/plan-from-state.js";
import { splitSelectors } from "../../app/plan/selectors.js";
import { DEFAULT_STATE_FILE, scopeOf } from "../../app/scope.js";
import { renderJobSummary } from "../../comment/render-comment.js";
import { renderHtml } from "../../comment/render-html.js";
import { renderTerminal } from "../../comment/render-terminal.js";
import type { LoadedProject } from "../../dbt/load-project.js";
import { UserError } from "../../errors/user-error.js";
import type { Plan } from "../../state/plan.js";
import { VERSION } from "../../version.js";
import { cliWarnings } from "../cli-log.js";
import { COLUMN_IMPACT_HELP, COLUMN_IMPACT_OPTION, sqlParserOf } from "../column-impact.js";
import type { CliContext, Command, ParsedValues } from "../command.js";
import { createProgress } from "../progress.js";
import {
  PROJECT_DIR_HELP,
  PROJECT_DIR_OPTION,
  readProject,
  readSourcesIfGiven,
  resolveFlagPath,
  stateFileAt,
  targetName,
} from "../project-inputs.js";

export const PLAN_FORMATS = ["text", "json", "markdown", "html"] as const;

/** Plans the manifest against the scope's latest state; shared by plan and explain. */
export async function planFromFlags(
  values: ParsedValues,
  context: CliContext,
  now = new Date(),
): Promise<Plan> {
  return (await planAndProjectFromFlags(values, context, now)).plan;
}

/** `planFromFlags`, with the project it planned (`explain` shows its fingerprints' evidence). */
export async function planAndProjectFromFlags(
  values: ParsedValues,
  context: CliContext,
  now = new Date(),
): Promise<{ plan: Plan; project: LoadedProject }> {
  const progress = createProgress(context);
  try {
    const project = readProject(
      context,
      values.manifest as string | undefined,
      progress,
      values["project-dir"] as string | undefined,
      values["build-env"] === true,
    );
    const scope = scopeOf(project, values.environment as string | undefined);
    const sources = readSourcesIfGiven(context, values.sources as string | undefined);
    const stateFile = resolveFlagPath(context, values.state as string | undefined, DEFAULT_STATE_FILE);
    const { plan } = await planFromState(
      {
        stateFile: stateFileAt(context, stateFile),
        now: () => now,
        phase: (what) => progress.phase(what),
        log: cliWarnings(context),
        ...sqlParserOrNone(values, context),
      },
      {
        project,
        scope,
        sources,
        select: splitSelectors((values.select as string[] | undefined) ?? []),
        exclude: splitSelectors((values.exclude as string[] | undefined) ?? []),
        targetName: targetName(scope, values.target as string | undefined),
        pointers: values.pointers === true,
      },
    );
    return { plan, project };
  } finally {
    progress.done();
  }
}

export const PLAN_OPTIONS = {
  manifest: { type: "string" },
  state: { type: "string" },
  environment: { type: "string" },
  target: { type: "string" },
  sources: { type: "string" },
  select: { type: "string", multiple: true },
  exclude: { type: "string", multiple: true },
  pointers: { type: "boolean" },
  ...COLUMN_IMPACT_OPTION,
  ...PROJECT_DIR_OPTION,
} as const;

export const PLAN_OPTION_HELP = {
  manifest: "dbt's manifest.json (after `dbt compile`); default target/manifest.json",
  state: `the state database; default ${DEFAULT_STATE_FILE} (not created when absent: no state, everything is built)`,
  environment: "the state scope's environment; default prod",
  target:
    "the dbt target this plan builds into (a build is reused only in its target); default: the environment",
  sources: "dbt's sources.json (`dbt source freshness`): evidence of new source data",
  select:
    "dbt selection as for `dbt build --select`: names and globs, fqn:, path:, file:, tag:, package:, source:, resource_type:, config.KEY:, with +, N+, +N, @, a,b (intersection) and spaces (union); repeatable. Other methods (state:, result:, …) are refused (exit 2)",
  exclude: "dbt selectors to leave out, as for `dbt build --exclude` (repeatable)",
  pointers:
    "plan a pull request's environment (a manifest compiled with the CI target) over the scope's state: REUSE nodes are served by pointer views, so the relation may differ",
  ...COLUMN_IMPACT_HELP,
  ...PROJECT_DIR_HELP,
};

/** The SQL parser port for planFromState, none without --column-impact. */
function sqlParserOrNone(values: ParsedValues, context: CliContext) {
  const loadSqlParser = sqlParserOf(values, context);
  return loadSqlParser ? { loadSqlParser } : {};
}

export const planCommand: Command = {
  name: "plan",
  summary: "say, node by node, what must be built and what can be reused, and why",
  usage: [
    "plan --manifest PATH [--state DB] [--environment NAME] [--sources PATH] [--select SEL]… [--exclude SEL]… [--column-impact] [--format text|json|markdown|html]",
  ],
  optionHelp: {
    ...PLAN_OPTION_HELP,
    format:
      "text (default), json (versioned, docs/cli-formats.md), markdown (the job summary the action writes) or html (a page to open in a browser)",
  },
  options: { ...PLAN_OPTIONS, format: { type: "string" } },
  examples: [
    "ods-state plan --manifest target/manifest.json --sources target/sources.json",
    "ods-state plan --manifest target/manifest.json --select +orders --format json > plan.json",
    "ods-state plan --manifest pr/manifest.json --environment prod --pointers   # a PR environment over prod's state",
    "ods-state plan --manifest target/manifest.json --format html > plan.html",
    'cmd=$(ods-state plan --format json | jq -r \'.build_command // empty\') && [ -n "$cmd" ] && eval "$cmd"   # dbt build --select <select> [--exclude <exclude>], shell-quoted: eval keeps names with spaces whole',
  ],
  async run(values, _positionals, context) {
    const format = (values.format as string | undefined) ?? "text";
    if (!(PLAN_FORMATS as readonly string[]).includes(format)) {
      throw new UserError("usage", `--format is \`${format}\`; allowed: ${PLAN_FORMATS.join(", ")}.`, {
        input: "--format",
      });
    }
    const result = await planFromFlags(values, context);
    if (format === "json") context.stdout(`${JSON.stringify(result, null, 2)}\n`);
    else if (format === "markdown")
      context.stdout(renderJobSummary(result, { project: result.project, toolVersion: VERSION }));
    else if (format === "html") context.stdout(renderHtml(result));
    else context.stdout(renderTerminal(result));
    return 0;
  },
};
