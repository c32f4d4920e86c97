/**
 * A worker thread running fuzz cases, so that the test's thread can time-box
 * each one: a case that hangs is found by the watchdog in run-fuzz.ts, which
 * ends this worker and goes on with the next case in a new one.
 *
 * workerData: { kind, seed, from, to }. Posts { type: "ready", notes, seeds }
 * once the corpus is loaded, one { type: "case", result } per case, then
 * { type: "done" }.
 */
import "../../../tools/ts-hooks.mjs";
import { parentPort, workerData } from "node:worker_threads";

const { loadCorpus } = await import("./corpus.ts");
const { CASES } = await import("./fuzz-engine.ts");

const corpus = loadCorpus();
const { kind, seed, from, to } = workerData;
parentPort.postMessage({
  type: "ready",
  notes: corpus.notes,
  seeds: {
    manifest: corpus.manifests.map(
      (m) =>
        `${m.name}${m.compacted ? "" : " (real text)"}: ${m.baseline.reused.size} of ${m.baseline.plan.entries.length} reused`,
    ),
    run_results: corpus.runResults.map(
      (r) => `${r.name}: ${r.built.size} built, ${r.baseline.reused.size} reused`,
    ),
    sources: corpus.sources.map((s) => `${s.name}: ${s.baseline.reused.size} reused`),
  },
});
const run = CASES[kind];
for (let index = from; index < to; index++) {
  let result;
  try {
    result = run(corpus, seed, index);
  } catch (error) {
    // The case builder itself failed (a bug in the fuzzer, not in ods-state): report it as such.
    result = {
      kind,
      index,
      op: "fuzzer",
      detail: String(error?.stack ?? error),
      outcome: "fuzzer error",
      armed: false,
      failure: `the fuzzer failed: ${String(error?.message ?? error)}`,
      ms: 0,
    };
  }
  parentPort.postMessage({ type: "case", result });
}
parentPort.postMessage({ type: "done" });
