/**
 * GitHub's anchor of a file in a pull request's "Files changed" tab:
 * `#diff-<SHA-256 hex of the file's path in the repository>`. GitHub does
 * not document it; it has been the SHA-256 of the path since it replaced
 * the MD5 (go-gitea/gitea#19525, piceaTech/node-gitlab-2-github#215); a
 * wrong anchor only opens the tab at its top. Computed here, where the dbt
 * project's place in the repository is known (`project-dir` in the
 * workspace, the checkout's root), for the files of the nodes the pull
 * request changed (new, or their code changed: a node changed only by its
 * tests or checks has its file unchanged); the comment links each to its
 * file with it.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { changeGroupOf } from "../../comment/change-groups.js";
import type { Plan, PlanEntry } from "../../state/plan.js";

/** By `PlanEntry.file`, the hex digest of the file's path in the repository (project files only). */
export function diffAnchors(plan: Plan, workspace: string, projectDir: string): Record<string, string> {
  const project = path.relative(workspace, projectDir).split(path.sep).join("/");
  // A project outside the workspace can't be in the pull request's diff.
  if (project.startsWith("..") || path.isAbsolute(project)) return {};
  const anchors: Record<string, string> = {};
  for (const entry of plan.entries) {
    if (!entry.file || entry.package_name !== plan.project || !fileChanged(entry)) continue;
    anchors[entry.file] = diffAnchor(repositoryPath(project, entry.file));
  }
  return anchors;
}

/** A changed node whose own file may be in the diff: built as new or for a code change. */
function fileChanged(entry: PlanEntry): boolean {
  return (
    changeGroupOf(entry) === "changed" &&
    entry.action === "BUILD" &&
    entry.reasons.some((r) => r.code === "code_changed" || r.code === "never_built")
  );
}

/** `analytics/models/orders.sql` from the project's folder and the node's file (dbt writes `\` on Windows). */
export function repositoryPath(projectFolder: string, file: string): string {
  const joined = path.posix.join(projectFolder || ".", file.replaceAll("\\", "/"));
  return joined.replace(/^(\.\/)+/, "");
}

export function diffAnchor(repositoryFile: string): string {
  return createHash("sha256").update(repositoryFile, "utf8").digest("hex");
}
