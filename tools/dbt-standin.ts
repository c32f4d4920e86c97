/**
 * A stand-in for `dbt build` on a real warehouse, for the demo
 * (scripts/demo.mjs) and the tests (test/support/warehouse/): dbt itself
 * can't run here, so this executes a manifest's compiled SQL in DAG order and
 * writes the run_results.json a real dbt run would. One module, plain
 * TypeScript with erasable types only, so that Node 24 runs it directly (the
 * demo) and vitest and tsc read it (the tests). It imports nothing of src/.
 *
 * Materializations as dbt-duckdb and dbt-postgres do them: a view or table is
 * created under `<name>__dbt_tmp`, the old relation renamed to
 * `<name>__dbt_backup`, the new one renamed in, the backup dropped with
 * CASCADE (which, on PostgreSQL, drops the views that read it: pointer views
 * of other environments included). Incremental: created on a first build,
 * else delete+insert on the unique key. Seeds: from their CSV. Data tests:
 * the number of failing rows. Unit tests pass. The shop project's one hook
 * is rendered for the target.
 *
 * The shop fixture (fixtures/shop): its raw data loaded as dbt's sources
 * (loadShopRaw), its seeds' column types (shopSeedColumns), and its
 * sources.json with the observation time moved (sourcesObservedAt).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DuckDBInstance } from "@duckdb/node-api";

// biome-ignore lint/suspicious/noExplicitAny: manifest JSON
type Json = any;

/** What the stand-in needs of a warehouse connection: run SQL, read rows. */
export interface SqlSession {
  exec(sql: string, params?: unknown[]): Promise<void>;
  rows(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
}

export interface ColumnType {
  name: string;
  type: string;
}

export interface DbtRunOptions {
  manifest: Json;
  /** dbt's target name (the shop's hook renders per target). */
  target: string;
  /** Unique ids of the models/seeds to build (dbt's selection resolved); default all. Tests on them run too. */
  select?: ReadonlySet<string>;
  invocationId: string;
  /** ISO 8601: when the run starts; each node takes one second. */
  startedAt: string;
  /** Nodes to fail (status error; their children are skipped). */
  fail?: ReadonlySet<string>;
  /** Folder of the seeds' CSV files. */
  seedsDir: string;
  /** Column types of seeds by unique id (catalog.json). */
  seedColumns: Record<string, ColumnType[]>;
}

/** The shop fixture's folder. */
export const SHOP_DIR: string = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "fixtures",
  "shop",
);

export function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function relationOf(node: Json, identifier = node.alias ?? node.name): string {
  return `${quote(node.database)}.${quote(node.schema)}.${quote(identifier)}`;
}

/** Parses a simple CSV (no quoted fields: the fixtures have none). */
export function readCsv(file: string): { header: string[]; rows: string[][] } {
  const lines = readFileSync(file, "utf8")
    .split(/\r?\n/)
    .filter((line) => line !== "");
  const [head, ...rest] = lines;
  return { header: head!.split(","), rows: rest.map((line) => line.split(",")) };
}

/** Creates `schema.table` with these column types and loads the CSV into it. */
export async function loadCsvTable(
  session: SqlSession,
  qualified: string,
  columns: ColumnType[],
  file: string,
): Promise<void> {
  const { header, rows } = readCsv(file);
  const types = new Map(columns.map((c) => [c.name, c.type]));
  await session.exec(
    `create table ${qualified} (${header.map((h) => `${quote(h)} ${types.get(h) ?? "VARCHAR"}`).join(", ")})`,
  );
  const placeholders = header.map((h, i) => `$${i + 1}::${types.get(h) ?? "VARCHAR"}`).join(", ");
  for (const row of rows) {
    await session.exec(
      `insert into ${qualified} values (${placeholders})`,
      row.map((v) => (v === "" ? null : v)),
    );
  }
}

async function kindOf(
  session: SqlSession,
  schema: string,
  identifier: string,
): Promise<"table" | "view" | null> {
  const rows = await session.rows(
    "select table_type from information_schema.tables where table_schema = $1 and table_name = $2",
    [schema, identifier],
  );
  if (rows.length === 0) return null;
  return String(rows[0]!.table_type).toUpperCase().includes("VIEW") ? "view" : "table";
}

function renderHook(sql: string, target: string): string {
  const match = /^\{% if target\.name == '([a-z]+)' %\}(.*)\{% endif %\}$/.exec(sql);
  if (!match) return sql;
  return match[1] === target ? match[2]! : "";
}

