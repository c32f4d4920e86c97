/**
 * `Path(project_root).glob(pattern)` (what dbt's PathSelectorMethod runs),
 * evaluated over the paths the manifest names (every node's file, its YAML
 * file and the folders above them) instead of the disk: only those can make
 * a node match. pathlib's rules: a relative pattern, split at `/` (empty and
 * `.` segments dropped); each segment fnmatch-ed against one path segment
 * (case-sensitive, as on Linux); `**` alone is any number of folders, zero
 * included (so `**` matches the project root, which holds every file).
 *
 * Where Python versions dbt runs on disagree, the pattern is refused rather
 * than guessed: a trailing `/` (3.11+ keeps only folders; 3.10 ignores it)
 * or a trailing `**` (3.13+ also yields files; earlier only folders), when
 * the two readings select different paths. `..` segments, absolute patterns
 * and `**` inside a segment are refused as well.
 */
import { fnmatch } from "./fnmatch.js";

export interface GlobPath {
  /** Normalised relative path; "" is the project root. */
  path: string;
  dir: boolean;
  /** `path` split at `/` ([] for the root). */
  parts: readonly string[];
}

export class GlobRefusal extends Error {}

type Segment = { kind: "any" } | { kind: "name"; text: string };

/** The set of candidate paths the pattern finds. Throws GlobRefusal for a pattern not read exactly. */
export function globPaths(pattern: string, candidates: readonly GlobPath[]): GlobResult {
  if (pattern.startsWith("/")) throw new GlobRefusal("an absolute `path:` is refused by pathlib (and dbt)");
  const rawSegments = pattern.split("/");
  const segments: Segment[] = [];
  for (const s of rawSegments) {
    if (s === "" || s === ".") continue;
    if (s === "..") throw new GlobRefusal("`..` in a `path:` selector is not resolved by ODS");
    if (s === "**") segments.push({ kind: "any" });
    else if (s.includes("**"))
      throw new GlobRefusal("`**` inside a path segment reads differently across Python versions");
    else segments.push({ kind: "name", text: s });
  }
  if (segments.length === 0)
    throw new GlobRefusal("an empty `path:` pattern is refused by pathlib (and dbt)");
  const trailingSlash = pattern.endsWith("/");
  const trailingAny = segments[segments.length - 1]!.kind === "any";
  if (!trailingSlash && !trailingAny)
    return { paths: select(segments, candidates, false), alternative: null, why: "" };
  return {
    paths: select(segments, candidates, true),
    alternative: select(segments, candidates, false),
    why: trailingSlash
      ? "a trailing `/` keeps only folders on Python 3.11+ but not on 3.10, and here that changes what is selected"
      : "a trailing `**` finds files on Python 3.13+ but only folders before, and here that changes what is selected",
  };
}

export interface GlobResult {
  paths: Set<string>;
  /** The other Python versions' reading, when it may differ; the caller refuses the pattern if it selects differently. */
  alternative: Set<string> | null;
  why: string;
}

function select(
  segments: readonly Segment[],
  candidates: readonly GlobPath[],
  dirsOnly: boolean,
): Set<string> {
  const out = new Set<string>();
  for (const c of candidates) {
    if (dirsOnly && !c.dir) continue;
    if (matches(segments, 0, c.parts, 0)) out.add(c.path);
  }
  return out;
}

function matches(segments: readonly Segment[], si: number, parts: readonly string[], pi: number): boolean {
  if (si === segments.length) return pi === parts.length;
  const seg = segments[si]!;
  if (seg.kind === "any") {
    for (let k = pi; k <= parts.length; k++) if (matches(segments, si + 1, parts, k)) return true;
    return false;
  }
  return pi < parts.length && fnmatch(parts[pi]!, seg.text) && matches(segments, si + 1, parts, pi + 1);
}
