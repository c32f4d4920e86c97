/**
 * Red team of issue 36 (node fields a run-time macro or hook reads): dbt
 * hands every macro it runs for a node the whole node (`model`, dbt-core
 * core/dbt/context/providers.py `ProviderContext.ctx_model`), its config
 * (`RuntimeConfigObject`, with `meta_get` since 1.10) and the whole parsed
 * project (`graph`, `ProviderContext.graph` -> manifest.flat_graph). A hook
 * or project materialization that writes what it reads there (a comment, a
 * grant, a masking policy) writes something else when that field changes.
 */
import { describe } from "vitest";
import { type Row, rows } from "./cases.js";
import { addMacro, FIXTURES, type Json } from "./harness.js";

const J = "model.jaffle_shop";

/** jaffle-shop's two seeds over 1 MiB with their CSVs in the checkout (so their readers are reused). */
const CSVS = new Map([
  ["seed.jaffle_shop.raw_items", { path: "seeds/jaffle-data/raw_items.csv", sha256: "1".repeat(64) }],
  ["seed.jaffle_shop.raw_orders", { path: "seeds/jaffle-data/raw_orders.csv", sha256: "2".repeat(64) }],
]);
const CHECKOUT = { built: { seedFiles: CSVS }, planned: { seedFiles: CSVS } };
const CC = "BUILD code_changed";

/** Adds a post-hook from dbt_project.yml (`+post-hook`): config and unrendered config, raw code unchanged. */
function postHook(m: Json, id: string, sql: string, macros: string[] = []): void {
  const n = m.nodes[id];
  n.config["post-hook"] = [...(n.config["post-hook"] ?? []), { sql, transaction: true, index: null }];
  n.unrendered_config = { ...n.unrendered_config, "post-hook": [sql] };
  n.depends_on.macros = [...new Set([...(n.depends_on.macros ?? []), ...macros])].sort();
}

const COMMENT_MACRO = `{% macro comment_from_description() %}
  {%- if execute -%}
  comment on table {{ this }} is '{{ model.description | replace("'", "''") }}'
  {%- endif -%}
{% endmacro %}`;

const COLUMN_COMMENTS = `{% macro comment_columns() %}
  {%- for column in model.columns.values() -%}
  comment on column {{ this }}.{{ adapter.quote(column.name) }} is '{{ column.description | replace("'", "''") }}';
  {%- endfor -%}
{% endmacro %}`;

const MASKING = `{% macro apply_masking_policy() %}
  {%- for node in graph.nodes.values() | selectattr("unique_id", "equalto", model.unique_id) -%}
    {%- for column in node.columns.values() if column.meta.masking_policy -%}
  alter table {{ this }} alter column {{ column.name }} set masking policy {{ column.meta.masking_policy }};
    {%- endfor -%}
  {%- endfor -%}
{% endmacro %}`;

/** A project's own materialization that comments the table with the model's description (no hook). */
const COMMENTED_TABLE = `{% materialization commented_table, default %}
  {%- set target_relation = this.incorporate(type='table') -%}
  {% call statement('main') -%}
    create or replace table {{ target_relation }} as ({{ sql }});
    comment on table {{ target_relation }} is '{{ model.description | replace("'", "''") }}'
  {%- endcall %}
  {{ return({'relations': [target_relation]}) }}
{% endmaterialization %}`;

