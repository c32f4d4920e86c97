/**
 * A digest of the artifact generator's sources (every file under
 * tools/artifacts/, the macros' .sql files included) and of any further files
 * a caller's output depends on: output cached under an older digest is
 * written again.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const GENERATOR = path.dirname(fileURLToPath(import.meta.url));

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => {
      const file = path.join(directory, entry.name);
      return entry.isDirectory() ? filesUnder(file) : [file];
    });
}

/** 16 hex digits over `extra` (a label, then files' contents) and the generator's files, each named. */
export function generatorDigest(extra: { label?: string; files?: readonly string[] } = {}): string {
  const hash = createHash("sha256");
  if (extra.label !== undefined) hash.update(`${extra.label}\n`);
  for (const file of [...(extra.files ?? []), ...filesUnder(GENERATOR)]) {
    hash.update(path.relative(GENERATOR, file));
    hash.update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}
