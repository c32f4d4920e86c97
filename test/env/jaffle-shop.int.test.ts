/**
 * A real public project's compiled SQL (dbt-labs' jaffle-shop, dbt 1.12 on
 * DuckDB, from ../shared/fixtures/dbt) through an environment on a real
 * DuckDB file: prod built from its manifest (seeds as empty tables with the
 * catalog's columns), a pull request changing `orders` and `locations`
 * compiled into its own schemas, pointer views for everything reused (each
 * answers a query), the changed nodes built against them, promotion on
 * merge, cleanup.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadRunResults } from "../../src/dbt/artifacts/run-results.js";
import { loadSources } from "../../src/dbt/artifacts/sources.js";
import {
  cleanupEnvironment,
  createEnvironment,
  environmentContext,
  planPromotion,
  promote,
  recordEnvironmentBuilds,
} from "../../src/environment/index.js";
import { buildSources } from "../support/run-builders.js";
import { sharedFixture, sharedFixturesPresent } from "../support/shared-fixtures.js";
import { runDbt } from "../support/warehouse/dbt-runner.js";
import { freshSession } from "../support/warehouse/engines.js";
import { buildSet, planOver, projectOf, recordProd } from "../support/warehouse/shop.js";

// biome-ignore lint/suspicious/noExplicitAny: manifest JSON
type Json = any;

const FOLDER = "jaffle-shop-duckdb-1.12";

function change(manifest: Json): Json {
  const edits: Record<string, [string, string]> = {
    "model.jaffle_shop.locations": [
      "select * from locations",
      "select * from locations where location_id is not null",
    ],
    "model.jaffle_shop.orders": ["order by ordered_at asc", "order by ordered_at asc, order_id asc"],
  };
  for (const [id, [from, to]] of Object.entries(edits)) {
    const node = manifest.nodes[id];
    expect(node.compiled_code).toContain(from);
    node.compiled_code = node.compiled_code.replace(from, to);
    if (node.raw_code.includes(from)) node.raw_code = node.raw_code.replace(from, to);
    else node.raw_code = `${node.raw_code}\n-- ${to}`;
  }
  return manifest;
}

/** The manifest as the CI target compiles it: models and seeds in their own schemas. */
function ciTarget(manifest: Json): Json {
  const text = JSON.stringify(manifest).replaceAll(
    '\\"jaffle_shop\\".\\"main\\".',
    '\\"jaffle_shop\\".\\"main_pr_1\\".',
  );
  const out = JSON.parse(text);
  for (const node of Object.values<Json>(out.nodes)) {
    if (node.resource_type === "model") node.schema = "main_pr_1";
    if (node.resource_type === "seed") {
      node.schema = "raw_pr_1";
      node.relation_name = node.relation_name.replace('"raw"', '"raw_pr_1"');
    }
  }
  return out;
}

