/**
 * Reads a manifest.json named by a flag or an input, streamed: the file's
 * text goes to the manifest reader a piece at a time, so a 100 MB manifest is
 * never one string nor one parse tree in memory.
 */
import type { Manifest } from "../dbt/artifacts/manifest.js";
import { readManifestPieces } from "../dbt/artifacts/manifest-stream.js";
import { readTextFile, streamTextFile } from "./read-text-file.js";

/**
 * The manifest at `file`; `from` (the flag or input) names it in errors.
 * `pieceBytes`: how much of the file to read at a time (tests make it small).
 * A file that isn't a JSON object is read again whole, for the error's line
 * and column.
 */
export function readManifestFile(file: string, from: string, pieceBytes?: number): Manifest {
  return readManifestPieces(
    (push) => streamTextFile(file, from, push, pieceBytes),
    file,
    () => readTextFile(file, from),
  );
}
