/**
 * Issue 22, the comment's text and order: the three groups (changed first,
 * whole, linked to the diff; downstream; rebuilt regardless by cause), the
 * one-line headline, natural order, folds past FOLD_OVER, no two lists
 * GitHub would merge, the command's fold saying whether tests run, reasons
 * in plain words, and the reference point with its age.
 */
import { describe, expect, it } from "vitest";
import { groupByCause, regardlessCauseOf } from "../../src/comment/change-groups.js";
import type { CommentContext } from "../../src/comment/comment-context.js";
import { phraseContext, phraseEntry } from "../../src/comment/reason-phrases.js";
import { renderComment, renderJobSummary } from "../../src/comment/render-comment.js";
import { testsSentence } from "../../src/comment/sections/command.js";
import { FOLD_OVER } from "../../src/comment/sections/node-lines.js";
import { formatAge, naturalCompare, wordsToPlain } from "../../src/comment/words.js";
import type { Plan, Reason } from "../../src/state/plan.js";
import { id, PlanBuilder, sourceId, why } from "../support/plan-builder.js";
import { BASE_RUN_URL, diffAnchor, REPO, scenarios } from "./scenarios.js";

const noDeclaredInputs: Reason = { code: "no_declared_inputs", message: "It reads no declared input." };
const clock: Reason = { code: "clock_dependent", message: "Calls `now()`.", subjects: ["now()"] };

