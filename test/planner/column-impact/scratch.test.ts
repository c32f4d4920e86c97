import { test } from "vitest";
import { polyglotAnalyse } from "../../support/polyglot-analyser.js";
import { planEdit } from "./impact-harness.js";
import { ColumnImpact } from "../../../src/planner/column-impact.js";
test("scratch", () => {
  const orig = ColumnImpact.prototype.changeOf;
  ColumnImpact.prototype.changeOf = function (id: string) { const c = orig.call(this, id); console.log("CHANGE", id, JSON.stringify(c)); return c; };
  const out = planEdit("jaffle-shop-duckdb-1.12", "model.jaffle_shop.stg_products", (sql) => sql.replace("coalesce(type = 'jaffle', false) as is_food_item", "coalesce(type in ('jaffle', 'sandwich'), false) as is_food_item"), polyglotAnalyse);
  for (const e of out.withImpact.entries) if (e.column_change) console.log(e.unique_id, JSON.stringify(e.column_change));
});
