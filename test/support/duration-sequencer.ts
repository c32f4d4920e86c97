/**
 * The order `npm test` starts its files in: longest first, across projects,
 * so that two workers finish together instead of one running a long file at
 * the end while the other waits. vitest's own sequencer orders by the
 * durations it cached in node_modules/.vite, which a fresh clone (CI) does
 * not have: without them it keeps projects apart and files in glob order,
 * and a 20 s file can start last. Here a file's duration is the one recorded
 * in test/durations.json (its import and collection included, which vitest's
 * cache leaves out; refresh it with tools/test-durations-reporter.mjs), else
 * the one vitest cached on this checkout, else 0. A file that failed last
 * time still runs first, as with vitest's own sequencer.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const RECORDED = path.join(import.meta.dirname, "..", "durations.json");

function recordedDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(RECORDED, "utf8")) as Record<string, number>;
  } catch {
    return {};
  }
}

export class DurationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const recorded = recordedDurations();
    const root = this.ctx.config.root;
    const duration = (spec: TestSpecification): number => {
      const file = path.relative(root, spec.moduleId).split(path.sep).join("/");
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
      if (cached?.failed) return Number.POSITIVE_INFINITY;
      return recorded[file] ?? (cached ? cached.duration / 1000 : 0);
    };
    const keyed = files.map((spec) => ({ spec, seconds: duration(spec) }));
    return keyed.sort((a, b) => b.seconds - a.seconds).map(({ spec }) => spec);
  }
}
