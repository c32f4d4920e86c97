/**
 * Bugs the adversarial suite found, each as the smallest case that failed
 * before its fix. The fuzzer finds them again at random; these say exactly
 * what was wrong.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commentMarker, GITHUB_COMMENT_MAX, renderComment } from "../../src/comment/render-comment.js";
import { loadRunResults } from "../../src/dbt/artifacts/run-results.js";
import { loadSources } from "../../src/dbt/artifacts/sources.js";
import { canonicalJson } from "../../src/dbt/fingerprint/canonical-json.js";
import { loadProject } from "../../src/dbt/load-project.js";
import { readRunEnvironment } from "../../src/github/event.js";
import { readFreshnessPolicy } from "../../src/planner/freshness-policy.js";
import { plan } from "../../src/planner/plan.js";
import { record } from "../../src/planner/record.js";
import type { Plan } from "../../src/state/plan.js";
import { runStep, srcEntry } from "../support/adversarial/run-step.js";
import { Tally } from "../support/adversarial/tally.js";
import { runCliIn } from "../support/cli-context.js";
import { buildManifest, modelId } from "../support/manifest-builder.js";
import { buildRunResults, buildSources } from "../support/run-builders.js";
import { PROJECT_ROOT } from "../support/shared-fixtures.js";

const SHOP = path.join(PROJECT_ROOT, "fixtures", "shop", "prod");
const tally = new Tally("regressions");
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "ods-adv-regressions-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  tally.report();
});

/** The shop's sources.json, observed an hour after its build (so nothing is built for lack of data evidence). */
function sourcesAfterBuild(): string {
  const doc = JSON.parse(readFileSync(path.join(SHOP, "sources.json"), "utf8"));
  doc.metadata.generated_at = "2026-11-30T09:00:00Z";
  for (const result of doc.results) result.snapshotted_at = "2026-11-30T09:00:00Z";
  return JSON.stringify(doc);
}

describe("artifacts that are not UTF-8", () => {
  /**
   * The shop manifest with one byte of stg_orders' compiled SQL replaced by a
   * byte that is not UTF-8 (Latin-1 é = 0xE9, è = 0xE8). Decoding with
   * replacement characters made both U+FFFD: the SQL changed, the
   * fingerprint did not, and the node was reused.
   */
  function latin1Manifest(byte: number): Buffer {
    const doc = JSON.parse(readFileSync(path.join(SHOP, "manifest.json"), "utf8"));
    const node = doc.nodes["model.shop.stg_orders"];
    node.compiled_code = `select * from (${node.compiled_code}) as s where s.city <> 'Orl@@ans'`;
    const bytes = Buffer.from(JSON.stringify(doc), "utf8");
    const at = bytes.indexOf("@@");
    return Buffer.concat([bytes.subarray(0, at), Buffer.from([byte]), bytes.subarray(at + 2)]);
  }

  it("a manifest whose code changed in bytes that are not UTF-8 is refused, never reused", async () => {
    const state = path.join(dir, "latin1.db");
    const before = path.join(dir, "latin1-before.json");
    const after = path.join(dir, "latin1-after.json");
    const sources = path.join(dir, "sources.json");
    writeFileSync(before, latin1Manifest(0xe9));
    writeFileSync(after, latin1Manifest(0xe8));
    writeFileSync(sources, sourcesAfterBuild());
    const recorded = await runCliIn(dir, [
      "record",
      "--manifest",
      before,
      "--run-results",
      path.join(SHOP, "run_results.json"),
      "--state",
      state,
      "--sources",
      path.join(SHOP, "sources.json"),
    ]);
    const planned = await runCliIn(dir, [
      "plan",
      "--manifest",
      after,
      "--state",
      state,
      "--sources",
      sources,
      "--format",
      "json",
    ]);
    await tally.check("not UTF-8: changed bytes", recorded.code === 0 ? "recorded" : "refused", () => {
      if (planned.code === 0) {
        const plan = JSON.parse(planned.out) as Plan;
        const entry = plan.entries.find((e) => e.unique_id === "model.shop.stg_orders")!;
        expect(
          `${entry.action} ${entry.reasons[0]!.code} ${entry.reasons[0]!.message}`,
          "stg_orders' SQL changed",
        ).toMatch(/^BUILD/);
      }
      // Refusing is the fix: dbt writes UTF-8, so these bytes were changed after dbt wrote the file.
      expect(recorded.code).toBe(1);
      expect(recorded.err).toContain(`error[artifact_not_json]: ${before} is not UTF-8`);
      expect(planned.code).toBe(1);
      expect(planned.err).toContain(`error[artifact_not_json]: ${after} is not UTF-8`);
      expect(planned.err).toMatch(/byte \d+ \(0xe8\)/);
    });
  });
});

