/**
 * What a closed pull request's job and the janitor's job clean up with
 * (src/app/events/prod-if-known.ts): the project from the manifest, prod's
 * state restored by it. Neither job plans, so neither starts the SQL
 * parser's process (about a second of CPU and 250 MB), whatever
 * `column-impact` says.
 */
import { describe, expect, it } from "vitest";
import { prodIfKnown } from "../../src/app/events/prod-if-known.js";
import type { CountedPorts } from "../../src/app/events/step-counts.js";
import { loadProject } from "../../src/dbt/load-project.js";
import type { ActionInputs } from "../../src/github/action-inputs.js";
import { buildManifest } from "../support/manifest-builder.js";

describe("prodIfKnown", () => {
  it("reads the project from the manifest and restores prod's state, without starting the SQL parser", async () => {
    const project = loadProject(
      JSON.stringify(buildManifest([{ name: "orders", sql: "select 1 as id" }])),
      "manifest.json",
    );
    let parsers = 0;
    const restored: string[] = [];
    const ports = {
      artifacts: { exists: () => true, project: () => project },
      loadSqlParser: () => {
        parsers += 1;
        return new Promise(() => {});
      },
      restore: async (_file: string, scope: { project: string }) => {
        restored.push(scope.project);
        return { source: { kind: "none" }, notes: [], warnings: [] };
      },
      stateFiles: { at: () => ({ openExisting: async () => undefined }) },
      log: { info: () => {}, warning: () => {} },
    } as unknown as CountedPorts;
    const inputs = {
      manifest: "target/manifest.json",
      projectDir: ".",
      statePath: ".ods/state.db",
      columnImpact: true,
    } as unknown as ActionInputs;
    const known = await prodIfKnown(inputs, ports);
    expect(known).toEqual({ project: project.graph.metadata.projectName, prod: null });
    expect(restored).toEqual([known.project]);
    expect(parsers).toBe(0);
  });
});
