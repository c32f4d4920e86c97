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
 * node whose compiled SQL differs between the two is not recorded.
 */
import type { RunResults } from "../../dbt/artifacts/run-results.js";
import type { SourcesFreshness } from "../../dbt/artifacts/sources.js";
import { checksDigest } from "../../dbt/checks-digest.js";
import { macroIndexFor } from "../../dbt/fingerprint/shared-macro-index.js";
import type { Check } from "../../dbt/graph.js";
import type { LoadedProject } from "../../dbt/load-project.js";
import { UserError } from "../../errors/user-error.js";
import { latestInstant } from "../../planner/exact-instant.js";
import { PARTIAL_SUCCESS, partialBuildReason } from "../../planner/partial-builds.js";
import { BUILDING_COMMANDS } from "../../planner/record-refusals.js";
import { runStartedAt } from "../../planner/run-times.js";
import { sourceVersionsReadBy } from "../../planner/source-evidence.js";
import { formatSchemaVersion } from "../../state/schema-version.js";
import {
  type DataVersion,
  type NodeState,
  SNAPSHOT_SCHEMA_VERSION,
  type StateSnapshot,
} from "../../state/snapshot.js";
import { nameKey, qualifiedKey, showQualified } from "../names.js";
import type { BuildRecord, OwnedObject, ParentRead, TestOutcome } from "../registry/records.js";
import { type EnvContext, observe, ownEnvironment, step } from "./common.js";

const NODE_SUCCESS = "success";
const CHECK_PASSED = new Set(["pass", "warn", "success"]);
const CHECK_FAILED = new Set(["fail", "error", "runtime error"]);

export interface RecordBuildsInput {
  name: string;
  /** The manifest the environment was planned from (compiled with the CI target). */
  project: LoadedProject;
  /** The manifest dbt wrote with these run results, when available: guards against code that changed in between. */
  buildProject?: LoadedProject | null;
  runResults: RunResults;
  /** sources.json of the PR's job; used only when taken strictly before the run started. */
  sources: SourcesFreshness | null;
}

export interface RecordBuildsOutcome {
  run_id: string;
  built: string[];
  failed: string[];
  /** Built nodes not recorded as builds to reuse or promote (partial builds are kept as `partial success`), with why. */
  ignored: { unique_id: string; reason: string }[];
}

