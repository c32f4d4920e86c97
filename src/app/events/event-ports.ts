/**
 * What the action's event use cases (src/app/events/) run over: the
 * runner's ports (log, state transport, pull-request lookups, the clock;
 * src/github/runner-ports.ts), the adapters the entry point opened (state
 * files, the warehouse opener, the SQL parser; ../ports.ts), and the dbt
 * artifacts of the job, read through a port so that a use case never opens
 * a file itself and every manifest parse is counted (step-counts.ts).
 */
import type { RunResults } from "../../dbt/artifacts/run-results.js";
import type { SourcesFreshness } from "../../dbt/artifacts/sources.js";
import type { LoadedProject } from "../../dbt/load-project.js";
import type { RunnerPorts } from "../../github/runner-ports.js";
import type { Adapters } from "../ports.js";

/** The job's dbt artifacts, by the paths the inputs name (src/run/artifacts.ts reads them from disk). */
export interface ArtifactFiles {
  /** Whether `file` exists. */
  exists(file: string): boolean;
  /** The manifest at `file`, fingerprinted with dbt_project.yml and the seeds of `projectDir`: one full parse. */
  project(
    file: string,
    projectDir: string,
    buildEnv?: Readonly<Record<string, string | undefined>>,
  ): LoadedProject;
  /** sources.json, or null when there is none. */
  sources(file: string): SourcesFreshness | null;
  /** run_results.json, or null when there is none. */
  runResults(file: string): RunResults | null;
  /** The top-level `name:` of dbt_project.yml in `projectDir`; null when it can't be read. */
  projectName(projectDir: string): string | null;
}

export type EventPorts = RunnerPorts & Adapters & { artifacts: ArtifactFiles };
