/**
 * From the text of a manifest to what planning needs: the loaded manifest,
 * the project graph and every planned node's fingerprint. Parses once.
 */
import { loadManifest, type Manifest } from "./artifacts/manifest.js";
import { fingerprintProject, type NodeFingerprint } from "./fingerprint/project-fingerprints.js";
import { buildGraph, type ProjectGraph } from "./graph.js";

export interface LoadedProject {
  manifest: Manifest;
  graph: ProjectGraph;
  fingerprints: ReadonlyMap<string, NodeFingerprint>;
}

export function loadProject(manifestText: string, file: string): LoadedProject {
  const manifest = loadManifest(manifestText, file);
  const graph = buildGraph(manifest);
  return { manifest, graph, fingerprints: fingerprintProject(graph) };
}
