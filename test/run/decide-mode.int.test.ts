/**
 * What a run does, from the `command` input and the event: the table of
 * DESIGN.md's lifecycle, and the commands that can't run on an event.
 */
import { describe, expect, it } from "vitest";
import { UserError } from "../../src/errors/user-error.js";
import type { ActionCommand } from "../../src/github/action-inputs.js";
import { readRunEnvironment } from "../../src/github/event.js";
import { decideMode } from "../../src/run/decide-mode.js";

const vars = { GITHUB_REPOSITORY: "acme/shop", GITHUB_SHA: "d".repeat(40), GITHUB_RUN_ID: "1" };
const repository = { default_branch: "main", full_name: "acme/shop" };
const pullRequest = (action: string, merged = false) =>
  readRunEnvironment(
    { ...vars, GITHUB_EVENT_NAME: "pull_request", GITHUB_REF: "refs/pull/7/merge" },
    {
      action,
      number: 7,
      repository,
      pull_request: { number: 7, merged, head: { sha: "c".repeat(40), repo: { full_name: "acme/shop" } } },
    },
  );
const push = (branch: string) =>
  readRunEnvironment(
    { ...vars, GITHUB_EVENT_NAME: "push", GITHUB_REF: `refs/heads/${branch}` },
    { repository },
  );
const schedule = readRunEnvironment(
  { ...vars, GITHUB_EVENT_NAME: "schedule", GITHUB_REF: "refs/heads/main" },
  { repository },
);

describe("decideMode", () => {
  it.each([
    { run: pullRequest("opened"), command: null, mode: "pr_plan" },
    { run: pullRequest("synchronize"), command: null, mode: "pr_plan" },
    { run: pullRequest("closed"), command: null, mode: "pr_closed" },
    { run: pullRequest("closed", true), command: null, mode: "pr_closed" },
    { run: push("main"), command: null, mode: "default_branch" },
    { run: push("feature"), command: null, mode: "plan_only" },
    { run: schedule, command: null, mode: "default_branch" },
    { run: push("main"), command: "record", mode: "record" },
    { run: pullRequest("opened"), command: "plan", mode: "pr_plan" },
    { run: push("feature"), command: "plan", mode: "plan_only" },
    { run: pullRequest("opened"), command: "env-create", mode: "pr_plan" },
    { run: pullRequest("closed"), command: "env-cleanup", mode: "pr_closed" },
    { run: push("main"), command: "promote", mode: "default_branch" },
    { run: schedule, command: "janitor", mode: "janitor" },
    { run: pullRequest("opened"), command: "janitor", mode: "janitor" },
  ] as const)("$run.eventName on $run.ref with command $command: $mode", ({ run, command, mode }) => {
    expect(decideMode(run, command as ActionCommand | null).mode).toBe(mode);
  });

  it.each([
    { run: push("main"), command: "env-create", says: "`env-create`, which needs an open pull request" },
    {
      run: pullRequest("closed"),
      command: "env-create",
      says: "needs an open pull request; this run is pull_request (closed)",
    },
    {
      run: push("feature"),
      command: "promote",
      says: "`promote`, which only runs on the default branch `main`",
    },
    { run: pullRequest("opened"), command: "promote", says: "only runs on the default branch" },
  ] as const)(
    "$command on $run.eventName $run.ref is refused, naming the input",
    ({ run, command, says }) => {
      let caught: unknown;
      try {
        decideMode(run, command);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(UserError);
      expect((caught as UserError).message).toContain(says);
      expect((caught as UserError).input).toBe("command");
    },
  );
});
