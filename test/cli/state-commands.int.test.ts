/**
 * ods-state history, doctor, backup and reset, through runCli with a
 * captured context, on real state files in temporary directories.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openSqlite } from "../../src/store/sqlite-driver.js";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import { PROD, runFor, snapshotFor } from "../store/harness.js";
import { runCliIn } from "../support/cli-context.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function workspace(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "ods-cli-state-"));
  dirs.push(dir);
  return dir;
}

/** A workspace with .ods/state.db holding two commits and a refused run. */
async function seeded(): Promise<{ cwd: string; file: string; ids: string[] }> {
  const cwd = workspace();
  const file = path.join(cwd, ".ods", "state.db");
  const store = await SqliteStateStore.open(file);
  const first = await store.commit(PROD, null, snapshotFor(PROD, "run-1", 20), runFor(PROD, "run-1"));
  const second = await store.commit(PROD, first.id, snapshotFor(PROD, "run-2", 25, 2), runFor(PROD, "run-2"));
  await store.recordRun(
    runFor(PROD, "run-3", { status: "refused", detail: "results from `dbt compile` build nothing" }),
  );
  await store.close();
  return { cwd, file, ids: [first.id, second.id] };
}

describe("ods-state history", () => {
  it("lists snapshots and runs per scope, newest first, head marked", async () => {
    const { cwd, ids } = await seeded();
    const { code, out: stdout, err: stderr } = await runCliIn(cwd, ["history"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toContain("State: .ods/state.db");
    expect(stdout).toContain("jaffle_shop/prod: 2 snapshots kept, 3 runs in the ledger");
    const head = stdout.indexOf(`* ${ids[1]}`);
    const older = stdout.indexOf(`  ${ids[0]}`);
    expect(head).toBeGreaterThan(0);
    expect(older).toBeGreaterThan(head);
    expect(stdout).toMatch(/run-3 {2}refused +build/);
    expect(stdout).toContain("results from `dbt compile` build nothing");
    expect(stdout).toContain(`snapshot ${ids[1]}`);
    expect(stdout).toContain("25 nodes  schema 1.2");
  });

  it("filters by scope, limits, and prints JSON", async () => {
    const { cwd, ids } = await seeded();
    const json = await runCliIn(cwd, ["history", "--scope", "jaffle_shop/prod", "--limit", "1", "--json"]);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.out);
    expect(parsed.schema_version).toBe("1.0");
    expect(parsed.scopes).toHaveLength(1);
    expect(parsed.scopes[0].head).toBe(ids[1]);
    expect(parsed.scopes[0].snapshots.map((s: { id: string }) => s.id)).toEqual([ids[1]]);
    expect(parsed.scopes[0].runs.map((r: { run_id: string }) => r.run_id)).toEqual(["run-3"]);

    const other = await runCliIn(cwd, ["history", "--scope", "jaffle_shop/dev"]);
    expect(other.out).toContain("Nothing is recorded for jaffle_shop/dev.");
    expect((await runCliIn(cwd, ["history", "--scope", "no-slash"])).code).toBe(2);
    expect((await runCliIn(cwd, ["history", "--limit", "0"])).code).toBe(2);
  });

  it("says there is no state file rather than creating one", async () => {
    const cwd = workspace();
    const { code, err: stderr } = await runCliIn(cwd, ["history"]);
    expect(code).toBe(1);
    expect(stderr).toContain("error[file_missing]");
    expect(existsSync(path.join(cwd, ".ods"))).toBe(false);
  });

  it("takes --state relative to the working directory", async () => {
    const { cwd } = await seeded();
    const elsewhere = workspace();
    const { code, out: stdout } = await runCliIn(elsewhere, [
      "history",
      "--state",
      path.join(cwd, ".ods", "state.db"),
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain("jaffle_shop/prod");
  });
});

describe("ods-state doctor", () => {
  it("reports a healthy file and exits 0", async () => {
    const { cwd } = await seeded();
    const { code, out: stdout } = await runCliIn(cwd, ["doctor"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /Checked \.ods\/state\.db \([\d.]+ KiB.*layout 2\): 1 scope, 2 snapshots, 3 runs\./,
    );
    expect(stdout).toContain("No problems found.");
  });

  it("says what is wrong and what to do, and exits 1, when a document was edited", async () => {
    const { cwd, file } = await seeded();
    const connection = openSqlite(file);
    connection.run("UPDATE entries SET body = replace(body, '\"table\"', '\"view\"') WHERE id = 3");
    connection.close();
    const { code, out: stdout } = await runCliIn(cwd, ["doctor"]);
    expect(code).toBe(1);
    expect(stdout).toContain("The state is damaged");
    expect(stdout).toMatch(/error: snapshot [\w-]+ \(jaffle_shop\/prod\)/);
    expect(stdout).toContain("what to do: Run `ods-state doctor");
    expect(stdout).toContain("ods-state reset");
  });

  it("exits 1 on a truncated file, and lists the backups next to it", async () => {
    const { cwd, file } = await seeded();
    expect((await runCliIn(cwd, ["backup"])).code).toBe(0);
    truncateSync(file, 4096 + 100);
    const { code, out: stdout } = await runCliIn(cwd, ["doctor", "--quick"]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/truncated/);
    expect(stdout).toContain("Backups next to it (newest first):");
    expect(stdout).toMatch(/\.ods\/state\.db\.backup-\d{8}T\d{6}Z\.bak/);
    expect(stdout).toContain("To restore one: ods-state reset --state .ods/state.db");
  });

  it("explains a missing file without failing, and a newer file as not damaged but unreadable", async () => {
    const empty = workspace();
    const missing = await runCliIn(empty, ["doctor"]);
    expect(missing.code).toBe(0);
    expect(missing.out).toContain("There is no state database at .ods/state.db: nothing to check.");
    expect(existsSync(path.join(empty, ".ods"))).toBe(false);

    const { cwd, file } = await seeded();
    const connection = openSqlite(file);
    connection.exec("PRAGMA user_version = 99");
    connection.close();
    const newer = await runCliIn(cwd, ["doctor"]);
    expect(newer.code).toBe(1);
    expect(newer.out).toContain("layout version 99, written by a newer ods-state");
    expect(newer.out).toContain("Upgrade ods-state");
  });

  it("refuses a file that is not SQLite", async () => {
    const cwd = workspace();
    writeFileSync(path.join(cwd, "state.db"), '{ "not": "sqlite" }\n');
    const { code, out: stdout } = await runCliIn(cwd, ["doctor", "--state", "state.db"]);
    expect(code).toBe(1);
    expect(stdout).toContain("not a SQLite database");
  });
});

describe("ods-state backup", () => {
  it("writes a consistent copy next to the file by default, and to --to when given", async () => {
    const { cwd, ids } = await seeded();
    const first = await runCliIn(cwd, ["backup"]);
    expect(first.code).toBe(0);
    const match = /to (\.ods\/state\.db\.backup-\d{8}T\d{6}Z\.bak) \(/.exec(first.out);
    expect(match, first.out).not.toBeNull();
    const copy = await SqliteStateStore.open(path.join(cwd, match![1]!), { create: false });
    expect((await copy.latest(PROD))?.id).toBe(ids[1]);
    expect((await copy.check()).ok).toBe(true);
    await copy.close();

    const to = await runCliIn(cwd, ["backup", "--to", "copies/state-copy.db"]);
    expect(to.code).toBe(0);
    expect(to.out).toContain("to copies/state-copy.db");
    expect(existsSync(path.join(cwd, "copies", "state-copy.db"))).toBe(true);
    // Never over an existing file.
    const again = await runCliIn(cwd, ["backup", "--to", "copies/state-copy.db"]);
    expect(again.code).toBe(2);
    expect(again.err).toContain("Refusing to overwrite");
  });

  it("refuses to copy a damaged file, naming it", async () => {
    const { cwd, file } = await seeded();
    writeFileSync(file, "garbage".repeat(1000));
    const { code, err: stderr } = await runCliIn(cwd, ["backup"]);
    expect(code).toBe(1);
    expect(stderr).toContain(`error[state_corrupt]: The state database ${file} is damaged`);
    expect(stderr).toContain(`ods-state doctor --state ${file}`);
  });
});

describe("ods-state reset", () => {
  it("moves the file aside, says where, and the next open starts empty", async () => {
    const { cwd, file, ids } = await seeded();
    const { code, out: stdout } = await runCliIn(cwd, ["reset"]);
    expect(code).toBe(0);
    const match = /aside to (\.ods\/state\.db\.reset-\d{8}T\d{6}Z\.bak)/.exec(stdout);
    expect(match, stdout).not.toBeNull();
    expect(stdout).toContain("Nothing was deleted.");
    expect(stdout).toContain("every node is built once");
    expect(existsSync(file)).toBe(false);
    // The copy is the state as it was.
    const copy = await SqliteStateStore.open(path.join(cwd, match![1]!), { create: false });
    expect((await copy.latest(PROD))?.id).toBe(ids[1]);
    await copy.close();
    const fresh = await SqliteStateStore.open(file);
    expect(await fresh.latest(PROD)).toBeUndefined();
    await fresh.close();
    expect((await runCliIn(cwd, ["doctor"])).code).toBe(0);
  });

  it("moves a damaged file aside too, byte for byte", async () => {
    const { cwd, file } = await seeded();
    truncateSync(file, 1000);
    const { code, out: stdout } = await runCliIn(cwd, ["reset"]);
    expect(code).toBe(0);
    const moved = readdirSync(path.join(cwd, ".ods")).filter((name) => name.includes(".reset-"));
    expect(moved.length).toBeGreaterThanOrEqual(1);
    expect(stdout).toContain(moved.find((name) => name.endsWith(".bak"))!);
    expect(existsSync(file)).toBe(false);
  });

  it("has nothing to do without a file", async () => {
    const { code, out: stdout } = await runCliIn(workspace(), ["reset"]);
    expect(code).toBe(0);
    expect(stdout).toContain("nothing to reset");
  });
});

describe("help", () => {
  it("lists the state commands with examples", async () => {
    const cwd = workspace();
    const general = await runCliIn(cwd, ["--help"]);
    for (const name of ["history", "doctor", "backup", "reset"])
      expect(general.out).toMatch(new RegExp(`\\n  ${name} +`));
    for (const name of ["history", "doctor", "backup", "reset"]) {
      const help = await runCliIn(cwd, [name, "--help"]);
      expect(help.code).toBe(0);
      expect(help.out).toContain("--state");
      expect(help.out).toContain("Examples:");
      expect(help.out).toContain(`ods-state ${name}`);
    }
  });
});
