/**
 * Names, messages, subjects and the project built to break out of the
 * markdown, the HTML, the hidden marker, a table or the mermaid block. The
 * rendered comment must contain none of them raw, and the mermaid block must
 * stay well-formed.
 */
import { describe, expect, it } from "vitest";
import type { CommentContext } from "../../src/comment/comment-context.js";
import {
  codeBlock,
  htmlBlockCode,
  htmlBlockText,
  markerToken,
  mdCode,
  mdMessage,
  mdText,
  mermaidLabel,
  safeUrl,
} from "../../src/comment/markdown-escape.js";
import { commentMarker, renderComment, renderJobSummary } from "../../src/comment/render-comment.js";
import { renderDataDiffText } from "../../src/comment/render-data-diff-text.js";
import { renderTerminal } from "../../src/comment/render-terminal.js";
import { renderDataDiffMarkdown } from "../../src/comment/sections/data-diff.js";
import type { Plan } from "../../src/state/plan.js";
import { HOSTILE_DIFF, hostileReport } from "../support/comment-scenarios/data-diffs-hostile.js";
import { MERMAID_LINE } from "../support/mermaid-line.js";
import { id, PlanBuilder, sourceId, why } from "../support/plan-builder.js";

/** Each must never appear verbatim in the markdown. */
const HOSTILE = [
  "<img src=x onerror=alert(1)>",
  "@org/team",
  "@octocat",
  "`x`",
  "a|b",
  "]]",
  "-->",
  "<!--",
  "line\nbreak",
  "<details>",
  "</details>",
  "[link](javascript:alert(1))",
  '"];click x call y;',
  "<script>alert(1)</script>",
  "```",
  "#1",
  "$x^2$",
  "**bold**",
  "\u202eevil",
  "\u001b[31mred",
];

/** The parts of each hostile string that give it its power. */
const FORBIDDEN = [
  "<img",
  "@org/team",
  "@octocat",
  "`x`",
  "a|b",
  "]]",
  "-->\n",
  "<details>line",
  "[link](javascript:",
  '"];click',
  "<script",
  "line\nbreak",
  "$x^2$",
  "**bold**",
  "\u202e",
  "\u001b",
];