const table: Row[] = [
  {
    name: "a project materialization (no hook) comments the table with `model.description`: the description changes",
    scenario: {
      fixture: FIXTURES.jaffle,
      loadInputs: CHECKOUT,
      prepare: (m) => {
        addMacro(m, "materialization_commented_table_default", COMMENTED_TABLE);
        m.nodes[`${J}.customers`].config.materialized = "commented_table";
      },
      change: (m) => {
        m.nodes[`${J}.customers`].description = "Customers, one row per customer.";
      },
    },
    expect: () => ({ effects: { [`${J}.customers`]: CC } }),
    waits: "",
  },
  {
    name: "a project materialization (no hook) that reads `model.description`: another model's description changes, nothing is built",
    scenario: {
      fixture: FIXTURES.jaffle,
      loadInputs: CHECKOUT,
      prepare: (m) => {
        addMacro(m, "materialization_commented_table_default", COMMENTED_TABLE);
        m.nodes[`${J}.customers`].config.materialized = "commented_table";
      },
      change: (m) => {
        m.nodes[`${J}.orders`].description = "Orders, one row per order.";
      },
    },
    expect: () => ({ effects: {} }),
    waits: "",
  },
  {
    name: "a post-hook comments the table with `model.description`: the description changes",
    scenario: {
      fixture: FIXTURES.jaffle,
      loadInputs: CHECKOUT,
      prepare: (m) => {
        const id = addMacro(m, "comment_from_description", COMMENT_MACRO);
        postHook(m, `${J}.customers`, "{{ comment_from_description() }}", [id]);
      },
      change: (m) => {
        m.nodes[`${J}.customers`].description = "Customers, one row per customer.";
      },
    },
    expect: () => ({ effects: { [`${J}.customers`]: CC } }),
    waits: "",
  },
  {
    name: "a post-hook written inline reads `model.description`: the description changes",
    scenario: {
      fixture: FIXTURES.jaffle,
      loadInputs: CHECKOUT,
      prepare: (m) => postHook(m, `${J}.orders`, "comment on table {{ this }} is '{{ model.description }}'"),
      change: (m) => {
        m.nodes[`${J}.orders`].description = "Orders, one row per order.";
      },
    },
    expect: () => ({ effects: { [`${J}.orders`]: CC } }),
    waits: "",
  },
  {
    name: "a post-hook macro comments every column from `model.columns`: a column description changes",
    scenario: {
      fixture: FIXTURES.jaffle,
      loadInputs: CHECKOUT,
      prepare: (m) => {
        const id = addMacro(m, "comment_columns", COLUMN_COMMENTS);
        postHook(m, `${J}.customers`, "{{ comment_columns() }}", [id]);
      },
      change: (m) => {
        m.nodes[`${J}.customers`].columns.customer_id.description = "The customer's key.";
      },
    },
    expect: () => ({ effects: { [`${J}.customers`]: CC } }),
    waits: "",
  },
  {
    name: "a post-hook reads `config.meta_get('owner')` (dbt 1.10+): the owner changes",
    scenario: {
      fixture: FIXTURES.jaffle,
      loadInputs: CHECKOUT,
      prepare: (m) => {
        m.nodes[`${J}.orders`].config.meta = { owner: "finance" };
        postHook(m, `${J}.orders`, "grant select on {{ this }} to role {{ config.meta_get('owner') }}");
      },
      change: (m) => {
        m.nodes[`${J}.orders`].config.meta = { owner: "marketing" };
      },
    },
    expect: () => ({ effects: { [`${J}.orders`]: CC } }),
    waits: "",
  },
  {
    name: "a post-hook macro reads columns' meta through `graph.nodes` (dbt_snow_mask's pattern): a masking policy changes",
    scenario: {
      fixture: FIXTURES.jaffle,
      loadInputs: CHECKOUT,
      prepare: (m) => {
        const id = addMacro(m, "apply_masking_policy", MASKING);
        m.nodes[`${J}.customers`].columns.customer_name.meta = { masking_policy: "mask_pii" };
        postHook(m, `${J}.customers`, "{{ apply_masking_policy() }}", [id]);
      },
      change: (m) => {
        m.nodes[`${J}.customers`].columns.customer_name.meta = { masking_policy: "mask_pii_strict" };
      },
    },
    expect: () => ({ effects: { [`${J}.customers`]: CC } }),
    waits: "",
  },
  {
    name: "a post-hook reads `graph` (every source's loader into an audit comment): built every run, naming `graph`",
    scenario: {
      fixture: FIXTURES.jaffle,
      loadInputs: CHECKOUT,
      prepare: (m) =>
        postHook(
          m,
          `${J}.locations`,
          "comment on table {{ this }} is '{% for s in graph.sources.values() %}{{ s.loader }} {% endfor %}'",
        ),
    },
    expect: () => ({
      effects: { [`${J}.locations`]: "=BUILD hook_reads_environment" },
      messages: { [`${J}.locations`]: /`graph`/ },
    }),
    waits: "",
  },
  {
    name: "a post-hook grants to `model.meta.owner` (the node's own meta): the owner changes",
    scenario: {
      fixture: FIXTURES.jaffle,
      loadInputs: CHECKOUT,
      prepare: (m) => {
        m.nodes[`${J}.products`].meta = { owner: "finance" };
        m.nodes[`${J}.products`].config.meta = { owner: "finance" };
        postHook(m, `${J}.products`, "grant select on {{ this }} to role {{ model.meta.owner }}");
      },
      change: (m) => {
        m.nodes[`${J}.products`].meta = { owner: "marketing" };
        m.nodes[`${J}.products`].config.meta = { owner: "marketing" };
      },
    },
    expect: () => ({ effects: { [`${J}.products`]: CC } }),
    waits: "",
  },
  {
    name: "control: a post-hook reads `model.description`, and only a column's description changes: nothing",
    scenario: {
      fixture: FIXTURES.jaffle,
      loadInputs: CHECKOUT,
      prepare: (m) => postHook(m, `${J}.orders`, "comment on table {{ this }} is '{{ model.description }}'"),
      change: (m) => {
        m.nodes[`${J}.orders`].columns.order_id.description = "The order's key.";
      },
    },
    expect: () => ({ effects: {} }),
    waits: "",
  },
  {
    name: "a post-hook grants by folder, `model.fqn[1]`: the model file moves to another folder, its relation kept",
    scenario: {
      fixture: FIXTURES.jaffle,
      loadInputs: CHECKOUT,
      prepare: (m) =>
        postHook(m, `${J}.supplies`, "grant select on {{ this }} to role {{ model.fqn[1] }}_reader"),
      change: (m) => {
        const n = m.nodes[`${J}.supplies`];
        n.fqn = [n.fqn[0], "finance", ...n.fqn.slice(2)];
        n.path = n.path.replace("marts/", "finance/");
        n.original_file_path = n.original_file_path.replace("marts/", "finance/");
      },
    },
    expect: () => ({ effects: { [`${J}.supplies`]: CC } }),
    waits: "",
  },
  {
    name: "control: no hook reads the description: a description change builds nothing",
    scenario: {
      fixture: FIXTURES.jaffle,
      loadInputs: CHECKOUT,
      change: (m) => {
        m.nodes[`${J}.customers`].description = "Customers, one row per customer.";
      },
    },
    expect: () => ({ effects: {} }),
    waits: "",
  },
];

describe("red team (issue 36): node fields read by hooks and run-time macros", () => {
  rows("node fields", table);
});
