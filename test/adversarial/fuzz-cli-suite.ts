/**
 * A sample of the fuzz cases (the same seeds and indexes as the in-process
 * fuzz) run through the committed CLI bundle, dist/cli/index.js, in fresh
 * processes: `ods-state plan` for mutated manifests and sources.json,
 * `ods-state record` for mutated run_results.json. The exit code and the
 * error agree with the in-process outcome: 0 for a plan or a record, else
 * the UserError's exit code (1, 2 for usage) and one `error[code]: FILE …`
 * line first, a `hint:`, never `error[internal]` or a stack trace. The file
 * is really read from disk here, so the non-UTF-8 cases exercise the CLI's
 * own decoding.
 *
 * fuzz-cli.adv.test.ts (npm test) runs every tenth sampled case,
 * fuzz-cli.slow.test.ts the other nine tenths; CI runs both.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CATALOGUE, type ErrorCode } from "../../src/errors/catalogue.js";
import { SqliteStateStore } from "../../src/store/sqlite-store.js";
import { type Corpus, loadCorpus } from "../support/adversarial/corpus.js";
import { type ArtifactKind, CASES, inputBytes, type SeenCase } from "../support/adversarial/fuzz-engine.js";
import { fuzzCases, SEED } from "../support/adversarial/fuzz-suite.js";
import { Tally } from "../support/adversarial/tally.js";
import { copyDistToTemp, runNode24 } from "../support/run-dist.js";

/** How many cases of each kind go through the CLI (ODS_FUZZ_CLI_CASES scales them). */
const SAMPLE: Record<ArtifactKind, number> = { manifest: 90, run_results: 35, sources: 25 };
const scale = Number(process.env.ODS_FUZZ_CLI_CASES ?? 150) / 150;

