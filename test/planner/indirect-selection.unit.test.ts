/**
 * dbt_project.yml's `flags: indirect_selection` (dbt-core core/dbt/cli/flags.py
 * applies project flags the command line leaves unset): under `cautious`,
 * `buildable` or `empty`, `dbt build --select …` drops tests that the
 * plan's selection (made for the default, eager) counts on, so the plan
 * warns and says what to pass. Eager, or no flag: no warning.
 */
import { describe, expect, it } from "vitest";
import { loadProject } from "../../src/dbt/load-project.js";
import { parseProjectFile } from "../../src/dbt/project-file.js";
import { plan } from "../../src/planner/plan.js";
import { sharedFixturesPresent } from "../support/shared-fixtures.js";
import {
  fullBuildStatuses,
  manifestJson,
  Oracle,
  recordRun,
  scopeOf,
  sourcesDoc,
  T0,
  targetOf,
} from "./realistic-changes/harness.js";

const FIXTURE = "jaffle-shop-duckdb-1.12";

function planWith(flags: string) {
  const m = manifestJson(FIXTURE);
  const o = new Oracle(m);
  const snapshot = recordRun(m, fullBuildStatuses(o), T0, null, "00000000-0000-4000-8000-0000000000c1");
  const projectFile = parseProjectFile(`name: jaffle_shop\nprofile: jaffle_shop\n${flags}`);
  const project = loadProject(JSON.stringify(m), "manifest.json", { projectFile });
  return plan({
    project,
    scope: scopeOf(m),
    state: { id: "s0", snapshot },
    sources: sourcesDoc(o, "2026-01-04T23:00:00Z", {}),
    select: [],
    now: "2026-01-05T00:00:00Z",
    target: targetOf(m),
  });
}

describe.skipIf(!sharedFixturesPresent)("indirect selection set in dbt_project.yml", () => {
  it.each(["cautious", "buildable", "empty"])(
    "%s: the plan warns and names --indirect-selection eager",
    (value) => {
      const warning = planWith(`flags:\n  indirect_selection: ${value}\n`).warnings.find(
        (w) => w.code === "indirect_selection_not_eager",
      );
      expect(warning?.message).toContain(`indirect_selection: ${value}`);
      expect(warning?.message).toContain("--indirect-selection eager");
    },
  );

  it.each([["flags:\n  indirect_selection: eager\n"], [""]])("eager or unset (%j): no warning", (flags) => {
    expect(planWith(flags).warnings.map((w) => w.code)).not.toContain("indirect_selection_not_eager");
  });
});
