/**
 * A failure injected at each step of create, cleanup, promotion and rollback
 * (before the step, or after it took effect) leaves the warehouse and the
 * registry consistent (what readers see is what the registry records), and
 * running the command again finishes the job. On a real DuckDB file and a
 * real PostgreSQL server (atomic: every step is in a transaction), and, for
 * ADR-0028's staged and journaled protocol, on a DuckDB adapter that
 * declares no multi-object atomicity.
 *
 * The suite is split in two parts by step (see `tried`): faults.adv.test.ts and
 * faults-{first,second}-half.slow.test.ts run it.
 */
import { describe, expect, it } from "vitest";
import {
  cleanupEnvironment,
  createEnvironment,
  type EnvContext,
  environmentContext,
  planPromotion,
  promote,
  rollbackPromotion,
} from "../../src/environment/index.js";
import { isUserError } from "../../src/errors/user-error.js";
import { loadPolyglotSdk, type PolyglotSdk } from "../../src/runtime/polyglot-sdk.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import type { Warehouse } from "../../src/warehouse/warehouse.js";
import { ENGINES, freshSession, prepared } from "../support/warehouse/engines.js";
import { type Fault, FaultyWarehouse } from "../support/warehouse/faulty.js";
import { SIMULATED_PROVIDERS } from "../support/warehouse/providers.js";
import {
  MAIN_SOURCES,
  mainPlanOf,
  PR7,
  prBuilt,
  prodBuilt,
  prPlanOf,
  rowsOf,
  type Shop,
  shop,
} from "../support/warehouse/scenario.js";
import type { Session } from "../support/warehouse/sessions.js";
import { ENV_SCOPE } from "../support/warehouse/shop.js";
import { SimulatedWarehouse } from "../support/warehouse/simulated-provider.js";

const NOW = "2026-11-30T12:02:00.000Z";
/** Each test loops over every step of an operation, on fresh databases: minutes on a loaded 2-core machine. */
const LOOP = 600_000;
export const WHENS = ["before", "after"] as const;

/**
 * Which steps a part injects its failures at. `npm test` (faults.adv.test.ts)
 * takes every twelfth step (1, 13, 25, …), `npm run test:slow`
 * (faults-{first,second}-half.slow.test.ts) the others; CI runs both, so every step of every
 * operation is tried once, on every engine.
 */
export type FaultPart = "fast" | "rest";
export const PARTS: Record<FaultPart, string> = { fast: "every twelfth step", rest: "the other steps" };
export function tried(step: number, part: FaultPart): boolean {
  return (step % 12 === 1) === (part === "fast");
}

/**
 * One of `of` files that share a part's targets (the i-th target goes to
 * file i mod `of`): the rest of the steps is about 1,000 s of one worker's
 * time, so the slow project runs it as two files, one per worker, instead
 * of one file that sets the project's wall time.
 */
export interface FaultShard {
  readonly index: number;
  readonly of: number;
}
export const WHOLE: FaultShard = { index: 0, of: 1 };
export function inShard<T>(targets: readonly T[], shard: FaultShard): T[] {
  return targets.filter((_, i) => i % shard.of === shard.index);
}

export async function contextOn(
  warehouse: FaultyWarehouse | Session["warehouse"],
  now = NOW,
): Promise<EnvContext> {
  return (await environmentContext(warehouse, { scope: ENV_SCOPE, now }))!;
}

/**
 * The environment as readers see it and as the registry records it: they
 * must agree. Where DDL is transactional (`atomic`), exactly: nothing half
 * made is recorded. Where every statement commits on its own, an object
 * that exists is always recorded: creating records an intent (`creating`)
 * before it makes an object, so there an object recorded as present exists
 * too; cleaning up drops an object before it deletes its record, so there a
 * record may outlive its object until the rerun. A relation dbt wrote in the
 * failed job (`dbtWrote`) is recorded when the job records the run: until
 * the rerun, it may be missing from the registry.
 */
