/**
 * The conformance suite's push, close and janitor scenarios under faults
 * (issue 25), on every lifecycle target of fault-suite.ts (DuckDB,
 * PostgreSQL, and each cloud provider's statements simulated on DuckDB):
 *
 * - push: a new commit changes what the pull request builds (a pointer view
 *   gives way to dbt's table), then the next one reverts it (the table gives
 *   way to a pointer view again): the job refreshes the environment, dbt
 *   builds, the job records the builds;
 * - close: the pull request closed without merge: its environment marked
 *   closed and dropped;
 * - janitor: an abandoned environment (its pull request no longer open) is
 *   marked closed by one janitor run and dropped by the next once the
 *   retention passed.
 *
 * For each scenario and target, a run without faults counts the steps and
 * records the end state (warehouse objects and what views read, registry
 * rows). Then, for each step of the part (see `triedHere`) and both
 * timings, a run with the failure there leaves the warehouse and the
 * registry consistent (`assertConsistent`), and a rerun without faults ends
 * exactly where the run without faults did; in the rest part, an outage too
 * (every step from the middle one on fails). Each case starts from a copy
 * of a prepared database (`prepared`).
 */
import { describe, expect, it } from "vitest";
import { closeAndDropEnvironment } from "../../src/app/environment/clean-up-environment.js";
import {
  createEnvironment,
  environmentBaseline,
  recordEnvironmentBuilds,
  runJanitor,
} from "../../src/environment/index.js";
import type { BuildRecord } from "../../src/environment/registry/records.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import type { Warehouse } from "../../src/warehouse/warehouse.js";
import { prepared } from "../support/warehouse/engines.js";
import type { Fault } from "../support/warehouse/faulty.js";
import {
  PR_SOURCES,
  PR7,
  prBuilt,
  prodBuilt,
  rowsOf,
  type Shop,
  shop,
} from "../support/warehouse/scenario.js";
import type { Engine, Session } from "../support/warehouse/sessions.js";
import { build, buildSet, planOver, sourcesAt } from "../support/warehouse/shop.js";
import {
  assertConsistent,
  contextOn,
  type FaultPart,
  type FaultShard,
  type Faulty,
  inShard,
  lifecycleTargets,
  PARTS,
  rejects,
  tried,
  WHENS,
  WHOLE,
} from "./fault-suite.js";

/** Each test loops over every step of a scenario, on copies of a prepared database. */
const LOOP = 600_000;
const SCHEMA = "analytics_pr_7";

const PLAIN = shop();
const CHANGED = shop({ customersChange: true });

type Prepare = (session: Session) => Promise<StateSnapshot>;

interface Scenario {
  name: string;
  /**
   * The state before the job, made once an engine with its own adapter (no
   * faults) and copied for each case: every target on that engine and every
   * scenario that names it starts from the same file (the providers' own
   * statements make the environment in the create scenarios, and push in the
   * push ones).
   */
  prepare: Prepare;
  /** The job, on the faulty warehouse; what dbt wrote in it (`schema.identifier`) is added to `dbtWrote`. */
  job(warehouse: Faulty, session: Session, prod: StateSnapshot, dbtWrote: Set<string>): Promise<unknown>;
  /** The injected failure always surfaces (else a failed drop may be reported in the job's report). */
  surfaces: boolean;
  /** The target whose every twelfth step the fast part tries (`fastOn`). */
  fast: string;
}

/**
 * A push's job: the environment refreshed from the push's plan (over the
 * environment's own builds), dbt's build of what the plan builds, the run
 * recorded.
 */
export async function push(
  warehouse: Warehouse,
  session: Session,
  prod: StateSnapshot,
  dbtWrote: Set<string>,
  p: { shop: Shop; at: string; invocationId: string },
): Promise<void> {
  const ctx = await contextOn(warehouse, p.at);
  const plan = planOver(p.shop.prProject, await environmentBaseline(ctx, PR7, prod, p.shop.prProject), {
    sources: sourcesAt("prod-after-merge/sources.json", "2026-11-30T10:59:00Z"),
    now: ctx.now,
    pointers: true,
  });
  await createEnvironment(ctx, { name: PR7, project: "shop", prNumber: 7, headSha: null, plan, prod });
  const built = buildSet(plan);
  for (const id of built) {
    const node = p.shop.prManifest.nodes[id];
    dbtWrote.add(`${node.schema}.${node.alias ?? node.name}`);
  }
  const results = await build(session, {
    manifest: p.shop.prManifest,
    target: "ci",
    select: built,
    invocationId: p.invocationId,
    startedAt: p.at,
  });
  await recordEnvironmentBuilds(ctx, {
    name: PR7,
    project: p.shop.prProject,
    runResults: results,
    sources: PR_SOURCES,
  });
}

