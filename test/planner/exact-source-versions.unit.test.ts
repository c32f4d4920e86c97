/**
 * Source versions (max_loaded_at) and the times they are ordered against
 * (snapshotted_at, a build's completion) compare at the precision dbt wrote
 * them, microseconds and beyond, whatever the offset: planetkart's real
 * `dbt run` and sources.json are recorded, then planned against sources.json
 * documents that differ from the recorded ones by microseconds.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadRunResults } from "../../src/dbt/artifacts/run-results.js";
import { loadSources } from "../../src/dbt/artifacts/sources.js";
import { loadProject } from "../../src/dbt/load-project.js";
import { compareInstants, parseInstant } from "../../src/planner/exact-instant.js";
import { plan } from "../../src/planner/plan.js";
import { record } from "../../src/planner/record.js";
import { sameVersion } from "../../src/planner/source-evidence.js";
import { buildSources } from "../support/run-builders.js";
import { sharedFixture, sharedFixturesPresent } from "../support/shared-fixtures.js";

describe("instants compare exactly", () => {
  it.each([
    ["2024-01-01T00:00:00.123456+00:00", "2024-01-01T00:00:00.123456Z", 0],
    ["2024-01-01T00:00:00.123456+00:00", "2024-01-01T00:00:00.123756+00:00", -1],
    ["2024-01-01T00:00:00.1234567Z", "2024-01-01T00:00:00.1234568Z", -1],
    ["2024-01-01T00:00:00.120Z", "2024-01-01T00:00:00.12Z", 0],
    ["2024-01-01T00:00:00Z", "2024-01-01T00:00:00.000000Z", 0],
    ["2024-01-01T02:00:00.5+02:00", "2024-01-01T00:00:00.500000Z", 0],
    ["2024-01-01T00:00:00.5-0530", "2024-01-01T05:30:00.5Z", 0],
    ["2024-01-01T00:00:00.5-05", "2024-01-01T05:00:00.5Z", 0],
    ["2024-01-01 00:00:00.000001", "2024-01-01T00:00:00Z", 1],
    ["2024-01-01 00:00:00", "2024-01-01T00:00:00+00:00", 0],
    ["2024-01-01", "2024-01-01T00:00:00Z", 0],
    ["2023-12-31T23:59:59.999999-00:01", "2024-01-01T00:00:00Z", 1],
  ])("%s vs %s: %i", (a, b, sign) => {
    expect(Math.sign(compareInstants(a, b)!) || 0).toBe(sign);
    expect(Math.sign(compareInstants(b, a)!) || 0).toBe(-sign || 0);
    expect(sameVersion(a, b)).toBe(sign === 0);
  });

  it.each([
    "yesterday",
    "2024-02-30T00:00:00Z",
    "2024-13-01T00:00:00Z",
    "2024-01-01T24:00:00Z",
    "2024-01-01T00:00:60Z",
    "2024-01-01T00:00:00+25:00",
    "1706745600",
    "",
  ])("%j is not an instant: never the same version, not even as itself", (text) => {
    expect(parseInstant(text)).toBeUndefined();
    expect(compareInstants(text, "2024-01-01T00:00:00Z")).toBeUndefined();
    expect(sameVersion(text, text)).toBe(false);
  });
});

const DIR = "planetkart-snowflake-1.10";
const P = "planetkart_analytics";
const CUSTOMERS = `source.${P}.planetkart_raw.customers`;
const ORDERS = `source.${P}.planetkart_raw.orders`;
const PRODUCTS = `source.${P}.planetkart_raw.products`;
const TARGET = { name: "prod", adapter_type: "snowflake" };
const read = (file: string) => readFileSync(sharedFixture(DIR, file), "utf8");

/** What the plan decides for every node when sources.json says what it said before the run. */
// The real run is a `dbt run` (no tests ran): nodes with tests are built to
// run them (tests_not_passed); stg_customers and business_kpis call
// current_date() (clock_dependent). The source-version cases below move
// only what their change reaches.
const UNCHANGED: Record<string, string> = {
  [`model.${P}.stg_customers`]: "BUILD clock_dependent",
  [`model.${P}.stg_orders`]: "REUSE unchanged",
  [`model.${P}.stg_products`]: "REUSE unchanged",
  [`model.${P}.stg_order_items`]: "BUILD missing_data_evidence",
  [`model.${P}.stg_regions`]: "BUILD missing_data_evidence",
  [`model.${P}.dim_customers`]: "BUILD tests_not_passed",
  [`model.${P}.dim_products`]: "BUILD tests_not_passed",
  [`model.${P}.fact_orders`]: "BUILD tests_not_passed",
  [`model.${P}.dim_regions`]: "BUILD tests_not_passed",
  [`model.${P}.customer_insights`]: "BUILD new_upstream_data",
  [`model.${P}.product_insights`]: "BUILD new_upstream_data",
  [`model.${P}.regional_insights`]: "BUILD new_upstream_data",
  [`model.${P}.business_kpis`]: "BUILD clock_dependent",
  [`snapshot.${P}.snap_customers`]: "BUILD never_built",
};

