/**
 * The explained plan as GitHub-flavoured markdown: the PR comment and the job
 * summary. Pure: the plan and a CommentContext in, a string out; no clock,
 * file system, network or @actions/*.
 *
 * Layout, top to bottom (issue 22: what this pull request changed, first):
 * the hidden marker (the sticky upsert finds the comment by it); the
 * headline in one line (changed → downstream · rebuilt regardless, with a
 * link to why · reused; the build time reuse saves); the reference point
 * (compared with prod from main@sha, 3 h ago, linked to the run that saved
 * it); a note when the comment was shortened; warnings; the nodes this pull
 * request changed (whole, each linked to its file in the diff); the lineage
 * picture (right under them, so both are on the first screen); the nodes
 * downstream of the changes; the nodes rebuilt regardless of the pull
 * request, by cause; the source checks that run; after the post step, the
 * data diff (what the build does to the data: right after the lists of
 * what runs, which it is the outcome of, and before the folded reference
 * material a reviewer rarely opens); the reused nodes, folded;
 * the dbt command, folded; the PR environment; the promotion preview; a
 * footer with the links to the full plan. Lists are never adjacent (GitHub
 * would merge them into one): a heading, a paragraph or a fold is between.
 *
 * Size: GitHub refuses bodies over 65,536 characters, and keeps at most
 * 1 MiB (in UTF-8 bytes) of a step's job summary. The render targets `limit`
 * (65,000 characters for a comment, JOB_SUMMARY_LIMIT bytes for the job
 * summary) and always fits: when the full render is longer it shortens, in
 * this order, the REUSE list (as much as fits, then counts only), the nodes
 * rebuilt regardless and then those downstream (as much as fits, then
 * counts per cause), with the data diff's detail in between (its key
 * examples after the REUSE list, its per-column tables after the nodes
 * rebuilt regardless, one line per downstream model and then per model
 * after the downstream list: docs/decisions/data-diff-render.md says why),
 * the links of the changed nodes (never a changed node: that list is never
 * shortened), the picture (grouped, then left out), the promotion list, the
 * environment lists, the data diff down to its counts; it then says so at
 * the top and links to the job summary and the plan artifact.
 *
 * The command is never left out (issue 20): the plan's exact `build_command`
 * when it fits, else the plan's `short_command` (the planner keeps it within
 * COMMENT_COMMAND_BOUNDS), saying whether it runs more than the plan. The
 * comment swaps to the short command before anything else is cut (a reviewer
 * reads reasons, CI runs the exact command from the outputs); the job summary
 * swaps last (it is the run's record of what CI runs). Only a plan that
 * carries no command short enough (one without `short_command`) gets a
 * sentence instead. If even that is too long (only possible with a tiny
 * limit), a minimal comment with the headline, the command and the links is
 * returned, dropping the command only when it alone is over the limit.
 *
 * This module says which sections there are and how each is cut; the
 * generic fitting is src/comment/fit/fit-sections.ts, and each section's
 * content is its own module in src/comment/sections/.
 */
import type { Plan } from "../state/plan.js";
import type { CommentContext } from "./comment-context.js";
import { fitSections } from "./fit/fit-sections.js";
import { markerToken } from "./markdown-escape.js";
import { changedSection } from "./sections/changed.js";
import { checksSection } from "./sections/checks.js";
import { commandSection } from "./sections/command.js";
import { type CommentInput, commentInput } from "./sections/comment-input.js";
import { dataDiffSection } from "./sections/data-diff.js";
import { downstreamSection } from "./sections/downstream.js";
import { environmentSection } from "./sections/environment.js";
import { footerSection } from "./sections/footer.js";
import { headSection } from "./sections/head.js";
import { lineageSection } from "./sections/lineage-picture.js";
import { minimalWithCommand, minimalWithoutCommand } from "./sections/minimal.js";
import { promotionSection } from "./sections/promotion-preview.js";
import { regardlessSection } from "./sections/regardless.js";
import { reuseSection } from "./sections/reuse.js";
import { shortenedNote } from "./sections/shortened-note.js";
import { warningsSection } from "./sections/warnings.js";

/** What the comment aims at: under GitHub's 65,536 with room to spare. */
export const COMMENT_LIMIT = 65_000;
/** GitHub's hard limit on a comment body. */
export const GITHUB_COMMENT_MAX = 65_536;
/** GitHub's limit on what one step writes to its job summary: 1 MiB, in UTF-8 bytes. */
export const JOB_SUMMARY_MAX_BYTES = 1_048_576;
/**
 * UTF-8 bytes a step writes to its job summary at most, everything it
 * appends included (src/run/step-summary.ts): room under GitHub's limit for
 * the line ends the runner adds and the post step's one-line notes.
 */
export const JOB_SUMMARY_LIMIT = 1_040_000;

export interface RenderOptions {
  /** What the result may measure (in `measure` units); default COMMENT_LIMIT. */
  limit?: number;
  /** `chars` (UTF-16 code units, as GitHub counts a comment; the default) or `utf8` bytes (the job summary). */
  measure?: "chars" | "utf8";
  /** The hidden marker at the top; default true. */
  marker?: boolean;
  /** `job_summary` leaves out the marker and the link to the job summary itself. */
  target?: "comment" | "job_summary";
}

/** Project names longer than this are shortened in the marker (their start, a hash and the length). */
const MARKER_PROJECT_MAX = 100;

