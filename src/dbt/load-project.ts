/**
 * From the text of a manifest to what planning needs: the loaded manifest,
 * the project graph and every planned node's fingerprint. Parses once.
 */
import { type Manifest, readManifestDocument } from "./artifacts/manifest.js";
import { parseArtifactJson } from "./artifacts/parse-artifact.js";
import { fingerprintProject, type NodeFingerprint } from "./fingerprint/project-fingerprints.js";
import { buildGraph, type ProjectGraph } from "./graph.js";

export interface LoadedProject {
  manifest: Manifest;
  graph: ProjectGraph;
  fingerprints: ReadonlyMap<string, NodeFingerprint>;
}

/**
 * A manifest's text handed over to loadProject, which empties the holder as
 * soon as the text is parsed: a 100 MB manifest is then not held in memory
 * (text and parse tree) while the graph and the fingerprints are built.
 */
export interface HandedOverText {
  text: string | null;
}

export function loadProject(manifestText: string | HandedOverText, file: string): LoadedProject {
  const manifest = readManifest(manifestText, file);
  const graph = buildGraph(manifest);
  return { manifest, graph, fingerprints: fingerprintProject(graph) };
}

/** The manifest, validated; the text and the parse tree are garbage once this returns. */
function readManifest(source: string | HandedOverText, file: string): Manifest {
  return readManifestDocument(parse(source, file), file);
}

function parse(source: string | HandedOverText, file: string): unknown {
  if (typeof source === "string") return parseArtifactJson(source, file);
  const text = source.text ?? "";
  source.text = null;
  return parseArtifactJson(text, file);
}
