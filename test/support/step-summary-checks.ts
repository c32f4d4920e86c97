/**
 * Checks on a step's job summary (issue 20): within GitHub's 1 MiB per step
 * with the runner's line end, within the step's own bound, with one runnable
 * command the plan carries; and a promotion report of every BUILD node.
 */
import { expect } from "vitest";
import { JOB_SUMMARY_LIMIT, JOB_SUMMARY_MAX_BYTES } from "../../src/comment/render-comment.js";
import type { PromotionReport } from "../../src/comment/render-promotion.js";
import { utf8Length } from "../../src/comment/utf8-length.js";
import type { Plan } from "../../src/state/plan.js";
import { commandsShown } from "./commands-shown.js";

/** What a summary must be: within the step's bound, with a command the plan carries. */
export function expectBounded(summary: string, plan: Plan): void {
  // The runner adds a line end (at most 2 bytes) after the write.
  expect(utf8Length(summary) + 2).toBeLessThanOrEqual(JOB_SUMMARY_MAX_BYTES);
  expect(utf8Length(summary)).toBeLessThanOrEqual(JOB_SUMMARY_LIMIT);
  const shown = commandsShown(summary);
  expect(shown).toHaveLength(1);
  expect([plan.build_command, plan.short_command?.command]).toContain(shown[0]);
}

/** Every BUILD node in the promotion report, half promoted, with the promotion's long messages. */
export function promotionOf(plan: Plan): PromotionReport {
  return {
    pullRequest: 7,
    environment: "pr-7",
    status: "committed",
    id: "e2afe3ce-ae30-4076-af1c-123d946b2bb2",
    atomic: true,
    nodes: plan.entries
      .filter((e) => e.action === "BUILD")
      .map((e, i) => ({
        unique_id: e.unique_id,
        name: e.name,
        promoted: i % 2 === 0,
        code: i % 2 === 0 ? "promoted" : "not_a_table",
        message:
          i % 2 === 0
            ? "Built by the pull request (run pr7-run-1) with main's code over the data prod has: moved into prod instead of built."
            : "It is a view: only tables are promoted; dbt builds it.",
      })),
    retainUntil: "2026-12-03T12:00:00.000Z",
    viewsLeft: [],
  };
}
