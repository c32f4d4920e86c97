/**
 * A pull request that adds a model in a new custom schema whose name is the
 * same in CI and in prod (issue 37, class 1): a `generate_schema_name` that
 * keeps custom schemas as written, as many projects do. The shop's PR 7 and
 * main (after the merge) each get `model.shop.country_regions`, a table in
 * schema `marts` (relation `shop.marts.country_regions` on both targets),
 * reading `customers` from the target's own schema. Everything else is the
 * shop as the fixture has it.
 */
import type { LoadedProject } from "../../../src/dbt/load-project.js";
import { projectOf, shopJson } from "./shop.js";

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