describe.skipIf(!sharedFixturesPresent)("planetkart: versions and observation times compared exactly", () => {
  const project = sharedFixturesPresent ? loadProject(read("manifest.json"), "manifest.json") : null!;
  const scope = { project: P, environment: "prod" };
  const recorded = sharedFixturesPresent
    ? record({
        project,
        runResults: loadRunResults(read("run_results.json"), "run_results.json"),
        sources: loadSources(read("sources.json"), "sources.json"),
        scope,
        previous: null,
        recordedRunIds: new Set(),
        target: TARGET,
        now: "2025-07-21T03:00:00Z",
      }).snapshot
    : null!;
  // As written: customers 19:20:50.952000+00:00, orders 19:20:51.659000+00:00, products 19:20:52.400000+00:00.
  const before = sharedFixturesPresent
    ? Object.fromEntries(
        loadSources(read("sources.json"), "sources.json").results.map((r) => [r.uniqueId, r.maxLoadedAt]),
      )
    : {};

  it("keeps each build's completion as dbt wrote it (microseconds)", () => {
    expect(recorded.nodes[`model.${P}.stg_customers`]!.built_at).toBe("2025-07-21T02:23:30.258617Z");
    expect(recorded.nodes[`model.${P}.stg_customers`]!.sources[CUSTOMERS]!.value).toBe(
      "2025-07-20T19:20:50.952000+00:00",
    );
  });

  it.each<{ case: string; takenAt: string; edits: Record<string, string>; changes: Record<string, string> }>([
    { case: "the same versions, as written", takenAt: "2025-07-21T04:00:00Z", edits: {}, changes: {} },
    {
      case: "the same instants, written with other offsets and precision",
      takenAt: "2025-07-21T04:00:00Z",
      edits: { [CUSTOMERS]: "2025-07-20T21:20:50.952+02:00", [ORDERS]: "2025-07-20 19:20:51.659" },
      changes: {},
    },
    {
      case: "orders loaded again 300 microseconds later",
      takenAt: "2025-07-21T04:00:00Z",
      edits: { [ORDERS]: "2025-07-20T19:20:51.659300+00:00" },
      changes: { [`model.${P}.stg_orders`]: "BUILD new_upstream_data" },
    },
    {
      case: "products loaded again 1 microsecond later, written in another offset",
      takenAt: "2025-07-21T04:00:00Z",
      edits: { [PRODUCTS]: "2025-07-20T14:20:52.400001-05:00" },
      changes: { [`model.${P}.stg_products`]: "BUILD new_upstream_data" },
    },
    {
      case: "a max_loaded_at that is not an instant",
      takenAt: "2025-07-21T04:00:00Z",
      edits: { [CUSTOMERS]: "not a time" },
      changes: { [`model.${P}.stg_customers`]: "BUILD missing_data_evidence" },
    },
    {
      // stg_customers finished 02:23:30.258617; stg_orders 02:23:30.683181; stg_products 02:23:30.916832.
      case: "observed 283 microseconds after stg_customers finished, before the others",
      takenAt: "2025-07-21T02:23:30.258900Z",
      edits: {},
      changes: {
        [`model.${P}.stg_orders`]: "BUILD missing_data_evidence",
        [`model.${P}.stg_products`]: "BUILD missing_data_evidence",
      },
    },
    {
      case: "observed 17 microseconds before stg_customers finished (same millisecond)",
      takenAt: "2025-07-21T02:23:30.258600Z",
      edits: {},
      changes: {
        [`model.${P}.stg_customers`]: "BUILD missing_data_evidence",
        [`model.${P}.stg_orders`]: "BUILD missing_data_evidence",
        [`model.${P}.stg_products`]: "BUILD missing_data_evidence",
      },
    },
  ])("$case", ({ takenAt, edits, changes }) => {
    const versions: Record<string, string | null> = { ...before, ...edits };
    const p = plan({
      project,
      scope,
      state: { id: "s", snapshot: recorded },
      sources: loadSources(JSON.stringify(buildSources(takenAt, versions)), "sources.json"),
      select: [],
      now: "2025-07-21T04:00:00Z",
      target: TARGET,
    });
    const decided = Object.fromEntries(
      p.entries.map((e) => [e.unique_id, `${e.action} ${e.reasons[0]!.code}`]),
    );
    expect(decided).toEqual({ ...UNCHANGED, ...changes });
  });
});
