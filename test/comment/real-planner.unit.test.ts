/**
 * The renderer on plans made by the real planner (src/planner/plan.ts), not
 * the test builder: its reasons, subjects and messages as they really are.
 */
import { describe, expect, it } from "vitest";
import { mermaidLabel } from "../../src/comment/markdown-escape.js";
import { renderComment } from "../../src/comment/render-comment.js";
import { renderTerminal } from "../../src/comment/render-terminal.js";
import { type ModelSpec, modelId } from "../support/manifest-builder.js";
import { planOf, projectOf, recordRun, sourcesOf } from "../support/planner-harness.js";
import { ORDERS_SOURCE, stg } from "../support/shop-base-project.js";

const orders = (over: Partial<ModelSpec> = {}): ModelSpec => ({
  name: "orders",
  sql: 'select * from "warehouse"."analytics"."stg_orders"',
  raw: "select * from {{ ref('stg_orders') }}",
  dependsOn: [modelId("stg_orders")],
  ...over,
});
const audit = (over: Partial<ModelSpec> = {}): ModelSpec => ({
  name: "orders_audit",
  sql: 'select * from "warehouse"."analytics"."orders"',
  raw: "select * from {{ ref('orders') }}",
  dependsOn: [modelId("orders")],
  // A query the hook runs depends on the run (an env_var read is compared by value since issue 36).
  postHooks: ["insert into audit select '{{ run_query(\"select 1\").columns[0][0] }}'"],
  ...over,
});

const BEFORE_RUN = "2026-11-01T09:00:00Z";
const AFTER_RUN = "2026-11-01T11:00:00Z";
const LOADED = "2026-11-01T08:00:00Z";

function baseline(models: ModelSpec[]) {
  const project = projectOf(models, { sources: ["raw.orders"] });
  const statuses = Object.fromEntries([...project.graph.order].map((id) => [id, "success"]));
  return recordRun(project, { statuses }, { sources: sourcesOf(BEFORE_RUN, { [ORDERS_SOURCE]: LOADED }) })
    .snapshot;
}

describe("rendering the real planner's plans", () => {
  it("one model edited: components, parents, lineage, command", () => {
    const before = baseline([stg(), orders(), audit({ postHooks: [] })]);
    const edited = projectOf(
      [
        stg({ sql: 'select id, amount, status from "warehouse"."raw"."orders"' }),
        orders(),
        audit({ postHooks: [] }),
      ],
      { sources: ["raw.orders"] },
    );
    const plan = planOf(edited, before, { sources: sourcesOf(AFTER_RUN, { [ORDERS_SOURCE]: LOADED }) });
    const text = renderComment(plan, { pullRequest: 7 });
    expect(text).toContain("- <code>stg\\_orders</code> — compiled SQL changed");
    expect(text).toContain("- <code>orders</code> — parent <code>stg\\_orders</code> changes code");
    expect(text).toContain("- <code>orders\\_audit</code> — parent <code>orders</code> changes code");
    expect(text).toContain("```mermaid\ngraph LR\n");
    expect(text).toContain(`[("${mermaidLabel("◎ raw.orders")}")]`);
    expect(text).toContain(
      "<summary><b>dbt command</b>: selects exactly what the plan builds; data tests run",
    );
    expect(text).toContain(plan.build_command!);
    const terminal = renderTerminal(plan);
    expect(terminal).toMatch(/BUILD {2}stg_orders +compiled SQL changed/);
  });

  it("a hook reading the environment and new source data: the planner's message, escaped", () => {
    const before = baseline([stg(), orders(), audit()]);
    const plan = planOf(projectOf([stg(), orders(), audit()], { sources: ["raw.orders"] }), before, {
      sources: sourcesOf(AFTER_RUN, { [ORDERS_SOURCE]: "2026-11-01T10:00:00Z" }),
    });
    const text = renderComment(plan, {});
    expect(text).toMatch(/- <code>orders\\_audit<\/code> — .*reads <code>run\\_query<\/code>/);
    expect(text).toContain(
      "- <code>stg\\_orders</code> — new data in source <code>raw.orders</code> since the last build",
    );
    expect(text).toContain(
      "- <code>orders\\_audit</code> — <code>post-hook 1</code> reads <code>run\\_query</code>",
    );
  });

  it("no state: the warning and one shared reason", () => {
    const plan = planOf(
      projectOf([stg(), orders(), audit({ postHooks: [] })], { sources: ["raw.orders"] }),
      null,
    );
    const text = renderComment(plan, { headSha: "abcdef1234567" });
    expect(text).toContain("> [!WARNING]");
    expect(text).toContain("no recorded state for **prod** yet");
    expect(text).not.toContain("to reuse (");
  });
});
