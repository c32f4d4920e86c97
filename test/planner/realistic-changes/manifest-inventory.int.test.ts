/**
 * Issue 36, the manifest surface's closed world on a real project
 * (jaffle-shop-duckdb-1.12): what ODS does with manifest fields no inventory
 * row classifies (src/dbt/inventory/manifest-rows.ts), with the changes that
 * are new to it (relation_name and event_time of sources), and with a path a
 * newer ODS classifies. Each change is written the way dbt writes it; every
 * planned node's action and reason is asserted.
 */
import { describe, expect, it } from "vitest";
import { makeFingerprint } from "../../../src/dbt/fingerprint/fingerprint.js";
import { loadProject } from "../../../src/dbt/load-project.js";
import { plan } from "../../../src/planner/plan.js";
import { sharedFixturesPresent } from "../../support/shared-fixtures.js";
import {
  assertPlan,
  DEFAULT_PLAN_AT,
  entryOf,
  FIXTURES,
  fullBuildStatuses,
  type Json,
  manifestJson,
  Oracle,
  recordRun,
  runScenario,
  scopeOf,
  sourcesDoc,
  T0,
  targetOf,
} from "./harness.js";

const UNCLASSIFIED = "BUILD unclassified_input_changed";
const CC = "BUILD code_changed";
const J = "model.jaffle_shop";
const RAW_ORDERS = "source.jaffle_shop.ecom.raw_orders";

