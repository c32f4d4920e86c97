import { describe, expect, it } from "vitest";
import { componentInputs } from "../../src/dbt/inventory/component-rows.js";
import { rowName } from "../../src/dbt/inventory/row.js";

/** What `explain` names for each fingerprint component: the inventory rows it compares. */
describe("the inventory rows behind a fingerprint component", () => {
  it.each([
    ["sql", "model", ["manifest: nodes.<model>.compiled_code", "manifest: nodes.<model>.raw_code"]],
    ["config", "seed", ["manifest: nodes.<seed>.config"]],
    ["engine", "snapshot", ["manifest: metadata.dbt_version", "manifest: metadata.adapter_type"]],
    ["value:env_var(DBT_TARGET_REGION)", "model", ["environment: env_var(NAME)"]],
    ["value:env_var(DBT_ENV_SECRET_TOKEN)", "model", ["environment: env_var(DBT_ENV_SECRET_*)"]],
    ["value:var(start_date)", "model", ["environment: var(name)"]],
    ["value:target.name", "model", ["environment: target.name"]],
    ["value:target.user", "model", ["environment: target.<other field>"]],
    ["input:dbt_project.yml › dispatch", "model", ["project: dbt_project.yml › dispatch"]],
  ])("%s of a %s", (component, resourceType, rows) => {
    expect(componentInputs(component, resourceType).rows.map(rowName)).toEqual(rows);
  });

  it("an unclassified component names its path and says no row classifies it", () => {
    expect(componentInputs("unclassified:nodes.<model>.future_field", "model")).toEqual({
      rows: [],
      note: "nodes.<model>.future_field: no row (unclassified)",
    });
  });
});
