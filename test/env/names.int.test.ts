/**
 * Hostile names never produce broken or injected SQL: names with quotes,
 * semicolons, comment markers, spaces and non-ASCII text reach the warehouse
 * quoted and come back exactly; names that could only pass by relying on
 * escaping (a double quote, control characters) or that the warehouse would
 * cut are refused before anything changes; names that differ only in case
 * are two objects on PostgreSQL and one on DuckDB (refused there as a
 * collision). On a real DuckDB file and a real PostgreSQL server.
 */
import { describe, expect, it } from "vitest";
import {
  cleanupEnvironment,
  createEnvironment,
  EnvironmentRegistry,
  environmentContext,
} from "../../src/environment/index.js";
import { isUserError } from "../../src/errors/user-error.js";
import type { Plan, PlanEntry } from "../../src/state/plan.js";
import type { NodeState, StateSnapshot } from "../../src/state/snapshot.js";
import { derivedName, identifierProblem, quoteIdentifier } from "../../src/warehouse/names.js";
import { ENGINES, freshSession } from "../support/warehouse/engines.js";
import type { Session } from "../support/warehouse/sessions.js";
import { ENV_SCOPE } from "../support/warehouse/shop.js";

const PG = { case_sensitive: true, max_length: 63, length_unit: "bytes" as const };
const DUCK = { case_sensitive: false, max_length: 255, length_unit: "characters" as const };

describe("identifier rules", () => {
  it.each([
    ["", "it is empty"],
    ['or"ders', "double quote"],
    ["orders\u0000", "U+0000"],
    ["orders\nDROP", "U+000A"],
    ["a\u007f", "U+007F"],
    ["\ud800x", "unpaired surrogate"],
    ["x".repeat(64), "64 bytes long"],
    ["é".repeat(32), "64 bytes long"],
  ])("refuses %j", (name, problem) => {
    expect(identifierProblem(name, PG)).toContain(problem);
    expect(() => quoteIdentifier(name, PG)).toThrow(expect.objectContaining({ code: "identifier_refused" }));
  });

  it.each([
    "orders",
    "a;b",
    "Robert'); DROP TABLE students;--",
    "with space",
    "Ωmega",
    "x".repeat(63),
    "é".repeat(31),
  ])("quotes %j", (name) => {
    expect(identifierProblem(name, PG)).toBeNull();
    expect(quoteIdentifier(name, PG)).toBe(`"${name}"`);
  });

  it("derives staged and retired names that fit and stay apart", () => {
    const a = `${"orders_with_a_very_long_name_".repeat(2)}a`;
    const b = `${"orders_with_a_very_long_name_".repeat(2)}b`;
    const da = derivedName(a, "r_0123abcd", PG);
    const db = derivedName(b, "r_0123abcd", PG);
    expect(new TextEncoder().encode(da).length).toBeLessThanOrEqual(63);
    expect(da).not.toBe(db);
    expect(derivedName("orders", "r_0123abcd", PG)).toBe("orders__ods_r_0123abcd");
    expect(derivedName("é".repeat(31), "s_0123abcd", PG)).toMatch(/^é+_[0-9a-f]{6}__ods_s_0123abcd$/);
    expect(identifierProblem(derivedName("é".repeat(31), "s_0123abcd", PG), PG)).toBeNull();
    expect(derivedName("x".repeat(255), "u_0123abcd", DUCK).length).toBe(255);
  });
});

/** A REUSE entry of a plan over prod's state, pointing at a prod relation. */
function reuse(
  id: string,
  at: { schema: string; identifier: string },
  prod: { schema: string; identifier: string },
): PlanEntry {
  return {
    unique_id: id,
    name: id,
    resource_type: "model",
    package_name: "hostile",
    materialized: "table",
    depth: 0,
    action: "REUSE",
    reasons: [{ code: "unchanged", message: "unchanged" }],
    evidence: [],
    relation: { database: null, ...at },
    last_build: {
      run_id: "prod-run",
      built_at: "2026-11-30T08:00:00Z",
      relation: { database: null, ...prod },
    },
  };
}

function planOf(entries: PlanEntry[]): Plan {
  return {
    schema_version: "1.1",
    scope: "hostile/prod",
    project: "hostile",
    environment: "prod",
    planned_at: "2026-11-30T10:00:00Z",
    state: { found: true, snapshot_id: "s", run_id: "prod-run", created_at: "2026-11-30T08:00:00Z" },
    selection: [],
    pointers: true,
    summary: { build: 0, reuse: entries.length },
    entries,
    build_command: null,
    select: "",
    exclude: "",
    select_terms: 0,
    select_exact: true,
    warnings: [],
  };
}

