/**
 * From a manifest to what planning needs: the loaded manifest, the project
 * graph and every planned node's fingerprint.
 */
import type { Manifest } from "./artifacts/manifest.js";
import { loadManifest } from "./artifacts/manifest-stream.js";
import type { FingerprintInputs } from "./fingerprint/node-fingerprint.js";
import { fingerprintProject, type NodeFingerprint } from "./fingerprint/project-fingerprints.js";
import { buildGraph, type ProjectGraph } from "./graph.js";
import type { RunTimeValueSources } from "./run-time-values/run-time-values.js";

export interface LoadedProject {
  manifest: Manifest;
  graph: ProjectGraph;
  fingerprints: ReadonlyMap<string, NodeFingerprint>;
  /**
   * Whether the edge read dbt_project.yml from the project directory
   * (`FingerprintInputs.projectFile`): false when it looked and found none,
   * undefined when it wasn't asked to look.
   */
  projectFileRead?: boolean;
  /** What the edge could see of the values a build reads at run time (FingerprintInputs.runTimeValues). */
  runTimeValues?: RunTimeValueSources;
  /**
   * dbt_project.yml's `flags: indirect_selection` when it is set (dbt-core
   * core/dbt/cli/flags.py applies project flags the command line leaves
   * unset): the plan's selection assumes dbt's default, eager.
   */
  indirectSelection?: string;
}

/**
 * The graph and fingerprints of a manifest already read (the action and the
 * CLI stream it from the file); `inputs`: what the edge read from the
 * checkout (large seeds' CSV digests, seed-files.ts).
 */
export function projectOf(manifest: Manifest, inputs: FingerprintInputs = {}): LoadedProject {
  const graph = buildGraph(manifest);
  const loaded: LoadedProject = { manifest, graph, fingerprints: fingerprintProject(graph, inputs) };
  if (inputs.projectFile !== undefined) loaded.projectFileRead = inputs.projectFile !== null;
  if (inputs.runTimeValues) loaded.runTimeValues = inputs.runTimeValues;
  const indirect = inputs.projectFile?.flags.indirect_selection;
  if (indirect !== undefined && indirect !== null) loaded.indirectSelection = String(indirect);
  return loaded;
}

/** `projectOf` the manifest in `manifestText`; `file` names it in messages. */
export function loadProject(
  manifestText: string,
  file: string,
  inputs: FingerprintInputs = {},
): LoadedProject {
  return projectOf(loadManifest(manifestText, file), inputs);
}
