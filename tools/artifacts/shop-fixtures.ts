/**
 * The variants of fixtures/shop/: what the shop project's dbt runs write, at
 * fixed times with fixed invocation ids, as a map from relative path to bytes.
 * write-shop-fixtures.ts writes them; test/fixtures/shop-fixtures.int.test.ts
 * checks that the committed files are exactly these.
 *
 * Timeline (2026-11-30, UTC):
 *   08:00  prod: dbt source freshness              → prod/sources.json
 *   08:05  prod: dbt build --target prod            → prod/manifest.json, prod/run_results.json
 *   08:07  prod: dbt docs generate --target prod    → prod/catalog.json
 *   10:14  PR 7: dbt compile --target ci            → pr-7/manifest.json (what the action plans on)
 *   10:16  PR 7: dbt build --target ci --select stg_orders+
 *                                                   → pr-7/build/manifest.json, pr-7/build/run_results.json
 *   11:58  main after merge: dbt source freshness   → prod-after-merge/sources.json
 *   12:01  main after merge: dbt compile --target prod → prod-after-merge/manifest.json
 */
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildCatalog } from "./catalog.js";
import { toJson } from "./dbt-values.js";
import { buildManifest } from "./manifest.js";
import type { TargetSpec } from "./project-spec.js";
import { buildRunResults } from "./run-results.js";
import { selectBuild } from "./select-build.js";
import { SHOP_DATA, SHOP_DATABASE, shopProject } from "./shop-project.js";
import { buildSourceFreshness } from "./source-freshness.js";

export const DBT_VERSION = "1.10.15";
export const PROJECT_ROOT = "/home/runner/work/shop/shop";
export const PROFILES_DIR = "/home/runner/work/shop/shop/.dbt";

export const PROD_TARGET: TargetSpec = {
  name: "prod",
  schema: "analytics",
  database: SHOP_DATABASE,
  threads: 4,
};
/** The CI target with DBT_SCHEMA=analytics_pr_7, as the PR workflow sets it. */
export const PR_TARGET: TargetSpec = {
  name: "ci",
  schema: "analytics_pr_7",
  database: SHOP_DATABASE,
  threads: 4,
};