describe.skipIf(!sharedFixturesPresent)(
  "jaffle-shop (dbt-labs, DuckDB) through a pull request's environment",
  () => {
    it("builds prod, serves the PR from pointer views, promotes on merge and cleans up", async () => {
      const manifest = JSON.parse(readFileSync(sharedFixture(FOLDER, "manifest.json"), "utf8"));
      const catalog = JSON.parse(readFileSync(sharedFixture(FOLDER, "catalog.json"), "utf8"));
      const session = await freshSession("duckdb", "jaffle_shop");
      try {
        // Seeds: header-only CSVs with the catalog's columns (the data isn't in the fixture).
        const seedsDir = path.dirname(
          (await session.rows("select path from duckdb_databases() where database_name = 'jaffle_shop'"))[0]!
            .path as string,
        );
        const seedColumns: Record<string, { name: string; type: string }[]> = {};
        for (const [id, entry] of Object.entries<Json>(catalog.nodes)) {
          if (!id.startsWith("seed.")) continue;
          const columns = Object.values<Json>(entry.columns).sort((a, b) => a.index - b.index);
          seedColumns[id] = columns.map((c) => ({ name: c.name, type: c.type }));
          writeFileSync(
            path.join(seedsDir, `${manifest.nodes[id].name}.csv`),
            `${columns.map((c) => c.name).join(",")}\n`,
          );
        }
        const dbt = async (
          m: Json,
          options: { select?: Set<string>; invocationId: string; startedAt: string },
        ) =>
          loadRunResults(
            JSON.stringify(
              await runDbt(session, { manifest: m, target: "prod", seedsDir, seedColumns, ...options }),
            ),
            "run_results.json",
          );
        const sourcesAt = (at: string) =>
          loadSources(
            JSON.stringify(
              buildSources(
                at,
                Object.fromEntries(Object.keys(manifest.sources).map((id) => [id, "2026-08-01T00:00:00Z"])),
              ),
            ),
            "sources.json",
          );

        const prodProject = projectOf(manifest, "jaffle/manifest.json");
        const prodRun = await dbt(manifest, {
          invocationId: manifest.metadata.invocation_id,
          startedAt: "2026-08-10T08:00:00.000Z",
        });
        expect(prodRun.results.filter((r) => !["success", "pass"].includes(r.status))).toEqual([]);
        const S0 = recordProd(
          prodProject,
          prodRun,
          null,
          sourcesAt("2026-08-10T07:59:00Z"),
          "2026-08-10T08:10:00Z",
        );

        // The pull request.
        const prManifest = ciTarget(change(JSON.parse(JSON.stringify(manifest))));
        const prProject = projectOf(prManifest, "jaffle/pr/manifest.json");
        const ctx = (await environmentContext(session.warehouse, {
          // The test plans in the shop helpers' scope (project `shop`): the environment is that project's.
          scope: { repository: "dbt-labs/jaffle-shop", project: "shop" },
          now: "2026-08-10T09:00:00.000Z",
        }))!;
        const prPlan = planOver(prProject, S0, {
          sources: sourcesAt("2026-08-10T08:55:00Z"),
          now: ctx.now,
          pointers: true,
        });
        const built = buildSet(prPlan);
        // The two seeds over 1 MiB have only a path checksum: never reused (code_incomplete).
        expect(built).toEqual(
          new Set([
            "model.jaffle_shop.orders",
            "model.jaffle_shop.customers",
            "model.jaffle_shop.locations",
            "model.jaffle_shop.metricflow_time_spine",
            "seed.jaffle_shop.raw_items",
            "seed.jaffle_shop.raw_orders",
          ]),
        );
        const made = await createEnvironment(ctx, {
          name: "pr-1",
          project: "shop",
          prNumber: 1,
          headSha: null,
          plan: prPlan,
          prod: S0,
        });
        expect(made.schemas).toEqual(["main_pr_1", "raw_pr_1"]);
        expect(made.pointers).toBe(prPlan.entries.length - built.size);
        for (const entry of prPlan.entries.filter((e) => e.action === "REUSE")) {
          const rows = await session.rows(
            `select count(*)::int as n from ${entry.relation.schema}.${entry.relation.identifier}`,
          );
          const prod = await session.rows(
            `select count(*)::int as n from ${entry.last_build!.relation!.schema}.${entry.last_build!.relation!.identifier}`,
          );
          expect(rows, entry.unique_id).toEqual(prod);
        }
        const prRun = await dbt(prManifest, {
          select: built,
          invocationId: "jaffle-pr-1",
          startedAt: "2026-08-10T09:01:00.000Z",
        });
        expect(prRun.results.filter((r) => !["success", "pass"].includes(r.status))).toEqual([]);
        await recordEnvironmentBuilds(ctx, {
          name: "pr-1",
          project: prProject,
          runResults: prRun,
          sources: sourcesAt("2026-08-10T08:55:00Z"),
        });

        // The merge.
        const mainManifest = change(JSON.parse(JSON.stringify(manifest)));
        const mainProject = projectOf(mainManifest, "jaffle/main/manifest.json");
        const mainSources = sourcesAt("2026-08-10T10:00:00Z");
        const mainPlan = planOver(mainProject, S0, { sources: mainSources, now: "2026-08-10T10:01:00.000Z" });
        // In prod the seeds write the sources' relations (jaffle-shop loads its sources with seeds): the
        // two seeds over 1 MiB are always built, so what reads them through a source is built too
        // (issue 18, class 11). The PR's seeds went to raw_pr_1, so there its readers read prod's.
        expect(buildSet(mainPlan)).toEqual(
          new Set([
            ...built,
            "model.jaffle_shop.stg_orders",
            "model.jaffle_shop.stg_order_items",
            "model.jaffle_shop.order_items",
          ]),
        );
        const decided = await planPromotion(ctx, {
          environment: "pr-1",
          plan: mainPlan,
          project: mainProject,
          prod: S0,
          sources: mainSources,
        });
        // What reads a seed through a source has the seed in its version key in prod, not in the PR
        // (whose seeds went elsewhere): not promoted, built (conservative: the PR's build read prod's
        // raw data, which main may load anew). So are their readers, whose keys name theirs.
        expect(Object.fromEntries(decided.decisions.map((d) => [d.unique_id, d.reason.code]))).toEqual({
          "model.jaffle_shop.orders": "version_differs",
          "model.jaffle_shop.customers": "version_differs",
          "model.jaffle_shop.locations": "version_differs",
          "model.jaffle_shop.order_items": "not_built_by_pr",
          "model.jaffle_shop.stg_orders": "not_a_table",
          "model.jaffle_shop.stg_order_items": "not_a_table",
          "model.jaffle_shop.metricflow_time_spine": "no_declared_inputs",
          "seed.jaffle_shop.raw_items": "not_a_table",
          "seed.jaffle_shop.raw_orders": "not_a_table",
        });
        const result = await promote(ctx, {
          plan: decided,
          mainPlan,
          mainProject,
          promotedBy: "jaffle-main",
        });
        expect(result.promoted).toHaveLength(0);
        const remaining = buildSet(mainPlan);
        const rest = await dbt(mainManifest, {
          select: remaining,
          invocationId: mainManifest.metadata.invocation_id,
          startedAt: "2026-08-10T10:02:00.000Z",
        });
        expect(
          rest.results
            .filter((r) => !r.uniqueId.startsWith("test.") && !r.uniqueId.startsWith("unit_test."))
            .map((r) => r.uniqueId)
            .sort(),
        ).toEqual([...remaining].sort());
        expect(await session.rows(`select count(*)::int as n from main.customers`)).toEqual(
          await session.rows(`select count(*)::int as n from main_pr_1.customers`),
        );

        const report = await cleanupEnvironment(ctx, { name: "pr-1", prod: S0 });
        expect(report.complete).toBe(true);
        const schemas = await session.warehouse.listSchemas();
        expect(schemas).not.toContain("main_pr_1");
        expect(schemas).not.toContain("raw_pr_1");
        expect(schemas).toContain("main");
      } finally {
        await session.close();
      }
    });
  },
);
