/**
 * Selection at 50,000 nodes: dbt's graph is indexed once per manifest and
 * each criterion is one pass over its members (globs compiled once), so a
 * handful of selectors, graph walks included, costs less than building
 * ODS's graph from the manifest (both linear; the bound holds on a loaded runner).
 */
import { describe, expect, it } from "vitest";
import { readManifestDocument } from "../../src/dbt/artifacts/manifest-builder.js";
import { buildGraph } from "../../src/dbt/graph.js";
import { selectNodes } from "../../src/planner/selection.js";
import { buildManifest, type ModelSpec, modelId } from "../support/manifest-builder.js";

const N = 50_000;

function largeGraph() {
  const models: ModelSpec[] = [];
  for (let i = 0; i < N; i++) {
    const deps = i === 0 ? [] : [modelId(`m_${i - 1}`), ...(i > 10 ? [modelId(`m_${i - 10}`)] : [])];
    models.push({ name: `m_${i}`, sql: "select 1", dependsOn: deps });
  }
  const doc = buildManifest(models) as { nodes: Record<string, Record<string, unknown>> };
  let i = 0;
  for (const node of Object.values(doc.nodes)) {
    const folder = `f_${i % 500}`;
    node.original_file_path = `models/${folder}/${node.name}.sql`;
    node.fqn = ["shop", folder, node.name];
    node.tags = [`t${i % 50}`];
    i++;
  }
  const started = performance.now();
  const graph = buildGraph(readManifestDocument(doc, "large.json"));
  return { graph, buildMs: performance.now() - started };
}

describe("selection scales", () => {
  it(`resolves unions, globs, paths, tags and graph walks over ${N.toLocaleString("en")} nodes quickly`, () => {
    const { graph, buildMs } = largeGraph();
    const started = performance.now();
    const result = selectNodes(
      graph,
      [
        "+m_49999",
        "m_100+",
        "@m_25000",
        "*_1234*",
        "path:models/f_1*/m_*.sql",
        "tag:t7,f_7.*",
        "2+m_40000+3",
      ],
      ["*.m_2"],
    );
    const elapsed = performance.now() - started;
    expect(result.nodes.size).toBeGreaterThan(N / 2);
    expect(result.nodes.has(modelId("m_2"))).toBe(false);
    console.log(
      `selection of 7 selectors and an exclusion at ${N} nodes: ${Math.round(elapsed)} ms (building the graph: ${Math.round(buildMs)} ms)`,
    );
    // Machine-independent bound: resolving the whole selection (dbt's graph indexed
    // included) costs less than reading the manifest into ODS's graph did.
    expect(elapsed).toBeLessThan(buildMs);
  }, 120_000);
});
