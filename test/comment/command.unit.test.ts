/**
 * The command in the comment, the job summary, the terminal and the HTML page
 * (issue 20): always a runnable command the plan carries, whole, in a code
 * block; the exact `build_command` when it fits, else the plan's
 * `short_command`, in a fold whose summary says which command it is and
 * that data tests run with it (`dbt build` runs the tests of what it
 * selects), with one line saying whether it runs more than the plan. A
 * superset selection is a titled warning, shown first.
 */
import { describe, expect, it } from "vitest";
import { renderComment, renderJobSummary } from "../../src/comment/render-comment.js";
import { renderHtml } from "../../src/comment/render-html.js";
import { renderTerminal } from "../../src/comment/render-terminal.js";
import { utf8Length } from "../../src/comment/utf8-length.js";
import type { Plan, PlanWarning } from "../../src/state/plan.js";
import { id, PlanBuilder, why } from "../support/plan-builder.js";
import { LINKS } from "./scenarios.js";

/** A small plan: `stg_orders` edited, `orders` and `orders_audit` downstream, `customers` reused. */
function shop(): Plan {
  return new PlanBuilder()
    .build("stg_orders", why.codeChanged(["sql"]), { parents: [] })
    .build("orders", why.parentCodeChanged("stg_orders"), { parents: [id("stg_orders")] })
    .build("orders_audit", why.parentCodeChanged("orders"), { parents: [id("orders")] })
    .reuse("customers", why.unchanged(), { parents: [] })
    .plan();
}

/** A command of about `chars` characters (many `fqn:` terms), as the explicit form gets at scale. */
function longCommand(chars: number): string {
  const terms: string[] = [];
  for (let i = 0, n = 0; n < chars; i++) {
    const term = `fqn:jaffle_shop.marts.finance.fct_finance_node_${String(i).padStart(6, "0")}`;
    terms.push(term);
    n += term.length + 1;
  }
  return `dbt build --select ${terms.join(" ")}`;
}

const SUPERSET: PlanWarning = {
  code: "selection_superset",
  message:
    "No exact dbt selection fits 500 terms and 100,000 characters: `select` runs 2 nodes and tests beyond the plan (more, never fewer; listed in the plan's `select_extra`).",
};

const SHORT_EXACT = { command: "dbt build --select stg_orders+", terms: 1, exact: true, extra: 0 };
const SHORT_SUPERSET = {
  command: "dbt build --select package:jaffle_shop",
  terms: 1,
  exact: false,
  extra: 1,
};

const fenced = (command: string) => "```sh\n" + command + "\n```";

