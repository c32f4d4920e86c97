/**
 * Issue 37, class 5: the data diff never lets a pull request choose which
 * prod data the comment shows. Key values are read only for the key prod's
 * recorded manifest declares (`StateSnapshot.diff_keys`, written by
 * record()); a key the pull request adds or changes counts rows but shows no
 * value, and says why; a key only in the PR's table is never shown.
 *
 * On DuckDB and PostgreSQL: the shop's prod built by dbt and recorded, then
 * PR 7 changed by hand the way a hostile pull request would, its environment
 * created, built and recorded, and diffPullRequest with key values asked for
 * (`show_keys`). The PR upper-cases `stg_customers.first_name`, so every row
 * of `stg_customers` and `customers` changes; the e-mail addresses of the raw
 * customers (`…@example.com`) must never reach the report, the comment or
 * the terminal.
 */
import { describe, expect, it } from "vitest";
import { diffPullRequest } from "../../src/app/environment/diff-pull-request.js";
import { renderDataDiffText } from "../../src/comment/render-data-diff-text.js";
import { renderDataDiffMarkdown } from "../../src/comment/sections/data-diff.js";
import { DEFAULT_DATA_DIFF_LIMITS } from "../../src/environment/data-diff-settings.js";
import { environmentContext } from "../../src/environment/index.js";
import type { ComparedRows, DataDiffReport, NodeDataDiff } from "../../src/state/data-diff.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { ENGINES, prepared } from "../support/warehouse/engines.js";
import { PR7, prBuilt, prodBuilt, prPlanOf, type Shop, shop } from "../support/warehouse/scenario.js";
import type { Session } from "../support/warehouse/sessions.js";
import { ENV_SCOPE, projectOf } from "../support/warehouse/shop.js";

// biome-ignore lint/suspicious/noExplicitAny: manifest JSON
type Json = any;

const EMAIL = /@example\.com/;

/** PR 7 plus a change to `stg_customers` (every first name upper-cased), and `edit` on its manifest. */
function hostileShop(edit: (manifest: Json) => void): Shop {
  const s = shop();
  const manifest = structuredClone(s.prManifest);
  const node = manifest.nodes["model.shop.stg_customers"];
  for (const key of ["raw_code", "compiled_code"])
    node[key] = node[key].replace("        first_name,\n", "        upper(first_name) as first_name,\n");
  edit(manifest);
  return { ...s, prManifest: manifest, prProject: projectOf(manifest, "pr-7/manifest.json") };
}

/** `unique` and `not_null` data tests on `column` of `model` (as dbt writes them for a schema.yml entry). */
function addKeyTests(manifest: Json, model: string, column: string): void {
  const name = model.split(".").pop();
  const relation = manifest.nodes[model].relation_name;
  const template = manifest.nodes["test.shop.unique_customers_customer_id.c5af1ff4b1"];
  const tests: Array<[string, string]> = [
    [
      "unique",
      `select ${column} as unique_field, count(*) as n_records from ${relation} where ${column} is not null group by ${column} having count(*) > 1`,
    ],
    ["not_null", `select ${column} from ${relation} where ${column} is null`],
  ];
  for (const [test, sql] of tests) {
    const id = `test.shop.${test}_${name}_${column}.0000000000`;
    manifest.nodes[id] = {
      ...structuredClone(template),
      name: `${test}_${name}_${column}`,
      alias: `${test}_${name}_${column}`,
      unique_id: id,
      fqn: ["shop", "staging", `${test}_${name}_${column}`],
      raw_code: `{{ test_${test}(**_dbt_generic_test_kwargs) }}`,
      refs: [{ name, package: null, version: null }],
      depends_on: { macros: [`macro.dbt.test_${test}`, "macro.dbt.get_where_subquery"], nodes: [model] },
      compiled_code: sql,
      column_name: column,
      attached_node: model,
      test_metadata: {
        name: test,
        kwargs: { column_name: column, model: `{{ get_where_subquery(ref('${name}')) }}` },
        namespace: null,
      },
    };
    manifest.parent_map[id] = [model];
    manifest.child_map[id] = [];
    manifest.child_map[model] = [...(manifest.child_map[model] ?? []), id];
  }
}

const LIMITS = { ...DEFAULT_DATA_DIFF_LIMITS, show_keys: 5 };

async function diffOf(session: Session, s: Shop, prod: StateSnapshot): Promise<DataDiffReport> {
  const ctx = (await environmentContext(session.warehouse, {
    scope: ENV_SCOPE,
    now: "2026-11-30T10:20:00.000Z",
    create: false,
  }))!;
  return diffPullRequest(
    ctx,
    {
      environment: PR7,
      overProd: prPlanOf(s, prod),
      project: s.prProject,
      prod,
      limits: LIMITS,
      comparedWith: "prod",
    },
    () => new Date(),
  );
}

