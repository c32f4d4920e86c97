/**
 * The action's inputs with wrong values, missing files, paths that leave the
 * workspace (`../../etc/passwd`, absolute paths, symlinks), and a state path
 * that is a directory or a symlink: each is refused with the input named, or
 * handled as the README says; a symlink that leads out of the workspace is
 * refused, one that stays inside is followed.
 *
 * Most cases call readActionInputs in process; a sample runs the committed
 * dist/main as the runner does, to check the step's exit code and its one
 * `::error::` line (no stack trace).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withinStatementTimeout } from "../../src/environment/data-diff-settings.js";
import type { UserError } from "../../src/errors/user-error.js";
import { readActionInputs } from "../../src/github/action-inputs.js";
import { runStep, srcEntry } from "../support/adversarial/run-step.js";
import { Tally } from "../support/adversarial/tally.js";
import { copyDistToTemp } from "../support/run-dist.js";
import { PROJECT_ROOT } from "../support/shared-fixtures.js";
import { thrownUserError } from "../support/thrown-user-error.js";

const SHOP = path.join(PROJECT_ROOT, "fixtures", "shop", "prod");
const tally = new Tally("action-inputs");
let root: string;
let workspace: string;
let outside: string;
let dist: string;

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "ods-adv-inputs-"));
  workspace = path.join(root, "workspace");
  outside = path.join(root, "outside");
  mkdirSync(path.join(workspace, "target"), { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(
    path.join(workspace, "target", "manifest.json"),
    readFileSync(path.join(SHOP, "manifest.json")),
  );
  writeFileSync(path.join(outside, "secret.json"), '{"token": "ghs_outside_secret"}');
  ({ dist } = copyDistToTemp());
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(path.dirname(path.dirname(dist)), { recursive: true, force: true });
  tally.report();
});

function read(inputs: Record<string, string>) {
  return () => readActionInputs((name) => inputs[name] ?? "", workspace, undefined);
}

function refusal(inputs: Record<string, string>): UserError {
  return thrownUserError(read(inputs), `a refusal of ${JSON.stringify(inputs)}`);
}

describe("wrong values", () => {
  const cases: [string, string, RegExp][] = [
    ["command", "deploy", /Input `command` is `deploy`; allowed: plan, record/],
    ["command", "plan; rm -rf /", /Input `command` is `plan; rm -rf \/`/],
    ["retention", "0", /Input `retention` is `0`; it must be a whole number of days from 1 to 90/],
    ["retention", "91", /from 1 to 90/],
    ["retention", "3.5", /from 1 to 90/],
    ["retention", "-1", /from 1 to 90/],
    ["retention", "1e1", /from 1 to 90/],
    ["retention", "0x10", /from 1 to 90/],
    ["retention", "ten", /from 1 to 90/],
    ["comment", "yes", /Input `comment` is `yes`; allowed values: true, false/],
    ["comment", "1", /allowed values: true, false/],
    ["promote", "maybe", /Input `promote` is `maybe`/],
    ["allow-non-atomic", "sometimes", /Input `allow-non-atomic` is `sometimes`; allowed values: true, false/],
    ["environment", "prod eu", /Input `environment` is `prod eu`; use 1 to 64 letters/],
    ["environment", "../prod", /use 1 to 64 letters/],
    ["environment", "prod/../../x", /use 1 to 64 letters/],
    ["environment", "x".repeat(65), /use 1 to 64 letters/],
    ["environment", "prod\n::warning::x", /use 1 to 64 letters/],
    ["environment", "prød", /use 1 to 64 letters/],
    ["connect-timeout", "soon", /Input `connect-timeout` is `soon`; give a duration such as 30 \(seconds\)/],
    ["statement-timeout", "-5", /Input `statement-timeout` is `-5`; give a duration/],
    ["lock-timeout", "25h", /Input `lock-timeout` is `25h`;.*at most 24h/],
    ["lock-timeout", "1e3", /give a duration/],
    ["lock-timeout", "0.5ms", /give a duration/],
    ["meta-schema", "ods meta", /Input `meta-schema` is `ods meta`; it must be a schema name/],
    ["meta-schema", 'ods"; drop schema x; --', /it must be a schema name/],
    ["meta-schema", "9meta", /it must be a schema name/],
    ["data-diff", "on", /Input `data-diff` is `on`; allowed values: true, false/],
    ["data-diff-budget", "0", /Input `data-diff-budget` is `0`: a data diff needs a time budget/],
    ["data-diff-budget", "forever", /Input `data-diff-budget` is `forever`; give a duration/],
    ["data-diff-query-timeout", "-1s", /Input `data-diff-query-timeout` is `-1s`; give a duration/],
    [
      "data-diff-sample-rows",
      "10",
      /Input `data-diff-sample-rows` is `10`; give the row count .* from 1,000 to/,
    ],
    ["data-diff-sample-rows", "1e6", /from 1,000 to 1,000,000,000/],
    [
      "data-diff-show-keys",
      "true",
      /Input `data-diff-show-keys` is `true`; give how many key values .* from 0 to 100/,
    ],
    ["data-diff-show-keys", "101", /from 0 to 100/],
    [
      "incremental-start",
      "copy",
      /Input `incremental-start` is `copy`; allowed: clone, none, full-refresh, or copy up to/,
    ],
    ["incremental-start", "copy up to 2 parsecs", /Input `incremental-start` is `copy up to 2 parsecs`/],
    ["incremental-start", "copy up to 0 rows", /allowed: clone, none, full-refresh/],
  ];
  it.each(cases)("%s = %j is refused naming the input", async (name, value, message) => {
    await tally.check("wrong value", "input_invalid", () => {
      const error = refusal({ [name]: value });
      expect(error.code).toBe("input_invalid");
      expect(error.input).toBe(name);
      expect(error.message).toMatch(message);
      expect(error.exitCode).toBe(2);
    });
  });

  it("accepts the documented spellings", async () => {
    await tally.check("wrong value", "accepted", () => {
      const inputs = read({
        comment: "FALSE",
        promote: " True ",
        "allow-non-atomic": "TRUE",
        retention: "90",
        environment: "prod-eu_1.x",
        "meta-schema": " ci_meta ",
      })();
      expect([
        inputs.comment,
        inputs.promote,
        inputs.allowNonAtomic,
        inputs.retentionDays,
        inputs.environment,
        inputs.metaSchema,
      ]).toEqual([false, true, true, 90, "prod-eu_1.x", "ci_meta"]);
      expect(read({})().metaSchema).toBe("ods_meta");
      expect(read({})().allowNonAtomic).toBe(false);
      expect(read({})().incrementalStart).toEqual({ mode: "clone", copyLimit: null });
      expect(read({ "incremental-start": "copy up to 2GB" })().incrementalStart).toEqual({
        mode: "copy",
        copyLimit: { bytes: 2e9 },
      });
    });
  });
});

describe("data diff limits", () => {
  it("default to a 2 min budget, 30 s per query, sampling above 1,000,000 rows and no key values", () => {
    expect(read({})().dataDiff).toEqual({
      budget_ms: 120_000,
      statement_timeout_ms: 30_000,
      sample_above_rows: 1_000_000,
      show_keys: 0,
    });
  });

  it("take durations, whole numbers (with _), and `data-diff: false` turns the diff off", () => {
    expect(
      read({
        "data-diff-budget": "90s",
        "data-diff-query-timeout": "0",
        "data-diff-sample-rows": "5_000_000",
        "data-diff-show-keys": " 3 ",
      })().dataDiff,
    ).toEqual({ budget_ms: 90_000, statement_timeout_ms: 0, sample_above_rows: 5_000_000, show_keys: 3 });
    expect(read({ "data-diff": "FALSE", "data-diff-budget": "1m" })().dataDiff).toBeNull();
  });

  it.each([
    ["30s", "10m", 30_000],
    ["30s", "10s", 10_000],
    ["0", "10m", 600_000],
    ["0", "0", 0],
    ["2m", "0", 120_000],
  ])("a query timeout of %s stays within a statement-timeout of %s: %i ms", (query, statement, expected) => {
    const inputs = read({ "data-diff-query-timeout": query, "statement-timeout": statement })();
    expect(withinStatementTimeout(inputs.dataDiff!, inputs.timeouts.statementMs).statement_timeout_ms).toBe(
      expected,
    );
  });
});

describe("warehouse timeouts", () => {
  it("default to connect 30 s, statement 10 min, lock 60 s; take seconds, units, or 0 for no limit", () => {
    expect(read({})().timeouts).toEqual({ connectMs: 30_000, statementMs: 600_000, lockMs: 60_000 });
    expect(
      read({ "connect-timeout": "5", "statement-timeout": " 1h ", "lock-timeout": "0" })().timeouts,
    ).toEqual({ connectMs: 5000, statementMs: 3_600_000, lockMs: 0 });
    expect(read({ "connect-timeout": "500ms", "lock-timeout": "2m" })().timeouts).toEqual({
      connectMs: 500,
      statementMs: 600_000,
      lockMs: 120_000,
    });
  });
});

describe("selection inputs", () => {
  it("select and exclude are dbt selector lists split at whitespace (lines or spaces)", () => {
    const inputs = read({
      select: "+orders tag:nightly,path:models",
      exclude: " stg_orders\n  resource_type:seed \n",
    })();
    expect(inputs.select).toEqual(["+orders", "tag:nightly,path:models"]);
    expect(inputs.exclude).toEqual(["stg_orders", "resource_type:seed"]);
    expect(read({})().exclude).toEqual([]);
  });
});

describe("paths that leave the workspace", () => {
  const names = ["manifest", "sources", "run-results", "state-path", "project-dir"];
  const values = [
    "../../etc/passwd",
    "/etc/passwd",
    "..",
    "target/../../outside/secret.json",
    "./../workspace2/x.json",
  ];
  const combos = names.flatMap((name) => values.map((value) => [name, value] as const));
  it.each(combos)("%s = %j is refused", async (name, value) => {
    await tally.check("path outside the workspace", "input_invalid", () => {
      const error = refusal({ [name]: value });
      expect(error.code).toBe("input_invalid");
      expect(error.input).toBe(name);
      expect(error.message).toContain("outside the workspace");
    });
  });

  it("an absolute path inside the workspace is taken as it is, not appended to project-dir", async () => {
    await tally.check("path inside the workspace", "accepted", () => {
      const manifest = path.join(workspace, "target", "manifest.json");
      expect(read({ "project-dir": "dbt", manifest })().manifest).toBe(manifest);
    });
  });

  it("a manifest path relative to a project-dir can't climb out either", async () => {
    await tally.check("path outside the workspace", "input_invalid", () => {
      expect(refusal({ "project-dir": "dbt", manifest: "../../x/manifest.json" }).input).toBe("manifest");
    });
  });
});

describe("symlinks", () => {
  function link(name: string, target: string): string {
    const at = path.join(workspace, name);
    mkdirSync(path.dirname(at), { recursive: true });
    rmSync(at, { force: true, recursive: true });
    symlinkSync(target, at);
    return name;
  }

  const escaping: [string, () => Record<string, string>][] = [
    [
      "a state path linked to a file outside",
      () => ({ "state-path": link("links/state.db", path.join(outside, "state.db")) }),
    ],
    [
      "a state path linked to a missing file outside (it would be created there)",
      () => ({ "state-path": link("links/dangling.db", path.join(outside, "nothing", "state.db")) }),
    ],
    [
      "a state path under a folder linked outside",
      () => {
        link("links/dir", outside);
        return { "state-path": "links/dir/state.db" };
      },
    ],
    [
      "a manifest linked to a file outside",
      () => ({ manifest: link("links/manifest.json", path.join(outside, "secret.json")) }),
    ],
    ["a project-dir linked outside", () => ({ "project-dir": link("links/project", outside) })],
    [
      "a chain of links that ends outside",
      () => {
        link("links/hop2", path.join(outside, "secret.json"));
        return { sources: link("links/hop1", path.join(workspace, "links", "hop2")) };
      },
    ],
    [
      "a relative link that climbs out",
      () => ({ "run-results": link("links/up.json", "../../outside/secret.json") }),
    ],
  ];
  it.each(escaping)("%s is refused", async (_what, inputs) => {
    await tally.check("symlink out of the workspace", "input_invalid", () => {
      const given = inputs();
      const error = refusal(given);
      expect(error.code).toBe("input_invalid");
      expect(error.input).toBe(Object.keys(given)[0]);
      expect(error.message).toContain("outside the workspace");
      expect(error.message).not.toContain("ghs_outside_secret");
    });
  });

  it("links that stay inside the workspace are followed", async () => {
    await tally.check("symlink inside the workspace", "accepted", () => {
      mkdirSync(path.join(workspace, "real"), { recursive: true });
      const inputs = read({
        "state-path": link("links/inside.db", path.join(workspace, "real", "state.db")),
        manifest: link("links/inside.json", "../target/manifest.json"),
      })();
      expect(inputs.statePath).toBe(path.join(workspace, "links", "inside.db"));
      expect(inputs.manifest).toBe(path.join(workspace, "links", "inside.json"));
    });
  });
});

describe("through the step (src/main.ts, as dist/ will be built from it)", () => {
  async function main(inputs: Record<string, string>, extra: Record<string, string> = {}) {
    const ws = mkdtempSync(path.join(root, "step-"));
    const work = path.join(ws, "workspace");
    mkdirSync(path.join(work, "target"), { recursive: true });
    writeFileSync(path.join(work, "target", "manifest.json"), readFileSync(path.join(SHOP, "manifest.json")));
    for (const [file, text] of Object.entries(extra)) {
      mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
      writeFileSync(path.join(work, file), text);
    }
    return {
      work,
      run: await runStep(srcEntry("main"), work, {
        inputs,
        env: { GITHUB_EVENT_NAME: "push", GITHUB_REF: "refs/heads/main" },
      }),
    };
  }

  function expectOneError(run: Awaited<ReturnType<typeof runStep>>, text: string) {
    expect(run.status).toBe(1);
    const errors = run.stdout.split("\n").filter((line) => line.startsWith("::error"));
    expect(errors.length).toBeGreaterThanOrEqual(1);
    expect(run.stdout).toContain(text);
    // No stack trace, in the log or in the annotation.
    expect(run.stdout + run.stderr).not.toMatch(/\n\s+at [\w.<>]+ \(|node:internal/);
  }

  it.each([
    [{ retention: "forever" }, "Input `retention` is `forever`"],
    [
      { "state-path": "../../etc/passwd" },
      "Input `state-path` is `../../etc/passwd`, which is outside the workspace",
    ],
    [{ manifest: "missing/manifest.json" }, "manifest.json (input `manifest`) does not exist."],
    [{ manifest: "target" }, "is a directory, not a file"],
  ] as const)("%j fails the step with one clear error", async (inputs, text) => {
    await tally.check("through the step", "exit 1", async () => {
      const { run } = await main(inputs);
      expectOneError(run, text);
    });
  });

  it("a state path that is a directory fails with a message naming it", async () => {
    await tally.check("through the step", "exit 1", async () => {
      const { run } = await main({ "state-path": "statedir" }, { "statedir/keep": "" });
      expectOneError(run, "statedir");
    });
  });

  it("a sources path that doesn't exist plans without it and says so", async () => {
    await tally.check("through the step", "exit 0", async () => {
      const { run } = await main({ sources: "nope/sources.json" });
      expect(run.status, run.stdout).toBe(0);
      expect(run.outputs["build-count"]).toBe("8");
    });
  });

  it("the committed dist/main refuses a path outside the workspace the same way", async () => {
    await tally.check("through the step", "exit 1", async () => {
      const work = path.join(mkdtempSync(path.join(root, "dist-")), "workspace");
      const run = await runStep([path.join(dist, "main", "index.js")], work, {
        inputs: { manifest: "../../etc/passwd" },
        env: { GITHUB_EVENT_NAME: "push", GITHUB_REF: "refs/heads/main" },
      });
      expectOneError(run, "Input `manifest` is `../../etc/passwd`");
    });
  });
});
