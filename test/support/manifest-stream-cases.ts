/**
 * What the streamed manifest reader's tests share: a small valid manifest,
 * the whole-text reader it is compared with, the outcome of a read (the
 * manifest, or the error's code, message and problems), and files to read
 * (in a temporary folder removed after the test file).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import type { Manifest } from "../../src/dbt/artifacts/manifest.js";
import { readManifestDocument } from "../../src/dbt/artifacts/manifest-builder.js";
import { parseArtifactJson } from "../../src/dbt/artifacts/parse-artifact-json.js";
import { isUserError } from "../../src/errors/user-error.js";

/**
 * A temporary folder for this test file (removed after its tests) and a
 * function that writes a file there and gives its path. Call it at the top
 * of a test file: the folder belongs to the file that called it.
 */
export function manifestFiles(): (content: string | Uint8Array) => string {
  const work = mkdtempSync(path.join(tmpdir(), "ods-manifest-stream-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  let written = 0;
  return (content) => {
    const file = path.join(work, `manifest-${written++}.json`);
    writeFileSync(file, content);
    return file;
  };
}

/** The reader before streaming: JSON.parse of the whole text, then the document. */
export function wholeTextRead(text: string, file: string): Manifest {
  return readManifestDocument(parseArtifactJson(text, file), file);
}

export type Outcome = { manifest: Manifest } | { code: string; message: string; problems: unknown };

/** The outcome of reading: the manifest, or the error's code, message and problems. */
export function outcome(read: () => Manifest): Outcome {
  try {
    return { manifest: read() };
  } catch (error) {
    if (isUserError(error)) return { code: error.code, message: error.message, problems: error.problems };
    throw error;
  }
}

/** A small valid v12 manifest: two models, a test, a source, a macro, dbt's maps. */
export function smallManifest(): Record<string, unknown> {
  const model = (name: string, parents: string[]) => ({
    database: "db",
    schema: "analytics",
    name,
    resource_type: "model",
    package_name: "shop",
    path: `${name}.sql`,
    original_file_path: `models/${name}.sql`,
    unique_id: `model.shop.${name}`,
    fqn: ["shop", name],
    alias: name,
    checksum: { name: "sha256", checksum: "ab".repeat(32) },
    config: { enabled: true, materialized: "table", tags: [], meta: { owner: "ünïcødé ✓ 🚀" } },
    tags: [],
    description: 'Ein Modell — mit Umlauten: äöü, and an escaped quote " and a backslash \\',
    columns: {},
    depends_on: { macros: ["macro.shop.cents"], nodes: parents },
    refs: [],
    sources: [],
    raw_code: "select {{ cents('amount') }} as amount from {{ ref('x') }}",
    compiled_code: 'select amount / 100 as amount from "db"."analytics"."x"',
    relation_name: `"db"."analytics"."${name}"`,
    language: "sql",
    contract: { enforced: false },
  });
  return {
    metadata: {
      dbt_schema_version: "https://schemas.getdbt.com/dbt/manifest/v12.json",
      dbt_version: "1.10.15",
      project_name: "shop",
      adapter_type: "duckdb",
      invocation_id: "7f1c",
      generated_at: "2026-11-30T12:00:00Z",
    },
    nodes: {
      "model.shop.orders": model("orders", ["source.shop.raw.orders"]),
      "model.shop.revenue": model("revenue", ["model.shop.orders"]),
    },
    sources: {
      "source.shop.raw.orders": {
        database: "db",
        schema: "raw",
        name: "orders",
        resource_type: "source",
        package_name: "shop",
        source_name: "raw",
        unique_id: "source.shop.raw.orders",
        fqn: ["shop", "raw", "orders"],
        identifier: "orders",
        relation_name: '"db"."raw"."orders"',
        loaded_at_field: null,
        freshness: null,
      },
    },
    macros: {
      "macro.shop.cents": {
        name: "cents",
        resource_type: "macro",
        package_name: "shop",
        unique_id: "macro.shop.cents",
        macro_sql: "{% macro cents(c) %}{{ c }} / 100{% endmacro %}",
        depends_on: { macros: [] },
      },
    },
    docs: {},
    exposures: {},
    metrics: {},
    groups: {},
    selectors: {},
    disabled: {},
    parent_map: { "model.shop.orders": [], "model.shop.revenue": ["model.shop.orders"] },
    child_map: { "model.shop.orders": ["model.shop.revenue"], "model.shop.revenue": [] },
    group_map: {},
    saved_queries: {},
    semantic_models: {},
    unit_tests: {},
  };
}

export const SMALL = JSON.stringify(smallManifest());
export const SMALL_PRETTY = JSON.stringify(smallManifest(), null, 2);