describe("ids that are names of Object.prototype's properties", () => {
  /**
   * raw.orders -> stg_orders -> orders. Ids are looked up in the state's
   * records by key: `snapshot.nodes["constructor"]` found Object's
   * constructor, and `nodes["__proto__"] = state` set a prototype instead of
   * recording the node. dbt never writes such ids, but a damaged or crafted
   * manifest can, and the plan must not crash or decide differently.
   */
  const SOURCE = "source.shop.raw.orders";
  const STG = modelId("stg_orders");
  const ORDERS = modelId("orders");
  const manifestText = JSON.stringify(
    buildManifest(
      [
        { name: "stg_orders", sql: 'select id from "raw"."orders"', dependsOn: [SOURCE] },
        { name: "orders", sql: 'select * from "analytics"."stg_orders"', dependsOn: [STG] },
      ],
      { sources: ["raw.orders"] },
    ),
  );
  const sourcesText = (at: string) => JSON.stringify(buildSources(at, { [SOURCE]: "2026-11-01T08:00:00Z" }));

  /** Records a build with the ids renamed by `recordAs`, then plans with them renamed by `planAs`. */
  function decide(planAs: Record<string, string>, recordAs: Record<string, string> = planAs) {
    const swapper = (rename: Record<string, string>) => (text: string) =>
      Object.entries(rename).reduce(
        (t, [from, to]) => t.replaceAll(JSON.stringify(from), JSON.stringify(to)),
        text,
      );
    const swap = swapper(planAs);
    const recordedProject = loadProject(swapper(recordAs)(manifestText), "manifest.json");
    const project = loadProject(swap(manifestText), "manifest.json");
    const scope = { project: "shop", environment: "prod" };
    const target = { name: "prod", adapter_type: "duckdb" };
    const statuses = Object.fromEntries(recordedProject.graph.order.map((id) => [id, "success"]));
    const runResults = loadRunResults(
      JSON.stringify(buildRunResults({ invocationId: project.manifest.metadata.invocationId!, statuses })),
      "run_results.json",
    );
    const recorded = record({
      project: recordedProject,
      runResults,
      sources: loadSources(swapper(recordAs)(sourcesText("2026-11-01T09:00:00Z")), "before.json"),
      scope,
      previous: null,
      recordedRunIds: new Set(),
      target,
      now: "2026-11-01T09:30:00Z",
    });
    const p = plan({
      project,
      scope,
      state: { id: "s", snapshot: recorded.snapshot },
      sources: loadSources(swap(sourcesText("2026-11-01T11:00:00Z")), "after.json"),
      select: [],
      now: "2026-11-01T12:00:00Z",
      target,
    });
    const back = Object.fromEntries(Object.entries(planAs).map(([a, b]) => [b, a]));
    return Object.fromEntries(
      p.entries.map((e) => [back[e.unique_id] ?? e.unique_id, `${e.action} ${e.reasons[0]!.code}`]),
    );
  }

  const normal = decide({});
  it("the baseline reuses both models", () => {
    expect(normal).toEqual({ [STG]: "REUSE unchanged", [ORDERS]: "REUSE unchanged" });
  });

  it.each(["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"])(
    "a node, a parent and a source named %s are planned like any other",
    async (hostile) => {
      await tally.check("ids named like Object.prototype's properties", "plan", () => {
        expect(decide({ [STG]: hostile })).toEqual(normal);
        expect(decide({ [ORDERS]: hostile })).toEqual(normal);
        expect(decide({ [SOURCE]: hostile })).toEqual(normal);
        // Renamed since the recorded build, with the same relation and code (issue 36): the
        // recorded build is carried to the new id (renamed-builds.ts), whatever the id is.
        expect(decide({ [STG]: hostile }, {})).toEqual(normal);
        expect(decide({ [ORDERS]: hostile }, {})).toEqual(normal);
        // A source under a new id, same relation: no recorded version of it, so no data evidence.
        expect(decide({ [SOURCE]: hostile }, {})).toEqual({
          [STG]: "BUILD missing_data_evidence",
          [ORDERS]: "BUILD new_upstream_data",
        });
      });
    },
  );
});

