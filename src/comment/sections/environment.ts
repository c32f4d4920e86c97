/** The PR environment: its schemas, what is built here and what reads prod (level 1: counts only). Pure. */
import { SEPARATOR } from "../fit/fit-sections.js";
import { codeBlock, mdCode } from "../markdown-escape.js";
import { formatCount, plural } from "../words.js";
import { type CommentInput, nameList } from "./comment-input.js";

/** Names shown per list in the environment block. */
const ENVIRONMENT_NAMES_SHOWN = 30;

export function environmentSection(input: CommentInput, level: number): string {
  const env = input.context.environment;
  if (!env) return "";
  const parts = [`### PR environment ${mdCode(env.name)}`];
  const lines: string[] = [];
  if (env.schemas.length)
    lines.push(
      `Schemas: ${env.schemas
        .slice(0, ENVIRONMENT_NAMES_SHOWN)
        .map((s) => mdCode(s))
        .join(
          ", ",
        )}${env.schemas.length > ENVIRONMENT_NAMES_SHOWN ? ` and ${plural(env.schemas.length - ENVIRONMENT_NAMES_SHOWN, "more")}` : ""}.`,
    );
  if (level >= 1) {
    lines.push(
      `${plural(env.builtHere.length, "node")} ${env.builtHere.length === 1 ? "is" : "are"} built here; ${plural(env.readsProd.length, "node")} ${env.readsProd.length === 1 ? "reads" : "read"} prod through pointer views.`,
    );
  } else {
    if (env.builtHere.length)
      lines.push(
        `Built here (${formatCount(env.builtHere.length)}): ${nameList(input, env.builtHere, ENVIRONMENT_NAMES_SHOWN)}.`,
      );
    if (env.readsProd.length)
      lines.push(
        `Read from prod through pointer views (${formatCount(env.readsProd.length)}): ${nameList(input, env.readsProd, ENVIRONMENT_NAMES_SHOWN)}.`,
      );
  }
  parts.push(lines.join("<br>\n"));
  if (env.exampleQuery) parts.push("Try it:", codeBlock(env.exampleQuery, "sql", 2000));
  return parts.join(SEPARATOR);
}
