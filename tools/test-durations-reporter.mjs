/**
 * A vitest reporter that writes test/durations.json: each test file's time
 * (seconds: importing and collecting its tests, then running them), which
 * the test sequencer (test/support/duration-sequencer.ts) starts the longest
 * files by on a checkout without vitest's cache (a fresh clone, CI). Refresh
 * it after adding or moving heavy tests, on a quiet machine:
 *
 *   npx vitest run --project unit --project integration --project e2e --project adversarial \
 *     --reporter=default --reporter=./tools/test-durations-reporter.mjs
 *
 * It writes only after a run of every npm test project in which every file passed.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";

const PROJECTS = ["unit", "integration", "e2e", "adversarial"];

export default class TestDurationsReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules) {
    const projects = new Set(modules.map((m) => m.project.name));
    if (!PROJECTS.every((p) => projects.has(p)) || modules.some((m) => m.state() !== "passed")) {
      console.log(
        "test/durations.json not written: it needs a passing run of the projects",
        PROJECTS.join(", "),
      );
      return;
    }
    const durations = {};
    for (const module of modules) {
      const d = module.diagnostic();
      const file = path.relative(this.root, module.moduleId).split(path.sep).join("/");
      durations[file] = Math.round((d.prepareDuration + d.collectDuration + d.duration) / 100) / 10;
    }
    const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(path.join(this.root, "test", "durations.json"), `${JSON.stringify(sorted, null, 2)}\n`);
    console.log(`test/durations.json: ${modules.length} files`);
  }
}
