import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Manifest } from "../../src/dbt/artifacts/manifest.js";
import { readManifestDocument } from "../../src/dbt/artifacts/manifest-builder.js";
import { loadManifest } from "../../src/dbt/artifacts/manifest-stream.js";
import { formatJsonPath } from "../../src/dbt/artifacts/parse-artifact.js";
import { lineAndColumn, locateJsonError } from "../../src/dbt/artifacts/parse-artifact-json.js";
import { loadRunResults } from "../../src/dbt/artifacts/run-results.js";
import { loadSources } from "../../src/dbt/artifacts/sources.js";
import { formatUserError } from "../../src/errors/user-error.js";
import { SHARED_DBT_FIXTURES, sharedFixture, sharedFixturesPresent } from "../support/shared-fixtures.js";
import { thrownUserError } from "../support/thrown-user-error.js";

function read(rel: string): string {
  return readFileSync(sharedFixture(rel), "utf8");
}

/** Every file with this name under ../shared/fixtures/dbt (schemas excluded), relative, sorted. */
function fixtureFiles(name: string): string[] {
  return (readdirSync(SHARED_DBT_FIXTURES, { recursive: true }) as string[])
    .map((p) => p.split(path.sep).join("/"))
    .filter((p) => path.posix.basename(p) === name && !p.startsWith("schemas/"))
    .sort();
}