function prodOf(relations: Record<string, { schema: string; identifier: string }>): StateSnapshot {
  const nodes: Record<string, NodeState> = {};
  for (const [id, relation] of Object.entries(relations)) {
    nodes[id] = {
      fingerprint: { scheme: "dbt/3", digest: "d", components: {} },
      run_id: "prod-run",
      built_at: "2026-11-30T08:00:00Z",
      relation: { database: null, ...relation },
      parents: {},
      sources: {},
    };
  }
  return {
    schema_version: "1.2",
    project: "hostile",
    environment: "prod",
    run_id: "prod-run",
    created_at: "2026-11-30T08:00:00Z",
    nodes,
  };
}

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function makeTable(session: Session, schema: string, identifier: string, value: number): Promise<void> {
  await session.exec(`create schema if not exists ${q(schema)}`);
  await session.exec(`create table ${q(schema)}.${q(identifier)} as select ${value} as v`);
}

const PROD_SCHEMA = "prod; drop schema x cascade; --";
const HOSTILE = ["Robert'); DROP TABLE students;--", "a;b", "with space", "Ωmega", "*/ select 1; /*", "$1"];

describe.each(ENGINES)("hostile names on %s", (engine) => {
  it("pointer views with hostile names answer with prod's rows; registry round-trips them; cleanup removes them", async () => {
    const session = await freshSession(engine);
    try {
      const envSchema = "pr 7'; --";
      const relations: Record<string, { schema: string; identifier: string }> = {};
      for (const [i, name] of HOSTILE.entries()) {
        relations[`model.hostile.n${i}`] = { schema: PROD_SCHEMA, identifier: name };
        await makeTable(session, PROD_SCHEMA, name, i);
      }
      const long = engine === "postgres" ? "l".repeat(63) : "l".repeat(255);
      relations["model.hostile.long"] = { schema: PROD_SCHEMA, identifier: long };
      await makeTable(session, PROD_SCHEMA, long, 99);
      const prod = prodOf(relations);
      const plan = planOf(
        Object.entries(relations).map(([id, relation]) =>
          reuse(id, { schema: envSchema, identifier: relation.identifier }, relation),
        ),
      );
      const ctx = (await environmentContext(session.warehouse, {
        scope: { ...ENV_SCOPE, project: "hostile" },
        now: "2026-11-30T10:00:00Z",
        metaSchema: "ods meta; x",
      }))!;
      const name = `pr-7"; drop table x; --`;
      const made = await createEnvironment(ctx, {
        name,
        project: "hostile",
        prNumber: 7,
        headSha: "'; --",
        plan,
        prod,
      });
      expect(made.pointers).toBe(HOSTILE.length + 1);
      for (const [i, identifier] of HOSTILE.entries()) {
        expect(await session.rows(`select v from ${q(envSchema)}.${q(identifier)}`)).toEqual([{ v: i }]);
      }
      expect(await session.rows(`select v from ${q(envSchema)}.${q(long)}`)).toEqual([{ v: 99 }]);
      expect((await ctx.registry.environment(name))?.head_sha).toBe("'; --");
      expect((await ctx.registry.pointers(name)).map((p) => p.identifier).sort()).toEqual(
        Object.values(relations)
          .map((r) => r.identifier)
          .sort(),
      );
      const report = await cleanupEnvironment(ctx, { name, prod });
      expect(report.complete).toBe(true);
      expect(await session.warehouse.listSchemas()).not.toContain(envSchema);
      for (const [i, identifier] of HOSTILE.entries()) {
        expect(await session.rows(`select v from ${q(PROD_SCHEMA)}.${q(identifier)}`)).toEqual([{ v: i }]);
      }
    } finally {
      await session.close();
    }
  });

  it("refuses a name with a double quote, a control character or too long, before changing anything", async () => {
    const session = await freshSession(engine);
    try {
      await makeTable(session, "analytics", "orders", 1);
      const prod = prodOf({ "model.x.orders": { schema: "analytics", identifier: "orders" } });
      const ctx = (await environmentContext(session.warehouse, {
        scope: { ...ENV_SCOPE, project: "x" },
        now: "2026-11-30T10:00:00Z",
      }))!;
      const tooLong = engine === "postgres" ? "é".repeat(32) : "x".repeat(256);
      for (const identifier of [
        'orders" as select 1; drop table analytics.orders; --',
        "orders\n",
        tooLong,
      ]) {
        const plan = planOf([
          reuse(
            "model.x.orders",
            { schema: "pr_7", identifier },
            { schema: "analytics", identifier: "orders" },
          ),
        ]);
        const error = await createEnvironment(ctx, {
          name: "pr-7",
          project: "x",
          prNumber: 7,
          headSha: null,
          plan,
          prod,
        }).catch((e: unknown) => e);
        expect(isUserError(error) && error.code).toBe("identifier_refused");
      }
      expect(await session.warehouse.listSchemas()).not.toContain("pr_7");
      expect(await ctx.registry.environment("pr-7")).toBeNull();
      expect(await session.rows(`select v from "analytics"."orders"`)).toEqual([{ v: 1 }]);
      const refused = await EnvironmentRegistry.open(session.warehouse, { schema: 'ods"meta' }).catch(
        (e: unknown) => e,
      );
      expect(isUserError(refused) && refused.code).toBe("identifier_refused");
    } finally {
      await session.close();
    }
  });

  it("names differing only in case: two objects on PostgreSQL, a refused collision on DuckDB", async () => {
    const session = await freshSession(engine);
    try {
      await makeTable(session, "analytics", "Orders", 1);
      if (engine === "postgres") await makeTable(session, "analytics", "orders", 2);
      const relations: Record<string, { schema: string; identifier: string }> =
        engine === "postgres"
          ? {
              "model.x.Orders": { schema: "analytics", identifier: "Orders" },
              "model.x.orders": { schema: "analytics", identifier: "orders" },
            }
          : { "model.x.Orders": { schema: "analytics", identifier: "Orders" } };
      const prod = prodOf(relations);
      const ctx = (await environmentContext(session.warehouse, {
        scope: { ...ENV_SCOPE, project: "x" },
        now: "2026-11-30T10:00:00Z",
      }))!;
      const plan = planOf([
        reuse(
          "model.x.Orders",
          { schema: "pr_7", identifier: "Orders" },
          { schema: "analytics", identifier: "Orders" },
        ),
        reuse(
          "model.x.orders",
          { schema: "pr_7", identifier: "orders" },
          relations["model.x.orders" as keyof typeof relations] ?? {
            schema: "analytics",
            identifier: "Orders",
          },
        ),
      ]);
      const outcome = await createEnvironment(ctx, {
        name: "pr-7",
        project: "x",
        prNumber: 7,
        headSha: null,
        plan,
        prod,
      }).catch((e: unknown) => e);
      if (engine === "postgres") {
        expect(await session.rows(`select v from "pr_7"."Orders"`)).toEqual([{ v: 1 }]);
        expect(await session.rows(`select v from "pr_7"."orders"`)).toEqual([{ v: 2 }]);
        expect((await cleanupEnvironment(ctx, { name: "pr-7", prod })).complete).toBe(true);
      } else {
        expect(isUserError(outcome) && outcome.code).toBe("identifier_refused");
        expect(String((outcome as Error).message)).toContain("differing only in case");
        expect(await session.warehouse.listSchemas()).not.toContain("pr_7");
      }
    } finally {
      await session.close();
    }
  });

  it("moves and replaces tables with hostile and maximal-length names", async () => {
    const session = await freshSession(engine);
    try {
      const w = session.warehouse;
      const max = engine === "postgres" ? "t".repeat(63) : "t".repeat(255);
      for (const identifier of [...HOSTILE, max]) {
        await makeTable(session, PROD_SCHEMA, identifier, 1);
        await makeTable(session, "pr; 7", identifier, 2);
        const staged = derivedName(identifier, "s_0123abcd", w.capabilities.identifiers);
        const retired = derivedName(identifier, "r_0123abcd", w.capabilities.identifiers);
        await w.transaction(async () => {
          await w.stageTable({ schema: "pr; 7", identifier }, { schema: PROD_SCHEMA, identifier: staged });
          await w.replaceTable({ schema: PROD_SCHEMA, identifier }, staged, retired);
        });
        expect(await session.rows(`select v from ${q(PROD_SCHEMA)}.${q(identifier)}`)).toEqual([{ v: 2 }]);
        expect(await session.rows(`select v from ${q(PROD_SCHEMA)}.${q(retired)}`)).toEqual([{ v: 1 }]);
      }
    } finally {
      await session.close();
    }
  });
});
