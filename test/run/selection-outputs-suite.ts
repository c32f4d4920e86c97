/**
 * The selection outputs (issue 20) through the action's main step as the
 * runner runs it: src/main.ts in a fresh process with the real @actions/core
 * (GITHUB_OUTPUT, workflow commands on stdout) against the local GitHub
 * services (cache, artifacts, REST), state carried between jobs by the
 * cache service.
 *
 * - `select`, `exclude` and `select-terms` are the plan file's `select`,
 *   `exclude` and `select_terms`; the README's workflow line, pasted into
 *   bash as GitHub pastes it (with `--exclude` only when `exclude` has
 *   terms), gives dbt the words of the plan's `build_command`, and those
 *   words, resolved with dbt's selection semantics, select the BUILD set.
 * - An exact selection says its term count in the step's log line.
 * - A plan whose BUILD set no exact selection can hold within the bounds
 *   (about 1,000 of 2,000 seeds with unrelated names, changed at random: any
 *   exact form needs about a term per node, far over 500) runs a superset: the
 *   plan says so, the outputs stay within the bounds, and the log warns how
 *   many nodes and tests run beyond the plan and that the plan file lists
 *   them. This part needs the compactor (src/planner/selection-output/
 *   compact-selection.ts) to honour its bounds.
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadProject } from "../../src/dbt/load-project.js";
import { SELECT_BOUNDS } from "../../src/planner/selection-output/compact-selection.js";
import type { Plan } from "../../src/state/plan.js";
import { throughBash } from "../support/adversarial/hostile.js";
import { type StepRun, srcEntry } from "../support/adversarial/run-step.js";
import { buildManifest, type ModelSpec } from "../support/manifest-builder.js";
import { nodesRun, selectorWords } from "../support/resolve-selection.js";
import { buildRunResults } from "../support/run-builders.js";
import { runnerJob } from "../support/run-dist.js";
import type { FakeRun } from "../support/services/actions-world.js";
import { type ActionsServices, startActionsServices } from "../support/services/start-services.js";
import { PROJECT_ROOT } from "../support/shared-fixtures.js";

const SHOP = path.join(PROJECT_ROOT, "fixtures", "shop");
const TOKEN = "ghs_selection_outputs_token";
const repository = { default_branch: "main", full_name: "acme/shop" };

/**
 * What GitHub substitutes for the README's
 * `${{ steps.ods.outputs.exclude && format('--exclude {0}', steps.ods.outputs.exclude) }}`:
 * `&&` gives its first falsy operand (the empty string) or its last one
 * (actions/runner, src/Sdk/DTExpressions2/Expressions2/Sdk/Operators/And.cs).
 */
function workflowExclude(exclude: string): string {
  return exclude === "" ? "" : `--exclude ${exclude}`;
}

/** The README's workflow line after GitHub's substitution, with `dbt build` and its flags dropped. */
function workflowArguments(outputs: Record<string, string>): string {
  return `${outputs.select} ${workflowExclude(outputs.exclude!)}`;
}

/** The plan's `select` and `exclude` resolved with dbt's semantics: the models, seeds and snapshots they run. */
function resolved(manifest: unknown, p: Plan): Set<string> {
  return new Set(nodesRun(loadProject(JSON.stringify(manifest), "manifest.json").graph, p.select, p.exclude));
}

function built(p: Plan): Set<string> {
  return new Set(p.entries.filter((e) => e.action === "BUILD").map((e) => e.unique_id));
}

const termsText = (n: number) => `${n} selector term${n === 1 ? "" : "s"}`;

/**
 * The suite in two parts: `fast` (npm test: the shop's pull request, the
 * workflow line's `--exclude`) and `scale` (the slow project: 2,000 seeds no
 * exact selection fits). CI runs both.
 */
