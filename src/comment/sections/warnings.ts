/** The plan's warnings, each with its title (a superset selection first), at most WARNINGS_SHOWN. Pure. */
import { mdMessage, mdText } from "../markdown-escape.js";
import { orderedWarnings, warningParts } from "../warning-titles.js";
import { plural } from "../words.js";
import type { CommentInput } from "./comment-input.js";

/** Warnings shown; the rest are counted. */
const WARNINGS_SHOWN = 10;

export function warningsSection(input: CommentInput): string {
  const warnings = orderedWarnings(input.plan.warnings);
  if (warnings.length === 0) return "";
  const lines = warnings.slice(0, WARNINGS_SHOWN).map((w) => {
    const { title, message } = warningParts(w);
    return `> - ${title ? `**${mdText(title)}**: ` : ""}${mdMessage(message)}`;
  });
  if (warnings.length > WARNINGS_SHOWN)
    lines.push(`> - and ${plural(warnings.length - WARNINGS_SHOWN, "more warning")}.`);
  return ["> [!WARNING]", ...lines].join("\n");
}