/** The group headings in the order they appear. */
function headings(markdown: string): string[] {
  return [...markdown.matchAll(/^### (.*)$/gm)].map((m) => m[1]!);
}

/**
 * Blocks (separated by blank lines) that are lists, directly after another
 * list block: CommonMark continues the first list with them (a blank line
 * between items only makes it loose), so GitHub shows one list.
 */
function mergedLists(markdown: string): string[] {
  const blocks = markdown.split(/\n{2,}/);
  const merged: string[] = [];
  for (let i = 1; i < blocks.length; i++) {
    const prev = blocks[i - 1]!.split("\n");
    if (/^- /.test(blocks[i]!) && /^- |^ {2}/.test(prev.at(-1)!)) merged.push(blocks[i]!.slice(0, 80));
  }
  return merged;
}

function mixedPlan(): Plan {
  return new PlanBuilder()
    .build("stg_orders", why.codeChanged(["sql"]), { parents: [sourceId("raw", "orders")] })
    .build("orders", why.parentCodeChanged(id("stg_orders")), { parents: [id("stg_orders")] })
    .build("calendar", noDeclaredInputs, { parents: [] })
    .build("daily", clock, { parents: [] })
    .build("stg_payments", why.newUpstreamData(sourceId("raw", "payments")), {
      parents: [sourceId("raw", "payments")],
    })
    .reuse("customers", why.unchanged(), { parents: [] })
    .plan();
}

const PR: CommentContext = { pullRequest: 42, repositoryUrl: REPO };

describe("the three groups", () => {
  it("come in order: changed, (lineage,) downstream, rebuilt regardless, then reused, command", () => {
    const text = renderComment(mixedPlan(), PR);
    expect(headings(text)).toEqual([
      "ods-state plan for <code>jaffle\\_shop</code>",
      "Changed by this pull request (1)",
      "Lineage",
      "Downstream of those changes (1)",
      "Rebuilt regardless of this pull request (3)",
    ]);
    const at = (s: string) => text.indexOf(s);
    expect(at("<summary><b>Reused (1)</b>")).toBeGreaterThan(at("### Rebuilt regardless"));
    expect(at("<summary><b>dbt command</b>")).toBeGreaterThan(at("<summary><b>Reused (1)</b>"));
  });

  it.each([
    [{ pullRequest: 42 }, "Changed by this pull request (1)", "Rebuilt regardless of this pull request (3)"],
    [{}, "Changed since the compared state (1)", "Rebuilt regardless of code changes (3)"],
  ] as Array<[CommentContext, string, string]>)(
    "on %j are titled %s / %s",
    (context, changed, regardless) => {
      const text = renderComment(mixedPlan(), context);
      expect(text).toContain(`### ${changed}\n`);
      expect(text).toContain(`### ${regardless}\n`);
    },
  );

  it.each([
    [["no_declared_inputs"], "no_declared_inputs"],
    [["new_upstream_data"], "new_upstream_data"],
    [["no_declared_inputs", "new_upstream_data"], "new_upstream_data"],
    [["clock_dependent", "missing_data_evidence"], "clock_dependent"],
    [["hook_reads_environment"], "hook_reads_environment"],
  ] as Array<[Reason["code"][], Reason["code"]]>)(
    "a node rebuilt for %j is listed under %s",
    (codes, cause) => {
      const plan = new PlanBuilder()
        .build(
          "x",
          codes.map((code) => ({ code, message: code })),
          { parents: [] },
        )
        .plan();
      expect(regardlessCauseOf(plan.entries[0]!)).toBe(cause);
    },
  );

  it("lists the causes largest first, each with what it means and what would let it be reused", () => {
    const builder = new PlanBuilder();
    for (const n of ["a", "b", "c"]) builder.build(n, noDeclaredInputs, { parents: [] });
    builder.build("d", clock, { parents: [] });
    const plan = builder.plan();
    expect(groupByCause(plan.entries).map((c) => [c.code, c.entries.length])).toEqual([
      ["no_declared_inputs", 3],
      ["clock_dependent", 1],
    ]);
    const text = renderComment(plan, PR);
    expect(text).toContain(
      "**No declared inputs** (3): It reads no declared source or ref, so ODS can't tell when its data changes: it is built every run. Declare its sources with freshness so ODS can tell when they change.\n\n- <code>a</code>, <code>b</code>, <code>c</code>\n",
    );
    expect(text).toContain("**Calls a clock function** (1): Its SQL calls a clock function");
    expect(text.indexOf("**No declared inputs**")).toBeLessThan(text.indexOf("**Calls a clock function**"));
    expect(text).toContain("([what each reason means](https://github.com/ods/state-action#how-it-decides))");
  });
});

describe("the headline", () => {
  it.each([
    {
      case: "one model changed",
      plan: () => mixedPlan(),
      line: "**1 model changed → 1 downstream · 3 rebuilt regardless ([why ↓](#rebuilt-regardless-of-this-pull-request-3)) · 1 reused**",
    },
    {
      case: "seeds only: counted as seeds",
      plan: () =>
        new PlanBuilder()
          .build("a", why.codeChanged(["checksum"]), { resourceType: "seed" })
          .build("b", why.codeChanged(["checksum"]), { resourceType: "seed" })
          .plan(),
      line: "**2 seeds changed · 0 reused**",
    },
    {
      case: "a model and a snapshot: nodes",
      plan: () =>
        new PlanBuilder()
          .build("a", why.codeChanged(["sql"]))
          .build("b", why.codeChanged(["sql"]), { resourceType: "snapshot" })
          .plan(),
      line: "**2 nodes changed · 0 reused**",
    },
    {
      case: "nothing changed: only what is rebuilt regardless",
      plan: () => new PlanBuilder().build("a", noDeclaredInputs).reuse("b").plan(),
      line: "**1 rebuilt regardless ([why ↓](#rebuilt-regardless-of-this-pull-request-1)) · 1 reused**",
    },
    {
      case: "nothing to build",
      plan: () => new PlanBuilder().reuse("a").reuse("b").plan(),
      line: "**Nothing to build · 2 reused**",
    },
  ])("$case", ({ plan, line }) => {
    const text = renderComment(plan(), PR);
    expect(text).toContain(`\n\n${line}`);
  });

  it("links why ↓ to the regardless heading's anchor as GitHub makes it", () => {
    const text = renderComment(mixedPlan(), PR);
    const anchor = text.match(/\[why ↓\]\(#([^)]+)\)/)![1]!;
    const heading = text.match(/^### (Rebuilt regardless[^\n]*)$/m)![1]!;
    expect(
      heading
        .toLowerCase()
        .replace(/[^a-z0-9 _-]/g, "")
        .replaceAll(" ", "-"),
    ).toBe(anchor);
  });

  it.each([
    { missing: [], says: "— reuse saves about 1 min of 2 min of build time." },
    {
      missing: ["orders"],
      says: "— reuse saves about 1 min of the 2 min of build time recorded; 1 of 3 nodes has no recorded duration.",
    },
    {
      missing: ["orders", "stg_orders"],
      says: "— reuse saves about 1 min of the 1 min of build time recorded; 2 of 3 nodes have no recorded duration.",
    },
  ])(
    "time estimate with $missing.length nodes without a duration: honest about what it sums",
    ({ missing, says }) => {
      const plan = new PlanBuilder()
        .build("stg_orders", why.codeChanged(["sql"]), { duration: 30 })
        .build("orders", why.parentCodeChanged(id("stg_orders")), { duration: 30 })
        .reuse("customers", why.unchanged(), { duration: 60 })
        .plan();
      for (const e of plan.entries) if (missing.includes(e.name)) delete e.last_duration_s;
      expect(renderComment(plan, {})).toContain(says);
    },
  );
});

describe("the changed nodes", () => {
  const plan = () => {
    const p = new PlanBuilder()
      .build("stg_orders", why.codeChanged(["sql"]))
      .build("calendar", why.codeChanged(["sql"]), { packageName: "dbt_date" })
      .plan();
    for (const e of p.entries) e.file = `models/${e.name}.sql`;
    return p;
  };
  const anchors = {
    "models/stg_orders.sql": diffAnchor("models/stg_orders.sql"),
    "models/calendar.sql": "0".repeat(64),
  };
  const link = `${REPO}/pull/42/files#diff-${diffAnchor("models/stg_orders.sql")}`;

  it.each([
    {
      case: "with the repository, the pull request and the anchor",
      context: { ...PR, diffAnchors: anchors },
      linked: true,
    },
    {
      case: "without the pull request",
      context: { repositoryUrl: REPO, diffAnchors: anchors },
      linked: false,
    },
    { case: "without the repository", context: { pullRequest: 42, diffAnchors: anchors }, linked: false },
    { case: "without an anchor", context: PR, linked: false },
    {
      case: "with an anchor that is not a SHA-256",
      context: { ...PR, diffAnchors: { "models/stg_orders.sql": "x" } },
      linked: false,
    },
  ] as Array<{ case: string; context: CommentContext; linked: boolean }>)(
    "link to the diff $case: $linked",
    ({ context, linked }) => {
      const text = renderComment(plan(), context);
      expect(text.includes(`[<code>stg\\_orders</code>](${link})`)).toBe(linked);
      // A package's file is not the project's: never linked, even with an anchor for its path.
      expect(text).toContain("<code>dbt\\_date.calendar</code>, ");
    },
  );

  it("GitHub's anchor is the SHA-256 of the path", () => {
    // printf 'models/staging/stg_orders.sql' | sha256sum
    expect(diffAnchor("models/staging/stg_orders.sql")).toBe(
      "469129c823cf61de0e08a4ffb0995b3c93f0dbfc63bb10eecf1e0128768af0ac",
    );
  });

  it("are never folded nor shortened, however many, while the comment fits them", () => {
    const builder = new PlanBuilder();
    for (let i = 0; i < 300; i++) builder.build(`changed_model_number_${i}`, why.codeChanged(["sql"]));
    for (let i = 0; i < 2_000; i++)
      builder.build(`downstream_${i}`, why.parentCodeChanged(id(`changed_model_number_${i % 300}`)));
    const text = renderComment(builder.plan(), PR);
    const section = text.slice(text.indexOf("### Changed"), text.indexOf("### Downstream"));
    expect(section).not.toContain("<details>");
    for (let i = 0; i < 300; i++) expect(section).toContain(`<code>changed\\_model\\_number\\_${i}</code>`);
  });

  it("when they alone are over the limit: as many as fit, how many more, and where the full plan is", () => {
    const builder = new PlanBuilder();
    const names = Array.from({ length: 1_500 }, (_, i) => `changed_model_with_a_rather_long_name_${i}`);
    for (const n of names) builder.build(n, why.codeChanged(["sql"]));
    const text = renderComment(builder.plan(), { ...PR, links: { jobSummary: `${REPO}/actions/runs/1` } });
    expect(text.length).toBeLessThanOrEqual(65_000);
    expect(text).toContain("### Changed by this pull request (1,500)\n\n- <code>changed\\_model");
    const shown = names.filter((n) => text.includes(`<code>${n.replaceAll("_", "\\_")}</code>`)).length;
    expect(shown).toBeGreaterThan(800);
    expect(text).toContain(
      `… and ${(1_500 - shown).toLocaleString("en-US")} more changed nodes: see the [job summary]`,
    );
    expect(text).not.toContain("too large to summarise");
  });
});

describe("markdown that renders as meant", () => {
  it.each(scenarios().map((s) => [s.name, s] as const))("%s: no two lists GitHub would merge", (_, s) => {
    expect(mergedLists(renderComment(s.plan, s.context))).toEqual([]);
    expect(mergedLists(renderJobSummary(s.plan, s.context))).toEqual([]);
  });

  it("no merged lists in a cut comment either", () => {
    const large = scenarios().find((s) => s.name === "large-plan-cut-to-fit")!;
    for (const limit of [65_000, 30_000, 10_000])
      expect(mergedLists(renderComment(large.plan, large.context, { limit }))).toEqual([]);
    expect(mergedLists(renderComment(mixedPlan(), PR))).toEqual([]);
  });

  it.each([
    [
      ["c10", "c2", "c1"],
      ["c1", "c2", "c10"],
    ],
    [
      ["b", "a10", "a9", "A1"],
      ["A1", "a9", "a10", "b"],
    ],
    [
      ["x_2_y", "x_10_y", "x_1_y"],
      ["x_1_y", "x_2_y", "x_10_y"],
    ],
    [
      ["a", "A"],
      ["A", "a"],
    ],
    [
      ["x01", "x1", "x001"],
      ["x001", "x01", "x1"],
    ],
    [
      ["ab", "a", "a_b", "a1"],
      ["a", "a1", "a_b", "ab"],
    ],
    [
      ["n2.v10", "n2.v9", "n10"],
      ["n2.v9", "n2.v10", "n10"],
    ],
  ])("natural order: %j → %j", (names, sorted) => {
    expect([...names].sort(naturalCompare)).toEqual(sorted);
  });

  it("sorts the names in every list naturally", () => {
    const builder = new PlanBuilder();
    for (const n of ["c10", "c2", "c1"]) builder.build(n, why.codeChanged(["sql"]));
    for (const n of ["r10", "r2"]) builder.reuse(n);
    const text = renderComment(builder.plan(), {});
    expect(text).toContain("- <code>c1</code>, <code>c2</code>, <code>c10</code> — compiled SQL changed");
    expect(text).toContain("<code>r2</code>, <code>r10</code>.");
  });

  it.each([
    [FOLD_OVER, false],
    [FOLD_OVER + 1, true],
  ])("a cause of %i nodes is folded: %s", (n, folded) => {
    const builder = new PlanBuilder();
    for (let i = 0; i < n; i++) builder.build(`calendar_${i}`, noDeclaredInputs);
    for (let i = 0; i < n; i++) builder.build(`child_${i}`, why.parentCodeChanged(id("stg")));
    builder.build("stg", why.codeChanged(["sql"]));
    const text = renderComment(builder.plan(), {});
    expect(
      text.includes(
        `<details>\n<summary>${n} nodes: no declared inputs</summary>\n\n- <code>calendar\\_0</code>`,
      ),
    ).toBe(folded);
    expect(text.includes(`<details>\n<summary>${n} nodes that read a changed node</summary>`)).toBe(folded);
  });

  it("says identical reasons once, naming the nodes", () => {
    const builder = new PlanBuilder().build("stg", why.codeChanged(["sql"]));
    for (const n of ["a", "b", "c"]) builder.build(n, why.parentCodeChanged(id("stg")));
    const text = renderComment(builder.plan(), {});
    expect(text).toContain(
      "- <code>a</code>, <code>b</code>, <code>c</code> — parent <code>stg</code> changes code\n",
    );
    expect(text.split("changes code").length - 1).toBe(1);
  });
});

describe("the command's fold", () => {
  it.each([
    [
      "dbt build --select a b",
      "data tests run with it: <code>dbt build</code> runs the tests of what it selects",
    ],
    [
      "dbt build --select fqn:* --exclude c",
      "data tests run with it: <code>dbt build</code> runs the tests of what it selects",
    ],
    [
      "dbt build --select a --exclude resource_type:test",
      "data tests run with it, but for those its <code>--exclude</code> leaves out",
    ],
    [
      "dbt build --select a --exclude 'fqn:x,resource_type:unit_test'",
      "data tests run with it, but for those its <code>--exclude</code> leaves out",
    ],
    ["dbt run --select a", "<code>dbt run</code> runs no tests"],
    ["dbt seed", ""],
  ])("%s: %s", (command, sentence) => {
    expect(testsSentence(command)).toBe(sentence);
  });

  it("folds the command, its summary saying which command and whether tests run", () => {
    const text = renderComment(mixedPlan(), {});
    expect(text).toMatch(
      /\n<details>\n<summary><b>dbt command<\/b>: selects exactly what the plan builds; data tests run with it: <code>dbt build<\/code> runs the tests of what it selects<\/summary>\n\n```sh\ndbt build --select [^\n]+\n```\n\n<\/details>\n/,
    );
  });
});

describe("reasons in plain words", () => {
  const phrase = (plan: Plan, name: string) =>
    wordsToPlain(phraseEntry(plan.entries.find((e) => e.name === name)!, phraseContext(plan)));

  it.each([
    {
      case: "a parent built for new data: has new data",
      parent: why.newUpstreamData(sourceId("raw", "orders")),
      action: "BUILD" as const,
      says: "parent `stg` has new data",
    },
    {
      case: "a parent built every run: ODS can't tell",
      parent: noDeclaredInputs,
      action: "BUILD" as const,
      says: "parent `stg` is rebuilt, and ODS can't tell whether its data changed",
    },
    {
      case: "a reused parent rebuilt by a later run",
      parent: why.unchanged(),
      action: "REUSE" as const,
      says: "parent `stg` was rebuilt since its last build",
    },
  ])("new upstream data from $case", ({ parent, action, says }) => {
    const builder = new PlanBuilder();
    if (action === "BUILD") builder.build("stg", parent);
    else builder.reuse("stg", parent);
    const plan = builder.build("orders", why.newUpstreamData(id("stg")), { parents: [id("stg")] }).plan();
    expect(phrase(plan, "orders")).toBe(says);
  });

  it("no declared inputs: its consequence", () => {
    const plan = new PlanBuilder().build("calendar", noDeclaredInputs).plan();
    expect(phrase(plan, "calendar")).toBe(
      "reads no declared source or ref, so ODS can't tell when its data changes: it is built every run",
    );
  });
});

describe("the reference point", () => {
  it.each([
    ["2025-03-01T07:59:30Z", "just now"],
    ["2025-03-01T07:48:00Z", "12 min ago"],
    ["2025-03-01T07:00:31Z", "59 min ago"],
    ["2025-03-01T07:00:00Z", "1 h ago"],
    ["2025-03-01T05:10:00Z", "3 h ago"],
    ["2025-02-27T09:00:00Z", "47 h ago"],
    ["2025-02-26T08:00:00Z", "3 days ago"],
    ["2025-03-01T08:05:00Z", "in 5 min"],
  ])("recorded %s, seen at 08:00: %s", (at, age) => {
    expect(formatAge(at, "2025-03-01T08:00:00Z")).toBe(age);
  });

  it("is undefined for an unparsable time", () => {
    expect(formatAge("yesterday", "2025-03-01T08:00:00Z")).toBeUndefined();
  });

  const plan = () => new PlanBuilder().build("a", why.codeChanged(["sql"])).plan();
  const COMMIT = "9f8e7d6c5b4a39281706f5e4d3c2b1a098765432";
  it.each([
    {
      case: "branch, commit and run",
      base: { branch: "main", commit: COMMIT, runUrl: BASE_RUN_URL },
      says: `compared with **prod** from [main@<code>9f8e7d6</code>, 2 h ago](${BASE_RUN_URL}).`,
    },
    {
      case: "branch and run, no commit (what the action knows)",
      base: { branch: "main", runUrl: BASE_RUN_URL },
      says: `compared with **prod** from [main, 2 h ago](${BASE_RUN_URL}).`,
    },
    {
      case: "commit without a run: the commit links to itself",
      base: { commit: COMMIT },
      says: `compared with **prod** from [<code>9f8e7d6</code>](${REPO}/commit/${COMMIT}), 2 h ago.`,
    },
    { case: "nothing but the state's time", base: {}, says: "compared with **prod** as recorded 2 h ago." },
    {
      case: "the run only",
      base: { runUrl: BASE_RUN_URL },
      says: `compared with **prod** as [recorded 2 h ago](${BASE_RUN_URL}).`,
    },
    {
      case: "a later 'now' in the context",
      base: { branch: "main" },
      now: "2025-03-03T06:12:00Z",
      says: "compared with **prod** from main, 2 days ago.",
    },
  ])("$case", ({ base, now, says }) => {
    const text = renderComment(plan(), {
      pullRequest: 42,
      repositoryUrl: REPO,
      base,
      ...(now ? { now } : {}),
    });
    expect(text).toContain(says);
    expect(text).not.toContain("run-117");
  });
});
