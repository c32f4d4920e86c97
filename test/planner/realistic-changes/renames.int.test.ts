/**
 * Issue 36, over-builds: a model renamed (a new unique_id) whose alias keeps
 * its relation, and whose code is the same, writes what its recorded build
 * wrote: the build is reused under the new id (a plan warning says so), its
 * readers are not rebuilt, and a record that doesn't rebuild it carries the
 * build to the new id. dbt writes the rename the way this test does: a new
 * unique_id, name, fqn and file; `ref('stg_clients')` in the readers' raw
 * code, the same relation in their compiled SQL; depends_on pointing at the
 * new id.
 */
import { describe, expect, it } from "vitest";
import { loadProject } from "../../../src/dbt/load-project.js";
import { plan } from "../../../src/planner/plan.js";
import {
  assertPlan,
  DEFAULT_PLAN_AT,
  FIXTURES,
  fullBuildStatuses,
  type Json,
  manifestJson,
  Oracle,
  recordRun,
  runScenario,
  scopeOf,
  sha,
  sourcesDoc,
  T0,
  targetOf,
} from "./harness.js";

const OLD = "model.jaffle_shop.stg_customers";
const NEW = "model.jaffle_shop.stg_clients";

/** Renames stg_customers to stg_clients with `alias: stg_customers`, everywhere dbt would write it. */
function rename(m: Json, keepAlias = true): void {
  const node = m.nodes[OLD];
  delete m.nodes[OLD];
  node.unique_id = NEW;
  node.name = "stg_clients";
  node.fqn = node.fqn.map((part: string) => (part === "stg_customers" ? "stg_clients" : part));
  node.path = node.path.replace("stg_customers", "stg_clients");
  node.original_file_path = node.original_file_path.replace("stg_customers", "stg_clients");
  if (keepAlias) {
    node.config.alias = "stg_customers";
    node.alias = "stg_customers";
  } else {
    node.alias = "stg_clients";
    node.relation_name = node.relation_name.replace("stg_customers", "stg_clients");
  }
  m.nodes[NEW] = node;
  for (const other of Object.values(m.nodes as Record<string, Json>)) {
    const deps: string[] = other.depends_on?.nodes ?? [];
    if (!deps.includes(OLD)) continue;
    other.depends_on.nodes = deps.map((d) => (d === OLD ? NEW : d));
    if (typeof other.raw_code === "string" && other.raw_code.includes("'stg_customers'")) {
      // The reader's file is edited: dbt writes its new raw code and the file's new checksum.
      other.raw_code = other.raw_code.replaceAll("'stg_customers'", "'stg_clients'");
      if (other.checksum?.name === "sha256")
        other.checksum = { name: "sha256", checksum: sha(other.raw_code) };
    }
    if (other.attached_node === OLD) other.attached_node = NEW;
    const kwargs = other.test_metadata?.kwargs;
    if (kwargs && typeof kwargs.model === "string")
      kwargs.model = kwargs.model.replace("'stg_customers'", "'stg_clients'");
    if (!keepAlias && typeof other.compiled_code === "string")
      other.compiled_code = other.compiled_code
        .replaceAll(".stg_customers", ".stg_clients")
        .replaceAll('"stg_customers"', '"stg_clients"');
  }
  for (const map of [m.parent_map, m.child_map]) {
    if (!map) continue;
    for (const key of Object.keys(map)) map[key] = map[key].map((d: string) => (d === OLD ? NEW : d));
    map[NEW] = map[OLD];
    delete map[OLD];
  }
}

describe("a rename that keeps the relation reuses the recorded build", () => {
  it("the renamed node is reused (checks run for its renamed tests), its readers are reused, and the plan says so", () => {
    const out = runScenario({ fixture: FIXTURES.jaffle, change: (m) => rename(m) });
    assertPlan(out, { effects: { [NEW]: "=REUSE unchanged" } });
    expect(out.plan.warnings.map((w) => w.code)).toContain("renamed_builds");
    expect(out.plan.warnings.find((w) => w.code === "renamed_builds")!.message).toContain(
      `\`${NEW}\` (built as \`${OLD}\`)`,
    );
  });

  it("a rename that moves the relation is a new node, and its readers are built", () => {
    const out = runScenario({ fixture: FIXTURES.jaffle, change: (m) => rename(m, false) });
    const readers = new Oracle(out.changed.m).children.get(NEW)!;
    assertPlan(out, {
      effects: {
        [NEW]: "=BUILD never_built",
        ...Object.fromEntries(readers.map((id) => [id, "BUILD code_changed|BUILD parent_code_changed"])),
      },
    });
    expect(out.plan.warnings.map((w) => w.code)).not.toContain("renamed_builds");
  });

  it("a record whose run didn't rebuild the renamed node carries its build to the new id: every decision is as without the rename", () => {
    const base = manifestJson(FIXTURES.jaffle);
    const built = recordRun(
      base,
      fullBuildStatuses(new Oracle(base)),
      T0,
      null,
      "00000000-0000-4000-8000-0000000000b1",
    );
    const decisionsAfter = (m: Json) => {
      const o = new Oracle(m);
      // The next run on main builds one seed that the renamed node doesn't read, and not the renamed node.
      const seed = o.planned.find(
        (id) => id.startsWith("seed.") && !o.descendants([id]).has(NEW) && !o.descendants([id]).has(OLD),
      )!;
      const later = recordRun(
        m,
        { [seed]: "success" },
        "2026-01-03T00:00:00Z",
        built,
        "00000000-0000-4000-8000-0000000000b2",
      );
      const p = plan({
        project: loadProject(JSON.stringify(m), "manifest.json"),
        scope: scopeOf(m),
        state: { id: "s2", snapshot: later },
        sources: sourcesDoc(o, new Date(Date.parse(DEFAULT_PLAN_AT) - 60_000).toISOString(), {}),
        select: [],
        now: DEFAULT_PLAN_AT,
        target: targetOf(m),
      });
      return {
        later,
        decisions: Object.fromEntries(
          p.entries.map((e) => [
            e.unique_id === OLD ? NEW : e.unique_id,
            `${e.action} ${e.reasons[0]!.code}`,
          ]),
        ),
      };
    };
    const renamed = manifestJson(FIXTURES.jaffle);
    rename(renamed);
    const withRename = decisionsAfter(renamed);
    expect(withRename.later.nodes[NEW]?.run_id).toBe(built.nodes[OLD]!.run_id);
    expect(withRename.later.nodes[OLD]).toBeUndefined();
    const reader = new Oracle(renamed).children.get(NEW)![0]!;
    expect(Object.keys(withRename.later.nodes[reader]!.parents)).toContain(NEW);
    expect(withRename.decisions[NEW]).toBe("REUSE unchanged");
    expect(withRename.decisions).toEqual(decisionsAfter(manifestJson(FIXTURES.jaffle)).decisions);
  });
});