function hostilePlan(): { plan: Plan; context: CommentContext } {
  const builder = new PlanBuilder();
  builder.project = "evil --> <img src=x onerror=alert(1)> @org/team";
  const names = HOSTILE.map((h, i) => `m${i}_${h}`);
  const ids = names.map((n) => `model.${builder.project}.${n}`);
  const src = sourceId('raw"];click x call y;', "<img src=x onerror=alert(1)>");
  builder.build(names[0]!, why.codeChanged(["sql", "<img src=x onerror=alert(1)>"], ["`x`"], ["a|b"]), {
    uniqueId: ids[0],
    parents: [src],
    packageName: builder.project,
  });
  names.slice(1).forEach((name, i) => {
    const reasons = [
      why.parentCodeChanged(ids[i]!),
      {
        code: "new_upstream_data" as const,
        message: `New data: ${HOSTILE[i]} \`${HOSTILE[i]}\``,
        subjects: [src],
      },
      why.hookReads(HOSTILE[i]!, "env_var"),
      why.codeIncomplete(`No compiled SQL ${HOSTILE[i]} \`${HOSTILE[i]}\``),
    ];
    builder.build(name, reasons[i % reasons.length]!, {
      uniqueId: ids[i + 1],
      parents: [ids[i]!],
      packageName: builder.project,
    });
  });
  builder.reuse(
    "r_@org/team",
    { code: "within_lag_tolerance", message: "<details>", due_at: "<img src=x>" },
    {
      uniqueId: `model.${builder.project}.r_@org/team`,
      parents: [ids[0]!],
    },
  );
  builder.reuse("u_]]-->", why.unchanged("run-<img src=x onerror=alert(1)>"), {
    lastRun: "run-<img src=x onerror=alert(1)>",
    uniqueId: `model.${builder.project}.u_]]-->`,
  });
  builder.warn(
    "stale_source_freshness",
    "Source `<img src=x onerror=alert(1)>` @org/team [link](javascript:alert(1)) -->",
  );
  const plan = builder.plan();
  plan.environment = "prod <img src=x onerror=alert(1)> @org/team";
  plan.build_command = `dbt build --select ${names.map((n) => `'${n.replaceAll("'", "'\\''")}'`).join(" ")}`;
  const context: CommentContext = {
    pullRequest: 5,
    headSha: "<img src=x onerror=alert(1)>",
    repositoryUrl: "javascript:alert(1)",
    base: {
      branch: "@org/team",
      commit: "`x`|]]",
      runUrl: "javascript:alert(1)",
      recordedAt: "<img src=x onerror=alert(1)>",
    },
    now: "<img src=x onerror=alert(1)>",
    diffAnchors: Object.fromEntries(ids.map((nodeId) => [nodeId, "<img src=x onerror=alert(1)>"])),
    links: {
      jobSummary: "javascript:alert(1)",
      planArtifact: "https://example.com/a) [x](javascript:alert(1)",
    },
    toolVersion: "<img src=x onerror=alert(1)>",
    dataDiff: hostileReport(HOSTILE),
    environment: {
      name: "pr_@org/team",
      schemas: ["<img src=x onerror=alert(1)>", "a|b"],
      builtHere: ids,
      readsProd: [`model.${builder.project}.r_@org/team`],
      exampleQuery: 'select * from "<img src=x onerror=alert(1)>" -- @org/team\n```\n<details>',
    },
    promotion: {
      into: "prod @org/team",
      nodes: ids.map((nodeId, i) => ({
        unique_id: nodeId,
        promotable: i % 2 === 0,
        reason: `Because ${HOSTILE[i]} \`${HOSTILE[i]}\``,
      })),
    },
    outcome: {
      total_duration_s: 10,
      nodes: Object.fromEntries(
        ids.map((nodeId, i) => [
          nodeId,
          { status: (["built", "failed", "skipped"] as const)[i % 3]!, duration_s: i, message: HOSTILE[i]! },
        ]),
      ),
    },
  };
  return { plan, context };
}

