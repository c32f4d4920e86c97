/**
 * The schemas a manifest's entries are validated with (one per kind of entry
 * of `nodes`, `sources`, `macros`, `unit_tests`, `functions` and the graph
 * members kept for selection, and the manifest's own metadata fields), each
 * naming only the fields ODS reads: unknown fields are accepted, since dbt
 * adds some every release and dbt Fusion writes extra ones. The schemas that
 * run once per node, source and macro are compiled by zod and have a fast
 * check in front (MANIFEST_ENTRY_CHECKS); checkedAt validates an entry with
 * both.
 */
import { z } from "zod";
import { compileFastCheck, type FastCheck } from "../../state/fast-validate.js";
import { acceptAt, isPlainObject, type Problems } from "./parse-artifact.js";

const str = z.string();
const strList = z.array(z.string());
const optStr = z.string().nullish();
const versionSchema = z.union([z.string(), z.number()]).nullish();
/** dbt writes a list; a single string is accepted as a list of one. */
export const tagsSchema = z.union([z.string(), strList]).nullish();

export const dependsOnSchema = z
  .object({
    nodes: strList.nullish(),
    macros: strList.nullish(),
  })
  .nullish();

export const fileHashSchema = z.object({ name: str, checksum: str });

export const hookSchema = z.union([
  z.string(),
  z.object({
    sql: str,
    transaction: z.boolean().nullish(),
    index: z.number().nullish(),
  }),
]);

/**
 * The config keys ODS interprets, validated on their own: the config object
 * itself is kept as written (by reference), every other key untouched.
 */
export const nodeConfigFieldsSchema = z.object({
  materialized: z.string().nullish(),
  "pre-hook": z.array(hookSchema).nullish(),
  "post-hook": z.array(hookSchema).nullish(),
});

/** An object kept as written (by reference, not copied): configs and arguments ODS hashes whole. */
const objectSchema = z.custom<Readonly<Record<string, unknown>>>(isPlainObject, {
  params: { expected: "object" },
});

const looseConfigSchema = objectSchema.nullish();

const contractSchema = z
  .object({
    enforced: z.boolean().nullish(),
    alias_types: z.boolean().nullish(),
    checksum: optStr,
  })
  .nullish();

const columnSchema = z.object({
  name: optStr,
  description: optStr,
  data_type: optStr,
  constraints: z.array(z.unknown()).nullish(),
  quote: z.boolean().nullish(),
});

export const buildableSchema = z.object({
  unique_id: str,
  resource_type: z.enum(["model", "seed", "snapshot"]),
  name: str,
  package_name: str,
  path: str,
  original_file_path: str,
  fqn: strList,
  database: optStr,
  schema: str,
  alias: str,
  relation_name: optStr,
  language: optStr,
  raw_code: optStr,
  compiled_code: optStr,
  checksum: fileHashSchema.nullish(),
  config: objectSchema.nullish(),
  depends_on: dependsOnSchema,
  contract: contractSchema,
  columns: z.record(z.string(), columnSchema).nullish(),
  constraints: z.array(z.unknown()).nullish(),
  tags: tagsSchema,
  version: versionSchema,
  patch_path: optStr,
  latest_version: versionSchema,
  description: optStr,
  root_path: optStr,
});

export const dataTestSchema = z.object({
  unique_id: str,
  resource_type: z.literal("test"),
  name: str,
  package_name: str,
  original_file_path: optStr,
  test_metadata: z
    .object({
      name: str,
      namespace: optStr,
      kwargs: objectSchema.nullish(),
    })
    .nullish(),
  language: optStr,
  raw_code: optStr,
  compiled_code: optStr,
  checksum: fileHashSchema.nullish(),
  config: looseConfigSchema,
  depends_on: dependsOnSchema,
  attached_node: optStr,
  column_name: optStr,
  fqn: strList.nullish(),
  tags: tagsSchema,
  patch_path: optStr,
});

export const otherNodeSchema = z.object({
  unique_id: str,
  resource_type: str,
  package_name: optStr,
  depends_on: dependsOnSchema,
  name: optStr,
  fqn: strList.nullish(),
  tags: tagsSchema,
  original_file_path: optStr,
  patch_path: optStr,
  config: looseConfigSchema,
  raw_code: optStr,
});