function countBy<T>(items: Iterable<T>, key: (item: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) {
    const k = key(item);
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}

/* ------------------------------------------------------------- fixtures */

interface ManifestFigures {
  version: "v11" | "v12";
  dbt: string;
  project: string;
  /** nodes by resource_type, as PROVENANCE.md gives them */
  nodes: Record<string, number>;
  sources: number;
  macros: number;
  unitTests: number;
}

const bouncer111: ManifestFigures = {
  version: "v12",
  dbt: "1.11.2",
  project: "dbt_bouncer_test_project",
  nodes: { model: 32, snapshot: 2, test: 69, seed: 3 },
  sources: 11,
  macros: 989,
  unitTests: 3,
};
const globalTrade: ManifestFigures = {
  version: "v12",
  dbt: "1.11.7",
  project: "capstone_monthly",
  nodes: { model: 78, test: 531, seed: 2 },
  sources: 24,
  macros: 571,
  unitTests: 0,
};
/*
 * The *-history folders below: their PROVENANCE.md gives "project macros" only
 * (amazon-reviews 0, logistics 0, nba-spurs 1, tpch 0, whyline-denver 10/11),
 * not the size of the manifest's whole macros map; `macros` is that size, counted
 * from each file. Every other figure is PROVENANCE.md's and agrees with the file.
 */
const amazonReviews: ManifestFigures = {
  version: "v12",
  dbt: "1.8.3",
  project: "capstone_amazon_analytics",
  nodes: { model: 8, test: 9 },
  sources: 2,
  macros: 573, // PROVENANCE: project macros 0 (the file's whole macros map: 573)
  unitTests: 0,
};
const logistics111: ManifestFigures = {
  version: "v12",
  dbt: "1.11.11",
  project: "logistics_lakehouse",
  nodes: { model: 6 },
  sources: 4,
  macros: 553, // PROVENANCE: project macros 0 (the file's whole macros map: 553)
  unitTests: 0,
};
const logistics112: ManifestFigures = {
  ...logistics111,
  dbt: "1.12.0",
  nodes: { model: 7 },
  macros: 561, // PROVENANCE: project macros 0 (the file's whole macros map: 561)
};
const nbaSpurs: ManifestFigures = {
  version: "v11",
  dbt: "1.7.9",
  project: "spurs_dbt",
  nodes: { model: 6, test: 6 },
  sources: 7,
  macros: 402, // PROVENANCE: project macros 1 (the file's whole macros map: 402)
  unitTests: 0,
};
const tpch: ManifestFigures = {
  version: "v12",
  dbt: "1.9.6",
  project: "dbtproject",
  nodes: { model: 8 },
  sources: 0,
  macros: 473, // PROVENANCE: project macros 0 (the file's whole macros map: 473)
  unitTests: 0,
};
const whylineDenver: ManifestFigures = {
  version: "v12",
  dbt: "1.8.5",
  project: "whylinedenver_dbt",
  nodes: { model: 23, test: 70 },
  sources: 13,
  macros: 495, // PROVENANCE: project macros 11 (the file's whole macros map: 495)
  unitTests: 0,
};

/** Figures from each folder's PROVENANCE.md. */
const MANIFESTS: Record<string, ManifestFigures | { refused: "v10" }> = {
  "across-analytics-postgres-1.10-large/manifest.json": {
    version: "v12",
    dbt: "1.10.15",
    project: "across_analytics",
    nodes: { model: 42, seed: 3, test: 621 },
    sources: 11,
    macros: 467,
    unitTests: 0,
  },
  "amazon-reviews-snowflake-1.8-history/history/01-982385a/manifest.json": {
    ...amazonReviews,
    nodes: { model: 7, test: 12 },
    macros: 459,
  },
  "amazon-reviews-snowflake-1.8-history/history/02-8c04bec/manifest.json": { ...amazonReviews, macros: 459 },
  "amazon-reviews-snowflake-1.8-history/history/03-c21256a/manifest.json": amazonReviews,
  "amazon-reviews-snowflake-1.8-history/history/04-d3d7ec4/manifest.json": amazonReviews,
  "amazon-reviews-snowflake-1.8-history/history/05-30788cf/manifest.json": {
    ...amazonReviews,
    nodes: { model: 8, test: 7 },
  },
  "analytics-snowflake-python-1.9/manifest.json": {
    version: "v12",
    dbt: "1.9.8",
    project: "analytics",
    nodes: { model: 22, test: 17 },
    sources: 9,
    macros: 596,
    unitTests: 0,
  },
  "dbt-bouncer-duckdb-1.11-build/manifest.json": bouncer111,
  "dbt-bouncer-duckdb-1.11-build/history/01-03238b7/manifest.json": bouncer111,
  "dbt-bouncer-duckdb-1.11-build/history/02-a209433/manifest.json": bouncer111,
  "dbt-bouncer-duckdb-1.11-build/history/03-f5b6f07/manifest.json": {
    ...bouncer111,
    nodes: { model: 33, snapshot: 2, test: 72, seed: 3 },
    unitTests: 4,
  },
  "dbt-bouncer-duckdb-1.11-build/history/04-4ad5a67/manifest.json": {
    ...bouncer111,
    nodes: { model: 33, snapshot: 2, test: 72, seed: 3 },
    macros: 991,
    unitTests: 4,
  },
  "dbt-bouncer-duckdb-1.12-docs/manifest.json": {
    version: "v12",
    dbt: "1.12.2",
    project: "dbt_bouncer_test_project",
    nodes: { model: 39, test: 65, seed: 3, operation: 1, snapshot: 2 },
    sources: 13,
    macros: 1043,
    unitTests: 4,
  },
  "dbt-bouncer-duckdb-1.6-v10/manifest.json": { refused: "v10" },
  "dbt-bouncer-duckdb-1.7-v11/manifest.json": {
    version: "v11",
    dbt: "1.7.0",
    project: "dbt_bouncer_test_project",
    nodes: { model: 31, snapshot: 2, test: 67, seed: 3 },
    sources: 11,
    macros: 912,
    unitTests: 0,
  },
  "dbt-bouncer-duckdb-1.8-v12/manifest.json": {
    version: "v12",
    dbt: "1.8.0",
    project: "dbt_bouncer_test_project",
    nodes: { model: 31, snapshot: 2, test: 67, seed: 3 },
    sources: 11,
    macros: 944,
    unitTests: 3,
  },
  "dbt-bouncer-fusion-2.0-beta/manifest.json": {
    version: "v12",
    dbt: "2.0.0-beta.2",
    project: "dbt_bouncer_test_project",
    nodes: { model: 38, operation: 1, seed: 3, snapshot: 2, test: 65 },
    sources: 13,
    macros: 1078,
    unitTests: 4,
  },
  "global-trade-bq-1.11-large/manifest.json": globalTrade,
  "global-trade-bq-1.11-large/history/02-9418d67/manifest.json": globalTrade,
  "global-trade-bq-1.11-large/history/01-7454878/manifest.json": {
    ...globalTrade,
    nodes: { model: 65, test: 395 },
    macros: 562,
  },
  "jaffle-shop-bq-1.6-v10/manifest.json": { refused: "v10" },
  "jaffle-shop-duckdb-1.12/manifest.json": {
    version: "v12",
    dbt: "1.12.0",
    project: "jaffle_shop",
    nodes: { model: 13, seed: 6, test: 27 },
    sources: 6,
    macros: 672,
    unitTests: 3,
  },
  "jaffle-shop-elementary-bq-1.7-v11/manifest.json": {
    version: "v11",
    dbt: "1.7.0",
    project: "jaffle_shop",
    nodes: { model: 35, seed: 3, operation: 2, test: 20 },
    sources: 0,
    macros: 1105,
    unitTests: 0,
  },
  "jaffle-shop-elementary-bq-1.9/manifest.json": {
    version: "v12",
    dbt: "1.9.0",
    project: "jaffle_shop",
    nodes: { model: 36, seed: 3, operation: 2, test: 20 },
    sources: 0,
    macros: 1221,
    unitTests: 0,
  },
  "logistics-bq-1.11-1.12-history/history/01-12a238b/manifest.json": {
    ...logistics111,
    nodes: { model: 5, seed: 4 },
  },
  "logistics-bq-1.11-1.12-history/history/02-e3322bf/manifest.json": { ...logistics111, nodes: { model: 5 } },
  "logistics-bq-1.11-1.12-history/history/03-1e5fde1/manifest.json": logistics111,
  "logistics-bq-1.11-1.12-history/history/04-8123596/manifest.json": logistics111,
  "logistics-bq-1.11-1.12-history/history/05-e2d5927/manifest.json": { ...logistics112, nodes: { model: 6 } },
  "logistics-bq-1.11-1.12-history/history/06-a8e2698/manifest.json": logistics112,
  "logistics-bq-1.11-1.12-history/history/07-21608a6/manifest.json": logistics112,
  "logistics-bq-1.11-1.12-history/history/08-22232be/manifest.json": {
    ...logistics112,
    nodes: { model: 7, test: 8 },
  },
  "logistics-bq-1.11-1.12-history/history/09-ec572fe/manifest.json": {
    ...logistics112,
    nodes: { model: 7, test: 8 },
  },
  "nba-spurs-postgres-1.7-history/history/01-2434d66/manifest.json": {
    ...nbaSpurs,
    nodes: { model: 3, test: 5 },
    sources: 1,
  },
  "nba-spurs-postgres-1.7-history/history/02-47d5567/manifest.json": nbaSpurs,
  "nba-spurs-postgres-1.7-history/history/03-338addb/manifest.json": {
    ...nbaSpurs,
    nodes: { model: 6, test: 12 },
  },
  "planetkart-snowflake-1.10/manifest.json": {
    version: "v12",
    dbt: "1.10.4",
    project: "planetkart_analytics",
    nodes: { model: 13, snapshot: 1, test: 23 },
    sources: 5,
    macros: 592,
    unitTests: 0,
  },
  "salary-survey-bq-1.9/manifest.json": {
    version: "v12",
    dbt: "1.9.4",
    project: "salary_survey",
    nodes: { model: 11, snapshot: 1, seed: 3, test: 115 },
    sources: 2,
    macros: 980,
    unitTests: 0,
  },
  "tpch-spark-1.9-history/history/01-3149486/manifest.json": tpch,
  "tpch-spark-1.9-history/history/02-9c930f1/manifest.json": tpch,
  "tpch-spark-1.9-history/history/03-b3c482d/manifest.json": { ...tpch, nodes: { model: 12 }, sources: 8 },
  "tuva-snowflake-1.7-v11-large/manifest.json": {
    version: "v11",
    dbt: "1.7.8",
    project: "input_layer",
    nodes: { model: 297, seed: 77, test: 57 },
    sources: 0,
    macros: 577,
    unitTests: 0,
  },
  "whyline-denver-bq-1.8-history/history/01-6b0cc18/manifest.json": {
    ...whylineDenver,
    nodes: { model: 25, test: 70 },
    macros: 494, // PROVENANCE: project macros 10 (the file's whole macros map: 494)
  },
  "whyline-denver-bq-1.8-history/history/02-0b0f55c/manifest.json": whylineDenver,
  "whyline-denver-bq-1.8-history/history/03-8403d5a/manifest.json": whylineDenver,
  "whyline-denver-bq-1.8-history/history/04-aef2533/manifest.json": {
    ...whylineDenver,
    project: "whyline_denver_dbt",
    nodes: { model: 24, test: 73 },
    macros: 460, // PROVENANCE: project macros 11 (the file's whole macros map: 460)
  },
};

function nodesByType(m: Manifest): Record<string, number> {
  return {
    ...countBy(m.nodes.values(), (n) => n.resourceType),
    ...(m.dataTests.size > 0 ? { test: m.dataTests.size } : {}),
    ...countBy(m.otherNodes.values(), (n) => n.resourceType),
  };
}

describe.skipIf(!sharedFixturesPresent)("every manifest in ../shared/fixtures/dbt", () => {
  it("is listed here (a new fixture gets figures before it counts as covered)", () => {
    expect(fixtureFiles("manifest.json")).toEqual(Object.keys(MANIFESTS).sort());
  });

  const loaded = Object.entries(MANIFESTS).flatMap(([file, f]) =>
    "refused" in f ? [] : [[file, f] as const],
  );
  it.each(loaded)("%s loads with the PROVENANCE.md figures", (file, figures) => {
    const m = loadManifest(read(file), file);
    expect(m.file).toBe(file);
    expect(m.metadata.schemaVersion).toBe(figures.version);
    expect(m.metadata.schemaUrl).toBe(`https://schemas.getdbt.com/dbt/manifest/${figures.version}.json`);
    expect(m.metadata.dbtVersion).toBe(figures.dbt);
    expect(m.metadata.projectName).toBe(figures.project);
    expect(nodesByType(m)).toEqual(figures.nodes);
    expect(m.sources.size).toBe(figures.sources);
    expect(m.macros.size).toBe(figures.macros);
    expect(m.unitTests.size).toBe(figures.unitTests);
    for (const [id, node] of m.nodes) expect(node.uniqueId).toBe(id);
  });

  const refused = Object.entries(MANIFESTS).flatMap(([file, f]) => ("refused" in f ? [file] : []));
  it.each(refused)(
    "%s (v10) is refused with a message naming the file, v10 and the supported versions",
    (file) => {
      const error = thrownUserError(() => loadManifest(read(file), file));
      expect(error.code).toBe("artifact_version_unsupported");
      expect(error.file).toBe(file);
      expect(error.message).toBe(
        `${file} is a dbt manifest of schema version v10, written by dbt 1.6.0; supported manifest versions: v11 (dbt 1.7), v12 (dbt 1.8 and later).`,
      );
      expect(formatUserError(error)).not.toMatch(/\n\s+at /); // no stack trace
    },
  );
});

describe.skipIf(!sharedFixturesPresent)("what the manifest reader keeps (real artifacts)", () => {
  const cases: Array<[string, string, (m: Manifest) => unknown, unknown]> = [
    [
      "a Python model: language and compiled code",
      "dbt-bouncer-duckdb-1.12-docs/manifest.json",
      (m) => {
        const n = m.nodes.get("model.dbt_bouncer_test_project.py_order_stats");
        return [n?.language, n?.materialized, n?.compiledCode?.includes("def model(dbt, _session)")];
      },
      ["python", "table", true],
    ],
    [
      "models with enforced contracts (PROVENANCE: 4)",
      "dbt-bouncer-duckdb-1.12-docs/manifest.json",
      (m) => [...m.nodes.values()].filter((n) => n.contract?.enforced).length,
      4,
    ],
    [
      "declared column types of a contracted model, in YAML order",
      "salary-survey-bq-1.9/manifest.json",
      (m) =>
        [...m.nodes.values()]
          .filter((n) => n.contract?.enforced)
          .every(
            (n) =>
              n.contractColumns.length > 0 && n.contractColumns.every((c) => typeof c.dataType === "string"),
          ),
      true,
    ],
    [
      "nodes with pre/post hooks (PROVENANCE: 9)",
      "jaffle-shop-elementary-bq-1.9/manifest.json",
      (m) => [...m.nodes.values()].filter((n) => n.preHooks.length + n.postHooks.length > 0).length,
      9,
    ],
    [
      "nodes with pre/post hooks (PROVENANCE: 15)",
      "tuva-snowflake-1.7-v11-large/manifest.json",
      (m) => [...m.nodes.values()].filter((n) => n.preHooks.length + n.postHooks.length > 0).length,
      15,
    ],
    [
      "a hook as dbt stores it (unrendered)",
      "jaffle-shop-elementary-bq-1.9/manifest.json",
      (m) => {
        const hook = [...m.nodes.values()].flatMap((n) => n.postHooks)[0];
        return [typeof hook?.sql, hook?.sql.includes("{{"), typeof hook?.transaction];
      },
      ["string", true, "boolean"],
    ],
    [
      "models carrying compiled code (PROVENANCE: 12 of 32)",
      "dbt-bouncer-duckdb-1.11-build/manifest.json",
      (m) =>
        [...m.nodes.values()].filter((n) => n.resourceType === "model" && n.compiledCode !== null).length,
      12,
    ],
    [
      "models carrying compiled code after a mostly-parse invocation (PROVENANCE: 2 of 42)",
      "across-analytics-postgres-1.10-large/manifest.json",
      (m) =>
        [...m.nodes.values()].filter((n) => n.resourceType === "model" && n.compiledCode !== null).length,
      2,
    ],
    [
      "dbt Fusion writes no materialization for seeds: a seed is `seed`",
      "dbt-bouncer-fusion-2.0-beta/manifest.json",
      (m) => [...m.nodes.values()].filter((n) => n.resourceType === "seed").map((n) => n.materialized),
      ["seed", "seed", "seed"],
    ],
    [
      "dbt Fusion writes unit test checksums as `{ name: none }`: none",
      "dbt-bouncer-fusion-2.0-beta/manifest.json",
      (m) => [...m.unitTests.values()].map((u) => u.checksum),
      [null, null, null, null],
    ],
    [
      "dbt-core writes unit test checksums as strings",
      "dbt-bouncer-duckdb-1.12-docs/manifest.json",
      (m) => [...m.unitTests.values()].every((u) => /^[0-9a-f]{64}$/.test(u.checksum ?? "")),
      true,
    ],
    [
      "seeds over 1 MiB have a path-only checksum (name kept)",
      "jaffle-shop-duckdb-1.12/manifest.json",
      (m) =>
        countBy(
          [...m.nodes.values()].filter((n) => n.resourceType === "seed"),
          (n) => n.checksum?.name ?? "none",
        ),
      { sha256: 4, path: 2 },
    ],
    [
      "a model's relation parts",
      "dbt-bouncer-duckdb-1.12-docs/manifest.json",
      (m) => m.nodes.get("model.dbt_bouncer_test_project.py_order_stats")?.relation,
      {
        database: "dbt",
        schema: "main",
        identifier: "py_order_stats",
        relationName: '"dbt"."main"."py_order_stats"',
      },
    ],
    [
      "a versioned model",
      "dbt-bouncer-duckdb-1.12-docs/manifest.json",
      (m) => m.nodes.get("model.dbt_bouncer_test_project.customers.v3")?.version,
      3,
    ],
    [
      "a generic test's metadata and a singular test",
      "dbt-bouncer-duckdb-1.12-docs/manifest.json",
      (m) => {
        const rel = m.dataTests.get(
          "test.dbt_bouncer_test_project.relationships_orders_customer_id_fk__customer_id_pk__ref_customers_.c4baa7acc1",
        );
        const singular = m.dataTests.get("test.dbt_bouncer_test_project.test_assert_something");
        return [
          rel?.kind,
          rel?.testMetadata?.name,
          rel?.attachedNode,
          rel?.dependsOn.nodes.length,
          singular?.kind,
        ];
      },
      ["generic", "relationships", "model.dbt_bouncer_test_project.orders", 2, "singular"],
    ],
    [
      "source freshness (dbt 1.12: top level and config agree)",
      "dbt-bouncer-duckdb-1.12-docs/manifest.json",
      (m) => {
        const s = m.sources.get("source.dbt_bouncer_test_project.dummy_source.customers");
        return [s?.loadedAtField, s?.freshness];
      },
      [
        "doesnt_exist",
        { warnAfter: { count: 12, period: "hour" }, errorAfter: { count: 24, period: "hour" }, filter: null },
      ],
    ],
    [
      "dbt 1.7 ignored `config: freshness:` on a source: the top-level fields (none) are what dbt used",
      "dbt-bouncer-duckdb-1.7-v11/manifest.json",
      (m) => {
        const s = m.sources.get("source.dbt_bouncer_test_project.dummy_source.customers");
        const t = m.sources.get("source.tiktok_ads_source.tiktok_ads.advertiser");
        return [s?.loadedAtField, s?.freshness, t?.loadedAtField, t?.freshness?.warnAfter];
      },
      [null, null, "_fivetran_synced", { count: 48, period: "hour" }],
    ],
    [
      "freshness without loaded_at_field (metadata-based)",
      "planetkart-snowflake-1.10/manifest.json",
      (m) => {
        const s = m.sources.get("source.planetkart_analytics.planetkart_raw.customers");
        return [s?.loadedAtField, s?.freshness?.warnAfter, s?.freshness?.errorAfter];
      },
      [null, { count: 7, period: "day" }, { count: 14, period: "day" }],
    ],
    [
      "sources with a freshness policy (PROVENANCE: 3 of 5 configured)",
      "planetkart-snowflake-1.10/manifest.json",
      (m) => [...m.sources.values()].filter((s) => s.freshness !== null).length,
      3,
    ],
    [
      "macros keep their SQL and direct dependencies",
      "dbt-bouncer-duckdb-1.12-docs/manifest.json",
      (m) => {
        const macro = m.macros.get("macro.dbt_bouncer_test_project.cents_to_dollars");
        return [macro?.macroSql.startsWith("{% macro cents_to_dollars"), macro?.dependsOn.macros];
      },
      [true, []],
    ],
    [
      "operations (on-run-start) are recognised, not planned",
      "jaffle-shop-elementary-bq-1.9/manifest.json",
      (m) => [...m.otherNodes.values()].map((n) => n.resourceType),
      ["operation", "operation"],
    ],
  ];
  it.each(cases)("%s (%s)", (_what, file, pick, expected) => {
    expect(pick(loadManifest(read(file), file))).toEqual(expected);
  });

  it("keeps the config object whole, keys as dbt spells them, as written (not copied)", () => {
    const file = "jaffle-shop-elementary-bq-1.9/manifest.json";
    const doc = JSON.parse(read(file)) as { nodes: Record<string, { config: unknown }> };
    const m = readManifestDocument(doc, file);
    for (const [id, n] of m.nodes) expect(n.config).toBe(doc.nodes[id]?.config);
    const withHooks = [...m.nodes.values()].find((n) => n.postHooks.length > 0);
    expect(withHooks?.config).toHaveProperty("post-hook");
    expect(withHooks?.config).toHaveProperty("tags");
    expect(withHooks?.config).toHaveProperty("meta");
    expect(withHooks?.config?.materialized).toBe(withHooks?.materialized);
  });
});

/* ---------------------------------------------------- run results, sources */

const RUN_RESULTS: Record<
  string,
  { version: "v5" | "v6"; results: number; which: string } | { refused: "v4" }
> = {
  "across-analytics-postgres-1.10-large/run_results.json": { version: "v6", results: 27, which: "compile" },
  "amazon-reviews-snowflake-1.8-history/history/01-982385a/run_results.json": {
    version: "v6",
    results: 7,
    which: "run",
  },
  "amazon-reviews-snowflake-1.8-history/history/02-8c04bec/run_results.json": {
    version: "v6",
    results: 17,
    which: "generate",
  },
  "amazon-reviews-snowflake-1.8-history/history/03-c21256a/run_results.json": {
    version: "v6",
    results: 2,
    which: "run",
  },
  "amazon-reviews-snowflake-1.8-history/history/04-d3d7ec4/run_results.json": {
    version: "v6",
    results: 2,
    which: "run",
  },
  "amazon-reviews-snowflake-1.8-history/history/05-30788cf/run_results.json": {
    version: "v6",
    results: 15,
    which: "generate",
  },
  "analytics-snowflake-python-1.9/run_results.json": { version: "v6", results: 37, which: "generate" },
  "dbt-bouncer-duckdb-1.11-build/run_results.json": { version: "v6", results: 56, which: "build" },
  "dbt-bouncer-duckdb-1.11-build/history/01-03238b7/run_results.json": {
    version: "v6",
    results: 56,
    which: "build",
  },
  "dbt-bouncer-duckdb-1.11-build/history/02-a209433/run_results.json": {
    version: "v6",
    results: 51,
    which: "generate",
  },
  "dbt-bouncer-duckdb-1.11-build/history/03-f5b6f07/run_results.json": {
    version: "v6",
    results: 55,
    which: "generate",
  },
  "dbt-bouncer-duckdb-1.11-build/history/04-4ad5a67/run_results.json": {
    version: "v6",
    results: 55,
    which: "generate",
  },
  "dbt-bouncer-duckdb-1.12-docs/run_results.json": { version: "v6", results: 59, which: "generate" },
  "dbt-bouncer-duckdb-1.6-v10/run_results.json": { refused: "v4" },
  "dbt-bouncer-duckdb-1.7-v11/run_results.json": { version: "v5", results: 48, which: "generate" },
  "dbt-bouncer-duckdb-1.8-v12/run_results.json": { version: "v6", results: 48, which: "generate" },
  "dbt-bouncer-fusion-2.0-beta/run_results.json": { version: "v6", results: 62, which: "build" },
  "global-trade-bq-1.11-large/run_results.json": { version: "v6", results: 611, which: "generate" },
  "global-trade-bq-1.11-large/history/01-7454878/run_results.json": {
    version: "v6",
    results: 460,
    which: "build",
  },
  "jaffle-shop-duckdb-1.12/run_results.json": { version: "v6", results: 46, which: "generate" },
  "jaffle-shop-elementary-bq-1.7-v11/run_results.json": { version: "v5", results: 58, which: "build" },
  "jaffle-shop-elementary-bq-1.9/run_results.json": { version: "v6", results: 61, which: "build" },
  "logistics-bq-1.11-1.12-history/history/01-12a238b/run_results.json": {
    version: "v6",
    results: 9,
    which: "build",
  },
  "logistics-bq-1.11-1.12-history/history/02-e3322bf/run_results.json": {
    version: "v6",
    results: 5,
    which: "build",
  },
  "logistics-bq-1.11-1.12-history/history/03-1e5fde1/run_results.json": {
    version: "v6",
    results: 6,
    which: "build",
  },
  "logistics-bq-1.11-1.12-history/history/04-8123596/run_results.json": {
    version: "v6",
    results: 6,
    which: "build",
  },
  "logistics-bq-1.11-1.12-history/history/05-e2d5927/run_results.json": {
    version: "v6",
    results: 6,
    which: "build",
  },
  "logistics-bq-1.11-1.12-history/history/06-a8e2698/run_results.json": {
    version: "v6",
    results: 7,
    which: "build",
  },
  "logistics-bq-1.11-1.12-history/history/07-21608a6/run_results.json": {
    version: "v6",
    results: 7,
    which: "build",
  },
  "logistics-bq-1.11-1.12-history/history/08-22232be/run_results.json": {
    version: "v6",
    results: 15,
    which: "build",
  },
  "logistics-bq-1.11-1.12-history/history/09-ec572fe/run_results.json": {
    version: "v6",
    results: 15,
    which: "build",
  },
  "nba-spurs-postgres-1.7-history/history/01-2434d66/run_results.json": {
    version: "v5",
    results: 3,
    which: "run",
  },
  "nba-spurs-postgres-1.7-history/history/02-47d5567/run_results.json": {
    version: "v5",
    results: 6,
    which: "run",
  },
  "nba-spurs-postgres-1.7-history/history/03-338addb/run_results.json": {
    version: "v5",
    results: 6,
    which: "run",
  },
  "planetkart-snowflake-1.10/run_results.json": { version: "v6", results: 13, which: "run" },
  "salary-survey-bq-1.9/run_results.json": { version: "v6", results: 130, which: "generate" },
  "tpch-spark-1.9-history/history/01-3149486/run_results.json": { version: "v6", results: 8, which: "run" },
  "tpch-spark-1.9-history/history/02-9c930f1/run_results.json": { version: "v6", results: 8, which: "run" },
  "tpch-spark-1.9-history/history/03-b3c482d/run_results.json": { version: "v6", results: 12, which: "run" },
  "tuva-snowflake-1.7-v11-large/run_results.json": { version: "v5", results: 389, which: "generate" },
  "whyline-denver-bq-1.8-history/history/01-6b0cc18/run_results.json": {
    version: "v6",
    results: 95,
    which: "generate",
  },
  "whyline-denver-bq-1.8-history/history/02-0b0f55c/run_results.json": {
    version: "v6",
    results: 93,
    which: "generate",
  },
  "whyline-denver-bq-1.8-history/history/03-8403d5a/run_results.json": {
    version: "v6",
    results: 93,
    which: "generate",
  },
  "whyline-denver-bq-1.8-history/history/04-aef2533/run_results.json": {
    version: "v6",
    results: 97,
    which: "compile",
  },
};

describe.skipIf(!sharedFixturesPresent)(
  "every run_results.json and sources.json in ../shared/fixtures/dbt",
  () => {
    it("is listed here", () => {
      expect(fixtureFiles("run_results.json")).toEqual(Object.keys(RUN_RESULTS).sort());
      expect(fixtureFiles("sources.json")).toEqual([
        "planetkart-snowflake-1.10/sources.json",
        "salary-survey-bq-1.9/sources.json",
        "whyline-denver-bq-1.8-history/history/01-6b0cc18/sources.json",
        "whyline-denver-bq-1.8-history/history/03-8403d5a/sources.json",
        "whyline-denver-bq-1.8-history/history/04-aef2533/sources.json",
      ]);
    });

    const loaded = Object.entries(RUN_RESULTS).flatMap(([file, f]) =>
      "refused" in f ? [] : [[file, f] as const],
    );
    it.each(loaded)("%s loads", (file, figures) => {
      const r = loadRunResults(read(file), file);
      expect(r.metadata.schemaVersion).toBe(figures.version);
      expect(r.results).toHaveLength(figures.results);
      expect(r.args.which).toBe(figures.which);
      expect(r.results.every((x) => x.uniqueId.length > 0 && x.status.length > 0)).toBe(true);
    });

    it("run_results v4 (dbt 1.6) is refused with a message naming the file, v4 and the supported versions", () => {
      const file = "dbt-bouncer-duckdb-1.6-v10/run_results.json";
      const error = thrownUserError(() => loadRunResults(read(file), file));
      expect(error.code).toBe("artifact_version_unsupported");
      expect(error.message).toBe(
        `${file} is a dbt run results file of schema version v4, written by dbt 1.6.0; supported run-results versions: v5 (dbt 1.7), v6 (dbt 1.8 and later).`,
      );
    });

    it("keeps statuses and timing of a failing build (PROVENANCE: error 17, skipped 398, success 10, pass 35)", () => {
      const file = "global-trade-bq-1.11-large/history/01-7454878/run_results.json";
      const r = loadRunResults(read(file), file);
      expect(countBy(r.results, (x) => x.status)).toEqual({ error: 17, skipped: 398, success: 10, pass: 35 });
      expect(r.metadata.invocationId).toBe("295a7fe0-d89a-4fcd-bade-e239b8e0e827");
      const built = r.results.find((x) => x.status === "success");
      expect(built?.timing.map((t) => t.name)).toEqual(["compile", "execute"]);
      expect(
        built?.timing.every((t) => typeof t.startedAt === "string" && typeof t.completedAt === "string"),
      ).toBe(true);
    });

    it("reads dbt Fusion's `command` and `full_refresh`, and `--empty` from dbt-core", () => {
      const fusion = loadRunResults(read("dbt-bouncer-fusion-2.0-beta/run_results.json"), "f");
      expect(fusion.args).toEqual({
        which: "build",
        empty: null,
        sample: null,
        eventTimeStart: null,
        eventTimeEnd: null,
        fullRefresh: false,
        defer: null,
        favorState: null,
        vars: {},
      });
      const core = loadRunResults(read("dbt-bouncer-duckdb-1.11-build/run_results.json"), "c");
      expect(core.args).toEqual({
        which: "build",
        empty: false,
        sample: null,
        eventTimeStart: null,
        eventTimeEnd: null,
        fullRefresh: null,
        defer: false,
        favorState: false,
        vars: {},
      });
      expect(core.metadata.invocationStartedAt).toBe("2026-02-20T22:29:42.345546Z");
    });

    it.each([
      ["planetkart-snowflake-1.10/sources.json", 3, "4af3810f-7415-4dca-bb1e-114469fbd7a5"],
      ["salary-survey-bq-1.9/sources.json", 1, "df64d1f7-28b1-406f-9de1-67de18076dab"],
      [
        "whyline-denver-bq-1.8-history/history/01-6b0cc18/sources.json",
        13,
        "4554d7da-6895-4461-b72a-434bbb88c16b",
      ],
      [
        "whyline-denver-bq-1.8-history/history/03-8403d5a/sources.json",
        13,
        "4ee98d3c-0a8d-4d4a-9598-df17c1ebbb94",
      ],
      // the same blob as 03 (not regenerated at 04-aef2533, PROVENANCE.md)
      [
        "whyline-denver-bq-1.8-history/history/04-aef2533/sources.json",
        13,
        "4ee98d3c-0a8d-4d4a-9598-df17c1ebbb94",
      ],
    ])("%s loads (%i results, all pass)", (file, count, invocation) => {
      const s = loadSources(read(file), file);
      expect(s.metadata.schemaVersion).toBe("v3");
      expect(s.metadata.invocationId).toBe(invocation);
      expect(s.results).toHaveLength(count);
      expect(s.results.every((r) => r.status === "pass" && typeof r.maxLoadedAt === "string")).toBe(true);
    });

    it("keeps max_loaded_at, when it was measured and the criteria", () => {
      const s = loadSources(read("planetkart-snowflake-1.10/sources.json"), "sources.json");
      expect(s.results[0]).toEqual({
        uniqueId: "source.planetkart_analytics.planetkart_raw.customers",
        status: "pass",
        maxLoadedAt: "2025-07-20T19:20:50.952000+00:00",
        snapshottedAt: "2025-07-20T22:24:49.174000+00:00",
        maxLoadedAtTimeAgoInS: 11038.222,
        criteria: {
          warnAfter: { count: 7, period: "day" },
          errorAfter: { count: 14, period: "day" },
          filter: null,
        },
        error: null,
        executionTime: 0.0018680095672607422,
      });
    });

    it("a run_results.json passed as a manifest (and the other way round) is refused as the wrong artifact", () => {
      const asManifest = thrownUserError(() =>
        loadManifest(read("planetkart-snowflake-1.10/run_results.json"), "target/run_results.json"),
      );
      expect(asManifest.code).toBe("artifact_invalid");
      expect(asManifest.message).toBe(
        "target/run_results.json is a dbt run results file (https://schemas.getdbt.com/dbt/run-results/v6.json), not a dbt manifest.",
      );
      expect(asManifest.problems).toEqual([
        {
          path: "$.metadata.dbt_schema_version",
          message: "declares run-results v6, expected manifest v11 or v12",
        },
      ]);
      expect(asManifest.hint).toMatch(/manifest\.json/);
      const asSources = thrownUserError(() =>
        loadSources(read("planetkart-snowflake-1.10/manifest.json"), "m.json"),
      );
      expect(asSources.message).toMatch(
        /^m\.json is a dbt manifest .*, not a dbt sources \(freshness\) file\.$/,
      );
      const catalog = thrownUserError(() =>
        loadManifest(read("planetkart-snowflake-1.10/catalog.json"), "target/catalog.json"),
      );
      expect(catalog.code).toBe("artifact_invalid");
      expect(catalog.message).toBe(
        'target/catalog.json is a dbt "catalog" artifact (https://schemas.getdbt.com/dbt/catalog/v1.json), not a dbt manifest.',
      );
    });

    it("a truncated real manifest is artifact_not_json naming the file and where it ends", () => {
      const text = read("dbt-bouncer-duckdb-1.12-docs/manifest.json");
      const cut = text.slice(0, 500_000);
      const error = thrownUserError(() => loadManifest(cut, "target/manifest.json"));
      expect(error.code).toBe("artifact_not_json");
      expect(error.file).toBe("target/manifest.json");
      const { line, column } = lineAndColumn(cut, cut.length);
      expect(error.message).toContain("target/manifest.json is not valid JSON: ");
      expect(error.message).toContain("truncated");
      expect(error.message).toContain(`(line ${line}, column ${column}, character ${cut.length})`);
    });
  },
);

/* ------------------------------------------------------------ malformed */

const V12 = "https://schemas.getdbt.com/dbt/manifest/v12.json";

function model(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const name = id.split(".").at(-1) ?? id;
  return {
    unique_id: id,
    resource_type: "model",
    name,
    package_name: "p",
    path: `${name}.sql`,
    original_file_path: `models/${name}.sql`,
    fqn: ["p", name],
    database: "db",
    schema: "main",
    alias: name,
    relation_name: `"db"."main"."${name}"`,
    language: "sql",
    raw_code: "select 1",
    compiled_code: "select 1",
    checksum: { name: "sha256", checksum: "abc" },
    config: { materialized: "table", tags: [], meta: {}, "pre-hook": [], "post-hook": [] },
    depends_on: { nodes: [], macros: [] },
    ...extra,
  };
}

function manifestDoc(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    metadata: { dbt_schema_version: V12, dbt_version: "1.11.2", project_name: "p", adapter_type: "duckdb" },
    nodes: { "model.p.a": model("model.p.a") },
    sources: {},
    macros: {},
    ...extra,
  };
}

