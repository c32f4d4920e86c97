/**
 * Relations written by one node and read by another (issue 18, class 11):
 * a seed or model whose relation is a source's relation makes the source's
 * readers depend on it, though no `ref` says so. dbt-labs' jaffle-shop
 * (dbt 1.12, DuckDB) loads every `ecom` source with a seed: a changed seed
 * rebuilds its readers (parent_code_changed), new seed data reaches them
 * (new_upstream_data), and an unchanged seed's build is their data's
 * evidence without `dbt source freshness`.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadRunResults } from "../../src/dbt/artifacts/run-results.js";
import { type LoadedProject, loadProject } from "../../src/dbt/load-project.js";
import { plan } from "../../src/planner/plan.js";
import { record } from "../../src/planner/record.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { buildRunResults } from "../support/run-builders.js";
import { SHARED_DBT_FIXTURES, sharedFixture, sharedFixturesPresent } from "../support/shared-fixtures.js";

// biome-ignore lint/suspicious/noExplicitAny: dbt manifest documents
type Json = any;
const TARGET = { name: "prod", adapter_type: "duckdb" };
const SCOPE = { project: "jaffle_shop", environment: "prod" };
const J = "jaffle_shop";

function manifests(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (name === "schemas") continue;
    // Manifests v10 (dbt 1.6) are refused by the loader.
    if (statSync(full).isDirectory()) out.push(...manifests(full));
    else if (
      name === "manifest.json" &&
      !readFileSync(full, "utf8").slice(0, 300).includes("/manifest/v10.json")
    )
      out.push(path.relative(SHARED_DBT_FIXTURES, full));
  }
  return out;
}

/** Sources whose relation a planned node of the same manifest writes, per manifest (all others: none). */
const WRITTEN: Record<string, Record<string, string[]>> = {
  "jaffle-shop-duckdb-1.12/manifest.json": {
    "source.jaffle_shop.ecom.raw_customers": ["seed.jaffle_shop.raw_customers"],
    "source.jaffle_shop.ecom.raw_items": ["seed.jaffle_shop.raw_items"],
    "source.jaffle_shop.ecom.raw_orders": ["seed.jaffle_shop.raw_orders"],
    "source.jaffle_shop.ecom.raw_products": ["seed.jaffle_shop.raw_products"],
    "source.jaffle_shop.ecom.raw_stores": ["seed.jaffle_shop.raw_stores"],
    "source.jaffle_shop.ecom.raw_supplies": ["seed.jaffle_shop.raw_supplies"],
  },
  "salary-survey-bq-1.9/manifest.json": {
    "source.salary_survey.seed_data.seed__country_economic_factors": [
      "seed.salary_survey.seed__country_economic_factors",
    ],
  },
};

describe.skipIf(!sharedFixturesPresent)(
  "which real manifests have sources written by their own nodes",
  () => {
    const files = sharedFixturesPresent ? manifests(SHARED_DBT_FIXTURES) : [];

    it.each(files)("%s", (file) => {
      const graph = loadProject(readFileSync(sharedFixture(file), "utf8"), file).graph;
      const written = Object.fromEntries(
        [...graph.sources.values()]
          .filter((s) => s.writtenBy.length > 0)
          .map((s) => [s.id, [...s.writtenBy]]),
      );
      expect(written).toEqual(WRITTEN[file] ?? {});
      for (const [sourceId, writers] of Object.entries(written)) {
        for (const reader of graph.sources.get(sourceId)!.readers) {
          const node = graph.nodes.get(reader)!;
          for (const writer of writers) {
            // The writer is a parent, said to come through the source, and comes first in the plan's order.
            expect(node.parents).toContain(writer);
            expect(node.writtenInputs).toContainEqual({ parent: writer, source: sourceId });
            expect(graph.nodes.get(writer)!.children).toContain(reader);
            expect(graph.nodes.get(writer)!.depth).toBeLessThan(node.depth);
            expect(graph.order.indexOf(writer)).toBeLessThan(graph.order.indexOf(reader));
          }
        }
      }
    });

    it("counts: 2 of the manifests, 7 sources", () => {
      expect(Object.keys(WRITTEN).every((file) => files.includes(file))).toBe(true);
      expect(Object.values(WRITTEN).flatMap((sources) => Object.keys(sources)).length).toBe(7);
    });
  },
);