describe("a project name longer than a comment", () => {
  /**
   * The hidden marker held the whole project name, percent-encoded, so a
   * 1,000,000-character name (dbt_project.yml is the pull request's to
   * change) made a 1 MB comment GitHub refuses, and took seconds to render.
   */
  it("the comment still fits GitHub's limit and renders quickly; markers of different long names differ", async () => {
    const doc = JSON.parse(readFileSync(path.join(SHOP, "manifest.json"), "utf8"));
    doc.metadata.project_name = "p".repeat(1_000_000);
    const project = loadProject(JSON.stringify(doc), "manifest.json");
    const p = plan({
      project,
      scope: { project: doc.metadata.project_name, environment: "prod" },
      state: null,
      sources: null,
      select: [],
      now: "2026-11-30T12:00:00Z",
    });
    await tally.check("project name of 1,000,000 characters", "comment", () => {
      const started = performance.now();
      const body = renderComment(p, { pullRequest: 1 });
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(body.length).toBeLessThanOrEqual(GITHUB_COMMENT_MAX);
      expect(body.startsWith(commentMarker(doc.metadata.project_name))).toBe(true);
      expect(commentMarker(`${"p".repeat(5_000)}a`)).not.toBe(commentMarker(`${"p".repeat(5_000)}b`));
      expect(commentMarker("shop")).toBe("<!-- ods-state:plan project=shop -->");
    });
  });
});

describe("two results for one node or source that disagree", () => {
  /**
   * dbt writes one result per node and per source. A file with two that
   * disagree (one failed, one passed) is uncertain evidence: the first
   * match of a Map kept the last one, so the order decided whether a failed
   * build was recorded as built and whether a failed freshness check counted
   * as evidence of unchanged data.
   */
  const SOURCE = "source.shop.raw.orders";
  const STG = modelId("stg_orders");
  const project = loadProject(
    JSON.stringify(
      buildManifest([{ name: "stg_orders", sql: 'select id from "raw"."orders"', dependsOn: [SOURCE] }], {
        sources: ["raw.orders"],
      }),
    ),
    "manifest.json",
  );
  const scope = { project: "shop", environment: "prod" };
  const target = { name: "prod", adapter_type: "duckdb" };
  const loaded = "2026-11-01T08:00:00Z";
  const sourcesDoc = (at: string, duplicate?: "before" | "after") => {
    const doc = buildSources(at, { [SOURCE]: loaded }) as { results: Record<string, unknown>[] };
    if (duplicate) {
      const failed: Record<string, unknown> = {
        ...doc.results[0],
        status: "runtime error",
        error: "timeout",
      };
      delete failed.max_loaded_at;
      if (duplicate === "before") doc.results.unshift(failed);
      else doc.results.push(failed);
    }
    return loadSources(JSON.stringify(doc), "sources.json");
  };
  const runResults = (duplicate?: "before" | "after") => {
    const doc = buildRunResults({
      invocationId: project.manifest.metadata.invocationId!,
      statuses: { [STG]: "success" },
    }) as { results: Record<string, unknown>[] };
    if (duplicate) {
      const failed = { ...doc.results[0], status: "error", message: "Database Error" };
      if (duplicate === "before") doc.results.unshift(failed);
      else doc.results.push(failed);
    }
    return loadRunResults(JSON.stringify(doc), "run_results.json");
  };
  const recordWith = (results: ReturnType<typeof runResults>, sources = sourcesDoc("2026-11-01T09:00:00Z")) =>
    record({
      project,
      runResults: results,
      sources,
      scope,
      previous: null,
      recordedRunIds: new Set(),
      target,
      now: "2026-11-01T09:30:00Z",
    });
  const planWith = (
    snapshot: ReturnType<typeof recordWith>["snapshot"],
    sources = sourcesDoc("2026-11-01T11:00:00Z"),
  ) =>
    plan({
      project,
      scope,
      state: { id: "s", snapshot },
      sources,
      select: [],
      now: "2026-11-01T12:00:00Z",
      target,
    }).entries[0]!;

  it("the baseline records the build and reuses it", () => {
    const outcome = recordWith(runResults());
    expect(outcome.built).toEqual([STG]);
    expect(planWith(outcome.snapshot).action).toBe("REUSE");
  });

  it.each(["before", "after"] as const)(
    "a failed result %s the successful one: not recorded as built",
    async (order) => {
      await tally.check("duplicate results in run_results.json", "not built", () => {
        const outcome = recordWith(runResults(order));
        expect(outcome.built).toEqual([]);
        expect(outcome.failed).toEqual([STG]);
      });
    },
  );

  it.each(["before", "after"] as const)(
    "a failed freshness check %s the passing one: no data evidence",
    async (order) => {
      await tally.check("duplicate results in sources.json", "BUILD", () => {
        const snapshot = recordWith(runResults()).snapshot;
        const entry = planWith(snapshot, sourcesDoc("2026-11-01T11:00:00Z", order));
        expect(`${entry.action} ${entry.reasons[0]!.code}`).toBe("BUILD missing_data_evidence");
        // Recorded from such a file, the build has no version of the source either.
        const recorded = recordWith(runResults(), sourcesDoc("2026-11-01T09:00:00Z", order)).snapshot;
        expect(recorded.nodes[STG]!.sources).toEqual({});
      });
    },
  );
});