describe("malformed manifests are a UserError listing every problem with its JSON path", () => {
  it("wrong types at several paths are all reported at once, with their exact paths", () => {
    const doc = manifestDoc({
      nodes: {
        "model.p.a": model("model.p.a", {
          config: { materialized: 42, "pre-hook": [{ sql: 1 }] },
          depends_on: { nodes: ["seed.p.s", 7], macros: [] },
        }),
        "model.p.b": (() => {
          const b = model("model.p.b", { fqn: "p.b" });
          delete b.schema;
          return b;
        })(),
        "model.p.c": "oops",
        "test.p.t": {
          unique_id: "test.p.t",
          resource_type: "test",
          name: "t",
          package_name: "p",
          test_metadata: { name: "unique", kwargs: [] },
        },
        "seed.p.s": model("seed.p.s", { resource_type: "seed", unique_id: "seed.p.other" }),
      },
      sources: {
        "source.p.raw.t": {
          unique_id: "source.p.raw.t",
          name: "t",
          source_name: "raw",
          package_name: "p",
          schema: "raw",
          identifier: "t",
          freshness: { warn_after: { count: 1, period: "week" }, error_after: null },
        },
      },
      macros: {
        "macro.p.m": { unique_id: "macro.p.m", name: "m", package_name: "p", macro_sql: null },
      },
      unit_tests: {
        "unit_test.p.a.t": {
          unique_id: "unit_test.p.a.t",
          name: "t",
          package_name: "p",
          given: [],
          expect: {},
        },
      },
    });
    const error = thrownUserError(() => loadManifest(JSON.stringify(doc), "target/manifest.json"));
    expect(error.code).toBe("artifact_invalid");
    expect(error.file).toBe("target/manifest.json");
    expect(error.message).toBe(
      "target/manifest.json does not have the shape of a dbt manifest (v12): 11 problems found.",
    );
    expect(error.problems).toEqual([
      { path: '$.nodes["model.p.a"].config.materialized', message: "expected a string, found number 42" },
      {
        path: '$.nodes["model.p.a"].config["pre-hook"][0].sql',
        message: "expected a string, found number 1",
      },
      { path: '$.nodes["model.p.a"].depends_on.nodes[1]', message: "expected a string, found number 7" },
      { path: '$.nodes["model.p.b"].fqn', message: 'expected an array, found string "p.b"' },
      { path: '$.nodes["model.p.b"].schema', message: "missing (expected a string)" },
      { path: '$.nodes["model.p.c"]', message: 'expected an object (a node), found string "oops"' },
      { path: '$.nodes["test.p.t"].test_metadata.kwargs', message: "expected an object, found an array" },
      { path: '$.nodes["seed.p.s"].unique_id', message: '"seed.p.other" differs from the entry\'s key' },
      {
        path: '$.sources["source.p.raw.t"].freshness.warn_after.period',
        message: 'expected one of "minute", "hour", "day", found string "week"',
      },
      { path: '$.macros["macro.p.m"].macro_sql', message: "expected a string, found null" },
      { path: '$.unit_tests["unit_test.p.a.t"].model', message: "missing (expected a string)" },
    ]);
    const text = formatUserError(error);
    expect(text).toContain('  - $.nodes["model.p.b"].schema: missing (expected a string)');
    expect(text).not.toMatch(/\n\s+at /);
  });

  it("missing metadata is reported with every other problem", () => {
    const doc = manifestDoc({ nodes: { "model.p.a": model("model.p.a", { alias: 3 }) } });
    delete doc.metadata;
    const error = thrownUserError(() => loadManifest(JSON.stringify(doc), "m.json"));
    expect(error.code).toBe("artifact_invalid");
    expect(error.message).toBe("m.json does not have the shape of a dbt manifest: 2 problems found.");
    expect(error.problems).toEqual([
      { path: "$.metadata", message: "missing (expected an object with dbt_schema_version)" },
      { path: '$.nodes["model.p.a"].alias', message: "expected a string, found number 3" },
    ]);
  });

  it.each<[string, Record<string, unknown>, Array<{ path: string; message: string }>]>([
    [
      "metadata without dbt_schema_version",
      manifestDoc({ metadata: { dbt_version: "1.11.2" } }),
      [
        {
          path: "$.metadata.dbt_schema_version",
          message:
            'missing (expected a schema URL such as "https://schemas.getdbt.com/dbt/manifest/v12.json")',
        },
      ],
    ],
    [
      "a schema version that is not a dbt schema URL",
      manifestDoc({ metadata: { dbt_schema_version: "v12" } }),
      [
        {
          path: "$.metadata.dbt_schema_version",
          message:
            'expected a dbt schema URL such as "https://schemas.getdbt.com/dbt/manifest/v12.json", found string "v12"',
        },
      ],
    ],
    [
      "metadata fields of the wrong type (the shared ones and the manifest's own)",
      manifestDoc({
        metadata: {
          dbt_schema_version: V12,
          dbt_version: 1.11,
          invocation_id: false,
          project_name: ["shop"],
        },
      }),
      [
        { path: "$.metadata.dbt_version", message: "expected a string, found number 1.11" },
        { path: "$.metadata.invocation_id", message: "expected a string, found boolean false" },
        { path: "$.metadata.project_name", message: "expected a string, found an array" },
      ],
    ],
    [
      "metadata that is not an object",
      manifestDoc({ metadata: [] }),
      [{ path: "$.metadata", message: "expected an object, found an array" }],
    ],
    [
      "missing collections",
      { metadata: { dbt_schema_version: V12 } },
      [
        { path: "$.nodes", message: "missing (expected an object keyed by unique_id)" },
        { path: "$.sources", message: "missing (expected an object keyed by unique_id)" },
        { path: "$.macros", message: "missing (expected an object keyed by unique_id)" },
      ],
    ],
    [
      "collections of the wrong type",
      manifestDoc({ nodes: [], unit_tests: "x" }),
      [
        { path: "$.nodes", message: "expected an object keyed by unique_id, found an array" },
        { path: "$.unit_tests", message: 'expected an object keyed by unique_id, found string "x"' },
      ],
    ],
    [
      "configs and test arguments that are not objects",
      manifestDoc({
        nodes: {
          "model.p.a": model("model.p.a", { config: "table" }),
          "test.p.t": {
            unique_id: "test.p.t",
            resource_type: "test",
            name: "t",
            package_name: "p",
            config: [],
            test_metadata: { name: "accepted_values", kwargs: "x" },
          },
        },
      }),
      [
        { path: '$.nodes["model.p.a"].config', message: 'expected an object, found string "table"' },
        { path: '$.nodes["test.p.t"].test_metadata.kwargs', message: 'expected an object, found string "x"' },
        { path: '$.nodes["test.p.t"].config', message: "expected an object, found an array" },
      ],
    ],
    [
      "a node without resource_type",
      manifestDoc({ nodes: { "model.p.a": { unique_id: "model.p.a" } } }),
      [{ path: '$.nodes["model.p.a"].resource_type', message: "missing (expected a string)" }],
    ],
  ])("%s", (_what, doc, problems) => {
    const error = thrownUserError(() => loadManifest(JSON.stringify(doc), "m.json"));
    expect(error.code).toBe("artifact_invalid");
    expect(error.problems).toEqual(problems);
  });

  it.each([
    ["an array", "[]", "expected an object (the dbt manifest), found an array"],
    ["null", "null", "expected an object (the dbt manifest), found null"],
    ["a number", "42", "expected an object (the dbt manifest), found number 42"],
  ])("a document that is %s is refused at `$`", (_what, text, message) => {
    const error = thrownUserError(() => loadManifest(text, "m.json"));
    expect(error.code).toBe("artifact_invalid");
    expect(error.problems).toEqual([{ path: "$", message }]);
  });

  it.each([
    ["v10", "v10"],
    ["v13 (newer than ods-state)", "v13"],
  ])("manifest %s is refused as unsupported", (_what, version) => {
    const doc = manifestDoc({
      metadata: { dbt_schema_version: `https://schemas.getdbt.com/dbt/manifest/${version}.json` },
    });
    const error = thrownUserError(() => loadManifest(JSON.stringify(doc), "target/manifest.json"));
    expect(error.code).toBe("artifact_version_unsupported");
    expect(error.file).toBe("target/manifest.json");
    expect(error.message).toBe(
      `target/manifest.json is a dbt manifest of schema version ${version}; supported manifest versions: v11 (dbt 1.7), v12 (dbt 1.8 and later).`,
    );
  });

  it("accepts unknown fields everywhere and fields dbt may omit", () => {
    const doc = manifestDoc({
      future_collection: { x: 1 },
      nodes: {
        "model.p.a": {
          ...model("model.p.a", { classifiers: [], depends_on: { nodes: [], nodes_with_ref_location: [] } }),
          compiled_code: undefined,
          checksum: undefined,
          config: undefined,
          new_field: { anything: true },
        },
      },
    });
    const m = loadManifest(JSON.stringify(doc), "m.json");
    const a = m.nodes.get("model.p.a");
    expect(a?.compiledCode).toBeNull();
    expect(a?.checksum).toBeNull();
    expect(a?.config).toBeNull();
    expect(a?.materialized).toBeNull();
    expect(a?.dependsOn).toEqual({ nodes: [], macros: [] });
    expect(a).not.toHaveProperty("new_field");
  });

  it("readManifestDocument reads an already parsed document without modifying it", () => {
    const columns = { id: { name: "id" }, amount: { name: "amount", data_type: "numeric" } };
    const doc = manifestDoc({
      nodes: {
        "model.p.a": model("model.p.a", { columns, contract: { enforced: true } }),
        "model.p.b": model("model.p.b", { columns, contract: { enforced: false } }),
      },
    });
    const before = JSON.stringify(doc);
    const m = readManifestDocument(doc, "m.json");
    expect(JSON.stringify(doc)).toBe(before);
    // Declared columns are kept for an enforced contract only: nothing else reads them.
    expect(m.nodes.get("model.p.a")?.contractColumns).toEqual([
      { name: "id", dataType: null, constraints: [], quote: null },
      { name: "amount", dataType: "numeric", constraints: [], quote: null },
    ]);
    expect(m.nodes.get("model.p.b")?.contractColumns).toEqual([]);
  });

  it("a byte-order mark before the document is accepted", () => {
    const m = loadManifest(`\uFEFF${JSON.stringify(manifestDoc())}`, "m.json");
    expect([...m.nodes.keys()]).toEqual(["model.p.a"]);
  });
});

