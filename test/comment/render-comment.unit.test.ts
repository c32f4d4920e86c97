/**
 * Golden files: one rendered comment per scenario, compared byte for byte.
 * `UPDATE_GOLDEN=1 vitest run test/comment` rewrites them; review the diff.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { phraseReason } from "../../src/comment/reason-phrases.js";
import {
  COMMENT_LIMIT,
  commentMarker,
  renderComment,
  renderJobSummary,
} from "../../src/comment/render-comment.js";
import { ENVIRONMENT_NAMES } from "../../src/dbt/hook-scan.js";
import { COMPONENT_LABELS } from "../../src/planner/reason-words.js";
import { expectGolden } from "../support/golden.js";
import { id, PlanBuilder, why } from "../support/plan-builder.js";
import { scenarios } from "./scenarios.js";

const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), "golden");
/**
 * What GitHub needs to render the markdown as meant: balanced tags and
 * fences, a blank line after <summary> (else the details' markdown stays raw)
 * and before </details>, one marker.
 */
function expectWellFormed(markdown: string): void {
  for (const tag of ["code", "details", "summary", "sub", "pre", "b"]) {
    const open = markdown.split(`<${tag}>`).length - 1;
    const close = markdown.split(`</${tag}>`).length - 1;
    expect(open, `<${tag}>`).toBe(close);
  }
  expect((markdown.match(/^```/gm) ?? []).length % 2).toBe(0);
  for (const m of markdown.matchAll(/<\/summary>\n([\s\S]?)/g)) expect(m[1]).toBe("\n");
  for (const m of markdown.matchAll(/([\s\S]?)\n<\/details>/g)) expect(m[1]).toBe("\n");
  expect(markdown.split("<!--").length).toBe(2);
  expect(markdown.endsWith("\n")).toBe(true);
  expect(markdown).not.toMatch(/\n\n\n/);
}

describe("renderComment golden files", () => {
  for (const scenario of scenarios()) {
    it(scenario.name, () => {
      const markdown = renderComment(scenario.plan, scenario.context);
      expect(markdown.length).toBeLessThanOrEqual(COMMENT_LIMIT);
      expect(markdown.startsWith(commentMarker(scenario.plan.project) + "\n")).toBe(true);
      expectWellFormed(markdown);
      expectGolden(path.join(GOLDEN, `${scenario.name}.md`), markdown);
    });
  }
});

describe("renderComment", () => {
  const byName = new Map(scenarios().map((s) => [s.name, s]));

  it("is deterministic", () => {
    for (const s of byName.values())
      expect(renderComment(s.plan, s.context)).toBe(renderComment(s.plan, s.context));
  });

  it("does not change the plan it renders", () => {
    const s = byName.get("one-model-edited")!;
    const before = JSON.stringify(s.plan);
    renderComment(s.plan, s.context);
    expect(JSON.stringify(s.plan)).toBe(before);
  });

  it("phrases each BUILD reason in plain words", () => {
    const text = renderComment(byName.get("one-model-edited")!.plan, {});
    expect(text).toContain("<code>stg\\_orders</code> — compiled SQL and config changed");
    expect(text).toContain("<code>orders</code> — parent <code>stg\\_orders</code> changes code");
    expect(text).toContain(
      "**1 model changed → 4 downstream · 3 reused** — reuse saves about 36 s of 5 min of build time.",
    );
    const data = renderComment(byName.get("new-source-data")!.plan, {});
    expect(data).toContain("new data in source <code>raw.orders</code> since the last build");
    expect(data).toContain("within lag tolerance: due in 2 h 12 min (2025-03-01 10:12 UTC)");
    expect(data).toContain("new data in 1 of 2 inputs");
    const hook = renderComment(byName.get("hook-reads-environment")!.plan, {});
    expect(hook).toContain("<code>audit\\_log</code> — a hook reads <code>env\\_var</code>");
    expect(hook).toContain(
      "<code>orders\\_audited</code> — it has hooks, and post-hook 1 reads <code>env\\_var</code>, <code>target</code>: what the hook does depends on the run",
    );
    const structured = renderComment(
      new PlanBuilder().build("x", why.hookReads("post-hook 1", "env_var", "target")).plan(),
      {},
    );
    expect(structured).toContain(
      "<code>post-hook 1</code> reads <code>env\\_var</code> and <code>target</code>",
    );
  });

  it("points out the notable REUSE nodes and folds the rest", () => {
    const text = renderComment(byName.get("formatting-only")!.plan, {});
    expect(text).toContain("**Nothing to build · 8 reused**");
    expect(text).toMatch(
      /<details>\n<summary><b>Reused \(8\)<\/b>: 7 unchanged, 1 only reformatted<\/summary>/,
    );
    expect(text).toContain("- <code>stg\\_customers</code> — only formatting changed");
    expect(text).not.toContain("```mermaid");
    expect(text).not.toContain("dbt command");
  });

  it("replaces the to-build wording with the outcome after the run", () => {
    const s = byName.get("post-run-outcome")!;
    const text = renderComment(s.plan, s.context);
    expect(text).toContain(
      "**1 model changed → 4 downstream · 3 reused** — dbt: 3 built · 1 failed · 1 skipped in 3 min 7 s; reuse saved about 36 s.",
    );
    expect(text).toMatch(
      /\[<code>stg\\_orders<\/code>\]\([^)]+\) — ✅ built · compiled SQL and config changed\n/,
    );
    expect(text).toContain(
      '- <code>customers</code> — ❌ **failed** after 3 s: Database Error in model customers: column "first\\_order" does not exist · parent <code>orders</code> changes code\n',
    );
    expect(text).toContain(
      "- <code>customer\\_lifetime\\_value</code> — ⏭️ skipped · parent <code>orders</code> changes code\n",
    );
    expect(text).toContain("classDef failed");
  });

  it("falls back to the planner's message when a reason has no data to phrase from", () => {
    const plan = new PlanBuilder()
      .build(
        "raw_model",
        why.codeIncomplete("No compiled SQL: run `dbt compile` so the manifest records it."),
      )
      .build("odd", { code: "parent_code_changed", message: "A parent of `odd` changes code." })
      .plan();
    const text = renderComment(plan, {});
    expect(text).toContain("— no compiled SQL: run <code>dbt compile</code> so the manifest records it\n");
    expect(text).toContain("— a parent of <code>odd</code> changes code\n");
  });

  it("leaves the lineage out when the plan carries no parents", () => {
    const plan = new PlanBuilder()
      .build("a", why.codeChanged(["sql"]))
      .reuse("b")
      .plan();
    const text = renderComment(plan, {});
    expect(text).not.toContain("mermaid");
    expect(text).toContain("<code>a</code> — compiled SQL changed");
  });

  it("shows package and version in names, and non-model resource types", () => {
    const plan = new PlanBuilder()
      .build("orders", why.codeChanged(["sql"]), { uniqueId: "model.jaffle_shop.orders.v2", parents: [] })
      .build("calendar", why.parentCodeChanged("model.jaffle_shop.orders.v2"), {
        packageName: "dbt_date",
        parents: ["model.jaffle_shop.orders.v2"],
      })
      .build("codes", why.neverBuilt(), { resourceType: "seed" })
      .plan();
    const text = renderComment(plan, {});
    expect(text).toContain("<code>orders.v2</code> — compiled SQL changed");
    expect(text).toContain("<code>dbt\\_date.calendar</code> — parent <code>orders.v2</code> changes code");
    expect(text).toContain("<code>codes</code> (seed) — never built by ODS");
  });

  it("writes the job summary without the marker and without a link to itself", () => {
    const s = byName.get("one-model-edited")!;
    const summary = renderJobSummary(s.plan, s.context);
    expect(summary).not.toContain("<!--");
    expect(summary).not.toContain("[job summary]");
    expect(summary).toContain("[plan artifact]");
  });

  it("gives one marker per project", () => {
    expect(commentMarker("jaffle_shop")).toBe("<!-- ods-state:plan project=jaffle_shop -->");
    expect(commentMarker("a b")).toBe("<!-- ods-state:plan project=a%20b -->");
    expect(commentMarker("a")).not.toBe(commentMarker("a "));
  });

  it("names every name the hook scan reports as what the hook reads", () => {
    const entry = new PlanBuilder().build("orders", why.hookReads("post-hook 1")).plan().entries[0]!;
    const context = { project: "jaffle_shop", plannedAt: "2025-03-01T08:00:00Z" };
    for (const name of ENVIRONMENT_NAMES) {
      const reason = { ...why.hookReads("post-hook 1", name) };
      expect(phraseReason(reason, entry, context)).toEqual([
        { code: "post-hook 1" },
        " reads ",
        { code: name },
      ]);
    }
  });

  it("says every fingerprint component in the planner's words", () => {
    const entry = new PlanBuilder().build("orders", why.codeChanged(["sql"])).plan().entries[0]!;
    const context = { project: "jaffle_shop", plannedAt: "2025-03-01T08:00:00Z" };
    for (const [component, label] of Object.entries(COMPONENT_LABELS))
      expect(phraseReason(why.codeChanged([component]), entry, context)).toEqual([label, " changed"]);
  });

  it("names the head commit, and the compared state by branch, commit and age, linked to its run", () => {
    const s = byName.get("one-model-edited")!;
    const text = renderComment(s.plan, s.context);
    expect(text).toContain(
      "Head [<code>1a2b3c4</code>](https://github.com/acme/analytics/commit/1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d) of #42 compared with **prod** from [main@<code>9f8e7d6</code>, 2 h ago](https://github.com/acme/analytics/actions/runs/8990).",
    );
    // Never the dbt invocation id.
    expect(text).not.toContain("run-117");
    expect(id("x")).toBe("model.jaffle_shop.x");
  });
});
