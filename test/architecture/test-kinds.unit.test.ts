/**
 * Every test file names its kind (test/support/test-kinds.ts): vitest's
 * projects select files by that suffix only, so a file without one would
 * run in no project at all, silently.
 */
import { globSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectOf, TEST_KINDS } from "../support/test-kinds.js";

const ROOT = path.join(import.meta.dirname, "..", "..");
const IGNORED = ["node_modules/**", "dist/**", ".git/**"];

/** Every file vitest's default include would call a test, anywhere in the checkout. */
function testFiles(): string[] {
  return globSync("**/*.{test,spec}.?(c|m)[jt]s?(x)", {
    cwd: ROOT,
    exclude: (f) => IGNORED.some((g) => path.matchesGlob(f, g)),
  })
    .map((f) => f.split(path.sep).join("/"))
    .sort();
}

describe("test kinds in file names", () => {
  it("every test file is test/**/*.<kind>.test.ts with a known kind", () => {
    const files = testFiles();
    expect(files.length).toBeGreaterThan(150);
    const without = files.filter((f) => !f.startsWith("test/") || projectOf(f) === undefined);
    expect(
      without,
      `name each with one of .${Object.values(TEST_KINDS).join(".test.ts, .")}.test.ts`,
    ).toEqual([]);
  });

  it("reads the kind from the name", () => {
    expect(projectOf("test/planner/rules.unit.test.ts")).toBe("unit");
    expect(projectOf("test/env/lifecycle.int.test.ts")).toBe("integration");
    expect(projectOf("test/e2e/action-lifecycle.e2e.test.ts")).toBe("e2e");
    expect(projectOf("test/env/faults.adv.test.ts")).toBe("adversarial");
    expect(projectOf("test/env/faults.slow.test.ts")).toBe("slow");
    expect(projectOf("test/env/faults.test.ts")).toBeUndefined();
    expect(projectOf("test/planner/select-exact.property.test.ts")).toBeUndefined();
  });
});
