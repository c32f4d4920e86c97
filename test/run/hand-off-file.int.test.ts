/**
 * The post step reading a hand-off it can't trust (issue 38): a missing,
 * truncated, older or newer document fails the step with `hand_off_invalid`,
 * naming the file and saying to re-run the job, reported as the runner
 * shows it: a message and a hint, never a stack trace. Without a hand-off
 * (the main step did not plan) the post step has nothing to do.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serializeHandOff } from "../../src/app/events/hand-off.js";
import { readActionInputs } from "../../src/github/action-inputs.js";
import { reportFailure } from "../../src/github/report-failure.js";
import { HAND_OFF_STATE } from "../../src/run/hand-off-file.js";
import { runPostStep } from "../../src/run/post-step.js";
import { PlanBuilder } from "../support/plan-builder.js";
import { pullRequestRun } from "../support/pull-request-run.js";
import { recordedRunnerPorts } from "../support/recording-core.js";
import { expectUserError } from "../support/thrown-user-error.js";

const RUN = pullRequestRun("shop", "a".repeat(40), "b".repeat(40), "Edit stg_orders");

function postStep() {
  const root = mkdtempSync(path.join(os.tmpdir(), "ods-hand-off-"));
  mkdirSync(path.join(root, "temp"), { recursive: true });
  const inputs = readActionInputs(() => "", root, undefined);
  const { recorder, ports } = recordedRunnerPorts(RUN, {
    tempDir: path.join(root, "temp"),
    hasSummary: false,
  });
  const file = path.join(root, "temp", "hand-off.json");
  return { root, file, recorder, go: () => runPostStep(inputs, RUN, ports) };
}

const valid = () =>
  serializeHandOff({
    mode: "pr_plan",
    scope: { project: "shop", environment: "prod" },
    plan: new PlanBuilder().reuse("orders").plan(),
    planPath: "/tmp/plan.json",
    plannedKeys: {},
    resultsBefore: "",
    comparedBase: {},
    planPageUrl: null,
    promotion: null,
    dataDiffPlan: null,
  });

describe("the post step's hand-off", () => {
  it("none: the main step did not plan, nothing to do", async () => {
    const step = postStep();
    expect(await step.go()).toMatchObject({ repair: null, counts: { manifestParses: 0, plans: 0 } });
    expect(step.recorder.log()).toContain("the main step did not plan, nothing to do");
  });

  it.each([
    { case: "missing", text: null, says: /can't be read \(ENOENT\)/ },
    { case: "truncated", text: () => valid().slice(0, 40), says: /is not JSON/ },
    {
      case: "of another version",
      // 1: an ods-state whose main step handed off a copy of the planned manifest.
      text: () => valid().replace('"version":2', '"version":1'),
      says: /has version 1; this ods-state reads version 2/,
    },
    {
      case: "damaged",
      text: () => valid().replace('"mode":"pr_plan"', '"mode":"party"'),
      says: /does not have the shape/,
    },
  ])("$case: hand_off_invalid, naming the file, reported without a stack", async (row) => {
    const step = postStep();
    if (row.text) writeFileSync(step.file, row.text());
    step.recorder.state[HAND_OFF_STATE] = step.file;
    const error = await expectUserError(step.go(), "hand_off_invalid", step.file);
    expect(error.message).toMatch(row.says);
    const failed: string[] = [];
    const debug: string[] = [];
    reportFailure(error, { setFailed: (m) => failed.push(m), error: () => {}, debug: (m) => debug.push(m) });
    expect(failed).toHaveLength(1);
    expect(failed[0]).toContain(`error[hand_off_invalid]: The main step's hand-off ${step.file}`);
    expect(failed[0]).toContain("Re-run the whole job");
    expect(failed[0]).not.toMatch(/\n\s+at |This is a bug/);
    expect(debug).toEqual([]);
  });
});
