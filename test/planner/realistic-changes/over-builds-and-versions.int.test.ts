/**
 * Over-builds that issue 18 turns into REUSE (a BUILD where dbt would build
 * the same thing is waste), and class 4: model versions (latest_version,
 * dbt 1.12's latest_version_pointer, which makes the latest version's build
 * also create a view at the unsuffixed name).
 */
import { describe } from "vitest";
import { type Row, rows } from "./cases.js";
import { editSql, FIXTURES, type Json } from "./harness.js";

const CC = "BUILD code_changed";

// ---------------------------------------------------------------- over-builds

const jOrders = "model.jaffle_shop.orders";
const jCustomers = "model.jaffle_shop.customers";
const jStgCustomers = "model.jaffle_shop.stg_customers";
const rawItems = "seed.jaffle_shop.raw_items";
const rawItemsCsv = "seeds/jaffle-data/raw_items.csv";
const pkStgCustomers = "model.planetkart_analytics.stg_customers";

const CSV_A = "a".repeat(64);
const CSV_B = "b".repeat(64);
const seedFiles = (sha256: string) => ({ seedFiles: new Map([[rawItems, { path: rawItemsCsv, sha256 }]]) });

function postHook(m: Json, id: string, sql: string) {
  m.nodes[id].config["post-hook"] = [{ sql, transaction: true, index: null }];
}

const overBuilds: Row[] = [
  {
    name: "generate_schema_name reads `target` and a model has a post-hook: reused, not hook_reads_environment",
    scenario: { fixture: FIXTURES.jaffle, prepare: (m) => postHook(m, jOrders, "analyze {{ this }}") },
    expect: () => ({ effects: { [jOrders]: "REUSE unchanged" } }),
    waits: "macros",
  },
  {
    name: "a seed over 1 MiB (path checksum) with no CSV digest: code_incomplete naming the file",
    scenario: { fixture: FIXTURES.jaffle },
    expect: () => ({
      effects: { [rawItems]: "BUILD code_incomplete" },
      messages: { [rawItems]: /seeds\/jaffle-data\/raw_items\.csv/ },
    }),
    waits: "contents",
  },
  {
    name: "a seed over 1 MiB whose CSV digest is the recorded one: reused",
    scenario: {
      fixture: FIXTURES.jaffle,
      loadInputs: { built: seedFiles(CSV_A), planned: seedFiles(CSV_A) },
    },
    expect: () => ({ effects: { [rawItems]: "=REUSE unchanged" } }),
    waits: "contents",
  },
  {
    name: "a seed over 1 MiB whose CSV changed: built for code, readers of its source follow",
    scenario: {
      fixture: FIXTURES.jaffle,
      loadInputs: { built: seedFiles(CSV_A), planned: seedFiles(CSV_B) },
    },
    expect: (o) => ({
      effects: {
        [rawItems]: `=${CC}`,
        ...Object.fromEntries(
          o
            .readersOfSource("source.jaffle_shop.ecom.raw_items")
            .map((id) => [id, "BUILD parent_code_changed|BUILD new_upstream_data"]),
        ),
      },
    }),
    waits: "contents, runs",
  },
  {
    name: "compiled SQL gains a `--comment` line and `-- ---------` dividers: formatting only",
    scenario: {
      fixture: FIXTURES.jaffle,
      change: (m) =>
        editSql(
          m.nodes[jStgCustomers],
          (sql) =>
            `--comment: customers from the shop\n${sql.replace("renamed as (", "-- ---------\nrenamed as (")}`,
        ),
    },
    expect: () => ({ effects: { [jStgCustomers]: "REUSE formatting_only" } }),
    waits: "contents",
  },
  {
    name: "compiled SQL gains `-- ---------` dividers only: formatting only",
    scenario: {
      fixture: FIXTURES.jaffle,
      change: (m) => editSql(m.nodes[jCustomers], (sql) => sql.replaceAll("\n\n", "\n\n-- ---------\n")),
    },
    expect: () => ({ effects: { [jCustomers]: "REUSE formatting_only" } }),
    waits: "",
  },
  {
    name: "`access: private` (with a group) changes nothing dbt builds",
    scenario: {
      fixture: FIXTURES.jaffle,
      change: (m) => {
        const n = m.nodes[jCustomers];
        n.config.access = "private";
        n.access = "private";
        n.config.group = "marketing";
        n.group = "marketing";
      },
    },
    expect: () => ({ effects: {} }),
    waits: "contents",
  },
  {
    name: "the normaliser gives up (a backslash in a quote): code_changed says the raw text was compared",
    scenario: {
      fixture: FIXTURES.planetkart,
      change: (m) =>
        editSql(
          m.nodes[pkStgCustomers],
          (sql) => `select * from (\n${sql}\n) as c where c.customer_name <> 'O\\'Brien'`,
        ),
    },
    expect: () => ({ effects: { [pkStgCustomers]: CC }, messages: { [pkStgCustomers]: /raw/i } }),
    waits: "rules",
  },
];

