/**
 * The layers of src/ (docs/architecture.md): a module may import from its own
 * layer or a lower one, never from a layer above. Layers 0-4 are the pure
 * core: they import only the packages PURE_CORE_PACKAGES lists (no I/O).
 * The environment domain (src/environment/) imports no driver: only the
 * warehouse contract (src/warehouse/) and the core below it.
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

/**
 * Folders that must not import each other at all: the action's steps and the
 * CLI's commands; the environment domain and the warehouse drivers (the
 * domain talks to a warehouse only through the contract in src/warehouse/).
 */
export const NEVER_BETWEEN: [string, string][] = [
  ["run/", "cli/"],
  ["environment/", "drivers/"],
];

/**
 * What a folder may import, as an allow list: an import of a package (or a
 * `node:` module) it does not list, or of a src/ folder it does not list
 * (when `areas` is given), fails with the file and the line.
 */
export interface AllowList {
  /** The folder (or top-level file) under src/ it governs, as areaOf names it. */
  area: string;
  /** How a failure names it. */
  name: string;
  /** Packages and `node:` modules it may import. */
  packages: readonly string[];
  /** src/ folders (or top-level files) it may import; absent: the layers alone decide. */
  areas?: readonly string[];
}

/**
 * The packages the pure core imports today (issue 38, item 6), and no other:
 * schemas (`zod`), hashing (`node:crypto`) and dbt_project.yml's parser
 * (`yaml`, src/dbt/project-file.ts). No file system, network, database
 * driver, runner or clock.
 */
export const PURE_CORE_PACKAGES: readonly string[] = ["zod", "node:crypto", "yaml"];

const PURE_CORE: AllowList[] = ["errors/", "version.ts", "state/", "dbt/", "planner/", "comment/"].map(
  (area) => ({ area, name: `the pure core (${area.replace(/\/$/, "")})`, packages: PURE_CORE_PACKAGES }),
);

export const ALLOW_LISTS: AllowList[] = [
  ...PURE_CORE,
  {
    area: "environment/",
    name: "the environment domain",
    packages: ["node:crypto"],
    areas: ["errors/", "version.ts", "state/", "dbt/", "planner/", "warehouse/", "environment/"],
  },
  {
    area: "warehouse/",
    name: "the warehouse contract",
    packages: ["node:crypto"],
    areas: ["errors/", "version.ts", "state/", "dbt/", "warehouse/"],
  },
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

/**
 * The only files that may load a module by a computed specifier (an
 * `import(x)` no reader can check): the loader of the vendors' optional
 * clients, whose names it takes from a fixed table.
 */
export const COMPUTED_IMPORTS: readonly string[] = ["drivers/providers/load-client.ts"];