/**
 * The hidden marker the sticky upsert looks for: one comment per PR and per
 * project. A name longer than MARKER_PROJECT_MAX characters (dbt's are short;
 * the pull request can change it) keeps its start, a hash of the whole name
 * and its length, so the marker stays small and still tells names apart.
 */
export function commentMarker(project: string): string {
  const token =
    project.length <= MARKER_PROJECT_MAX
      ? markerToken(project)
      : `${markerToken(project.slice(0, MARKER_PROJECT_MAX))}~${fnv1a32(project)}~${project.length}`;
  return `<!-- ods-state:plan project=${token} -->`;
}

/** FNV-1a (32 bits) of the UTF-16 code units, as 8 hex digits: tells long names apart, not a secret. */
function fnv1a32(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/** The plan comment for a pull request (see the file comment for the layout and the size rule). */
export function renderComment(plan: Plan, context: CommentContext = {}, options: RenderOptions = {}): string {
  const target = options.target ?? "comment";
  const limit = options.limit ?? COMMENT_LIMIT;
  const marker =
    options.marker !== false && target === "comment"
      ? commentMarker(context.project ?? plan.project)
      : undefined;
  const input = commentInput(plan, context, { measure: options.measure, target, marker });
  return fitSections<SectionName>({
    limit,
    size: input.size,
    head: headSection(input),
    note: shortenedNote(input),
    order: ORDER,
    cuts: CUTS[target],
    restore: RESTORE[target],
    filling: FITTING,
    render: sectionRenderer(input),
    lastResort: {
      first: () => minimalWithCommand(input, limit),
      cut: ["command", 2],
      last: () => minimalWithoutCommand(input, limit),
    },
  });
}

/** The same markdown for GITHUB_STEP_SUMMARY: no marker, a limit in UTF-8 bytes (JOB_SUMMARY_LIMIT by default). */
export function renderJobSummary(
  plan: Plan,
  context: CommentContext = {},
  limit = JOB_SUMMARY_LIMIT,
): string {
  return renderComment(plan, context, { limit, measure: "utf8", marker: false, target: "job_summary" });
}

type SectionName =
  | "warnings"
  | "changed"
  | "lineage"
  | "downstream"
  | "regardless"
  | "checks"
  | "datadiff"
  | "reuse"
  | "command"
  | "environment"
  | "promotion"
  | "footer";

/**
 * Which sections go to which level, in order, until the comment fits. Level 1
 * of a list is "as much as fits". The changed nodes are cut last of the
 * lists, and their level 1 only drops the links to the diff unless they
 * alone are over the limit. The command has no cut that
 * leaves it out: level 1 is the plan's short command. Past the cuts, a
 * minimal comment with the command comes before level 2 (a sentence saying
 * where the command is, for a plan that carries none short enough).
 */
const LIST_CUTS: Array<[SectionName, number]> = [
  ["reuse", 1],
  ["reuse", 2],
  ["datadiff", 1],
  ["regardless", 1],
  ["regardless", 2],
  ["datadiff", 2],
  ["downstream", 1],
  ["downstream", 2],
  ["datadiff", 3],
  ["datadiff", 4],
  ["changed", 1],
  ["lineage", 1],
  ["lineage", 2],
  ["promotion", 1],
  ["promotion", 2],
  ["environment", 1],
  ["datadiff", 5],
];

const CUTS: Record<"comment" | "job_summary", Array<[SectionName, number]>> = {
  comment: [["command", 1], ...LIST_CUTS],
  job_summary: [...LIST_CUTS, ["command", 1]],
};

/** Sections given back detail after cutting, most important first. */
const RESTORE: Record<"comment" | "job_summary", SectionName[]> = {
  comment: [
    "changed",
    "lineage",
    "downstream",
    "datadiff",
    "command",
    "regardless",
    "promotion",
    "environment",
    "reuse",
  ],
  job_summary: [
    "command",
    "changed",
    "lineage",
    "downstream",
    "datadiff",
    "regardless",
    "promotion",
    "environment",
    "reuse",
  ],
};

/** Sections whose level 1 fills the space left (the budget), the first first. */
const FITTING: ReadonlySet<SectionName> = new Set([
  "changed",
  "downstream",
  "regardless",
  "reuse",
  "promotion",
]);

/** The sections under the head (and the note saying the plan was shortened), top to bottom. */
const ORDER: SectionName[] = [
  "warnings",
  "changed",
  "lineage",
  "downstream",
  "regardless",
  "checks",
  "datadiff",
  "reuse",
  "command",
  "environment",
  "promotion",
  "footer",
];

/** Each section's content at a level (the grouped lists phrase their lines once per render). */
function sectionRenderer(input: CommentInput): (name: SectionName, level: number, budget: number) => string {
  const downstream = downstreamSection(input);
  const regardless = regardlessSection(input);
  return (name, level, budget) => {
    switch (name) {
      case "warnings":
        return warningsSection(input);
      case "changed":
        return changedSection(input, level, budget);
      case "lineage":
        return lineageSection(input, level);
      case "downstream":
        return downstream(level, budget);
      case "regardless":
        return regardless(level, budget);
      case "checks":
        return checksSection(input);
      case "datadiff":
        return dataDiffSection(input, level);
      case "reuse":
        return reuseSection(input, level, budget);
      case "command":
        return commandSection(input, level);
      case "environment":
        return environmentSection(input, level);
      case "promotion":
        return promotionSection(input, level, budget);
      case "footer":
        return footerSection(input);
    }
  };
}