export async function assertConsistent(
  session: Session,
  ctx: EnvContext,
  name: string,
  schema: string,
  mode: "atomic" | "creating" | "cleaning_up" = "atomic",
  dbtWrote: ReadonlySet<string> = new Set(),
): Promise<void> {
  const schemas = await session.warehouse.listSchemas();
  const owned = await ctx.registry.objects(name);
  const key = (o: { schema: string; identifier: string; kind: string }) =>
    `${o.schema}.${o.identifier}:${o.kind}`;
  // What dbt wrote in the failed job (`schema.identifier`) is recorded by the job's last step: until its rerun, it may not be.
  const objects = (await session.warehouse.listObjects([schema]))
    .filter((o) => !dbtWrote.has(`${o.schema}.${o.identifier}`) || owned.some((r) => key(r) === key(o)))
    .map((o) => key(o))
    .sort();
  const registered = owned.filter((o) => o.kind !== "schema");
  const schemaRecords = owned.filter((o) => o.kind === "schema" && o.schema === schema);
  if (mode === "atomic") {
    expect(
      registered.map(key).sort(),
      "registered objects are the objects in the environment's schema",
    ).toEqual(objects);
    expect(
      owned.every((o) => o.state === "present"),
      "no half-made object is recorded",
    ).toBe(true);
    expect(schemaRecords.length > 0, "the schema is recorded exactly when it exists").toBe(
      schemas.includes(schema),
    );
  } else {
    const recorded = new Set(registered.map(key));
    for (const object of objects) expect(recorded, `${object} exists, so it is recorded`).toContain(object);
    if (schemas.includes(schema))
      expect(schemaRecords.length, "the schema exists, so it is recorded").toBeGreaterThan(0);
    if (mode === "creating") {
      for (const o of registered.filter((r) => r.state === "present"))
        expect(objects, `${key(o)} is recorded as present, so it exists`).toContain(key(o));
      if (schemaRecords.some((o) => o.state === "present"))
        expect(schemas, "the schema is recorded as present, so it exists").toContain(schema);
    }
  }
  const pointers = await ctx.registry.pointers(name);
  for (const pointer of pointers) expect(objects).toContain(`${pointer.schema}.${pointer.identifier}:view`);
}

export async function rejects(work: Promise<unknown>): Promise<void> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "the injected failure surfaces").not.toBeNull();
  expect(isUserError(error) || (error instanceof Error && error.message.includes("injected"))).toBe(true);
}

/** A warehouse whose every step (a call, or a statement) can be made to fail. */
export type Faulty = Warehouse & {
  arm(fault: Fault | null): void;
  readonly steps: number;
  /** What each step since the last arm() did (a call's or a statement's operation). */
  readonly log: readonly string[];
};

/**
 * What creates and cleans up environments under faults: each engine's own
 * adapter (faults at each call of the warehouse contract; promotion and
 * rollback in one transaction), and each cloud provider's statements on the
 * simulation of its semantics (faults at each statement).
 */
export function lifecycleTargets(): {
  name: string;
  engine: (typeof ENGINES)[number];
  atomic: boolean;
  make(session: Session): Promise<Faulty>;
}[] {
  return [
    ...ENGINES.map((engine) => ({
      name: engine,
      engine,
      atomic: true,
      make: async (session: Session) => new FaultyWarehouse(session.warehouse),
    })),
    ...SIMULATED_PROVIDERS.map((provider) => ({
      name: `${provider.name}'s statements, simulated on DuckDB`,
      engine: "duckdb" as const,
      atomic: false,
      make: async (session: Session) => new SimulatedWarehouse(session, provider, await parserSdk()),
    })),
  ];
}

/**
 * What runs the staged and journaled protocol: a DuckDB adapter that declares
 * no multi-object atomicity (faults at each call of the warehouse contract;
 * its switch of a name is one transaction), and each cloud provider's
 * statements on the simulation of its semantics (faults at each statement;
 * its switch of a name takes four statements, settled from the names after a
 * failure: ProviderWarehouse.replaceTable and settleReplacement).
 */
