/**
 * Where restored state came from, and how the lifecycle names it. Imports
 * nothing, so that naming it doesn't load the cache and artifact clients,
 * which restore-state.ts and save-state.ts load only when a step restores or
 * saves.
 */
export type RestoreSource =
  | { kind: "cache"; key: string }
  | { kind: "artifact"; name: string; artifactId: number; runId: number; createdAt: string | undefined }
  | { kind: "none" };

export function describeSource(source: RestoreSource): string {
  switch (source.kind) {
    case "cache":
      return `the Actions cache entry \`${source.key}\``;
    case "artifact":
      return `the \`${source.name}\` artifact ${source.artifactId} of workflow run ${source.runId}`;
    default:
      return "nowhere (no saved state was found)";
  }
}