describe("times in run_results.json that are not instants, or in the future", () => {
  /**
   * record took built_at from the results' completed_at (else generated_at)
   * as written. A completion in year 9999 (a skewed clock, a damaged file)
   * made every later run "start before the recorded state" and be refused
   * for good; a generated_at that is not a time was recorded as built_at and
   * then compared as "unknown", which let a run that started a month before
   * the recorded state be recorded over it.
   */
  const A = modelId("a");
  const B = modelId("b");
  const project = loadProject(
    JSON.stringify(
      buildManifest([
        { name: "a", sql: "select 1 as x" },
        { name: "b", sql: "select 2 as x" },
      ]),
    ),
    "manifest.json",
  );
  const scope = { project: "shop", environment: "prod" };
  const withInvocation = (id: string) => ({
    ...project,
    manifest: { ...project.manifest, metadata: { ...project.manifest.metadata, invocationId: id } },
  });
  type RunDoc = { metadata: Record<string, unknown>; results: Record<string, unknown>[] };
  function runOn(day: string, invocation: string, change?: (doc: RunDoc) => void) {
    const doc = buildRunResults({
      invocationId: invocation,
      statuses: { [A]: "success", [B]: "success" },
      startedAt: `${day}T09:00:00Z`,
    }) as RunDoc;
    change?.(doc);
    return loadRunResults(JSON.stringify(doc), "run_results.json");
  }
  const recordRun = (
    invocation: string,
    results: ReturnType<typeof runOn>,
    previous: ReturnType<typeof record>["snapshot"] | null,
    now: string,
  ) =>
    record({
      project: withInvocation(invocation),
      runResults: results,
      sources: null,
      scope,
      previous,
      recordedRunIds: new Set(),
      now,
    });

  it("a run that says it finished after now is refused, naming the file", async () => {
    await tally.check("run_results times: in the future", "record_refused", () => {
      const future = runOn("2026-11-01", "inv-1", (doc) => {
        doc.results[0]!.timing = [
          { name: "execute", started_at: null, completed_at: "9999-12-31T23:59:59Z" },
        ];
      });
      expect(() => recordRun("inv-1", future, null, "2026-11-01T10:00:00Z")).toThrow(
        /run_results\.json says a node finished 9999-12-31T23:59:59\.000Z, after now/,
      );
      // The next day's run records as usual.
      expect(recordRun("inv-2", runOn("2026-11-02", "inv-2"), null, "2026-11-02T10:00:00Z").built).toEqual([
        A,
        B,
      ]);
    });
  });

  it("a time that is not an instant is never recorded as built_at, and an older run is still refused", async () => {
    await tally.check("run_results times: not instants", "record_refused", () => {
      const garbage = runOn("2026-11-01", "inv-1", (doc) => {
        doc.results[0]!.timing = [];
        doc.metadata.generated_at = "garbage";
        doc.metadata.invocation_started_at = "not a time either";
      });
      const first = recordRun("inv-1", garbage, null, "2026-11-01T10:00:00Z");
      for (const state of Object.values(first.snapshot.nodes))
        expect(Number.isNaN(Date.parse(state.built_at))).toBe(false);
      expect(() =>
        recordRun("inv-0", runOn("2026-10-01", "inv-0"), first.snapshot, "2026-11-01T11:00:00Z"),
      ).toThrow(/before the recorded state/);
    });
  });
});

