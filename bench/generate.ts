/**
 * Writes the benchmark's dbt artifacts for projects of the given sizes:
 *
 *   node_modules/.bin/node bench/generate.ts [--nodes 1000,10000,50000] [--seed N] [--out DIR] [--force]
 *
 * For each size N, under DIR/N/ (default bench/out/gen/N/, git-ignored):
 *
 *   sources.json           dbt source freshness, 08:00 (before the build)
 *   manifest.json          dbt build --target prod, 08:05 (every node built)
 *   run_results.json       the same build's results
 *   next/manifest.json     dbt compile --target prod, 12:01: the next commit on main,
 *                          with 1% of the models' SQL changed
 *   next/sources.json      dbt source freshness, 11:58 (no new data since the build)
 *   next-P/manifest.json   (for each P of --changed, sizes in --changed-sizes) the same
 *                          next commit with P% of the models' SQL changed instead of 1%
 *                          (its sources.json is next/sources.json)
 *   meta.json              counts, the changed models, sizes, the generator's digest
 *
 * Files are written as dbt writes them (Python's json.dumps: `, ` and `: `,
 * no indentation). Deterministic for a seed; a size whose meta.json carries
 * the current generator digest is not written again (unless --force).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import "../tools/ts-hooks.mjs";

const { buildManifest } = await import("../tools/artifacts/manifest.js");
const { buildRunResults } = await import("../tools/artifacts/run-results.js");
const { buildSourceFreshness } = await import("../tools/artifacts/source-freshness.js");
const { largeProject, largeTarget } = await import("../tools/artifacts/large-project.js");
const { writeDbtJson } = await import("../tools/artifacts/write-dbt-json.js");
const { generatorDigest } = await import("../tools/artifacts/generator-digest.js");

const here = path.dirname(fileURLToPath(import.meta.url));

function uuid(label: string): string {
  const hex = createHash("sha256").update(`bench:${label}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const DBT_VERSION = "1.10.15";
const PROJECT_ROOT = "/home/runner/work/warehouse/warehouse";

export interface GeneratedSize {
  nodes: number;
  dir: string;
  meta: Record<string, unknown>;
}

/**
 * `next-P/manifest.json`: the next commit with `percent`% of the models'
 * (non-ephemeral, picked uniformly at random by a seed of their own: spread
 * over the whole DAG, not only its leaves) SQL changed. Returns its changed models.
 */
