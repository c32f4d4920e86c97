/**
 * The dbt command, from what the plan carries (never recomputed): level 0
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
 * core/dbt/graph/selector.py, NodeSelector.expand_selection).
 */
const TESTS_RUN = `${"`"}dbt build${"`"} also runs the tests of what it selects.`;

export function commandSection(input: CommentInput, level: number): string {
  const { plan } = input;
  const exact = plan.build_command;
  if (!exact) return "";
  const heading = input.context.outcome ? "### dbt command for the build set" : "### Command";
  const short = plan.short_command;
  if (level === 0 && short?.exact && input.target === "comment") level = 1;
  if (level === 0 || (level === 1 && !short)) {
    const note = exactCommandNote(plan);
    return [heading, commandBlock(exact), ...(note ? [note] : [])].join(SEPARATOR);
  }
  if (level === 1 && short)
    return [heading, commandBlock(short.command), shortCommandNote(input, short)].join(SEPARATOR);
  const where =
    input.target === "comment"
      ? `in the job summary and in the action's ${mdCode("select")} and ${mdCode("exclude")} outputs`
      : `in the action's ${mdCode("select")} and ${mdCode("exclude")} outputs and in the plan file (${mdCode("build_command")})`;
  return [
    heading,
    `The command selects ${plural(input.build.length, "node")} and is too long for this ${selfName(input)}: it is ${where}.`,
  ].join(SEPARATOR);
}

/** Under the exact command, when it runs more than the plan: how many more, and that their tests run. */
function exactCommandNote(plan: Plan): string {
  if (plan.select_exact !== false) return "";
  const extra = plan.select_extra?.length ?? 0;
  return `No exact dbt selection fits the bounds, so this command runs ${moreThanThePlan(extra)} (listed in the plan's ${mdCode("select_extra")}): more, never fewer. ${TESTS_RUN}`;
}

/** Under the short command: that it is not the exact one, what it adds, where the exact one is, that tests run. */
function shortCommandNote(input: CommentInput, short: NonNullable<Plan["short_command"]>): string {
  const exactIs = input.plan.select_exact === false ? "full" : "exact";
  const what = short.exact
    ? `this shorter one selects the same nodes`
    : `this shorter one runs ${moreThanThePlan(short.extra)}`;
  const where =
    input.target === "comment"
      ? `in the job summary and the ${mdCode("select")}/${mdCode("exclude")} outputs`
      : `in the ${mdCode("select")}/${mdCode("exclude")} outputs and the plan file (${mdCode("build_command")})`;
  return `The ${exactIs} command is too long for this ${selfName(input)}; ${what}. CI runs the ${exactIs} command, ${where}. ${TESTS_RUN}`;
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
