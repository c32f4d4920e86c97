/**
 * Issue 20's cases, made by the real planner (src/planner/plan.ts) so that
 * `select`, `exclude` and `short_command` are what the planner's compactor
 * makes of them. Each is recorded once from a full build of the project,
 * then planned with some models' SQL edited. About 5 s at 10,000 nodes.
 *
 * - wideChange: one edited root model reaches `reached` of `nodes` planned
 *   nodes (it and its descendants build); the rest hang off an unchanged
 *   seed and are reused.
 * - scatteredChange: `roots` independent trees of `perRoot` models each
 *   (and the seed their roots read); every `changedEvery`-th root is edited, so BUILD and REUSE alternate
 *   across the project and no exact selection fits a comment's bounds.
 */
import type { LoadedProject } from "../../src/dbt/load-project.js";
import { loadProject } from "../../src/dbt/load-project.js";
import type { Plan } from "../../src/state/plan.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { buildManifest, type ModelSpec, modelId } from "./manifest-builder.js";
import { planOf, projectOf, recordRun } from "./planner-harness.js";

const DOMAINS = ["orders", "customers", "payments", "sessions"];
const LAYERS = ["int", "fct", "dim"];

function wideModels(nodes: number, reached: number, rootSql: string): ModelSpec[] {
  const out: ModelSpec[] = [];
  for (let i = 0; i < nodes; i++) {
    if (i === 0) {
      out.push({ name: "stg_events", sql: rootSql });
      continue;
    }
    if (i === reached) {
      out.push({ name: "country_codes", resourceType: "seed", sql: "id,code" });
      continue;
    }
    const name = `${LAYERS[i % 3]}_${DOMAINS[i % 4]}_node_${String(i).padStart(5, "0")}`;
    // Below `reached`: a child of the root or of an earlier reached node; above: of the seed.
    const parentName =
      i > reached ? "country_codes" : i < 100 ? "stg_events" : out[(i * 7) % Math.min(i, 5_000)]!.name;
    const parent = modelId(parentName, i > reached ? "seed" : "model");
    // Each reads its parent's relation, as ref() compiles it (an undeclared read builds every run).
    out.push({
      name,
      sql: `select ${i} as n, * from "warehouse"."analytics"."${parentName}"`,
      dependsOn: [parent],
    });
  }
  return out;
}

function scatteredModels(roots: number, perRoot: number, edited: (root: number) => boolean): ModelSpec[] {
  // The roots read a seed: a model with no input at all is built every run.
  const out: ModelSpec[] = [{ name: "raw_ids", resourceType: "seed", sql: "id" }];
  for (let r = 0; r < roots; r++) {
    const root = `stg_${DOMAINS[r % 4]}_from_the_billing_system_${String(r).padStart(4, "0")}`;
    out.push({
      name: root,
      sql: `select ${edited(r) ? 2 : 1} as id from "warehouse"."analytics"."raw_ids"`,
      dependsOn: [modelId("raw_ids", "seed")],
    });
    for (let k = 1; k < perRoot; k++) {
      const parent = k === 1 ? root : `${LAYERS[(k - 1) % 3]}_${DOMAINS[r % 4]}_${r}_${k - 1}`;
      out.push({
        name: `${LAYERS[k % 3]}_${DOMAINS[r % 4]}_${r}_${k}`,
        sql: `select ${k} as n, * from "warehouse"."analytics"."${parent}"`,
        dependsOn: [modelId(parent)],
      });
    }
  }
  return out;
}

export interface Change {
  /** Prod's state after a full build of the project before the change. */
  before: StateSnapshot;
  /** The pull request's manifest, as dbt writes it. */
  manifest: Record<string, unknown>;
  /** That manifest, loaded. */
  project: LoadedProject;
}

function change(before: ModelSpec[], after: ModelSpec[]): Change {
  const base = projectOf(before);
  const statuses = Object.fromEntries([...base.graph.order].map((id) => [id, "success"]));
  const manifest = buildManifest(after);
  return {
    before: recordRun(base, { statuses }).snapshot,
    manifest,
    project: loadProject(JSON.stringify(manifest), "manifest.json"),
  };
}

export function wideChange(nodes = 10_000, reached = 9_869): Change {
  return change(wideModels(nodes, reached, "select 1 as id"), wideModels(nodes, reached, "select 2 as id"));
}

export function scatteredChange(roots = 400, perRoot = 25, changedEvery = 2): Change {
  return change(
    scatteredModels(roots, perRoot, () => false),
    scatteredModels(roots, perRoot, (r) => r % changedEvery === 0),
  );
}

export function planChange(c: Change): Plan {
  return planOf(c.project, c.before);
}

export function wideChangePlan(nodes = 10_000, reached = 9_869): Plan {
  return planChange(wideChange(nodes, reached));
}