describe("the comment's command", () => {
  it.each([
    {
      case: "an exact command that fits: shown whole, nothing to add",
      plan: shop(),
      shows: "dbt build --select stg_orders orders orders_audit",
      says: ["<summary><b>dbt command</b>: selects exactly what the plan builds; data tests run with it"],
      never: ["more than the plan", "too long"],
    },
    {
      case: "a superset selection: how many more, where they are listed, that their tests run",
      plan: {
        ...shop(),
        build_command: "dbt build --select stg_orders+ --exclude orders_audit_extra",
        select_exact: false,
        select_extra: [id("customers"), "test.jaffle_shop.not_null_customers_id"],
        warnings: [SUPERSET],
      },
      shows: "dbt build --select stg_orders+ --exclude orders_audit_extra",
      says: [
        "<summary><b>dbt command</b>: runs 2 more nodes and tests than the plan; data tests run with it",
        "so this command runs 2 more nodes and tests than the plan (listed in the plan's <code>select\\_extra</code>): more, never fewer.",
      ],
      never: ["too long"],
    },
    {
      case: "too long, with an exact short command: the short one, which selects the same",
      plan: { ...shop(), build_command: longCommand(70_000), short_command: SHORT_EXACT },
      shows: SHORT_EXACT.command,
      says: [
        "<summary><b>dbt command</b>: a shorter command that selects the same; data tests run with it",
        "The exact command is too long for this comment; this shorter one selects the same nodes. CI runs the exact command, in the job summary and the <code>select</code>/<code>exclude</code> outputs.",
      ],
      never: ["more than the plan"],
    },
    {
      case: "too long, with a superset short command: the short one, and how many more it runs",
      plan: { ...shop(), build_command: longCommand(70_000), short_command: SHORT_SUPERSET },
      shows: SHORT_SUPERSET.command,
      says: [
        "<summary><b>dbt command</b>: a shorter command that runs 1 more node or test than the plan; data tests run with it",
        "this shorter one runs 1 more node or test than the plan. CI runs the exact command, in the job summary and the <code>select</code>/<code>exclude</code> outputs.",
      ],
      never: [],
    },
  ])("$case", ({ plan, shows, says, never }) => {
    const text = renderComment(plan, { links: LINKS });
    expect(text.length).toBeLessThanOrEqual(65_000);
    expect(text).toMatch(/\n<details>\n<summary><b>dbt command<\/b>: [^\n]*<\/summary>\n\n```sh\n/);
    expect(text).toContain(`</summary>\n\n${fenced(shows)}`);
    for (const phrase of says) expect(text).toContain(phrase);
    for (const phrase of never) expect(text).not.toContain(phrase);
    // One command, never a cut one.
    expect(text.match(/^```sh$/gm)).toHaveLength(1);
  });

  it("says where the command is only for a plan that carries none short enough (no short_command)", () => {
    const plan = { ...shop(), build_command: longCommand(70_000) };
    const text = renderComment(plan, { links: LINKS });
    expect(text).not.toContain("```sh");
    expect(text).toContain(
      "**dbt command**: the command selects 3 nodes and is too long for this comment: it is in the job summary and in the action's <code>select</code> and <code>exclude</code> outputs.",
    );
  });

  it("keeps the exact command over a superset short one when the comment has room", () => {
    const command = longCommand(7_000);
    const text = renderComment({ ...shop(), build_command: command, short_command: SHORT_SUPERSET }, {});
    expect(text).toContain(fenced(command));
    expect(text).not.toContain(SHORT_SUPERSET.command + "\n");
  });

  it("shows a short command that selects the same in the comment, the exact one in the job summary", () => {
    const command = longCommand(7_000);
    const plan = { ...shop(), build_command: command, short_command: SHORT_EXACT };
    expect(renderComment(plan, {})).toContain(fenced(SHORT_EXACT.command));
    expect(renderComment(plan, {})).not.toContain(command);
    expect(renderJobSummary(plan, {})).toContain(fenced(command));
  });

  it.each([65_000, 20_000, 5_000, 1_500, 1_000, 700])(
    "keeps the command at a limit of %i characters",
    (limit) => {
      const plan = { ...shop(), build_command: longCommand(70_000), short_command: SHORT_SUPERSET };
      const text = renderComment(plan, { links: LINKS }, { limit });
      expect(text.length).toBeLessThanOrEqual(limit);
      expect(text).toContain(fenced(SHORT_SUPERSET.command));
    },
  );

  it("writes a command with hostile names as <pre> with entities, which decodes back to the command", () => {
    const command = "dbt build --select 'a```b' '<img src=x onerror=alert(1)>' '@org/team' 'x\ny'";
    const plan = {
      ...shop(),
      build_command: longCommand(70_000),
      short_command: { ...SHORT_EXACT, command },
    };
    const text = renderComment(plan, {});
    const block = text.match(/<pre><code>(dbt build [^<]*)<\/code><\/pre>/);
    expect(block).not.toBeNull();
    expect(block![1]!.replace(/&#(\d+);/g, (_, c: string) => String.fromCodePoint(Number(c)))).toBe(command);
    for (const raw of ["```b", "<img", "@org/team", "x\ny"]) expect(text).not.toContain(raw);
  });
});

describe("the superset warning", () => {
  it("renders with its title, first, even behind many other warnings", () => {
    const others: PlanWarning[] = Array.from({ length: 12 }, (_, i) => ({
      code: "selector_matches_nothing",
      message: `The selector \`tag:none_${i}\` matches nothing.`,
    }));
    const plan = {
      ...shop(),
      select_exact: false,
      select_extra: [id("customers")],
      warnings: [...others, SUPERSET],
    };
    const text = renderComment(plan, {});
    expect(text).toContain(
      "> [!WARNING]\n> - **The selection runs more than the plan**: No exact dbt selection fits 500 terms",
    );
    expect(text).toContain("> - and 3 more warnings.");
    expect(renderTerminal(plan)).toMatch(
      /\nwarning: The selection runs more than the plan: No exact dbt selection/,
    );
    expect(renderHtml(plan)).toContain(
      "<li><strong>The selection runs more than the plan</strong>: No exact",
    );
  });

  it("says a title once when the message starts with it", () => {
    const plan = new PlanBuilder()
      .noState()
      .warn("no_state", "No state found for scope `jaffle_shop/prod`: every node is built.")
      .build("a", why.noState())
      .plan();
    expect(renderComment(plan, {})).toContain("> - No state found for scope <code>jaffle\\_shop/prod</code>");
  });
});

describe("the job summary's command", () => {
  it("keeps the exact command a comment can't hold, and the comment says CI runs it", () => {
    const command = longCommand(300_000);
    const plan = { ...shop(), build_command: command, short_command: SHORT_SUPERSET };
    const summary = renderJobSummary(plan, {});
    expect(summary).toContain(fenced(command));
    expect(renderComment(plan, {})).toContain(fenced(SHORT_SUPERSET.command));
  });

  it("falls back to the short command, and names where the exact one is, past 1 MiB", () => {
    const plan = { ...shop(), build_command: longCommand(1_100_000), short_command: SHORT_SUPERSET };
    const summary = renderJobSummary(plan, { links: { planFile: "/runner/_temp/ods-state/plan.json" } });
    expect(utf8Length(summary)).toBeLessThanOrEqual(1_040_000);
    expect(summary).toContain(fenced(SHORT_SUPERSET.command));
    expect(summary).toContain(
      "CI runs the exact command, in the <code>select</code>/<code>exclude</code> outputs and the plan file (<code>build\\_command</code>).",
    );
  });
});

describe("the terminal and the HTML page", () => {
  const plan = {
    ...shop(),
    build_command: `${longCommand(150_000)} --exclude 'orders_audit'`,
    exclude: "'orders_audit'",
    select_exact: false,
    select_extra: [id("customers")],
    short_command: SHORT_SUPERSET,
    warnings: [SUPERSET],
  };

  it("print the exact command with its --exclude, whole, and say it runs more than the plan", () => {
    const terminal = renderTerminal(plan);
    expect(terminal).toContain(`\n${plan.build_command}\n`);
    expect(terminal).toContain(
      "(this command runs 1 more node or test than the plan, listed in the plan's select_extra",
    );
    expect(terminal).not.toContain(SHORT_SUPERSET.command);
    const html = renderHtml(plan);
    expect(html).toContain(`<pre>${plan.build_command.replaceAll("'", "&#39;")}</pre>`);
    expect(html).toContain("this command runs 1 more node or test than the plan");
  });
});
