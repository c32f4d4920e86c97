/**
 * What every section of the plan comment reads: the plan, the context, and
 * what the renderer derives from them once (the BUILD and REUSE entries, the
 * unit sizes are measured in, the target, the safe links). Pure.
 */
import type { Plan, PlanEntry } from "../../state/plan.js";
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
  return {
    plan,
    context,
    project: context.project ?? plan.project,
    phrase: { ...phraseContext(plan), project: plan.project },
    build: plan.entries.filter((e) => e.action === "BUILD"),
    reuse: plan.entries.filter((e) => e.action === "REUSE"),
    byId: new Map(plan.entries.map((e) => [e.unique_id, e])),
    size: options.measure === "utf8" ? utf8Length : (text) => text.length,
    target,
    marker: options.marker,
    jobSummaryUrl: target === "comment" ? safeUrl(context.links?.jobSummary) : undefined,
    artifactUrl: safeUrl(context.links?.planArtifact),
  };
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
