#!/usr/bin/env node
/**
 * Fails when the committed dist/ is not what `npm run bundle` makes from the
 * current src/: it bundles into a temporary folder and compares every file.
 * The native binding is compared by what it is (present, loads on this Node,
 * same better-sqlite3 version) rather than by its bytes, which depend on the
 * folder it was compiled in.
 *
 * Usage: node scripts/check-dist.mjs [--root DIR]
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const rootIndex = process.argv.indexOf("--root");
const root =
  rootIndex > 0
    ? path.resolve(process.argv[rootIndex + 1])
    : path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const committed = path.join(root, "dist");
const scratch = mkdtempSync(path.join(os.tmpdir(), "ods-check-dist-"));
const fresh = path.join(scratch, "dist");

try {
  execFileSync(process.execPath, [path.join(root, "scripts", "bundle.mjs"), "--out", fresh], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const problems = compare();
  if (problems.length > 0) {
    process.stderr.write(
      `dist/ is not current with src/:\n${problems.map((p) => `  - ${p}`).join("\n")}\nRun \`npm run build\` and commit dist/.\n`,
    );
    process.exitCode = 1;
  } else {
    process.stdout.write("dist/ is current with src/.\n");
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  const files = [];
  const walk = (current) => {
    for (const name of readdirSync(current).sort()) {
      const full = path.join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.push(path.relative(dir, full));
    }
  };
  walk(dir);
  return files;
}

function compare() {
  const problems = [];
  const want = listFiles(fresh);
  const have = new Set(listFiles(committed));
  for (const file of want) {
    if (!have.has(file)) {
      problems.push(`dist/${file} is missing`);
      continue;
    }
    have.delete(file);
    // better-sqlite3's binding is built from source (its bytes differ build to build): it must load. Other
    // native files (the Databricks client's prebuilt lz4 and kernel) are copied from npm packages: bytes, as the rest.
    if (file.endsWith(".node") && file.startsWith("native/")) {
      problems.push(...checkBinding(path.join(committed, file)));
    } else if (!readFileSync(path.join(committed, file)).equals(readFileSync(path.join(fresh, file)))) {
      problems.push(`dist/${file} differs from a fresh bundle of src/`);
    }
  }
  for (const extra of have) problems.push(`dist/${extra} is not produced by the bundle any more`);
  return problems;
}

function checkBinding(file) {
  try {
    const addon = createRequire(import.meta.url)(file);
    if (typeof addon.Database !== "function")
      return [`${path.relative(root, file)} is not a better-sqlite3 binding`];
    return [];
  } catch (error) {
    return [
      `${path.relative(root, file)} does not load on ${process.version}: ${error.message.split("\n")[0]}`,
    ];
  }
}
