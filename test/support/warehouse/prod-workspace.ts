/**
 * A job's workspace over a DuckDB warehouse holding prod: the shop's prod
 * built by dbt into `<warehouseDir>/shop.duckdb`, its state committed to
 * `<workspace>/.ods/state.db` (shop/prod), and the pull request's manifest
 * written to `<workspace>/target/manifest.json`, as a pull request's job
 * finds them before its main step.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SqliteStateStore } from "../../../src/store/sqlite-store.js";
import { prodBuilt, type Shop } from "./scenario.js";
import { duckdbSession } from "./sessions.js";

export async function prodWorkspace(s: Shop, warehouseDir: string, workspace: string): Promise<void> {
  const target = path.join(workspace, "target");
  mkdirSync(warehouseDir, { recursive: true });
  mkdirSync(target, { recursive: true });
  const session = await duckdbSession(warehouseDir);
  const prod = await prodBuilt(session, s);
  await session.close();
  const store = await SqliteStateStore.open(path.join(workspace, ".ods", "state.db"));
  await store.commit({ project: "shop", environment: "prod" }, null, prod);
  await store.close();
  writeFileSync(path.join(target, "manifest.json"), JSON.stringify(s.prManifest));
}