describe("text that is not JSON is artifact_not_json naming the file and the position", () => {
  it.each([
    ["an empty file", "", "m.json is empty (0 bytes), not a JSON document."],
    ["only whitespace", " \n ", "m.json is empty (only whitespace), not a JSON document."],
    [
      "a lone brace (truncated)",
      "{",
      "m.json is not valid JSON: expected property name or '}'; the file looks truncated (line 1, column 2, character 1).",
    ],
    [
      "a document cut inside a string",
      '{\n  "metadata": {"dbt_schema_version": "https://sch',
      "m.json is not valid JSON: unterminated string; the file looks truncated (line 2, column 50, character 51).",
    ],
    [
      "a document cut after a value",
      '{\n  "nodes": {}\n',
      "m.json is not valid JSON: expected ',' or '}' after property value; the file looks truncated (line 3, column 1, character 16).",
    ],
    [
      "a document cut after a literal's first letters",
      '{"a": tr',
      "m.json is not valid JSON: the document ends before it is complete; the file looks truncated (line 1, column 9, character 8).",
    ],
    [
      "a missing comma",
      '{\n  "a": 1\n  "b": 2\n}',
      "m.json is not valid JSON: expected ',' or '}' after property value (line 3, column 3, character 13).",
    ],
    [
      "an unquoted word (the engine gives no position)",
      '{"metadata": nope}',
      "m.json is not valid JSON: unexpected token 'o' (line 1, column 14, character 13).",
    ],
    [
      "content after the document",
      "{} {}",
      "m.json is not valid JSON: unexpected non-whitespace character after JSON (line 1, column 4, character 3).",
    ],
  ])("%s", (_what, text, message) => {
    for (const load of [loadManifest, loadRunResults, loadSources]) {
      const error = thrownUserError(() => load(text, "m.json"));
      expect(error.code).toBe("artifact_not_json");
      expect(error.file).toBe("m.json");
      expect(error.message).toBe(message);
    }
  });

  it.each([
    ['{"a": nope}', 6],
    ['{"a": [1, 2,, 3]}', 12],
    ['{"a": "x\\q"}', 9],
    ['{"a" 1}', 5],
    ["[1, 2", 5],
    ['{"a": 1} x', 9],
    ["-", 0],
    ['{"a": tru}', 6],
  ])("locateJsonError(%j) = %i", (text, position) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(locateJsonError(text)).toBe(position);
  });
});

