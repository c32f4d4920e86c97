/**
 * What the push, close and janitor scenarios under faults
 * (lifecycle-fault-scenarios.ts) found, each pinned at its step: on a
 * warehouse where each statement commits on its own (Snowflake's statements,
 * simulated on DuckDB), a failure at that step left the registry telling
 * something else than the warehouse, or a rerun ending elsewhere than a run
 * without failures.
 */
import { describe, expect, it } from "vitest";
import { closeAndDropEnvironment } from "../../src/app/environment/clean-up-environment.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { prepared } from "../support/warehouse/engines.js";
import type { Fault } from "../support/warehouse/faulty.js";
import { PR7 } from "../support/warehouse/scenario.js";
import type { Session } from "../support/warehouse/sessions.js";
import type { SimulatedWarehouse } from "../support/warehouse/simulated-provider.js";
import { assertConsistent, contextOn, lifecycleTargets } from "./fault-suite.js";
import { afterPush2, PUSH_2, PUSH_3, prodAndPr, push } from "./lifecycle-fault-scenarios.js";

const SNOWFLAKE = lifecycleTargets().find((target) => target.name.startsWith("Snowflake"))!;
const simulated = async (session: Session) =>
  (await SNOWFLAKE.make(session)) as unknown as SimulatedWarehouse;

const BEFORE_PUSH_2 = prepared("duckdb", async (session) => prodAndPr(session, await simulated(session)));
const BEFORE_PUSH_3 = prepared("duckdb", async (session) => afterPush2(session, await simulated(session)));

type Job = (warehouse: SimulatedWarehouse, session: Session, prod: StateSnapshot) => Promise<unknown>;
const push2: Job = (warehouse, session, prod) => push(warehouse, session, prod, new Set(), PUSH_2);
const push3: Job = (warehouse, session, prod) => push(warehouse, session, prod, new Set(), PUSH_3);
const close: Job = async (warehouse, _session, prod) =>
  closeAndDropEnvironment(await contextOn(warehouse, "2026-11-30T13:00:00.000Z"), {
    name: PR7,
    merged: false,
    prod,
  });

type Statement = SimulatedWarehouse["simulation"]["log"][number];
const dropOf = (identifier: string, operation: "dropView" | "dropTable") => (entry: Statement) =>
  entry.operation === operation && entry.statement.sql.includes(identifier);
const firstBuildRecord = (entry: Statement) =>
  entry.operation === "upsertRecord" && entry.statement.sql.includes("env_builds");
const pointerRowOf = (entry: Statement) =>
  entry.operation === "deleteRecords" && entry.statement.sql.includes("env_pointers");

/** The job on a copy of `before`, with `fault` at the first statement `at` matches (found by a run without one). */
async function failingAt(
  before: typeof BEFORE_PUSH_2,
  job: Job,
  at: (entry: Statement) => boolean,
  fault: Omit<Fault, "step">,
): Promise<{ session: Session; warehouse: SimulatedWarehouse; prod: StateSnapshot }> {
  let step = 0;
  {
    const { session, value: prod } = await before();
    try {
      const warehouse = await simulated(session);
      warehouse.arm(null);
      await job(warehouse, session, prod);
      step = warehouse.simulation.log.findIndex(at) + 1;
    } finally {
      await session.close();
    }
  }
  expect(step, "the statement is one the job runs").toBeGreaterThan(0);
  const { session, value: prod } = await before();
  const warehouse = await simulated(session);
  warehouse.arm({ step, ...fault });
  await job(warehouse, session, prod).catch((e: unknown) => e);
  warehouse.arm(null);
  return { session, warehouse, prod };
}

describe("lifecycle steps under faults where each statement commits on its own", () => {
  it.each([
    {
      what: "a push that builds a node served by a pointer view, right after the view is dropped",
      before: BEFORE_PUSH_2,
      job: push2,
      at: dropOf("customers", "dropView"),
      fault: { when: "after" as const },
    },
    {
      // A cleanup tries a failed drop again in its next pass: an outage from there on.
      what: "a close, from right after a pointer view is dropped on (an outage)",
      before: BEFORE_PUSH_2,
      job: close,
      at: dropOf("country_codes", "dropView"),
      fault: { when: "after" as const, until: true },
    },
  ])("$what: no pointer is recorded whose view is gone", async ({ before, job, at, fault }) => {
    const { session } = await failingAt(before, job, at, fault);
    try {
      const real = await contextOn(session.warehouse);
      const views = (await session.warehouse.listObjects(["analytics_pr_7"]))
        .filter((o) => o.kind === "view")
        .map((o) => o.identifier);
      for (const pointer of await real.registry.pointers(PR7)) expect(views).toContain(pointer.identifier);
      await assertConsistent(session, real, PR7, "analytics_pr_7", "cleaning_up");
    } finally {
      await session.close();
    }
  });

  it("a push that reverts a change, right before the environment's table is dropped: the table is recorded as the table it is", async () => {
    const { session } = await failingAt(BEFORE_PUSH_3, push3, dropOf("customers", "dropTable"), {
      when: "before",
    });
    try {
      const real = await contextOn(session.warehouse);
      const customers = (await session.warehouse.listObjects(["analytics_pr_7"])).find(
        (o) => o.identifier === "customers",
      );
      expect(customers?.kind).toBe("table");
      expect((await real.registry.objects(PR7)).find((o) => o.identifier === "customers")).toMatchObject({
        kind: "table",
        role: "build",
        state: "present",
      });
      await assertConsistent(session, real, PR7, "analytics_pr_7", "cleaning_up");
    } finally {
      await session.close();
    }
  });

  it("a push interrupted between a pointer's row and its view's drop: the rerun records dbt's table as made by this push", async () => {
    const { session, warehouse, prod } = await failingAt(BEFORE_PUSH_2, push2, pointerRowOf, {
      when: "after",
    });
    try {
      await push2(warehouse, session, prod);
      const real = await contextOn(session.warehouse);
      expect((await real.registry.objects(PR7)).find((o) => o.identifier === "customers")).toMatchObject({
        kind: "table",
        role: "build",
        created_at: PUSH_2.at,
      });
    } finally {
      await session.close();
    }
  });

  it("a push's record interrupted right after a build's record: the rerun leaves every relation recorded", async () => {
    const { session, warehouse, prod } = await failingAt(BEFORE_PUSH_2, push2, firstBuildRecord, {
      when: "after",
    });
    try {
      await push2(warehouse, session, prod);
      await assertConsistent(session, await contextOn(session.warehouse), PR7, "analytics_pr_7", "atomic");
    } finally {
      await session.close();
    }
  });
});
