import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { VERSION } from "../../src/version.js";
import { captureContext } from "../support/cli-context.js";
import { PROJECT_ROOT } from "../support/shared-fixtures.js";

describe("ods-state CLI basics", () => {
  it.each([["--help"], ["-h"], ["help"], []])("prints the general help for %s", async (...args) => {
    const context = captureContext();
    expect(await runCli(args.filter(Boolean) as string[], context)).toBe(0);
    expect(context.out.join("")).toContain("Usage: ods-state COMMAND [options]");
  });

  it("prints the version", async () => {
    const context = captureContext();
    expect(await runCli(["--version"], context)).toBe(0);
    expect(context.out.join("")).toBe(`ods-state ${VERSION}\n`);
  });

  it("says an unknown command is a usage error, with exit code 2", async () => {
    const context = captureContext();
    expect(await runCli(["frobnicate"], context)).toBe(2);
    const text = context.err.join("");
    expect(text).toMatch(/^error\[usage\]: Unknown command `frobnicate`\./);
    expect(text).toContain("hint: Run `ods-state --help`");
  });

  it("works from the committed bundle (the bin entry)", () => {
    const bin = path.join(PROJECT_ROOT, "dist", "cli", "index.js");
    const help = spawnSync(process.execPath, [bin, "--help"], { encoding: "utf8" });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("Commands:");
    const version = spawnSync(process.execPath, [bin, "--version"], { encoding: "utf8" });
    expect(version.stdout).toBe(`ods-state ${VERSION}\n`);
    const bad = spawnSync(process.execPath, [bin, "nope"], { encoding: "utf8" });
    expect(bad.status).toBe(2);
  });
});
