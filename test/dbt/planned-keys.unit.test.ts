/**
 * The planned manifest's keys the main step hands its post step
 * (src/dbt/fingerprint/planned-keys.ts), laid over the manifest dbt wrote:
 * a node whose fingerprint has the planned digest keeps dbt's fingerprint
 * (the same components) under the planned version key; one whose digest
 * differs carries only the planned digest and `sql` component; a node the
 * plan did not have gets no fingerprint.
 */
import { describe, expect, it } from "vitest";
import { plannedKeysOf, withPlannedKeys } from "../../src/dbt/fingerprint/planned-keys.js";
import { loadProject } from "../../src/dbt/load-project.js";
import { buildManifest, type ModelSpec, modelId } from "../support/manifest-builder.js";

const models: ModelSpec[] = [
  { name: "stg_orders", sql: "select id, amount from raw.orders" },
  {
    name: "orders",
    sql: "select id, sum(amount) as amount from stg_orders group by id",
    dependsOn: [modelId("stg_orders")],
  },
  { name: "revenue", sql: "select sum(amount) as revenue from orders", dependsOn: [modelId("orders")] },
];

function project(specs: ModelSpec[]) {
  return loadProject(JSON.stringify(buildManifest(specs)), "manifest.json");
}

describe("planned keys over dbt's manifest", () => {
  const planned = project(models);
  const keys = plannedKeysOf(planned);

  it("hold each fingerprinted node's version key, digest and sql component", () => {
    expect(Object.keys(keys).sort()).toEqual([...planned.fingerprints.keys()].sort());
    for (const [id, fp] of planned.fingerprints) {
      expect(keys[id]).toEqual({
        key: fp.versionKey,
        digest: fp.fingerprint.digest,
        sql: fp.fingerprint.components.sql,
      });
    }
  });

  it("over the same manifest, give back the planned project's keys and fingerprints", () => {
    const over = withPlannedKeys(project(models), keys);
    for (const [id, fp] of planned.fingerprints) {
      expect(over.fingerprints.get(id)?.versionKey).toBe(fp.versionKey);
      expect(over.fingerprints.get(id)?.fingerprint).toEqual(fp.fingerprint);
    }
  });

  it("over a manifest where stg_orders' SQL differs: its readers keep the planned keys, it keeps only the planned digest and sql", () => {
    const built = project([
      { ...models[0]!, sql: "select id, amount, 1 as extra from raw.orders" },
      ...models.slice(1),
    ]);
    const stg = modelId("stg_orders");
    const orders = modelId("orders");
    // Computed from dbt's manifest alone, the reader's key is another one.
    expect(built.fingerprints.get(orders)!.versionKey).not.toBe(planned.fingerprints.get(orders)!.versionKey);
    const over = withPlannedKeys(built, keys);
    expect(over.fingerprints.get(orders)!.versionKey).toBe(planned.fingerprints.get(orders)!.versionKey);
    expect(over.fingerprints.get(orders)!.fingerprint).toEqual(planned.fingerprints.get(orders)!.fingerprint);
    const changed = over.fingerprints.get(stg)!;
    expect(changed.versionKey).toBe(planned.fingerprints.get(stg)!.versionKey);
    expect(changed.fingerprint.digest).toBe(planned.fingerprints.get(stg)!.fingerprint.digest);
    expect(changed.fingerprint.components).toEqual({
      sql: planned.fingerprints.get(stg)!.fingerprint.components.sql,
    });
    expect(changed.fingerprint.components.sql).not.toBe(
      built.fingerprints.get(stg)!.fingerprint.components.sql,
    );
  });

  it("give a node the plan did not have no fingerprint", () => {
    const built = project([...models, { name: "added_later", sql: "select 1 as one" }]);
    const over = withPlannedKeys(built, keys);
    expect(over.fingerprints.has(modelId("added_later"))).toBe(false);
    expect(over.graph.nodes.has(modelId("added_later"))).toBe(true);
  });
});
