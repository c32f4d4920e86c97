/**
 * The `metadata` block every dbt artifact ODS reads has (manifest.json adds
 * the project's fields): which dbt wrote the file, when, and in which
 * invocation.
 */
import { z } from "zod";
import { type ArtifactHeader, type Problems, validateAt } from "./parse-artifact.js";

export interface InvocationMetadata<V extends string> {
  schemaVersion: V;
  schemaUrl: string;
  /** e.g. `1.11.2`; dbt Fusion writes `2.0.0-…`. */
  dbtVersion: string | null;
  generatedAt: string | null;
  invocationId: string | null;
  /** dbt 1.8 and later. */
  invocationStartedAt: string | null;
}

const optStr = z.string().nullish();

const metadataSchema = z.object({
  // dbt_schema_version is checked by readHeader.
  dbt_version: optStr,
  generated_at: optStr,
  invocation_id: optStr,
  invocation_started_at: optStr,
});

/** The metadata of a file whose header was read; null when the header or the block is unusable (the problems say why). */
export function readInvocationMetadata<V extends string>(
  header: ArtifactHeader<V>,
  problems: Problems,
): InvocationMetadata<V> | null {
  if (header.metadata === null) return null;
  const raw = validateAt(metadataSchema, header.metadata, ["metadata"], problems);
  if (raw === undefined || header.version === null || header.url === null) return null;
  return {
    schemaVersion: header.version,
    schemaUrl: header.url,
    dbtVersion: raw.dbt_version ?? null,
    generatedAt: raw.generated_at ?? null,
    invocationId: raw.invocation_id ?? null,
    invocationStartedAt: raw.invocation_started_at ?? null,
  };
}
