import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUILD_REASONS, REUSE_REASONS } from "../src/state/plan.js";
// @ts-expect-error: a plain .mjs script without types
import { actionTable, parseActionYaml } from "../tools/action-table.mjs";
import { PROJECT_ROOT } from "./support/shared-fixtures.js";

const readme = readFileSync(path.join(PROJECT_ROOT, "README.md"), "utf8");
const actionYml = readFileSync(path.join(PROJECT_ROOT, "action.yml"), "utf8");

describe("README", () => {
  it("gives the two commands for a newcomer near the top", () => {
    const top = readme.split("\n").slice(0, 20).join("\n");
    expect(top).toContain("npm ci && npm run demo");
    expect(top).toContain("npm test");
  });

  it("has the inputs and outputs table exactly as action.yml defines them", () => {
    expect(readme).toContain(actionTable(actionYml));
    const { inputs, outputs } = parseActionYaml(actionYml) as {
      inputs: { name: string }[];
      outputs: { name: string }[];
    };
    expect(inputs.map((i) => i.name)).toContain("github-token");
    expect(outputs.map((o) => o.name)).toEqual([
      "select",
      "exclude",
      "select-terms",
      "build-count",
      "reuse-count",
      "plan-path",
      "state-found",
      "environment",
      "schemas",
      "promoted-count",
      "promotion-path",
    ]);
  });

  it.each([...Object.keys(BUILD_REASONS), ...REUSE_REASONS])("explains reason code %s", (code) => {
    expect(readme).toMatch(new RegExp(`\\| \`${code}\` \\| (BUILD|REUSE) \\|`));
  });

  it("runs the compact selection: `select`, and `--exclude` only when `exclude` holds terms (issue 20)", () => {
    expect(readme).toContain(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a workflow expression, shown as text
      "run: dbt build --select ${{ steps.ods.outputs.select }} ${{ steps.ods.outputs.exclude && format('--exclude {0}', steps.ods.outputs.exclude) }}",
    );
    expect(readme).not.toMatch(/run: dbt build --select \$\{\{ steps\.ods\.outputs\.select \}\}\n/);
  });

  it("shows each workflow with the permissions it needs and a concurrency group", () => {
    expect(readme).toContain("pull-requests: write");
    expect(readme).toContain("actions: read");
    expect(readme).toContain("concurrency:");
  });
});
