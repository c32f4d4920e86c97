/**
 * Hostile names and text in every untrusted field, through the whole
 * pipeline: the real shop project rewritten so that its model, seed,
 * source, macro and project names, schemas, aliases, databases,
 * descriptions and SQL carry markup, mentions, shell and workflow-command
 * payloads; recorded, edited by a pull request, planned, rendered.
 *
 * - The comment and the job summary hold none of them raw (the rules of
 *   test/comment/injection.unit.test.ts, applied to what the planner really says).
 * - `select` and the printed dbt command, pasted into bash as GitHub pastes
 *   an output into a `run:` script, give dbt exactly the selectors of the
 *   BUILD set and run nothing (a `$(touch …)` creates no file).
 * - Through the action's steps (src/main.ts and src/post.ts against the local
 *   GitHub services): the comment posted, the summary, the outputs and the
 *   log; the log has no line the runner would take as a workflow command,
 *   with a hostile PR title and branch name too.
 * - SQL: the plan and the comment send none; what reaches a warehouse (PR
 *   environments, promotion) goes through the adapters' identifier quoting,
 *   tested with hostile names on real DuckDB and PostgreSQL in
 *   test/env/names.int.test.ts (pointer views with hostile names round-trip,
 *   names that would need escaping are refused before anything changes).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderComment, renderJobSummary } from "../../src/comment/render-comment.js";
import { loadRunResults } from "../../src/dbt/artifacts/run-results.js";
import { loadSources } from "../../src/dbt/artifacts/sources.js";
import { type LoadedProject, loadProject } from "../../src/dbt/load-project.js";
import { plan } from "../../src/planner/plan.js";
import { record } from "../../src/planner/record.js";
import { selectNodes } from "../../src/planner/selection.js";
import type { Plan } from "../../src/state/plan.js";
import {
  editedModel,
  HOSTILE,
  type HostileShop,
  hostileShop,
  injectedCommands,
  markdownProblems,
  throughBash,
} from "../support/adversarial/hostile.js";
import { runStep, srcEntry } from "../support/adversarial/run-step.js";
import { Tally } from "../support/adversarial/tally.js";
import { runnerJob } from "../support/run-dist.js";
import { type ActionsServices, startActionsServices } from "../support/services/start-services.js";

const tally = new Tally("hostile-names");
afterAll(() => tally.report());

const STG_ORDERS = "model.shop.stg_orders";

/**
 * Pasted into bash, `dbt build --select <select> [--exclude <exclude>]` runs
 * no command of a name, and dbt gets words that select exactly the plan's
 * BUILD nodes and the sources whose checks run (resolved with dbt's
 * selection semantics, whatever compact form the plan chose).
 */
function expectRunsThePlan(project: LoadedProject, p: Plan, select: string, exclude: string): void {
  const viaSelect = throughBash(select);
  expect(viaSelect.created, "a file was created: a command ran").toEqual([]);
  expect(viaSelect.args.slice(0, 2)).toEqual(["build", "--select"]);
  let excluded: string[] = [];
  if (exclude !== "") {
    const viaExclude = throughBash(exclude);
    expect(viaExclude.created, "a file was created: a command ran").toEqual([]);
    excluded = viaExclude.args.slice(2);
  }
  const chosen = selectNodes(project.graph, viaSelect.args.slice(2), excluded);
  expect([...chosen.nodes].sort()).toEqual(
    p.entries
      .filter((e) => e.action === "BUILD")
      .map((e) => e.unique_id)
      .sort(),
  );
  expect([...chosen.sources].sort()).toEqual(
    (p.source_checks ?? [])
      .filter((c) => c.action === "RUN")
      .map((c) => c.source_id)
      .sort(),
  );
}

/** Records the hostile shop's real build, then plans a pull request that edits stg_orders, as the action does. */
function scenario(shop: HostileShop, edit: string) {
  const load = (doc: unknown) => loadProject(JSON.stringify(doc), "manifest.json");
  const base = load(shop.manifest);
  const scope = { project: shop.project, environment: "prod" };
  const outcome = record({
    project: base,
    runResults: loadRunResults(JSON.stringify(shop.runResults), "run_results.json"),
    sources: loadSources(JSON.stringify(shop.sourcesBefore), "sources.json"),
    scope,
    previous: null,
    recordedRunIds: new Set(),
    target: { name: "prod", adapter_type: "duckdb" },
    now: "2026-11-30T09:00:00Z",
  });
  const pr = load(editedModel(shop, STG_ORDERS, edit));
  const p = plan({
    project: pr,
    scope,
    state: { id: "s", snapshot: outcome.snapshot },
    sources: loadSources(JSON.stringify(shop.sourcesAfter), "sources.json"),
    select: [],
    now: "2026-11-30T10:00:00Z",
    target: { name: "ci", adapter_type: "duckdb" },
    pointers: true,
  });
  return { pr, plan: p };
}

