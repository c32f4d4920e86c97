/**
 * Issue 22, item 8: the main step writes the full plan as an HTML page and
 * uploads it (with the plan file) as an artifact of the run, through the
 * real @actions/artifact client against the local fake of GitHub's artifact
 * service; the job summary links to it, and the post step gets the link.
 * A failed or slow upload is a warning and the step goes on without the
 * link; without an artifact service the page stays on the runner.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunEnvironment, readRunEnvironment } from "../../src/github/event.js";
import { uploadPlanPage } from "../../src/github/plan-page-upload.js";
import type { RunnerSettings } from "../../src/github/runner-ports.js";
import { readHandOff } from "../../src/run/hand-off-file.js";
import { planPageArtifactName, publishPlanPage } from "../../src/run/main-step/plan-page.js";
import { runMainStep } from "../../src/run/main-step.js";
import { actionJob, pullRequestEvent } from "../support/action-job.js";
import { PlanBuilder, why } from "../support/plan-builder.js";
import { recordedRunnerPorts } from "../support/recording-core.js";
import { type ActionsServices, startActionsServices } from "../support/services/start-services.js";
import { PROJECT_ROOT } from "../support/shared-fixtures.js";

const SHOP = path.join(PROJECT_ROOT, "fixtures", "shop");
const root = mkdtempSync(path.join(os.tmpdir(), "ods-plan-page-"));
const originalEnv = { ...process.env };
let services: ActionsServices;

beforeAll(async () => {
  services = await startActionsServices({ repo: { owner: "acme", name: "shop" } });
});
afterAll(async () => {
  for (const key of Object.keys(process.env)) if (!(key in originalEnv)) delete process.env[key];
  Object.assign(process.env, originalEnv);
  await services.stop();
  rmSync(root, { recursive: true, force: true });
});

/** A pull request's job: its workspace with the shop's PR manifest, the runner's variables in process.env. */
function pullRequestJob(name: string, settings: Partial<RunnerSettings> = {}) {
  const fake = services.world.addRun({ event: "pull_request", pullNumber: 7, branch: "returns" });
  const env = services.envFor(fake);
  for (const key of Object.keys(process.env))
    if (/^(ACTIONS_|GITHUB_|RUNNER_)/.test(key)) delete process.env[key];
  Object.assign(process.env, env);
  const workspace = path.join(root, name, "workspace");
  const temp = path.join(root, name, "temp");
  mkdirSync(path.join(workspace, "target"), { recursive: true });
  mkdirSync(temp, { recursive: true });
  copyFileSync(path.join(SHOP, "pr-7", "manifest.json"), path.join(workspace, "target", "manifest.json"));
  const job = actionJob({
    workspace,
    event: pullRequestEvent("synchronize", { headSha: "c".repeat(40) }),
    variables: env,
    tempDir: temp,
    settings,
  });
  return { ...job, fake, temp };
}

describe("the full plan page as an artifact", () => {
  it("the main step uploads plan.html and plan.json; the summary links the artifact; the post step gets the link", async () => {
    const job = pullRequestJob("uploads", { hasArtifactService: true });
    const { recorder } = job;
    await job.main();

    const name = planPageArtifactName("shop", job.fake.attempt);
    expect(name).toBe("ods-state-plan-shop-attempt-1");
    const artifact = services.world
      .finalizedArtifacts()
      .find((a) => a.name === name && a.runId === job.fake.id);
    expect(artifact).toBeDefined();
    // The artifact is a zip of the two files.
    const zip = services.blobs.read(artifact!.blob)!;
    expect(zip.includes("plan.html")).toBe(true);
    expect(zip.includes("plan.json")).toBe(true);

    const url = `https://github.com/acme/shop/actions/runs/${job.fake.id}/artifacts/${artifact!.id}`;
    expect(recorder.summary()).toContain(`[full plan page](${url})`);
    expect(readHandOff(job.ports)!.planPageUrl).toBe(url);
    expect(recorder.log()).toContain(`The full plan page is the \`${name}\` artifact: ${url}`);
    expect(recorder.log()).not.toMatch(/warning: The plan page/);

    const page = readFileSync(path.join(path.dirname(recorder.outputs["plan-path"]!), "plan.html"), "utf8");
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain('<svg id="lineage"');
  });

  it("without an artifact service the page stays on the runner, said in the log, and nothing links to it", async () => {
    const job = pullRequestJob("no-service");
    const { recorder, ports } = job;
    expect(ports.uploadPlanPage).toBeUndefined();
    await job.main();
    expect(recorder.log()).toMatch(
      /The full plan page is \S+plan\.html \(no artifact service to upload it to here\)/,
    );
    expect(recorder.summary()).not.toContain("full plan page");
    expect(readHandOff(job.ports)!.planPageUrl).toBeNull();
  });

  it("a refused upload is a warning, and the step goes on without the link", async () => {
    const job = pullRequestJob("refused");
    const { recorder, ports } = job;
    const asked: string[][] = [];
    ports.uploadPlanPage = async (name, dir, files) => {
      asked.push([name, ...files.map((f) => path.relative(dir, f))]);
      return {
        uploaded: false,
        name,
        warning: `The plan page was not uploaded as the \`${name}\` artifact: 403.`,
      };
    };
    await job.main();
    expect(asked).toEqual([["ods-state-plan-shop-attempt-1", "plan.html", "plan.json"]]);
    expect(recorder.log()).toMatch(
      /warning: The plan page was not uploaded as the `ods-state-plan-shop-attempt-1` artifact: 403\. The page is \S+plan\.html on the runner\./,
    );
    expect(recorder.summary()).not.toContain("full plan page");
    expect(recorder.outputs["build-count"]).toBeDefined();
  });

  it("an artifact service that never answers is given up at the deadline, as a warning", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    const job = pullRequestJob("silent");
    process.env.ACTIONS_RESULTS_URL = `http://127.0.0.1:${port}/`;
    const page = path.join(job.temp, "plan.html");
    writeFileSync(page, "<!doctype html>");
    try {
      const started = Date.now();
      const result = await uploadPlanPage({
        name: "ods-state-plan-shop-attempt-1",
        root: job.temp,
        files: [page],
        timeoutMs: 500,
        clientLog: () => {},
      });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(result).toMatchObject({ uploaded: false, name: "ods-state-plan-shop-attempt-1" });
      expect(result.uploaded === false && result.warning).toBe(
        "The plan page was not uploaded as an artifact: the artifact service did not answer within 0.5 s.",
      );
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it("a page that can't be written is a warning, not a failure", async () => {
    const run: RunEnvironment = readRunEnvironment(
      { GITHUB_RUN_ID: "5", GITHUB_REPOSITORY: "acme/shop" },
      {},
    );
    const { recorder, ports } = recordedRunnerPorts(run, { tempDir: root, hasSummary: false });
    const plan = new PlanBuilder().build("a", why.noState()).plan();
    const planPath = path.join(root, "no-such-folder", "plan.json");
    expect(await publishPlanPage(ports, run, plan, planPath, "https://github.com/acme/shop")).toBeUndefined();
    expect(recorder.log()).toMatch(
      /^warning: The full plan page could not be written to .*plan\.html \(ENOENT\)/m,
    );
  });
});
