/**
 * What every section of the plan comment reads: the plan, the context, and
 * what the renderer derives from them once (the BUILD and REUSE entries, the
 * unit sizes are measured in, the target, the safe links). Pure.
 */
import type { Plan, PlanEntry } from "../../state/plan.js";
import { type ChangeGroups, groupEntries } from "../change-groups.js";
import type { CommentContext } from "../comment-context.js";
import { mdCode, safeUrl } from "../markdown-escape.js";
import { displayId, entryLabel, type PhraseContext, phraseContext } from "../reason-phrases.js";
import { utf8Length } from "../utf8-length.js";
import { plural } from "../words.js";

export type CommentTarget = "comment" | "job_summary";

export interface CommentInput {
  plan: Plan;
  context: CommentContext;
  /** The project shown: the context's, else the plan's. */
  project: string;
  phrase: PhraseContext;
  build: PlanEntry[];
  reuse: PlanEntry[];
  /** The entries by group (change-groups.ts), in plan order. */
  groups: ChangeGroups;
  /** "Now" for relative times: the context's, else the plan's clock value. */
  now: string;
  /** `https://github.com/OWNER/REPO/pull/N/files`, when the context has both. */
  pullFilesUrl: string | undefined;
  byId: Map<string, PlanEntry>;
  /** The size of a text in the limit's unit. */
  size: (text: string) => number;
  target: CommentTarget;
  /** The hidden marker line, when the comment carries one. */
  marker: string | undefined;
  jobSummaryUrl: string | undefined;
  artifactUrl: string | undefined;
}

export function commentInput(
  plan: Plan,
  context: CommentContext,
  options: { measure?: "chars" | "utf8"; target?: CommentTarget; marker?: string },
): CommentInput {
  const target = options.target ?? "comment";
  const repo = safeUrl(context.repositoryUrl)?.replace(/\/+$/, "");
  const pr =
    Number.isSafeInteger(context.pullRequest) && context.pullRequest! > 0 ? context.pullRequest : undefined;
  return {
    plan,
    context,
    project: context.project ?? plan.project,
    phrase: { ...phraseContext(plan), project: plan.project },
    build: plan.entries.filter((e) => e.action === "BUILD"),
    reuse: plan.entries.filter((e) => e.action === "REUSE"),
    groups: groupEntries(plan.entries),
    now: context.now ?? plan.planned_at,
    pullFilesUrl: repo && pr !== undefined ? `${repo}/pull/${pr}/files` : undefined,
    byId: new Map(plan.entries.map((e) => [e.unique_id, e])),
    size: options.measure === "utf8" ? utf8Length : (text) => text.length,
    target,
    marker: options.marker,
    jobSummaryUrl: target === "comment" ? safeUrl(context.links?.jobSummary) : undefined,
    artifactUrl: safeUrl(context.links?.planArtifact),
  };
}

/**
 * The link to a node's file in the pull request's diff (GitHub's anchor
 * `#diff-<SHA-256 hex of the path>`), when the context has the pull request,
 * the repository and the file's anchor.
 */
export function diffLink(input: CommentInput, entry: PlanEntry): string | undefined {
  // The caller knows where the project's files are; a package's are elsewhere (and rarely in the diff).
  if (!input.pullFilesUrl || !entry.file || entry.package_name !== input.plan.project) return undefined;
  const hex = input.context.diffAnchors?.[entry.file];
  return hex && /^[0-9a-f]{64}$/.test(hex) ? `${input.pullFilesUrl}#diff-${hex}` : undefined;
}

/** A node's name as shown, from its plan entry when it has one. */
export function nameOf(input: CommentInput, id: string): string {
  const e = input.byId.get(id);
  return e ? entryLabel(e, input.plan.project) : displayId(id, input.plan.project);
}

/** The first `shown` names, then how many more. */
export function nameList(input: CommentInput, ids: readonly string[], shown: number): string {
  const names = ids.slice(0, shown).map((id) => mdCode(nameOf(input, id)));
  const rest = ids.length - names.length;
  return names.join(", ") + (rest > 0 ? ` and ${plural(rest, "more")}` : "");
}

/** "comment" or "summary", as the text calls itself. */
export function selfName(input: CommentInput): string {
  return input.target === "comment" ? "comment" : "summary";
}
