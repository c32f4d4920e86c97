/**
 * `ods-state env cleanup` and `env gc` with `--project` (no manifest) read
 * prod's state from `--state` and honour it: the relations it records are
 * kept for that reason, and a state file of another project or one that
 * isn't there is an error (issue 37, class 1). An option the subcommand
 * doesn't read is a usage error naming it, never ignored. Through the CLI,
 * on a real DuckDB file and a real PostgreSQL server, with the scenario of
 * a custom schema named the same in CI and prod (shared-schema.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import { cliIn } from "../support/cli-context.js";
import { ENGINES, prepared } from "../support/warehouse/engines.js";
import { duckdbSession, type Engine, type Session } from "../support/warehouse/sessions.js";
import {
  prodStateTruthful,
  prodTable,
  SHARED_MODEL,
  SHARED_SCHEMA,
  upToTheMerge,
} from "../support/warehouse/shared-schema.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "ods-cleanup-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cli = cliIn(dir, { repository: "acme/shop" });

let files = 0;
/** A state database holding `snapshot` as the latest of `project`/prod. */
async function stateFile(snapshot: StateSnapshot, project = "shop"): Promise<string> {
  files += 1;
  const file = path.join(dir, `state-${files}.db`);
  const store = await SqliteStateStore.open(file);
  await store.commit({ project, environment: "prod" }, null, { ...snapshot, project });
  await store.close();
  return file;
}

/** The session closed (the CLI opens the DuckDB file itself), `work` run, the session opened again. */
async function withCli(session: Session, work: () => Promise<void>): Promise<Session> {
  if (session.engine === "postgres") {
    await work();
    return session;
  }
  await session.close();
  await work();
  return duckdbSession(path.dirname(session.spec.slice("duckdb:".length)));
}