describe("malformed run_results.json and sources.json list every problem with its path", () => {
  const RR6 = "https://schemas.getdbt.com/dbt/run-results/v6.json";
  const result = (id: string, extra: Record<string, unknown> = {}) => ({
    unique_id: id,
    status: "success",
    timing: [{ name: "execute", started_at: "2026-01-01T00:00:00Z", completed_at: "2026-01-01T00:00:01Z" }],
    execution_time: 1,
    thread_id: "Thread-1",
    message: null,
    failures: null,
    relation_name: null,
    ...extra,
  });

  it("run_results: every wrong field at once", () => {
    const doc = {
      metadata: { dbt_schema_version: RR6, invocation_id: 5 },
      args: { which: "build", empty: "yes" },
      elapsed_time: "long",
      results: [
        result("model.p.a"),
        result("model.p.b", { status: 3 }),
        (() => {
          const r: Record<string, unknown> = result("model.p.c", { timing: [{ started_at: null }] });
          delete r.unique_id;
          return r;
        })(),
        "oops",
      ],
    };
    const error = thrownUserError(() => loadRunResults(JSON.stringify(doc), "target/run_results.json"));
    expect(error.code).toBe("artifact_invalid");
    expect(error.message).toBe(
      "target/run_results.json does not have the shape of a dbt run results file (v6): 7 problems found.",
    );
    expect(error.problems).toEqual([
      { path: "$.metadata.invocation_id", message: "expected a string, found number 5" },
      { path: "$.args.empty", message: 'expected a boolean, found string "yes"' },
      { path: "$.elapsed_time", message: 'expected a number, found string "long"' },
      { path: "$.results[1].status", message: "expected a string, found number 3" },
      { path: "$.results[2].unique_id", message: "missing (expected a string)" },
      { path: "$.results[2].timing[0].name", message: "missing (expected a string)" },
      { path: "$.results[3]", message: 'expected an object, found string "oops"' },
    ]);
  });

  it.each([
    ["results missing", {}, [{ path: "$.results", message: "missing (expected an array of results)" }]],
    [
      "results not an array",
      { results: {} },
      [{ path: "$.results", message: "expected an array of results, found an object" }],
    ],
  ])("run_results: %s", (_what, extra, problems) => {
    const doc = { metadata: { dbt_schema_version: RR6 }, ...extra };
    expect(thrownUserError(() => loadRunResults(JSON.stringify(doc), "r.json")).problems).toEqual(problems);
  });

  it.each([
    ["v4", "v4"],
    ["v7", "v7"],
  ])("run_results %s is refused as unsupported", (_what, version) => {
    const doc = {
      metadata: { dbt_schema_version: `https://schemas.getdbt.com/dbt/run-results/${version}.json` },
    };
    const error = thrownUserError(() => loadRunResults(JSON.stringify(doc), "r.json"));
    expect(error.code).toBe("artifact_version_unsupported");
    expect(error.message).toBe(
      `r.json is a dbt run results file of schema version ${version}; supported run-results versions: v5 (dbt 1.7), v6 (dbt 1.8 and later).`,
    );
  });

  it("sources.json: every wrong field at once, and a runtime error result", () => {
    const doc = {
      metadata: { dbt_schema_version: "https://schemas.getdbt.com/dbt/sources/v3.json" },
      results: [
        {
          unique_id: "source.p.raw.a",
          status: "pass",
          max_loaded_at: 5,
          snapshotted_at: "2026-01-01T00:00:00Z",
          criteria: { warn_after: { count: "12", period: "hour" } },
        },
        { unique_id: "source.p.raw.b", status: "runtime error", error: "Database Error: no such column" },
      ],
      elapsed_time: 1,
    };
    const error = thrownUserError(() => loadSources(JSON.stringify(doc), "target/sources.json"));
    expect(error.problems).toEqual([
      { path: "$.results[0].max_loaded_at", message: "expected a string, found number 5" },
      { path: "$.results[0].criteria.warn_after.count", message: 'expected a number, found string "12"' },
    ]);
    const ok = loadSources(JSON.stringify({ ...doc, results: [doc.results[1]] }), "target/sources.json");
    expect(ok.results).toEqual([
      {
        uniqueId: "source.p.raw.b",
        status: "runtime error",
        maxLoadedAt: null,
        snapshottedAt: null,
        maxLoadedAtTimeAgoInS: null,
        criteria: null,
        error: "Database Error: no such column",
        executionTime: null,
      },
    ]);
  });

  it("sources v2 is refused as unsupported", () => {
    const doc = {
      metadata: { dbt_schema_version: "https://schemas.getdbt.com/dbt/sources/v2.json" },
      results: [],
    };
    const error = thrownUserError(() => loadSources(JSON.stringify(doc), "s.json"));
    expect(error.code).toBe("artifact_version_unsupported");
    expect(error.message).toBe(
      "s.json is a dbt sources (freshness) file of schema version v2; supported sources versions: v3 (dbt 1.0 and later).",
    );
  });
});