export async function recordEnvironmentBuilds(
  ctx: EnvContext,
  input: RecordBuildsInput,
): Promise<RecordBuildsOutcome> {
  const { warehouse, registry, now } = ctx;
  const { project, runResults, name } = input;
  const file = runResults.file;
  const runId = runResults.metadata.invocationId;
  const command = runResults.args.which;
  if (!runId)
    throw new UserError("record_refused", `${file} has no invocation_id, so the run can't be identified.`, {
      file,
    });
  if (!command || !(BUILDING_COMMANDS as readonly string[]).includes(command)) {
    throw new UserError(
      "record_refused",
      `${file} comes from \`dbt ${command ?? "(unknown command)"}\`, which builds nothing to keep.`,
      { file },
    );
  }
  const environment = await ownEnvironment(ctx, name);
  if (!environment) {
    throw new UserError(
      "environment_unknown",
      `There is no environment ${name} in ${warehouse.label} to record builds in.`,
    );
  }
  const startedAt = runStartedAt(runResults) ?? runResults.metadata.generatedAt ?? now;
  // An environment owns only what it created: relations in the schemas it was created over (checked then
  // to hold nothing it doesn't own), never in a schema that held prod's relations.
  const rules = warehouse.capabilities.identifiers;
  const ownSchemas = new Set(environment.schemas.map((schema) => nameKey(schema, rules)));
  const prodSchemas = new Set(environment.prod_schemas.map((schema) => nameKey(schema, rules)));
  const outside = (schema: string): string | null => {
    const key = nameKey(schema, rules);
    if (prodSchemas.has(key)) return "a schema that holds prod's relations";
    if (!ownSchemas.has(key))
      return `not one of the schemas the environment was created over (${environment.schemas.join(", ") || "none"}): create or refresh it with this manifest first`;
    return null;
  };

  // The same rule as prod's record: only a sources.json taken before the run started counts.
  const sourceVersions = sourceVersionsReadBy(input.sources, startedAt).versions;

  const graph = project.graph;
  const macros = macroIndexFor(graph);
  const statusOf = new Map(runResults.results.map((result) => [result.uniqueId, result]));
  const pointers = new Map((await registry.pointers(name)).map((pointer) => [pointer.node_id, pointer]));
  const previous = new Map((await registry.builds(name)).map((build) => [build.node_id, build]));
  const outcome: RecordBuildsOutcome = { run_id: runId, built: [], failed: [], ignored: [] };
  const records: BuildRecord[] = [];
  const successThisRun = new Set<string>();

  const checksOf = (ids: readonly string[]): Check[] =>
    ids.map((id) => graph.checks.get(id)).filter((c): c is Check => Boolean(c));
  const tested = (ids: readonly string[]): TestOutcome => {
    if (ids.length === 0) return "none";
    let all = true;
    for (const id of ids) {
      const status = statusOf.get(id)?.status;
      if (status !== undefined && CHECK_FAILED.has(status)) return "failed";
      if (status === undefined || !CHECK_PASSED.has(status)) all = false;
    }
    return all ? "passed" : "not_run";
  };

  for (const id of graph.order) {
    const result = statusOf.get(id);
    if (!result) continue;
    const node = graph.nodes.get(id)!;
    const fp = project.fingerprints.get(id)!;
    if (node.node.materialized === "ephemeral") continue;
    const where = outside(node.node.relation.schema);
    if (where !== null) {
      outcome.ignored.push({
        unique_id: id,
        reason: `its relation ${showQualified(node.node.relation)} is in ${where}; the environment never takes it as its own`,
      });
      continue;
    }
    if (result.status === NODE_SUCCESS && input.buildProject) {
      const built = input.buildProject.fingerprints.get(id);
      const planned = fp.fingerprint.components.sql;
      const actual = built?.fingerprint.components.sql;
      if (built && actual !== undefined && planned !== undefined && actual !== planned) {
        outcome.ignored.push({
          unique_id: id,
          reason: "its compiled SQL differs from the planned manifest's",
        });
        continue;
      }
    }
    // A partial build (--empty, --sample, bounded or failed microbatch batches: partial-builds.ts) is
    // recorded as `partial success`, never as a build to promote or reuse; its readers in this run read it.
    const dbtBuilt = result.status === NODE_SUCCESS || result.status === PARTIAL_SUCCESS;
    const partialWhy = dbtBuilt ? partialBuildReason(runResults.args, node.node, result) : null;
    const success = dbtBuilt && partialWhy === null;
    if (dbtBuilt) successThisRun.add(id);
    if (partialWhy !== null)
      outcome.ignored.push({ unique_id: id, reason: `a partial build: ${partialWhy}` });
    const parents: Record<string, ParentRead> = {};
    for (const parent of node.parents) {
      if (successThisRun.has(parent)) {
        parents[parent] = {
          run_id: runId,
          version_key: project.fingerprints.get(parent)?.versionKey ?? null,
          via: "build",
        };
        continue;
      }
      const pointer = pointers.get(parent);
      if (pointer?.reads_run_id) {
        parents[parent] = { run_id: pointer.reads_run_id, version_key: pointer.version_key, via: "pointer" };
        continue;
      }
      const earlier = previous.get(parent);
      if (earlier && earlier.status === NODE_SUCCESS) {
        parents[parent] = { run_id: earlier.run_id, version_key: earlier.version_key, via: "build" };
      }
    }
    const sources: Record<string, DataVersion> = {};
    for (const sourceId of node.sources) {
      const version = sourceVersions.get(sourceId);
      if (version) sources[sourceId] = version;
    }
    const digest = checksDigest(checksOf(node.checks), macros);
    const outcomeOfChecks = tested(node.checks);
    const builtAt = latestCompletion(result.timing) ?? runResults.metadata.generatedAt ?? startedAt;
    const n = node.node;
    let nodeState: NodeState | null = null;
    if (success) {
      nodeState = {
        fingerprint: fp.fingerprint,
        version_key: fp.versionKey,
        run_id: runId,
        built_at: builtAt,
        relation: {
          database: n.relation.database,
          schema: n.relation.schema,
          identifier: n.relation.identifier,
        },
        parents: Object.fromEntries(Object.entries(parents).map(([parent, read]) => [parent, read.run_id])),
        sources,
      };
      if (n.materialized) nodeState.materialized = n.materialized;
      if (fp.rawDigest !== null) nodeState.raw_digest = fp.rawDigest;
      if (fp.portableSql !== null) nodeState.portable_sql = fp.portableSql;
      if (result.executionTime !== null) nodeState.duration_s = result.executionTime;
      if (digest !== null && outcomeOfChecks === "passed") {
        nodeState.tested = { run_id: runId, at: builtAt, checks_digest: digest };
      }
      outcome.built.push(id);
    } else if (result.status !== "skipped" && partialWhy === null) {
      outcome.failed.push(id);
    }
    if (!success && result.status === "skipped" && !previous.has(id)) continue;
    records.push({
      environment: name,
      node_id: id,
      run_id: runId,
      status: partialWhy !== null ? PARTIAL_SUCCESS : result.status,
      version_key: fp.versionKey,
      fingerprint_digest: fp.fingerprint.digest,
      checks_digest: digest,
      tested: outcomeOfChecks,
      schema: n.relation.schema,
      identifier: n.relation.identifier,
      materialized: n.materialized,
      parents,
      sources,
      node_state: nodeState,
      built_at: builtAt,
      recorded_at: now,
    });
  }

  // Every relation the run built is outside the environment: the wrong manifest or environment, not a
  // run to record as "nothing built".
  const outsideOnly = outcome.ignored.filter((i) => i.reason.includes("the environment never takes it"));
  if (records.length === 0 && outsideOnly.length > 0) {
    throw new UserError(
      "record_refused",
      `None of the ${outsideOnly.length} relation${outsideOnly.length === 1 ? "" : "s"} of ${file} is in the environment ${name}'s own schemas (${environment.schemas.join(", ") || "none"}): ${outsideOnly[0]!.reason}. Nothing was recorded.`,
      {
        file,
        hint: "Record the run of the pull request's `dbt build` with the manifest the environment was created from (compiled with the CI target).",
      },
    );
  }
  await step(warehouse, `Recording run ${runId} in the environment ${name}`, async () => {
    const owned = new Map(
      (await registry.objects(name)).map((object) => [
        qualifiedKey(object, warehouse.capabilities.identifiers),
        object,
      ]),
    );
    for (const build of records) {
      await registry.putBuild(build);
      // A partial build still put its relation in the environment: the environment owns it.
      if (build.status !== NODE_SUCCESS && build.status !== PARTIAL_SUCCESS) continue;
      const key = qualifiedKey(build, warehouse.capabilities.identifiers);
      const object: OwnedObject = {
        environment: name,
        schema: build.schema,
        identifier: build.identifier,
        kind: build.materialized === "view" ? "view" : "table",
        role: "build",
        node_id: build.node_id,
        state: "present",
        created_at: owned.get(key)?.created_at ?? now,
      };
      await registry.putObject(object);
      if (pointers.has(build.node_id)) await registry.deletePointer(name, build.node_id);
    }
    await registry.putEnvironment({ ...environment, updated_at: now });
  });
  return outcome;
}

/** The latest completion as written, so it compares exactly with source observations (exact-instant.ts). */
function latestCompletion(timing: RunResults["results"][number]["timing"]): string | null {
  return latestInstant(timing.map((t) => t.completedAt));
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
