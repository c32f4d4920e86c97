/**
 * Issue 20's case, made by the real planner (src/planner/plan.ts) so that
 * `select`, `exclude` and `short_command` are what the planner's compactor
 * makes of it: a project of `nodes` planned nodes where one edited root
 * model reaches `reached` of them (it and its descendants build), the rest
 * hang off an unchanged seed and are reused. Recorded once from a full build,
 * then planned with the root's SQL edited. About 5 s at 10,000 nodes.
 */
import { loadProject } from "../../src/dbt/load-project.js";
import type { Plan } from "../../src/state/plan.js";
import type { StateSnapshot } from "../../src/state/snapshot.js";
import { buildManifest, type ModelSpec, modelId } from "./manifest-builder.js";
import { planOf, projectOf, recordRun } from "./planner-harness.js";

const DOMAINS = ["orders", "customers", "payments", "sessions"];
const LAYERS = ["int", "fct", "dim"];

function models(nodes: number, reached: number, rootSql: string): ModelSpec[] {
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
    const parent =
      i > reached
        ? modelId("country_codes", "seed")
        : modelId(i < 100 ? "stg_events" : out[(i * 7) % Math.min(i, 5_000)]!.name);
    out.push({ name, sql: `select * from "warehouse"."analytics"."n${i}"`, dependsOn: [parent] });
  }
  return out;
}

/** Prod's state after a full build of the project, and the manifest of the pull request that edits the root. */
export function wideChange(
  nodes = 10_000,
  reached = 9_869,
): { before: StateSnapshot; manifest: Record<string, unknown> } {
  const base = projectOf(models(nodes, reached, "select 1 as id"));
  const statuses = Object.fromEntries([...base.graph.order].map((id) => [id, "success"]));
  const before = recordRun(base, { statuses }).snapshot;
  return { before, manifest: buildManifest(models(nodes, reached, "select 2 as id")) };
}

export function wideChangePlan(nodes = 10_000, reached = 9_869): Plan {
  const { before, manifest } = wideChange(nodes, reached);
  return planOf(loadProject(JSON.stringify(manifest), "manifest.json"), before);
}
