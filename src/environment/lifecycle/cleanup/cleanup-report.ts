/** What a cleanup reports: what it dropped (or would drop), what failed, what it kept and why. */
export interface CleanupObject {
  kind: "schema" | "table" | "view";
  /** `schema` or `schema.relation`. */
  object: string;
  why: "pointer" | "build" | "owned_schema";
}

export interface CleanupReport {
  environment: string;
  dry_run: boolean;
  found: boolean;
  /** Dropped, or in a dry run, what would be dropped. */
  dropped: CleanupObject[];
  failed: (CleanupObject & { error: string })[];
  /** Owned schemas (and registered relations) kept: they hold or are prod relations, or objects the environment didn't create. */
  kept: { schema: string; reason: string }[];
  /** True when nothing of the environment is left. */
  complete: boolean;
}
