/**
 * scripts/check-dist.mjs itself, on copies of the project: it passes on the
 * committed dist/, and fails naming what differs when src/ changed without a
 * rebuild or a bundle file is missing. Each check bundles src/ (a minute or
 * more on a loaded 2-core machine), so this is a slow test (`npm run
 * test:slow`). It is also CI's only dist/ check (.ci/run has no check-dist
 * step): a stale dist/ fails "passes on the committed dist/".
 * The bundles' behaviour is tested fast on the committed dist/ (main-bundle,
 * e2e/).
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/shared-fixtures.js";

// Inside the project (tmp/ is ignored) so node_modules can be hard-linked, not
// symlinked: the bundler names modules by their real path relative to the project.
mkdirSync(path.join(PROJECT_ROOT, "tmp"), { recursive: true });
const scratch = mkdtempSync(path.join(PROJECT_ROOT, "tmp", "check-dist-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function projectCopy(name: string): string {
  const root = path.join(scratch, name);
  for (const part of ["src", "scripts", "dist", "package.json", "tsconfig.json"]) {
    cpSync(path.join(PROJECT_ROOT, part), path.join(root, part), { recursive: true });
  }
  const copy = spawnSync("cp", [
    "-al",
    path.join(PROJECT_ROOT, "node_modules"),
    path.join(root, "node_modules"),
  ]);
  expect(copy.status).toBe(0);
  return root;
}

function checkDist(root: string) {
  return spawnSync(process.execPath, [path.join(root, "scripts", "check-dist.mjs"), "--root", root], {
    encoding: "utf8",
    timeout: 580_000,
  });
}

describe("the dist/ currency check", () => {
  // One bundling per check (several minutes on a loaded machine), each with a test timeout of its own.
  it("passes on the committed dist/", { timeout: 600_000 }, () => {
    const clean = checkDist(projectCopy("clean"));
    expect(clean.stderr).toBe("");
    expect(clean.status).toBe(0);
  });

  describe("on a copy whose src/ changed without a rebuild and whose dist/ lost its native binding", () => {
    // Both faults in one copy, so one bundling shows both: the script lists every difference it finds.
    let stale: ReturnType<typeof checkDist>;
    beforeAll(() => {
      const root = projectCopy("changed-and-missing");
      writeFileSync(path.join(root, "src", "version.ts"), 'export const VERSION = "9.9.9";\n');
      rmSync(path.join(root, "dist", "native"), { recursive: true });
      stale = checkDist(root);
    }, 600_000);

    it("fails once src/ changes without a rebuild", () => {
      expect(stale.status).toBe(1);
      expect(stale.stderr).toContain("dist/ is not current with src/");
      expect(stale.stderr).toContain("dist/cli/index.js differs from a fresh bundle of src/");
      expect(stale.stderr).toContain("Run `npm run build` and commit dist/.");
    });

    it("fails when a bundle or the native binding is missing from dist/", () => {
      expect(stale.status).toBe(1);
      expect(stale.stderr).toMatch(/dist\/native\/better_sqlite3-node-v\d+-linux-x64\.node is missing/);
    });
  });
});