describe("formatJsonPath", () => {
  it.each<[PropertyKey[], string]>([
    [[], "$"],
    [["nodes", "model.x.y", "config", "materialized"], '$.nodes["model.x.y"].config.materialized'],
    [["results", 3, "timing", 0, "name"], "$.results[3].timing[0].name"],
    [["config", "pre-hook"], '$.config["pre-hook"]'],
    [["nodes", 'we"ird'], '$.nodes["we\\"ird"]'],
  ])("%j -> %s", (segments, expected) => {
    expect(formatJsonPath(segments)).toBe(expected);
  });
});

describe("one unique_id in two collections", () => {
  it.each([["sources"], ["unit_tests"], ["semantic_models"]])(
    "a model's id reused in `%s` is refused, naming both places",
    (key) => {
      const m = JSON.parse(readFileSync(sharedFixture("jaffle-shop-duckdb-1.12", "manifest.json"), "utf8"));
      const id = "model.jaffle_shop.stg_orders";
      const donor = Object.values(m[key] as Record<string, Record<string, unknown>>)[0]!;
      m[key][id] = { ...donor, unique_id: id };
      const error = thrownUserError(() => loadManifest(JSON.stringify(m), "manifest.json"));
      expect(error.code).toBe("artifact_invalid");
      expect(formatUserError(error)).toContain(`is also a unique_id in \`nodes\``);
      expect(formatUserError(error)).toContain(id);
    },
  );
});
