/**
 * What src/run adds to the comment's context (issue 22): the diff anchor of
 * each changed node's file (GitHub's `#diff-<SHA-256 of the path in the
 * repository>`, so the project's folder counts) and the run that saved the
 * compared state, named by where the state was restored from.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { comparedBase, savingRun } from "../../src/run/comment/compared-base.js";
import { diffAnchor, diffAnchors, repositoryPath } from "../../src/run/comment/diff-anchors.js";
import { commentContext } from "../../src/run/main-step.js";
import { id, PlanBuilder, why } from "../support/plan-builder.js";
import { pullRequestRun } from "../support/pull-request-run.js";

const RUN = pullRequestRun("shop", "a".repeat(40), "b".repeat(40), "Edit stg_orders");

function plan() {
  const p = new PlanBuilder()
    .build("stg_orders", why.codeChanged(["sql"]))
    .build("orders", why.parentCodeChanged(id("stg_orders")))
    .build("calendar", why.codeChanged(["sql"]), { packageName: "dbt_date" })
    .build("payments", {
      code: "unit_tests_changed",
      message: "Its unit test changed.",
      subjects: ["unit_test.jaffle_shop.payments.t"],
    })
    .reuse("customers")
    .plan();
  for (const e of p.entries) e.file = `models/${e.name}.sql`;
  return p;
}

describe("diff anchors", () => {
  it.each([
    ["", "models/orders.sql", "models/orders.sql"],
    [".", "models/orders.sql", "models/orders.sql"],
    ["analytics", "models/orders.sql", "analytics/models/orders.sql"],
    ["analytics/dbt", "models\\staging\\orders.sql", "analytics/dbt/models/staging/orders.sql"],
  ])("project folder %j, file %j: %s in the repository", (folder, file, repoPath) => {
    expect(repositoryPath(folder, file)).toBe(repoPath);
  });

  it("only the project's nodes new or changed in code (not a package's, not one changed by its tests), hashed at their path in the repository", () => {
    const workspace = path.resolve("/work/repo");
    const anchors = diffAnchors(plan(), workspace, path.join(workspace, "analytics"));
    expect(anchors).toEqual({ "models/stg_orders.sql": diffAnchor("analytics/models/stg_orders.sql") });
    expect(anchors["models/stg_orders.sql"]).toMatch(/^[0-9a-f]{64}$/);
  });

  it("none for a project outside the workspace", () => {
    expect(diffAnchors(plan(), path.resolve("/work/repo"), path.resolve("/elsewhere"))).toEqual({});
  });

  it("reach the comment's context on a pull request, with the inputs", () => {
    const workspace = path.resolve("/work/repo");
    const context = commentContext(RUN, plan(), { inputs: { workspace, projectDir: workspace } });
    expect(context.diffAnchors).toEqual({ "models/stg_orders.sql": diffAnchor("models/stg_orders.sql") });
    expect(commentContext(RUN, plan()).diffAnchors).toBeUndefined();
  });
});

describe("the compared state's run", () => {
  it.each([
    [{ kind: "cache" as const, key: "ods-state-v1-shop-prod-123456-2" }, 123456],
    [{ kind: "cache" as const, key: "ods-state-v1-my%2Dshop-prod%2Deu-77-1" }, 77],
    [{ kind: "cache" as const, key: "something-else" }, null],
    [
      { kind: "artifact" as const, name: "ods-state", artifactId: 5, runId: 4242, createdAt: undefined },
      4242,
    ],
    [{ kind: "none" as const }, null],
  ])("%j was saved by run %s", (source, runId) => {
    expect(savingRun(source)).toBe(runId);
  });

  it("names the default branch and links the run", () => {
    expect(
      comparedBase(
        { kind: "cache", key: "ods-state-v1-shop-prod-88-1" },
        RUN,
        "https://github.com/acme/shop",
      ),
    ).toEqual({
      branch: "main",
      runUrl: "https://github.com/acme/shop/actions/runs/88",
    });
    expect(comparedBase({ kind: "none" }, RUN, "https://github.com/acme/shop")).toEqual({ branch: "main" });
  });
});