export const PUSH_2 = { shop: CHANGED, at: "2026-11-30T11:01:00.000Z", invocationId: "pr7-run-2" };
export const PUSH_3 = { shop: PLAIN, at: "2026-11-30T12:01:00.000Z", invocationId: "pr7-run-3" };

export async function prodAndPr(
  session: Session,
  warehouse: Warehouse = session.warehouse,
): Promise<StateSnapshot> {
  const S0 = await prodBuilt(session, PLAIN);
  await prBuilt(session, PLAIN, S0, warehouse);
  return S0;
}

async function push2Over(session: Session, S0: StateSnapshot, warehouse: Warehouse = session.warehouse) {
  await push(warehouse, session, S0, new Set(), PUSH_2);
  return S0;
}

export async function afterPush2(
  session: Session,
  warehouse: Warehouse = session.warehouse,
): Promise<StateSnapshot> {
  return push2Over(session, await prodAndPr(session, warehouse), warehouse);
}

const SCENARIOS: Scenario[] = [
  {
    name: "push: a node served by a pointer view is built (the view gives way to dbt's table)",
    prepare: prodAndPr,
    job: (warehouse, session, prod, dbtWrote) => push(warehouse, session, prod, dbtWrote, PUSH_2),
    surfaces: true,
    fast: "Snowflake",
  },
  {
    name: "push: the change reverted (the environment's table gives way to a pointer view again)",
    prepare: afterPush2,
    job: (warehouse, session, prod, dbtWrote) => push(warehouse, session, prod, dbtWrote, PUSH_3),
    surfaces: true,
    fast: "Databricks",
  },
  {
    name: "close: the pull request closed without merge, its environment dropped",
    prepare: prodAndPr,
    job: async (warehouse, _session, prod) =>
      closeAndDropEnvironment(await contextOn(warehouse, "2026-11-30T13:00:00.000Z"), {
        name: PR7,
        merged: false,
        prod,
      }),
    surfaces: false,
    fast: "BigQuery",
  },
  {
    name: "janitor: an abandoned environment marked closed, then dropped once past the retention",
    prepare: prodAndPr,
    job: async (warehouse, _session, prod) => {
      const open = new Set<number>();
      await runJanitor(await contextOn(warehouse, "2026-11-30T13:00:00.000Z"), {
        prod,
        openPullRequests: open,
      });
      return runJanitor(await contextOn(warehouse, "2026-12-04T13:00:00.000Z"), {
        prod,
        openPullRequests: open,
      });
    },
    surfaces: false,
    fast: "duckdb",
  },
];

/**
 * A build record without dbt's times: a rerun builds only what the failed
 * run did not record (the rest is reused in place), so dbt's clock reads
 * differently for what it builds again.
 */
function withoutTimes(build: BuildRecord): unknown {
  const state = build.node_state as (Record<string, unknown> & { tested?: Record<string, unknown> }) | null;
  return {
    ...build,
    built_at: "(dbt's)",
    node_state: state && {
      ...state,
      built_at: "(dbt's)",
      ...(state.tested ? { tested: { ...state.tested, at: "(dbt's)" } } : {}),
    },
  };
}

/** What a run leaves: the warehouse's objects (and what its views read) and the environment's registry rows. */
async function endState(session: Session): Promise<unknown> {
  const real = await contextOn(session.warehouse);
  const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();
  const objects = await session.warehouse.listObjects(["analytics", SCHEMA]);
  const views = objects
    .filter((o) => o.kind === "view")
    .map((o) => ({ schema: o.schema, identifier: o.identifier }));
  const reads = await session.warehouse.boundRelations(views);
  return {
    schemas: (await session.warehouse.listSchemas()).filter((s) => s.startsWith("analytics")).sort(),
    objects: sorted(objects.map((o) => `${o.schema}.${o.identifier}:${o.kind}`)),
    reads: reads ? sorted([...reads].map(([view, read]) => [view, read])) : null,
    prod: {
      orders: await rowsOf(session, "analytics", "orders"),
      customers: await rowsOf(session, "analytics", "customers"),
    },
    environments: sorted(await real.registry.environments()),
    // Identities are fresh marks each run: what counts is that each is the relation's identity now.
    owned: sorted(
      await Promise.all(
        (await real.registry.objects(PR7)).map(async (row) => ({
          ...row,
          identity:
            row.identity === null || row.kind === "schema"
              ? row.identity
              : (await session.warehouse.relationIdentity({ ...row, kind: row.kind })) === row.identity
                ? "the relation's now"
                : "another relation's",
        })),
      ),
    ),
    pointers: sorted(await real.registry.pointers(PR7)),
    builds: sorted((await real.registry.builds(PR7)).map(withoutTimes)),
  };
}

