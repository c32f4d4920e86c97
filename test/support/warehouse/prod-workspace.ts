/**
 * A job's workspace over a warehouse holding prod: the shop's prod built by
 * dbt (DuckDB: into `<warehouseDir>/shop.duckdb`; PostgreSQL: into a fresh
 * database `shop` on the worker's server), its state committed to
 * `<workspace>/.ods/state.db` (shop/prod), and, as a pull request's job
 * finds them before its main step, the pull request's manifest written to
 * `<workspace>/target/manifest.json` (unless `manifest: false`) and, with
 * `sources`, the source freshness dbt observed after the merge
 * (`target/sources.json`).
 */
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SqliteStateStore } from "../../../src/store/sqlite-store.js";
import { freshSession, postgresServer } from "./engines.js";
import { prodBuilt, type Shop } from "./scenario.js";
import { duckdbSession, type Engine, postgresSession, type Session } from "./sessions.js";
import { SHOP } from "./shop.js";

export interface ProdWorkspaceOptions {
  /** DuckDB unless given. */
  engine?: Engine;
  /** The state's value key (issue 36); a state without one gets a random one at its first record. */
  valueKey?: string;
  /** Write the pull request's manifest to target/ (default true). */
  manifest?: boolean;
  /** Copy fixtures/shop/prod-after-merge/sources.json to target/. */
  sources?: boolean;
}

export interface ProdWorkspace {
  /** The warehouse as the `warehouse` input names it. */
  warehouse: string;
  /** A new session on it (DuckDB: close it before a step opens the file). */
  open(): Promise<Session>;
  /** The id of prod's snapshot in the state. */
  prodHead: string;
}

export async function prodWorkspace(
  s: Shop,
  warehouseDir: string,
  workspace: string,
  options: ProdWorkspaceOptions = {},
): Promise<ProdWorkspace> {
  const engine = options.engine ?? "duckdb";
  const target = path.join(workspace, "target");
  mkdirSync(warehouseDir, { recursive: true });
  mkdirSync(target, { recursive: true });
  const session = engine === "duckdb" ? await duckdbSession(warehouseDir) : await freshSession(engine);
  const warehouse =
    engine === "duckdb"
      ? `duckdb:${path.join(warehouseDir, "shop.duckdb")}`
      : (await postgresServer()).urlFor("shop");
  const built = await prodBuilt(session, s);
  await session.close();
  const prod = options.valueKey === undefined ? built : { ...built, value_key: options.valueKey };
  const store = await SqliteStateStore.open(path.join(workspace, ".ods", "state.db"));
  const { id: prodHead } = await store.commit({ project: "shop", environment: "prod" }, null, prod);
  await store.close();
  if (options.manifest !== false)
    writeFileSync(path.join(target, "manifest.json"), JSON.stringify(s.prManifest));
  if (options.sources)
    copyFileSync(path.join(SHOP, "prod-after-merge", "sources.json"), path.join(target, "sources.json"));
  return {
    warehouse,
    prodHead,
    open: () => (engine === "duckdb" ? duckdbSession(warehouseDir) : postgresSession(warehouse)),
  };
}
