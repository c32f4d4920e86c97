/**
 * The `value:` components of a node's fingerprint (issue 36), added where the
 * state's value key is known: by plan() against the state it plans over, and
 * by record() to the entries of the nodes a run built. The fingerprint
 * computed from the manifest names the reads (NodeFingerprint.runTimeReads);
 * this adds a keyed digest of each static read's value as the build sees it
 * (src/dbt/run-time-values/value-digests.ts). A read whose value the edge
 * could not see gets no component, and is listed as unseen with why.
 */
import { makeFingerprint, VALUE_COMPONENT } from "../dbt/fingerprint/fingerprint.js";
import type { NodeFingerprint } from "../dbt/fingerprint/project-fingerprints.js";
import { macroIndexFor } from "../dbt/fingerprint/shared-macro-index.js";
import type { LoadedProject } from "../dbt/load-project.js";
import {
  type RunTimeValueSources,
  type RunTimeValues,
  runTimeValuesOf,
} from "../dbt/run-time-values/run-time-values.js";
import { targetPlacement } from "../dbt/run-time-values/target-placement.js";
import {
  VALUE_KEY_PATTERN,
  type ValueComponent,
  valueComponents,
} from "../dbt/run-time-values/value-digests.js";
import type { TargetIdentity } from "../state/snapshot.js";

export interface ValuesOfRun {
  /** Null when the edge gave none: nothing is visible. */
  values: RunTimeValues | null;
  /** The state's value key; null when there is none (no state, or one recorded before 1.6). */
  key: string | null;
  cache: Map<string, ValueComponent>;
}

/** What a node's static reads came to. */
export interface NodeValues {
  /** Reads with no component: their value was not visible, and why. */
  unseen: readonly { read: string; why: string }[];
}

export const NO_NODE_VALUES: NodeValues = { unseen: [] };

/**
 * The values of a plan's or a record's run for `project`; the target's
 * database and schema, when the edge doesn't know them, as dbt placed the
 * nodes (target-placement.ts). A key that isn't 64 hex digits is no key (its
 * digests would mean nothing): every read is then unseen.
 */
export function valuesOfRun(
  project: LoadedProject,
  sources: RunTimeValueSources | undefined,
  key: string | null,
  target?: TargetIdentity,
  pointers = false,
): ValuesOfRun {
  let withPlacement = sources;
  if (sources && sources.target === null && target) withPlacement = { ...sources, target: { ...target } };
  const known = withPlacement?.target;
  if (withPlacement && known && (known.database == null || known.schema == null)) {
    const placed = targetPlacement(project.graph, macroIndexFor(project.graph));
    withPlacement = {
      ...withPlacement,
      target: {
        ...known,
        database: known.database ?? placed.database,
        schema: known.schema ?? placed.schema,
      },
    };
  }
  const values = withPlacement ? runTimeValuesOf(withPlacement) : null;
  return {
    values: values && pointers ? inPullRequest(values) : values,
    key: key !== null && VALUE_KEY_PATTERN.test(key) ? key : null,
    cache: new Map(),
  };
}

const NOT_GIVEN =
  "ODS was given nothing of the build's run-time values (the environment, the project's `vars:`, the target)";
const NO_KEY = "the state has no value key to digest it with (it was recorded by an older ods-state)";

/** The node's fingerprint with its `value:` components, and its unseen reads. */
export function withValueComponents(
  fp: NodeFingerprint,
  packageName: string,
  run: ValuesOfRun,
): { fp: NodeFingerprint; values: NodeValues } {
  const reads = fp.runTimeReads.static;
  if (reads.length === 0) return { fp, values: NO_NODE_VALUES };
  if (run.values === null || run.key === null) {
    const why = run.values === null ? NOT_GIVEN : NO_KEY;
    return { fp, values: { unseen: reads.map((read) => ({ read, why })) } };
  }
  const { components, unseen } = valueComponents(reads, packageName, run.values, run.key, run.cache);
  const values = unseen.length === 0 ? NO_NODE_VALUES : { unseen };
  if (Object.keys(components).length === 0) return { fp, values };
  return {
    fp: { ...fp, fingerprint: makeFingerprint({ ...fp.fingerprint.components, ...components }) },
    values,
  };
}

/**
 * In a pull request's environment dbt builds with the CI target, whose name
 * ODS doesn't know (the plan's target is the state's): a read of the
 * target's name is not visible there, and the node is built
 * (run_time_value_unknown) rather than served by prod's build.
 */
function inPullRequest(values: RunTimeValues): RunTimeValues {
  const unseen = {
    state: "unseen" as const,
    why: "a pull request's environment is built with its own target, whose name ODS doesn't know",
  };
  return {
    ...values,
    target: (field) => (field === "name" || field === "target_name" ? unseen : values.target(field)),
  };
}

/**
 * Target fields that name where a node is built: in a pull request's
 * environment they differ from prod's by design, so they are compared as the
 * relation is there (not at all).
 */
const WHERE_FIELDS: ReadonlySet<string> = new Set(
  ["database", "schema", "dbname", "project", "dataset"].map((field) => `target.${field}`),
);

/** Whether a read (or its `value:` component) is one a pull request's environment leaves out. */
export function isPlacementRead(name: string): boolean {
  return WHERE_FIELDS.has(name.startsWith(VALUE_COMPONENT) ? name.slice(VALUE_COMPONENT.length) : name);
}
