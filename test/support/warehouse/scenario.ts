/**
 * The shop up to a merge, on a real warehouse: prod built and recorded, PR 7's
 * environment created and built, its builds recorded, main's plan after the
 * merge. With `customersChange`, PR 7 also changes the code of `customers`
 * (a table with checks), so that two tables are promotable: orders and
 * customers.
 */
import type { LoadedProject } from "../../../src/dbt/load-project.js";
import {
  createEnvironment,
  environmentContext,
  environmentName,
  recordEnvironmentBuilds,
} from "../../../src/environment/index.js";
import type { Plan } from "../../../src/state/plan.js";
import type { StateSnapshot } from "../../../src/state/snapshot.js";
import type { Warehouse } from "../../../src/warehouse/warehouse.js";
import type { Session } from "./sessions.js";
import {
  build,
  buildSet,
  ENV_SCOPE,
  loadShopRaw,
  planOver,
  projectOf,
  recordProd,
  shopJson,
  sourcesAt,
  sourcesOf,
} from "./shop.js";

/** The registry name of PR 7's environment in the shop's scope (acme/shop:shop:pr-7). */
export const PR7 = environmentName(ENV_SCOPE, 7);

// biome-ignore lint/suspicious/noExplicitAny: manifest JSON
type Json = any;

export const PR_SOURCES = sourcesAt("prod-after-merge/sources.json", "2026-11-30T10:10:00Z");
export const MAIN_SOURCES = sourcesOf("prod-after-merge/sources.json");

function changeCustomers(manifest: Json): Json {
  const node = manifest.nodes["model.shop.customers"];
  for (const key of ["compiled_code", "raw_code"]) {
    node[key] = node[key].replace("countries.region\n", "countries.region as region\n");
  }
  return manifest;
}

export interface Shop {
  prodManifest: Json;
  prManifest: Json;
  mainManifest: Json;
  prodProject: LoadedProject;
  prProject: LoadedProject;
  mainProject: LoadedProject;
}

export function shop(options: { customersChange?: boolean; prSchema?: string } = {}): Shop {
  const change = options.customersChange ? changeCustomers : (m: Json) => m;
  let prText = JSON.stringify(change(shopJson("pr-7/manifest.json")));
  if (options.prSchema) prText = prText.replaceAll("analytics_pr_7", options.prSchema);
  const prodManifest = shopJson("prod/manifest.json");
  const prManifest = JSON.parse(prText);
  const mainManifest = change(shopJson("prod-after-merge/manifest.json"));
  return {
    prodManifest,
    prManifest,
    mainManifest,
    prodProject: projectOf(prodManifest, "prod/manifest.json"),
    prProject: projectOf(prManifest, "pr-7/manifest.json"),
    mainProject: projectOf(mainManifest, "prod-after-merge/manifest.json"),
  };
}

/** Prod built by dbt (the shop's prod manifest) and recorded. */
export async function prodBuilt(session: Session, s: Shop): Promise<StateSnapshot> {
  await loadShopRaw(session);
  const results = await build(session, {
    manifest: s.prodManifest,
    target: "prod",
    invocationId: s.prodManifest.metadata.invocation_id,
    startedAt: "2026-11-30T08:05:02.000Z",
  });
  return recordProd(s.prodProject, results, null, sourcesOf("prod/sources.json"), "2026-11-30T08:06:00Z");
}

export function prPlanOf(s: Shop, prod: StateSnapshot): Plan {
  return planOver(s.prProject, prod, {
    sources: PR_SOURCES,
    now: "2026-11-30T10:15:00.000Z",
    pointers: true,
  });
}

/** PR 7's environment created, built by dbt and recorded (on `warehouse`, default the session's). */
export async function prBuilt(
  session: Session,
  s: Shop,
  prod: StateSnapshot,
  warehouse: Warehouse = session.warehouse,
): Promise<Plan> {
  const ctx = (await environmentContext(warehouse, { scope: ENV_SCOPE, now: "2026-11-30T10:15:00.000Z" }))!;
  const prPlan = prPlanOf(s, prod);
  await createEnvironment(ctx, {
    name: PR7,
    project: "shop",
    prNumber: 7,
    headSha: null,
    plan: prPlan,
    prod,
  });
  const results = await build(session, {
    manifest: s.prManifest,
    target: "ci",
    select: buildSet(prPlan),
    invocationId: "pr7-run-1",
    startedAt: "2026-11-30T10:16:41.000Z",
  });
  await recordEnvironmentBuilds(ctx, {
    name: PR7,
    project: s.prProject,
    runResults: results,
    sources: PR_SOURCES,
  });
  return prPlan;
}

export function mainPlanOf(s: Shop, prod: StateSnapshot): Plan {
  return planOver(s.mainProject, prod, { sources: MAIN_SOURCES, now: "2026-11-30T12:01:00.000Z" });
}

/** Rows of a relation, ordered, as text (for comparisons). */
export async function rowsOf(session: Session, schema: string, name: string): Promise<string> {
  return JSON.stringify(await session.rows(`select * from "${schema}"."${name}" order by 1, 2`));
}