export function selectionOutputsSuite(part: "fast" | "scale"): void {
  describe("the selection outputs through the main step (src/main.ts, @actions/core, local GitHub services)", () => {
    let current: ActionsServices | undefined;
    const services = (): ActionsServices => current!;
    let root: string;

    beforeAll(() => {
      root = mkdtempSync(path.join(os.tmpdir(), "ods-run-selection-"));
    });
    afterAll(async () => {
      await current?.stop();
      rmSync(root, { recursive: true, force: true });
    });

    /** A fresh GitHub (cache, artifacts, REST) for each scenario: no state carried from another. */
    async function freshServices(): Promise<void> {
      await current?.stop();
      current = await startActionsServices({ repo: { owner: "acme", name: "shop" } });
      current.world.apiToken = TOKEN;
    }

    function workspaceWith(name: string, files: Record<string, unknown>): string {
      const workspace = path.join(root, name, "workspace");
      mkdirSync(path.join(workspace, "target"), { recursive: true });
      for (const [file, doc] of Object.entries(files))
        writeFileSync(
          path.join(workspace, "target", file),
          typeof doc === "string" ? doc : JSON.stringify(doc),
        );
      return workspace;
    }

    async function mainStep(run: FakeRun, workspace: string, payload: unknown): Promise<StepRun> {
      const { main: step } = await runnerJob({
        entry: srcEntry,
        workspace,
        variables: services().envFor(run),
        payload,
        inputs: { "github-token": TOKEN },
      });
      expect(step.status, step.stdout + step.stderr).toBe(0);
      return step;
    }

    /** A default-branch job: the main step, dbt's run (its run_results.json), the post step recording and saving. */
    async function recordedPush(name: string, files: Record<string, unknown>, runResults: unknown) {
      const push = services().world.addRun({ event: "push", branch: "main" });
      const workspace = workspaceWith(name, files);
      const job = await runnerJob({
        entry: srcEntry,
        workspace,
        variables: services().envFor(push),
        payload: { repository },
        inputs: { "github-token": TOKEN },
      });
      const main = job.main;
      expect(main.status, main.stdout + main.stderr).toBe(0);
      writeFileSync(path.join(workspace, "target", "run_results.json"), JSON.stringify(runResults));
      const post = await job.post();
      expect(post.status, post.stdout + post.stderr).toBe(0);
      expect(post.stdout).toContain("Recorded run");
      services().world.completeRun(push.id);
      return main;
    }

    const planOf = (step: StepRun): Plan =>
      JSON.parse(readFileSync(step.outputs["plan-path"]!, "utf8")) as Plan;

    if (part === "fast")
      it("a pull request on the shop: select, exclude and select-terms are the plan's, and the workflow line builds exactly the BUILD set", async () => {
        await freshServices();
        const fixture = (relative: string) => readFileSync(path.join(SHOP, relative), "utf8");
        await recordedPush(
          "shop-main",
          { "manifest.json": fixture("prod/manifest.json"), "sources.json": fixture("prod/sources.json") },
          JSON.parse(fixture("prod/run_results.json")),
        );

        const pr = services().world.addRun({ event: "pull_request", pullNumber: 7, branch: "returns" });
        const prManifest = JSON.parse(fixture("pr-7/manifest.json"));
        const workspace = workspaceWith("shop-pr", {
          "manifest.json": prManifest,
          "sources.json": fixture("prod-after-merge/sources.json"),
        });
        const step = await mainStep(pr, workspace, {
          action: "opened",
          number: 7,
          repository,
          pull_request: {
            number: 7,
            title: "Count pending returns",
            merged: false,
            head: { sha: "a".repeat(40), ref: "returns", repo: { full_name: "acme/shop" } },
          },
        });
        const p = planOf(step);
        expect(p.schema_version).toBe("1.2");
        expect(step.outputs["state-found"]).toBe("true");
        expect(p.summary.build).toBe(4);

        // The outputs, written through @actions/core to GITHUB_OUTPUT, are the plan file's fields.
        expect(step.outputs.select).toBe(p.select);
        expect(step.outputs.exclude).toBe(p.exclude);
        expect(step.outputs["select-terms"]).toBe(String(p.select_terms));
        expect(p.select_terms).toBeGreaterThan(0);
        expect(p.select_terms).toBe(selectorWords(p.select).length + selectorWords(p.exclude).length);

        // Exact: resolved as dbt resolves it, the selection runs the BUILD set and nothing else.
        expect(p.select_exact).toBe(true);
        expect(p.select_extra).toBeUndefined();
        expect(resolved(prManifest, p)).toEqual(built(p));

        // The README's line, as GitHub substitutes it and bash reads it, is the plan's build_command.
        const viaWorkflow = throughBash(workflowArguments(step.outputs));
        expect(viaWorkflow.created).toEqual([]);
        expect(["dbt", ...viaWorkflow.args]).toEqual(selectorWords(p.build_command!));

        // The log line says how many terms the exact selection has; no superset warning.
        expect(step.stdout).toContain(`: ${p.build_command} (${termsText(p.select_terms)}, exact)`);
        expect(step.stdout).not.toContain("beyond the plan");
      });

    if (part === "fast")
      it("an empty exclude passes no --exclude; a non-empty one passes --exclude and its terms", () => {
        expect(throughBash(workflowArguments({ select: "fqn:shop.orders", exclude: "" })).args).toEqual([
          "build",
          "--select",
          "fqn:shop.orders",
        ]);
        expect(
          throughBash(workflowArguments({ select: "'fqn:*'", exclude: "fqn:shop.orders 'fqn:shop.a b'" }))
            .args,
        ).toEqual(["build", "--select", "fqn:*", "--exclude", "fqn:shop.orders", "fqn:shop.a b"]);
      });

    if (part === "scale")
      describe("a plan no exact selection fits: about 1,000 of 2,000 unrelated seeds changed", () => {
        const COUNT = 2_000;
        const hex = (text: string) => createHash("sha256").update(text).digest("hex");
        // Names with no shared structure (no prefix, path or tag groups them), changed at random.
        const names = Array.from({ length: COUNT }, (_, i) => `s_${hex(`seed ${i}`).slice(0, 12)}`);
        const changed = new Set(names.filter((name) => Number.parseInt(hex(`changed ${name}`)[0]!, 16) < 8));
        const seeds = (edit: boolean): ModelSpec[] =>
          names.map((name) => ({
            name,
            resourceType: "seed",
            sql: edit && changed.has(name) ? "id\n2\n" : "id\n1\n",
          }));
        const manifestOf = (edit: boolean, invocation: string) => {
          const manifest = buildManifest(seeds(edit)) as { metadata: Record<string, unknown> };
          manifest.metadata.invocation_id = invocation;
          return manifest;
        };

        it("warns in the log how many nodes and tests run beyond the plan, and that the plan file lists them", async () => {
          expect(changed.size).toBeGreaterThan(850);
          expect(changed.size).toBeLessThan(1_150);
          await freshServices();
          const before = manifestOf(false, "00000000-0000-4000-8000-00000000a001");
          await recordedPush(
            "seeds-main-1",
            { "manifest.json": before },
            buildRunResults({
              invocationId: "00000000-0000-4000-8000-00000000a001",
              statuses: Object.fromEntries(names.map((name) => [`seed.shop.${name}`, "success"])),
              durationSeconds: 0.01,
            }),
          );

          const push = services().world.addRun({ event: "push", branch: "main" });
          const after = manifestOf(true, "00000000-0000-4000-8000-00000000a002");
          const step = await mainStep(push, workspaceWith("seeds-main-2", { "manifest.json": after }), {
            repository,
          });
          const p = planOf(step);
          expect(step.outputs["state-found"]).toBe("true");
          expect(built(p)).toEqual(new Set([...changed].map((name) => `seed.shop.${name}`)));

          // The outputs are the plan's, within the bounds.
          expect(step.outputs.select).toBe(p.select);
          expect(step.outputs.exclude).toBe(p.exclude);
          expect(step.outputs["select-terms"]).toBe(String(p.select_terms));
          expect(p.select_terms).toBeLessThanOrEqual(SELECT_BOUNDS.maxTerms);
          expect(p.select.length + p.exclude.length).toBeLessThanOrEqual(SELECT_BOUNDS.maxChars);

          // A superset, said so in the plan: more is built, never less, and what it adds is listed.
          expect(p.select_exact).toBe(false);
          expect(p.warnings.map((w) => w.code)).toContain("selection_superset");
          const runs = resolved(after, p);
          for (const id of built(p)) expect(runs.has(id), id).toBe(true);
          const extra = new Set(p.select_extra);
          expect(extra.size).toBeGreaterThan(0);
          for (const id of runs) if (!built(p).has(id)) expect(extra.has(id), id).toBe(true);

          // …and in the step's log, as a warning annotation naming the count and the plan file.
          const n = p.select_extra!.length;
          expect(step.stdout).toContain(`::warning::The selection runs ${n} nodes and tests beyond the plan`);
          expect(step.stdout).toContain(
            `The plan file lists them under select_extra: ${step.outputs["plan-path"]}`,
          );
          expect(step.stdout).not.toContain(", exact)");
        });
      });
  });
}
