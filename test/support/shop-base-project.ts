/**
 * The small base project the planner's rule tests share: a source, a staging
 * view, a seed, and a mart reading both.
 *   raw.orders -> stg_orders -> orders <- countries (seed)
 * Each builder takes overrides, so a test changes one aspect of one node.
 */
import { type ModelSpec, modelId } from "./manifest-builder.js";

export const ORDERS_SOURCE = "source.shop.raw.orders";

export const stg = (over: Partial<ModelSpec> = {}): ModelSpec => ({
  name: "stg_orders",
  materialized: "view",
  sql: 'select id, amount from "warehouse"."raw"."orders"',
  raw: "select id, amount from {{ source('raw', 'orders') }}",
  dependsOn: [ORDERS_SOURCE],
  ...over,
});

export const countries = (over: Partial<ModelSpec> = {}): ModelSpec => ({
  name: "countries",
  resourceType: "seed",
  compiled: null,
  raw: "",
  checksum: { name: "sha256", checksum: "c0ffee" },
  ...over,
});

export const orders = (over: Partial<ModelSpec> = {}): ModelSpec => ({
  name: "orders",
  sql: 'select * from "warehouse"."analytics"."stg_orders" join "warehouse"."analytics"."countries" using (id)',
  raw: "select * from {{ ref('stg_orders') }} join {{ ref('countries') }} using (id)",
  dependsOn: [modelId("stg_orders"), modelId("countries", "seed")],
  ...over,
});

export const STG = modelId("stg_orders");
export const ORDERS = modelId("orders");
export const SEED = modelId("countries", "seed");
