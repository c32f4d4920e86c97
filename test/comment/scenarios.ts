/**
 * The comment's scenarios: a plan and its context each. The golden test
 * renders every one to test/comment/golden/<name>.md.
 */
import { createHash } from "node:crypto";
import type { CommentContext } from "../../src/comment/comment-context.js";
import type { Plan } from "../../src/state/plan.js";
import { everyCaseReport, shopReport, wideReport } from "../support/comment-scenarios/data-diffs.js";
import { id, largePlan, PlanBuilder, sourceId, why } from "../support/plan-builder.js";

export const HEAD = "1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d";
export const BASE_COMMIT = "9f8e7d6c5b4a39281706f5e4d3c2b1a098765432";
export const REPO = "https://github.com/acme/analytics";
export const LINKS = {
  jobSummary: "https://github.com/acme/analytics/actions/runs/9001/attempts/1#summary-77",
  planArtifact: "https://github.com/acme/analytics/actions/runs/9001/artifacts/55",
};

/** The run that saved the state the scenarios compare with. */
export const BASE_RUN_URL = `${REPO}/actions/runs/8990`;

/** The shop's files, as the planner fills `PlanEntry.file` from the manifest. */
const SHOP_FILES: Record<string, string> = {
  country_codes: "seeds/country_codes.csv",
  stg_customers: "models/staging/stg_customers.sql",
  stg_orders: "models/staging/stg_orders.sql",
  stg_payments: "models/staging/stg_payments.sql",
  orders: "models/marts/orders.sql",
  customers: "models/marts/customers.sql",
  customer_lifetime_value: "models/marts/customer_lifetime_value.sql",
  finance_daily: "models/marts/finance_daily.sql",
};

/** GitHub's diff anchor of a file (the SHA-256 of its path), as src/run computes it for the dbt project at the repository's root. */
export function diffAnchor(file: string): string {
  return createHash("sha256").update(file).digest("hex");
}

export const baseContext: CommentContext = {
  pullRequest: 42,
  headSha: HEAD,
  repositoryUrl: REPO,
  base: { environment: "prod", branch: "main", commit: BASE_COMMIT, runUrl: BASE_RUN_URL },
  diffAnchors: Object.fromEntries(
    [...Object.values(SHOP_FILES), "models/stg_claims.sql"].map((file) => [file, diffAnchor(file)]),
  ),
  links: LINKS,
  toolVersion: "0.1.0",
};

const RAW_ORDERS = sourceId("raw", "orders");
const RAW_CUSTOMERS = sourceId("raw", "customers");
const RAW_PAYMENTS = sourceId("raw", "payments");

/** The jaffle-shop-like graph every small scenario shares. */
function shop(
  decide: (
    name: string,
  ) => { action: "BUILD" | "REUSE"; reasons: Parameters<PlanBuilder["build"]>[1] } | undefined,
  builder = new PlanBuilder(),
): Plan {
  const nodes: Array<[string, string[], number, string?, string?]> = [
    ["country_codes", [], 3, "seed", "seed"],
    ["stg_customers", [RAW_CUSTOMERS], 14, "view"],
    ["stg_orders", [RAW_ORDERS], 22, "view"],
    ["stg_payments", [RAW_PAYMENTS], 19, "view"],
    ["orders", [id("stg_orders"), id("stg_payments")], 96],
    ["customers", [id("stg_customers"), id("orders")], 71],
    ["customer_lifetime_value", [id("customers"), id("orders")], 48],
    ["finance_daily", [id("orders")], 35, "incremental"],
  ];
  for (const [name, parents, duration, materialized, resourceType] of nodes) {
    const d = decide(name) ?? { action: "REUSE", reasons: why.unchanged() };
    const spec = { parents, duration, materialized: materialized ?? "table", resourceType };
    if (d.action === "BUILD") builder.build(name, d.reasons, spec);
    else builder.reuse(name, d.reasons, spec);
  }
  const plan = builder.plan();
  for (const entry of plan.entries) entry.file = SHOP_FILES[entry.name];
  return plan;
}

export interface Scenario {
  name: string;
  plan: Plan;
  context: CommentContext;
}