async function materialize(session: SqlSession, node: Json, options: DbtRunOptions): Promise<void> {
  const materialized = node.config?.materialized ?? (node.resource_type === "seed" ? "seed" : "view");
  const alias = node.alias ?? node.name;
  await session.exec(`create schema if not exists ${quote(node.schema)}`);
  const existing = await kindOf(session, node.schema, alias);
  const target = relationOf(node);
  if (node.resource_type === "seed") {
    if (existing) await session.exec(`drop table ${target} cascade`);
    const file = path.join(options.seedsDir, `${node.name}.csv`);
    await loadCsvTable(session, target, options.seedColumns[node.unique_id] ?? [], file);
    return;
  }
  const sql = node.compiled_code as string;
  if (materialized === "incremental" && existing === "table") {
    const key = node.config.unique_key as string;
    await session.exec(
      `delete from ${target} where ${quote(key)} in (select ${quote(key)} from (${sql}) dbt_new)`,
    );
    await session.exec(`insert into ${target} select * from (${sql}) dbt_new`);
    return;
  }
  const kind = materialized === "view" ? "view" : "table";
  const tmp = relationOf(node, `${alias}__dbt_tmp`);
  const backup = relationOf(node, `${alias}__dbt_backup`);
  const backupName = quote(`${alias}__dbt_backup`);
  await session.exec(`drop ${kind} if exists ${tmp} cascade`);
  await session.exec(`create ${kind} ${tmp} as (\n${sql}\n)`);
  if (existing) {
    await session.exec(`alter ${existing === "view" ? "view" : "table"} ${target} rename to ${backupName}`);
  }
  await session.exec(`alter ${kind} ${tmp} rename to ${quote(alias)}`);
  if (existing) await session.exec(`drop ${existing === "view" ? "view" : "table"} ${backup} cascade`);
}

/** Builds the manifest's selected nodes and runs their tests; returns run_results.json (as JSON). */
export async function runDbt(session: SqlSession, options: DbtRunOptions): Promise<Json> {
  const manifest = options.manifest;
  const all = Object.values<Json>(manifest.nodes).filter((node) =>
    ["model", "seed", "snapshot", "test"].includes(node.resource_type),
  );
  const units = Object.values<Json>(manifest.unit_tests ?? {});
  const buildable = (node: Json) => node.resource_type !== "test";
  const selected = (node: Json) =>
    node.config?.materialized !== "ephemeral" && (options.select ? options.select.has(node.unique_id) : true);
  const ids = new Set(all.map((node) => node.unique_id));
  const done = new Set<string>();
  const failed = new Set<string>();
  const results: Json[] = [];
  let clock = Date.parse(options.startedAt);
  const tick = () => {
    const start = new Date(clock).toISOString();
    clock += 1000;
    return { start, end: new Date(clock - 10).toISOString() };
  };
  const push = (node: Json, status: string, extra: Json = {}) => {
    const t = tick();
    results.push({
      status,
      timing: [
        { name: "compile", started_at: t.start, completed_at: t.start },
        { name: "execute", started_at: t.start, completed_at: t.end },
      ],
      thread_id: "Thread-1 (worker)",
      execution_time: 0.99,
      adapter_response: {},
      message: extra.message ?? null,
      failures: extra.failures ?? null,
      unique_id: node.unique_id,
      compiled: true,
      compiled_code: node.compiled_code ?? null,
      relation_name: buildable(node) ? (node.relation_name ?? null) : null,
      batch_results: null,
    });
  };

  // Seeds first, as `dbt seed && dbt build` does (a project's sources may be its seeds).
  const pending = [
    ...all.filter((n) => n.resource_type === "seed"),
    ...all.filter((n) => n.resource_type !== "seed"),
  ];
  while (pending.length > 0) {
    const index = pending.findIndex((node) =>
      (node.depends_on?.nodes ?? []).every((dep: string) => !ids.has(dep) || done.has(dep)),
    );
    if (index < 0) throw new Error("cycle in the manifest");
    const [node] = pending.splice(index, 1) as [Json];
    done.add(node.unique_id);
    const parents: string[] = (node.depends_on?.nodes ?? []).filter((dep: string) => ids.has(dep));
    if (node.resource_type === "test") {
      const runs = options.select ? parents.some((p) => options.select!.has(p)) : true;
      if (!runs || !node.compiled_code) continue;
      if (parents.some((p) => failed.has(p))) {
        push(node, "skipped");
        continue;
      }
      const rows = await session.rows(
        `select count(*) as failures from (\n${node.compiled_code}\n) dbt_internal_test`,
      );
      const failures = Number(rows[0]!.failures);
      push(node, failures === 0 ? "pass" : "fail", { failures });
      continue;
    }
    if (node.config?.materialized === "ephemeral") continue;
    if (!selected(node)) continue;
    if (parents.some((p) => failed.has(p))) {
      failed.add(node.unique_id);
      push(node, "skipped");
      continue;
    }
    if (options.fail?.has(node.unique_id)) {
      failed.add(node.unique_id);
      push(node, "error", { message: "injected failure" });
      continue;
    }
    for (const hook of node.config?.["pre-hook"] ?? []) {
      const rendered = renderHook(hook.sql, options.target);
      if (rendered) await session.exec(rendered);
    }
    await materialize(session, node, options);
    for (const hook of node.config?.["post-hook"] ?? []) {
      const rendered = renderHook(hook.sql, options.target);
      if (rendered) await session.exec(rendered);
    }
    push(node, "success", { message: "OK" });
  }
  for (const unit of units) {
    const model = unit.depends_on?.nodes?.find((dep: string) => dep.startsWith("model."));
    if (options.select && !(model && options.select.has(model))) continue;
    push(unit, "pass", { failures: 0 });
  }
  const elapsed = (clock - Date.parse(options.startedAt)) / 1000;
  return {
    metadata: {
      dbt_schema_version: "https://schemas.getdbt.com/dbt/run-results/v6.json",
      dbt_version: manifest.metadata.dbt_version,
      generated_at: new Date(clock).toISOString(),
      invocation_id: options.invocationId,
      invocation_started_at: options.startedAt,
      env: {},
    },
    results,
    elapsed_time: elapsed,
    args: {
      which: "build",
      target: options.target,
      invocation_command: "dbt build",
      empty: false,
      full_refresh: false,
    },
  };
}