function byName(report: DataDiffReport): Record<string, NodeDataDiff> {
  return Object.fromEntries(report.nodes.map((n) => [n.name, n]));
}

function rowsOf(node: NodeDataDiff | undefined): ComparedRows {
  expect(node?.rows?.status, JSON.stringify(node)).toBe("compared");
  return node!.rows as ComparedRows;
}

/** Every form the report takes (JSON, the comment's markdown, the terminal's text) holds no e-mail address. */
function expectNoEmail(report: DataDiffReport): void {
  for (const text of [JSON.stringify(report), renderDataDiffMarkdown(report), renderDataDiffText(report)])
    expect(text).not.toMatch(EMAIL);
}

describe.each(ENGINES)("the data diff shows values only of prod's key on %s (issue 37)", (engine) => {
  it("records the keys main's manifest declares in prod's state", async () => {
    const s = shop();
    const run = prepared(engine, (session) => prodBuilt(session, s));
    const { session, value: prod } = await run();
    try {
      expect(prod.schema_version).toBe("1.8");
      expect(prod.diff_keys).toEqual({
        "model.shop.customers": { columns: ["customer_id"], source: "tests" },
        "model.shop.fct_daily_revenue": { columns: ["order_date"], source: "unique_key" },
        "model.shop.orders": { columns: ["order_id"], source: "tests" },
      });
    } finally {
      await session.close();
    }
  });

  it("a PR that adds unique and not_null tests on an e-mail column counts rows by it but shows no value", async () => {
    const s = hostileShop((m) => addKeyTests(m, "model.shop.stg_customers", "email"));
    const run = prepared(engine, async (session) => {
      const prod = await prodBuilt(session, s);
      await prBuilt(session, s, prod);
      return prod;
    });
    const { session, value: prod } = await run();
    try {
      const report = await diffOf(session, s, prod);
      const nodes = byName(report);
      const stg = rowsOf(nodes.stg_customers);
      // The PR's key counts the rows: every one changed (first names upper-cased).
      expect(stg).toMatchObject({ key: { columns: ["email"], source: "tests" }, changed: 24, unchanged: 0 });
      expect(stg).not.toHaveProperty("examples");
      expect(stg.examples_withheld).toContain("declared by this pull request");
      // customers: prod's own key (customer_id), so its values are shown.
      const customers = rowsOf(nodes.customers);
      expect(customers.key.columns).toEqual(["customer_id"]);
      expect(customers.examples?.changed).toEqual([["1"], ["2"], ["3"], ["4"], ["5"]]);
      // orders: prod's key too; the three orders PR 7 changes.
      expect(rowsOf(nodes.orders).examples?.changed).toEqual([["5"], ["16"], ["27"]]);
      expectNoEmail(report);
      expect(renderDataDiffMarkdown(report)).toContain("declared by this pull request");
    } finally {
      await session.close();
    }
  });

  it("a PR that names an e-mail column as its key in `meta` counts rows by it but shows no value", async () => {
    const s = hostileShop((m) => {
      m.nodes["model.shop.customers"].config.meta = { ods: { key: "email" } };
    });
    const run = prepared(engine, async (session) => {
      const prod = await prodBuilt(session, s);
      await prBuilt(session, s, prod);
      return prod;
    });
    const { session, value: prod } = await run();
    try {
      const report = await diffOf(session, s, prod);
      const customers = rowsOf(byName(report).customers);
      expect(customers).toMatchObject({ key: { columns: ["email"], source: "meta" }, changed: 24 });
      expect(customers).not.toHaveProperty("examples");
      expect(customers.examples_withheld).toContain("changes the key from `customer_id`");
      expectNoEmail(report);
      expect(renderDataDiffText(report)).toContain(
        "key examples not shown: This pull request changes the key",
      );
    } finally {
      await session.close();
    }
  });

  it("shows no value when prod's state records no keys (written before 1.8), and says how that ends", async () => {
    const s = shop();
    const run = prepared(engine, async (session) => {
      const prod = await prodBuilt(session, s);
      await prBuilt(session, s, prod);
      return prod;
    });
    const { session, value: prod } = await run();
    try {
      const older: StateSnapshot = { ...structuredClone(prod), schema_version: "1.7" };
      delete older.diff_keys;
      const orders = rowsOf(byName(await diffOf(session, s, older)).orders);
      expect(orders).toMatchObject({ changed: 3 });
      expect(orders).not.toHaveProperty("examples");
      expect(orders.examples_withheld).toContain("the default branch's next run records them");
    } finally {
      await session.close();
    }
  });
});