export const unitTestSchema = z.object({
  unique_id: str,
  name: str,
  package_name: str,
  original_file_path: optStr,
  model: str,
  given: z.array(z.unknown()).nullish(),
  expect: z.unknown(),
  overrides: objectSchema.nullish(),
  config: looseConfigSchema,
  depends_on: dependsOnSchema,
  version: versionSchema,
  checksum: z.union([z.string(), fileHashSchema]).nullish(),
  fqn: strList.nullish(),
});

export const timeSchema = z
  .object({
    count: z.number().nullish(),
    period: z.enum(["minute", "hour", "day"]).nullish(),
  })
  .nullish();

export const freshnessSchema = z
  .object({
    warn_after: timeSchema,
    error_after: timeSchema,
    filter: optStr,
  })
  .nullish();

export const sourceSchema = z.object({
  unique_id: str,
  name: str,
  source_name: str,
  package_name: str,
  original_file_path: optStr,
  fqn: strList.nullish(),
  database: optStr,
  schema: str,
  identifier: str,
  relation_name: optStr,
  loaded_at_field: optStr,
  loaded_at_query: optStr,
  freshness: freshnessSchema,
  config: z
    .looseObject({
      freshness: freshnessSchema,
      loaded_at_field: optStr,
      loaded_at_query: optStr,
    })
    .nullish(),
  tags: tagsSchema,
  patch_path: optStr,
});

export const macroSchema = z.object({
  unique_id: str,
  name: str,
  package_name: str,
  original_file_path: optStr,
  macro_sql: str,
  depends_on: z.object({ macros: strList.nullish() }).nullish(),
});

/** The manifest's own metadata fields (the shared ones: invocation-metadata.ts). */
export const projectMetadataSchema = z.object({
  adapter_type: optStr,
  project_name: optStr,
  project_id: optStr,
});

/**
 * The entry schemas run once per node, source and macro: `z.compile` gives
 * each a generated fast path (4-5x faster than the interpreter on real
 * manifests) and falls back to the ordinary parser, with its messages, when an
 * entry is invalid.
 */
export const COMPILED_ENTRY_SCHEMAS = {
  buildable: z.compile(buildableSchema),
  nodeConfigFields: z.compile(nodeConfigFieldsSchema),
  dataTest: z.compile(dataTestSchema),
  otherNode: z.compile(otherNodeSchema),
  unitTest: z.compile(unitTestSchema),
  source: z.compile(sourceSchema),
  macro: z.compile(macroSchema),
};

/** The entry schemas with a fast check in front of zod (test/dbt/manifest-fast-check.unit.test.ts holds each to zod). */
export const MANIFEST_ENTRY_SCHEMAS = {
  buildable: buildableSchema,
  nodeConfigFields: nodeConfigFieldsSchema,
  dataTest: dataTestSchema,
  source: sourceSchema,
  macro: macroSchema,
} as const;

/**
 * The fast checks, compiled from the entry schemas (src/state/fast-validate.ts,
 * accepts mode: a "yes" means zod accepts the entry; the entry is then read
 * field by field, so the keys zod would strip don't matter). A schema the
 * compiler can't decide has no fast check: zod validates every entry.
 */
export const MANIFEST_ENTRY_CHECKS: Record<keyof typeof MANIFEST_ENTRY_SCHEMAS, FastCheck | undefined> = {
  buildable: entryCheck(buildableSchema),
  nodeConfigFields: entryCheck(nodeConfigFieldsSchema),
  dataTest: entryCheck(dataTestSchema),
  source: entryCheck(sourceSchema),
  macro: entryCheck(macroSchema),
};

function entryCheck(schema: z.ZodType): FastCheck | undefined {
  return compileFastCheck(schema, { mode: "accepts", trusted: new Set([isPlainObject]) });
}

/**
 * acceptAt behind a fast check at least as strict as the schema
 * (MANIFEST_ENTRY_CHECKS): what it passes is valid; anything else is
 * validated by zod, which decides and words every problem.
 */
export function checkedAt<S extends z.ZodType>(
  check: FastCheck | undefined,
  schema: S,
  value: unknown,
  at: readonly PropertyKey[],
  problems: Problems,
): z.output<S> | undefined {
  if (check?.(value)) return value as z.output<S>;
  return acceptAt(schema, value, at, problems);
}
