import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { captureContext } from "../support/cli-context.js";
import { sharedFixture, sharedFixturesPresent } from "../support/shared-fixtures.js";

/** jaffle-shop (duckdb, dbt 1.12) with a root override of dbt's create_view_as. */
function workspace(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ods-explain-macros-"));
  const doc = JSON.parse(readFileSync(sharedFixture("jaffle-shop-duckdb-1.12", "manifest.json"), "utf8"));
  const template = Object.values(doc.macros)[0] as Record<string, unknown>;
  doc.macros["macro.jaffle_shop.create_view_as"] = {
    ...template,
    unique_id: "macro.jaffle_shop.create_view_as",
    name: "create_view_as",
    package_name: "jaffle_shop",
    macro_sql:
      "{% macro create_view_as(relation, sql) %}create view {{ relation }} as {{ sql }}{% endmacro %}",
    depends_on: { macros: [] },
  };
  writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(doc));
  return dir;
}

describe.skipIf(!sharedFixturesPresent)("ods-state explain lists the macros the build runs", () => {
  it.each([
    [
      "stg_customers",
      [
        "materialization: macro.dbt.materialization_view_default",
        "override: macro.jaffle_shop.create_view_as replaces macro.dbt.create_view_as (`create_view_as`)",
        "override: macro.dbt_duckdb.run_hooks replaces macro.dbt.run_hooks (`run_hooks`)",
        "  macro.dbt_duckdb.duckdb__create_view_as",
        "  macro.jaffle_shop.create_view_as",
      ],
      ["macro.dbt_duckdb.materialization_table_duckdb"],
    ],
    [
      "customers",
      [
        "materialization: macro.dbt_duckdb.materialization_table_duckdb",
        "  macro.dbt_duckdb.duckdb__create_table_as",
      ],
      ["macro.jaffle_shop.create_view_as"],
    ],
  ])("%s: materialization, overrides and every macro hashed", async (node, present, absent) => {
    const dir = workspace();
    const context = captureContext(dir);
    expect(await runCli(["explain", node, "--manifest", "manifest.json"], context)).toBe(0);
    const out = context.stdoutText();
    expect(out).toMatch(/^macros at run time \(\d+, hashed in the `macros` component\):$/m);
    for (const line of present) expect(out).toContain(line);
    for (const text of absent) expect(out).not.toContain(text);
  });
});
