/**
 * The SQL parser in a process of its own (src/runtime/sql-analysis-process/),
 * as the action and the CLI load it: a real broker thread and a real child
 * process running the parser from the sources. Its answers are the
 * in-process parser's, statement for statement, on real models of every
 * dialect; an analysis past its time limit is stopped and the next one is
 * answered by a new server; a server that cannot start is a clear failure;
 * closing it leaves no process behind.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyzeSql } from "../../src/dbt/column-facts/sql-analysis.js";
import { loadAnalyzeSql } from "../../src/runtime/column-facts-analyzer.js";
import {
  type AnalysisProcessResult,
  startAnalysisProcess,
} from "../../src/runtime/sql-analysis-process/analysis-process.js";
import { sharedFixture } from "../support/shared-fixtures.js";

type Manifest = {
  metadata: { adapter_type: string };
  nodes: Record<string, { resource_type: string; language?: string; compiled_code?: string | null }>;
};

const DIALECT: Record<string, string> = {
  duckdb: "duckdb",
  postgres: "postgresql",
  snowflake: "snowflake",
  bigquery: "bigquery",
};

/** Every compiled SQL model of a fixture, as (dialect, sql). */
function modelsOf(fixture: string): { id: string; dialect: string; sql: string }[] {
  const manifest = JSON.parse(readFileSync(sharedFixture(fixture, "manifest.json"), "utf8")) as Manifest;
  const dialect = DIALECT[manifest.metadata.adapter_type] ?? manifest.metadata.adapter_type;
  return Object.entries(manifest.nodes)
    .filter(([, node]) => node.resource_type === "model" && node.language === "sql" && node.compiled_code)
    .map(([id, node]) => ({ id, dialect, sql: node.compiled_code ?? "" }));
}

/**
 * CTEs that each join the two before them: the SDK's analysis takes time
 * exponential in their number (24: about 4 s; 30: minutes).
 */
function exponentialSql(ctes: number): string {
  const parts = ["c0 as (select 1 as id, 1 as v)", "c1 as (select id, v from c0)"];
  for (let i = 2; i < ctes; i++)
    parts.push(`c${i} as (select a.id, a.v + b.v as v from c${i - 1} a join c${i - 2} b on a.id = b.id)`);
  return `with ${parts.join(",\n")}\nselect id, v from c${ctes - 1}`;
}

/** Pids of this process's children running the analysis server. */
function serverChildren(): number[] {
  const out = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(process.pid)], { encoding: "utf8" });
  return out
    .split("\n")
    .filter((line) => line.includes("analysis-server"))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

let inProcess: AnalyzeSql;
let started: AnalysisProcessResult;
beforeAll(async () => {
  const loaded = await loadAnalyzeSql();
  if (!loaded.ok) throw new Error(loaded.error);
  inProcess = loaded.analyze;
  started = await startAnalysisProcess();
  if (!started.ok) throw new Error(started.error);
}, 60_000);
afterAll(async () => {
  if (started?.ok) await started.close();
});

describe("answers", () => {
  it.each([
    "jaffle-shop-duckdb-1.12",
    "planetkart-snowflake-1.10",
    "jaffle-shop-bq-1.6-v10",
    "across-analytics-postgres-1.10-large",
  ])(
    "the process answers every model of %s as the parser in this process does",
    (fixture) => {
      if (!started.ok) throw new Error("not started");
      const models = modelsOf(fixture);
      expect(models.length).toBeGreaterThan(1);
      for (const model of models) {
        const there = started.analyze(model.sql, model.dialect);
        const here = inProcess(model.sql, model.dialect);
        expect({ id: model.id, result: there }).toEqual({ id: model.id, result: here });
      }
      // Some of them are read, not only refused.
      expect(
        models.filter((model) => started.ok && started.analyze(model.sql, model.dialect).ok).length,
      ).toBeGreaterThan(0);
    },
    60_000,
  );
});

describe("time limit", () => {
  it("stops an analysis past its limit, and the next statement is answered by a new server", async () => {
    const limited = await startAnalysisProcess({ timeLimitMs: 400 });
    if (!limited.ok) throw new Error(limited.error);
    try {
      const before = serverChildren();
      expect(before).toHaveLength(2); // the shared one and this one
      const began = performance.now();
      const stopped = limited.analyze(exponentialSql(30), "duckdb");
      const took = performance.now() - began;
      expect(stopped).toEqual({ ok: false, error: "the analysis ran past 0.4 s and was stopped" });
      expect(took).toBeGreaterThanOrEqual(400);
      expect(took).toBeLessThan(5_000);
      // A new server answers the next statement: its load does not count against the limit.
      const next = limited.analyze("select id from db.s.t", "duckdb");
      expect(next.ok).toBe(true);
      if (next.ok) expect(next.analysis.branches[0]?.projections.map((p) => p.name)).toEqual(["id"]);
      // The stopped server is gone.
      const after = serverChildren();
      expect(after).toHaveLength(2);
      expect(after.filter((pid) => !before.includes(pid))).toHaveLength(1);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it("after two analyses in a row run past the limit, refuses at once", async () => {
    const limited = await startAnalysisProcess({ timeLimitMs: 200 });
    if (!limited.ok) throw new Error(limited.error);
    try {
      limited.analyze(exponentialSql(30), "duckdb");
      limited.analyze(exponentialSql(30), "duckdb");
      const began = performance.now();
      const refused = limited.analyze("select 1 as x", "duckdb");
      expect(performance.now() - began).toBeLessThan(50);
      expect(refused).toEqual({
        ok: false,
        error: "the SQL parser's process stopped answering (2 analyses ran past 0.2 s)",
      });
    } finally {
      await limited.close();
    }
  }, 60_000);
});

describe("start and close", () => {
  it("a server that cannot start is a failure that says why", async () => {
    const failed = await startAnalysisProcess({
      files: { server: "/nonexistent/analysis-server.js" },
    });
    expect(failed.ok).toBe(false);
    if (!failed.ok) {
      expect(failed.error).toMatch(
        /^the SQL parser's process exited with code 1: .*Cannot find module '\/nonexistent\/analysis-server\.js'/,
      );
    }
    expect(serverChildren()).toHaveLength(1);
  }, 30_000);

  it("closing it stops its server", async () => {
    const other = await startAnalysisProcess();
    if (!other.ok) throw new Error(other.error);
    expect(serverChildren()).toHaveLength(2);
    await other.close();
    for (let tries = 0; serverChildren().length > 1 && tries < 50; tries++)
      await new Promise((r) => setTimeout(r, 50));
    expect(serverChildren()).toHaveLength(1);
  }, 30_000);
});