/** A UUID v4-shaped id derived from a label, so ids are fixed but look like dbt's. */
function invocationId(label: string): string {
  const hex = createHash("sha256").update(`shop-fixture:${label}`).digest("hex");
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const INVOCATIONS = {
  prodFreshness: { id: invocationId("prod/source-freshness"), startedAt: "2026-11-30T08:00:00.412311Z" },
  prodBuild: {
    id: invocationId("prod/build"),
    startedAt: "2026-11-30T08:05:02.118734Z",
    generatedAt: "2026-11-30T08:05:03.091605Z",
  },
  prodDocs: {
    id: invocationId("prod/docs-generate"),
    startedAt: "2026-11-30T08:07:30.205511Z",
    generatedAt: "2026-11-30T08:07:31.774920Z",
  },
  prCompile: {
    id: invocationId("pr-7/compile"),
    startedAt: "2026-11-30T10:14:07.330218Z",
    generatedAt: "2026-11-30T10:14:08.402771Z",
  },
  prBuild: {
    id: invocationId("pr-7/build"),
    startedAt: "2026-11-30T10:16:41.902117Z",
    generatedAt: "2026-11-30T10:16:42.860052Z",
  },
  mergeFreshness: {
    id: invocationId("prod-after-merge/source-freshness"),
    startedAt: "2026-11-30T11:58:00.507196Z",
  },
  mergeCompile: {
    id: invocationId("prod-after-merge/compile"),
    startedAt: "2026-11-30T12:01:12.660340Z",
    generatedAt: "2026-11-30T12:01:13.719283Z",
  },
} as const;

/** What PR 7's build selected (`dbt build --select stg_orders+`). */
export const PR_SELECTOR = "stg_orders+";

/** Every generated file of fixtures/shop/, by path relative to it (README.md is written by hand). */
export function renderShopFixtures(): Map<string, string> {
  const main = shopProject("main");
  const pr = shopProject("pr-7");
  const files = new Map<string, string>();
  const common = { dbtVersion: DBT_VERSION, projectRoot: PROJECT_ROOT };

  files.set("raw/customers.csv", SHOP_DATA.customers);
  files.set("raw/orders.csv", SHOP_DATA.orders);
  files.set("raw/payments.csv", SHOP_DATA.payments);
  files.set("seeds/country_codes.csv", SHOP_DATA.countryCodes);

  // prod: freshness, then a full build, then docs.
  files.set(
    "prod/sources.json",
    toJson(
      buildSourceFreshness(main, {
        target: PROD_TARGET,
        dbtVersion: DBT_VERSION,
        invocation: INVOCATIONS.prodFreshness,
        snapshottedAt: "2026-11-30T08:00:01.530482Z",
      }),
    ),
  );
  files.set(
    "prod/manifest.json",
    toJson(
      buildManifest(main, {
        ...common,
        target: PROD_TARGET,
        invocation: INVOCATIONS.prodBuild,
        command: "build",
      }),
    ),
  );
  files.set(
    "prod/run_results.json",
    toJson(
      buildRunResults(main, {
        ...common,
        target: PROD_TARGET,
        invocation: INVOCATIONS.prodBuild,
        invocationCommand: "dbt build --target prod",
        select: [],
        profilesDir: PROFILES_DIR,
      }),
    ),
  );
  files.set(
    "prod/catalog.json",
    toJson(
      buildCatalog(main, { target: PROD_TARGET, dbtVersion: DBT_VERSION, invocation: INVOCATIONS.prodDocs }),
    ),
  );

  // PR 7: compile for the plan, then the selective build.
  files.set(
    "pr-7/manifest.json",
    toJson(
      buildManifest(pr, {
        ...common,
        target: PR_TARGET,
        invocation: INVOCATIONS.prCompile,
        command: "compile",
      }),
    ),
  );
  const prSelected = selectBuild(pr, PR_TARGET, PR_SELECTOR);
  files.set(
    "pr-7/build/manifest.json",
    toJson(
      buildManifest(pr, {
        ...common,
        target: PR_TARGET,
        invocation: INVOCATIONS.prBuild,
        command: "build",
        executed: prSelected,
      }),
    ),
  );
  files.set(
    "pr-7/build/run_results.json",
    toJson(
      buildRunResults(pr, {
        ...common,
        target: PR_TARGET,
        invocation: INVOCATIONS.prBuild,
        invocationCommand: `dbt build --target ci --select ${PR_SELECTOR}`,
        select: [PR_SELECTOR],
        executed: prSelected,
        profilesDir: PROFILES_DIR,
      }),
    ),
  );

  // main after the merge: the PR's code compiled for prod; no new data since 08:00.
  files.set(
    "prod-after-merge/sources.json",
    toJson(
      buildSourceFreshness(pr, {
        target: PROD_TARGET,
        dbtVersion: DBT_VERSION,
        invocation: INVOCATIONS.mergeFreshness,
        snapshottedAt: "2026-11-30T11:58:01.688904Z",
      }),
    ),
  );
  files.set(
    "prod-after-merge/manifest.json",
    toJson(
      buildManifest(pr, {
        ...common,
        target: PROD_TARGET,
        invocation: INVOCATIONS.mergeCompile,
        command: "compile",
      }),
    ),
  );
  return files;
}

/** Writes every generated file under `directory` (fixtures/shop/ or a temporary folder). */
export function writeShopFixtures(directory: string): string[] {
  const written: string[] = [];
  for (const [relative, contents] of renderShopFixtures()) {
    const target = path.join(directory, relative);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, contents);
    written.push(relative);
  }
  return written;
}