describe.each(ENGINES)("env cleanup and env gc read --state with --project (%s)", (engine: Engine) => {
  const merged = prepared(engine, (session) => upToTheMerge(session, session.warehouse));

  it("cleanup --project --state: prod's relations are kept because prod's state records them; a dry run says so", async () => {
    let { session, value } = await merged();
    try {
      const before = (await prodTable(session))!;
      const state = await stateFile(value.S1);
      const base = ["env", "cleanup", "--pr", "7", "--project", "shop", "--warehouse", session.spec];
      let dry = { code: -1, out: "", err: "" };
      session = await withCli(session, async () => {
        dry = await cli([...base, "--state", state, "--dry-run", "--format", "json"]);
      });
      expect(dry.err).toBe("");
      expect(dry.code).toBe(0);
      const report = JSON.parse(dry.out);
      expect(report.kept).toContainEqual({
        schema: `${SHARED_SCHEMA}.${SHARED_MODEL}`,
        reason: "prod's state records this relation",
      });
      expect(report.kept).toContainEqual({ schema: SHARED_SCHEMA, reason: "it holds prod relations" });
      expect(report.dropped.map((d: { object: string }) => d.object)).not.toContain(
        `${SHARED_SCHEMA}.${SHARED_MODEL}`,
      );

      let done = { code: -1, out: "", err: "" };
      session = await withCli(session, async () => {
        done = await cli([...base, "--state", state]);
      });
      expect(done.err).toBe("");
      expect(done.code).toBe(0);
      expect(done.out).toContain(
        `kept   ${SHARED_SCHEMA}.${SHARED_MODEL}: prod's state records this relation`,
      );
      expect(await session.warehouse.listSchemas()).not.toContain("analytics_pr_7");
      await prodStateTruthful(session, value.S1, before);
    } finally {
      await session.close();
    }
  });

  it("gc --project --state: the janitor keeps what prod's state records", async () => {
    let { session, value } = await merged();
    try {
      const before = (await prodTable(session))!;
      const state = await stateFile(value.S1);
      const base = ["env", "gc", "--project", "shop", "--state", state, "--format", "json"];
      let runs: { code: number; out: string; err: string }[] = [];
      session = await withCli(session, async () => {
        // PR 7 is not open any more: marked closed, then removed once the retention (0 days) passed.
        runs = [
          await cli([...base, "--open-prs", "1", "--warehouse", session.spec]),
          await cli([...base, "--retention-days", "0", "--warehouse", session.spec]),
        ];
      });
      for (const run of runs) expect(run).toMatchObject({ code: 0, err: "" });
      expect(JSON.parse(runs[0]!.out).marked_closed).toEqual(["acme/shop:shop:pr-7"]);
      const [removed] = JSON.parse(runs[1]!.out).environments;
      expect(removed.complete).toBe(true);
      expect(removed.kept).toContainEqual({
        schema: `${SHARED_SCHEMA}.${SHARED_MODEL}`,
        reason: "prod's state records this relation",
      });
      expect(await session.warehouse.listSchemas()).not.toContain("analytics_pr_7");
      await prodStateTruthful(session, value.S1, before);
    } finally {
      await session.close();
    }
  });

  it("a --state that isn't there, or of another dbt project, is an error naming it; nothing is dropped", async () => {
    let { session, value } = await merged();
    try {
      const before = await session.warehouse.listObjects(["analytics_pr_7", SHARED_SCHEMA]);
      const other = await stateFile(value.S1, "billing");
      const missing = path.join(dir, "no-such-state.db");
      const runs: Record<string, { code: number; out: string; err: string }> = {};
      session = await withCli(session, async () => {
        for (const sub of ["cleanup", "gc"]) {
          const base = ["env", sub, "--project", "shop", "--warehouse", session.spec];
          if (sub === "cleanup") base.push("--pr", "7");
          runs[`${sub} other`] = await cli([...base, "--state", other]);
          runs[`${sub} missing`] = await cli([...base, "--state", missing]);
        }
      });
      for (const sub of ["cleanup", "gc"]) {
        expect(runs[`${sub} other`]!.code).toBe(1);
        expect(runs[`${sub} other`]!.err).toContain("error[state_other_project]");
        expect(runs[`${sub} other`]!.err).toContain(
          "holds dbt project billing, but --project names dbt project shop",
        );
        expect(runs[`${sub} missing`]!.code).toBe(1);
        expect(runs[`${sub} missing`]!.err).toContain(
          `error[file_missing]: --state ${missing} does not exist`,
        );
      }
      expect(await session.warehouse.listObjects(["analytics_pr_7", SHARED_SCHEMA])).toEqual(before);
    } finally {
      await session.close();
    }
  });
});

describe("env cleanup and env gc refuse an option they don't read", () => {
  it.each([
    [["cleanup", "--pr", "7", "--open-prs", "3"], "--open-prs"],
    [["cleanup", "--pr", "7", "--retention-days", "0"], "--retention-days"],
    [["cleanup", "--pr", "7", "--sources", "sources.json"], "--sources"],
    [["cleanup", "--pr", "7", "--promoted-by", "run-1"], "--promoted-by"],
    [["gc", "--pr", "7"], "--pr"],
    [["gc", "--name", "feature-x"], "--name"],
    [["gc", "--resume"], "--resume"],
    [["gc", "--allow-non-atomic"], "--allow-non-atomic"],
  ])("env %j is a usage error naming %s", async (args, option) => {
    const run = await cli([
      "env",
      ...args,
      "--project",
      "shop",
      "--warehouse",
      `duckdb:${path.join(dir, "never.duckdb")}`,
    ]);
    expect(run.code).toBe(2);
    expect(run.err).toContain("error[usage]");
    expect(run.err).toContain(`doesn't read ${option}`);
    expect(run.out).toBe("");
  });

  it("--project-dir without --manifest is a usage error naming it", async () => {
    const run = await cli(["env", "gc", "--project", "shop", "--project-dir", dir]);
    expect(run.code).toBe(2);
    expect(run.err).toContain("--project-dir only with --manifest");
  });
});
