/**
 * A generated manifest of bench/generator/ (largeProject, as bench/generate.ts
 * writes it) for tests at 50,000 nodes. Building one takes about a minute, so
 * it is cached under the system's temporary folder, keyed by the generator's
 * sources, the size and the seed: a changed generator writes a new one.
 */
import { createHash } from "node:crypto";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { largeProject, largeTarget } from "../../bench/generator/large-project.js";
import { buildManifest } from "../../bench/generator/manifest-writer.js";
import { PROJECT_ROOT } from "./shared-fixtures.js";

const GENERATOR = path.join(PROJECT_ROOT, "bench", "generator");

function generatorKey(nodes: number, seed: number): string {
  const hash = createHash("sha256");
  hash.update(`select-property v1 ${nodes} ${seed}\n`);
  for (const file of readdirSync(GENERATOR)
    .filter((f) => f.endsWith(".ts"))
    .sort()) {
    hash.update(file);
    hash.update(readFileSync(path.join(GENERATOR, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

/** Writes a manifest one top-level entry and one map member at a time (a single string of it is too long). */
function writeJson(file: string, doc: Record<string, unknown>): void {
  const fd = openSync(file, "w");
  try {
    writeSync(fd, "{");
    let first = true;
    for (const [key, value] of Object.entries(doc)) {
      if (value === undefined) continue;
      writeSync(fd, `${first ? "" : ","}${JSON.stringify(key)}:`);
      first = false;
      if (value && typeof value === "object" && !Array.isArray(value)) {
        writeSync(fd, "{");
        let inner = true;
        for (const [k, v] of Object.entries(value)) {
          if (v === undefined) continue;
          writeSync(fd, `${inner ? "" : ","}${JSON.stringify(k)}:${JSON.stringify(v)}`);
          inner = false;
        }
        writeSync(fd, "}");
      } else {
        writeSync(fd, JSON.stringify(value));
      }
    }
    writeSync(fd, "}");
  } finally {
    closeSync(fd);
  }
}

/** The manifest document (parsed JSON) of a generated project of `nodes` manifest nodes. */
export function generatedManifest(
  nodes: number,
  seed = 20261130,
): { doc: Record<string, unknown>; cached: boolean } {
  const dir = path.join(os.tmpdir(), "ods-select-property", `${nodes}-${seed}-${generatorKey(nodes, seed)}`);
  const file = path.join(dir, "manifest.json");
  if (existsSync(file)) return { doc: JSON.parse(readFileSync(file, "utf8")), cached: true };
  const project = largeProject({ nodes, seed });
  const doc = buildManifest(project.project, {
    dbtVersion: "1.10.15",
    projectRoot: "/home/runner/work/warehouse/warehouse",
    target: largeTarget(),
    invocation: {
      id: "5e1ec7ed-0000-4000-a000-000000000000",
      startedAt: "2026-11-30T12:01:12.660340Z",
      generatedAt: "2026-11-30T12:01:58.719283Z",
    },
    command: "parse",
  }) as Record<string, unknown>;
  mkdirSync(dir, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeJson(partial, doc);
  renameSync(partial, file);
  return { doc, cached: false };
}
