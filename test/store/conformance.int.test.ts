/**
 * The StateStore contract, as one suite that every implementation passes:
 * the in-memory store and the SQLite store on each driver.
 */
import { afterAll, describe, expect, it } from "vitest";
import { SNAPSHOT_SCHEMA_VERSION, type StateSnapshot } from "../../src/state/snapshot.js";
import {
  ConflictError,
  InvalidSnapshotError,
  isConflict,
  type StateStore,
} from "../../src/store/state-store.js";
import { expectUserError } from "../support/thrown-user-error.js";
import { DEV, HARNESSES, PROD, runFor, snapshotFor } from "./harness.js";

describe.each(HARNESSES)("StateStore conformance: $name", (harness) => {
  afterAll(() => harness.cleanup());

  const open = harness.open.bind(harness);

  it("starts empty", async () => {
    const store = await open();
    expect(await store.latest(PROD)).toBeUndefined();
    expect(await store.history(PROD)).toEqual([]);
    expect(await store.runs(PROD)).toEqual([]);
    expect(await store.scopes()).toEqual([]);
    expect(await store.get("no-such-id")).toBeUndefined();
    const report = await store.check();
    expect(report.ok).toBe(true);
    expect(report.problems).toEqual([]);
    await store.close();
  });

  it("commits a first snapshot and reads it back equal", async () => {
    const store = await open({ now: () => new Date("2026-11-30T12:34:56.000Z") });
    const snapshot = snapshotFor(PROD, "run-1");
    const result = await store.commit(PROD, null, snapshot);
    expect(result).toMatchObject({
      scope: "jaffle_shop/prod",
      parent: null,
      committed_at: "2026-11-30T12:34:56.000Z",
    });
    expect(typeof result.id).toBe("string");
    const latest = await store.latest(PROD);
    expect(latest).toEqual({
      id: result.id,
      scope: "jaffle_shop/prod",
      parent: null,
      committed_at: "2026-11-30T12:34:56.000Z",
      snapshot,
    });
    expect(await store.get(result.id)).toEqual(latest);
    await store.close();
  });

  it("moves the head by compare-and-swap and refuses a stale parent with a Conflict", async () => {
    const store = await open();
    const first = await store.commit(PROD, null, snapshotFor(PROD, "run-1"));
    const second = await store.commit(PROD, first.id, snapshotFor(PROD, "run-2", 12, 2));
    expect(second.parent).toBe(first.id);

    // A run that read `first` and commits after `second` landed.
    const stale = await store
      .commit(PROD, first.id, snapshotFor(PROD, "run-3", 12, 3))
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ConflictError);
    expect(isConflict(stale)).toBe(true);
    expect(stale).toMatchObject({
      code: "state_conflict",
      scope: "jaffle_shop/prod",
      expected: first.id,
      actual: second.id,
    });

    // Null parent on a scope that has a head, and a parent on a scope that has none.
    expect(
      await store.commit(PROD, null, snapshotFor(PROD, "run-4")).catch((e: unknown) => e),
    ).toBeInstanceOf(ConflictError);
    expect(
      await store.commit(DEV, first.id, snapshotFor(DEV, "run-5")).catch((e: unknown) => e),
    ).toMatchObject({
      code: "state_conflict",
      expected: first.id,
      actual: null,
    });

    // Nothing was written by the refused commits.
    expect((await store.latest(PROD))?.id).toBe(second.id);
    expect((await store.history(PROD)).map((entry) => entry.id)).toEqual([second.id, first.id]);
    expect(await store.latest(DEV)).toBeUndefined();
    expect((await store.check()).ok).toBe(true);
    await store.close();
  });

  it("keeps scopes apart", async () => {
    const store = await open();
    const prod = await store.commit(PROD, null, snapshotFor(PROD, "run-p"));
    const dev = await store.commit(DEV, null, snapshotFor(DEV, "run-d"));
    expect((await store.latest(PROD))?.snapshot.environment).toBe("prod");
    expect((await store.latest(DEV))?.snapshot.environment).toBe("dev");
    expect((await store.history(PROD)).map((entry) => entry.id)).toEqual([prod.id]);
    expect((await store.scopes()).map((scope) => [scope.scope, scope.head, scope.snapshots])).toEqual([
      ["jaffle_shop/dev", dev.id, 1],
      ["jaffle_shop/prod", prod.id, 1],
    ]);
    await store.close();
  });

  it("gives history newest first, with parents, the head flagged, and a limit", async () => {
    const store = await open();
    let parent: string | null = null;
    const ids: string[] = [];
    for (let run = 1; run <= 4; run++) {
      parent = (await store.commit(PROD, parent, snapshotFor(PROD, `run-${run}`, 8, run))).id;
      ids.push(parent);
    }
    const history = await store.history(PROD);
    expect(history.map((entry) => entry.id)).toEqual([...ids].reverse());
    expect(history.map((entry) => entry.parent)).toEqual([ids[2], ids[1], ids[0], null]);
    expect(history.map((entry) => entry.head)).toEqual([true, false, false, false]);
    expect(history[0]).toMatchObject({
      run_id: "run-4",
      schema_version: "1.2",
      node_count: 8,
      scope: "jaffle_shop/prod",
    });
    expect((await store.history(PROD, 2)).map((entry) => entry.id)).toEqual([ids[3], ids[2]]);
    expect(await store.history(PROD, 0)).toEqual([]);
    await store.close();
  });

  it("can't be changed through what was committed or what was read", async () => {
    const store = await open();
    const snapshot = snapshotFor(PROD, "run-1");
    const pristine = structuredClone(snapshot);
    const { id } = await store.commit(PROD, null, snapshot);
    const firstNode = Object.keys(snapshot.nodes)[0]!;
    snapshot.nodes[firstNode]!.run_id = "mutated-after-commit";
    snapshot.run_id = "mutated";
    const read = await store.latest(PROD);
    expect(read?.snapshot).toEqual(pristine);
    read!.snapshot.nodes[firstNode]!.fingerprint.digest = "mutated-after-read";
    delete read!.snapshot.nodes[firstNode];
    expect((await store.get(id))?.snapshot).toEqual(pristine);
    await store.close();
  });

  it("stores only what the schema knows: unknown keys are dropped", async () => {
    const store = await open();
    const snapshot = snapshotFor(PROD, "run-1");
    const withExtra = { ...snapshot, secret_debug_field: "not persisted" } as StateSnapshot;
    await store.commit(PROD, null, withExtra);
    const read = await store.latest(PROD);
    expect(read?.snapshot).toEqual(snapshot);
    expect(Object.hasOwn(read!.snapshot, "secret_debug_field")).toBe(false);
    await store.close();
  });

  it("refuses to commit what it couldn't read back, and writes nothing", async () => {
    const store = await open();
    const invalid = { ...snapshotFor(PROD, "run-1"), run_id: 42 } as unknown as StateSnapshot;
    await expect(store.commit(PROD, null, invalid)).rejects.toBeInstanceOf(InvalidSnapshotError);
    const newer = { ...snapshotFor(PROD, "run-1"), schema_version: "1.9" };
    await expect(store.commit(PROD, null, newer)).rejects.toThrow(/1\.9/);
    const otherMajor = { ...snapshotFor(PROD, "run-1"), schema_version: "2.0" };
    await expect(store.commit(PROD, null, otherMajor)).rejects.toBeInstanceOf(InvalidSnapshotError);
    // The snapshot's own project/environment must be the scope's.
    await expect(store.commit(DEV, null, snapshotFor(PROD, "run-1"))).rejects.toThrow(/jaffle_shop\/prod/);
    await expect(
      store.commit({ project: "a/b", environment: "prod" }, null, snapshotFor(PROD, "r")),
    ).rejects.toThrow(/contains "\/"/);
    await expect(store.latest({ project: "jaffle_shop", environment: "" })).rejects.toThrow(/environment/);
    expect(await store.latest(PROD)).toBeUndefined();
    expect(await store.history(PROD)).toEqual([]);
    await store.close();
  });

  it("reads documents of an older minor version (fields added later are optional)", async () => {
    const store = await open();
    const old = snapshotFor(PROD, "run-1");
    old.schema_version = "1.0";
    delete old.target;
    delete old.sources;
    for (const node of Object.values(old.nodes)) {
      delete node.tested;
      delete node.relation;
      delete node.version_key;
    }
    await store.commit(PROD, null, old);
    expect((await store.latest(PROD))?.snapshot).toEqual(old);
    await store.close();
  });

  it("refuses on read a document from a newer version, naming both versions", async () => {
    let store: StateStore = await open();
    const { id } = await store.commit(PROD, null, snapshotFor(PROD, "run-1"));
    store = await harness.rewrite(store, id, (document) => {
      document.schema_version = `1.${SNAPSHOT_SCHEMA_VERSION.minor + 1}`;
    });
    const error = await expectUserError(store.latest(PROD), "state_newer");
    expect(error.message).toContain(`1.${SNAPSHOT_SCHEMA_VERSION.minor + 1}`);
    expect(error.message).toContain(`1.${SNAPSHOT_SCHEMA_VERSION.minor}`);
    expect(error.message).toContain(store.location);
    await expectUserError(store.get(id), "state_newer");
    const report = await store.check();
    expect(report.ok).toBe(false);
    expect(report.problems.map((problem) => problem.message).join("\n")).toMatch(/newer/);

    store = await harness.rewrite(store, id, (document) => {
      document.schema_version = "2.0";
    });
    await expectUserError(store.latest(PROD), "state_newer");
    await store.close();
  });

  it("refuses on read a document that fails its schema, as damage naming where it is", async () => {
    let store: StateStore = await open();
    const { id } = await store.commit(PROD, null, snapshotFor(PROD, "run-1"));
    store = await harness.rewrite(store, id, (document) => {
      const nodes = document.nodes as Record<string, Record<string, unknown>>;
      nodes[Object.keys(nodes)[0]!]!.built_at = 1_700_000_000;
    });
    const error = await expectUserError(store.latest(PROD), "state_corrupt");
    expect(error.message).toContain(store.location);
    expect(error.problems.map((problem) => problem.path).join(" ")).toContain("built_at");
    expect(error.hint).toMatch(/doctor/);
    const report = await store.check();
    expect(report.ok).toBe(false);
    expect(report.problems[0]?.action).toMatch(/doctor|reset|Rebuild/);
    await store.close();
  });

  describe("run ledger", () => {
    it("records a commit's run in the same step, pointing at the new snapshot", async () => {
      const store = await open({ now: () => new Date("2026-11-30T13:00:00.000Z") });
      const { id } = await store.commit(PROD, null, snapshotFor(PROD, "run-1"), runFor(PROD, "run-1"));
      expect(await store.runs(PROD)).toEqual([
        {
          ...runFor(PROD, "run-1"),
          snapshot_id: id,
          recorded_at: "2026-11-30T13:00:00.000Z",
          snapshot_retained: true,
        },
      ]);
      await store.close();
    });

    it("records failed and refused runs without a snapshot, newest first", async () => {
      const store = await open();
      const { id } = await store.commit(PROD, null, snapshotFor(PROD, "run-1"), runFor(PROD, "run-1"));
      await store.recordRun(runFor(PROD, "run-2", { status: "failed", ended_at: null }));
      await store.recordRun(
        runFor(PROD, "run-3", { status: "refused", detail: "results from `dbt compile` build nothing" }),
      );
      // A run that built nothing new: it points at the snapshot it planned against.
      await store.recordRun(runFor(PROD, "run-4", { snapshot_id: id }));
      const runs = await store.runs(PROD);
      expect(runs.map((run) => [run.run_id, run.status, run.snapshot_id, run.snapshot_retained])).toEqual([
        ["run-4", "success", id, true],
        ["run-3", "refused", null, false],
        ["run-2", "failed", null, false],
        ["run-1", "success", id, true],
      ]);
      expect(runs[1]?.detail).toBe("results from `dbt compile` build nothing");
      expect(runs[2]?.ended_at).toBeNull();
      expect((await store.runs(PROD, 1)).map((run) => run.run_id)).toEqual(["run-4"]);
      expect(await store.runs(DEV)).toEqual([]);
      expect((await store.scopes()).map((scope) => [scope.scope, scope.runs])).toEqual([
        ["jaffle_shop/prod", 4],
      ]);
      await store.close();
    });

    it("records a run once, and refuses a commit whose run is already recorded, writing nothing", async () => {
      const store = await open();
      const first = await store.commit(PROD, null, snapshotFor(PROD, "run-1"), runFor(PROD, "run-1"));
      await expectUserError(store.recordRun(runFor(PROD, "run-1", { status: "failed" })), "record_refused");
      await expectUserError(
        store.commit(PROD, first.id, snapshotFor(PROD, "run-1b", 12, 2), runFor(PROD, "run-1")),
        "record_refused",
      );
      expect((await store.latest(PROD))?.id).toBe(first.id);
      expect(await store.history(PROD)).toHaveLength(1);
      expect(await store.runs(PROD)).toHaveLength(1);
      // The same run id in another scope is another run.
      await store.recordRun(runFor(DEV, "run-1", { status: "failed" }));
      await store.close();
    });

    it("refuses a run that claims a snapshot of another scope or one that doesn't exist", async () => {
      const store = await open();
      const { id } = await store.commit(DEV, null, snapshotFor(DEV, "run-1"));
      await expectUserError(store.recordRun(runFor(PROD, "run-2", { snapshot_id: id })), "record_refused");
      await expectUserError(
        store.recordRun(runFor(PROD, "run-3", { snapshot_id: "nope" })),
        "record_refused",
      );
      await expect(store.recordRun(runFor(PROD, "", {}))).rejects.toBeInstanceOf(InvalidSnapshotError);
      await expect(
        store.recordRun({ ...runFor(PROD, "run-4"), status: "exploded" as "failed" }),
      ).rejects.toBeInstanceOf(InvalidSnapshotError);
      await expect(store.recordRun({ ...runFor(PROD, "run-5"), scope: "no-slash" })).rejects.toBeInstanceOf(
        InvalidSnapshotError,
      );
      // A commit's run must be for the commit's scope.
      await expect(
        store.commit(PROD, null, snapshotFor(PROD, "run-6"), runFor(DEV, "run-6")),
      ).rejects.toBeInstanceOf(InvalidSnapshotError);
      expect(await store.runs(PROD)).toEqual([]);
      expect(await store.latest(PROD)).toBeUndefined();
      await store.close();
    });
  });

  describe("retention", () => {
    it("keeps the newest N snapshots per scope and prunes older ones on commit", async () => {
      const store = await open({ keepSnapshots: 3 });
      let parent: string | null = null;
      const ids: string[] = [];
      const pruned: number[] = [];
      for (let run = 1; run <= 6; run++) {
        const result = await store.commit(PROD, parent, snapshotFor(PROD, `run-${run}`, 10, run));
        parent = result.id;
        ids.push(result.id);
        pruned.push(result.pruned);
      }
      expect(pruned).toEqual([0, 0, 0, 1, 1, 1]);
      expect((await store.history(PROD)).map((entry) => entry.id)).toEqual([ids[5], ids[4], ids[3]]);
      expect(await store.get(ids[0]!)).toBeUndefined();
      expect((await store.get(ids[3]!))?.snapshot.run_id).toBe("run-4");
      // Another scope's snapshots are not counted against this one.
      await store.commit(DEV, null, snapshotFor(DEV, "run-dev"));
      expect(await store.history(PROD)).toHaveLength(3);
      expect((await store.check()).ok).toBe(true);
      await store.close();
    });

    it("keeps snapshots that recent ledger rows refer to; older rows keep the id as a record", async () => {
      const store = await open({ keepSnapshots: 2, keepRuns: 100 });
      const first = await store.commit(PROD, null, snapshotFor(PROD, "run-1", 6, 1), runFor(PROD, "run-1"));
      const second = await store.commit(
        PROD,
        first.id,
        snapshotFor(PROD, "run-2", 6, 2),
        runFor(PROD, "run-2"),
      );
      // A run that reused everything points at the first snapshot, which is no longer the head.
      await store.recordRun(runFor(PROD, "run-reuse", { snapshot_id: second.id }));
      await store.recordRun(runFor(PROD, "run-pin", { snapshot_id: first.id }));
      const third = await store.commit(PROD, second.id, snapshotFor(PROD, "run-3", 6, 3));
      // Newest 2 are third and second; first stays because the newest ledger row refers to it.
      expect((await store.history(PROD)).map((entry) => entry.id)).toEqual([third.id, second.id, first.id]);
      expect((await store.get(first.id))?.snapshot.run_id).toBe("run-1");
      // Two more rows push the pin out of the window: the next commit prunes `first`.
      await store.recordRun(runFor(PROD, "run-x", { status: "failed" }));
      await store.recordRun(runFor(PROD, "run-y", { status: "failed" }));
      const fourth = await store.commit(PROD, third.id, snapshotFor(PROD, "run-4", 6, 4));
      expect((await store.history(PROD)).map((entry) => entry.id)).toEqual([fourth.id, third.id]);
      const runs = await store.runs(PROD);
      const byId = Object.fromEntries(runs.map((run) => [run.run_id, run]));
      expect(byId["run-pin"]).toMatchObject({ snapshot_id: first.id, snapshot_retained: false });
      expect(byId["run-1"]).toMatchObject({ snapshot_id: first.id, snapshot_retained: false });
      expect(byId["run-2"]).toMatchObject({ snapshot_id: second.id, snapshot_retained: false });
      expect((await store.check()).ok).toBe(true);
      await store.close();
    });

    it("keeps the newest M ledger rows per scope", async () => {
      const store = await open({ keepRuns: 3 });
      for (let run = 1; run <= 5; run++) {
        await store.recordRun(runFor(PROD, `run-${run}`, { status: "failed" }));
      }
      await store.recordRun(runFor(DEV, "run-dev", { status: "failed" }));
      expect((await store.runs(PROD)).map((run) => run.run_id)).toEqual(["run-5", "run-4", "run-3"]);
      expect((await store.runs(DEV)).map((run) => run.run_id)).toEqual(["run-dev"]);
      await store.close();
    });

    it("rejects retention settings below one", async () => {
      await expect(open({ keepSnapshots: 0 })).rejects.toThrow(/keepSnapshots/);
      await expect(open({ keepRuns: 1.5 })).rejects.toThrow(/keepRuns/);
    });
  });

  it("reports a healthy store as such, with counts", async () => {
    const store = await open();
    const first = await store.commit(PROD, null, snapshotFor(PROD, "run-1"), runFor(PROD, "run-1"));
    await store.commit(PROD, first.id, snapshotFor(PROD, "run-2", 12, 2), runFor(PROD, "run-2"));
    await store.recordRun(runFor(DEV, "run-3", { status: "refused" }));
    const report = await store.check();
    expect(report).toMatchObject({ ok: true, location: store.location, scopes: 2, snapshots: 2, runs: 3 });
    expect(report.problems).toEqual([]);
    await store.close();
  });
});
