/**
 * The registry's checked decode (src/environment/registry/tables.ts): every table's
 * record is written and read back unchanged, and a row holding a value
 * ods-state never writes (edited by hand or by another tool) is refused as
 * `registry_corrupt`, naming the table and the column, instead of passing a
 * value of the wrong type on (before the codecs, an unchecked cast let each
 * of these through, or JSON.parse threw a bare SyntaxError).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { environmentContext } from "../../src/environment/index.js";
import type { EnvironmentRegistry } from "../../src/environment/registry/registry.js";
import { isUserError, type UserError } from "../../src/errors/user-error.js";
import { ENGINES, freshSession } from "../support/warehouse/engines.js";
import type { Session } from "../support/warehouse/sessions.js";
import { ENV_SCOPE } from "../support/warehouse/shop.js";

const NOW = "2026-11-30T10:15:00.000Z";
const STATE = {
  run_id: "run-1",
  code_fingerprint: "c",
  parents: {},
  sources: {},
  built_at: NOW,
  relation: { database: null, schema: "analytics", identifier: "orders" },
};

const environment = {
  name: "acme_shop_pr_7",
  repository: "acme/shop",
  repository_id: "123456",
  project: "shop",
  pr_number: 7,
  head_sha: null,
  status: "open" as const,
  prod_schemas: ["analytics"],
  schemas: ["analytics_pr_7"],
  created_at: NOW,
  updated_at: NOW,
  closed_at: null,
};
const object = {
  environment: environment.name,
  schema: "analytics_pr_7",
  identifier: "orders",
  kind: "table" as const,
  role: "build" as const,
  node_id: "model.shop.orders",
  state: "present" as const,
  created_at: NOW,
  identity: "oid:12345",
};
const pointer = {
  environment: environment.name,
  node_id: "model.shop.customers",
  schema: "analytics_pr_7",
  identifier: "customers",
  reads: { schema: "analytics", identifier: "customers" },
  reads_run_id: "run-0",
  version_key: "v1",
  updated_at: NOW,
};
const build = {
  environment: environment.name,
  node_id: "model.shop.orders",
  run_id: "run-1",
  status: "success",
  version_key: "v2",
  fingerprint_digest: "d",
  checks_digest: null,
  tested: "passed" as const,
  schema: "analytics_pr_7",
  identifier: "orders",
  materialized: "table",
  parents: { "model.shop.customers": { run_id: "run-0", version_key: "v1", via: "pointer" as const } },
  sources: {},
  node_state: null,
  built_at: NOW,
  recorded_at: NOW,
};
const promotion = {
  id: "p-1",
  environment: environment.name,
  repository: "acme/shop",
  repository_id: "123456",
  project: "shop",
  promoted_by: "run-9",
  status: "committed" as const,
  atomic: true,
  created_at: NOW,
  updated_at: NOW,
  retain_until: NOW,
  detail: { nodes: 1 },
};
const step = {
  promotion_id: "p-1",
  seq: 0,
  node_id: "model.shop.orders",
  target: { schema: "analytics", identifier: "orders" },
  source: { schema: "analytics_pr_7", identifier: "orders" },
  staged_identifier: "orders__s",
  retired_identifier: "orders__r",
  undone_identifier: "orders__u",
  how: "moved" as const,
  state: "switched" as const,
  pr_run_id: "run-1",
  version_key: "v2",
  previous_state: null,
  promoted_state: STATE as never,
  switched_at: NOW,
};

async function failure(work: Promise<unknown>): Promise<UserError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isUserError(error)) throw new Error(`expected a UserError, got ${String(error)}`);
  return error;
}

/** Each table, a column of it, a value ods-state never writes there, and the registry's read of that table. */
const BAD_CELLS: Array<{
  table: string;
  column: string;
  value: string;
  read: (registry: EnvironmentRegistry) => Promise<unknown>;
}> = [
  {
    table: "environments",
    column: "status",
    value: "'reopened'",
    read: (r) => r.environment(environment.name),
  },
  { table: "env_objects", column: "kind", value: "'index'", read: (r) => r.objects(environment.name) },
  { table: "env_pointers", column: "reads_schema", value: "null", read: (r) => r.pointers(environment.name) },
  { table: "env_builds", column: "parents", value: "'{not json'", read: (r) => r.builds(environment.name) },
  { table: "promotions", column: "atomic", value: "2", read: (r) => r.promotions() },
  { table: "promotion_steps", column: "state", value: "'halfway'", read: (r) => r.steps("p-1") },
];

describe.each(ENGINES)("registry rows on %s", (engine) => {
  let session: Session;
  let registry: EnvironmentRegistry;
  beforeAll(async () => {
    session = await freshSession(engine, "registry_rows");
    registry = (await environmentContext(session.warehouse, { scope: ENV_SCOPE, now: NOW }))!.registry;
    await registry.putEnvironment(environment);
    await registry.putObject(object);
    await registry.putPointer(pointer);
    await registry.putBuild(build);
    await registry.putPromotion(promotion);
    await registry.putStep(step);
  });
  afterAll(() => session?.close());

  it("reads back every table's record as it was written", async () => {
    expect(await registry.environment(environment.name)).toEqual(environment);
    expect(await registry.objects(environment.name)).toEqual([object]);
    expect(await registry.pointers(environment.name)).toEqual([pointer]);
    expect(await registry.builds(environment.name)).toEqual([build]);
    expect(await registry.promotions()).toEqual([promotion]);
    expect(await registry.steps("p-1")).toEqual([step]);
  });

  it.each(BAD_CELLS)(
    "refuses a bad row of $table ($column = $value), naming the table and the column",
    async (bad) => {
      const original = await session.rows(`select "${bad.column}" as v from "ods_meta"."${bad.table}"`);
      await session.exec(`update "ods_meta"."${bad.table}" set "${bad.column}" = ${bad.value}`);
      try {
        const error = await failure(bad.read(registry));
        expect(error.code).toBe("registry_corrupt");
        expect(error.message).toContain(`table ${bad.table} has a bad row`);
        expect(error.message).toContain(`column ${bad.column} `);
      } finally {
        // The good value back: each case finds only its own bad cell.
        await session.exec(`update "ods_meta"."${bad.table}" set "${bad.column}" = $1`, [original[0]!.v]);
      }
      expect(await bad.read(registry)).toBeTruthy();
    },
  );
});
