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
 *
 * And the run's memory: the peak of what the tests' temporary files hold on
 * tmpfs (vitest.config.ts puts them there: on tmpfs, files are memory) and the
 * least memory the machine had available, sampled every two seconds, with the
 * files running then. A run that leaves its databases behind showed up only as
 * CI's run killed for memory; this line names it first.
 */
import { readFileSync, statfsSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

interface MemoryPeak {
  tmpfsBytes: number;
  tmpfsFiles: string[];
  availableBytes: number;
  availableFiles: string[];
}

/** MemAvailable of /proc/meminfo, in bytes (null where there is none). */
function availableMemory(): number | null {
  try {
    const line = /^MemAvailable:\s+(\d+) kB$/m.exec(readFileSync("/proc/meminfo", "utf8"));
    return line ? Number(line[1]) * 1024 : null;
  } catch {
    return null;
  }
}

function tmpfsUsed(dir: string): number | null {
  try {
    const fs = statfsSync(dir);
    return (fs.blocks - fs.bfree) * fs.bsize;
  } catch {
    return null;
  }
}

const GB = 1024 ** 3;

interface ProjectTime {
  files: number;
  first: number;
  last: number;
  fileSeconds: number;
}

export default class SummaryReporter implements Reporter {
  private readonly ended = new Map<string, number>();
  private readonly running = new Set<string>();
  private started = Date.now();
  private peak: MemoryPeak = { tmpfsBytes: 0, tmpfsFiles: [], availableBytes: Infinity, availableFiles: [] };
  private sampler: NodeJS.Timeout | null = null;

  onTestRunStart(): void {
    this.started = Date.now();
    this.ended.clear();
    this.running.clear();
    this.peak = { tmpfsBytes: 0, tmpfsFiles: [], availableBytes: Infinity, availableFiles: [] };
    this.sampler = setInterval(() => this.sample(), 2000);
    this.sampler.unref();
  }

  onTestModuleStart(module: TestModule): void {
    this.running.add(module.moduleId);
  }

  onTestModuleEnd(module: TestModule): void {
    this.sample();
    this.running.delete(module.moduleId);
    this.ended.set(module.moduleId, Date.now());
  }

  private sample(): void {
    const files = [...this.running].map((id) => id.replace(`${process.cwd()}/`, ""));
    const dir = process.env.ODS_TEST_RUN_TMPDIR;
    const used = dir ? tmpfsUsed(dir) : null;
    if (used !== null && used > this.peak.tmpfsBytes) {
      this.peak.tmpfsBytes = used;
      this.peak.tmpfsFiles = files;
    }
    const available = availableMemory();
    if (available !== null && available < this.peak.availableBytes) {
      this.peak.availableBytes = available;
      this.peak.availableFiles = files;
    }
  }

  private memoryLine(): string {
    const parts: string[] = [];
    if (this.peak.tmpfsBytes > 0) {
      parts.push(
        `tmpfs peak ${(this.peak.tmpfsBytes / GB).toFixed(2)} GB (running: ${this.peak.tmpfsFiles.join(", ") || "none"})`,
      );
    }
    if (Number.isFinite(this.peak.availableBytes)) {
      parts.push(
        `least available ${(this.peak.availableBytes / GB).toFixed(2)} GB (running: ${this.peak.availableFiles.join(", ") || "none"})`,
      );
    }
    return parts.length > 0 ? `Memory: ${parts.join("; ")}\n` : "";
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
    if (this.sampler) clearInterval(this.sampler);
    process.stdout.write(this.projectTimes(testModules));
    process.stdout.write(this.memoryLine());
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
