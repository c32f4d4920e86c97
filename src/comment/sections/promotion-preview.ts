/** What merging will promote without a rebuild and what main will build (level 1: as much as fits, level 2: counts). Pure. */
import { fitLines } from "../fit/fit-lines.js";
import { SEPARATOR } from "../fit/fit-sections.js";
import { MAX_NAME, mdCode, mdMessage, mdText } from "../markdown-escape.js";
import { formatCount, plural } from "../words.js";
import { type CommentInput, nameOf } from "./comment-input.js";

export function promotionSection(input: CommentInput, level: number, budget: number): string {
  const promotion = input.context.promotion;
  if (!promotion || promotion.nodes.length === 0) return "";
  const into = promotion.into ?? "prod";
  const yes = promotion.nodes.filter((n) => n.promotable);
  const no = promotion.nodes.filter((n) => !n.promotable);
  const heading = `### On merge into **${mdText(into, MAX_NAME)}**`;
  const intro =
    `${formatCount(yes.length)} of ${plural(promotion.nodes.length, "node")} built here can be promoted without a rebuild` +
    (no.length ? `; ${formatCount(no.length)} will be built on main.` : ".");
  const lines = [
    ...yes.map((n) => `- ${mdCode(nameOf(input, n.unique_id))} — **promote**: ${mdMessage(n.reason)}`),
    ...no.map((n) => `- ${mdCode(nameOf(input, n.unique_id))} — **build on main**: ${mdMessage(n.reason)}`),
  ];
  const compact = [heading, intro].join(SEPARATOR);
  if (level === 2) return compact;
  if (level === 0) return [heading, intro, lines.join("\n")].join(SEPARATOR);
  const list = fitLines(
    lines,
    budget - input.size(compact) - SEPARATOR.length,
    (rest) => `- … and ${plural(rest, "more")}`,
    input.size,
  );
  return list === undefined ? compact : [compact, list].join(SEPARATOR);
}
