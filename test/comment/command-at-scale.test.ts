/**
 * Issue 20, "Done when": a 10,000-node PR comment includes the command. The
 * comment the main step posts (renderComment with the main step's context)
 * for a plan where one edited model reaches 9,869 of 10,000 nodes carries a
 * runnable `dbt build --select` line in a code block, whole, and it is the
 * plan's exact `build_command` or its `short_command`: the renderer shows
 * what the plan carries, never a selection of its own. The first plan comes
 * from the real planner (its compactor makes `select` and `short_command`),
 * the second from the test builder (a short command like the planner's).
 */
import { describe, expect, it } from "vitest";
import { GITHUB_COMMENT_MAX, renderComment } from "../../src/comment/render-comment.js";
import type { RunEnvironment } from "../../src/github/event.js";
import { commentContext } from "../../src/run/main-step.js";
import type { Plan } from "../../src/state/plan.js";
import { commandsShown } from "../support/commands-shown.js";
import { largePlan } from "../support/plan-builder.js";
import { wideChangePlan } from "../support/wide-change-plan.js";

const PULL_REQUEST: RunEnvironment = {
  eventName: "pull_request",
  repository: { owner: "acme", repo: "warehouse" },
  defaultBranch: "main",
  ref: "refs/pull/7/merge",
  sha: "0123456789abcdef0123456789abcdef01234567",
  runId: 9001,
  runAttempt: 1,
  serverUrl: "https://github.com",
  apiUrl: "https://api.github.com",
  event: {
    kind: "pull_request",
    action: "synchronize",
    number: 7,
    headSha: "89abcdef0123456789abcdef0123456789abcdef",
    merged: false,
    fork: false,
    target: false,
    title: "Edit stg_events",
    headRef: "edit-stg-events",
  },
};

const cases: Array<{ name: string; plan: () => Plan; builds: number }> = [
  { name: "planned by the real planner", plan: () => wideChangePlan(10_000, 9_869), builds: 9_869 },
  {
    name: "built by the test builder",
    plan: () => largePlan(10_000, { changedEvery: 2 }),
    builds: 9_583,
  },
];

describe.each(cases)("a 10,000-node plan $name", ({ plan: make, builds }) => {
  const plan = make();
  const comment = renderComment(plan, commentContext(PULL_REQUEST, plan));

  it("has the size of issue 20's case", () => {
    expect(plan.entries).toHaveLength(10_000);
    expect(plan.summary.build).toBe(builds);
    expect(plan.summary.build).toBeGreaterThan(9_000);
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

  it("says when the command runs more than the plan, and that dbt build runs the tests", () => {
    const shown = commandsShown(comment)[0];
    if (shown !== plan.build_command && plan.short_command && !plan.short_command.exact)
      expect(comment).toContain(
        `this shorter one runs ${plan.short_command.extra.toLocaleString("en-US")} more node`,
      );
    if (shown !== plan.build_command)
      expect(comment).toContain("`dbt build` also runs the tests of what it selects.");
  });
});
