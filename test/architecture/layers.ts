/**
 * The layers of src/ (docs/architecture.md): a module may import from its own
 * layer or a lower one, never from a layer above. Layers 1-4 are the pure
 * core: they import no I/O.
 */

export interface Layer {
  rank: number;
  name: string;
  /** Paths under src/: a folder (`dbt/`) or a file (`version.ts`). */
  paths: string[];
  pure?: boolean;
}

export const LAYERS: Layer[] = [
  { rank: 0, name: "errors", paths: ["errors/", "version.ts"] },
  { rank: 1, name: "state", paths: ["state/"], pure: true },
  { rank: 2, name: "dbt", paths: ["dbt/"], pure: true },
  { rank: 3, name: "planner", paths: ["planner/"], pure: true },
  { rank: 4, name: "comment", paths: ["comment/"], pure: true },
  {
    rank: 5,
    name: "adapters",
    paths: ["store/", "environment/", "warehouse/", "drivers/", "files/", "runtime/", "github/"],
  },
  { rank: 6, name: "app", paths: ["app/"] },
  { rank: 7, name: "run/cli", paths: ["run/", "cli/"] },
  { rank: 8, name: "entry points", paths: ["main.ts", "post.ts", "cli.ts", "adapters.ts"] },
];

/** Folders in one layer that must not import each other at all. */
export const NEVER_BETWEEN: [string, string][] = [["run/", "cli/"]];

/** What the pure core may not import: I/O, the runner, the warehouses. (`node:crypto` and `zod` are allowed.) */
export const IO_MODULES: RegExp[] = [
  /^(node:)?fs(\/.*)?$/,
  /^(node:)?child_process$/,
  /^(node:)?net$/,
  /^(node:)?https?$/,
  /^(node:)?http2$/,
  /^(node:)?tls$/,
  /^(node:)?dgram$/,
  /^(node:)?dns(\/.*)?$/,
  /^(node:)?os$/,
  /^(node:)?worker_threads$/,
  /^node:sqlite$/,
  /^@actions\//,
  /^@octokit\//,
  /^better-sqlite3$/,
  /^pg$/,
  /^@duckdb\//,
];

/** The layer of a path relative to src/ (`planner/plan.ts`), or undefined when none claims it. */
export function layerOf(file: string): Layer | undefined {
  return LAYERS.find((layer) => layer.paths.some((p) => (p.endsWith("/") ? file.startsWith(p) : file === p)));
}

/** The folder (or top-level file) a path belongs to, as the layer lists it: `run/`, `main.ts`. */
export function areaOf(file: string): string {
  const slash = file.indexOf("/");
  return slash === -1 ? file : file.slice(0, slash + 1);
}
