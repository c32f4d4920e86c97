/**
 * Everything an entry point reads from the runner before the lifecycle runs:
 * the inputs, the run (variables and event payload), the ports. Takes the
 * environment and @actions/core as parameters; only src/main.ts and
 * src/post.ts call it, with process.env and the real core.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import { WAREHOUSE_SECRET_NAMES, warehouseEnvOf } from "../drivers/providers/provider-spec.js";
import { UserError } from "../errors/user-error.js";
import { type ActionInputs, readActionInputs } from "./action-inputs.js";
import { type RunEnvironment, readRunEnvironment } from "./event.js";
import { type CoreLike, type RunnerPorts, runnerPorts } from "./runner-ports.js";

export interface Runner {
  inputs: ActionInputs;
  run: RunEnvironment;
  ports: RunnerPorts;
}

export function readRunner(
  core: CoreLike & { getInput(name: string): string; setSecret(secret: string): void },
  env: NodeJS.ProcessEnv,
): Runner {
  const workspace = env.GITHUB_WORKSPACE || process.cwd();
  const inputs = readActionInputs(
    (name) => core.getInput(name),
    workspace,
    env.ODS_SQLITE_DRIVER,
    warehouseEnvOf(env),
  );
  inputs.buildEnv = env;
  if (inputs.githubToken) core.setSecret(inputs.githubToken);
  if (inputs.warehouse) core.setSecret(inputs.warehouse);
  for (const name of WAREHOUSE_SECRET_NAMES) {
    const secret = inputs.warehouseEnv[name];
    if (secret) core.setSecret(secret);
  }
  let payload: unknown = {};
  if (env.GITHUB_EVENT_PATH) {
    try {
      payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, "utf8"));
    } catch (error) {
      throw new UserError(
        "file_unreadable",
        `The event payload ${env.GITHUB_EVENT_PATH} can't be read: ${(error as Error).message}.`,
        {
          file: env.GITHUB_EVENT_PATH,
          hint: "GitHub writes this file for every run; when running the action by hand, point GITHUB_EVENT_PATH at a JSON event payload.",
        },
      );
    }
  }
  const run = readRunEnvironment(env, payload);
  const ports = runnerPorts(core, run, {
    token: inputs.githubToken,
    tempDir: env.RUNNER_TEMP || os.tmpdir(),
    hasSummary: Boolean(env.GITHUB_STEP_SUMMARY),
    retentionDays: inputs.retentionDays,
    hasArtifactService: Boolean(env.ACTIONS_RUNTIME_TOKEN && env.ACTIONS_RESULTS_URL),
  });
  return { inputs, run, ports };
}
