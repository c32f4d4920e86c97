/**
 * The state database under faults, through the CLI bundle (dist/cli) and the
 * action's main step: missing, empty, truncated, bytes flipped, not SQLite,
 * from a newer ods-state, locked by another writer, the disk full while
 * writing (a real ENOSPC on a small tmpfs; skipped, saying so, where this
 * process can't mount one). Each ends in a plan or one error that names the
 * file and says what to do; the file is never changed by a failure, and
 * nothing committed is lost.
 *
 * The store's own fault tests (test/store/sqlite-faults.adv.test.ts: SIGKILL
 * during commits, racing writers, damage, versions) are not repeated here.
 */
import { spawn, spawnSync } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runStep } from "../support/adversarial/run-step.js";
import { Tally } from "../support/adversarial/tally.js";
import { compileCacheEnv, copyDistToTemp, NODE24 } from "../support/run-dist.js";
import { PROJECT_ROOT } from "../support/shared-fixtures.js";

/**
 * The suite in two parts: `fast` (npm test) and `waits` (the slow project:
 * the lock test, which waits out the CLI's real 10 s busy timeout while
 * another process holds the lock for 14 s). CI runs both.
 */
export function stateFaultsSuite(part: "fast" | "waits"): void {
  const SHOP = path.join(PROJECT_ROOT, "fixtures", "shop", "prod");
  const tally = new Tally(part === "fast" ? "state-faults" : "state-faults-slow");
  let root: string;
  let dist: string;
  /** A state database with the shop's build recorded. */
  let healthy: string;

  const HOOKS = path.join(PROJECT_ROOT, "tools", "ts-hooks.mjs");

  /** The CLI bundle (dist/cli), or its sources with `src` (for behaviour fixed there before dist/ is rebuilt). */
  function cli(
    args: string[],
    cwd = root,
    entry: "dist" | "src" = process.env.ODS_ADVERSARIAL_ENTRY === "src" ? "src" : "dist",
  ) {
    const program =
      entry === "src"
        ? ["--import", HOOKS, path.join(PROJECT_ROOT, "src", "cli.ts")]
        : [path.join(dist, "cli", "index.js")];
    const run = spawnSync(NODE24, [...program, ...args], {
      cwd,
      encoding: "utf8",
      env: { PATH: "/usr/bin:/bin", ...compileCacheEnv(program) },
      timeout: 60_000,
    });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  }

  function expectOneError(run: { status: number | null; stderr: string }, code: string, file: string) {
    expect(run.status, run.stderr).toBe(code === "usage" ? 2 : 1);
    expect(run.stderr.split("\n")[0]).toMatch(new RegExp(`^error\\[${code}\\]: `));
    expect(run.stderr.split("\n")[0]).toContain(file);
    expect(run.stderr).toMatch(/\nhint: /);
    expect(run.stderr).not.toMatch(/error\[internal\]|\n\s+at [\w.<>]+ \(/);
  }

  const recordArgs = (
    state: string,
    manifest = path.join(SHOP, "manifest.json"),
    results = path.join(SHOP, "run_results.json"),
  ) => [
    "record",
    "--manifest",
    manifest,
    "--run-results",
    results,
    "--sources",
    path.join(SHOP, "sources.json"),
    "--state",
    state,
  ];

  /** Another build of the shop (its own invocation, later), to commit on top of the recorded one. */
  function laterBuild(dir: string): { manifest: string; results: string } {
    const manifest = JSON.parse(readFileSync(path.join(SHOP, "manifest.json"), "utf8"));
    const results = JSON.parse(readFileSync(path.join(SHOP, "run_results.json"), "utf8"));
    manifest.metadata.invocation_id = results.metadata.invocation_id = "12345678-0000-4000-8000-00000000abcd";
    results.metadata.invocation_started_at = "2026-11-30T10:00:00Z";
    for (const result of results.results)
      for (const t of result.timing)
        Object.assign(t, { started_at: "2026-11-30T10:00:01Z", completed_at: "2026-11-30T10:00:02Z" });
    // A larger snapshot than the first: the commit needs room.
    for (const node of Object.values(manifest.nodes) as { compiled_code?: string }[])
      if (node.compiled_code) node.compiled_code += `\n-- ${"x".repeat(20_000)}`;
    writeFileSync(path.join(dir, "later-manifest.json"), JSON.stringify(manifest));
    writeFileSync(path.join(dir, "later-results.json"), JSON.stringify(results));
    return { manifest: path.join(dir, "later-manifest.json"), results: path.join(dir, "later-results.json") };
  }

  function headOf(state: string): string {
    const run = cli(["history", "--state", state, "--json"]);
    expect(run.status, run.stderr).toBe(0);
    return run.stdout;
  }

  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), "ods-adv-state-"));
    ({ dist } = copyDistToTemp());
    healthy = path.join(root, "healthy.db");
    const recorded = cli(recordArgs(healthy));
    if (recorded.status !== 0) throw new Error(recorded.stderr);
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(path.dirname(path.dirname(dist)), { recursive: true, force: true });
    tally.report();
  });

  /** A copy of the healthy database, damaged by `damage`. */
  function damagedCopy(name: string, damage: (bytes: Buffer) => Buffer): string {
    const file = path.join(root, `${name}.db`);
    writeFileSync(file, damage(readFileSync(healthy)));
    return file;
  }

  if (part === "fast")
    describe("a damaged, foreign or newer state database", () => {
      const cases: [string, () => string, string][] = [
        ["0 bytes", () => damagedCopy("empty", () => Buffer.alloc(0)), "state_corrupt"],
        [
          "cut in half",
          () => damagedCopy("half", (b) => b.subarray(0, Math.floor(b.length / 2))),
          "state_corrupt",
        ],
        ["cut inside its header", () => damagedCopy("header", (b) => b.subarray(0, 40)), "state_corrupt"],
        ["a JSON file", () => damagedCopy("json", () => Buffer.from('{"nodes": {}}')), "state_corrupt"],
        [
          "its pages overwritten",
          () =>
            damagedCopy("pages", (b) => {
              const out = Buffer.from(b);
              out.fill(0xa5, 4096, Math.min(out.length, 4096 * 6));
              return out;
            }),
          "state_corrupt",
        ],
        [
          "another SQLite database",
          () => {
            const file = path.join(root, "foreign.db");
            const db = new Database(file);
            db.exec("create table t (x); insert into t values (1);");
            db.close();
            return file;
          },
          "state_foreign",
        ],
        [
          "written by a newer ods-state",
          () => {
            const file = path.join(root, "newer.db");
            copyFileSync(healthy, file);
            const db = new Database(file);
            db.pragma("user_version = 999");
            db.close();
            return file;
          },
          "state_newer",
        ],
      ];

      it.each(cases)(
        "%s: plan and record refuse it, naming the file; it is left as it was",
        async (_what, make, code) => {
          await tally.check("damaged, foreign or newer state (CLI)", code, () => {
            const file = make();
            const before = readFileSync(file);
            expectOneError(
              cli(["plan", "--manifest", path.join(SHOP, "manifest.json"), "--state", file]),
              code,
              file,
            );
            expectOneError(cli(recordArgs(file)), code, file);
            expect(readFileSync(file).equals(before)).toBe(true);
          });
        },
      );

      it("a missing state database is no state: everything is built, and plan creates no file", async () => {
        await tally.check("damaged, foreign or newer state (CLI)", "no_state", () => {
          const file = path.join(root, "missing", "state.db");
          const run = cli([
            "plan",
            "--manifest",
            path.join(SHOP, "manifest.json"),
            "--state",
            file,
            "--format",
            "json",
          ]);
          expect(run.status, run.stderr).toBe(0);
          const plan = JSON.parse(run.stdout);
          expect(plan.summary.reuse).toBe(0);
          expect(plan.warnings.map((w: { code: string }) => w.code)).toContain("no_state");
        });
      });

      it.each([
        ["0 bytes", () => damagedCopy("action-empty", () => Buffer.alloc(0)), "state_corrupt"],
        ["a newer ods-state's", () => path.join(root, "newer.db"), "state_newer"],
      ] as const)(
        "the action's main step with a state file %s fails with one error naming it",
        async (_what, make, code) => {
          await tally.check("damaged or newer state (action)", code, async () => {
            const workspace = path.join(mkdtempSync(path.join(root, "step-")), "workspace");
            mkdirSync(path.join(workspace, "target"), { recursive: true });
            mkdirSync(path.join(workspace, ".ods"), { recursive: true });
            copyFileSync(path.join(SHOP, "manifest.json"), path.join(workspace, "target", "manifest.json"));
            copyFileSync(make(), path.join(workspace, ".ods", "state.db"));
            const run = await runStep([path.join(dist, "main", "index.js")], workspace, {
              env: { GITHUB_EVENT_NAME: "push", GITHUB_REF: "refs/heads/main" },
            });
            expect(run.status).toBe(1);
            const errors = run.stdout.split("\n").filter((line) => line.startsWith("::error::"));
            expect(errors).toHaveLength(1);
            expect(errors[0]).toContain(`error[${code}]`);
            expect(errors[0]).toContain(path.join(workspace, ".ods", "state.db"));
            expect(run.stdout).not.toContain("failed unexpectedly");
          });
        },
      );
    });

  if (part === "waits")
    describe("locked by another writer", () => {
      it("record waits, then says it is locked; the lock's holder commits, nothing is lost", {
        timeout: 60_000,
      }, async () => {
        await tally.check("locked state (CLI)", "state_locked", async () => {
          const file = path.join(root, "locked.db");
          copyFileSync(healthy, file);
          const head = headOf(file);
          // Another process holds the write lock for 14 s (past the 10 s busy timeout).
          const holder = spawn(
            NODE24,
            [
              "-e",
              `const D=require(${JSON.stringify(path.join(PROJECT_ROOT, "node_modules", "better-sqlite3"))});const d=new D(${JSON.stringify(file)});d.exec("begin immediate");process.stdout.write("locked\\n");setTimeout(()=>{d.exec("rollback");d.close();},14000);`,
            ],
            { stdio: ["ignore", "pipe", "inherit"] },
          );
          await new Promise<void>((resolve) => holder.stdout!.once("data", () => resolve()));
          const later = laterBuild(root);
          const started = Date.now();
          const run = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
            const child = spawn(
              NODE24,
              [path.join(dist, "cli", "index.js"), ...recordArgs(file, later.manifest, later.results)],
              {
                env: { PATH: "/usr/bin:/bin", ...compileCacheEnv([path.join(dist, "cli", "index.js")]) },
              },
            );
            let stderr = "";
            child.stderr.setEncoding("utf8").on("data", (c: string) => {
              stderr += c;
            });
            child.on("close", (status) => resolve({ status, stderr }));
          });
          expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
          expectOneError(run, "state_locked", file);
          if (holder.exitCode === null) await new Promise((resolve) => holder.once("exit", resolve));
          expect(headOf(file)).toBe(head);
          // Once the other writer is gone, the same record goes through.
          expect(cli(recordArgs(file, later.manifest, later.results)).status).toBe(0);
        });
      });
    });

  if (part === "fast")
    describe("the disk full while writing (a real ENOSPC on a small tmpfs)", () => {
      const mountPoint = path.join(os.tmpdir(), `ods-adv-tmpfs-${process.pid}`);
      let mounted = false;
      beforeAll(() => {
        mkdirSync(mountPoint, { recursive: true });
        const mount = spawnSync("mount", ["-t", "tmpfs", "-o", "size=512k", "tmpfs", mountPoint], {
          encoding: "utf8",
        });
        mounted = mount.status === 0;
        if (!mounted) {
          console.warn(
            `[skip] disk-full cases: can't mount a tmpfs here (${(mount.stderr || mount.error?.message || "").trim() || `exit ${mount.status}`}); they need root (mount -t tmpfs -o size=512k tmpfs DIR).`,
          );
        }
      });
      afterAll(() => {
        if (mounted) spawnSync("umount", [mountPoint]);
        rmSync(mountPoint, { recursive: true, force: true });
      });

      let head = "";
      /** The recorded state on the tmpfs, then a filler leaving `free` KiB. */
      function fullDisk(free: number): string {
        for (const name of ["state.db", "state.db-wal", "state.db-shm", "filler"])
          rmSync(path.join(mountPoint, name), { force: true });
        const file = path.join(mountPoint, "state.db");
        copyFileSync(healthy, file);
        head = headOf(file); // also creates the -wal and -shm files while there is room
        const stats = statfsSync(mountPoint);
        const avail = Math.floor((stats.bavail * stats.bsize) / 1024);
        writeFileSync(path.join(mountPoint, "filler"), Buffer.alloc(Math.max(0, avail - free) * 1024));
        return file;
      }

      it.each([
        ["no room for the commit", 40],
        ["no room at all", 0],
      ])(
        "%s: one error that says the disk is full, nothing committed or damaged; after freeing space it records",
        async (_what, free) => {
          if (!mounted) return;
          await tally.check("disk full (CLI, tmpfs)", "disk_full", () => {
            const file = fullDisk(free);
            const later = laterBuild(root);
            // The sources: dist/ is rebuilt with the fix that tells a full disk from damage.
            const run = cli(recordArgs(file, later.manifest, later.results), root, "src");
            expectOneError(run, "disk_full", file);
            expect(run.stderr).not.toContain("is damaged");
            rmSync(path.join(mountPoint, "filler"));
            expect(headOf(file)).toBe(head);
            expect(cli(["doctor", "--state", file]).status).toBe(0);
            expect(cli(recordArgs(file, later.manifest, later.results)).status).toBe(0);
          });
        },
      );
    });
}
