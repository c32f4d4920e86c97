/** Sources whose checks (data tests) run with the build: bounded, never cut. Pure. */
import { mdCode, mdMessage } from "../markdown-escape.js";
import { formatCount, plural } from "../words.js";
import type { CommentInput } from "./comment-input.js";

/** Sources with running checks listed; the rest are counted. */
const CHECKS_SHOWN = 20;

export function checksSection(input: CommentInput): string {
  const checks = input.plan.source_checks ?? [];
  const run = checks.filter((c) => c.action === "RUN");
  if (run.length === 0) return "";
  const skipped = checks.length - run.length;
  const lines = run.slice(0, CHECKS_SHOWN).map((c) => `- ${mdCode(c.name)} — ${mdMessage(c.reason.message)}`);
  if (run.length > CHECKS_SHOWN) lines.push(`- … and ${plural(run.length - CHECKS_SHOWN, "more source")}`);
  const heading = `**Source checks that run (${formatCount(run.length)})**${skipped ? `; ${formatCount(skipped)} skipped, unchanged` : ""}:`;
  return [heading, lines.join("\n")].join("\n");
}
