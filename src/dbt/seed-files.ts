/**
 * Seeds over 1 MiB: dbt records only a path checksum for them
 * (`checksum: { name: "path", checksum: <original_file_path> }`: dbt-core
 * core/dbt/parser/read_files.py `load_seed_source_file`, which hashes no file
 * over `MAXIMUM_SEED_SIZE_MIB` (1 by default), and
 * core/dbt/contracts/files.py `SourceFile.big_seed`), so the manifest says nothing about
 * their content. The edge reads such a seed's CSV from the checkout and hands
 * the pure core its SHA-256 (`SeedFiles`); this module says which seeds need
 * it and where their file is, relative to the dbt project's directory.
 */
import type { Manifest, ManifestNode } from "./artifacts/manifest.js";

/** The CSV of a seed with a path checksum, as the edge found it (or didn't). */
export type SeedFile =
  | { path: string; sha256: string }
  /** `problem`: why it couldn't be read, e.g. "not found". */
  | { path: string; sha256: null; problem: string };

/** Seed unique_id -> its CSV's digest (or why there is none): only seeds with a path checksum. */
export type SeedFiles = ReadonlyMap<string, SeedFile>;

/** The files the edge is asked to read: seed unique_id and path relative to the project directory. */
export interface SeedFileRequest {
  uniqueId: string;
  /** Relative to the dbt project's directory, with `/` separators. */
  path: string;
}

/** Whether dbt recorded only a path checksum for the node (a seed over 1 MiB). */
export function hasPathChecksum(node: ManifestNode): boolean {
  return node.checksum?.name === "path";
}

/**
 * Where a seed's CSV is, relative to the dbt project's directory: the root
 * project's seeds at their `original_file_path`; a package's under
 * `dbt_packages/<package directory>/` (dbt's default `packages-install-path`;
 * the package directory is the last part of the seed's `root_path`, else the
 * package name). A project that installs packages elsewhere gets "not found",
 * and the seed stays incomplete.
 */
export function seedFilePath(node: ManifestNode, projectName: string | null): string {
  const file = node.originalFilePath.replaceAll("\\", "/");
  if (projectName !== null && node.packageName === projectName) return file;
  const rootParts = (node.rootPath ?? "").split(/[\\/]/).filter((part) => part !== "");
  const directory = rootParts[rootParts.length - 1] ?? node.packageName;
  return `dbt_packages/${directory}/${file}`;
}

/** The seeds of a manifest whose CSV the fingerprint needs read, in document order. */
export function seedFileRequests(manifest: Manifest): SeedFileRequest[] {
  const requests: SeedFileRequest[] = [];
  for (const node of manifest.nodes.values()) {
    if (node.resourceType === "seed" && hasPathChecksum(node)) {
      requests.push({ uniqueId: node.uniqueId, path: seedFilePath(node, manifest.metadata.projectName) });
    }
  }
  return requests;
}
