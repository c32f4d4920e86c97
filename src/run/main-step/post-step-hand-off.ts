/**
 * The main step's files and step state for the post step: the plan file,
 * the manifest the plan was made from, the scope, which run results
 * already existed before dbt ran, and what the plan was compared with (the
 * comment's reference point).
 */
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BaseDescription } from "../../comment/comment-context.js";
import type { ActionInputs } from "../../github/action-inputs.js";
import type { Plan } from "../../state/plan.js";
import type { Scope } from "../../state/scope.js";
import { readRunResultsAt } from "../artifacts.js";
import type { Ports } from "../ports.js";

/** Writes the whole plan to the temp directory's plan.json; returns its path. */
export function writePlanFile(ports: Ports, result: Plan): string {
  const planPath = path.join(ports.tempDir, "ods-state", "plan.json");
  mkdirSync(path.dirname(planPath), { recursive: true });
  writeFileSync(planPath, `${JSON.stringify(result, null, 2)}\n`);
  return planPath;
}

/** What the post step needs: where things are, the run results that already existed, what the plan was compared with. */
export function handOffToPostStep(
  inputs: ActionInputs,
  ports: Ports,
  scope: Scope,
  planPath: string,
  base: BaseDescription,
): void {
  const previousResults = readRunResultsAt(inputs.runResults);
  ports.stepState.save("plan-path", planPath);
  // The manifest this plan was made from: dbt build rewrites target/manifest.json
  // with compiled code only for what it ran, and the environment's builds are
  // recorded against the code that was planned.
  const plannedManifest = path.join(ports.tempDir, "ods-state", "planned-manifest.json");
  copyFileSync(inputs.manifest, plannedManifest);
  ports.stepState.save("planned-manifest", plannedManifest);
  ports.stepState.save("scope", JSON.stringify(scope));
  ports.stepState.save("results-before", previousResults?.metadata.invocationId ?? "");
  ports.stepState.save("compared-base", JSON.stringify(base));
}
