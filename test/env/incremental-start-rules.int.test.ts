/**
 * The rule of incremental starts as data (issue 25): `incremental-start`
 * parsed (a wrong value names the input or the flag), and decideStarts'
 * outcome for each case the warehouse tests don't reach on the shop: a
 * node's pointer view dropped because it is built now, a view of another
 * kind in the way, a table already there, a size over or within a limit.
 */
import { describe, expect, it } from "vitest";
import { DUCKDB_CAPABILITIES } from "../../src/drivers/duckdb/duckdb-warehouse.js";
import { parseIncrementalStart } from "../../src/environment/incremental-start-settings.js";
import { checkCopySize, decideStarts } from "../../src/environment/lifecycle/create/incremental-starts.js";
import type { Plan } from "../../src/state/plan.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { qualifiedKey } from "../../src/warehouse/names.js";
import type { WarehouseObject } from "../../src/warehouse/warehouse.js";
import { thrownUserError } from "../support/thrown-user-error.js";

describe("incremental-start", () => {
  it.each([
    ["", { mode: "clone", copyLimit: null }],
    ["clone", { mode: "clone", copyLimit: null }],
    [" None ", { mode: "none", copyLimit: null }],
    ["full-refresh", { mode: "full-refresh", copyLimit: null }],
    ["copy up to 5_000_000 rows", { mode: "copy", copyLimit: { rows: 5_000_000 } }],
    ["copy 1 row", { mode: "copy", copyLimit: { rows: 1 } }],
    ["copy up to 2GB", { mode: "copy", copyLimit: { bytes: 2e9 } }],
    ["copy up to 1.5 GiB", { mode: "copy", copyLimit: { bytes: 1.5 * 2 ** 30 } }],
    ["Copy up to 500 MB", { mode: "copy", copyLimit: { bytes: 5e8 } }],
  ])("`%s` is %j", (text, expected) => {
    expect(parseIncrementalStart(text, "input")).toEqual(expected);
  });

  it.each([
    ["copy", "input"],
    ["copy up to 0 rows", "input"],
    ["copy up to 1.5 rows", "flag"],
    ["copy up to 2 parsecs", "flag"],
    ["clones", "input"],
  ] as const)("`%s` is refused, naming the %s", (text, source) => {
    const error = thrownUserError(() => parseIncrementalStart(text, source));
    expect(error.code).toBe(source === "flag" ? "usage" : "input_invalid");
    expect(error.input).toBe(source === "flag" ? "--incremental-start" : "incremental-start");
    expect(error.message).toContain(source === "flag" ? "--incremental-start" : "Input `incremental-start`");
    expect(error.message).toContain(`\`${text}\``);
  });
});

const NODE = "model.p.events";
const plan = {
  entries: [
    {
      unique_id: NODE,
      action: "BUILD",
      materialized: "incremental",
      relation: { database: null, schema: "pr_7", identifier: "events" },
    },
  ],
} as unknown as Plan;
const prod = {
  nodes: { [NODE]: { relation: { database: null, schema: "prod", identifier: "events" } } },
} as unknown as StateSnapshot;
const object = (schema: string, kind: "table" | "view"): [string, WarehouseObject] => [
  qualifiedKey({ schema, identifier: "events" }, DUCKDB_CAPABILITIES.identifiers),
  { schema, identifier: "events", kind },
];

describe("decideStarts", () => {
  it.each([
    { case: "nothing at its relation", here: null, dropped: false, outcome: "cloned" },
    { case: "its own pointer view, dropped first", here: "view", dropped: true, outcome: "cloned" },
    { case: "another view there", here: "view", dropped: false, outcome: "relation_occupied" },
    { case: "a table there already", here: "table", dropped: false, outcome: "already_built" },
  ] as const)("$case: $outcome", ({ here, dropped, outcome }) => {
    const { decisions, pending, built } = decideStarts({
      plan,
      prod,
      setting: parseIncrementalStart("clone", "input"),
      fullRefreshConfig: new Map(),
      canClone: true,
      rules: DUCKDB_CAPABILITIES.identifiers,
      environmentObjects: new Map(here ? [object("pr_7", here)] : []),
      prodObjects: new Map([object("prod", "table")]),
      droppedPointers: new Set(dropped ? [NODE] : []),
    });
    expect(decisions.map((d) => [d.node_id, d.relation, d.prod, d.outcome])).toEqual([
      [NODE, "pr_7.events", "prod.events", outcome],
    ]);
    expect(pending.length).toBe(outcome === "cloned" ? 1 : 0);
    expect(built.length).toBe(outcome === "already_built" ? 1 : 0);
  });

  it.each([
    { limit: "copy up to 100 rows", size: { rows: 101, bytes: null }, outcome: "too_large" },
    { limit: "copy up to 100 rows", size: { rows: 100, bytes: null }, outcome: "copied" },
    { limit: "copy up to 1kB", size: { rows: null, bytes: 8192 }, outcome: "too_large" },
    { limit: "copy up to 1MB", size: { rows: null, bytes: 8192 }, outcome: "copied" },
    { limit: "copy up to 1MB", size: { rows: 5, bytes: null }, outcome: "size_unknown" },
    { limit: "copy up to 1MB", size: null, outcome: "no_prod_table" },
  ] as const)("a copy, $limit, estimated $size: $outcome", ({ limit, size, outcome }) => {
    const setting = parseIncrementalStart(limit, "input");
    const { decisions } = decideStarts({
      plan,
      prod,
      setting,
      fullRefreshConfig: new Map(),
      canClone: false,
      rules: DUCKDB_CAPABILITIES.identifiers,
      environmentObjects: new Map(),
      prodObjects: new Map([object("prod", "table")]),
      droppedPointers: new Set(),
    });
    expect(decisions[0]!.outcome).toBe("copied");
    const checked = checkCopySize(decisions[0]!, size, setting, "duckdb");
    expect(checked.outcome).toBe(outcome);
    expect(checked.detail).not.toBe("");
  });
});