/** The suite over one part of the sample: `fast` every tenth case, `rest` the others. */
export function fuzzCliSuite(part: "fast" | "rest"): void {
  const tally = new Tally(part === "fast" ? "fuzz-cli" : "fuzz-cli-slow");
  let corpus: Corpus;
  let root: string;
  let dist: string;
  /** Per corpus seed: its files on disk and a state database holding its baseline. */
  const seedFiles = new Map<
    string,
    { manifest: string; state: string; planSources: string | null; recordSources: string | null }
  >();

  beforeAll(async () => {
    corpus = loadCorpus();
    root = mkdtempSync(path.join(os.tmpdir(), "ods-adv-cli-"));
    ({ dist } = copyDistToTemp());
    const seeds = [
      ...corpus.manifests.map((m) => ({
        name: `manifest:${m.name}`,
        manifest: m.compactText,
        baseline: m.baseline,
      })),
      ...corpus.runResults.map((r) => ({
        name: `run_results:${r.name}`,
        manifest: r.manifest.compactText,
        baseline: r.baseline,
      })),
      ...corpus.sources.map((s) => ({
        name: `sources:${s.name}`,
        manifest: s.manifest.compactText,
        baseline: s.baseline,
      })),
    ];
    for (const seed of seeds) {
      const dir = path.join(root, seed.name.replace(/[^\w.-]+/g, "_"));
      mkdirSync(dir, { recursive: true });
      const files = {
        manifest: path.join(dir, "manifest.json"),
        state: path.join(dir, "state.db"),
        planSources: seed.baseline.planSourcesText ? path.join(dir, "sources-after.json") : null,
        recordSources: seed.baseline.recordSourcesText ? path.join(dir, "sources-before.json") : null,
      };
      writeFileSync(files.manifest, seed.manifest);
      if (files.planSources) writeFileSync(files.planSources, seed.baseline.planSourcesText!);
      if (files.recordSources) writeFileSync(files.recordSources, seed.baseline.recordSourcesText!);
      const store = await SqliteStateStore.open(files.state);
      await store.commit(seed.baseline.scope, null, seed.baseline.snapshot);
      await store.close();
      seedFiles.set(seed.name, files);
    }
  }, 120_000);

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(path.dirname(path.dirname(dist)), { recursive: true, force: true });
    tally.report();
  });

  function runCli(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
    return runNode24([path.join(dist, "cli", "index.js"), ...args], {
      cwd: root,
      env: { PATH: "/usr/bin:/bin" },
      timeoutMs: 60_000,
    });
  }

  /** Runs `jobs` two at a time (the machine has two cores). */
  async function pool<T>(jobs: (() => Promise<T>)[], width = 2): Promise<T[]> {
    const out: T[] = new Array(jobs.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: width }, async () => {
        while (next < jobs.length) {
          const i = next++;
          out[i] = await jobs[i]!();
        }
      }),
    );
    return out;
  }

  describe.each(["manifest", "run_results", "sources"] as const)(
    `%s cases through dist/cli (${part === "fast" ? "every tenth sampled case" : "the other sampled cases"})`,
    (kind) => {
      it("exit codes and errors agree with the in-process outcome; one error line, a hint, no stack", {
        timeout: 300_000,
      }, async () => {
        const total = fuzzCases(kind);
        const count = Math.max(1, Math.round(SAMPLE[kind] * scale));
        const step = Math.max(1, Math.floor(total / count));
        // npm test takes every tenth sampled case, the slow project the others: CI runs each once.
        const sampled = Array.from({ length: count }, (_, k) => k).filter(
          (k) => (k % 10 === 0) === (part === "fast"),
        );
        const jobs = sampled
          .map((k) => k * step)
          .map((index) => async () => {
            let seen: SeenCase | undefined;
            const expected = CASES[kind](corpus, SEED, index, (s) => {
              seen = s;
            });
            if (!seen) return { index, problem: null, outcome: "skipped", label: expected.detail };
            const dir = path.join(root, `${kind}-${index}`);
            mkdirSync(dir, { recursive: true });
            const file = path.join(dir, path.basename(seen.file));
            writeFileSync(file, inputBytes(seen.input));
            const seedName = seen.seed.startsWith("refused:") ? null : `${kind}:${seen.seed}`;
            const files = seedName ? seedFiles.get(seedName)! : null;
            let args: string[];
            if (kind === "manifest") {
              args = [
                "plan",
                "--manifest",
                file,
                "--state",
                files?.state ?? path.join(dir, "none.db"),
                "--format",
                "json",
              ];
              if (files?.planSources) args.push("--sources", files.planSources);
            } else if (kind === "sources") {
              args = [
                "plan",
                "--manifest",
                files!.manifest,
                "--state",
                files!.state,
                "--sources",
                file,
                "--format",
                "json",
              ];
            } else {
              args = [
                "record",
                "--manifest",
                files!.manifest,
                "--run-results",
                file,
                "--state",
                path.join(dir, "state.db"),
              ];
              if (files?.recordSources) args.push("--sources", files.recordSources);
            }
            const run = await runCli(args);
            const problems: string[] = [];
            // Log lines (e.g. "Created the state database …") may come first; the error is the first `error[` line.
            const first =
              run.stderr.split("\n").find((line) => line.startsWith("error[")) ??
              run.stderr.split("\n")[0] ??
              "";
            if (run.stderr.includes("error[internal]") || /\n\s+at [\w.<>]+ \(/.test(run.stderr))
              problems.push(`internal error or stack: ${first}`);
            if (expected.outcome === "plan" || expected.outcome === "recorded") {
              if (run.status !== 0)
                problems.push(`exit ${run.status} where the functions gave ${expected.outcome}: ${first}`);
              if (kind !== "run_results" && run.status === 0) JSON.parse(run.stdout);
            } else {
              const code = expected.outcome as ErrorCode;
              const exit = ERROR_CATALOGUE[code]?.exit;
              if (run.status !== exit)
                problems.push(`exit ${run.status}, expected ${exit} for ${code}: ${first}`);
              if (!first.startsWith(`error[${code}]: `))
                problems.push(`first line ${JSON.stringify(first.slice(0, 200))}, expected error[${code}]`);
              if (!first.includes(file) && code !== "record_refused")
                problems.push(`the error doesn't name ${file}: ${first.slice(0, 200)}`);
              if (!/\nhint: /.test(run.stderr)) problems.push("no hint");
            }
            return {
              index,
              problem: problems.length ? problems.join(" | ") : null,
              outcome: `exit ${run.status} ${expected.outcome}`,
              label: expected.detail,
            };
          });
        const results = await pool(jobs);
        const failures: string[] = [];
        for (const r of results) {
          tally.count(`CLI ${kind}`, r.problem ? "failed" : r.outcome);
          if (r.problem) {
            const detail = `${kind}#${r.index} (ODS_FUZZ_SEED=${SEED}) ${r.label.slice(0, 200)} → ${r.problem}`;
            tally.fail(`CLI ${kind}`, detail);
            failures.push(detail);
          }
        }
        console.log(`fuzz seed ${SEED}: ${results.length} ${kind} cases through dist/cli`);
        expect(failures).toEqual([]);
      });
    },
  );
}
