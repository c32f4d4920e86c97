/**
 * The commit a workflow run built, for the comment's reference point (issue
 * 22, item 7), asked of the local GitHub REST service through the real
 * Octokit client: the run's head_sha; null, never a throw, when GitHub
 * doesn't say (no such run, no access, a failing service).
 */
import { Octokit } from "@octokit/rest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { workflowRunLookups } from "../../src/github/workflow-runs.js";
import { type ActionsServices, startActionsServices } from "../support/services/start-services.js";

let services: ActionsServices;
let octokit: Octokit;
const silentLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  services = await startActionsServices({ repo: { owner: "acme", name: "shop" } });
  services.world.apiToken = undefined;
  octokit = new Octokit({ baseUrl: services.apiUrl, auth: "t", log: silentLog, request: { retries: 0 } });
});
afterEach(() => services.rest.server.clearFaults());
afterAll(() => services.stop());

describe("workflowRunLookups.headSha", () => {
  it("gives the commit the run built", async () => {
    const run = services.world.addRun({
      event: "push",
      branch: "main",
      sha: "9f8e7d6c5b4a39281706f5e4d3c2b1a098765432",
    });
    const runs = workflowRunLookups(octokit, { owner: "acme", repo: "shop" });
    expect(await runs.headSha(run.id)).toBe("9f8e7d6c5b4a39281706f5e4d3c2b1a098765432");
  });

  it.each([
    ["no such run", () => {}, 999_999],
    ["no access (403)", () => services.rest.server.setFault("runs", { kind: "status", status: 403 }), 0],
    [
      "the service failing (500)",
      () => services.rest.server.setFault("runs", { kind: "status", status: 500 }),
      0,
    ],
  ] as const)("%s: null, no throw", async (_, fault, id) => {
    const run = services.world.addRun({ event: "push", branch: "main" });
    fault();
    const runs = workflowRunLookups(octokit, { owner: "acme", repo: "shop" });
    expect(await runs.headSha(id || run.id)).toBeNull();
  });
});