describe("every hostile string in every name, planned and rendered in process", () => {
  it.each(HOSTILE.map((h) => [JSON.stringify(h.text), h.text] as const))(
    "%s: nothing raw in the comment or the summary; select round-trips through bash",
    async (_label, text) => {
      const shop = hostileShop([text]);
      const { pr, plan: p } = scenario(shop, text);
      await tally.check("names in the comment", "escaped", () => {
        // The edit is seen, and what did not change is reused: the names are in both lists.
        const stg = p.entries.find((e) => e.unique_id === shop.ids.get(STG_ORDERS))!;
        expect(`${stg.action} ${stg.reasons[0]!.code}`).toBe("BUILD code_changed");
        expect(p.summary.reuse).toBeGreaterThan(0);
        const context = {
          pullRequest: 7,
          headSha: "a".repeat(40),
          repositoryUrl: "https://github.com/acme/shop",
          outcome: {
            nodes: Object.fromEntries(
              p.entries.map((e, i) => [
                e.unique_id,
                { status: (["built", "failed", "skipped"] as const)[i % 3]!, message: text },
              ]),
            ),
          },
        };
        expect(markdownProblems(renderComment(p, context), { marker: true })).toEqual([]);
        expect(markdownProblems(renderComment(p, {}), { marker: true })).toEqual([]);
        expect(markdownProblems(renderJobSummary(p, context), { marker: false })).toEqual([]);
      });
      await tally.check("names in select (bash)", "exact", () => {
        expect(p.summary.build).toBeGreaterThan(0);
        expectRunsThePlan(pr, p, p.select, p.exclude);
        // The printed command is the same words.
        expect(p.build_command).toBe(
          `dbt build --select ${p.select}${p.exclude ? ` --exclude ${p.exclude}` : ""}`,
        );
      });
    },
  );
});

describe("through the action's steps, with the local GitHub services", () => {
  let services: ActionsServices;
  let root: string;
  const TOKEN = "ghs_hostile_names_token";
  // The project name carries the first one: it starts the step's summary line in the log.
  const texts = ["\r\n::warning::injected", ...HOSTILE.map((h) => h.text)];

  beforeAll(async () => {
    services = await startActionsServices({ repo: { owner: "acme", name: "shop" } });
    services.world.apiToken = TOKEN;
    root = mkdtempSync(path.join(os.tmpdir(), "ods-adv-hostile-"));
  });
  afterAll(async () => {
    await services.stop();
    rmSync(root, { recursive: true, force: true });
  });

  function workspaceWith(name: string, files: Record<string, unknown>): string {
    const workspace = path.join(root, name, "workspace");
    mkdirSync(path.join(workspace, "target"), { recursive: true });
    for (const [file, doc] of Object.entries(files))
      writeFileSync(path.join(workspace, "target", file), JSON.stringify(doc));
    return workspace;
  }

  it("a default-branch run records the hostile project; the pull request's comment, summary, outputs and log stay inert", async () => {
    const shop = hostileShop(texts);
    const repository = { default_branch: "main", full_name: "acme/shop" };

    // 1. Main: plan, dbt build (its real run_results), record and save.
    const push = services.world.addRun({ event: "push", branch: "main" });
    const pushWs = workspaceWith("push", {
      "manifest.json": shop.manifest,
      "sources.json": shop.sourcesBefore,
    });
    const pushJob = await runnerJob({
      entry: srcEntry,
      workspace: pushWs,
      variables: services.envFor(push),
      payload: { repository },
      inputs: { "github-token": TOKEN },
    });
    const main = pushJob.main;
    expect(main.status, main.stdout).toBe(0);
    writeFileSync(path.join(pushWs, "target", "run_results.json"), JSON.stringify(shop.runResults));
    const post = await pushJob.post();
    expect(post.status, post.stdout).toBe(0);
    expect(post.stdout).toContain("Recorded run");
    services.world.completeRun(push.id);

    // 2. A pull request with a hostile title and branch edits stg_orders.
    const title = "Fix <img src=x onerror=alert(1)> @octocat $(touch pwned-title)\n::warning::title";
    const branch = "feat/$(touch pwned-branch)`id`";
    const run = services.world.addRun({ event: "pull_request", pullNumber: 9, branch });
    const prWs = workspaceWith("pr", {
      "manifest.json": editedModel(shop, STG_ORDERS, texts.join(" ")),
      "sources.json": shop.sourcesAfter,
    });
    const prEvent = path.join(root, "pr", "event.json");
    writeFileSync(
      prEvent,
      JSON.stringify({
        action: "opened",
        number: 9,
        repository,
        pull_request: {
          number: 9,
          title,
          merged: false,
          head: { sha: "b".repeat(40), ref: branch, repo: { full_name: "acme/shop" } },
        },
      }),
    );
    const prEnv = { ...services.envFor(run), GITHUB_EVENT_PATH: prEvent, GITHUB_HEAD_REF: branch };
    const step = await runStep(srcEntry("main"), prWs, { env: prEnv, inputs: { "github-token": TOKEN } });

    await tally.check("through the steps", "inert", () => {
      expect(step.status, step.stdout).toBe(0);
      expect(step.outputs["state-found"]).toBe("true");
      const comments = services.world.comments.filter((c) => c.issue === 9);
      expect(comments).toHaveLength(1);
      const body = comments[0]!.body;
      expect(body).toContain("### ods-state plan for");
      expect(markdownProblems(body, { marker: true })).toEqual([]);
      expect(markdownProblems(step.summary, { marker: false })).toEqual([]);
      // The runner reads the step's stdout for workflow commands: none may come from a name, a title or a branch.
      expect(injectedCommands(step.stdout)).toEqual([]);
      expect(injectedCommands(main.stdout)).toEqual([]);
      expect(injectedCommands(post.stdout)).toEqual([]);
      // GITHUB_OUTPUT: the select output is one heredoc value, and pasted into bash it runs nothing.
      const select = step.outputs.select!;
      const plan = JSON.parse(readFileSync(step.outputs["plan-path"]!, "utf8")) as Plan;
      expect(select).toBe(plan.select);
      const pr = loadProject(JSON.stringify(editedModel(shop, STG_ORDERS, texts.join(" "))), "m.json");
      expect(step.outputs.exclude ?? "").toBe(plan.exclude);
      expectRunsThePlan(pr, plan, select, plan.exclude);
      for (const name of [
        "select",
        "build-count",
        "reuse-count",
        "plan-path",
        "state-found",
        "environment",
      ]) {
        expect(Object.keys(step.outputs)).toContain(name);
      }
    });
  });
});
