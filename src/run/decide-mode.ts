import { UserError } from "../errors/user-error.js";
import type { ActionCommand } from "../github/action-inputs.js";
import { onDefaultBranch, type RunEnvironment } from "../github/event.js";

/**
 * What this run does, from the `command` input or the event (DESIGN.md's
 * event table):
 * - `pr_plan`: a pull request opened or pushed to: plan its environment over
 *   prod's state, comment, no state write;
 * - `pr_closed`: a pull request closed: its environment is dropped unless it
 *   merged (the default branch's run may promote from it);
 * - `default_branch`: push, schedule or dispatch on the default branch: plan
 *   in place; the post step records the run and saves state;
 * - `plan_only`: anything else (another branch, another event): plan, write
 *   nothing;
 * - `record`: record the run results now (dbt ran before this step);
 * - `janitor`: drop environments of pull requests closed longer than the
 *   retention, and replaced prod tables past it (a scheduled job).
 * `env-create` is `pr_plan` and `promote` is `default_branch`, required (an
 * error where the event can't do it); both need the `warehouse` input.
 */
export type Mode = "pr_plan" | "pr_closed" | "default_branch" | "plan_only" | "record" | "janitor";

export function decideMode(run: RunEnvironment, command: ActionCommand | null): { mode: Mode; why: string } {
  const e = run.event;
  if (command === "record") return { mode: "record", why: "the `command` input is `record`" };
  if (command === "plan") {
    return e.kind === "pull_request"
      ? { mode: "pr_plan", why: "the `command` input is `plan` on a pull request" }
      : { mode: onDefaultBranch(run) ? "default_branch" : "plan_only", why: "the `command` input is `plan`" };
  }
  if (command === "env-cleanup") return { mode: "pr_closed", why: "the `command` input is `env-cleanup`" };
  if (command === "janitor") return { mode: "janitor", why: "the `command` input is `janitor`" };
  if (command === "env-create") {
    if (e.kind !== "pull_request" || e.action === "closed") {
      throw new UserError(
        "input_invalid",
        `Input \`command\` is \`env-create\`, which needs an open pull request; this run is ${run.eventName || "an unknown event"}${e.kind === "pull_request" ? " (closed)" : ""}.`,
        { input: "command", hint: "Run it on `pull_request` events (opened, reopened, synchronize)." },
      );
    }
    return { mode: "pr_plan", why: "the `command` input is `env-create`" };
  }
  if (command === "promote") {
    if (!onDefaultBranch(run)) {
      throw new UserError(
        "input_invalid",
        `Input \`command\` is \`promote\`, which only runs on the default branch \`${run.defaultBranch}\`.`,
        { input: "command", hint: "Run it on `push` to the default branch, after the merge." },
      );
    }
    return { mode: "default_branch", why: "the `command` input is `promote`" };
  }
  if (e.kind === "pull_request") {
    if (e.action === "closed") {
      return { mode: "pr_closed", why: `pull request #${e.number} was closed${e.merged ? " (merged)" : ""}` };
    }
    return { mode: "pr_plan", why: `pull request #${e.number} ${e.action || "event"}` };
  }
  if (onDefaultBranch(run)) {
    return { mode: "default_branch", why: `${run.eventName} on the default branch \`${run.defaultBranch}\`` };
  }
  const branch = "branch" in e ? e.branch : null;
  return {
    mode: "plan_only",
    why: `${run.eventName || "an unknown event"} on ${branch ? `branch \`${branch}\`` : `ref \`${run.ref}\``}, not the default branch: plan only, no state is written`,
  };
}