export function scenarios(): Scenario[] {
  const list: Scenario[] = [];

  // 1. First run: no state at all.
  {
    const builder = new PlanBuilder()
      .noState()
      .warn("no_state", "No state found for scope `jaffle_shop/prod`: every node is built.");
    const plan = shop(() => ({ action: "BUILD", reasons: why.noState() }), builder);
    for (const e of plan.entries) delete e.last_duration_s;
    list.push({ name: "first-run-no-state", plan, context: baseContext });
  }

  // 2. One model edited: stg_orders' SQL and config; its descendants build for code.
  list.push({ name: "one-model-edited", plan: oneModelEdited(), context: baseContext });

  // 3. Only formatting changed: nothing to build.
  list.push({
    name: "formatting-only",
    plan: shop((name) =>
      name === "stg_customers" ? { action: "REUSE", reasons: why.formattingOnly() } : undefined,
    ),
    context: baseContext,
  });

  // 4. New data in a source: a build for data, a node within lag tolerance, one waiting for a quorum.
  {
    const plan = shop((name) => {
      if (name === "stg_orders") return { action: "BUILD", reasons: why.newUpstreamData(RAW_ORDERS) };
      if (name === "orders") return { action: "BUILD", reasons: why.newUpstreamData(id("stg_orders")) };
      if (name === "customers") return { action: "REUSE", reasons: why.quorum(1, 2) };
      if (name === "finance_daily")
        return { action: "REUSE", reasons: why.withinLag("2025-03-01T10:12:00Z", "4h") };
      if (name === "customer_lifetime_value")
        return { action: "BUILD", reasons: why.newUpstreamData(id("orders")) };
      return undefined;
    });
    plan.warnings.push({
      code: "stale_source_freshness",
      message:
        "`sources.json` was observed at 2025-03-01T05:00:00Z, before the last build of `raw.payments`: it says nothing about data since then.",
    });
    list.push({ name: "new-source-data", plan, context: baseContext });
  }

  // 5. A hook reads the environment: built every run, and its readers see new data.
  {
    const builder = new PlanBuilder();
    builder.reuse("stg_orders", why.unchanged(), {
      parents: [RAW_ORDERS],
      duration: 22,
      materialized: "view",
    });
    builder.build("orders_audited", why.hookReadsEnvironment("post-hook 1", ["env_var", "target"]), {
      parents: [id("stg_orders")],
      duration: 40,
    });
    builder.build("audit_log", why.hookReads("env_var"), {
      parents: [id("stg_orders")],
      duration: 12,
    });
    builder.build("orders_report", why.newUpstreamData(id("orders_audited")), {
      parents: [id("orders_audited")],
      duration: 30,
    });
    builder.reuse("customers", why.unchanged(), { parents: [id("stg_orders")], duration: 71 });
    list.push({ name: "hook-reads-environment", plan: builder.plan(), context: baseContext });
  }

  // 6. A 10,000-node plan, cut to fit.
  list.push({ name: "large-plan-cut-to-fit", plan: largePlan(10_000), context: baseContext });

  // 7. PR environment and promotion preview.
  {
    const plan = shop((name) => {
      if (name === "stg_orders") return { action: "BUILD", reasons: why.codeChanged(["sql"]) };
      if (name === "orders") return { action: "BUILD", reasons: why.parentCodeChanged(id("stg_orders")) };
      if (name === "finance_daily") return { action: "BUILD", reasons: why.parentCodeChanged(id("orders")) };
      return undefined;
    });
    const built = plan.entries.filter((e) => e.action === "BUILD").map((e) => e.unique_id);
    const reused = plan.entries.filter((e) => e.action === "REUSE").map((e) => e.unique_id);
    list.push({
      name: "environment-and-promotion",
      plan,
      context: {
        ...baseContext,
        environment: {
          name: "pr_42",
          schemas: ["analytics_pr_42"],
          builtHere: built,
          readsProd: reused,
          exampleQuery: "select * from analytics_pr_42.orders limit 10",
        },
        promotion: {
          into: "prod",
          nodes: [
            { unique_id: id("stg_orders"), promotable: false, reason: "Views are built, not promoted." },
            {
              unique_id: id("orders"),
              promotable: true,
              reason:
                "Table built here with the same version key as main; its parents' data is what prod has.",
            },
            {
              unique_id: id("finance_daily"),
              promotable: false,
              reason: "Incremental models are built, not promoted.",
            },
          ],
        },
      },
    });
  }

  // 8. After the post step: the outcome replaces "to build".
  {
    const plan = shop((name) => {
      if (name === "stg_orders") return { action: "BUILD", reasons: why.codeChanged(["sql", "config"]) };
      if (name === "orders") return { action: "BUILD", reasons: why.parentCodeChanged(id("stg_orders")) };
      if (name === "customers" || name === "customer_lifetime_value" || name === "finance_daily")
        return { action: "BUILD", reasons: why.parentCodeChanged(id("orders")) };
      return undefined;
    });
    list.push({
      name: "post-run-outcome",
      plan,
      context: {
        ...baseContext,
        outcome: {
          total_duration_s: 187,
          nodes: {
            [id("stg_orders")]: { status: "built", duration_s: 21.4 },
            [id("orders")]: { status: "built", duration_s: 102.9 },
            [id("customers")]: {
              status: "failed",
              duration_s: 3.2,
              message: 'Database Error in model customers: column "first_order" does not exist',
            },
            [id("customer_lifetime_value")]: { status: "skipped" },
            [id("finance_daily")]: { status: "built", duration_s: 41 },
          },
        },
      },
    });
  }
  // 10. Issue 23: after the pull request's build, the data diff of the
  // changed model and its downstream models.
  {
    const plan = oneModelEdited();
    const built = { status: "built" as const, duration_s: 20 };
    list.push({
      name: "post-run-data-diff",
      plan,
      context: {
        ...baseContext,
        outcome: {
          total_duration_s: 187,
          nodes: Object.fromEntries(
            plan.entries.filter((e) => e.action === "BUILD").map((e) => [e.unique_id, built]),
          ),
        },
        dataDiff: shopReport(),
      },
    });
  }
  // 11. Every case a data diff can hold, in the comment.
  list.push({
    name: "data-diff-every-case",
    plan: oneModelEdited(),
    context: { ...baseContext, dataDiff: everyCaseReport() },
  });
  // 12. A data diff of 300 models of 300 columns each, with key examples, on a large plan: cut to fit.
  list.push({
    name: "data-diff-cut-to-fit",
    plan: largePlan(2_000),
    context: { ...baseContext, dataDiff: wideReport(300, 300) },
  });
  // 9. Issue 22's shape (tuva): one model changed, many downstream, more rebuilt
  // regardless of the pull request (no declared inputs, a macro that reads
  // `statement`, readers of those), some reused: the three groups, folded past
  // FOLD_OVER, names in natural order.
  list.push({ name: "three-groups", plan: threeGroups(), context: baseContext });
  return list;
}

