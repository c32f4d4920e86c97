/**
 * Issue 20, "Done when": a 10,000-node PR comment includes the command. The
 * comment the main step posts (renderComment with the main step's context)
 * for a plan where one edited model reaches 9,869 of 10,000 nodes carries a
 * runnable `dbt build --select` line in a code block, whole, and it is the
 * plan's exact `build_command` or its `short_command`: the renderer shows
 * what the plan carries, never a selection of its own. Plans from the real
 * planner (its compactor makes `select` and `short_command`): the command
 * shown, resolved as dbt resolves it, runs every BUILD node, and exactly
 * those when it says nothing of extras; and one from the test builder (a
 * short command like the planner's).
 */
import { describe, expect, it } from "vitest";
import { GITHUB_COMMENT_MAX, renderComment } from "../../src/comment/render-comment.js";
import { commentContext } from "../../src/run/main-step.js";
import type { Plan } from "../../src/state/plan.js";
import { commandsShown } from "../support/commands-shown.js";
import { largePlan } from "../support/plan-builder.js";
import { pullRequestRun } from "../support/pull-request-run.js";
import { resolveSelect } from "../support/resolve-selection.js";
import { type Change, planChange, scatteredChange, wideChange } from "../support/wide-change-plan.js";

const PULL_REQUEST = pullRequestRun(
  "warehouse",
  "0123456789abcdef0123456789abcdef01234567",
  "89abcdef0123456789abcdef0123456789abcdef",
  "Edit stg_events",
);

const cases: Array<{ name: string; change?: () => Change; plan?: () => Plan; builds: number }> = [
  {
    name: "planned by the real planner, one change reaching 9,869",
    change: () => wideChange(),
    builds: 9_869,
  },
  {
    name: "planned by the real planner, every other tree of 400 changed (no short command is exact)",
    change: () => scatteredChange(400, 25, 2),
    builds: 5_000,
  },
  {
    name: "planned by the real planner, every other tree of 2,500 changed (no exact selection fits)",
    change: () => scatteredChange(2_500, 4, 2),
    builds: 5_000,
  },
  { name: "built by the test builder", plan: () => largePlan(10_000, { changedEvery: 2 }), builds: 9_583 },
];

/** `dbt build --select S [--exclude E]` as the plan's select and exclude. */
function selectionOf(command: string): { select: string; exclude: string } {
  const [select, exclude = ""] = command.replace(/^dbt build --select /, "").split(" --exclude ");
  return { select: select!, exclude };
}

describe.each(cases)("a 10,000-node plan $name", ({ change, plan: make, builds }) => {
  const made = change?.();
  const plan = made ? planChange(made) : make!();
  const comment = renderComment(plan, commentContext(PULL_REQUEST, plan));

  it("has the size of issue 20's case", () => {
    expect(plan.entries.length).toBeGreaterThanOrEqual(10_000);
    expect(plan.summary.build).toBe(builds);
  });

  it("fits a GitHub comment", () => {
    expect(comment.length).toBeLessThanOrEqual(GITHUB_COMMENT_MAX);
  });

  it("carries one runnable dbt build command, whole, and it is the plan's build_command or short_command", () => {
    const shown = commandsShown(comment);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatch(/^dbt build --select \S/);
    const carried = [plan.build_command, plan.short_command?.command].filter((c) => c != null);
    expect(carried).toContain(shown[0]);
    expect(comment).not.toContain("is too long for this comment: it is in");
  });

  // Only the planner's plans have a manifest to resolve the command against.
  if (change)
    it("runs, resolved as dbt resolves it, every BUILD node, and only those unless it says so", () => {
      const shown = commandsShown(comment)[0]!;
      const resolved = resolveSelect(made!.project.graph, selectionOf(shown));
      const ran = plan.entries.filter((e) => resolved.has(e.unique_id));
      const missed = plan.entries.filter((e) => e.action === "BUILD" && !resolved.has(e.unique_id));
      expect(missed.map((e) => e.unique_id)).toEqual([]);
      const build = plan.entries.filter((e) => e.action === "BUILD");
      const extra = ran.length - build.length;
      if (shown === plan.build_command) expect(extra).toBe(plan.select_extra?.length ?? 0);
      else expect(extra).toBe(plan.short_command!.extra);
    });

  it("says when the command runs more than the plan, and that dbt build runs the tests", () => {
    const shown = commandsShown(comment)[0];
    const extra = (n: number) => `${n.toLocaleString("en-US")} more node${n === 1 ? "" : "s"}`;
    if (shown === plan.build_command && !plan.select_exact) {
      expect(comment).toContain(`so this command runs ${extra(plan.select_extra!.length)}`);
      expect(comment).toContain("> [!WARNING]\n> - **The selection runs more than the plan**: ");
    }
    if (shown !== plan.build_command && !plan.short_command!.exact)
      expect(comment).toContain(`this shorter one runs ${extra(plan.short_command!.extra)}`);
    // The fold's summary says whether data tests run with it, whichever command it shows.
    expect(comment).toContain(
      "data tests run with it: <code>dbt build</code> runs the tests of what it selects</summary>",
    );
  });
});
