import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { VERSION } from "../src/version.js";
import { PROJECT_ROOT } from "./support/shared-fixtures.js";

describe("runtime", () => {
  it("runs under Node 24 or newer (the action's runtime)", () => {
    console.info(`tests run on Node ${process.version} (ABI ${process.versions.modules})`);
    const major = Number(process.versions.node.split(".")[0]);
    expect(major).toBeGreaterThanOrEqual(24);
  });

  it("has the built-in node:sqlite module the fallback driver needs", () => {
    expect(process.getBuiltinModule("node:sqlite")).toBeDefined();
  });

  it("reports the version package.json declares", () => {
    const pkg = JSON.parse(readFileSync(`${PROJECT_ROOT}/package.json`, "utf8")) as { version: string };
    expect(VERSION).toBe(pkg.version);
  });
});
