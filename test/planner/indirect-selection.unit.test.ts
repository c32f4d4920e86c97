/**
 * dbt_project.yml's `flags: indirect_selection` (dbt-core core/dbt/cli/flags.py
 * applies project flags the command line leaves unset): under `cautious`,
 * `buildable` or `empty`, `dbt build --select …` drops tests that the
 * plan's selection (made for the default, eager) counts on, so the plan
 * warns and says what to pass. Eager, or no flag: no warning. Planned with
 * the realistic-change harness, the project file read as the edge reads it.
 */
import { describe, expect, it } from "vitest";
import { parseProjectFile } from "../../src/dbt/project-file.js";
import { sharedFixturesPresent } from "../support/shared-fixtures.js";
import { FIXTURES, runScenario } from "./realistic-changes/harness.js";

function warningsWith(flags: string) {
  const projectFile = parseProjectFile(`name: jaffle_shop\nprofile: jaffle_shop\n${flags}`);
  const out = runScenario({
    fixture: FIXTURES.jaffle,
    loadInputs: { built: { projectFile }, planned: { projectFile } },
  });
  return out.plan.warnings;
}

describe.skipIf(!sharedFixturesPresent)("indirect selection set in dbt_project.yml", () => {
  it.each(["cautious", "buildable", "empty"])(
    "%s: the plan warns and names --indirect-selection eager",
    (value) => {
      const warning = warningsWith(`flags:\n  indirect_selection: ${value}\n`).find(
        (w) => w.code === "indirect_selection_not_eager",
      );
      expect(warning?.message).toContain(`indirect_selection: ${value}`);
      expect(warning?.message).toContain("--indirect-selection eager");
    },
  );

  it.each([["flags:\n  indirect_selection: eager\n"], [""]])("eager or unset (%j): no warning", (flags) => {
    expect(warningsWith(flags).map((w) => w.code)).not.toContain("indirect_selection_not_eager");
  });
});
