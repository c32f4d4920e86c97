/**
 * A manifest read from its text in pieces (see JsonObjectStream): the whole
 * text and the whole parse tree are never in memory, and each entry becomes
 * its record as soon as it is parsed.
 *
 * Pure: the caller reads the file and pushes its text (src/files/
 * read-manifest-file.ts streams it from the file).
 */
import { JsonObjectStream, JsonStreamRefusal } from "./json-object-stream.js";
import type { Manifest } from "./manifest.js";
import { ManifestBuilder, readManifestDocument } from "./manifest-builder.js";
import { parseArtifactJson } from "./parse-artifact-json.js";

/**
 * Reads a manifest from the pieces `feed` pushes. When the stream refuses the
 * text (not JSON, or not an object at the top), `wholeText()` is parsed
 * whole: its error names the line and column of the problem.
 *
 * Errors (all `UserError`): `artifact_not_json` (not JSON, truncated: names
 * the position), `artifact_version_unsupported` (a manifest version other
 * than v11 or v12), `artifact_invalid` (every problem, each with its JSON
 * path, e.g. `$.nodes["model.x.y"].config.materialized`; a node, source or
 * macro id given twice is one), and whatever `feed` throws.
 */
export function readManifestPieces(
  feed: (push: (text: string) => void) => void,
  file: string,
  wholeText: () => string,
): Manifest {
  const builder = new ManifestBuilder(file);
  const stream = new JsonObjectStream(builder);
  try {
    feed((text) => stream.push(text));
    stream.end();
    return builder.finish();
  } catch (error) {
    if (!(error instanceof JsonStreamRefusal)) throw error;
  }
  return readManifestDocument(parseArtifactJson(wholeText(), file), file);
}

/** Reads a manifest from its text. `file` is the path, used in messages only. Errors: those of readManifestPieces. */
export function loadManifest(text: string, file: string): Manifest {
  return readManifestPieces(
    (push) => push(text),
    file,
    () => text,
  );
}
