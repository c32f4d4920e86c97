/**
 * The hand-off from the action's main step to its post step (issue 38): one
 * versioned document, validated when it is read. A plan, a promotion and
 * the data diff's plan round-trip whole; an unknown version, a document of
 * the wrong shape and text that is not JSON are `hand_off_invalid` errors
 * naming the file and saying to re-run the job.
 */
import { describe, expect, it } from "vitest";
import {
  HAND_OFF_FAST_PATH,
  HAND_OFF_VERSION,
  type HandOff,
  parseHandOff,
  serializeHandOff,
} from "../../src/app/events/hand-off.js";
import type { MergePromotion } from "../../src/app/promotion/merge-promotion.js";
import { formatUserError } from "../../src/errors/user-error.js";
import { EVIDENCE_KINDS, PLAN_WARNING_CODES, type Plan, SOURCE_CHECK_CODES } from "../../src/state/plan.js";
import { id, largePlan, PlanBuilder, why } from "../support/plan-builder.js";
import { thrownUserError } from "../support/thrown-user-error.js";

const FILE = "/runner/temp/ods-state/hand-off.json";

function promotion(): MergePromotion {
  return {
    pullRequest: {
      number: 7,
      title: "returns",
      headSha: "c".repeat(40),
      url: "https://github.com/acme/shop/pull/7",
    },
    environment: "repo-700100:shop:pr-7",
    promotedBy: "501",
    promoted: [
      {
        unique_id: "model.shop.orders",
        from: { schema: "analytics_pr_7", identifier: "orders" },
        to: { schema: "analytics", identifier: "orders" },
        retired: null,
        how: "moved",
        pr_run_id: "pr7-run-1",
        state: {
          fingerprint: { scheme: "ods-1", digest: "d", components: { sql: "s" } },
          version_key: "vk",
          run_id: "pr7-run-1",
          built_at: "2026-11-30T10:17:00Z",
          materialized: "table",
          relation: { database: null, schema: "analytics", identifier: "orders" },
          parents: { "model.shop.stg_orders": "pr7-run-1" },
          sources: {},
        },
      },
    ],
    report: {
      pullRequest: 7,
      environment: "repo-700100:shop:pr-7",
      status: "committed",
      id: "p-1",
      atomic: true,
      nodes: [
        { unique_id: "model.shop.orders", name: "orders", promoted: true, code: "promoted", message: "m" },
      ],
      retainUntil: null,
      viewsLeft: [],
    },
    select: "",
    exclude: "",
    selectTerms: 0,
    selectExact: true,
    selectExtra: [],
    buildCount: 0,
  };
}

function handOff(overrides: Partial<Omit<HandOff, "version">> = {}): Omit<HandOff, "version"> {
  const plan = new PlanBuilder()
    .build("stg_orders", why.codeChanged(["sql"]))
    .build("orders", why.parentCodeChanged(id("stg_orders")))
    .reuse("customers")
    .plan();
  return {
    mode: "pr_plan",
    scope: { project: "shop", environment: "prod" },
    plan,
    planPath: "/runner/temp/ods-state/plan.json",
    plannedKeys: {
      "model.shop.stg_orders": { key: "vk-stg", digest: "fp-stg", sql: "sql-stg" },
      "seed.shop.raw_orders": { key: "vk-raw", digest: "fp-raw" },
    },
    resultsBefore: "inv-1",
    comparedBase: { branch: "main", runUrl: "https://github.com/acme/shop/actions/runs/88", commit: null },
    planPageUrl: null,
    promotion: null,
    dataDiffPlan: plan,
    ...overrides,
  };
}

function expectInvalid(text: string, saying: RegExp) {
  const error = thrownUserError(() => parseHandOff(text, FILE), "hand_off_invalid");
  expect(error.code).toBe("hand_off_invalid");
  expect(error.file).toBe(FILE);
  expect(error.message).toContain(FILE);
  expect(error.message).toMatch(saying);
  expect(error.hint).toMatch(/Re-run the whole job/);
  // What the step prints: the message, the problems and the hint; no stack.
  expect(formatUserError(error)).not.toMatch(/\n\s+at /);
  return error;
}

