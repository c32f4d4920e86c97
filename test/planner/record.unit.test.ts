import { describe, expect, it } from "vitest";
import { isUserError } from "../../src/errors/user-error.js";
import { type ModelSpec, modelId } from "../support/manifest-builder.js";
import { projectOf, recordRun, sourcesOf } from "../support/planner-harness.js";

const SOURCE = "source.shop.raw.orders";
const models: ModelSpec[] = [
  { name: "stg", sql: 'select * from "warehouse"."raw"."orders"', dependsOn: [SOURCE] },
  { name: "mart", sql: 'select * from "warehouse"."analytics"."stg"', dependsOn: [modelId("stg")] },
];
const STG = modelId("stg");
const MART = modelId("mart");
const RUN_1 = "00000000-0000-4000-8000-000000000001";
const RUN_2 = "00000000-0000-4000-8000-000000000002";

function refusal(fn: () => unknown, code: "record_refused" | "record_superseded" = "record_refused"): string {
  try {
    fn();
  } catch (error) {
    if (isUserError(error) && error.code === code) return error.message;
    throw error;
  }
  throw new Error("record did not refuse");
}

describe("record refuses anything that isn't a real build of the manifest's code, writing nothing", () => {
  const project = projectOf(models, { sources: ["raw.orders"] });
  const ok = { [STG]: "success", [MART]: "success" };
  const first = recordRun(project, { statuses: ok }).snapshot;

  it.each([
    ["compile", /comes from `dbt compile`, which builds nothing/],
    ["generate", /comes from `dbt generate`, which builds nothing/],
    ["test", /comes from `dbt test`, which builds nothing/],
  ])("results of `dbt %s`", (which, message) => {
    expect(refusal(() => recordRun(project, { statuses: ok, which }))).toMatch(message);
  });

  it("run results of another invocation than the manifest", () => {
    expect(refusal(() => recordRun(project, { statuses: ok, invocationId: RUN_2 }))).toContain(
      `is from dbt invocation ${RUN_2}, but manifest.json is from ${RUN_1}`,
    );
  });

  it("a run already recorded", () => {
    expect(refusal(() => recordRun(project, { statuses: ok }, { recorded: [RUN_1] }))).toBe(
      `Run ${RUN_1} is already recorded in shop/prod.`,
    );
    expect(refusal(() => recordRun(project, { statuses: ok }, { previous: first }))).toContain(
      "already recorded",
    );
  });

  it("a run that started before the recorded state", () => {
    const later = projectOf(models, { sources: ["raw.orders"], invocationId: RUN_2 });
    // Superseded, not invalid: the action reports it as a warning.
    const message = refusal(
      () => recordRun(later, { statuses: ok, startedAt: "2026-11-01T09:00:00Z" }, { previous: first }),
      "record_superseded",
    );
    expect(message).toContain(
      `Run ${RUN_2} started 2026-11-01T09:00:00.000Z, before the recorded state of shop/prod`,
    );
  });

  it("a manifest without a project name", () => {
    const nameless = projectOf(models);
    (nameless.manifest.metadata as { projectName: string | null }).projectName = null;
    expect(refusal(() => recordRun(nameless, { statuses: ok }))).toContain("has no project name");
  });
});

describe("what record writes", () => {
  const project = projectOf(models, { sources: ["raw.orders"] });

  it("advances only successful nodes; a failed one keeps its previous entry", () => {
    const first = recordRun(project, { statuses: { [STG]: "success", [MART]: "success" } }).snapshot;
    const second = projectOf(models, { sources: ["raw.orders"], invocationId: RUN_2 });
    const outcome = recordRun(
      second,
      { statuses: { [STG]: "success", [MART]: "error" }, startedAt: "2026-11-02T09:00:00Z" },
      { previous: first },
    );
    expect(outcome.snapshot.nodes[STG]!.run_id).toBe(RUN_2);
    expect(outcome.snapshot.nodes[MART]).toEqual(first.nodes[MART]);
    expect(outcome.built).toEqual([STG]);
    expect(outcome.failed).toEqual([MART]);
    expect(outcome.run.status).toBe("partial");
  });

  it("records an --empty run for what it is: every node it built is partial, not refused (issue 18, class 10)", () => {
    const outcome = recordRun(project, { statuses: { [STG]: "success", [MART]: "success" }, empty: true });
    expect(outcome.partial).toEqual([STG, MART]);
    expect(outcome.snapshot.nodes[STG]!.partial!.why).toContain("`dbt --empty` run");
  });

  it("records which run's build of each parent a node read", () => {
    const snapshot = recordRun(project, { statuses: { [STG]: "success", [MART]: "success" } }).snapshot;
    expect(snapshot.nodes[MART]!.parents).toEqual({ [STG]: RUN_1 });
    const second = projectOf(models, { sources: ["raw.orders"], invocationId: RUN_2 });
    const next = recordRun(
      second,
      { statuses: { [MART]: "success" }, startedAt: "2026-11-02T09:00:00Z" },
      { previous: snapshot },
    );
    expect(next.snapshot.nodes[MART]!.parents).toEqual({ [STG]: RUN_1 });
    expect(next.snapshot.nodes[MART]!.run_id).toBe(RUN_2);
  });

  it("uses sources.json only when taken strictly before the run started", () => {
    const before = recordRun(
      project,
      { statuses: { [STG]: "success" } },
      {
        sources: sourcesOf("2026-11-01T09:00:00Z", { [SOURCE]: "2026-11-01T08:00:00Z" }),
      },
    );
    expect(before.snapshot.nodes[STG]!.sources).toEqual({
      [SOURCE]: { value: "2026-11-01T08:00:00Z", exactness: "semantic", observed_at: "2026-11-01T09:00:00Z" },
    });
    expect(before.sourcesIgnored).toBeNull();
    const after = recordRun(
      project,
      { statuses: { [STG]: "success" } },
      {
        sources: sourcesOf("2026-11-01T09:10:00Z", { [SOURCE]: "2026-11-01T08:00:00Z" }),
      },
    );
    expect(after.snapshot.nodes[STG]!.sources).toEqual({});
    expect(after.sourcesIgnored).toContain("not before the run started");
  });

  it("sets tested when every check of the node passed, and not when one failed", () => {
    const TEST = "test.shop.not_null_stg_id";
    const withTest = (status: string) => {
      const manifest = projectOf(models, {
        sources: ["raw.orders"],
        tests: [{ name: "not_null_stg_id", reads: [STG] }],
      });
      return recordRun(manifest, { statuses: { [STG]: "success", [TEST]: status } }).snapshot.nodes[STG]!;
    };
    const passed = withTest("pass");
    expect(passed.tested).toMatchObject({ run_id: RUN_1 });
    expect(passed.tested!.checks_digest).toMatch(/^[0-9a-f]{64}$/);
    expect(withTest("fail").tested).toBeUndefined();
    const noChecks = recordRun(project, { statuses: { [STG]: "success" } }).snapshot.nodes[STG]!;
    expect(noChecks.tested).toBeUndefined();
  });
});