/** stg_orders' SQL and config edited; its descendants build for code. */
function oneModelEdited(): Plan {
  return shop((name) => {
    if (name === "stg_orders") return { action: "BUILD", reasons: why.codeChanged(["sql", "config"]) };
    if (name === "orders") return { action: "BUILD", reasons: why.parentCodeChanged(id("stg_orders")) };
    if (name === "customers" || name === "customer_lifetime_value" || name === "finance_daily")
      return { action: "BUILD", reasons: why.parentCodeChanged(id("orders")) };
    return undefined;
  });
}

function threeGroups(): Plan {
  const builder = new PlanBuilder();
  const noInputs = {
    code: "no_declared_inputs" as const,
    message: "It reads no declared source or ref: ODS can't tell when the data it reads changes.",
  };
  builder.build("stg_claims", why.codeChanged(["sql"]), {
    parents: [sourceId("raw", "claims")],
    duration: 40,
  });
  for (let i = 1; i <= 12; i++)
    builder.build(`claims_c${i}`, why.parentCodeChanged(id("stg_claims")), {
      parents: [id("stg_claims")],
      duration: 20,
    });
  for (let i = 1; i <= 14; i++) builder.build(`terminology_t${i}`, noInputs, { parents: [], duration: 5 });
  builder.build("calendar", why.hookReads("post-hook 1", "statement"), { parents: [], duration: 3 });
  builder.build("member_months", why.newUpstreamData(id("calendar")), {
    parents: [id("calendar")],
    duration: 60,
  });
  builder.build("eligibility", why.newUpstreamData(sourceId("raw", "eligibility")), {
    parents: [sourceId("raw", "eligibility")],
    duration: 30,
  });
  for (const name of ["providers", "pharmacy_claims", "labs"])
    builder.reuse(name, why.unchanged(), { parents: [], duration: 25 });
  const plan = builder.plan();
  for (const entry of plan.entries) entry.file = `models/${entry.name}.sql`;
  return plan;
}
