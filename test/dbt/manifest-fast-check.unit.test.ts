/**
 * The manifest's entry checks (compiled from its zod schemas by
 * src/state/fast-validate.ts in accepts mode) must exist and never accept
 * what the zod schemas refuse: they are a fast path in front of zod, which
 * decides everything they don't pass. Checked over every
 * entry of every shared fixture manifest and the project's own, and over
 * copies of them with one field (or a field of a nested object) replaced by
 * values of every JSON type.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  MANIFEST_ENTRY_CHECKS,
  MANIFEST_ENTRY_SCHEMAS,
} from "../../src/dbt/artifacts/manifest-entry-schemas.js";
import type { FastCheck } from "../../src/state/fast-validate.js";
import { PROJECT_ROOT, SHARED_DBT_FIXTURES, sharedFixturesPresent } from "../support/shared-fixtures.js";

type Json = Record<string, unknown>;

function manifests(): string[] {
  const files = [path.join(PROJECT_ROOT, "fixtures", "shop", "prod", "manifest.json")];
  if (!sharedFixturesPresent) return files;
  for (const dir of readdirSync(SHARED_DBT_FIXTURES)) {
    const file = path.join(SHARED_DBT_FIXTURES, dir, "manifest.json");
    if (existsSync(file)) files.push(file);
  }
  return files;
}

const entries = {
  buildable: [] as Json[],
  config: [] as Json[],
  dataTest: [] as Json[],
  source: [] as Json[],
  macro: [] as Json[],
};
for (const file of manifests()) {
  const doc = JSON.parse(readFileSync(file, "utf8")) as Json;
  for (const node of Object.values((doc.nodes ?? {}) as Record<string, Json>)) {
    if (["model", "seed", "snapshot"].includes(node.resource_type as string)) {
      entries.buildable.push(node);
      if (node.config && typeof node.config === "object") entries.config.push(node.config as Json);
    } else if (node.resource_type === "test") entries.dataTest.push(node);
  }
  entries.source.push(...Object.values((doc.sources ?? {}) as Record<string, Json>));
  entries.macro.push(...Object.values((doc.macros ?? {}) as Record<string, Json>));
}

const REPLACEMENTS: unknown[] = [
  undefined,
  null,
  0,
  1.5,
  Number.POSITIVE_INFINITY,
  "",
  "x",
  "hour",
  true,
  false,
  [],
  ["a"],
  [1],
  [null],
  [{ sql: "x" }],
  {},
  { sql: 1 },
  { name: "x", checksum: "y" },
  { nodes: ["a"], macros: [1] },
  { count: 1, period: "week" },
];

/** Copies of `value` with one field replaced, at the top and one level down. */
function* mutations(value: Json): Generator<unknown> {
  yield null;
  yield [];
  yield "x";
  for (const key of Object.keys(value)) {
    for (const replacement of REPLACEMENTS) yield { ...value, [key]: replacement };
    const inner = value[key];
    if (inner && typeof inner === "object" && !Array.isArray(inner)) {
      for (const innerKey of Object.keys(inner as Json).slice(0, 8)) {
        for (const replacement of REPLACEMENTS) {
          yield { ...value, [key]: { ...(inner as Json), [innerKey]: replacement } };
        }
      }
    }
    if (Array.isArray(inner) && inner.length > 0) {
      for (const replacement of REPLACEMENTS) yield { ...value, [key]: [...inner.slice(1), replacement] };
    }
  }
}

/** The compiled check; a schema that lost it (compiles to none) fails here, so the slowdown is noticed. */
function compiled(check: FastCheck | undefined): FastCheck {
  if (!check) throw new Error("the schema compiles to no fast check");
  return check;
}

const { buildable: isBuildable, nodeConfigFields: isNodeConfigFields } = MANIFEST_ENTRY_CHECKS;
const { dataTest: isDataTest, source: isSource, macro: isMacro } = MANIFEST_ENTRY_CHECKS;

const CASES = [
  ["buildable", isBuildable, MANIFEST_ENTRY_SCHEMAS.buildable, entries.buildable],
  ["node config fields", isNodeConfigFields, MANIFEST_ENTRY_SCHEMAS.nodeConfigFields, entries.config],
  ["data test", isDataTest, MANIFEST_ENTRY_SCHEMAS.dataTest, entries.dataTest],
  ["source", isSource, MANIFEST_ENTRY_SCHEMAS.source, entries.source],
  ["macro", isMacro, MANIFEST_ENTRY_SCHEMAS.macro, entries.macro],
] as const;

describe("compiled manifest entry checks never accept what zod refuses", () => {
  it.each(CASES)("%s: every real entry passes both", (_name, check, schema, list) => {
    expect(list.length).toBeGreaterThan(0);
    for (const entry of list) {
      expect(schema.safeParse(entry).success).toBe(true);
      expect(compiled(check)(entry)).toBe(true);
    }
  });

  it.each(CASES)("%s: mutated entries the check accepts, zod accepts", (_name, check, schema, list) => {
    let accepted = 0;
    let refused = 0;
    // A sample of entries keeps the test quick; every field of each is mutated.
    for (const entry of list.filter((_, i) => i % Math.max(1, Math.floor(list.length / 40)) === 0)) {
      for (const mutated of mutations(entry)) {
        if (compiled(check)(mutated)) {
          accepted++;
          if (!schema.safeParse(mutated).success) {
            throw new Error(`the check accepts what zod refuses: ${JSON.stringify(mutated).slice(0, 400)}`);
          }
        } else {
          refused++;
        }
      }
    }
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});
