/**
 * What the pull request's dbt build made in its environment, recorded in the
 * registry (the post step, after `dbt build`): per node, the run, dbt's
 * status, the version key and fingerprint of the planned manifest, which
 * build of each parent it read (prod's through a pointer view, or the
 * environment's own), the source versions it saw, and its checks' outcome.
 * Promotion on merge rests on these records; `environmentBaseline` turns
 * them into a second baseline for the next push's plan.
 *
 * Version keys come from the planned manifest (`dbt compile`: every node
 * compiled). dbt's build writes a manifest where only the nodes that ran
 * have compiled code, so keys computed from it differ; when it is given, a
 * node whose compiled SQL (or, for a successful build, fingerprint) differs
 * between the two is not recorded. The action's post step has no planned
 * manifest to parse: its `project` is dbt's with the planned keys the main
 * step handed off laid over it (src/dbt/fingerprint/planned-keys.ts).
 */
import type { RunResults } from "../../dbt/artifacts/run-results.js";
import type { SourcesFreshness } from "../../dbt/artifacts/sources.js";
import { macroIndexFor } from "../../dbt/fingerprint/shared-macro-index.js";
import type { LoadedProject } from "../../dbt/load-project.js";
import { UserError } from "../../errors/user-error.js";
import type { ColumnFactsOf } from "../../planner/rules/context.js";
import { runStartedAt } from "../../planner/run-times.js";
import { sourceVersionsReadBy } from "../../planner/source-evidence.js";
import { formatSchemaVersion } from "../../state/schema-version.js";
import { SNAPSHOT_SCHEMA_VERSION, type StateSnapshot } from "../../state/snapshot.js";
import { qualifiedKey } from "../../warehouse/names.js";
import { StoredNames } from "../../warehouse/stored-names.js";
import type { BuildRecord } from "../registry/records.js";
import { NODE_SUCCESS, nodeBuild, type RecordingRun } from "./builds/node-build.js";
import { outsideOwnSchemas } from "./builds/outside-own-schemas.js";
import { recordableRunId } from "./builds/run-identity.js";
import { refuseRunOutsideEnvironment, saveBuilds } from "./builds/save-builds.js";
import { type EnvContext, observe, ownEnvironment } from "./common.js";

export interface RecordBuildsInput {
  name: string;
  /** The manifest the environment was planned from (compiled with the CI target). */
  project: LoadedProject;
  /** The manifest dbt wrote with these run results, when available: guards against code that changed in between. */
  buildProject?: LoadedProject | null;
  runResults: RunResults;
  /** sources.json of the PR's job; used only when taken strictly before the run started. */
  sources: SourcesFreshness | null;
  /**
   * Column facts of the planned manifest's models (issue 24): built models
   * store them in their node state, as prod's record does, so a promotion
   * carries them into prod's state. Without it, none are stored.
   */
  columnFacts?: ColumnFactsOf;
}

export interface RecordBuildsOutcome {
  run_id: string;
  built: string[];
  failed: string[];
  /** Built nodes not recorded as builds to reuse or promote (partial builds are kept as `partial success`), with why. */
  ignored: { unique_id: string; reason: string }[];
}

/**
 * The steps, in order, are modules of lifecycle/builds/: identify the run,
 * find the environment, record each node the run touched, refuse a run
 * entirely outside the environment, save the records.
 */
export async function recordEnvironmentBuilds(
  ctx: EnvContext,
  input: RecordBuildsInput,
): Promise<RecordBuildsOutcome> {
  const { warehouse, registry, now } = ctx;
  const { project, runResults, name } = input;
  const runId = recordableRunId(runResults);
  const environment = await ownEnvironment(ctx, name);
  if (!environment) {
    throw new UserError(
      "environment_unknown",
      `There is no environment ${name} in ${warehouse.label} to record builds in.`,
    );
  }
  const startedAt = runStartedAt(runResults) ?? runResults.metadata.generatedAt ?? now;
  const run: RecordingRun = {
    name,
    runId,
    now,
    startedAt,
    project,
    buildProject: input.buildProject,
    runResults,
    outside: outsideOwnSchemas(environment, warehouse.capabilities.identifiers),
    names: StoredNames.fromProject(warehouse.capabilities.engine, project),
    // The same rule as prod's record: only a sources.json taken before the run started counts.
    sourceVersions: sourceVersionsReadBy(input.sources, startedAt).versions,
    macros: macroIndexFor(project.graph),
    statusOf: new Map(runResults.results.map((result) => [result.uniqueId, result])),
    pointers: new Map((await registry.pointers(name)).map((pointer) => [pointer.node_id, pointer])),
    previous: new Map((await registry.builds(name)).map((build) => [build.node_id, build])),
    successThisRun: new Set<string>(),
    columnFacts: input.columnFacts ?? null,
    builtStates: new Map(),
  };
  const outcome: RecordBuildsOutcome = { run_id: runId, built: [], failed: [], ignored: [] };
  const records: BuildRecord[] = [];
  for (const id of project.graph.order) {
    const node = nodeBuild(run, id);
    if (!node) continue;
    if (node.ignored !== null) outcome.ignored.push({ unique_id: id, reason: node.ignored });
    if (node.built) outcome.built.push(id);
    if (node.failed) outcome.failed.push(id);
    if (node.record) records.push(node.record);
  }
  refuseRunOutsideEnvironment(runResults.file, name, environment, records, outcome.ignored);
  await saveBuilds(ctx, name, environment, runId, records, run.pointers);
  return outcome;
}

/**
 * Prod's state with the environment's successful builds over it: planning a
 * push against this (with `pointers: true`) reuses what an earlier push
 * built, in place, and builds only what changed since. Builds whose relation
 * is gone from the warehouse are left out, and, given the push's manifest,
 * builds of another version than the one it has (a change reverted: prod's
 * build may serve it again through a pointer).
 */
export async function environmentBaseline(
  ctx: EnvContext,
  name: string,
  prod: StateSnapshot | null,
  project?: LoadedProject,
): Promise<StateSnapshot | null> {
  const builds = (await ctx.registry.builds(name)).filter(
    (build) =>
      build.status === NODE_SUCCESS &&
      build.node_state !== null &&
      (!project || project.fingerprints.get(build.node_id)?.versionKey === build.version_key),
  );
  if (builds.length === 0) return prod;
  const rules = ctx.warehouse.capabilities.identifiers;
  const seen = await observe(ctx.warehouse, [...new Set(builds.map((build) => build.schema))]);
  const present = builds.filter((build) => seen.objects.has(qualifiedKey(build, rules)));
  if (present.length === 0) return prod;
  const base: StateSnapshot = prod
    ? { ...prod, nodes: { ...prod.nodes } }
    : {
        schema_version: formatSchemaVersion(SNAPSHOT_SCHEMA_VERSION),
        project: (await ctx.registry.environment(name))?.project ?? "",
        environment: name,
        run_id: present[present.length - 1]!.run_id,
        created_at: ctx.now,
        nodes: {},
      };
  for (const build of present) base.nodes[build.node_id] = build.node_state!;
  return base;
}
