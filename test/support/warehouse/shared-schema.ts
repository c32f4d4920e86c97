/**
 * A pull request that adds a model in a new custom schema whose name is the
 * same in CI and in prod (issue 37, class 1): a `generate_schema_name` that
 * keeps custom schemas as written, as many projects do. The shop's PR 7 and
 * main (after the merge) each get `model.shop.country_regions`, a table in
 * schema `marts` (relation `shop.marts.country_regions` on both targets),
 * reading `customers` from the target's own schema. Everything else is the
 * shop as the fixture has it. `upToTheMerge` runs the scenario up to the
 * pull request's close: prod, the environment, main's build after the merge.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { LoadedProject } from "../../../src/dbt/load-project.js";
import {
  closeEnvironment,
  createEnvironment,
  environmentContext,
  recordEnvironmentBuilds,
} from "../../../src/environment/index.js";
import type { StateSnapshot } from "../../../src/state/snapshot.js";
import { SqliteStateStore } from "../../../src/store/sqlite-store.js";
import type { Warehouse } from "../../../src/warehouse/warehouse.js";
import { MAIN_SOURCES, PR_SOURCES, PR7 } from "./scenario.js";
import { duckdbSession, type Session } from "./sessions.js";
import {
  build,
  buildSet,
  ENV_SCOPE,
  loadShopRaw,
  planOver,
  projectOf,
  recordProd,
  shopJson,
  sourcesOf,
} from "./shop.js";

// biome-ignore lint/suspicious/noExplicitAny: manifest JSON
type Json = any;

export const SHARED_SCHEMA = "marts";
export const SHARED_MODEL = "country_regions";
export const SHARED_ID = `model.shop.${SHARED_MODEL}`;

/** The manifest with country_regions in `marts`, reading customers from `customersSchema`. */
export function withSharedSchemaModel(manifest: Json, customersSchema: string): Json {
  const copy = structuredClone(manifest);
  const base = copy.nodes["model.shop.customer_countries"];
  const node = structuredClone(base);
  node.name = SHARED_MODEL;
  node.alias = SHARED_MODEL;
  node.unique_id = SHARED_ID;
  node.schema = SHARED_SCHEMA;
  node.fqn = ["shop", "marts", SHARED_MODEL];
  node.path = `marts/${SHARED_MODEL}.sql`;
  node.original_file_path = `models/marts/${SHARED_MODEL}.sql`;
  node.compiled_path = `target/compiled/shop/models/marts/${SHARED_MODEL}.sql`;
  node.relation_name = `"shop"."${SHARED_SCHEMA}"."${SHARED_MODEL}"`;
  node.description = "Regions and their customers, in a custom schema named the same in CI and prod.";
  node.config = { ...node.config, schema: SHARED_SCHEMA, "post-hook": [] };
  node.unrendered_config = { materialized: "table", schema: SHARED_SCHEMA };
  node.columns = {};
  node.checksum = {
    name: "sha256",
    checksum: "6a0e1b8d8f7e2c4d9a3b5c7e9f1a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f40",
  };
  node.raw_code =
    "{{ config(schema='marts') }}\n\nselect\n    region,\n    count(*) as customers\nfrom {{ ref('customers') }}\ngroup by region";
  node.compiled_code = `\n\nselect\n    region,\n    count(*) as customers\nfrom "shop"."${customersSchema}"."customers"\ngroup by region`;
  copy.nodes[SHARED_ID] = node;
  copy.parent_map[SHARED_ID] = ["model.shop.customers"];
  copy.child_map[SHARED_ID] = [];
  copy.child_map["model.shop.customers"] = [...copy.child_map["model.shop.customers"], SHARED_ID];
  return copy;
}

export interface SharedSchemaShop {
  prodManifest: Json;
  prManifest: Json;
  mainManifest: Json;
  prodProject: LoadedProject;
  prProject: LoadedProject;
  mainProject: LoadedProject;
}

/** Prod as the fixture has it; PR 7 and main with country_regions in `marts`. */
export function sharedSchemaShop(): SharedSchemaShop {
  const prodManifest = shopJson("prod/manifest.json");
  const prManifest = withSharedSchemaModel(shopJson("pr-7/manifest.json"), "analytics_pr_7");
  const mainManifest = withSharedSchemaModel(shopJson("prod-after-merge/manifest.json"), "analytics");
  return {
    prodManifest,
    prManifest,
    mainManifest,
    prodProject: projectOf(prodManifest, "prod/manifest.json"),
    prProject: projectOf(prManifest, "pr-7/manifest.json"),
    mainProject: projectOf(mainManifest, "prod-after-merge/manifest.json"),
  };
}

const PR_NOW = "2026-11-30T10:15:00.000Z";

export interface Merged {
  /** Prod's state before the merge (what a cache restored before main's save holds). */
  S0: StateSnapshot;
  /** Prod's state after main's run: it records marts.country_regions. */
  S1: StateSnapshot;
}

/**
 * Prod built and recorded; PR 7's environment created over it (it creates `marts`), built by dbt with the
 * CI target and recorded; merged; main's dbt builds its plan (country_regions in `marts`, over the
 * environment's table) and main's run is recorded.
 */
export async function upToTheMerge(session: Session, warehouse: Warehouse): Promise<Merged> {
  return mainBuilt(session, await builtUpToTheMerge(session, warehouse));
}