describe.skipIf(!sharedFixturesPresent)("manifest inventory: the closed world on a real project", () => {
  it.each([
    {
      name: "a field a future dbt adds to a model builds it, naming the field; its readers follow",
      change: (m: Json) => {
        m.nodes[`${J}.stg_orders`].row_access_policy = { name: "orders_by_region" };
      },
      effects: { [`${J}.stg_orders`]: UNCLASSIFIED },
      names: { [`${J}.stg_orders`]: "unclassified:nodes.<model>.row_access_policy" },
    },
    {
      name: "a new top-level manifest member builds every node",
      change: (m: Json) => {
        m.catalogs = { main: { type: "iceberg" } };
      },
      effects: (o: Oracle) => Object.fromEntries(o.planned.map((id) => [id, UNCLASSIFIED])),
      names: { [`${J}.orders`]: "unclassified:catalogs" },
    },
    {
      name: "a source's new field builds the models that read it",
      change: (m: Json) => {
        m.sources[RAW_ORDERS].external_access = { location: "s3://bucket/orders/" };
      },
      effects: { [`${J}.stg_orders`]: UNCLASSIFIED },
      names: { [`${J}.stg_orders`]: "unclassified:sources.<source>.external_access" },
    },
    {
      name: "a macro's new field builds the nodes that run it",
      change: (m: Json) => {
        m.macros["macro.jaffle_shop.cents_to_dollars"].run_as = "owner";
      },
      // cents_to_dollars: stg_products, stg_supplies, stg_orders call it (depends_on.macros).
      effects: {
        [`${J}.stg_products`]: UNCLASSIFIED,
        [`${J}.stg_supplies`]: UNCLASSIFIED,
        [`${J}.stg_orders`]: UNCLASSIFIED,
      },
      names: { [`${J}.stg_orders`]: "unclassified:macros.<macro>.run_as" },
    },
    {
      // dbt renders a source's relation with its quoting (core/dbt/context/providers.py
      // BaseSourceResolver.resolve → Relation.create_from(config, source)): relation_name and
      // every reader's compiled SQL change together; the relation read is another object.
      name: "a source quoting change (its relation_name) builds its readers",
      change: (m: Json) => {
        const s = m.sources[RAW_ORDERS];
        s.quoting = { ...s.quoting, identifier: false };
        s.relation_name = '"jaffle_shop"."raw".raw_orders';
        const n = m.nodes[`${J}.stg_orders`];
        n.compiled_code = n.compiled_code.replaceAll(
          '"jaffle_shop"."raw"."raw_orders"',
          '"jaffle_shop"."raw".raw_orders',
        );
      },
      effects: { [`${J}.stg_orders`]: CC },
      components: { [`${J}.stg_orders`]: ["sources"] },
    },
    {
      // core/dbt/context/providers.py BaseResolver.resolve_event_time_filter: a reader filters
      // the source by its event_time (microbatch, --sample); ODS's `sources` component holds it
      // for every reader (an over-build for readers that are not microbatch).
      name: "a source's config.event_time builds its readers",
      change: (m: Json) => {
        m.sources[RAW_ORDERS].config.event_time = "ordered_at";
      },
      effects: { [`${J}.stg_orders`]: CC },
      components: { [`${J}.stg_orders`]: ["sources"] },
    },
  ])("$name", (c) => {
    const out = runScenario({ fixture: FIXTURES.jaffle, change: c.change });
    const effects: Record<string, string> =
      typeof c.effects === "function" ? c.effects(out.changed) : (c.effects as Record<string, string>);
    assertPlan(out, {
      effects,
      ...(c.components ? { components: c.components } : {}),
    });
    for (const [id, component] of Object.entries(c.names ?? {})) {
      const reason = entryOf(out, id).reasons[0]!;
      expect(reason.code, id).toBe("unclassified_input_changed");
      const comps = reason.components;
      expect([...(comps?.changed ?? []), ...(comps?.added ?? []), ...(comps?.removed ?? [])], id).toContain(
        component,
      );
    }
  });

  /**
   * An upgrade of ODS that classifies a path a recorded build saw as
   * unclassified (src/planner/rules/unclassified-input-changed.ts,
   * isClassifiedNow): the component is gone now, and that is no change.
   * A path still unclassified that disappears is a change.
   */
  it.each([
    { path: "nodes.<model>.description", want: "REUSE unchanged" },
    { path: "nodes.<model>.row_access_policy", want: UNCLASSIFIED },
  ])("a recorded unclassified:$path that is gone now: $want", ({ path, want }) => {
    const m = manifestJson(FIXTURES.jaffle);
    const o = new Oracle(m);
    const snapshot = structuredClone(
      recordRun(m, fullBuildStatuses(o), T0, null, "00000000-0000-4000-8000-0000000000a1"),
    );
    // stg_locations and its reader locations: reused in the plan of the unchanged project.
    const id = `${J}.stg_locations`;
    const recorded = snapshot.nodes[id]!;
    // What an older ODS recorded: the path among the unclassified components.
    recorded.fingerprint = makeFingerprint({
      ...recorded.fingerprint.components,
      [`unclassified:${path}`]: "0".repeat(64),
    });
    const project = loadProject(JSON.stringify(m), "manifest.json");
    const p = plan({
      project,
      scope: scopeOf(m),
      state: { id: "s1", snapshot },
      sources: sourcesDoc(o, new Date(Date.parse(DEFAULT_PLAN_AT) - 60_000).toISOString(), {}),
      select: [],
      now: DEFAULT_PLAN_AT,
      target: targetOf(m),
    });
    const e = p.entries.find((x) => x.unique_id === id)!;
    expect(`${e.action} ${e.reasons[0]!.code}`, e.reasons[0]!.message).toBe(want);
    // Its readers: reused when it is, built after it when it is built.
    const reader = p.entries.find((x) => x.unique_id === `${J}.locations`)!;
    expect(`${reader.action} ${reader.reasons[0]!.code}`).toBe(
      want.startsWith("REUSE") ? "REUSE unchanged" : "BUILD parent_code_changed",
    );
  });
  /**
   * config.tags, meta, docs and group are metadata to dbt's and the adapters'
   * macros (none reads them), but dbt hands every macro the whole node
   * (core/dbt/context/providers.py ProviderContext.ctx_model, RuntimeConfigObject.get):
   * a project's post-hook that grants by tag writes what the tags say. They
   * count where a project macro or hook of the node reads the key.
   */
  it.each([
    { hook: true, key: "tags", value: ["pii"], want: CC },
    { hook: false, key: "tags", value: ["pii"], want: "" },
    { hook: true, key: "group", value: "finance", want: CC },
    { hook: false, key: "group", value: "finance", want: "" },
  ])("config.$key changes with a hook reading it: $hook", ({ hook, key, value, want }) => {
    const id = `${J}.locations`;
    const out = runScenario({
      fixture: FIXTURES.jaffle,
      prepare: (m: Json) => {
        if (!hook) return;
        m.nodes[id].config["post-hook"] = [
          { sql: `{{ grant_by_tag(this, model.config.get('${key}')) }}`, transaction: true, index: null },
        ];
      },
      change: (m: Json) => {
        m.nodes[id].config[key] = value;
        if (key === "tags") m.nodes[id].tags = value;
        if (key === "group") m.nodes[id].group = value;
      },
    });
    assertPlan(out, {
      effects: want ? { [id]: want } : {},
      ...(want ? { components: { [id]: [`input:nodes.<model>.config.${key}`] } } : {}),
    });
  });
  /**
   * An on-run-start hook runs before every node (core/dbt/task/run.py
   * RunTask.before_run / safe_run_hooks): a field no row classifies on it
   * reaches every node; a field proven inert (its config: get_hook_sql
   * compiles and runs raw_code only) reaches none.
   */
  it.each([
    { field: "session_role", value: "LOADER", every: true },
    { field: "description", value: "sets the session up", every: false },
  ])("an on-run-start hook's $field changes (every node built: $every)", ({ field, value, every }) => {
    const hook = "operation.dbt_bouncer_test_project.dbt_bouncer_test_project-on-run-start-0";
    const out = runScenario({
      fixture: FIXTURES.bouncer12,
      change: (m: Json) => {
        m.nodes[hook][field] = value;
      },
    });
    assertPlan(out, {
      effects: every ? Object.fromEntries(out.changed.planned.map((id) => [id, UNCLASSIFIED])) : {},
    });
  });
});
