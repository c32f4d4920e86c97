#!/usr/bin/env node
/**
 * The demo on the project's own fixture project (fixtures/shop), through the
 * committed dist/cli bundle: record prod's build, plan a pull request's
 * environment over it, then plan main after the merge. Leaves its files in
 * one folder and says where.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cli = path.join(root, "dist", "cli", "index.js");
const shop = path.join(root, "fixtures", "shop");
const out = mkdtempSync(path.join(os.tmpdir(), "ods-demo-"));
mkdirSync(out, { recursive: true });
const state = path.join(out, "state.db");

function step(title, args) {
  const started = performance.now();
  process.stdout.write(`\n▶ ${title}\n  $ ods-state ${args.join(" ").replaceAll(root + path.sep, "")}\n`);
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: "utf8" });
  process.stdout.write(result.stdout.replace(/^/gm, "  "));
  if (result.status !== 0) {
    process.stderr.write(result.stderr);
    process.stderr.write(`demo: step failed (exit ${result.status}); its files are in ${out}\n`);
    process.exit(1);
  }
  process.stdout.write(`  (${Math.round(performance.now() - started)} ms)\n`);
}

step("1. Record prod's `dbt build` (fixtures/shop/prod)", [
  "record",
  "--manifest",
  path.join(shop, "prod", "manifest.json"),
  "--run-results",
  path.join(shop, "prod", "run_results.json"),
  "--sources",
  path.join(shop, "prod", "sources.json"),
  "--state",
  state,
]);
step("2. A pull request edits stg_orders and reformats customers: plan its environment over prod's state", [
  "plan",
  "--manifest",
  path.join(shop, "pr-7", "manifest.json"),
  "--sources",
  path.join(shop, "prod-after-merge", "sources.json"),
  "--state",
  state,
  "--target",
  "ci",
  "--pointers",
]);
step("3. After the merge: plan main", [
  "plan",
  "--manifest",
  path.join(shop, "prod-after-merge", "manifest.json"),
  "--sources",
  path.join(shop, "prod-after-merge", "sources.json"),
  "--state",
  state,
]);
step("4. Why is orders built?", [
  "explain",
  "orders",
  "--manifest",
  path.join(shop, "prod-after-merge", "manifest.json"),
  "--sources",
  path.join(shop, "prod-after-merge", "sources.json"),
  "--state",
  state,
]);
process.stdout.write(`\nThe demo's files are in ${out}\n`);