async function builtUpToTheMerge(session: Session, warehouse: Warehouse): Promise<StateSnapshot> {
  const s = sharedSchemaShop();
  await loadShopRaw(session);
  const prodRun = await build(session, {
    manifest: s.prodManifest,
    target: "prod",
    invocationId: s.prodManifest.metadata.invocation_id,
    startedAt: "2026-11-30T08:05:02.000Z",
  });
  const S0 = recordProd(s.prodProject, prodRun, null, sourcesOf("prod/sources.json"), "2026-11-30T08:06:00Z");
  const ctx = (await environmentContext(warehouse, { scope: ENV_SCOPE, now: PR_NOW }))!;
  const prPlan = planOver(s.prProject, S0, { sources: PR_SOURCES, now: PR_NOW, pointers: true });
  expect(prPlan.entries.find((e) => e.unique_id === SHARED_ID)?.action).toBe("BUILD");
  const made = await createEnvironment(ctx, {
    name: PR7,
    project: "shop",
    prNumber: 7,
    headSha: null,
    plan: prPlan,
    prod: S0,
  });
  expect(made.actions).toContainEqual({ action: "create_schema", object: SHARED_SCHEMA });
  const prRun = await build(session, {
    manifest: s.prManifest,
    target: "ci",
    select: buildSet(prPlan),
    invocationId: "pr7-run-1",
    startedAt: "2026-11-30T10:16:41.000Z",
  });
  await recordEnvironmentBuilds(ctx, {
    name: PR7,
    project: s.prProject,
    runResults: prRun,
    sources: PR_SOURCES,
  });
  expect(await ctx.registry.objects(PR7)).toContainEqual(
    expect.objectContaining({ schema: SHARED_SCHEMA, identifier: SHARED_MODEL, role: "build" }),
  );

  return S0;
}

/** upToTheMerge without main's build: prod, PR 7's environment built and recorded; prod's state before the merge. */
export async function prBuiltInSharedSchema(session: Session, warehouse: Warehouse): Promise<StateSnapshot> {
  return builtUpToTheMerge(session, warehouse);
}

async function mainBuilt(session: Session, S0: StateSnapshot): Promise<Merged> {
  const s = sharedSchemaShop();
  // The merge: main's dbt builds what main's plan says (no promotion), into prod's relations.
  const mainPlan = planOver(s.mainProject, S0, { sources: MAIN_SOURCES, now: "2026-11-30T12:01:00.000Z" });
  expect(mainPlan.entries.find((e) => e.unique_id === SHARED_ID)?.action).toBe("BUILD");
  const mainRun = await build(session, {
    manifest: s.mainManifest,
    target: "prod",
    select: buildSet(mainPlan),
    invocationId: s.mainManifest.metadata.invocation_id,
    startedAt: "2026-11-30T12:02:00.000Z",
  });
  const S1 = recordProd(s.mainProject, mainRun, S0, MAIN_SOURCES, "2026-11-30T12:05:00Z");
  expect(S1.nodes[SHARED_ID]?.relation).toMatchObject({ schema: SHARED_SCHEMA, identifier: SHARED_MODEL });
  return { S0, S1 };
}

/** What a reader of prod's country_regions sees (`kind:rows`), or null when nothing is there. */
export async function prodTable(session: Session): Promise<string | null> {
  const found = (await session.warehouse.listObjects([SHARED_SCHEMA])).find(
    (o) => o.identifier === SHARED_MODEL,
  );
  if (!found) return null;
  return `${found.kind}:${JSON.stringify(
    await session.rows(`select * from "${SHARED_SCHEMA}"."${SHARED_MODEL}" order by 1`),
  )}`;
}

/** Prod's state is truthful: main's next plan reuses country_regions, and the table it reuses is `expected`. */
export async function prodStateTruthful(
  session: Session,
  S1: StateSnapshot,
  expected: string,
): Promise<void> {
  const s = sharedSchemaShop();
  const next = planOver(s.mainProject, S1, { sources: MAIN_SOURCES, now: "2026-12-04T01:00:00.000Z" });
  expect(next.entries.find((e) => e.unique_id === SHARED_ID)?.action).toBe("REUSE");
  expect(await prodTable(session)).toBe(expected);
}

/**
 * The scenario up to the merge on a DuckDB file in `warehouseDir`, the pull
 * request merged long ago (past any retention), and a registry row claiming
 * prod's table with the identity it has now: the worst a row can say (written
 * wrongly, by hand or by an older ods-state), so only prod's state tells the
 * table is prod's. Prod's state S1 is committed in `workspace`'s
 * `.ods/state.db`, as a job restores it. `before`: prod's table as it is.
 */
export async function mergedLongAgoClaimingProd(
  warehouseDir: string,
  workspace: string,
): Promise<{ S1: StateSnapshot; before: string }> {
  mkdirSync(warehouseDir, { recursive: true });
  const session = await duckdbSession(warehouseDir);
  let S1: StateSnapshot;
  let before: string;
  try {
    S1 = (await upToTheMerge(session, session.warehouse)).S1;
    before = (await prodTable(session))!;
    const ctx = (await environmentContext(session.warehouse, {
      scope: ENV_SCOPE,
      now: "2020-01-01T00:00:00.000Z",
    }))!;
    await closeEnvironment(ctx, { name: PR7, merged: true });
    const row = (await ctx.registry.objects(PR7)).find((o) => o.identifier === SHARED_MODEL)!;
    const identity = await session.warehouse.relationIdentity({ ...row, kind: "table" });
    await ctx.registry.putObject({ ...row, identity });
  } finally {
    await session.close();
  }
  mkdirSync(path.join(workspace, ".ods"), { recursive: true });
  const store = await SqliteStateStore.open(path.join(workspace, ".ods", "state.db"));
  try {
    await store.commit({ project: "shop", environment: "prod" }, null, S1);
  } finally {
    await store.close();
  }
  return { S1, before };
}
