/**
 * The default-branch run's promotion, as markdown for the job summary: which
 * nodes the merged pull request's environment gave prod (moved in, not
 * rebuilt), which dbt builds and why, and how to undo it. Shows what the
 * promotion decided; decides nothing.
 */
import { MAX_NAME, mdCode, mdMessage, mdText } from "./markdown-escape.js";
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

export function renderPromotion(report: PromotionReport): string {
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
  if (lines.length > 0) parts.push(lines.join("\n"));
  const materialized = report.materializedViews ?? [];
  if (materialized.length > 0) {
    parts.push(
      `Materialized view${materialized.length === 1 ? "" : "s"} recreated over the promoted tables (definition, indexes, owner and privileges kept): ${materialized.map((view) => mdCode(view)).join(", ")}.`,
    );
  }
  for (const left of report.viewsLeft) {
    parts.push(
      `> [!WARNING]\n> View ${mdCode(left.view)} still reads the replaced table: ${mdText(left.error)}`,
    );
  }
  if (promoted.length > 0 && report.retainUntil) {
    parts.push(
      `The replaced prod tables are kept until ${mdText(report.retainUntil, 40)}; \`ods-state env rollback${report.id ? ` --id ${report.id}` : ""}\` puts them back.`,
    );
  }
  return `${parts.join("\n\n")}\n`;
}
