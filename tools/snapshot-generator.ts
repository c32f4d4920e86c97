/**
 * Generates a realistic state snapshot of N nodes (shapes as the planner
 * records them: dbt/2 fingerprints of 6-8 components, 1-4 parents, 0-3
 * sources, a relation, a test record on most nodes) for store benchmarks and
 * tests. Deterministic for a given seed.
 */
import { createHash } from "node:crypto";
import type { NodeState, StateSnapshot } from "../src/state/snapshot.ts";
import { xorshift32 } from "./seeded-random.js";

function hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export interface GenerateOptions {
  nodes: number;
  seed?: number;
  project?: string;
  environment?: string;
  runId?: string;
  createdAt?: string;
}

export function generateSnapshot(options: GenerateOptions): StateSnapshot {
  const random = xorshift32(options.seed ?? 42);
  const project = options.project ?? "jaffle_shop";
  const runId = options.runId ?? "run-000001";
  const createdAt = options.createdAt ?? "2026-11-30T12:00:00.000Z";
  const layers = ["stg", "int", "fct", "dim", "mart"];
  const sourceIds = Array.from({ length: 60 }, (_, i) => `source.${project}.raw_${i % 12}.table_${i}`);
  const names: string[] = [];
  const nodes: Record<string, NodeState> = {};
  for (let i = 0; i < options.nodes; i++) {
    const layer = layers[Math.min(layers.length - 1, Math.floor((i / options.nodes) * layers.length))]!;
    const name = `model.${project}.${layer}_${["orders", "customers", "payments", "events", "sessions"][i % 5]}_${i}`;
    const components: Record<string, string> = {
      scheme: hex("dbt/2"),
      sql: hex(`sql ${i}`),
      config: hex(`config ${i % 40}`),
      macros: hex(`macros ${i % 25}`),
      relation: hex(`relation ${i}`),
      engine: hex("dbt 1.10.4 duckdb 1.9.2"),
    };
    if (random() < 0.2) components.contract = hex(`contract ${i}`);
    if (random() < 0.05) components.file = hex(`file ${i}`);
    const digest = hex(
      Object.keys(components)
        .sort()
        .map((key) => `${key}\0${components[key]}\n`)
        .join(""),
    );
    const parents: Record<string, string> = {};
    const sources: NodeState["sources"] = {};
    if (i < options.nodes / layers.length || names.length === 0) {
      const count = 1 + Math.floor(random() * 2);
      for (let s = 0; s < count; s++) {
        sources[sourceIds[Math.floor(random() * sourceIds.length)]!] = {
          value: "2026-11-30T11:58:12.000000+00:00",
          exactness: "semantic",
          observed_at: "2026-11-30T11:59:00.000Z",
        };
      }
    } else {
      const count = 1 + Math.floor(random() * 4);
      for (let p = 0; p < count; p++) parents[names[Math.floor(random() * names.length)]!] = runId;
    }
    const materialized = random() < 0.6 ? "table" : random() < 0.7 ? "view" : "incremental";
    nodes[name] = {
      fingerprint: { scheme: "dbt/2", digest, components },
      version_key: hex(`version ${i}`),
      raw_digest: hex(`raw ${i}`),
      run_id: runId,
      built_at: createdAt,
      materialized,
      relation: { database: "analytics", schema: `analytics_${layer}`, identifier: name.split(".")[2]! },
      parents,
      sources,
      ...(random() < 0.7
        ? { tested: { run_id: runId, at: createdAt, checks_digest: hex(`checks ${i}`) } }
        : {}),
    };
    names.push(name);
  }
  return {
    schema_version: "1.2",
    project,
    environment: options.environment ?? "prod",
    run_id: runId,
    created_at: createdAt,
    target: { name: "prod", adapter_type: "duckdb", database: "analytics", schema: "analytics" },
    nodes,
    sources: Object.fromEntries(
      sourceIds.slice(0, 20).map((id) => [
        id,
        {
          tested: { run_id: runId, at: createdAt, checks_digest: hex(`source checks ${id}`) },
          version: { value: "2026-11-30T11:58:12Z", exactness: "semantic" as const, observed_at: createdAt },
        },
      ]),
    ),
  };
}

/**
 * The next run's snapshot: `fraction` of the nodes rebuilt by `runId` (new
 * SQL digest, build time and run), everything else carried over unchanged.
 */
export function nextRun(
  previous: StateSnapshot,
  runId: string,
  createdAt: string,
  fraction: number,
  seed = 7,
): StateSnapshot {
  const random = xorshift32(seed);
  const nodes: Record<string, NodeState> = {};
  for (const [id, node] of Object.entries(previous.nodes)) {
    if (random() < fraction) {
      const components = { ...node.fingerprint.components, sql: hex(`${id} ${runId}`) };
      nodes[id] = {
        ...node,
        fingerprint: { ...node.fingerprint, components, digest: hex(JSON.stringify(components)) },
        run_id: runId,
        built_at: createdAt,
      };
    } else {
      nodes[id] = node;
    }
  }
  return { ...previous, run_id: runId, created_at: createdAt, nodes };
}
