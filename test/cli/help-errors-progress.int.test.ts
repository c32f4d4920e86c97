/**
 * The CLI as a newcomer meets it: every command in the general help and with
 * its own help (options and examples); a wrong flag, value or file is an
 * error line naming it plus a hint line saying what to do, with exit code 2
 * for usage and 1 for errors; progress on stderr only on a terminal.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLEAR_LINE, createProgress, formatBytes, inPhase } from "../../src/cli/progress.js";
import { COMMANDS } from "../../src/cli/registry.js";
import { cliIn } from "../support/cli-context.js";
import { PROJECT_ROOT } from "../support/shared-fixtures.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "ods-cli-errors-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const manifest = path.join(PROJECT_ROOT, "fixtures", "shop", "prod", "manifest.json");
const notJson = path.join(dir, "not-json.json");
writeFileSync(notJson, "# not json\n");

const cli = cliIn(dir);

describe("help", () => {
  it.each(COMMANDS.map((command) => [command.name, command] as const))(
    "`ods-state --help` lists %s, and `ods-state %s --help` its usage, every option and examples",
    async (name, command) => {
      const general = await cli(["--help"]);
      expect(general.out).toMatch(new RegExp(`^  ${name} +${command.summary.slice(0, 20)}`, "m"));
      for (const args of [
        [name, "--help"],
        [name, "-h"],
        ["help", name],
      ]) {
        const help = await cli(args);
        expect(help.code).toBe(0);
        expect(help.err).toBe("");
        expect(help.out).toContain(`ods-state ${name}: ${command.summary}`);
        expect(help.out).toContain(`\nUsage:\n  ods-state ${name}`);
        for (const option of Object.keys(command.options))
          expect(help.out).toMatch(new RegExp(`^  --${option} `, "m"));
        const examples = help.out.split("\nExamples:\n")[1];
        expect(examples, `${name} has no examples`).toBeDefined();
        expect(examples!.trim().split("\n").length).toBeGreaterThan(0);
        for (const example of examples!.trim().split("\n")) expect(example).toContain("ods-state ");
      }
      expect(Object.keys(command.optionHelp).sort()).toEqual(Object.keys(command.options).sort());
    },
  );
});

describe("a wrong flag, value or file", () => {
  it.each<[string, string[], 1 | 2, RegExp, RegExp]>([
    [
      "unknown command",
      ["frobnicate"],
      2,
      /^error\[usage\]: Unknown command `frobnicate`/,
      /`ods-state --help`/,
    ],
    [
      "unknown flag",
      ["plan", "--manifets", manifest],
      2,
      /Unknown option '--manifets'/,
      /`ods-state plan --help`/,
    ],
    [
      "flag without its value",
      ["plan", "--select"],
      2,
      /'--select <value>' argument missing/,
      /`ods-state plan --help`/,
    ],
    [
      "bad --format",
      ["plan", "--manifest", manifest, "--format", "xml"],
      2,
      /--format is `xml`; allowed: text, json, markdown, html/,
      /`ods-state plan --help`/,
    ],
    [
      "bad fingerprint --format",
      ["fingerprint", "--format", "yaml"],
      2,
      /--format is `yaml`/,
      /`ods-state fingerprint --help`/,
    ],
    ["missing positional", ["explain"], 2, /missing NODE/, /`ods-state explain --help`/],
    ["missing env subcommand", ["env"], 2, /missing SUBCOMMAND/, /`ods-state env --help`/],
    [
      "unknown env subcommand",
      ["env", "promotee"],
      2,
      /unknown subcommand `promotee`/,
      /`ods-state env --help`/,
    ],
    [
      "env without --pr",
      ["env", "create", "--warehouse", "duckdb:x.duckdb"],
      2,
      /Name the environment with --pr NUMBER/,
      /`ods-state env --help`/,
    ],
    [
      "bad --pr",
      ["env", "cleanup", "--pr", "7; drop"],
      2,
      /--pr is `7; drop`, not a pull request number/,
      /`ods-state env --help`/,
    ],
    [
      "bad --retention-days",
      ["env", "gc", "--retention-days", "soon", "--warehouse", "duckdb:x.duckdb"],
      2,
      /--retention-days is `soon`/,
      /`ods-state env --help`/,
    ],
    ["no warehouse", ["env", "list"], 2, /^error\[warehouse_invalid\]/, /--warehouse duckdb:PATH/],
    [
      "missing manifest",
      ["plan", "--manifest", "nope/manifest.json"],
      1,
      /nope\/manifest\.json \(given by --manifest\) does not exist/,
      /Check the path/,
    ],
    [
      "default manifest missing",
      ["fingerprint"],
      1,
      /target\/manifest\.json \(given by --manifest\) does not exist/,
      /Check the path/,
    ],
    [
      "missing run results",
      ["record", "--manifest", manifest, "--run-results", "nope.json", "--state", "s.db"],
      1,
      /nope\.json \(given by --run-results\) does not exist/,
      /Check the path/,
    ],
    [
      "missing sources",
      ["plan", "--manifest", manifest, "--sources", "nope-sources.json"],
      1,
      /nope-sources\.json \(given by --sources\) does not exist/,
      /Check the path/,
    ],
    [
      "missing state database",
      ["history", "--state", "nope.db"],
      1,
      /There is no state database at .*nope\.db/,
      /Check the path/,
    ],
    [
      "not JSON",
      ["fingerprint", "--manifest", notJson],
      1,
      /not-json\.json is not valid JSON/,
      /Regenerate it with dbt/,
    ],
  ])("%s: exit %i, the error names it, the hint says what to do", async (_what, args, exit, error, hint) => {
    const result = await cli(args);
    expect(result.code).toBe(exit);
    expect(result.out).toBe("");
    const lines = result.err.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^error\[[a-z_]+\]: /);
    expect(lines[0]).toMatch(error);
    expect(lines[1]).toMatch(/^hint: /);
    expect(lines[1]).toMatch(hint);
  });
});

describe("progress", () => {
  it("is silent when stderr is not a terminal", async () => {
    const written: string[] = [];
    const progress = createProgress({ interactive: false, stderr: (t) => written.push(t) });
    expect(progress.shown).toBe(false);
    progress.phase("fingerprinting 10,000 nodes");
    await inPhase(progress, "promoting 3 tables", () => 1);
    progress.done();
    expect(written).toEqual([]);
  });

  it("rewrites one line on a terminal, with the time so far, and clears it when done", async () => {
    const written: string[] = [];
    let clock = 0;
    const progress = createProgress(
      { interactive: true, stderr: (t) => written.push(t) },
      { now: () => clock },
    );
    expect(progress.shown).toBe(true);
    progress.phase("reading target/manifest.json");
    clock = 1250;
    progress.phase("parsing and fingerprinting target/manifest.json (74 MB)");
    progress.done();
    progress.done();
    expect(written).toEqual([
      `${CLEAR_LINE}ods-state: reading target/manifest.json…`,
      `${CLEAR_LINE}ods-state: parsing and fingerprinting target/manifest.json (74 MB)… (1250 ms so far)`,
      CLEAR_LINE,
    ]);
  });

  it("cleans a label of control characters and line breaks, and clears the line when the work throws", async () => {
    const written: string[] = [];
    const progress = createProgress({ interactive: true, stderr: (t) => written.push(t) });
    await expect(
      inPhase(progress, "dropping pr-7\n\u001b[31mred", () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(written[0]).not.toMatch(/[\n\u001b](?!\[2K)/);
    expect(written.at(-1)).toBe(CLEAR_LINE);
  });

  it.each([
    [312, "312 B"],
    [812_000, "812 kB"],
    [1_500_000, "1.5 MB"],
    [74_000_000, "74 MB"],
  ])("sizes %i bytes as %s", (bytes, shown) => {
    expect(formatBytes(bytes)).toBe(shown);
  });

  it("through the CLI: a terminal gets progress on stderr and the same stdout; elsewhere stderr stays empty", async () => {
    const args = ["plan", "--manifest", manifest, "--format", "json"];
    const quiet = await cli(args, { interactive: false });
    const shown = await cli(args, { interactive: true });
    expect(quiet.code).toBe(0);
    expect(shown.code).toBe(0);
    expect(quiet.err).toBe("");
    expect(shown.err).toContain("ods-state: reading and parsing");
    expect(shown.err).toContain("ods-state: fingerprinting");
    expect(shown.err).toContain("ods-state: planning 8 nodes");
    expect(shown.err.endsWith(CLEAR_LINE)).toBe(true);
    const withoutClock = (text: string) => text.replace(/"planned_at": "[^"]+"/, "");
    expect(withoutClock(shown.out)).toEqual(withoutClock(quiet.out));
  });

  it("through the CLI: an error on a terminal starts on a cleared line", async () => {
    const result = await cli(["plan", "--manifest", notJson], { interactive: true });
    expect(result.code).toBe(1);
    expect(result.err).toMatch(new RegExp(`${CLEAR_LINE.replace("[", "\\[")}error\\[artifact_not_json\\]`));
  });
});
