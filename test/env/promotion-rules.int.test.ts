/**
 * Why a BUILD node of main's plan is or isn't promoted, one rule at a time,
 * on the shop fixture built on a real DuckDB file: the promoted case, and
 * each way the merged pull request's build stops being provably the build
 * prod would make (its checks failed, its build failed, main has other code,
 * new source data since, a parent rebuilt in prod since, the table gone).
 */

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadRunResults } from "../../src/dbt/artifacts/run-results.js";
import { loadSources } from "../../src/dbt/artifacts/sources.js";
import {
  environmentContext,
  planPromotion,
  promote,
  recordEnvironmentBuilds,
  rollbackPromotion,
} from "../../src/environment/index.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { prepared } from "../support/warehouse/engines.js";
import {
  MAIN_SOURCES,
  mainPlanOf,
  PR_SOURCES,
  PR7,
  prBuilt,
  prodBuilt,
  shop,
} from "../support/warehouse/scenario.js";
import { ENV_SCOPE, projectOf, SHOP } from "../support/warehouse/shop.js";

const s = shop();
const fresh = prepared("duckdb", async (session) => {
  const S0 = await prodBuilt(session, s);
  await prBuilt(session, s, S0);
  return S0;
});

async function decide(
  options: {
    prod?: (S0: StateSnapshot) => StateSnapshot;
    sources?: typeof MAIN_SOURCES | null;
    main?: ReturnType<typeof shop>;
    before?: (
      session: Awaited<ReturnType<typeof fresh>>["session"],
      ctx: NonNullable<Awaited<ReturnType<typeof environmentContext>>>,
    ) => Promise<void>;
  } = {},
) {
  const { session, value: S0 } = await fresh();
  try {
    const ctx = (await environmentContext(session.warehouse, {
      scope: ENV_SCOPE,
      now: "2026-11-30T12:02:00.000Z",
    }))!;
    await options.before?.(session, ctx);
    const prod = options.prod ? options.prod(S0) : S0;
    const main = options.main ?? s;
    const plan = mainPlanOf(main, prod);
    const decided = await planPromotion(ctx, {
      environment: PR7,
      plan,
      project: main.mainProject,
      prod,
      sources: options.sources === undefined ? MAIN_SOURCES : options.sources,
    });
    return Object.fromEntries(
      decided.decisions.map((d) => [
        d.unique_id.replace(/^model\.shop\./, ""),
        `${d.reason.code}: ${d.reason.message}`,
      ]),
    );
  } finally {
    await session.close();
  }
}

