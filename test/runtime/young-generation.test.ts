/**
 * keepYoungGenerationSmall() on the Node the action runs on: a process that
 * builds 80 MB of long-lived objects out of short-lived ones, as reading a
 * manifest does, keeps its young generation at its starting size with it and
 * grows it to V8's maximum without it. Each case runs in a fresh process
 * (the flag is process-wide).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/shared-fixtures.js";

const SCRIPT = `
import { getHeapSpaceStatistics } from "node:v8";
if (process.argv[1] === "small") {
  const { keepYoungGenerationSmall } = await import(${JSON.stringify(path.join(PROJECT_ROOT, "src/runtime/young-generation.ts"))});
  keepYoungGenerationSmall();
}
const kept = [];
for (let i = 0; i < 400_000; i++) {
  const parsed = JSON.parse(\`{"id": "model.shop.m\${i}", "sql": "select \${"x".repeat(150)} from t\${i}", "tags": [1, 2, 3]}\`);
  kept.push({ id: parsed.id, sql: parsed.sql });
}
const young = getHeapSpaceStatistics().find((space) => space.space_name === "new_space");
console.log(JSON.stringify({ youngMb: young.space_size / 2 ** 20, kept: kept.length }));
`;

function youngGenerationMb(mode: "small" | "default"): number {
  const run = spawnSync(
    process.execPath,
    [
      "--import",
      path.join(PROJECT_ROOT, "test/support/ts-hooks.mjs"),
      "--input-type=module",
      "-e",
      SCRIPT,
      mode,
    ],
    { encoding: "utf8" },
  );
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  const out = JSON.parse(run.stdout) as { youngMb: number; kept: number };
  expect(out.kept).toBe(400_000);
  return out.youngMb;
}

describe("keepYoungGenerationSmall", () => {
  it("keeps the young generation at its starting size while long-lived objects are built; without it, it grows", () => {
    const small = youngGenerationMb("small");
    const grown = youngGenerationMb("default");
    expect(small).toBeLessThanOrEqual(4);
    // V8 sizes its maximum by the machine's memory: 128 MB on a 16 GB runner, less on a small one.
    expect(grown).toBeGreaterThanOrEqual(4 * small);
  });
});