// ---------------------------------------------------------------- 4

const V = (v: number) => `model.dbt_bouncer_test_project.customers.v${v}`;
const versions12 = [1, 2, 3].map(V);

function pointer(m: Json, value: Record<string, unknown>) {
  for (const id of versions12)
    m.nodes[id].config.latest_version_pointer = { enabled: null, alias: null, ...value };
}

function latest(m: Json, ids: string[], version: number) {
  for (const id of ids) m.nodes[id].latest_version = version;
}

const modelVersions: Row[] = [
  {
    name: "latest_version 3 -> 2 with latest_version_pointer enabled: the pointer moves from v3 to v2",
    scenario: {
      fixture: FIXTURES.bouncer12,
      prepare: (m) => pointer(m, { enabled: true }),
      change: (m) => latest(m, versions12, 2),
    },
    expect: () => ({ effects: { [V(2)]: CC, [V(3)]: CC } }),
    waits: "contents",
  },
  {
    name: "latest_version_pointer alias set on the model: only the latest version builds differently",
    scenario: {
      fixture: FIXTURES.bouncer12,
      prepare: (m) => pointer(m, { enabled: true }),
      change: (m) => pointer(m, { enabled: true, alias: "customers_current" }),
    },
    expect: () => ({ effects: { [V(3)]: CC } }),
    waits: "contents",
  },
  {
    name: "latest_version 2 -> 1 before dbt 1.12 (no pointer): the versions build the same",
    scenario: {
      fixture: FIXTURES.bouncer11,
      change: (m) =>
        latest(
          m,
          ["model.dbt_bouncer_test_project.customers.v1", "model.dbt_bouncer_test_project.customers.v2"],
          1,
        ),
    },
    expect: () => ({ effects: {} }),
    waits: "",
  },
  {
    name: "a new version v4 is added and becomes latest (pointer enabled): v3 stops creating the pointer",
    scenario: {
      fixture: FIXTURES.bouncer12,
      prepare: (m) => pointer(m, { enabled: true }),
      change: (m) => {
        const v4 = structuredClone(m.nodes[V(3)]);
        Object.assign(v4, {
          unique_id: V(4),
          version: 4,
          alias: "customers_v4",
          path: "marts/customers_v4.sql",
          original_file_path: "models/marts/customers_v4.sql",
          fqn: [...v4.fqn.slice(0, -1), "v4"],
          relation_name: v4.relation_name?.replace("customers_v3", "customers_v4") ?? null,
        });
        m.nodes[V(4)] = v4;
        m.parent_map[V(4)] = [...m.parent_map[V(3)]];
        m.child_map[V(4)] = [];
        for (const p of m.parent_map[V(4)]) m.child_map[p]?.push(V(4));
        latest(m, [...versions12, V(4)], 4);
      },
    },
    expect: () => ({ effects: { [V(3)]: CC, [V(4)]: "BUILD never_built" } }),
    waits: "contents",
  },
];

describe("realistic changes: over-builds and model versions", () => {
  rows("over-builds", overBuilds);
  rows("4 model versions", modelVersions);
});
