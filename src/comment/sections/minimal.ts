/**
 * The last resort when no cut makes the plan fit (only with a tiny limit):
 * the headline, the changed nodes (names only), the command and the links,
 * dropping parts whole (never cutting inside markup) until it fits. Pure.
 */
import { SEPARATOR } from "../fit/fit-sections.js";
import { truncate } from "../markdown-escape.js";
import { formatCount } from "../words.js";
import { changedSection } from "./changed.js";
import { commandSection } from "./command.js";
import type { CommentInput } from "./comment-input.js";
import { footerSection } from "./footer.js";
import { headSection } from "./head.js";
import { shortenedNote } from "./shortened-note.js";

const TOO_LARGE = "The plan is too large to summarise here.";
const REST_TOO_LARGE = "The rest of the plan is too large to summarise here.";

/** With the shortest command the plan carries, or undefined when that doesn't fit. */
export function minimalWithCommand(input: CommentInput, limit: number): string | undefined {
  const head = headSection(input);
  const command = commandSection(input, 1);
  const changed = changedWithin(input, limit, [
    head,
    shortenedNote(input),
    REST_TOO_LARGE,
    command,
    footerSection(input),
  ]);
  return firstFitting(input, limit, [
    [head, shortenedNote(input), changed, REST_TOO_LARGE, command, footerSection(input)],
    [head, shortenedNote(input), changed, REST_TOO_LARGE, command],
    [head, shortenedNote(input), TOO_LARGE, command, footerSection(input)],
    [head, shortenedNote(input), TOO_LARGE, command],
    [head, command],
  ]);
}

/** Without the command, down to one line: always fits. */
export function minimalWithoutCommand(input: CommentInput, limit: number): string {
  const head = headSection(input);
  const changed = changedWithin(input, limit, [
    head,
    shortenedNote(input),
    REST_TOO_LARGE,
    footerSection(input),
  ]);
  const text = firstFitting(input, limit, [
    [head, shortenedNote(input), changed, REST_TOO_LARGE, footerSection(input)],
    [head, shortenedNote(input), TOO_LARGE, footerSection(input)],
    [head, shortenedNote(input), TOO_LARGE],
    [head, TOO_LARGE],
  ]);
  if (text !== undefined) return text;
  const marker = input.marker !== undefined ? input.marker + "\n" : "";
  const line = `ods-state plan: ${formatCount(input.build.length)} to build, ${formatCount(input.reuse.length)} to reuse.`;
  // ASCII but for the "…" of a cut (3 bytes in UTF-8).
  return marker + truncate(line, Math.max(1, limit - input.size(marker) - 3)) + "\n";
}

/** The changed nodes in the room the other parts leave (names only, as many as fit). */
function changedWithin(input: CommentInput, limit: number, others: string[]): string {
  const used = others.reduce((sum, part) => sum + input.size(part) + SEPARATOR.length, 0);
  return changedSection(input, 1, limit - used - 1);
}

function firstFitting(input: CommentInput, limit: number, candidates: string[][]): string | undefined {
  for (const parts of candidates) {
    const text = parts.filter((part) => part !== "").join(SEPARATOR) + "\n";
    if (input.size(text) <= limit) return text;
  }
  return undefined;
}