/** Checks the mermaid block line by line: only node, edge and class statements, labels from a safe alphabet. */
function expectWellFormedMermaid(markdown: string): void {
  const blocks = [...markdown.matchAll(/```mermaid\n([\s\S]*?)\n```/g)].map((m) => m[1]!);
  expect(blocks.length).toBe(1);
  const lines = blocks[0]!.split("\n");
  expect(lines[0]).toBe("graph LR");
  for (const line of lines.slice(1)) {
    expect(line).toMatch(MERMAID_LINE);
  }
  // `#` and `;` in a label only as entity codes.
  for (const label of blocks[0]!.matchAll(/"([^"]*)"/g))
    expect(label[1]!.replace(/#\d+;/g, "")).not.toMatch(/[#;]/);
}

/** Checks a rendered comment; its first line is the marker, checked on its own. */
function expectNothingRaw(markdown: string, marker = true): void {
  const body = marker ? markdown.slice(markdown.indexOf("\n")) : markdown;
  // Mermaid's arrows are the renderer's own `-->`, inside the fence.
  const prose = markdown.replace(/```mermaid\n[\s\S]*?\n```/g, "");
  for (const bad of FORBIDDEN) expect(body, `contains ${JSON.stringify(bad)}`).not.toContain(bad);
  // The only HTML comment is the marker on the first line, and it closes once, at its end.
  expect(prose.split("<!--").length).toBe(marker ? 2 : 1);
  expect(prose.split("-->").length).toBe(marker ? 2 : 1);
  if (marker) expect(markdown.indexOf("-->")).toBe(markdown.indexOf("\n") - 3);
  // HTML tags are only the renderer's own.
  const tags = new Set([...markdown.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)].map((m) => m[1]!.toLowerCase()));
  for (const tag of tags) expect(["code", "details", "summary", "b", "sub", "br", "pre"]).toContain(tag);
  // No link but to https URLs the renderer made, or to its own heading's anchor (an escaped `\]` closes no link text).
  for (const link of markdown.matchAll(/(?<!\\)\]\(([^)]*)\)/g))
    expect(link[1]).toMatch(/^(https:\/\/|#rebuilt-regardless-of-[a-z-]+-[0-9]+$)/);
  // No mention: every @ is followed by a zero-width joiner or is an entity.
  expect(markdown).not.toMatch(/@[A-Za-z0-9]/);
}

describe("untrusted strings in the comment", () => {
  it("none of the hostile strings survives raw, in the comment and the job summary", () => {
    const { plan, context } = hostilePlan();
    const markdown = renderComment(plan, context);
    expectNothingRaw(markdown);
    expect(markdown.split("\n")[0]).toBe(commentMarker(plan.project));
    expectWellFormedMermaid(markdown);
    const withoutOutcome = renderComment(plan, { ...context, outcome: undefined });
    expectNothingRaw(withoutOutcome);
    expectWellFormedMermaid(withoutOutcome);
    expectNothingRaw(renderJobSummary(plan, context), false);
  });

  it("still escapes when the comment is cut to fit", () => {
    const { plan, context } = hostilePlan();
    const markdown = renderComment(plan, context, { limit: 3_000 });
    expect(markdown.length).toBeLessThanOrEqual(3_000);
    expectNothingRaw(markdown);
  });

  it("the marker holds the project percent-encoded: no `-->`, one marker per project", () => {
    const marker = commentMarker("a --> b <img> @x\n");
    expect(marker).toBe("<!-- ods-state:plan project=a%20--%3E%20b%20%3Cimg%3E%20%40x%0A -->");
    expect(marker.indexOf("-->")).toBe(marker.length - 3);
    expect(markerToken("é")).toBe("%C3%A9");
    expect(commentMarker("shop")).not.toBe(commentMarker("shop2"));
  });

  it("the terminal text has no control characters or line breaks from names", () => {
    const { plan } = hostilePlan();
    const text = renderTerminal(plan);
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f\u202e]/);
    for (const line of text.split("\n")) expect(line).not.toContain("line\nbreak");
    expect(text).not.toMatch(/^line/m);
  });
});

