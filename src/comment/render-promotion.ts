/**
 * The default-branch run's promotion, as markdown for the job summary: which
 * nodes the merged pull request's environment gave prod (moved in, not
 * rebuilt), which dbt builds and why, and how to undo it. Shows what the
 * promotion decided; decides nothing.
 *
 * Bounded (issue 20): it shares the step's 1 MiB job summary with the plan,
 * so it stays within `limit` UTF-8 bytes (PROMOTION_SUMMARY_LIMIT by
 * default): the node list as far as it fits, at most MATERIALIZED_SHOWN
 * materialized views and VIEWS_LEFT_SHOWN warnings; every node, view and
 * error is in the promotion file and the log.
 */
import { MAX_NAME, mdCode, mdMessage, mdText } from "./markdown-escape.js";
import { utf8Length } from "./utf8-length.js";
import { formatCount, plural } from "./words.js";

export interface PromotionReport {
  pullRequest: number;
  /** The environment promoted from, e.g. `pr-7`. */
  environment: string;
  /** committed, already_committed (a rerun), nothing_to_promote, skipped (input `promote: false`), failed. */
  status: "committed" | "already_committed" | "nothing_to_promote" | "skipped" | "failed";
  /** Why, when skipped or failed. */
  note?: string;
  id: string | null;
  atomic: boolean;
  nodes: Array<{ unique_id: string; name: string; promoted: boolean; code: string; message: string }>;
  /** Until when the replaced prod tables are kept for `ods-state env rollback`. */
  retainUntil: string | null;
  /** Views that still read a replaced table (PostgreSQL, when recreating them failed). */
  viewsLeft: Array<{ view: string; error: string }>;
  /** Materialized views recreated over promoted tables (PostgreSQL). */
  materializedViews?: string[];
}

/** UTF-8 bytes the promotion section takes at most in a job summary. */
export const PROMOTION_SUMMARY_LIMIT = 120_000;
const MATERIALIZED_SHOWN = 50;
const VIEWS_LEFT_SHOWN = 10;

export function renderPromotion(report: PromotionReport, limit = PROMOTION_SUMMARY_LIMIT): string {
  const promoted = report.nodes.filter((node) => node.promoted);
  const built = report.nodes.filter((node) => !node.promoted);
  const heading = `### Promotion from pull request #${report.pullRequest} (${mdCode(report.environment, MAX_NAME)})`;
  const parts = [heading];
  if (report.status === "skipped" || report.status === "failed") {
    parts.push(
      `Nothing was promoted${report.note ? `: ${mdMessage(report.note)}` : ""}. dbt builds every node of the plan.`,
    );
    return `${parts.join("\n\n")}\n`;
  }
  const verb =
    report.status === "already_committed"
      ? "were promoted by an earlier attempt of this run"
      : "moved into prod";
  parts.push(
    promoted.length === 0
      ? `No table of the environment could be promoted: dbt builds all ${plural(report.nodes.length, "node")} of the plan.`
      : `${formatCount(promoted.length)} of ${plural(report.nodes.length, "node")} to build ${verb} from the environment instead of being rebuilt${report.atomic ? " (one transaction)" : ""}; dbt builds ${formatCount(built.length)}.`,
  );
  const lines = [
    ...promoted.map((node) => `- ${mdCode(node.name)} — **promoted**: ${mdMessage(node.message)}`),
    ...built.map(
      (node) =>
        `- ${mdCode(node.name)} — **built by dbt** (${mdCode(node.code, 40)}): ${mdMessage(node.message)}`,
    ),
  ];
  const after: string[] = [];
  const materialized = report.materializedViews ?? [];
  if (materialized.length > 0) {
    const shown = materialized.slice(0, MATERIALIZED_SHOWN).map((view) => mdCode(view));
    const rest = materialized.length - shown.length;
    after.push(
      `Materialized view${materialized.length === 1 ? "" : "s"} recreated over the promoted tables (definition, indexes, owner and privileges kept): ${shown.join(", ")}${rest > 0 ? ` and ${plural(rest, "more")} (in the log)` : ""}.`,
    );
  }
  for (const left of report.viewsLeft.slice(0, VIEWS_LEFT_SHOWN)) {
    after.push(
      `> [!WARNING]\n> View ${mdCode(left.view)} still reads the replaced table: ${mdText(left.error)}`,
    );
  }
  if (report.viewsLeft.length > VIEWS_LEFT_SHOWN)
    after.push(
      `> [!WARNING]\n> ${plural(report.viewsLeft.length - VIEWS_LEFT_SHOWN, "more view")} still read a replaced table: see the log.`,
    );
  if (promoted.length > 0 && report.retainUntil) {
    after.push(
      `The replaced prod tables are kept until ${mdText(report.retainUntil, 40)}; \`ods-state env rollback${report.id ? ` --id ${report.id}` : ""}\` puts them back.`,
    );
  }
  if (lines.length > 0) {
    const separators = 2 * (parts.length + after.length);
    const room = limit - utf8Length(parts.join("")) - utf8Length(after.join("")) - separators - 1;
    parts.push(fitNodeLines(lines, room));
  }
  return `${[...parts, ...after].join("\n\n")}\n`;
}

/** As many node lines as fit in `room` bytes, then how many more there are and where they are. */
function fitNodeLines(lines: readonly string[], room: number): string {
  const out: string[] = [];
  let used = 0;
  for (let i = 0; i < lines.length; i++) {
    const rest = lines.length - i;
    const closing = `- … and ${plural(rest, "more node")}: the promotion file (the action's \`promotion-path\` output) and the log list every node.`;
    const next = utf8Length(lines[i]!) + 1;
    const closes = i === lines.length - 1 ? 0 : utf8Length(closing) + 1;
    if (used + next + closes > room) {
      out.push(closing);
      break;
    }
    out.push(lines[i]!);
    used += next;
  }
  return out.join("\n");
}