describe("the main step's hand-off", () => {
  it("round-trips the plan, the data diff's plan, the promotion and the rest, whole", () => {
    for (const written of [
      handOff(),
      handOff({ mode: "default_branch", plannedKeys: null, dataDiffPlan: null, promotion: promotion() }),
      handOff({
        plan: largePlan(300, { changedEvery: 7 }),
        planPageUrl: "https://github.com/a/b/actions/runs/1/artifacts/2",
      }),
    ]) {
      const text = serializeHandOff(written);
      expect(JSON.parse(text).version).toBe(HAND_OFF_VERSION);
      expect(parseHandOff(text, FILE)).toEqual({ version: HAND_OFF_VERSION, ...written });
    }
  });

  it("accepts every warning, source-check code and evidence kind a plan may carry (the schema reads the type's lists)", () => {
    const plan = handOff().plan;
    const carrying: Plan = {
      ...plan,
      warnings: PLAN_WARNING_CODES.map((code) => ({ code, message: code })),
      source_checks: SOURCE_CHECK_CODES.map((code, i) => ({
        source_id: `source.shop.raw.t${i}`,
        name: `t${i}`,
        action: "SKIP",
        reason: { code, message: code },
        checks: 1,
      })),
      entries: plan.entries.map((entry) => ({
        ...entry,
        evidence: EVIDENCE_KINDS.map((kind) => ({ kind, subject: kind, value: null, exactness: "exact" })),
      })),
    };
    const written = handOff({ plan: carrying, dataDiffPlan: carrying });
    expect(parseHandOff(serializeHandOff(written), FILE)).toEqual({ version: HAND_OFF_VERSION, ...written });
  });

  it("has its fast path: a 10,000-node plan is not read through zod", () => {
    expect(HAND_OFF_FAST_PATH).toBe(true);
  });

  it("keeps keys a newer plan adds (they are not stripped)", () => {
    const written = handOff();
    const document = JSON.parse(serializeHandOff(written));
    document.plan.entries[0].added_later = { x: 1 };
    expect(parseHandOff(JSON.stringify(document), FILE).plan.entries[0]).toMatchObject({
      added_later: { x: 1 },
    });
  });

  it("an unknown version is refused, naming it", () => {
    const document = JSON.parse(serializeHandOff(handOff()));
    // 1: the main step of an ods-state that handed off a copy of the planned manifest, not its keys.
    for (const version of [1, 3, 0, "2", null]) {
      expectInvalid(
        JSON.stringify({ ...document, version }),
        new RegExp(`has version ${JSON.stringify(version)}; this ods-state reads version 2`),
      );
    }
    const { version: _, ...unversioned } = document;
    expectInvalid(JSON.stringify(unversioned), /has version null/);
    expectInvalid("[]", /has version null/);
  });

  it("a damaged document is refused with every problem and its path", () => {
    const document = JSON.parse(serializeHandOff(handOff({ promotion: promotion() })));
    document.plan.entries[1].action = "DROP";
    delete document.scope.project;
    document.promotion.promoted[0].how = "teleported";
    const error = expectInvalid(JSON.stringify(document), /does not have the shape this version writes/);
    expect(error.problems.map((problem) => problem.path).sort()).toEqual([
      "plan.entries.1.action",
      "promotion.promoted.0.how",
      "scope.project",
    ]);
  });

  it("a pull request's hand-off without the planned keys is refused (its builds would be recorded under dbt's rewritten manifest's keys)", () => {
    const document = JSON.parse(serializeHandOff(handOff()));
    document.plannedKeys = null;
    expectInvalid(JSON.stringify(document), /is a pull request's without the planned manifest's keys/);
    // Of a large plan too (the fast path vouches for the shape, not for this).
    const large = JSON.parse(serializeHandOff(handOff({ plan: largePlan(300, { changedEvery: 7 }) })));
    large.plannedKeys = null;
    expectInvalid(JSON.stringify(large), /without the planned manifest's keys/);
  });

  it("text that is not JSON (a truncated file) is refused", () => {
    const text = serializeHandOff(handOff());
    expectInvalid(text.slice(0, text.length / 2), /is not JSON/);
    expectInvalid("", /is not JSON/);
  });
});
