/**
 * fixYoungGeneration() on the Node the action runs on: it grows V8's young
 * generation to 8 MB at once, and a process that then builds 80 MB of
 * long-lived objects out of short-lived ones, as reading a manifest does,
 * keeps it at 8 MB; without it the young generation starts at 1 MB and grows
 * past 8 MB. Each case runs in a fresh process (V8's flags are process-wide).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/shared-fixtures.js";

const SCRIPT = `
import { getHeapSpaceStatistics } from "node:v8";
const youngMb = () => getHeapSpaceStatistics().find((space) => space.space_name === "new_space").space_size / 2 ** 20;
let atStart = youngMb();
if (process.argv[1] === "fixed") {
  const { fixYoungGeneration } = await import(${JSON.stringify(path.join(PROJECT_ROOT, "src/runtime/young-generation.ts"))});
  fixYoungGeneration();
  atStart = youngMb();
}
const kept = [];
let largest = 0;
for (let i = 0; i < 400_000; i++) {
  const parsed = JSON.parse(\`{"id": "model.shop.m\${i}", "sql": "select \${"x".repeat(150)} from t\${i}", "tags": [1, 2, 3]}\`);
  kept.push({ id: parsed.id, sql: parsed.sql });
  if (i % 1000 === 0) largest = Math.max(largest, youngMb());
}
console.log(JSON.stringify({ atStart, largest: Math.max(largest, youngMb()), kept: kept.length }));
`;

function youngGeneration(mode: "fixed" | "default"): { atStart: number; largest: number } {
  const run = spawnSync(
    process.execPath,
    ["--import", path.join(PROJECT_ROOT, "tools/ts-hooks.mjs"), "--input-type=module", "-e", SCRIPT, mode],
    { encoding: "utf8" },
  );
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  const out = JSON.parse(run.stdout) as { atStart: number; largest: number; kept: number };
  expect(out.kept).toBe(400_000);
  return out;
}

describe("fixYoungGeneration", () => {
  it("grows the young generation to 8 MB at once and keeps it there while long-lived objects are built", () => {
    const fixed = youngGeneration("fixed");
    expect(fixed.atStart).toBeGreaterThanOrEqual(8);
    // V8 may add a page or two beyond the semi-space while it collects; it never doubles again.
    expect(fixed.largest).toBeLessThan(12);
  });

  it("without it, the young generation starts small and grows past 8 MB", () => {
    const grown = youngGeneration("default");
    expect(grown.atStart).toBeLessThanOrEqual(2);
    // V8 sizes its maximum by the machine's memory: 32 MB per semi-space on a 16 GB runner, less on a small one.
    expect(grown.largest).toBeGreaterThanOrEqual(16);
  });
});
