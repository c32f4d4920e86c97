/**
 * The dbt command, in a fold whose summary says whether data tests run
 * with it, from what the plan carries (never recomputed): level 0
 * the exact `build_command` (in a comment, the plan's `short_command` when
 * that one selects the same: it is shorter and loses nothing); level 1 the
 * plan's `short_command` when it has one (else still the exact command);
 * level 2, only for a plan whose commands all are over the limit, where the
 * command is. A command is never truncated: it is whole or not shown. Pure.
 */
import type { Plan } from "../../state/plan.js";
import { SEPARATOR } from "../fit/fit-sections.js";
import { codeBlock, mdCode } from "../markdown-escape.js";
import { formatCount, plural } from "../words.js";
import { type CommentInput, selfName } from "./comment-input.js";

/**
 * `dbt build` runs the tests of what it selects: its default indirect
 * selection (eager) selects every test with a selected parent (dbt-core
 * core/dbt/graph/selector.py, NodeSelector.expand_selection); an
 * `--exclude` of tests takes them out again. `dbt run` runs no test.
 */
export function testsSentence(command: string): string {
  if (/^dbt run(\s|$)/.test(command)) return `${mdCode("dbt run")} runs no tests`;
  if (!/^dbt build(\s|$)/.test(command)) return "";
  const exclude = command.indexOf(" --exclude ");
  const excluded = exclude < 0 ? "" : command.slice(exclude);
  return /resource_type:(unit_)?test|test_type:/.test(excluded)
    ? `data tests run with it, but for those its ${mdCode("--exclude")} leaves out`
    : `data tests run with it: ${mdCode("dbt build")} runs the tests of what it selects`;
}

/**
 * The command in a fold: the summary says which command it is (exact, or a
 * shorter or larger selection) and whether data tests run with it; the
 * block and what the note adds are inside.
 */
export function commandSection(input: CommentInput, level: number): string {
  const { plan } = input;
  const exact = plan.build_command;
  if (!exact) return "";
  const short = plan.short_command;
  if (level === 0 && short?.exact && input.target === "comment") level = 1;
  if (level === 0 || (level === 1 && !short)) {
    const which =
      plan.select_exact === false
        ? `runs ${moreThanThePlan(plan.select_extra?.length ?? 0)}`
        : "selects exactly what the plan builds";
    return fold(input, exact, which, exactCommandNote(plan));
  }
  if (level === 1 && short) {
    const which = short.exact
      ? "a shorter command that selects the same"
      : `a shorter command that runs ${moreThanThePlan(short.extra)}`;
    return fold(input, short.command, which, shortCommandNote(input, short));
  }
  const where =
    input.target === "comment"
      ? `in the job summary and in the action's ${mdCode("select")} and ${mdCode("exclude")} outputs`
      : `in the action's ${mdCode("select")} and ${mdCode("exclude")} outputs and in the plan file (${mdCode("build_command")})`;
  return `${label(input)}: the command selects ${plural(input.build.length, "node")} and is too long for this ${selfName(input)}: it is ${where}.`;
}

function commandName(input: CommentInput): string {
  return input.context.outcome ? "dbt command for the build set" : "dbt command";
}

function label(input: CommentInput): string {
  return `**${commandName(input)}**`;
}

function fold(input: CommentInput, command: string, which: string, note: string): string {
  const tests = testsSentence(command);
  const summary = `<summary><b>${commandName(input)}</b>: ${which}${tests ? `; ${tests}` : ""}</summary>`;
  return [`<details>\n${summary}`, commandBlock(command), ...(note ? [note] : []), "</details>"].join(
    SEPARATOR,
  );
}

/** Under the exact command, when it runs more than the plan: how many more, where they are listed. */
function exactCommandNote(plan: Plan): string {
  if (plan.select_exact !== false) return "";
  const extra = plan.select_extra?.length ?? 0;
  return `No exact dbt selection fits the bounds, so this command runs ${moreThanThePlan(extra)} (listed in the plan's ${mdCode("select_extra")}): more, never fewer.`;
}

/** Under the short command: that it is not the exact one, what it adds, where the exact one is. */
function shortCommandNote(input: CommentInput, short: NonNullable<Plan["short_command"]>): string {
  const exactIs = input.plan.select_exact === false ? "full" : "exact";
  const what = short.exact
    ? `this shorter one selects the same nodes`
    : `this shorter one runs ${moreThanThePlan(short.extra)}`;
  const where =
    input.target === "comment"
      ? `in the job summary and the ${mdCode("select")}/${mdCode("exclude")} outputs`
      : `in the ${mdCode("select")}/${mdCode("exclude")} outputs and the plan file (${mdCode("build_command")})`;
  return `The ${exactIs} command is too long for this ${selfName(input)}; ${what}. CI runs the ${exactIs} command, ${where}.`;
}

/** `1 more node or test than the plan`, `12 more nodes and tests than the plan`. */
function moreThanThePlan(n: number): string {
  return `${formatCount(n)} more ${n === 1 ? "node or test" : "nodes and tests"} than the plan`;
}

/**
 * A command as a code block, whole (never truncated: a cut command would run
 * something else). Names in it are untrusted: codeBlock fences it only when
 * every character is on its allow-list (no backtick can close the fence),
 * else writes it as <pre> with entities, which copies back as the command.
 */
function commandBlock(command: string): string {
  return codeBlock(command, "sh", Number.POSITIVE_INFINITY, false);
}
