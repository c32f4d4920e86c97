/**
 * Prints, at the end of a run, each project's time and one closing line that
 * any CI can read: `Tests: N passed, N failed, N skipped`.
 *
 * A project's wall time runs from the start of its first file (its end less
 * its import, collection and tests) to the end of its last. The projects of
 * `npm test` share one pool of workers and the longest files start first
 * whatever their project, so their walls overlap and add up to more than the
 * run's (`npm run test:unit` times the unit project alone). Its file time is
 * the sum of its files' own times (import, collection and tests, not the wait
 * for a worker): what it costs the workers, the figure to compare between
 * runs on a loaded machine with the run's CPU time.
 */
import type { Reporter, TestModule } from "vitest/node";

interface ProjectTime {
  files: number;
  first: number;
  last: number;
  fileSeconds: number;
}

export default class SummaryReporter implements Reporter {
  private readonly ended = new Map<string, number>();
  private started = Date.now();

  onTestRunStart(): void {
    this.started = Date.now();
    this.ended.clear();
  }

  onTestModuleEnd(module: TestModule): void {
    this.ended.set(module.moduleId, Date.now());
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const module of testModules) {
      if (module.state() === "failed" && [...module.children.allTests()].length === 0) failed++;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
    }
    process.stdout.write(this.projectTimes(testModules));
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }

  private projectTimes(testModules: ReadonlyArray<TestModule>): string {
    const end = Date.now();
    const byProject = new Map<string, ProjectTime>();
    for (const module of testModules) {
      const name = module.project.name || "default";
      const d = module.diagnostic();
      const seconds = (d.collectDuration + d.duration) / 1000;
      const last = this.ended.get(module.moduleId) ?? end;
      const first = last - seconds * 1000;
      const time = byProject.get(name) ?? { files: 0, first, last, fileSeconds: 0 };
      time.files++;
      time.first = Math.min(time.first, first);
      time.last = Math.max(time.last, last);
      time.fileSeconds += seconds;
      byProject.set(name, time);
    }
    const lines = [...byProject.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([name, t]) =>
          `Project ${name}: ${t.files} files, ${((t.last - t.first) / 1000).toFixed(1)} s wall, ${t.fileSeconds.toFixed(1)} s of file time`,
      );
    lines.push(`Run: ${((end - this.started) / 1000).toFixed(1)} s wall`);
    return `\n${lines.join("\n")}\n`;
  }
}
