/**
 * Reads a manifest.json named by a flag or an input, streamed: the file's
 * text goes to the manifest reader a piece at a time, so a 100 MB manifest is
 * never one string nor one parse tree in memory.
 */
import { JsonStreamRefusal } from "../dbt/artifacts/json-object-stream.js";
import { loadManifest, type Manifest } from "../dbt/artifacts/manifest.js";
import { ManifestStreamReader } from "../dbt/artifacts/manifest-stream.js";
import { readTextFile, streamTextFile } from "./read-text-file.js";

/**
 * The manifest at `file`; `from` (the flag or input) names it in errors.
 * `pieceBytes`: how much of the file to read at a time (tests make it small).
 */
export function readManifestFile(file: string, from: string, pieceBytes?: number): Manifest {
  const reader = new ManifestStreamReader(file);
  try {
    streamTextFile(file, from, (text) => reader.push(text), pieceBytes);
    return reader.finish();
  } catch (error) {
    if (!(error instanceof JsonStreamRefusal)) throw error;
  }
  // Not JSON, or not an object at the top: the whole text's parse says what
  // is wrong, with the line and column.
  return loadManifest(readTextFile(file, from), file);
}
