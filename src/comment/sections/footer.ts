/** The footer: links to the full plan and to what the reasons mean, the tool's version, when it was planned. Pure. */
import { mdText } from "../markdown-escape.js";
import { REASON_TABLE_URL } from "../reason-phrases.js";
import { formatTime } from "../words.js";
import type { CommentInput } from "./comment-input.js";
import { fullPlanLinks } from "./full-plan-links.js";

export function footerSection(input: CommentInput): string {
  const parts: string[] = [];
  const links = fullPlanLinks(input);
  if (links) parts.push(`Full plan: ${links}`);
  parts.push(`[what the reasons mean](${REASON_TABLE_URL})`);
  parts.push(`ods-state${input.context.toolVersion ? ` ${mdText(input.context.toolVersion, 40)}` : ""}`);
  parts.push(`planned ${formatTime(input.plan.planned_at)}`);
  return `<sub>${parts.join(" · ")}</sub>`;
}