describe("promotion rules", () => {
  it("promotes the table built with main's code over prod's data; says why the rest is built", async () => {
    expect(await decide()).toEqual({
      stg_orders: "not_a_table: It is a view: only tables are promoted; dbt builds it.",
      orders: expect.stringMatching(/^promoted: Built by the pull request \(run pr7-run-1\)/),
      customer_countries: expect.stringMatching(/^has_hooks: /),
      fct_daily_revenue: "not_a_table: It is an incremental: only tables are promoted; dbt builds it.",
    });
  });

  it("not when its checks failed in the pull request", async () => {
    const decided = await decide({
      before: async (_session, ctx) => {
        const builds = await ctx.registry.builds(PR7);
        const orders = builds.find((b) => b.node_id === "model.shop.orders")!;
        await ctx.registry.putBuild({ ...orders, tested: "failed" });
      },
    });
    expect(decided.orders).toMatch(
      /^checks_not_passed: Its checks failed in the pull request's run pr7-run-1\./,
    );
  });

  it("not when its build failed in a later push", async () => {
    const decided = await decide({
      before: async (_session, ctx) => {
        const results = {
          metadata: {
            dbt_schema_version: "https://schemas.getdbt.com/dbt/run-results/v6.json",
            generated_at: "2026-11-30T11:30:05Z",
            invocation_id: "pr7-run-2",
            invocation_started_at: "2026-11-30T11:30:00Z",
          },
          results: [
            {
              unique_id: "model.shop.orders",
              status: "error",
              timing: [],
              thread_id: null,
              execution_time: 1,
              message: "boom",
              failures: null,
            },
          ],
          elapsed_time: 5,
          args: { which: "build" },
        };
        await recordEnvironmentBuilds(ctx, {
          name: PR7,
          project: s.prProject,
          runResults: loadRunResults(JSON.stringify(results), "rr.json"),
          sources: PR_SOURCES,
        });
      },
    });
    expect(decided.orders).toBe(
      "pr_build_failed: Its last build in the pull request (run pr7-run-2) ended with status error.",
    );
  });

  it("not when main has other code (another pull request merged first)", async () => {
    const other = shop();
    const manifest = JSON.parse(JSON.stringify(other.mainManifest));
    const node = manifest.nodes["model.shop.stg_payments"];
    node.compiled_code = node.compiled_code.replace(
      "payment_method,",
      "lower(payment_method) as payment_method,",
    );
    const main = { ...other, mainManifest: manifest, mainProject: projectOf(manifest) };
    const decided = await decide({ main });
    expect(decided.orders).toMatch(/^version_differs: The pull request built another version of it/);
  });

  it("not when a source has new data since the pull request built it", async () => {
    const doc = JSON.parse(readFileSync(path.join(SHOP, "prod-after-merge/sources.json"), "utf8"));
    for (const result of doc.results)
      if (result.unique_id === "source.shop.raw.orders") result.max_loaded_at = "2026-11-30T11:45:00Z";
    const decided = await decide({ sources: loadSources(JSON.stringify(doc), "sources.json") });
    expect(decided.orders).toMatch(/^parent_changed: Parent `stg_orders` as the pull request built it/);
  });

  it("not when a parent it read through a pointer was rebuilt in prod since", async () => {
    const decided = await decide({
      prod: (S0) => ({
        ...S0,
        nodes: {
          ...S0.nodes,
          "model.shop.stg_payments": { ...S0.nodes["model.shop.stg_payments"]!, run_id: "prod-rebuild" },
        },
      }),
    });
    expect(decided.orders).toMatch(
      /^parent_changed: Parent `stg_payments` was rebuilt in prod \(run prod-rebuild\) after the pull request read run /,
    );
  });

  it("not when the pull request's table is gone", async () => {
    const decided = await decide({
      before: async (session) => {
        await session.exec(`drop table "analytics_pr_7"."orders"`);
      },
    });
    expect(decided.orders).toBe(
      "relation_missing: The pull request's table analytics_pr_7.orders is not in the warehouse.",
    );
  });

  it("not without evidence of the sources' data now", async () => {
    const decided = await decide({ sources: null });
    expect(decided.orders).toMatch(
      /^parent_changed: Parent `stg_orders` .* \(source `raw\.orders` has no version now/,
    );
  });
});

describe("a table new to prod", () => {
  it("is promoted without replacing anything; a rollback takes it out of prod (kept until the retention)", async () => {
    const { session, value: S0 } = await fresh();
    try {
      const ctx = (await environmentContext(session.warehouse, {
        scope: ENV_SCOPE,
        now: "2026-11-30T12:02:00.000Z",
      }))!;
      await session.exec(`create table "analytics_pr_7"."brand_new" as select 42 as answer`);
      const mainPlan = mainPlanOf(s, S0);
      const plan = {
        environment: PR7,
        project: "shop",
        decisions: [],
        candidates: [
          {
            unique_id: "model.shop.brand_new",
            from: { schema: "analytics_pr_7", identifier: "brand_new" },
            to: { schema: "analytics", identifier: "brand_new" },
            replaces: false,
            pr_run_id: "pr7-run-1",
            version_key: "v",
            promoted_state: { ...S0.nodes["model.shop.orders"]!, run_id: "pr7-run-1" },
            previous_state: null,
          },
        ],
      };
      const result = await promote(ctx, {
        plan,
        mainPlan,
        mainProject: s.mainProject,
        promotedBy: "main-new",
      });
      expect(result.promoted[0]!.retired).toBeNull();
      expect(await session.rows(`select answer from "analytics"."brand_new"`)).toEqual([{ answer: 42 }]);
      const rolled = await rollbackPromotion(ctx, { id: result.id! });
      expect(rolled.restored).toEqual([
        expect.objectContaining({ unique_id: "model.shop.brand_new", previous_state: null }),
      ]);
      const names = (await session.warehouse.listObjects(["analytics"])).map((o) => o.identifier);
      expect(names).not.toContain("brand_new");
      expect(names).toContain(rolled.restored[0]!.promoted_kept_as.identifier);
    } finally {
      await session.close();
    }
  });
});
