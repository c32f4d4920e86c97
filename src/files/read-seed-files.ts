/**
 * The file edge of large seeds (src/dbt/seed-files.ts): reads the CSV of
 * every seed dbt recorded only a path checksum for, from the dbt project's
 * directory in the checkout, and hands the core its SHA-256. Plan and record
 * read the same checkout, so they agree.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Manifest } from "../dbt/artifacts/manifest.js";
import { type SeedFile, type SeedFiles, seedFileRequests } from "../dbt/seed-files.js";

/** Each large seed's CSV digest, or why it couldn't be read; empty when the manifest has none. */
export function readSeedFiles(manifest: Manifest, projectDir: string): SeedFiles {
  const files = new Map<string, SeedFile>();
  const root = path.resolve(projectDir);
  for (const request of seedFileRequests(manifest)) {
    const file = path.resolve(root, request.path);
    // Relative to the project directory: the same words on every machine.
    const shown = request.path;
    if (file !== root && !file.startsWith(root + path.sep)) {
      files.set(request.uniqueId, { path: shown, sha256: null, problem: "outside the project directory" });
      continue;
    }
    try {
      const digest = createHash("sha256").update(readFileSync(file)).digest("hex");
      files.set(request.uniqueId, { path: shown, sha256: digest });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const problem = code === "ENOENT" ? "not found" : `not readable (${code ?? (error as Error).message})`;
      files.set(request.uniqueId, { path: shown, sha256: null, problem });
    }
  }
  return files;
}
