/**
 * The CLI's commands are thin adapters over the use cases (issue 38): no
 * file in src/cli/ imports the planner, the state store or a warehouse
 * driver itself (type-only and dynamic imports count); it calls src/app/.
 */
import type { ImportGraph } from "./import-graph.js";

/** Folders under src/ that src/cli/ may not import from: it reaches them through src/app/. */
export const NOT_FROM_CLI = ["planner/", "store/", "drivers/"];

/** Each import of src/cli/ that reaches past the use cases, with the file, the line and the import. */
export function cliPastUseCases(graph: ImportGraph): string[] {
  return graph.edges
    .filter((edge) => edge.from.startsWith("cli/") && edge.to !== undefined)
    .filter((edge) => NOT_FROM_CLI.some((folder) => edge.to!.startsWith(folder)))
    .map(
      (edge) =>
        `src/${edge.from}:${edge.line} imports "${edge.specifier}"${edge.kind === "static" ? "" : ` (${edge.kind} import)`}: src/cli/ calls the use cases in src/app/, never src/${edge.to} directly`,
    );
}
