import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { captureContext } from "../support/cli-context.js";
import { buildManifest, modelId } from "../support/manifest-builder.js";
import { sharedFixture, sharedFixturesPresent } from "../support/shared-fixtures.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "ods-fingerprint-cli-"));
const manifestFile = path.join(dir, "manifest.json");
writeFileSync(
  manifestFile,
  JSON.stringify(
    buildManifest([
      { name: "stg", sql: "select 1 as id" },
      { name: "mart", sql: 'select * from "warehouse"."analytics"."stg"', dependsOn: [modelId("stg")] },
      { name: "raw_only", compiled: null },
    ]),
  ),
);

describe("ods-state fingerprint", () => {
  it("prints the versioned JSON document, one entry per planned node in plan order", async () => {
    const context = captureContext(dir);
    expect(await runCli(["fingerprint", "--manifest", "manifest.json", "--format", "json"], context)).toBe(0);
    const document = JSON.parse(context.stdoutText());
    expect(document.schema_version).toBe("1.0");
    expect(document.manifest).toEqual({ project: "shop", dbt_version: "1.10.4", adapter: "duckdb" });
    expect(document.nodes.map((n: { unique_id: string }) => n.unique_id)).toEqual([
      "model.shop.raw_only",
      "model.shop.stg",
      "model.shop.mart",
    ]);
    const [rawOnly, stg] = document.nodes;
    expect(rawOnly.complete).toBe(false);
    expect(rawOnly.incomplete[0]).toMatch(/^no compiled SQL: run `dbt compile`/);
    expect(stg.complete).toBe(true);
    expect(stg.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(stg.version_key).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(stg.components)).toContain("sql");
  });

  it("prints a text table that flags incomplete nodes", async () => {
    const context = captureContext(dir);
    expect(await runCli(["fingerprint", "--manifest", manifestFile], context)).toBe(0);
    const text = context.stdoutText();
    expect(text).toContain("model.shop.mart");
    expect(text).toContain("    incomplete: no compiled SQL");
    expect(text).toContain("3 planned nodes of shop (dbt 1.10.4, duckdb); 1 incomplete (always built).");
  });

  it.each([
    [
      ["fingerprint", "--manifest", "absent.json"],
      1,
      /^error\[file_missing\]: .*absent\.json \(given by --manifest\) does not exist\./,
    ],
    [["fingerprint", "--manifest", "."], 1, /^error\[file_unreadable\]: .* is a directory, not a file\./],
    [
      ["fingerprint", "--manifest", "manifest.json", "--format", "yaml"],
      2,
      /^error\[usage\]: --format is `yaml`; allowed: text, json\./,
    ],
    [
      ["fingerprint", "--manifests", "x"],
      2,
      /^error\[usage\]: ods-state fingerprint: Unknown option '--manifests'/,
    ],
  ])("%j exits %i with one clear error", async (args, code, message) => {
    const context = captureContext(dir);
    expect(await runCli(args, context)).toBe(code);
    expect(context.stderrText()).toMatch(message);
    expect(context.stderrText()).not.toContain("    at ");
    expect(context.stdoutText()).toBe("");
  });

  it("names the file and every problem when the manifest is malformed", async () => {
    const bad = path.join(dir, "bad.json");
    writeFileSync(
      bad,
      '{"metadata": {"dbt_schema_version": "https://schemas.getdbt.com/dbt/manifest/v12.json"}, "nodes": 3',
    );
    const context = captureContext(dir);
    expect(await runCli(["fingerprint", "--manifest", bad], context)).toBe(1);
    expect(context.stderrText()).toMatch(/^error\[artifact_not_json\]: .*bad\.json/);
  });
});

describe.skipIf(!sharedFixturesPresent)(
  "ods-state fingerprint --project-dir: seeds over 1 MiB are hashed from their CSV",
  () => {
    const jaffle = sharedFixture("jaffle-shop-duckdb-1.12", "manifest.json");
    const project = mkdtempSync(path.join(os.tmpdir(), "ods-fingerprint-project-"));
    mkdirSync(path.join(project, "seeds", "jaffle-data"), { recursive: true });
    for (const name of ["raw_items", "raw_orders"])
      writeFileSync(path.join(project, "seeds", "jaffle-data", `${name}.csv`), `id,${name}\n1,a\n`);
    const seeds = (document: {
      nodes: Array<{ unique_id: string; complete: boolean; incomplete: string[] }>;
    }) =>
      document.nodes.filter(
        (n) => n.unique_id === "seed.jaffle_shop.raw_items" || n.unique_id === "seed.jaffle_shop.raw_orders",
      );

    it("with --project-dir: complete", async () => {
      const context = captureContext(dir);
      expect(
        await runCli(
          ["fingerprint", "--manifest", jaffle, "--project-dir", project, "--format", "json"],
          context,
        ),
      ).toBe(0);
      expect(seeds(JSON.parse(context.stdoutText())).map((n) => n.complete)).toEqual([true, true]);
    });

    it("without it, from a directory without the CSV: incomplete, naming where it looked", async () => {
      const context = captureContext(dir);
      expect(await runCli(["fingerprint", "--manifest", jaffle, "--format", "json"], context)).toBe(0);
      const found = seeds(JSON.parse(context.stdoutText()));
      expect(found.map((n) => n.complete)).toEqual([false, false]);
      expect(found[0]!.incomplete.join()).toContain("was not found at `seeds/jaffle-data/");
    });
  },
);