describe("a state path that is a directory", () => {
  /** The store read the directory's "header" and failed with EISDIR, reported as a bug. */
  it.each([
    ["plan", ["--manifest", path.join(SHOP, "manifest.json")]],
    [
      "record",
      ["--manifest", path.join(SHOP, "manifest.json"), "--run-results", path.join(SHOP, "run_results.json")],
    ],
    ["history", []],
    ["backup", []],
  ])("ods-state %s says it is a directory, with exit code 1", async (command, args) => {
    await tally.check("state path is a directory", "file_unreadable", async () => {
      const state = path.join(dir, "state-dir.db");
      mkdirSync(state, { recursive: true });
      const result = await runCliIn(dir, [command, ...args, "--state", state]);
      expect(result.err).not.toContain("error[internal]");
      expect(result.err).toContain(
        `error[file_unreadable]: ${state} is a directory, not a state database file.`,
      );
      expect(result.code).toBe(1);
    });
  });
});

describe("a manifest without a project name, in the action", () => {
  /** The CLI refused it (artifact_invalid); the action's main step threw "unreachable" and reported a bug. */
  it.each(["deleted", "null", "empty"])(
    "project_name %s: the step fails naming the file, not as a bug",
    async (how) => {
      await tally.check("manifest without project_name (action)", "artifact_invalid", async () => {
        const workspace = path.join(mkdtempSync(path.join(dir, "step-")), "workspace");
        mkdirSync(path.join(workspace, "target"), { recursive: true });
        const doc = JSON.parse(readFileSync(path.join(SHOP, "manifest.json"), "utf8"));
        if (how === "deleted") delete doc.metadata.project_name;
        else doc.metadata.project_name = how === "null" ? null : "";
        writeFileSync(path.join(workspace, "target", "manifest.json"), JSON.stringify(doc));
        const run = await runStep(srcEntry("main"), workspace, {
          env: { GITHUB_EVENT_NAME: "push", GITHUB_REF: "refs/heads/main" },
        });
        expect(run.status).toBe(1);
        expect(run.stdout).not.toContain("failed unexpectedly");
        expect(run.stdout).toContain(
          `::error::error[artifact_invalid]: ${path.join(workspace, "target", "manifest.json")} has no project name (metadata.project_name).`,
        );
      });
    },
  );
});

describe("a pull request whose head repository is unknown", () => {
  /**
   * The payload of a pull request from a fork that was deleted has
   * `head.repo: null`; it was taken for a branch of this repository (fork:
   * false), so the action tried to write the comment with the PR's token.
   */
  const payload = (repo: unknown) => ({
    action: "synchronize",
    number: 5,
    repository: { default_branch: "main", full_name: "acme/shop" },
    pull_request: { number: 5, title: "t", head: { sha: "a".repeat(40), ref: "x", repo } },
  });
  const vars = {
    GITHUB_EVENT_NAME: "pull_request",
    GITHUB_REPOSITORY: "acme/shop",
    GITHUB_REF: "refs/pull/5/merge",
  };
  it.each([
    ["null (a deleted fork)", true, null],
    ["missing", true, undefined],
    ["without a name", true, {}],
    ["another repository", true, { full_name: "someone/shop" }],
    ["this repository", false, { full_name: "acme/shop" }],
    ["this repository, other case", false, { full_name: "Acme/Shop" }],
  ] as const)("head.repo %s: fork %s", async (_what, fork, repo) => {
    await tally.check("fork detection", fork ? "fork" : "same repository", () => {
      const run = readRunEnvironment(vars, payload(repo));
      expect(run.event.kind === "pull_request" && run.event.fork).toBe(fork);
    });
  });
});

