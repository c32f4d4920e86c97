/**
 * The SQLite store under faults, on both drivers: a writer killed with
 * SIGKILL at random points, two writers racing on the same parent, and files
 * damaged, foreign, newer or older than this code.
 *
 * Child processes run test/store/commit-worker.ts on this very Node
 * (process.execPath, so the native binding matches) with
 * tools/ts-hooks.mjs, a resolve hook that maps src/'s `.js` imports to
 * the `.ts` files; Node 24 strips the types itself. No build step, no mocks.
 */
import { createHash } from "node:crypto";
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { UserError } from "../../src/errors/user-error.js";
import { APPLICATION_ID, applyMigrations, LAYOUT_VERSION } from "../../src/store/migrations.js";
import { encodeSnapshot, entryHash } from "../../src/store/snapshot-codec.js";
import { openSqlite } from "../../src/store/sqlite-driver.js";
import { backupStateFile } from "../../src/store/sqlite-file.js";
import { inspectStateFile } from "../../src/store/sqlite-inspection.js";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import { expectUserError } from "../support/thrown-user-error.js";
import { FAULTS, killWhileCommitting, startWorker } from "./commit-workers.js";
import { PROD, runFor, SQLITE_DRIVERS, snapshotFor, tempDir } from "./harness.js";
import { workerSnapshot } from "./worker-snapshots.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function newDir(): string {
  const dir = tempDir("ods-faults-");
  dirs.push(dir);
  return dir;
}

