#!/usr/bin/env node
/**
 * How long `ods-state plan` takes on the real manifests in ../shared (a fresh
 * process each time, through the committed dist/cli bundle), next to the
 * floor: JSON.parse of the same file in this process. Median of 5 runs.
 *
 * Usage: node bench/plan-speed.mjs [manifest…]
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const shared = path.resolve(root, "..", "shared", "fixtures", "dbt");
const manifests =
  process.argv.length > 2
    ? process.argv.slice(2)
    : [
        "global-trade-bq-1.11-large",
        "tuva-snowflake-1.7-v11-large",
        "across-analytics-postgres-1.10-large",
      ].map((d) => path.join(shared, d, "manifest.json"));
const RUNS = 5;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const rows = [];
for (const manifest of manifests) {
  if (!existsSync(manifest)) {
    console.log(`skip ${manifest}: not found (../shared absent?)`);
    continue;
  }
  const text = readFileSync(manifest, "utf8");
  const parse = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    JSON.parse(text);
    parse.push(performance.now() - start);
  }
  const plan = [];
  const nodeStart = [];
  for (let i = 0; i < RUNS; i++) {
    let start = performance.now();
    spawnSync(process.execPath, ["-e", "0"]);
    nodeStart.push(performance.now() - start);
    start = performance.now();
    const result = spawnSync(
      process.execPath,
      [
        path.join(root, "dist", "cli", "index.js"),
        "plan",
        "--manifest",
        manifest,
        "--format",
        "json",
        "--state",
        "/nonexistent/state.db",
      ],
      {
        encoding: "utf8",
        maxBuffer: 256 * 1024 * 1024,
      },
    );
    plan.push(performance.now() - start);
    if (result.status !== 0) throw new Error(`plan failed on ${manifest}: ${result.stderr}`);
  }
  const entries = JSON.parse(
    spawnSync(
      process.execPath,
      [
        path.join(root, "dist", "cli", "index.js"),
        "plan",
        "--manifest",
        manifest,
        "--format",
        "json",
        "--state",
        "/nonexistent/state.db",
      ],
      {
        encoding: "utf8",
        maxBuffer: 256 * 1024 * 1024,
      },
    ).stdout,
  ).entries.length;
  rows.push({
    manifest: path.basename(path.dirname(manifest)),
    mb: (text.length / 1e6).toFixed(1),
    entries,
    parseMs: median(parse).toFixed(1),
    processMs: median(nodeStart).toFixed(0),
    planMs: median(plan).toFixed(0),
  });
}
console.log(
  "| manifest | MB | planned nodes | JSON.parse (ms) | empty node process (ms) | `ods-state plan` process (ms) |",
);
console.log("|---|---|---|---|---|---|");
for (const r of rows)
  console.log(`| ${r.manifest} | ${r.mb} | ${r.entries} | ${r.parseMs} | ${r.processMs} | ${r.planMs} |`);