const jaffle = (edit: (doc: Json) => void = () => {}, invocationId?: string): LoadedProject => {
  const doc = JSON.parse(readFileSync(sharedFixture("jaffle-shop-duckdb-1.12", "manifest.json"), "utf8"));
  edit(doc);
  if (invocationId) doc.metadata.invocation_id = invocationId;
  return loadProject(JSON.stringify(doc), "manifest.json");
};

/** A successful `dbt build` of `ids` (every planned node by default) of this manifest's invocation. */
function recordBuild(
  project: LoadedProject,
  startedAt: string,
  previous: StateSnapshot | null = null,
  ids: readonly string[] = project.graph.order,
) {
  const document = buildRunResults({
    invocationId: project.manifest.metadata.invocationId!,
    // dbt build runs the checks of what it builds (eager indirect selection), and they pass.
    statuses: Object.fromEntries([
      ...ids.map((id) => [id, "success"]),
      ...ids.flatMap((id) => project.graph.nodes.get(id)!.checks).map((check) => [check, "pass"]),
    ]),
    startedAt,
  });
  return record({
    project,
    runResults: loadRunResults(JSON.stringify(document), "run_results.json"),
    sources: null,
    scope: SCOPE,
    previous,
    recordedRunIds: new Set(),
    target: TARGET,
    now: "2026-06-01T00:00:00Z",
  }).snapshot;
}

function decisionsOf(project: LoadedProject, snapshot: StateSnapshot): Record<string, string> {
  const p = plan({
    project,
    scope: SCOPE,
    state: { id: "s", snapshot },
    sources: null,
    select: [],
    now: "2026-06-01T00:00:00Z",
    target: TARGET,
  });
  return Object.fromEntries(
    p.entries.map((e) => [e.unique_id.replace(`${J}.`, ""), `${e.action} ${e.reasons[0]!.code}`]),
  );
}

/**
 * Recorded whole, planned again without sources.json: the seeds' builds are
 * the sources' evidence. raw_items and raw_orders are over 1 MiB: dbt records
 * only their path as checksum, so they are always built (code_incomplete),
 * and so, for a code reason, are their readers.
 */
const UNCHANGED: Record<string, string> = {
  "seed.raw_customers": "REUSE unchanged",
  "seed.raw_items": "BUILD code_incomplete",
  "seed.raw_orders": "BUILD code_incomplete",
  "seed.raw_products": "REUSE unchanged",
  "seed.raw_stores": "REUSE unchanged",
  "seed.raw_supplies": "REUSE unchanged",
  "model.metricflow_time_spine": "BUILD no_declared_inputs",
  "model.stg_customers": "REUSE unchanged",
  "model.stg_locations": "REUSE unchanged",
  "model.stg_order_items": "BUILD parent_code_changed",
  "model.stg_orders": "BUILD parent_code_changed",
  "model.stg_products": "REUSE unchanged",
  "model.stg_supplies": "REUSE unchanged",
  "model.locations": "REUSE unchanged",
  "model.order_items": "BUILD parent_code_changed",
  "model.products": "REUSE unchanged",
  "model.supplies": "REUSE unchanged",
  "model.orders": "BUILD parent_code_changed",
  "model.customers": "BUILD parent_code_changed",
};