function sha(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

/** A small state file with a few commits on PROD; returns its path and the committed ids. */
async function seededFile(
  driver: (typeof SQLITE_DRIVERS)[number],
  nodes = 400,
): Promise<{ file: string; ids: string[] }> {
  const file = path.join(newDir(), "state.db");
  const store = await SqliteStateStore.open(file, { driver });
  const ids: string[] = [];
  let parent: string | null = null;
  for (let run = 1; run <= 3; run++) {
    parent = (
      await store.commit(
        PROD,
        parent,
        snapshotFor(PROD, `run-${run}`, nodes, run),
        runFor(PROD, `run-${run}`),
      )
    ).id;
    ids.push(parent);
  }
  await store.close();
  return { file, ids };
}

/** Opens the file and reads everything; resolves with what was read, or rejects with what was thrown. */
async function openAndRead(file: string, driver: string) {
  const store = await SqliteStateStore.open(file, { driver: driver as "better-sqlite3" });
  try {
    const latest = await store.latest(PROD);
    for (const entry of await store.history(PROD)) await store.get(entry.id);
    await store.runs(PROD);
    const report = await store.check();
    if (!report.ok) throw new Error(`check found: ${report.problems.map((p) => p.message).join("; ")}`);
    return latest;
  } finally {
    await store.close();
  }
}

describe.concurrent("SQLite store under SIGKILL", () => {
  // 6 rounds per driver here (every kind of round, the kill while opening, round 3, among them); test/store/sqlite-kill.slow.test.ts runs the same rounds 100 times (npm run test:slow).
  it.each(SQLITE_DRIVERS)(
    "%s: survives SIGKILL at random points while committing, 6 times, losing nothing",
    { timeout: 300_000 },
    (driver) => killWhileCommitting(path.join(newDir(), "state.db"), driver, 6),
  );
});

describe.each(SQLITE_DRIVERS)("SQLite store faults (%s)", (driver) => {
  describe.concurrent("processes", () => {
    it("two processes committing on the same parent at once: one wins, the other gets Conflict, 50 times", async () => {
      const file = path.join(newDir(), "state.db");
      await (await SqliteStateStore.open(file, { driver })).close();
      const a = startWorker("race", file, driver);
      const b = startWorker("race", file, driver);
      await Promise.all([a.waitFor(/^ready/), b.waitFor(/^ready/)]);
      let head = "-";
      const wins = { a: 0, b: 0 };
      try {
        for (let round = 1; round <= 50; round++) {
          const fromA = a.lines.length;
          const fromB = b.lines.length;
          a.child.stdin!.write(`commit ${head} ${round}\n`);
          b.child.stdin!.write(`commit ${head} ${round}\n`);
          const [answerA, answerB] = await Promise.all([
            a.waitFor(new RegExp(`^\\w+ ${round}\\b`), fromA),
            b.waitFor(new RegExp(`^\\w+ ${round}\\b`), fromB),
          ]);
          const outcomes = [answerA.split(" ")[0], answerB.split(" ")[0]].sort();
          expect(outcomes, `round ${round}: ${answerA} / ${answerB}`).toEqual(["conflict", "ok"]);
          const winner = answerA.startsWith("ok") ? answerA : answerB;
          const loser = answerA.startsWith("ok") ? answerB : answerA;
          if (answerA.startsWith("ok")) wins.a++;
          else wins.b++;
          head = winner.split(" ")[2]!;
          // The loser saw the winner's snapshot as the head.
          expect(loser.split(" ")[2]).toBe(head);
        }
      } finally {
        a.child.stdin!.end();
        b.child.stdin!.end();
        await Promise.all([a.exited, b.exited]);
      }
      const store = await SqliteStateStore.open(file, { driver, keepSnapshots: 1000 });
      try {
        const history = await store.history(FAULTS);
        expect(history).toHaveLength(50);
        expect(history[0]!.id).toBe(head);
        // One unbroken chain: each snapshot's parent is the one before it.
        for (let index = 0; index < history.length - 1; index++) {
          expect(history[index]!.parent).toBe(history[index + 1]!.id);
        }
        expect(await store.runs(FAULTS)).toHaveLength(50);
        expect((await store.check()).problems).toEqual([]);
      } finally {
        await store.close();
      }
    });

    it("takes consistent backups while another process commits", async () => {
      const file = path.join(newDir(), "state.db");
      const worker = startWorker("loop", file, driver, 5);
      await worker.waitFor(/^waiting/);
      worker.child.stdin!.write("go\n");
      await worker.waitFor(/^ok 3 /);
      try {
        for (let copy = 0; copy < 5; copy++) {
          const to = path.join(path.dirname(file), `copy-${copy}.db`);
          expect(await backupStateFile(file, to, { driver })).toBe(to);
          const backup = await SqliteStateStore.open(to, { driver, create: false });
          try {
            const head = await backup.latest(FAULTS);
            expect(head).toBeDefined();
            expect(head!.snapshot).toEqual(workerSnapshot(Number(head!.snapshot.run_id.slice(4))));
            expect((await backup.check()).problems).toEqual([]);
          } finally {
            await backup.close();
          }
        }
      } finally {
        worker.child.kill("SIGKILL");
        await worker.exited;
      }
    });
  });

  describe("damage", () => {
    it("refuses a truncated file, naming it", async () => {
      for (const cut of [0.5, 0.9]) {
        const { file } = await seededFile(driver);
        const size = statSync(file).size;
        const pageAligned = Math.floor((size * cut) / 4096) * 4096;
        truncateSync(file, pageAligned);
        await expectUserError(openAndRead(file, driver), "state_corrupt", file);
        truncateSync(file, pageAligned - 1000);
        await expectUserError(openAndRead(file, driver), "state_corrupt", file);
        const inspection = await inspectStateFile(file, { driver });
        expect(inspection.report.ok).toBe(false);
      }
      const { file } = await seededFile(driver);
      truncateSync(file, 0);
      const error = await expectUserError(openAndRead(file, driver), "state_corrupt", file);
      expect(error.message).toMatch(/empty|truncated/);
      expect(error.hint).toContain(`ods-state doctor --state ${file}`);
      expect(error.hint).toContain("ods-state reset");
    });

    it("refuses a file with flipped bytes, and never returns something other than what was committed", async () => {
      const { file } = await seededFile(driver);
      const pristine = readFileSync(file);
      const expected = snapshotFor(PROD, "run-3", 400, 3);
      const flip = (offset: number) => {
        writeFileSync(file, pristine);
        const fd = openSync(file, "r+");
        const byte = Buffer.alloc(1);
        readSync(fd, byte, 0, 1, offset);
        byte[0] = byte[0]! ^ 0x5a;
        writeSync(fd, byte, 0, 1, offset);
        closeSync(fd);
      };
      // A byte inside a stored node entry: the digest catches it.
      const needle = Buffer.from(Object.keys(expected.nodes)[200]!);
      const inBody = pristine.indexOf(needle);
      expect(inBody).toBeGreaterThan(0);
      flip(inBody + 3);
      const bodyError = await expectUserError(openAndRead(file, driver), "state_corrupt", file);
      expect(bodyError.message).toMatch(/digest|hash|malformed/);
      // The SQLite header, and a b-tree page header.
      for (const offset of [3, 4096 + 1, 4096 * 2 + 3]) {
        flip(offset);
        await expectUserError(openAndRead(file, driver), "state_corrupt", file);
      }
      // Anywhere at all: either the damage error, or exactly what was committed.
      let refused = 0;
      for (let sample = 0; sample < 40; sample++) {
        flip(100 + Math.floor(Math.random() * (pristine.length - 100)));
        try {
          const latest = await openAndRead(file, driver);
          expect(latest?.snapshot).toEqual(expected);
        } catch (error) {
          const code = (error as UserError).code;
          // check() finding damage on an otherwise readable file is reported as an Error by openAndRead.
          if (code === undefined) expect((error as Error).message).toMatch(/^check found/);
          else expect(code).toBe("state_corrupt");
          refused++;
        }
      }
      expect(refused).toBeGreaterThan(0);
    });

    it("refuses a document edited in place with SQL, naming the file", async () => {
      const { file, ids } = await seededFile(driver);
      const connection = openSqlite(file, {}, driver);
      connection.run(
        "UPDATE entries SET body = replace(body, 'analytics_', 'analytixs_') WHERE id = (SELECT min(id) FROM entries)",
      );
      connection.close();
      const error = await expectUserError(openAndRead(file, driver), "state_corrupt", file);
      expect(error.message).toMatch(/digest/);
      const store = await SqliteStateStore.open(file, { driver });
      const report = await store.check();
      expect(report.ok).toBe(false);
      expect(report.problems.map((problem) => problem.message).join("\n")).toMatch(/changed in place|digest/);
      await store.close();

      // The header (everything but the nodes), edited to stay valid JSON and valid schema.
      const second = await seededFile(driver);
      const edit = openSqlite(second.file, {}, driver);
      edit.run(
        "UPDATE snapshots SET header = replace(header, '\"run-3\"', '\"run-9\"') WHERE id = ?",
        second.ids[2]!,
      );
      edit.close();
      await expectUserError(openAndRead(second.file, driver), "state_corrupt", second.file);
      expect(ids).toHaveLength(3);
    });

    it("refuses a head that points to a missing snapshot", async () => {
      const { file, ids } = await seededFile(driver, 20);
      const connection = openSqlite(file, {}, driver);
      connection.exec("PRAGMA foreign_keys = OFF");
      connection.run("DELETE FROM snapshots WHERE id = ?", ids[2]!);
      connection.close();
      const store = await SqliteStateStore.open(file, { driver });
      const error = await expectUserError(store.latest(PROD), "state_corrupt", file);
      expect(error.message).toContain(ids[2]!);
      const report = await store.check();
      expect(report.ok).toBe(false);
      expect(report.problems[0]).toMatchObject({ severity: "error", subject: "jaffle_shop/prod" });
      expect(report.problems[0]!.action).toContain("doctor");
      await store.close();
    });

    it("refuses a file that is not SQLite, and a SQLite file that isn't ods-state's, leaving both untouched", async () => {
      const dir = newDir();
      const text = path.join(dir, "notes.db");
      writeFileSync(text, "these are not the droids you are looking for\n".repeat(200));
      const before = sha(text);
      const error = await expectUserError(SqliteStateStore.open(text, { driver }), "state_corrupt", text);
      expect(error.message).toMatch(/not a SQLite database/);
      expect(sha(text)).toBe(before);

      const other = path.join(dir, "app.db");
      const connection = openSqlite(other, {}, driver);
      connection.exec(
        "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users (name) VALUES ('ada')",
      );
      connection.close();
      const otherBefore = sha(other);
      await expectUserError(SqliteStateStore.open(other, { driver }), "state_foreign", other);
      expect(sha(other)).toBe(otherBefore);
      expect(readdirSync(dir).sort()).toEqual(["app.db", "notes.db"]);
    });

    it("refuses a log without its database rather than starting over", async () => {
      const file = path.join(newDir(), "state.db");
      writeFileSync(`${file}-wal`, Buffer.alloc(4096, 7));
      const error = await expectUserError(SqliteStateStore.open(file, { driver }), "state_corrupt", file);
      expect(error.message).toContain(`${file}-wal`);
      expect(existsSync(file)).toBe(false);
    });
  });

  describe("versions", () => {
    it("refuses a database written by a newer version, without touching it", async () => {
      const { file } = await seededFile(driver, 20);
      const connection = openSqlite(file, {}, driver);
      connection.exec(`PRAGMA user_version = ${LAYOUT_VERSION + 1}`);
      connection.close();
      const before = sha(file);
      const error = await expectUserError(SqliteStateStore.open(file, { driver }), "state_newer", file);
      expect(error.message).toContain(`layout version ${LAYOUT_VERSION + 1}`);
      expect(error.message).toContain(`up to ${LAYOUT_VERSION}`);
      expect(sha(file)).toBe(before);
      const inspection = await inspectStateFile(file, { driver });
      expect(inspection.report.ok).toBe(false);
      expect(inspection.report.problems[0]!.message).toMatch(/newer/);
      await expectUserError(backupStateFile(file, undefined, { driver }), "state_newer", file);
    });

    it("migrates an older database, keeping a copy of it first", async () => {
      const dir = newDir();
      const file = path.join(dir, "state.db");
      // A database as the first release wrote it: migration 1 only, with data.
      const old = openSqlite(file, {}, driver);
      old.exec("PRAGMA auto_vacuum = INCREMENTAL");
      applyMigrations(old, 1);
      const snapshot = snapshotFor(PROD, "run-1", 30);
      const encoded = encodeSnapshot(snapshot);
      const entryIds = encoded.bodies.map((body) =>
        Number(
          old.get<{ id: number }>(
            "INSERT INTO entries (hash, body) VALUES (?, ?) RETURNING id",
            entryHash(body),
            body,
          )!.id,
        ),
      );
      old.run(
        `INSERT INTO snapshots (id, scope, parent, committed_at, run_id, schema_version, node_count, header, entries, digest)
         VALUES ('old-1', 'jaffle_shop/prod', NULL, '2026-01-01T00:00:00.000Z', 'run-1', '1.2', ?, ?, ?, ?)`,
        encoded.nodeCount,
        encoded.header,
        JSON.stringify(entryIds),
        encoded.digest,
      );
      old.run(
        "INSERT INTO heads (scope, snapshot_id, moved_at) VALUES ('jaffle_shop/prod', 'old-1', '2026-01-01T00:00:00.000Z')",
      );
      expect(old.get<{ user_version: number }>("PRAGMA user_version")?.user_version).toBe(1);
      old.close();
      const before = sha(file);

      const log: string[] = [];
      const store = await SqliteStateStore.open(file, { driver, log: (line) => log.push(line) });
      const backups = readdirSync(dir).filter((name) =>
        /^state\.db\.pre-migration-v1-\d{8}T\d{6}Z\.bak$/.test(name),
      );
      expect(backups).toHaveLength(1);
      expect(log.join("\n")).toContain(path.join(dir, backups[0]!));
      expect((await store.latest(PROD))?.snapshot).toEqual(snapshot);
      await store.recordRun(runFor(PROD, "run-2", { status: "failed" }));
      expect(await store.runs(PROD)).toHaveLength(1);
      expect((await store.check()).problems).toEqual([]);
      await store.close();

      const migrated = openSqlite(file, { readonly: true }, driver);
      expect(migrated.get<{ user_version: number }>("PRAGMA user_version")?.user_version).toBe(
        LAYOUT_VERSION,
      );
      expect(migrated.get<{ application_id: number }>("PRAGMA application_id")?.application_id).toBe(
        APPLICATION_ID,
      );
      expect(
        migrated
          .all<{ version: number }>("SELECT version FROM migrations ORDER BY version")
          .map((r) => r.version),
      ).toEqual([1, 2]);
      migrated.close();

      // The copy is the old database, as it was: version 1, same data.
      const copy = openSqlite(path.join(dir, backups[0]!), { readonly: true }, driver);
      expect(copy.get<{ user_version: number }>("PRAGMA user_version")?.user_version).toBe(1);
      expect(copy.get<{ id: string }>("SELECT snapshot_id AS id FROM heads")?.id).toBe("old-1");
      expect(copy.get("SELECT name FROM sqlite_schema WHERE name = 'runs'")).toBeUndefined();
      copy.close();
      expect(before).not.toBe(sha(file));

      // Opening again migrates nothing and copies nothing.
      await (await SqliteStateStore.open(file, { driver })).close();
      expect(readdirSync(dir).filter((name) => name.endsWith(".bak"))).toHaveLength(1);
    });

    it("initialises a new file without a copy (nothing to keep)", async () => {
      const dir = newDir();
      const store = await SqliteStateStore.open(path.join(dir, "nested", "state.db"), { driver });
      await store.close();
      expect(
        readdirSync(path.join(dir, "nested")).filter(
          (name) => !name.endsWith("-wal") && !name.endsWith("-shm"),
        ),
      ).toEqual(["state.db"]);
    });
  });

  it("says the database is locked when another writer holds it past the busy timeout", async () => {
    const { file } = await seededFile(driver, 10);
    const holder = openSqlite(file, {}, driver);
    holder.exec("BEGIN IMMEDIATE");
    const store = await SqliteStateStore.open(file, { driver, busyTimeoutMs: 100 });
    try {
      const latest = await store.latest(PROD);
      const error = await expectUserError(
        store.commit(PROD, latest!.id, snapshotFor(PROD, "run-9", 10, 9)),
        "state_locked",
        file,
      );
      expect(error.message).toContain("100 ms");
    } finally {
      holder.exec("ROLLBACK");
      holder.close();
      await store.close();
    }
  });
});