describe("more strings looked up as keys (found with ODS_FUZZ_SEED=99)", () => {
  /**
   * The adapter's inherited packages and the freshness policy's units were
   * looked up by the manifest's string: adapter_type `constructor` found
   * Object's constructor and the plan crashed ("function is not iterable");
   * a build_after period `constructor` gave a lag of NaN seconds.
   */
  const base = JSON.parse(readFileSync(path.join(SHOP, "manifest.json"), "utf8"));
  it.each(["constructor", "toString", "__proto__", "hasOwnProperty"])(
    "adapter_type %s: every node is planned (and built)",
    async (adapter) => {
      await tally.check("adapter_type named like Object.prototype's properties", "plan", () => {
        const doc = structuredClone(base);
        doc.metadata.adapter_type = adapter;
        const project = loadProject(JSON.stringify(doc), "manifest.json");
        const p = plan({
          project,
          scope: { project: "shop", environment: "prod" },
          state: null,
          sources: null,
          select: [],
          now: "2026-11-30T12:00:00Z",
        });
        expect(p.summary.build).toBe(8);
      });
    },
  );

  it("a freshness period named constructor is a policy that can't be honoured", async () => {
    await tally.check("freshness period named like Object.prototype's properties", "policy_unmet", () => {
      const read = readFreshnessPolicy({ freshness: { build_after: { count: 1, period: "constructor" } } });
      expect(read.ok).toBe(false);
      expect(readFreshnessPolicy({ state: { lag_tolerance: "1 constructor" } }).ok).toBe(false);
    });
  });
});

describe("a config nested deeper than the stack (found with ODS_FUZZ_SEED=99)", () => {
  /** The config's canonical JSON was written recursively: 100,000 levels overflowed the stack (RangeError). */
  it.each([1_000, 100_000])(
    "%i levels: the node is fingerprinted; the same value, the same digest",
    async (depth) => {
      await tally.check("config nested deep", "plan", () => {
        const text = readFileSync(path.join(SHOP, "manifest.json"), "utf8");
        const doc = JSON.parse(text);
        doc.nodes["model.shop.stg_orders"].config.persist_docs = "__deep__";
        const deep = (kind: "array" | "object") =>
          kind === "array"
            ? "[".repeat(depth) + "1" + "]".repeat(depth)
            : '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
        for (const kind of ["array", "object"] as const) {
          const withDeep = JSON.stringify(doc).replace('"__deep__"', deep(kind));
          const a = loadProject(withDeep, "manifest.json");
          const b = loadProject(withDeep, "manifest.json");
          const id = "model.shop.stg_orders";
          expect(a.fingerprints.get(id)!.fingerprint.digest).toBe(b.fingerprints.get(id)!.fingerprint.digest);
          expect(a.fingerprints.get(id)!.fingerprint.digest).not.toBe(
            loadProject(text, "m").fingerprints.get(id)!.fingerprint.digest,
          );
        }
      });
    },
  );

  it("deep and shallow values are written alike", () => {
    const nest = (depth: number): unknown => {
      let value: unknown = { z: 1, a: [true, null, "x"] };
      for (let i = 0; i < depth; i++) value = i % 2 ? [value, { b: i, a: undefined }] : { y: value, b: [i] };
      return value;
    };
    for (const depth of [10, 600, 3000]) {
      expect(canonicalJson(nest(depth))).toBe(referenceJson(nest(depth)));
    }
  });
});

/** Sorted-key JSON written with an explicit stack: the reference for canonicalJson. */
function referenceJson(root: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "string" && item.startsWith("\u0000")) {
      out.push(item.slice(1));
      continue;
    }
    if (item === null || typeof item !== "object") {
      out.push(item === undefined ? "null" : JSON.stringify(item));
      continue;
    }
    const todo: unknown[] = [];
    if (Array.isArray(item)) {
      todo.push("\u0000[");
      item.forEach((v, i) => {
        if (i > 0) todo.push("\u0000,");
        todo.push(v);
      });
      todo.push("\u0000]");
    } else {
      const record = item as Record<string, unknown>;
      const keys = Object.keys(record)
        .sort()
        .filter((k) => record[k] !== undefined);
      todo.push("\u0000{");
      keys.forEach((k, i) => {
        todo.push(`\u0000${i > 0 ? "," : ""}${JSON.stringify(k)}:`);
        todo.push(record[k]);
      });
      todo.push("\u0000}");
    }
    for (let i = todo.length - 1; i >= 0; i--) stack.push(todo[i]);
  }
  return out.join("");
}
