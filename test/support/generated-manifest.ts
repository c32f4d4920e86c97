/**
 * A generated manifest of tools/artifacts/ (largeProject, as bench/generate.ts
 * writes it) for tests at 50,000 nodes. Building one takes about a minute, so
 * it is cached under the system's temporary folder, keyed by the generator's
 * sources, the size and the seed: a changed generator writes a new one.
 */
import { existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { generatorDigest } from "../../tools/artifacts/generator-digest.js";
import { largeProject, largeTarget } from "../../tools/artifacts/large-project.js";
import { buildManifest, type ManifestCommand } from "../../tools/artifacts/manifest.js";
import { writeDbtJson } from "../../tools/artifacts/write-dbt-json.js";

/**
 * The manifest document (parsed JSON) of a generated project of `nodes`
 * manifest nodes: as `dbt parse` writes it (no compiled SQL) unless
 * `options.command` says otherwise, with `options.changedShare` of its models'
 * SQL changed (largeProject's change, as bench/generate.ts's `next/`).
 */
export function generatedManifest(
  nodes: number,
  seed = 20261130,
  options: { command?: ManifestCommand; changedShare?: number; changeSeed?: number } = {},
): { doc: Record<string, unknown>; cached: boolean } {
  const command = options.command ?? "parse";
  const change = options.changedShare
    ? { changedShare: options.changedShare, changeSeed: options.changeSeed }
    : {};
  const variant =
    command === "parse" && !options.changedShare
      ? ""
      : ` ${command} ${options.changedShare ?? 0} ${options.changeSeed ?? ""}`;
  const label = `select-property v1 ${nodes} ${seed}${variant}`;
  const dir = path.join(os.tmpdir(), "ods-select-property", `${nodes}-${seed}-${generatorDigest({ label })}`);
  const file = path.join(dir, "manifest.json");
  if (existsSync(file)) return { doc: JSON.parse(readFileSync(file, "utf8")), cached: true };
  const project = largeProject({ nodes, seed, ...change });
  const doc = buildManifest(project.project, {
    dbtVersion: "1.10.15",
    projectRoot: "/home/runner/work/warehouse/warehouse",
    target: largeTarget(),
    invocation: {
      id: "5e1ec7ed-0000-4000-a000-000000000000",
      startedAt: "2026-11-30T12:01:12.660340Z",
      generatedAt: "2026-11-30T12:01:58.719283Z",
    },
    command,
  }) as Record<string, unknown>;
  mkdirSync(dir, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeDbtJson(partial, doc);
  renameSync(partial, file);
  return { doc, cached: false };
}
