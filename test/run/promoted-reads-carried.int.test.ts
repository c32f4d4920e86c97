/**
 * Column impact (issue 24) across a promotion, on a real project
 * (jaffle-shop, DuckDB, from ../shared/fixtures/dbt) and a real SQLite state
 * file: a pull request changes `stg_products.is_food_item`; `order_items` and
 * `orders` read it and are built in its environment; `customers` reads none
 * of it and is reused. On merge, `order_items` and `orders` are promoted and
 * main's run rebuilds the view `stg_products`. Recording that run
 * (recordRun, as the action's post step and `ods-state record` do) settles
 * the promotion and then moves `customers`' read of `orders` to the promoted
 * build (`carried` keeps the build it actually read), so the next plan does
 * not build it for "new data". Without the SQL parser, main's build of
 * `stg_products` has no column facts, nothing proves the change unread, and
 * the read stays as it was.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sqliteStateFiles } from "../../src/adapters.js";
import { recordRun } from "../../src/app/record/record-run.js";
import { loadProject } from "../../src/dbt/load-project.js";
import { plan } from "../../src/planner/plan.js";
import { record } from "../../src/planner/record.js";
import { loadAnalyzeSql } from "../../src/runtime/column-facts-analyzer.js";
import { BUILT_AT, factsOf, planEdit, recordedBuild } from "../planner/column-impact/impact-harness.js";
import { Oracle, runDoc, scopeOf, sourcesDoc, targetOf } from "../planner/realistic-changes/harness.js";
import { sharedFixturesPresent } from "../support/shared-fixtures.js";

const JAFFLE = "jaffle-shop-duckdb-1.12";
const jaffle = (model: string) => `model.jaffle_shop.${model}`;
const STG_PRODUCTS = jaffle("stg_products");
const ORDER_ITEMS = jaffle("order_items");
const ORDERS = jaffle("orders");
const CUSTOMERS = jaffle("customers");
const PROD_RUN = "00000000-0000-4000-8000-0000000000b1";
const PR_RUN = "00000000-0000-4000-8000-0000000000c1";
const MAIN_RUN = "00000000-0000-4000-8000-0000000000d1";
const MAIN_AT = "2026-01-05T02:00:00Z";

const loaded = sharedFixturesPresent ? await loadAnalyzeSql() : null;
if (loaded && !loaded.ok) throw new Error(loaded.error);

describe.skipIf(!sharedFixturesPresent)(
  "a promotion carries the reads of nodes kept over its unread change",
  () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "ods-promoted-reads-"));
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it.each([
      { parser: true, customersReads: PR_RUN, carried: { [ORDERS]: PROD_RUN } },
      { parser: false, customersReads: PROD_RUN, carried: undefined },
    ])("main's run recorded with the SQL parser: $parser", async (row) => {
      const analyze = loaded!.ok ? loaded!.analyze : () => ({ ok: false as const, error: "" });
      const prod = recordedBuild(JAFFLE, analyze);
      const outcome = planEdit(
        JAFFLE,
        STG_PRODUCTS,
        (sql) =>
          sql.replace(
            "coalesce(type = 'jaffle', false) as is_food_item",
            "coalesce(type in ('jaffle', 'sandwich'), false) as is_food_item",
          ),
        analyze,
      );
      const decision = (id: string) => {
        const entry = outcome.withImpact.entries.find((e) => e.unique_id === id)!;
        return `${entry.action} ${entry.reasons[0]?.code}`;
      };
      expect(decision(CUSTOMERS)).toBe("REUSE parent_change_not_read");
      expect(decision(ORDERS)).toMatch(/^BUILD /);

      // The pull request's build of what the plan builds, recorded with column facts (as its environment records it).
      const m = structuredClone(outcome.changed);
      const o = new Oracle(m);
      // dbt writes the manifest and the run results of one invocation: one manifest per run.
      const projectOf = (invocation: string) => {
        m.metadata.invocation_id = invocation;
        return loadProject(JSON.stringify(m), "manifest.json");
      };
      const prProject = projectOf(PR_RUN);
      const project = projectOf(MAIN_RUN);
      const built = outcome.withImpact.entries.filter((e) => e.action === "BUILD").map((e) => e.unique_id);
      // `dbt build` of `ids`: they succeed and the tests that read them pass.
      const buildOf = (ids: readonly string[]) => ({
        ...Object.fromEntries(ids.map((id) => [id, "success"])),
        ...Object.fromEntries(
          o
            .allTests()
            .filter((test) =>
              ((m.nodes[test] ?? m.unit_tests?.[test])?.depends_on?.nodes ?? []).some((parent: string) =>
                ids.includes(parent),
              ),
            )
            .map((test) => [test, "pass"]),
        ),
      });
      const pr = record({
        project: prProject,
        runResults: runDoc(o, PR_RUN, BUILT_AT, buildOf(built)),
        sources: sourcesDoc(o, new Date(Date.parse(BUILT_AT) - 60_000).toISOString(), {}),
        scope: scopeOf(m),
        previous: prod,
        recordedRunIds: new Set(),
        target: targetOf(m),
        now: BUILT_AT,
        columnFacts: factsOf(prProject, analyze),
      }).snapshot;

      // Prod's state, then main's run (the view stg_products) recorded with the promotion of the two tables.
      const file = path.join(root, `state-${row.parser}.db`);
      const stateFile = sqliteStateFiles("auto").at(file);
      const store = await stateFile.openForWriting();
      await store.commit(scopeOf(m), null, prod);
      await store.close();
      const warnings: string[] = [];
      const { snapshot } = await recordRun(
        {
          stateFile,
          now: () => new Date("2026-01-05T03:00:00Z"),
          log: { warning: (message) => warnings.push(message) },
          ...(row.parser ? { loadSqlParser: async () => loaded! } : {}),
        },
        {
          scope: scopeOf(m),
          project,
          runResults: runDoc(o, MAIN_RUN, MAIN_AT, buildOf([STG_PRODUCTS])),
          sources: sourcesDoc(o, new Date(Date.parse(MAIN_AT) - 60_000).toISOString(), {}),
          targetName: "prod",
          promotions: {
            handedOff: [
              {
                promotedBy: "main-job",
                nodes: [ORDER_ITEMS, ORDERS].map((id) => ({
                  unique_id: id,
                  pr_run_id: PR_RUN,
                  state: pr.nodes[id]!,
                })),
              },
            ],
            inState: false,
          },
        },
      );
      expect(warnings).toEqual([]);
      expect(snapshot.nodes[ORDERS]).toMatchObject({ run_id: PR_RUN, promoted_by: "main-job" });
      expect(snapshot.nodes[STG_PRODUCTS]!.run_id).toBe(MAIN_RUN);
      const customers = snapshot.nodes[CUSTOMERS]!;
      expect(customers.run_id).toBe(PROD_RUN);
      expect(customers.parents[ORDERS]).toBe(row.customersReads);
      expect(customers.carried).toEqual(row.carried);

      // The next plan: customers reused as unchanged once its read was carried, built for new data otherwise.
      const next = plan({
        project,
        scope: scopeOf(m),
        state: { id: "next", snapshot },
        sources: sourcesDoc(o, "2026-01-05T04:00:00Z", {}),
        select: [],
        now: "2026-01-05T05:00:00Z",
        target: targetOf(m),
        columnFacts: factsOf(project, analyze),
      });
      const entry = next.entries.find((e) => e.unique_id === CUSTOMERS)!;
      expect(`${entry.action} ${entry.reasons[0]?.code}`).toBe(
        row.parser ? "REUSE unchanged" : "BUILD new_upstream_data",
      );
    });
  },
);