describe.skipIf(!sharedFixturesPresent)(
  "jaffle-shop: seeds that load the sources are their readers' parents",
  () => {
    const base = sharedFixturesPresent ? jaffle() : null!;
    const whole = sharedFixturesPresent ? recordBuild(base, "2026-05-01T00:00:00Z") : null!;
    const changedSeed = sharedFixturesPresent
      ? jaffle((doc) => {
          doc.nodes["seed.jaffle_shop.raw_stores"].checksum.checksum = "0".repeat(64);
        })
      : null!;
    const run2 = sharedFixturesPresent ? jaffle(() => {}, "22222222-2222-4222-8222-222222222222") : null!;

    it.each<{ case: string; plan: () => Record<string, string>; changes: Record<string, string> }>([
      { case: "nothing changed", plan: () => decisionsOf(base, whole), changes: {} },
      {
        case: "the seed raw_stores changed",
        plan: () => decisionsOf(changedSeed, whole),
        changes: {
          "seed.raw_stores": "BUILD code_changed",
          "model.stg_locations": "BUILD parent_code_changed",
          "model.locations": "BUILD parent_code_changed",
        },
      },
      {
        case: "a later run loaded raw_stores again (new seed data)",
        plan: () =>
          decisionsOf(
            run2,
            recordBuild(run2, "2026-05-02T00:00:00Z", whole, ["seed.jaffle_shop.raw_stores"]),
          ),
        changes: {
          "model.stg_locations": "BUILD new_upstream_data",
          "model.locations": "BUILD new_upstream_data",
        },
      },
    ])("$case", ({ plan: decide, changes }) => {
      expect(decide()).toEqual({ ...UNCHANGED, ...changes });
    });

    it("records which build of the seed each reader read", () => {
      expect(whole.nodes["model.jaffle_shop.stg_orders"]!.parents).toEqual({
        "seed.jaffle_shop.raw_orders": whole.run_id,
      });
    });

    it("says why in the evidence: the source's relation is written by the seed", () => {
      const p = plan({
        project: base,
        scope: SCOPE,
        state: { id: "s", snapshot: whole },
        sources: null,
        select: [],
        now: "2026-06-01T00:00:00Z",
        target: TARGET,
      });
      const stg = p.entries.find((e) => e.unique_id === "model.jaffle_shop.stg_locations")!;
      expect(stg.parents).toEqual(["seed.jaffle_shop.raw_stores", "source.jaffle_shop.ecom.raw_stores"]);
      expect(stg.evidence.find((e) => e.kind === "source_version")!.note).toBe(
        "its relation is written by raw_stores: that build is the evidence of its data",
      );
    });

    it("a link that would close a cycle is not made, and nothing crashes", () => {
      // ecom.raw_orders now points at stg_orders' own view (it reads what it writes), and
      // ecom.raw_customers at customers, which reads stg_customers, which reads the source.
      const cyclic = jaffle((doc) => {
        Object.assign(doc.sources["source.jaffle_shop.ecom.raw_orders"], {
          schema: "main",
          identifier: "stg_orders",
        });
        Object.assign(doc.sources["source.jaffle_shop.ecom.raw_customers"], {
          schema: "MAIN",
          identifier: "Customers",
        });
      });
      const graph = cyclic.graph;
      expect(graph.sources.get("source.jaffle_shop.ecom.raw_orders")!.writtenBy).toEqual([
        "model.jaffle_shop.stg_orders",
      ]);
      expect(graph.sources.get("source.jaffle_shop.ecom.raw_customers")!.writtenBy).toEqual([
        "model.jaffle_shop.customers",
      ]);
      expect(graph.nodes.get("model.jaffle_shop.stg_orders")!.parents).toEqual([]);
      expect(graph.nodes.get("model.jaffle_shop.stg_customers")!.parents).toEqual([]);
      expect(graph.nodes.get("model.jaffle_shop.stg_customers")!.writtenInputs).toEqual([]);
      // Those readers keep their sources as plain inputs: without sources.json, no evidence.
      const decided = decisionsOf(cyclic, recordBuild(cyclic, "2026-05-01T00:00:00Z"));
      expect(decided).toEqual({
        ...UNCHANGED,
        "model.stg_orders": "BUILD missing_data_evidence",
        "model.stg_customers": "BUILD missing_data_evidence",
      });
    });
  },
);