describe("untrusted strings in the data diff", () => {
  const reports = [hostileReport(HOSTILE), hostileReport(HOSTILE_DIFF)];

  it("the CLI's markdown holds none of them raw, and its tags are the renderer's own", () => {
    for (const report of reports) expectNothingRaw(renderDataDiffMarkdown(report), false);
  });

  it("a fold's summary line is one line of entities: no tag, no markdown escape, no line break", () => {
    const markdown = renderDataDiffMarkdown(reports[1]!);
    const summaries = [...markdown.matchAll(/<summary>(.*)<\/summary>/g)].map((m) => m[1]!);
    expect(summaries.length).toBe(reports[1]!.nodes.length);
    for (const summary of summaries) {
      expect(summary.replace(/<\/?code>/g, "")).not.toMatch(/[<>\\`*|[\]]/);
      expect(summary).not.toContain("\n");
    }
    expect(summaries[0]).toContain("<code>&lt;img src=x onerror=alert(1)&gt;</code>");
  });

  it("the terminal text has no control characters or line breaks from names or values", () => {
    for (const report of reports) {
      const text = renderDataDiffText(report);
      expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f\u202e]/);
      expect(text).not.toMatch(/^break/m);
    }
  });

  it("still escapes in the comment cut to fit", () => {
    const { plan, context } = hostilePlan();
    // In full, the hostile comment of the test above holds the data diff's folds.
    expect(renderComment(plan, context)).toContain(
      "<details>\n<summary><code>&lt;img src=x onerror=alert(1)&gt;</code> · ",
    );
    for (const limit of [6_000, 12_000, 30_000]) {
      const markdown = renderComment(plan, context, { limit });
      expect(markdown.length).toBeLessThanOrEqual(limit);
      expectNothingRaw(markdown);
    }
  });
});

describe("escaping rules", () => {
  it("mdText escapes markdown and HTML and neutralises mentions and references", () => {
    expect(mdText("<b>*a*_b_ [c](d) `e` |f| ~g~ \\ $h$ & @team #12")).toBe(
      "&lt;b&gt;\\*a\\*\\_b\\_ \\[c\\](d) &#96;e&#96; \\|f\\| \\~g\\~ \\\\ &#36;h&#36; &amp; @\u200dteam #\u200d12",
    );
    expect(mdText("a\r\nb\nc\u2028d\te")).toBe("a b c d e");
    expect(mdText("x\u202ey\u0007")).toBe("x\ufffdy\ufffd");
  });

  it("htmlBlockText and htmlBlockCode escape with entities only (markdown is not read in an HTML block)", () => {
    expect(htmlBlockText("a_b *x* [l](u) `c` | ~ \\ <b> @org #1 $x$")).toBe(
      "a_b &#42;x&#42; &#91;l&#93;(u) &#96;c&#96; &#124; &#126; &#92; &lt;b&gt; @\u200dorg #\u200d1 &#36;x&#36;",
    );
    expect(htmlBlockCode("@org #1 a_b\nc")).toBe("<code>&#64;org &#35;1 a_b c</code>");
  });

  it("mdCode is a <code> element with entities, never a backtick span", () => {
    expect(mdCode("stg_orders")).toBe("<code>stg\\_orders</code>");
    expect(mdCode("a`b`c@d#1")).toBe("<code>a&#96;b&#96;c&#64;d&#35;1</code>");
    expect(mdCode("</code><img src=x>")).toBe("<code>&lt;/code&gt;&lt;img src=x&gt;</code>");
    expect(mdCode("x".repeat(200))).toBe(`<code>${"x".repeat(119)}…</code>`);
  });

  it("mdMessage puts backticked names in <code>, also with an odd backtick", () => {
    expect(mdMessage("parent `stg_orders` changes")).toBe("parent <code>stg\\_orders</code> changes");
    expect(mdMessage("odd `one")).toBe("odd &#96;one");
    expect(mdMessage("`<img>` and `@x`")).toBe("<code>&lt;img&gt;</code> and <code>&#64;x</code>");
  });

  it("codeBlock fences plain text and uses <pre> with entities for anything else", () => {
    expect(codeBlock("dbt build --select a b+", "sh")).toBe("```sh\ndbt build --select a b+\n```");
    expect(codeBlock("select 1\nfrom x", "sql")).toBe("```sql\nselect 1\nfrom x\n```");
    expect(codeBlock("a ```\n<img>|@x", "sh")).toBe(
      "<pre><code>a &#96;&#96;&#96;\n&#60;img&#62;&#124;&#64;x</code></pre>",
    );
  });

  it("mermaidLabel keeps a safe alphabet and turns the rest into #code; entities", () => {
    expect(mermaidLabel('a"];click x call y;')).toBe("a#34;#93;#59;click x call y#59;");
    expect(mermaidLabel("x#y`z<w>")).toBe("x#35;y#96;z#60;w#62;");
    expect(mermaidLabel("a\nb")).toBe("a b");
  });

  it("safeUrl keeps plain https links only", () => {
    expect(safeUrl("https://github.com/o/r/actions/runs/1")).toBe("https://github.com/o/r/actions/runs/1");
    expect(safeUrl("javascript:alert(1)")).toBeUndefined();
    expect(safeUrl("https://x.y/a) [b](javascript:c")).toBeUndefined();
    expect(safeUrl("https://x.y/a b")).toBeUndefined();
  });

  it("an id like the hostile ones still names the right node", () => {
    expect(id("x")).toBe("model.jaffle_shop.x");
  });
});