function stagedTargets(): { name: string; make(session: Session): Promise<Faulty> }[] {
  return [
    {
      name: "a DuckDB adapter without multi-object atomicity",
      make: async (session) => new FaultyWarehouse(session.warehouse, { nonAtomic: true }),
    },
    ...SIMULATED_PROVIDERS.map((provider) => ({
      name: `${provider.name}'s statements, simulated on DuckDB`,
      make: async (session: Session) => new SimulatedWarehouse(session, provider, await parserSdk()),
    })),
  ];
}

async function parserSdk(): Promise<PolyglotSdk> {
  const loaded = await loadPolyglotSdk();
  if (!loaded.ok) throw new Error(loaded.error);
  return loaded.sdk;
}

export function faultSuite(part: FaultPart, shard: FaultShard = WHOLE): void {
  describe.each(inShard(lifecycleTargets(), shard))(`faults on $name (${PARTS[part]})`, (target) => {
    const engine = target.engine;
    it(
      "create: a failure at any step leaves a consistent environment and a rerun completes it",
      async () => {
        const session = await freshSession(engine);
        try {
          const s = shop();
          const S0 = await prodBuilt(session, s);
          const prPlan = prPlanOf(s, S0);
          const faulty = await target.make(session);
          const real = await contextOn(session.warehouse);
          const ctx = await contextOn(faulty);
          const input = { name: PR7, project: "shop", prNumber: 7, headSha: null, plan: prPlan, prod: S0 };
          faulty.arm(null);
          await createEnvironment(ctx, input);
          const steps = faulty.steps;
          expect(steps).toBeGreaterThan(8);
          const reference = await session.warehouse.listObjects(["analytics_pr_7"]);
          const referencePointers = (await real.registry.pointers(PR7)).map((p) => [
            p.node_id,
            p.schema,
            p.identifier,
            p.reads,
          ]);
          await cleanupEnvironment(real, { name: PR7, prod: S0 });

          for (let step = 1; step <= steps; step += 1) {
            if (!tried(step, part)) continue;
            for (const when of WHENS) {
              faulty.arm({ step, when });
              await rejects(createEnvironment(ctx, input));
              await assertConsistent(
                session,
                real,
                PR7,
                "analytics_pr_7",
                target.atomic ? "atomic" : "creating",
              );
              faulty.arm(null);
              await createEnvironment(ctx, input);
              expect(await session.warehouse.listObjects(["analytics_pr_7"])).toEqual(reference);
              expect(
                (await real.registry.pointers(PR7)).map((p) => [p.node_id, p.schema, p.identifier, p.reads]),
              ).toEqual(referencePointers);
              await assertConsistent(session, real, PR7, "analytics_pr_7");
              expect((await createEnvironment(ctx, input)).actions).toEqual([]);
              await cleanupEnvironment(real, { name: PR7, prod: S0 });
            }
          }
        } finally {
          await session.close();
        }
      },
      LOOP,
    );

    it(
      "cleanup: a failure at any step leaves what is left recorded, a rerun removes it all, prod untouched",
      async () => {
        const session = await freshSession(engine);
        try {
          const s = shop();
          const S0 = await prodBuilt(session, s);
          const faulty = await target.make(session);
          const real = await contextOn(session.warehouse);
          const ctx = await contextOn(faulty);
          const prodBefore = await rowsOf(session, "analytics", "orders");
          const setUp = async () => {
            await prBuilt(session, s, S0);
          };
          await setUp();
          faulty.arm(null);
          await cleanupEnvironment(ctx, { name: PR7, prod: S0 });
          const steps = faulty.steps;
          expect(steps).toBeGreaterThan(10);
          for (let step = 1; step <= steps; step += 1) {
            if (!tried(step, part)) continue;
            for (const when of WHENS) {
              await setUp();
              faulty.arm({ step, when });
              // A failed drop is retried in the next pass or reported (not thrown); a registry write that fails throws.
              await cleanupEnvironment(ctx, { name: PR7, prod: S0 }).catch((e: unknown) => e);
              await assertConsistent(
                session,
                real,
                PR7,
                "analytics_pr_7",
                target.atomic ? "atomic" : "cleaning_up",
              );
              faulty.arm(null);
              const rerun = await cleanupEnvironment(ctx, { name: PR7, prod: S0 });
              expect(rerun.failed).toEqual([]);
              expect(rerun.complete).toBe(true);
              expect(await session.warehouse.listSchemas()).not.toContain("analytics_pr_7");
              expect(await real.registry.objects(PR7)).toEqual([]);
              expect(await rowsOf(session, "analytics", "orders")).toEqual(prodBefore);
            }
          }
        } finally {
          await session.close();
        }
      },
      LOOP,
    );

    // Promotion and rollback at once (in one transaction) are the atomic engines': the cloud providers take the
    // staged and journaled protocol below.
    if (target.atomic) {
      it(
        "promotion: a failure at any step leaves prod and the registry as they were; a rerun promotes",
        async () => {
          const s = shop({ customersChange: true });
          const fresh = prepared(engine, async (session) => {
            const S0 = await prodBuilt(session, s);
            await prBuilt(session, s, S0);
            return S0;
          });
          let steps = 0;
          for (let step = 0; step <= steps; step += 1) {
            if (step > 0 && !tried(step, part)) continue;
            for (const when of step === 0 ? (["before"] as const) : WHENS) {
              const { session, value: S0 } = await fresh();
              try {
                const faulty = new FaultyWarehouse(session.warehouse);
                const real = await contextOn(session.warehouse);
                const ctx = await contextOn(faulty);
                const mainPlan = mainPlanOf(s, S0);
                const decided = await planPromotion(real, {
                  environment: PR7,
                  plan: mainPlan,
                  project: s.mainProject,
                  prod: S0,
                  sources: MAIN_SOURCES,
                });
                expect(decided.candidates.map((c) => c.unique_id).sort()).toEqual([
                  "model.shop.customers",
                  "model.shop.orders",
                ]);
                const before = {
                  orders: await rowsOf(session, "analytics", "orders"),
                  customers: await rowsOf(session, "analytics", "customers"),
                };
                const pr = {
                  orders: await rowsOf(session, "analytics_pr_7", "orders"),
                  customers: await rowsOf(session, "analytics_pr_7", "customers"),
                };
                const input = { plan: decided, mainPlan, mainProject: s.mainProject, promotedBy: "main-run" };
                if (step === 0) {
                  // The reference run counts the steps.
                  faulty.arm(null);
                  await promote(ctx, input);
                  steps = faulty.steps;
                  expect(steps).toBeGreaterThan(4);
                  continue;
                }
                faulty.arm({ step, when });
                await rejects(promote(ctx, input));
                expect(await rowsOf(session, "analytics", "orders")).toEqual(before.orders);
                expect(await rowsOf(session, "analytics", "customers")).toEqual(before.customers);
                expect(
                  (await session.warehouse.listObjects(["analytics"])).filter((o) =>
                    o.identifier.includes("__ods_"),
                  ),
                ).toEqual([]);
                expect(await real.registry.promotions()).toEqual([]);
                await assertConsistent(session, real, PR7, "analytics_pr_7");
                faulty.arm(null);
                const done = await promote(ctx, input);
                expect(done.status).toBe("committed");
                expect(await rowsOf(session, "analytics", "orders")).toEqual(pr.orders);
                expect(await rowsOf(session, "analytics", "customers")).toEqual(pr.customers);
                await assertConsistent(session, real, PR7, "analytics_pr_7");
              } finally {
                await session.close();
              }
            }
          }
        },
        LOOP,
      );

      it(
        "rollback: a failure at any step leaves the promotion in place; a rerun rolls back",
        async () => {
          const s = shop({ customersChange: true });
          const fresh = prepared(engine, async (session) => {
            const S0 = await prodBuilt(session, s);
            await prBuilt(session, s, S0);
            const real = await contextOn(session.warehouse);
            const mainPlan = mainPlanOf(s, S0);
            const decided = await planPromotion(real, {
              environment: PR7,
              plan: mainPlan,
              project: s.mainProject,
              prod: S0,
              sources: MAIN_SOURCES,
            });
            const before = await rowsOf(session, "analytics", "orders");
            await promote(real, {
              plan: decided,
              mainPlan,
              mainProject: s.mainProject,
              promotedBy: "main-run",
            });
            return { before, promoted: await rowsOf(session, "analytics", "orders") };
          });
          let steps = 0;
          for (let step = 0; step <= steps; step += 1) {
            if (step > 0 && !tried(step, part)) continue;
            for (const when of step === 0 ? (["before"] as const) : WHENS) {
              const { session, value } = await fresh();
              try {
                const real = await contextOn(session.warehouse);
                const faulty = new FaultyWarehouse(session.warehouse);
                const ctx = await contextOn(faulty, "2026-11-30T13:00:00.000Z");
                if (step === 0) {
                  faulty.arm(null);
                  await rollbackPromotion(ctx, { environment: PR7 });
                  steps = faulty.steps;
                  continue;
                }
                faulty.arm({ step, when });
                await rejects(rollbackPromotion(ctx, { environment: PR7 }));
                expect(await rowsOf(session, "analytics", "orders")).toEqual(value.promoted);
                expect((await real.registry.promotions())[0]!.status).toBe("committed");
                faulty.arm(null);
                expect((await rollbackPromotion(ctx, { environment: PR7 })).status).toBe("rolled_back");
                expect(await rowsOf(session, "analytics", "orders")).toEqual(value.before);
              } finally {
                await session.close();
              }
            }
          }
        },
        LOOP,
      );
    }
  });

  describe.each(inShard(stagedTargets(), shard))(
    `the staged and journaled protocol ($name; ${PARTS[part]})`,
    (target) => {
      const templates = new Map<Shop, ReturnType<typeof prepared<StateSnapshot>>>();
      async function setUp(s: Shop) {
        if (!templates.has(s)) {
          templates.set(
            s,
            prepared("duckdb", async (session) => {
              const S0 = await prodBuilt(session, s);
              await prBuilt(session, s, S0);
              return S0;
            }),
          );
        }
        const { session, value: S0 } = await templates.get(s)!();
        const faulty = await target.make(session);
        const real = await contextOn(session.warehouse);
        const ctx = await contextOn(faulty);
        const mainPlan = mainPlanOf(s, S0);
        const decided = await planPromotion(real, {
          environment: PR7,
          plan: mainPlan,
          project: s.mainProject,
          prod: S0,
          sources: MAIN_SOURCES,
        });
        const input = {
          plan: decided,
          mainPlan,
          mainProject: s.mainProject,
          promotedBy: "main-run",
          allowNonAtomic: true,
        };
        const rows = async () => ({
          orders: await rowsOf(session, "analytics", "orders"),
          customers: await rowsOf(session, "analytics", "customers"),
        });
        const before = await rows();
        const pr = {
          orders: await rowsOf(session, "analytics_pr_7", "orders"),
          customers: await rowsOf(session, "analytics_pr_7", "customers"),
        };
        return { session, faulty, real, ctx, input, rows, before, pr };
      }

      /** What readers see of each promoted table agrees with the journal. */
      async function assertJournal(t: Awaited<ReturnType<typeof setUp>>): Promise<void> {
        const promotions = await t.real.registry.promotions();
        const now = await t.rows();
        const committed = promotions.filter((p) => p.status === "committed");
        const open = promotions.filter((p) => p.status !== "committed" && p.status !== "aborted");
        expect(
          committed.length + open.length,
          "at most one promotion is in prod or in flight",
        ).toBeLessThanOrEqual(1);
        if (committed.length === 1) {
          expect(now).toEqual(t.pr);
          return;
        }
        if (open.length === 0) {
          // Nothing promoted, or every attempt aborted: prod as it was, nothing staged left.
          expect(now).toEqual(t.before);
          expect(
            (await t.session.warehouse.listObjects(["analytics"])).filter((o) =>
              o.identifier.includes("__ods_"),
            ),
          ).toEqual([]);
          return;
        }
        for (const s of await t.real.registry.steps(open[0]!.id)) {
          const name = s.target.identifier as "orders" | "customers";
          if (s.state === "switched") expect(now[name], `${name} is switched`).toEqual(t.pr[name]);
          else if (s.state !== "switching" && s.state !== "reverting")
            expect(now[name], `${name} is ${s.state}`).toEqual(t.before[name]);
        }
      }

      it(
        "is refused unless allowed, naming the missing capability",
        async () => {
          const t = await setUp(shop({ customersChange: true }));
          try {
            const error = await promote(t.ctx, { ...t.input, allowNonAtomic: false }).catch(
              (e: unknown) => e,
            );
            expect(isUserError(error) && error.code).toBe("promotion_not_atomic");
            expect(await t.rows()).toEqual(t.before);
            const done = await promote(t.ctx, t.input);
            expect(done.status).toBe("committed");
            expect(done.atomic).toBe(false);
            expect(await t.rows()).toEqual(t.pr);
          } finally {
            await t.session.close();
          }
        },
        LOOP,
      );

      it(
        "a failure at each step (before or after it took effect, once or for good) is reported, the journal tells what readers see, and a rerun finishes",
        async () => {
          const s = shop({ customersChange: true });
          const reference = await setUp(s);
          reference.faulty.arm(null);
          await promote(reference.ctx, reference.input);
          const steps = reference.faulty.steps;
          await reference.session.close();
          expect(steps).toBeGreaterThan(10);
          const modes = [
            { when: "before" as const, until: false },
            { when: "after" as const, until: false },
            { when: "before" as const, until: true },
          ];
          for (let step = 1; step <= steps; step += 1) {
            if (!tried(step, part)) continue;
            for (const mode of modes) {
              const t = await setUp(s);
              try {
                t.faulty.arm({ step, ...mode });
                const error = await promote(t.ctx, t.input).then(
                  () => null,
                  (e: unknown) => e,
                );
                expect(error, `step ${step} ${mode.when}${mode.until ? " for good" : ""}`).not.toBeNull();
                await assertJournal(t);
                const status = (await t.real.registry.promotions())[0]?.status;
                if (isUserError(error) && status === "aborted" && error.message.includes("while switching")) {
                  // The window in which readers saw a mix is reported, naming the nodes.
                  expect(error.message).toMatch(/readers saw the promoted/);
                }
                t.faulty.arm(null);
                if (status === "failed") {
                  const resumed = await rollbackPromotion(t.ctx, { resume: true, allowNonAtomic: true });
                  expect(resumed.status).toBe("resumed");
                  await assertJournal(t);
                  expect(await t.rows()).toEqual(t.before);
                }
                const done = await promote(t.ctx, t.input);
                expect(["committed", "already_committed"]).toContain(done.status);
                expect(await t.rows()).toEqual(t.pr);
                expect(
                  (await t.session.warehouse.listObjects(["analytics"])).filter((o) =>
                    o.identifier.includes("__ods_s_"),
                  ),
                ).toEqual([]);
                await assertJournal(t);
              } finally {
                await t.session.close();
              }
            }
          }
        },
        LOOP,
      );

      it(
        "rollback: a failure at each step (before or after it took effect, once or for good) leaves prod on one side of each switch, and a resume or rerun finishes it",
        async () => {
          const s = shop({ customersChange: true });
          const reference = await setUp(s);
          let steps = 0;
          try {
            await promote(reference.ctx, reference.input);
            reference.faulty.arm(null);
            await rollbackPromotion(reference.ctx, { allowNonAtomic: true });
            steps = reference.faulty.steps;
          } finally {
            await reference.session.close();
          }
          expect(steps).toBeGreaterThan(4);
          const modes = [
            { when: "before" as const, until: false },
            { when: "after" as const, until: false },
            { when: "before" as const, until: true },
          ];
          for (let step = 1; step <= steps; step += 1) {
            if (!tried(step, part)) continue;
            for (const mode of modes) {
              const t = await setUp(s);
              const at = `rollback step ${step} ${mode.when}${mode.until ? " for good" : ""}`;
              try {
                await promote(t.ctx, t.input);
                t.faulty.arm({ step, ...mode });
                const error = await rollbackPromotion(t.ctx, { allowNonAtomic: true }).then(
                  () => null,
                  (e: unknown) => e,
                );
                expect(error, at).not.toBeNull();
                // Each table is the promoted one or the one it replaced, whole: never missing, never a mix of rows.
                const now = await t.rows();
                for (const name of ["orders", "customers"] as const)
                  expect([t.pr[name], t.before[name]], `${at}: ${name}`).toContainEqual(now[name]);
                t.faulty.arm(null);
                const status = (await t.real.registry.promotions())[0]!.status;
                if (status === "committed") {
                  // The failure came before the rollback was journaled: nothing was switched back.
                  expect(now, at).toEqual(t.pr);
                  await rollbackPromotion(t.ctx, { allowNonAtomic: true });
                } else if (status === "rolling_back") {
                  const resumed = await rollbackPromotion(t.ctx, { resume: true, allowNonAtomic: true });
                  expect(resumed.status, at).toBe("resumed");
                } else {
                  expect(status, at).toBe("rolled_back");
                }
                expect(await t.rows(), at).toEqual(t.before);
                expect((await t.real.registry.promotions())[0]!.status, at).toBe("rolled_back");
                const left = (await t.session.warehouse.listObjects(["analytics"])).filter(
                  (o) => o.identifier.includes("__ods_") && !o.identifier.includes("__ods_u_"),
                );
                expect(left, `${at}: only the promoted tables are kept (under their undone names)`).toEqual(
                  [],
                );
              } finally {
                await t.session.close();
              }
            }
          }
        },
        LOOP,
      );

      it(
        "rollback is journaled too and resumes after an interruption",
        async () => {
          const s = shop({ customersChange: true });
          const t = await setUp(s);
          try {
            await promote(t.ctx, t.input);
            expect(await t.rows()).toEqual(t.pr);
            const refused = await rollbackPromotion(t.ctx, {}).catch((e: unknown) => e);
            expect(isUserError(refused) && refused.code).toBe("promotion_not_atomic");
            // Fails at the last step that switches a name back (after the first table was switched back), and
            // every step after it: found by a rollback of the same promotion on a copy.
            const reference = await setUp(s);
            let last = 0;
            try {
              await promote(reference.ctx, reference.input);
              reference.faulty.arm(null);
              await rollbackPromotion(reference.ctx, { allowNonAtomic: true });
              reference.faulty.log.forEach((name, index) => {
                if (/^(replaceTable|renameTable|swapTables|cloneTable|replaceFrom)$/.test(name))
                  last = index + 1;
              });
            } finally {
              await reference.session.close();
            }
            expect(last).toBeGreaterThan(1);
            t.faulty.arm({ step: last, when: "before", until: true });
            await rejects(rollbackPromotion(t.ctx, { allowNonAtomic: true }));
            expect((await t.real.registry.promotions())[0]!.status).toBe("rolling_back");
            t.faulty.arm(null);
            const resumed = await rollbackPromotion(t.ctx, { resume: true, allowNonAtomic: true });
            expect(resumed.resumed).toHaveLength(1);
            expect(await t.rows()).toEqual(t.before);
            expect((await t.real.registry.promotions())[0]!.status).toBe("rolled_back");
          } finally {
            await t.session.close();
          }
        },
        LOOP,
      );
    },
  );
}