/**
 * How a DuckDB file is opened. `threads`: DuckDB's worker threads (default:
 * one per core). `checkpointOnClose: false`: closing leaves the changes in
 * the write-ahead log (`<file>.wal`, replayed by the next open) instead of
 * writing them into the file; a copy of the file alone then misses them.
 */
export interface DuckDbFileOptions {
  readonly threads?: number;
  readonly checkpointOnClose?: boolean;
}

/** A JSON file of the shop fixture, parsed. */
export function readShopJson(relative: string, shopDir: string = SHOP_DIR): Json {
  return JSON.parse(readFileSync(path.join(shopDir, relative), "utf8"));
}

/** The seeds' column types by unique id, from the shop's prod/catalog.json. */
export function shopSeedColumns(shopDir: string = SHOP_DIR): Record<string, ColumnType[]> {
  const catalog = readShopJson("prod/catalog.json", shopDir);
  return Object.fromEntries(
    Object.entries<Json>(catalog.nodes)
      .filter(([id]) => id.startsWith("seed."))
      .map(([id, entry]) => [
        id,
        Object.values<Json>(entry.columns).map((c) => ({ name: c.name, type: c.type })),
      ]),
  );
}

/** The raw tables as dbt's sources read them: "raw".customers, orders, payments (types from the catalog). */
export async function loadShopRaw(session: SqlSession, shopDir: string = SHOP_DIR): Promise<void> {
  const catalog = readShopJson("prod/catalog.json", shopDir);
  await session.exec(`create schema if not exists ${quote("raw")}`);
  for (const source of Object.values<Json>(catalog.sources)) {
    const columns = Object.values<Json>(source.columns).map((c) => ({ name: c.name, type: c.type }));
    await loadCsvTable(
      session,
      `${quote("raw")}.${quote(source.metadata.name)}`,
      columns,
      path.join(shopDir, "raw", `${source.metadata.name}.csv`),
    );
  }
}

/** A sources.json document of the fixture with its observation times moved to `at` (the data versions stay). */
export function sourcesObservedAt(relative: string, at: string, shopDir: string = SHOP_DIR): Json {
  const doc = readShopJson(relative, shopDir);
  doc.metadata.generated_at = at;
  doc.metadata.invocation_started_at = at;
  for (const result of doc.results) {
    result.snapshotted_at = at;
    for (const timing of result.timing ?? []) {
      timing.started_at = at;
      timing.completed_at = at;
    }
  }
  return doc;
}

/**
 * The words bash reads from a `select` or `exclude` output (terms separated
 * by spaces, bare or single-quoted, `'\''` for a quote), as a workflow's
 * `run:` line hands them to dbt.
 */
export function selectorWords(text: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === " ") {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      word = (word ?? "") + text.slice(i + 1, end < 0 ? text.length : end);
      i = end < 0 ? text.length : end;
    } else if (c === "\\" && i + 1 < text.length) {
      word = (word ?? "") + text[++i];
    } else word = (word ?? "") + c;
  }
  if (word !== null) words.push(word);
  return words;
}

/** A DuckDB database file opened for the stand-in; `connection` for callers that need DuckDB's own API. */
export async function openDuckDbFile(
  file: string,
  options: DuckDbFileOptions = {},
): Promise<
  SqlSession & {
    connection: Awaited<ReturnType<DuckDBInstance["connect"]>>;
    close(): Promise<void>;
  }
> {
  const instance = await DuckDBInstance.create(
    file,
    options.threads === undefined ? undefined : { threads: String(options.threads) },
  );
  const connection = await instance.connect();
  if (options.checkpointOnClose === false) await connection.run("PRAGMA disable_checkpoint_on_shutdown");
  const run = async (sql: string, params?: unknown[]) =>
    connection.runAndReadAll(sql, params && params.length > 0 ? (params as never) : undefined);
  return {
    connection,
    exec: async (sql, params) => {
      await run(sql, params);
    },
    rows: async (sql, params) => (await run(sql, params)).getRowObjectsJson() as Record<string, unknown>[],
    close: async () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
}