/**
 * Which steps a part tries for a scenario on a target: `npm test` keeps to
 * one target a scenario (each on another: DuckDB and the three providers;
 * npm test is over its time budget) and, there, every twelfth step;
 * `npm run test:slow` tries the rest, and an outage (every step from the
 * middle one on fails). CI runs both: every step of every scenario on
 * every target.
 */
function fastOn(scenario: Scenario, target: { name: string }): boolean {
  return target.name.startsWith(scenario.fast);
}
function triedHere(step: number, part: FaultPart, fast: boolean): boolean {
  return fast ? tried(step, part) : part === "rest";
}

type Copy = () => Promise<{ session: Session; value: StateSnapshot }>;
const templates = new Map<string, Copy>();
/** A copy of the state `prepare` makes; after push 2, from a copy of the state before it (dbt builds less). */
function copyOf(engine: Engine, prepare: Prepare): ReturnType<Copy> {
  const key = `${engine} ${prepare.name}`;
  if (!templates.has(key)) {
    templates.set(
      key,
      prepare === afterPush2
        ? prepared(
            engine,
            (session, S0: StateSnapshot) => push2Over(session, S0),
            () => copyOf(engine, prodAndPr),
          )
        : prepared(engine, prepare),
    );
  }
  return templates.get(key)!();
}

export function lifecycleFaultScenarios(part: FaultPart, shard: FaultShard = WHOLE): void {
  const targets = inShard(lifecycleTargets(), shard)
    .map((target) => ({
      ...target,
      scenarios: SCENARIOS.filter((s) => part === "rest" || fastOn(s, target)),
    }))
    .filter((target) => target.scenarios.length > 0);
  describe.each(targets)(`push, close and janitor under faults on $name (${PARTS[part]})`, (target) => {
    it.each(target.scenarios)(
      "$name: a failure at any step leaves a consistent environment, and a rerun ends where a run without faults does",
      async (scenario) => {
        /** One case on a fresh copy: the job with the fault, the checks, the rerun; the end state. */
        const attempt = async (
          fault: Fault | null,
          reference: unknown,
        ): Promise<{ steps: number; end: unknown }> => {
          const { session, value: prod } = await copyOf(target.engine, scenario.prepare);
          try {
            const faulty = await target.make(session);
            faulty.arm(fault);
            const dbtWrote = new Set<string>();
            const job = scenario.job(faulty, session, prod, dbtWrote);
            if (fault === null) {
              await job;
              return { steps: faulty.steps, end: await endState(session) };
            }
            if (scenario.surfaces) await rejects(job);
            else await job.catch((e: unknown) => e);
            await assertConsistent(
              session,
              await contextOn(session.warehouse),
              PR7,
              SCHEMA,
              // A job here drops as well as creates: a row may outlive its object until the rerun.
              target.atomic ? "atomic" : "cleaning_up",
              dbtWrote,
            );
            faulty.arm(null);
            await scenario.job(faulty, session, prod, new Set());
            const end = await endState(session);
            expect(
              end,
              `rerun after a failure ${fault.when} step ${fault.step}${fault.until ? " and every later one" : ""}`,
            ).toEqual(reference);
            return { steps: faulty.steps, end };
          } finally {
            await session.close();
          }
        };
        const { steps, end: reference } = await attempt(null, null);
        expect(steps).toBeGreaterThan(2);
        for (let step = 1; step <= steps; step += 1) {
          if (!triedHere(step, part, fastOn(scenario, target))) continue;
          for (const when of WHENS) await attempt({ step, when }, reference);
        }
        if (part === "rest")
          await attempt({ step: Math.ceil(steps / 2), when: "before", until: true }, reference);
      },
      LOOP,
    );
  });
}