function writeChangedManifest(
  nodes: number,
  dir: string,
  percent: number,
  seed: number,
  log: (line: string) => void,
): { changed: string[]; bytes: number } {
  const t = performance.now();
  const next = largeProject({
    nodes,
    seed,
    changedShare: percent / 100,
    changeSeed: seed + 1 + percent,
  });
  mkdirSync(path.join(dir, `next-${percent}`), { recursive: true });
  const file = path.join(dir, `next-${percent}`, "manifest.json");
  const bytes = writeDbtJson(
    file,
    buildManifest(next.project, {
      dbtVersion: DBT_VERSION,
      projectRoot: PROJECT_ROOT,
      target: largeTarget(),
      invocation: {
        id: uuid(`${nodes}/compile-${percent}`),
        startedAt: "2026-11-30T12:01:12.660340Z",
        generatedAt: "2026-11-30T12:01:58.719283Z",
      },
      command: "compile",
    }),
  );
  log(
    `  ${nodes}: next-${percent}/manifest.json ${(bytes / 1e6).toFixed(1)} MB (${next.changed.length} models changed) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  return { changed: next.changed, bytes };
}

/** Adds the `next-P/` manifests `meta` lacks, and records them in meta.json. */
function addChangedManifests(
  result: GeneratedSize,
  percents: readonly number[],
  seed: number,
  log: (line: string) => void,
): GeneratedSize {
  const scenarios = { ...((result.meta.scenarios as Record<string, unknown>) ?? {}) };
  let added = false;
  for (const percent of percents) {
    const key = `next-${percent}`;
    if (scenarios[key] && existsSync(path.join(result.dir, key, "manifest.json"))) continue;
    const written = writeChangedManifest(result.nodes, result.dir, percent, seed, log);
    scenarios[key] = { percent, changed: written.changed, bytes: written.bytes };
    added = true;
  }
  if (!added) return result;
  const meta = { ...result.meta, scenarios };
  writeDbtJson(path.join(result.dir, "meta.json"), meta);
  return { ...result, meta };
}

export function generateSize(
  nodes: number,
  options: {
    seed: number;
    out: string;
    force?: boolean;
    log?: (line: string) => void;
    /** Percentages of changed models to write `next-P/manifest.json` for (besides next/'s 1%). */
    changed?: readonly number[];
  },
): GeneratedSize {
  const generated = generateBase(nodes, options);
  return addChangedManifests(generated, options.changed ?? [], options.seed, options.log ?? (() => {}));
}

function generateBase(
  nodes: number,
  options: { seed: number; out: string; force?: boolean; log?: (line: string) => void },
): GeneratedSize {
  const dir = path.join(options.out, String(nodes));
  const metaFile = path.join(dir, "meta.json");
  const digest = generatorDigest({ files: [fileURLToPath(import.meta.url)] });
  if (!options.force && existsSync(metaFile)) {
    const meta = JSON.parse(readFileSync(metaFile, "utf8")) as Record<string, unknown>;
    if (meta.generator === digest && meta.seed === options.seed) return { nodes, dir, meta };
  }
  mkdirSync(path.join(dir, "next"), { recursive: true });
  const log = options.log ?? (() => {});
  const started = performance.now();
  const target = largeTarget();
  const base = largeProject({ nodes, seed: options.seed });
  const next = largeProject({ nodes, seed: options.seed, changedShare: 0.01, changeSeed: options.seed + 1 });
  const common = { dbtVersion: DBT_VERSION, projectRoot: PROJECT_ROOT, target };
  const build = {
    id: uuid(`${nodes}/build`),
    startedAt: "2026-11-30T08:05:02.118734Z",
    generatedAt: "2026-11-30T08:41:13.091605Z",
  };
  const compile = {
    id: uuid(`${nodes}/compile`),
    startedAt: "2026-11-30T12:01:12.660340Z",
    generatedAt: "2026-11-30T12:01:58.719283Z",
  };
  const sizes: Record<string, number> = {};
  const write = (relative: string, value: unknown): void => {
    const t = performance.now();
    sizes[relative] = writeDbtJson(path.join(dir, relative), value);
    log(
      `  ${nodes}: ${relative} ${(sizes[relative]! / 1e6).toFixed(1)} MB in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
  };
  write(
    "sources.json",
    buildSourceFreshness(base.project, {
      target,
      dbtVersion: DBT_VERSION,
      invocation: { id: uuid(`${nodes}/freshness-before`), startedAt: "2026-11-30T08:00:00.412311Z" },
      snapshottedAt: "2026-11-30T08:00:01.530482Z",
    }),
  );
  write("manifest.json", buildManifest(base.project, { ...common, invocation: build, command: "build" }));
  write(
    "run_results.json",
    buildRunResults(base.project, {
      ...common,
      invocation: build,
      invocationCommand: "dbt build --target prod",
      select: [],
      profilesDir: `${PROJECT_ROOT}/.dbt`,
    }),
  );
  write(
    "next/manifest.json",
    buildManifest(next.project, { ...common, invocation: compile, command: "compile" }),
  );
  write(
    "next/sources.json",
    buildSourceFreshness(next.project, {
      target,
      dbtVersion: DBT_VERSION,
      invocation: { id: uuid(`${nodes}/freshness-after`), startedAt: "2026-11-30T11:58:00.507196Z" },
      snapshottedAt: "2026-11-30T11:58:01.688904Z",
    }),
  );
  const meta = {
    generator: digest,
    seed: options.seed,
    nodes,
    counts: base.counts,
    changed: next.changed,
    bytes: sizes,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  writeDbtJson(metaFile, meta);
  return { nodes, dir, meta };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const flag = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const sizes = (flag("--nodes") ?? "1000,10000,50000").split(",").map(Number);
  const seed = Number(flag("--seed") ?? 20261130);
  const out = path.resolve(flag("--out") ?? path.join(here, "out", "gen"));
  const changed = (flag("--changed") ?? "").split(",").filter(Boolean).map(Number);
  const changedSizes = new Set(
    (flag("--changed-sizes") ?? sizes.join(",")).split(",").filter(Boolean).map(Number),
  );
  for (const nodes of sizes) {
    const t = performance.now();
    const result = generateSize(nodes, {
      seed,
      out,
      force: args.includes("--force"),
      log: console.log,
      changed: changedSizes.has(nodes) ? changed : [],
    });
    const manifest = path.join(result.dir, "manifest.json");
    console.log(
      `${nodes} nodes: ${result.dir} (manifest ${(statSync(manifest).size / 1e6).toFixed(1)} MB, ${((performance.now() - t) / 1000).toFixed(1)} s)`,
    );
  }
}
