/**
 * The explained plan as GitHub-flavoured markdown: the PR comment and the job
 * summary. Pure: the plan and a CommentContext in, a string out; no clock,
 * file system, network or @actions/*.
 *
 * Layout, top to bottom: the hidden marker (the sticky upsert finds the
 * comment by it); the headline (project, counts, the build time reuse saves,
 * what was compared with what); a note when the comment was shortened;
 * warnings; the BUILD list with reasons (or, after the run, the outcome per
 * node); the REUSE list folded in <details> with the notable ones first;
 * the lineage picture (mermaid); the dbt command; the PR environment; the
 * promotion preview; a footer with the links to the full plan.
 *
 * Size: GitHub refuses bodies over 65,536 characters, and keeps at most
 * 1 MiB (in UTF-8 bytes) of a step's job summary. The render targets `limit`
 * (65,000 characters for a comment, JOB_SUMMARY_LIMIT bytes for the job
 * summary) and always fits: when the full render is longer it shortens, in
 * this order, the REUSE list (as much as fits, then counts only), the BUILD
 * reasons (as much as fits, then counts per reason), the picture (grouped,
 * then left out), the promotion list, the environment lists; it then says so
 * at the top and links to the job summary and the plan artifact.
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
 */
import type { Plan, PlanEntry, ReasonCode } from "../state/plan.js";
import type { CommentContext, NodeRunStatus } from "./comment-context.js";
import { buildLineage, type LineageLevel, lineageNotes } from "./lineage.js";
import {
  codeBlock,
  MAX_NAME,
  markerToken,
  mdCode,
  mdMessage,
  mdText,
  safeUrl,
  truncate,
} from "./markdown-escape.js";
import {
  displayId,
  entryLabel,
  type PhraseContext,
  phraseContext,
  phraseEntry,
  primaryCode,
  REASON_TITLES,
} from "./reason-phrases.js";
import { utf8Length } from "./utf8-length.js";
import { orderedWarnings, warningParts } from "./warning-titles.js";
import { formatCount, formatDuration, formatTime, plural, shortSha, wordsToMarkdown } from "./words.js";

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

/** Names shown per list in the environment block. */
const ENVIRONMENT_NAMES_SHOWN = 30;
/** Sources with running checks listed; the rest are counted. */
const CHECKS_SHOWN = 20;
/** Warnings shown; the rest are counted. */
const WARNINGS_SHOWN = 10;

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
  return new CommentRenderer(plan, context, options).render();
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
  | "note"
  | "warnings"
  | "build"
  | "checks"
  | "reuse"
  | "lineage"
  | "command"
  | "environment"
  | "promotion"
  | "footer";

/**
 * Which sections go to which level, in order, until the comment fits. Level 1
 * of a list is "as much as fits". The command has no cut that leaves it
 * out: level 1 is the plan's short command. Past the cuts, a minimal comment
 * with the command comes before level 2 (a sentence saying where the command
 * is, for a plan that carries none short enough).
 */
const LIST_CUTS: Array<[SectionName, number]> = [
  ["reuse", 1],
  ["reuse", 2],
  ["build", 1],
  ["build", 2],
  ["lineage", 1],
  ["lineage", 2],
  ["promotion", 1],
  ["promotion", 2],
  ["environment", 1],
];

const CUTS: Record<"comment" | "job_summary", Array<[SectionName, number]>> = {
  comment: [["command", 1], ...LIST_CUTS],
  job_summary: [...LIST_CUTS, ["command", 1]],
};

/** Sections given back detail after cutting, most important first. */
const RESTORE: Record<"comment" | "job_summary", SectionName[]> = {
  comment: ["lineage", "build", "command", "promotion", "environment", "reuse"],
  job_summary: ["command", "lineage", "build", "promotion", "environment", "reuse"],
};

/** Sections whose level 1 fills the space left (the budget). */
const FITTING: ReadonlySet<SectionName> = new Set(["build", "reuse", "promotion"]);

const ORDER: SectionName[] = [
  "note",
  "warnings",
  "build",
  "checks",
  "reuse",
  "lineage",
  "command",
  "environment",
  "promotion",
  "footer",
];

const SEPARATOR = "\n\n";

const STATUS_ICONS: Record<NodeRunStatus | "not_run", string> = {
  built: "✅",
  failed: "❌",
  skipped: "⏭️",
  not_run: "➖",
};

class CommentRenderer {
  private readonly project: string;
  private readonly phrase: PhraseContext;
  private readonly build: PlanEntry[];
  private readonly reuse: PlanEntry[];
  private readonly byId: Map<string, PlanEntry>;
  private readonly limit: number;
  /** The size of a text in the limit's unit. */
  private readonly size: (text: string) => number;
  private readonly target: "comment" | "job_summary";
  private readonly jobSummaryUrl: string | undefined;
  private readonly artifactUrl: string | undefined;
  private cut = false;
  private buildLines: string[] | undefined;

  private readonly plan: Plan;
  private readonly context: CommentContext;
  private readonly options: RenderOptions;

  constructor(plan: Plan, context: CommentContext, options: RenderOptions) {
    this.plan = plan;
    this.context = context;
    this.options = options;
    this.project = context.project ?? plan.project;
    this.phrase = { ...phraseContext(plan), project: plan.project };
    this.build = plan.entries.filter((e) => e.action === "BUILD");
    this.reuse = plan.entries.filter((e) => e.action === "REUSE");
    this.byId = new Map(plan.entries.map((e) => [e.unique_id, e]));
    this.limit = options.limit ?? COMMENT_LIMIT;
    this.size = options.measure === "utf8" ? utf8Length : (text) => text.length;
    this.target = options.target ?? "comment";
    this.jobSummaryUrl = this.target === "comment" ? safeUrl(context.links?.jobSummary) : undefined;
    this.artifactUrl = safeUrl(context.links?.planArtifact);
  }

  render(): string {
    const levels = new Map<SectionName, number>(ORDER.map((s) => [s, 0]));
    let out = this.compose(levels);
    if (out.size <= this.limit) return out.text;
    this.cut = true;
    for (const [section, level] of CUTS[this.target]) {
      levels.set(section, level);
      out = this.compose(levels);
      if (out.size <= this.limit) break;
    }
    if (out.size > this.limit) {
      const withCommand = this.minimal(true);
      if (withCommand !== undefined) return withCommand;
      levels.set("command", 2);
      out = this.compose(levels);
      if (out.size > this.limit) return this.minimal(false);
    }
    // Cutting in order may have cut more than needed (a long command cut
    // leaves room for the picture and the reasons): give back detail, most
    // important first, while it still fits.
    for (const section of RESTORE[this.target]) {
      const current = levels.get(section)!;
      for (let level = 0; level < current; level++) {
        levels.set(section, level);
        const candidate = this.compose(levels);
        if (candidate.size <= this.limit) {
          out = candidate;
          break;
        }
        levels.set(section, current);
      }
    }
    return out.text;
  }

  // ---- composition -------------------------------------------------------

  /** The comment at these levels, and its size (the sum of its parts': a section is measured once). */
  private compose(levels: Map<SectionName, number>): { text: string; size: number } {
    const head = this.head();
    const rendered = new Map<SectionName, string>();
    let used = this.size(head);
    for (const name of ORDER) {
      const level = levels.get(name)!;
      if (FITTING.has(name) && level === 1) continue;
      const { text, size } = this.measured(name, level, Number.POSITIVE_INFINITY);
      rendered.set(name, text);
      if (text) used += size + SEPARATOR.length;
    }
    for (const name of ORDER) {
      const level = levels.get(name)!;
      if (!(FITTING.has(name) && level === 1)) continue;
      // Its separator and the final newline count too.
      const budget = this.limit - used - SEPARATOR.length - 1;
      const { text, size } = this.measured(name, level, budget);
      rendered.set(name, text);
      if (text) used += size + SEPARATOR.length;
    }
    const parts = [head, ...ORDER.map((name) => rendered.get(name)!).filter((t) => t !== "")];
    return { text: parts.join(SEPARATOR) + "\n", size: used + 1 };
  }

  private readonly sections = new Map<string, { text: string; size: number }>();

  /** Sections are pure in (name, level, budget): each is rendered and measured once. */
  private measured(name: SectionName, level: number, budget: number): { text: string; size: number } {
    if (name === "note") {
      const text = this.cut ? this.shortenedNote() : "";
      return { text, size: this.size(text) };
    }
    const key = `${name}:${level}:${FITTING.has(name) && level === 1 ? budget : ""}`;
    let entry = this.sections.get(key);
    if (entry === undefined) {
      const text = this.renderSection(name, level, budget);
      entry = { text, size: this.size(text) };
      this.sections.set(key, entry);
    }
    return entry;
  }

  private section(name: SectionName, level: number, budget: number): string {
    return this.measured(name, level, budget).text;
  }

  private renderSection(name: SectionName, level: number, budget: number): string {
    switch (name) {
      case "note":
        return this.cut ? this.shortenedNote() : "";
      case "warnings":
        return this.warnings();
      case "build":
        return this.buildSection(level, budget);
      case "checks":
        return this.checksSection();
      case "reuse":
        return this.reuseSection(level, budget);
      case "lineage":
        return this.lineageSection(level);
      case "command":
        return this.commandSection(level);
      case "environment":
        return this.environmentSection(level);
      case "promotion":
        return this.promotionSection(level, budget);
      case "footer":
        return this.footer();
    }
  }

  /**
   * The headline, the command and the links, dropping parts whole (never
   * cutting inside markup) until it fits. `withCommand`: with the shortest
   * command the plan carries, or undefined when that doesn't fit; else
   * without it, down to one line.
   */
  private minimal(withCommand: true): string | undefined;
  private minimal(withCommand: false): string;
  private minimal(withCommand: boolean): string | undefined {
    const tooLarge = "The plan is too large to summarise here.";
    const command = withCommand ? this.section("command", 1, Number.POSITIVE_INFINITY) : "";
    const candidates = withCommand
      ? [
          [this.head(), this.shortenedNote(), tooLarge, command, this.footer()],
          [this.head(), this.shortenedNote(), tooLarge, command],
          [this.head(), command],
        ]
      : [
          [this.head(), this.shortenedNote(), tooLarge, this.footer()],
          [this.head(), this.shortenedNote(), tooLarge],
          [this.head(), tooLarge],
        ];
    for (const parts of candidates) {
      const text = parts.filter((part) => part !== "").join(SEPARATOR) + "\n";
      if (this.size(text) <= this.limit) return text;
    }
    if (withCommand) return undefined;
    const marker =
      this.options.marker !== false && this.target === "comment" ? commentMarker(this.project) + "\n" : "";
    const line = `ods-state plan: ${formatCount(this.build.length)} to build, ${formatCount(this.reuse.length)} to reuse.`;
    // ASCII but for the "…" of a cut (3 bytes in UTF-8).
    return marker + truncate(line, Math.max(1, this.limit - this.size(marker) - 3)) + "\n";
  }

  // ---- head ----------------------------------------------------------------

  private head(): string {
    const lines: string[] = [];
    if (this.options.marker !== false && this.target === "comment") lines.push(commentMarker(this.project));
    lines.push(`### ods-state plan for ${mdCode(this.project)}`);
    return [lines.join("\n"), this.headline(), this.compared()].join(SEPARATOR);
  }

  private headline(): string {
    const outcome = this.context.outcome;
    const reuseSeconds = sumDurations(this.reuse);
    const buildSeconds = sumDurations(this.build);
    const total = reuseSeconds + buildSeconds;
    const reused = `${formatCount(this.reuse.length)} reused`;
    if (outcome) {
      const counts = this.outcomeCounts();
      const parts = [`${formatCount(counts.built)} built`];
      if (counts.failed) parts.push(`${formatCount(counts.failed)} failed`);
      if (counts.skipped) parts.push(`${formatCount(counts.skipped)} skipped`);
      if (counts.not_run) parts.push(`${formatCount(counts.not_run)} not run`);
      parts.push(reused);
      const tail: string[] = [];
      if (outcome.total_duration_s !== undefined)
        tail.push(`dbt ran for ${formatDuration(outcome.total_duration_s)}`);
      if (reuseSeconds > 0) tail.push(`reuse saved about ${approx(reuseSeconds)}`);
      return `**${parts.join(" · ")}**` + (tail.length ? ` — ${tail.join("; ")}.` : "");
    }
    if (this.build.length === 0 && this.reuse.length === 0)
      return "**Nothing selected** — the plan is empty.";
    const counts = `**${formatCount(this.build.length)} to build · ${formatCount(this.reuse.length)} to reuse**`;
    if (reuseSeconds <= 0 || total <= 0) return counts;
    const missing = this.build.filter((e) => e.last_duration_s === undefined).length;
    const caveat =
      missing > 0
        ? ` (${plural(missing, "node")} to build ${missing === 1 ? "has" : "have"} no recorded duration)`
        : "";
    return `${counts} — reuse saves about ${approx(reuseSeconds)} of ${approx(total)} of build time${caveat}.`;
  }

  private compared(): string {
    const c = this.context;
    const env = c.base?.environment ?? this.plan.environment;
    const head = this.headReference();
    if (!this.plan.state.found) {
      return (
        `${head ? `${head}: no` : "No"} recorded state for **${mdText(env, MAX_NAME)}** yet, so every node is built. ` +
        "Once a run on the main branch records state, this comment shows what can be reused."
      );
    }
    const run = c.base?.runId ?? this.plan.state.run_id;
    const at = c.base?.recordedAt ?? this.plan.state.created_at;
    const details: string[] = [];
    if (c.base?.commit) details.push(`commit ${this.commitLink(c.base.commit)}`);
    if (at) details.push(`recorded ${formatTime(at)}`);
    const against =
      `**${mdText(env, MAX_NAME)}**` +
      (run ? ` at run ${mdCode(run)}` : "") +
      (details.length ? ` (${details.join(", ")})` : "");
    return head ? `${head} compared with ${against}.` : `Compared with ${against}.`;
  }

  private headReference(): string | undefined {
    const c = this.context;
    const pr = Number.isSafeInteger(c.pullRequest) && c.pullRequest! > 0 ? c.pullRequest : undefined;
    if (c.headSha) return `${pr ? "Head" : "Commit"} ${this.commitLink(c.headSha)}${pr ? ` of #${pr}` : ""}`;
    return pr ? `Pull request #${pr}` : undefined;
  }

  private commitLink(sha: string): string {
    const repo = safeUrl(this.context.repositoryUrl);
    const codeSha = mdCode(shortSha(sha));
    return repo && /^[0-9a-f]{7,64}$/i.test(sha)
      ? `[${codeSha}](${repo.replace(/\/+$/, "")}/commit/${sha})`
      : codeSha;
  }

  // ---- note, warnings, footer -------------------------------------------------

  private fullPlanLinks(): string | undefined {
    const links: string[] = [];
    if (this.jobSummaryUrl) links.push(`[job summary](${this.jobSummaryUrl})`);
    if (this.artifactUrl) links.push(`[plan artifact](${this.artifactUrl})`);
    return links.length ? links.join(" · ") : undefined;
  }

  private shortenedNote(): string {
    const links = this.fullPlanLinks();
    const file = this.planFile();
    const where = links
      ? `The full plan: ${links}${file ? `; the plan file ${file}` : ""}.`
      : file
        ? `The full plan is in the plan file ${file}.`
        : this.target === "comment"
          ? "The full plan is in this run's job summary."
          : "The full plan is in `ods-state plan --format json`.";
    return `> [!NOTE]\n> This plan is too long for one ${this.target === "comment" ? "comment" : "summary"}, so parts of it are shortened. ${where}`;
  }

  /** The plan's warnings, each with its title (a superset selection first), at most WARNINGS_SHOWN. */
  private warnings(): string {
    const warnings = orderedWarnings(this.plan.warnings);
    if (warnings.length === 0) return "";
    const lines = warnings.slice(0, WARNINGS_SHOWN).map((w) => {
      const { title, message } = warningParts(w);
      return `> - ${title ? `**${mdText(title)}**: ` : ""}${mdMessage(message)}`;
    });
    if (warnings.length > WARNINGS_SHOWN)
      lines.push(`> - and ${plural(warnings.length - WARNINGS_SHOWN, "more warning")}.`);
    return ["> [!WARNING]", ...lines].join("\n");
  }

  private footer(): string {
    const parts: string[] = [];
    const links = this.fullPlanLinks();
    if (links) parts.push(`Full plan: ${links}`);
    parts.push(`ods-state${this.context.toolVersion ? ` ${mdText(this.context.toolVersion, 40)}` : ""}`);
    parts.push(`planned ${formatTime(this.plan.planned_at)}`);
    return `<sub>${parts.join(" · ")}</sub>`;
  }

  // ---- BUILD --------------------------------------------------------------

  private outcomeCounts(): Record<NodeRunStatus | "not_run", number> {
    const counts = { built: 0, failed: 0, skipped: 0, not_run: 0 };
    for (const e of this.build) counts[this.context.outcome?.nodes[e.unique_id]?.status ?? "not_run"]++;
    return counts;
  }

  private buildHeading(): string {
    if (!this.context.outcome) return `### To build (${formatCount(this.build.length)})`;
    const c = this.outcomeCounts();
    const parts = [`${formatCount(c.built)} built`];
    if (c.failed) parts.push(`${formatCount(c.failed)} failed`);
    if (c.skipped) parts.push(`${formatCount(c.skipped)} skipped`);
    if (c.not_run) parts.push(`${formatCount(c.not_run)} not run`);
    return `### Built: ${parts.join(" · ")}`;
  }

  private buildLine(entry: PlanEntry): string {
    const name = mdCode(entryLabel(entry, this.plan.project));
    const kind =
      entry.resource_type && entry.resource_type !== "model" ? ` (${mdText(entry.resource_type, 20)})` : "";
    const why = wordsToMarkdown(phraseEntry(entry, this.phrase));
    const outcome = this.context.outcome;
    if (!outcome) return `- ${name}${kind} — ${why}`;
    const result = outcome.nodes[entry.unique_id];
    const status = result?.status ?? "not_run";
    const duration = result?.duration_s !== undefined ? formatDuration(result.duration_s) : undefined;
    let what: string;
    if (status === "built") what = duration ? `built in ${duration}` : "built";
    else if (status === "failed")
      what =
        `**failed**${duration ? ` after ${duration}` : ""}` +
        (result?.message ? `: ${mdMessage(result.message, 300)}` : "");
    else if (status === "skipped") what = "skipped";
    else what = "not run";
    return `- ${STATUS_ICONS[status]} ${name}${kind} — ${what} · ${why}`;
  }

  private buildSection(level: number, budget: number): string {
    if (this.build.length === 0) {
      return this.reuse.length ? "Nothing to build: every selected node is reused." : "";
    }
    const heading = this.buildHeading();
    if (!this.buildLines) this.buildLines = this.build.map((e) => this.buildLine(e));
    const lines = this.buildLines;
    if (level === 0) {
      const shared = this.sharedReason();
      if (shared !== undefined) {
        const names = this.build.map((e) => mdCode(entryLabel(e, this.plan.project))).join(", ");
        return [
          heading,
          `${plural(this.build.length, "node")}, all for the same reason: ${shared}.`,
          names,
        ].join(SEPARATOR);
      }
      return [heading, lines.join("\n")].join(SEPARATOR);
    }
    const counts = countsByReason(this.build);
    const compact = [heading, `Too many to list here; by reason:\n${counts}`].join(SEPARATOR);
    if (level === 2) return compact;
    const intro = [heading, `By reason:\n${counts}`].join(SEPARATOR);
    const list = fitLines(
      lines,
      budget - this.size(intro) - SEPARATOR.length,
      (rest) => `- … and ${plural(rest, "more node")}${this.seeFullPlan()}`,
      this.size,
    );
    return list === undefined ? compact : [intro, list].join(SEPARATOR);
  }

  /** The reason every BUILD node shares (no state, a new scheme), before the run and past 3 nodes. */
  private sharedReason(): string | undefined {
    if (!this.shared) this.shared = { value: this.findSharedReason() };
    return this.shared.value;
  }

  private shared: { value: string | undefined } | undefined;

  private findSharedReason(): string | undefined {
    if (this.context.outcome || this.build.length <= 3) return undefined;
    const code = primaryCode(this.build[0]!);
    if (!code || !SHARED_CODES.has(code)) return undefined;
    const first = wordsToMarkdown(phraseEntry(this.build[0]!, this.phrase));
    for (const e of this.build) if (wordsToMarkdown(phraseEntry(e, this.phrase)) !== first) return undefined;
    return first;
  }

  /** The job summary names the plan file on the runner (the action's `plan-path` output); a comment doesn't. */
  private planFile(): string | undefined {
    const file = this.context.links?.planFile;
    if (this.target !== "job_summary" || !file) return undefined;
    return `${mdCode(file, 300)} (the action's ${mdCode("plan-path")} output)`;
  }

  private seeFullPlan(): string {
    const links: string[] = [];
    if (this.jobSummaryUrl) links.push(`the [job summary](${this.jobSummaryUrl})`);
    if (this.artifactUrl) links.push(`the [plan artifact](${this.artifactUrl})`);
    const file = this.planFile();
    if (file) links.push(`the plan file ${file}`);
    return links.length ? `: see ${links.join(" or ")}` : "";
  }

  // ---- source checks -------------------------------------------------------

  /** Sources whose checks (data tests) run with the build: bounded, never cut. */
  private checksSection(): string {
    const checks = this.plan.source_checks ?? [];
    const run = checks.filter((c) => c.action === "RUN");
    if (run.length === 0) return "";
    const skipped = checks.length - run.length;
    const lines = run
      .slice(0, CHECKS_SHOWN)
      .map((c) => `- ${mdCode(c.name)} — ${mdMessage(c.reason.message)}`);
    if (run.length > CHECKS_SHOWN) lines.push(`- … and ${plural(run.length - CHECKS_SHOWN, "more source")}`);
    const heading = `**Source checks that run (${formatCount(run.length)})**${skipped ? `; ${formatCount(skipped)} skipped, unchanged` : ""}:`;
    return [heading, lines.join("\n")].join("\n");
  }

  // ---- REUSE --------------------------------------------------------------

  private reuseSection(level: number, budget: number): string {
    if (this.reuse.length === 0) return "";
    const notable = this.reuse.filter(
      (e) => e.checks !== undefined || e.reasons.some((r) => r.code !== "unchanged"),
    );
    const plain = this.reuse.filter((e) => !notable.includes(e));
    const byCode = new Map<ReasonCode, number>();
    for (const e of this.reuse) {
      const c = primaryCode(e);
      if (c) byCode.set(c, (byCode.get(c) ?? 0) + 1);
    }
    const summaryCounts = [...byCode.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([c, n]) => `${formatCount(n)} ${REUSE_WORDS[c] ?? REASON_TITLES[c]}`)
      .join(", ");
    const summary = `<details>\n<summary><b>To reuse (${formatCount(this.reuse.length)})</b>: ${summaryCounts}</summary>`;
    const relationNote = this.relationNote();
    const close = "</details>";
    const compact = [summary, `Too many to list here${this.seeFullPlan()}.`, close].join(SEPARATOR);
    if (level === 2) return compact;

    const notableLines = notable.map(
      (e) =>
        `- ${mdCode(entryLabel(e, this.plan.project))} — ${wordsToMarkdown(phraseEntry(e, this.phrase))}`,
    );
    const plainGroups = groupUnchanged(plain, this.plan.project);
    if (level === 0) {
      const blocks = [summary];
      if (notableLines.length) blocks.push(notableLines.join("\n"));
      for (const g of plainGroups) blocks.push(g.heading + g.names.join(", ") + ".");
      if (relationNote) blocks.push(relationNote);
      blocks.push(close);
      return blocks.join(SEPARATOR);
    }
    // Level 1: as much as fits, notable nodes first.
    let room =
      budget -
      this.size(summary) -
      close.length -
      3 * SEPARATOR.length -
      (relationNote ? this.size(relationNote) + 2 : 0);
    const blocks = [summary];
    const notableFit = fitLines(
      notableLines,
      Math.min(room, Math.max(0, room - 200)),
      (rest) => `- … and ${plural(rest, "more")}`,
      this.size,
    );
    if (notableFit === undefined) return compact;
    if (notableFit) {
      blocks.push(notableFit);
      room -= this.size(notableFit) + SEPARATOR.length;
    }
    for (const g of plainGroups) {
      const names = fitItems(g.names, room - this.size(g.heading) - 40, this.size);
      if (names === undefined) {
        blocks.push(`${g.heading}${plural(g.names.length, "node")}.`);
        room -= this.size(g.heading) + 20;
        continue;
      }
      const text = g.heading + names.text + (names.rest ? ` and ${plural(names.rest, "more")}.` : ".");
      blocks.push(text);
      room -= this.size(text) + SEPARATOR.length;
    }
    if (relationNote) blocks.push(relationNote);
    blocks.push(close);
    const text = blocks.join(SEPARATOR);
    return this.size(text) <= budget ? text : compact;
  }

  private relationNote(): string | undefined {
    const unchecked = this.reuse.filter((e) => !e.relation_check?.checked).length;
    if (unchecked === 0) return undefined;
    if (unchecked === this.reuse.length)
      return "<sub>Whether the reused relations still exist was not checked (no warehouse connection when planning).</sub>";
    return `<sub>Whether the relation still exists was not checked for ${plural(unchecked, "reused node")}.</sub>`;
  }

  // ---- lineage, command ------------------------------------------------------

  private lineageSection(level: number): string {
    if (level >= 2) return "";
    const lineage = buildLineage(this.plan, this.context.outcome, level as LineageLevel);
    if (!lineage) return "";
    const { legend, note } = lineageNotes(lineage);
    const parts = ["### Lineage", "```mermaid\n" + lineage.mermaid + "\n```", `<sub>${legend}</sub>`];
    if (note) parts.push(note);
    return parts.join(SEPARATOR);
  }

  /**
   * The dbt command, from what the plan carries (never recomputed): level 0
   * the exact `build_command` (in a comment, the plan's `short_command` when
   * that one selects the same: it is shorter and loses nothing); level 1 the
   * plan's `short_command` when it has one (else still the exact command);
   * level 2, only for a plan whose commands all are over the limit, where the
   * command is. A command is never truncated: it is whole or not shown.
   */
  private commandSection(level: number): string {
    const exact = this.plan.build_command;
    if (!exact) return "";
    const heading = this.context.outcome ? "### dbt command for the build set" : "### Command";
    const short = this.plan.short_command;
    if (level === 0 && short?.exact && this.target === "comment") level = 1;
    if (level === 0 || (level === 1 && !short)) {
      const note = this.exactCommandNote();
      return [heading, commandBlock(exact), ...(note ? [note] : [])].join(SEPARATOR);
    }
    if (level === 1 && short)
      return [heading, commandBlock(short.command), this.shortCommandNote(short)].join(SEPARATOR);
    const where =
      this.target === "comment"
        ? `in the job summary and in the action's ${mdCode("select")} and ${mdCode("exclude")} outputs`
        : `in the action's ${mdCode("select")} and ${mdCode("exclude")} outputs and in the plan file (${mdCode("build_command")})`;
    return [
      heading,
      `The command selects ${plural(this.build.length, "node")} and is too long for this ${this.target === "comment" ? "comment" : "summary"}: it is ${where}.`,
    ].join(SEPARATOR);
  }

  /** Under the exact command, when it runs more than the plan: how many more, and that their tests run. */
  private exactCommandNote(): string {
    if (this.plan.select_exact !== false) return "";
    const extra = this.plan.select_extra?.length ?? 0;
    return `No exact dbt selection fits the bounds, so this command runs ${moreThanThePlan(extra)} (listed in the plan's ${mdCode("select_extra")}): more, never fewer. ${TESTS_RUN}`;
  }

  /** Under the short command: that it is not the exact one, what it adds, where the exact one is, that tests run. */
  private shortCommandNote(short: NonNullable<Plan["short_command"]>): string {
    const exactIs = this.plan.select_exact === false ? "full" : "exact";
    const what = short.exact
      ? `this shorter one selects the same nodes`
      : `this shorter one runs ${moreThanThePlan(short.extra)}`;
    const where =
      this.target === "comment"
        ? `in the job summary and the ${mdCode("select")}/${mdCode("exclude")} outputs`
        : `in the ${mdCode("select")}/${mdCode("exclude")} outputs and the plan file (${mdCode("build_command")})`;
    return `The ${exactIs} command is too long for this ${this.target === "comment" ? "comment" : "summary"}; ${what}. CI runs the ${exactIs} command, ${where}. ${TESTS_RUN}`;
  }

  // ---- environment, promotion ----------------------------------------------

  private nameOf(id: string): string {
    const e = this.byId.get(id);
    return e ? entryLabel(e, this.plan.project) : displayId(id, this.plan.project);
  }

  private nameList(ids: readonly string[], shown: number): string {
    const names = ids.slice(0, shown).map((id) => mdCode(this.nameOf(id)));
    const rest = ids.length - names.length;
    return names.join(", ") + (rest > 0 ? ` and ${plural(rest, "more")}` : "");
  }

  private environmentSection(level: number): string {
    const env = this.context.environment;
    if (!env) return "";
    const parts = [`### PR environment ${mdCode(env.name)}`];
    const lines: string[] = [];
    if (env.schemas.length)
      lines.push(
        `Schemas: ${env.schemas
          .slice(0, ENVIRONMENT_NAMES_SHOWN)
          .map((s) => mdCode(s))
          .join(
            ", ",
          )}${env.schemas.length > ENVIRONMENT_NAMES_SHOWN ? ` and ${plural(env.schemas.length - ENVIRONMENT_NAMES_SHOWN, "more")}` : ""}.`,
      );
    if (level >= 1) {
      lines.push(
        `${plural(env.builtHere.length, "node")} ${env.builtHere.length === 1 ? "is" : "are"} built here; ${plural(env.readsProd.length, "node")} ${env.readsProd.length === 1 ? "reads" : "read"} prod through pointer views.`,
      );
    } else {
      if (env.builtHere.length)
        lines.push(
          `Built here (${formatCount(env.builtHere.length)}): ${this.nameList(env.builtHere, ENVIRONMENT_NAMES_SHOWN)}.`,
        );
      if (env.readsProd.length)
        lines.push(
          `Read from prod through pointer views (${formatCount(env.readsProd.length)}): ${this.nameList(env.readsProd, ENVIRONMENT_NAMES_SHOWN)}.`,
        );
    }
    parts.push(lines.join("<br>\n"));
    if (env.exampleQuery) parts.push("Try it:", codeBlock(env.exampleQuery, "sql", 2000));
    return parts.join(SEPARATOR);
  }

  private promotionSection(level: number, budget: number): string {
    const promotion = this.context.promotion;
    if (!promotion || promotion.nodes.length === 0) return "";
    const into = promotion.into ?? "prod";
    const yes = promotion.nodes.filter((n) => n.promotable);
    const no = promotion.nodes.filter((n) => !n.promotable);
    const heading = `### On merge into **${mdText(into, MAX_NAME)}**`;
    const intro =
      `${formatCount(yes.length)} of ${plural(promotion.nodes.length, "node")} built here can be promoted without a rebuild` +
      (no.length ? `; ${formatCount(no.length)} will be built on main.` : ".");
    const lines = [
      ...yes.map((n) => `- ${mdCode(this.nameOf(n.unique_id))} — **promote**: ${mdMessage(n.reason)}`),
      ...no.map((n) => `- ${mdCode(this.nameOf(n.unique_id))} — **build on main**: ${mdMessage(n.reason)}`),
    ];
    const compact = [heading, intro].join(SEPARATOR);
    if (level === 2) return compact;
    if (level === 0) return [heading, intro, lines.join("\n")].join(SEPARATOR);
    const list = fitLines(
      lines,
      budget - this.size(compact) - SEPARATOR.length,
      (rest) => `- … and ${plural(rest, "more")}`,
      this.size,
    );
    return list === undefined ? compact : [compact, list].join(SEPARATOR);
  }
}

/**
 * `dbt build` runs the tests of what it selects: its default indirect
 * selection (eager) selects every test with a selected parent (dbt-core
 * core/dbt/graph/selector.py, NodeSelector.expand_selection).
 */
const TESTS_RUN = `${"`"}dbt build${"`"} also runs the tests of what it selects.`;

/** `1 more node or test than the plan`, `12 more nodes and tests than the plan`. */
function moreThanThePlan(n: number): string {
  return `${formatCount(n)} more ${n === 1 ? "node or test" : "nodes and tests"} than the plan`;
}

/**
 * A command as a code block, whole (never truncated: a cut command would run
 * something else). Names in it are untrusted: codeBlock fences it only when
 * every character is on its allow-list (no backtick can close the fence),
 * else writes it as <pre> with entities, which copies back as the command.
 */
function commandBlock(command: string): string {
  return codeBlock(command, "sh", Number.POSITIVE_INFINITY, false);
}

/** Reasons that, when every BUILD node has them, are said once for all. */
const SHARED_CODES: ReadonlySet<ReasonCode> = new Set<ReasonCode>([
  "no_state",
  "scheme_changed",
  "target_changed",
  "never_built",
]);

const REUSE_WORDS: Partial<Record<ReasonCode, string>> = {
  unchanged: "unchanged",
  formatting_only: "only reformatted",
  within_lag_tolerance: "within lag tolerance",
  quorum_not_met: "waiting for all inputs",
};

function sumDurations(entries: readonly PlanEntry[]): number {
  let total = 0;
  for (const e of entries)
    if (e.last_duration_s !== undefined && Number.isFinite(e.last_duration_s) && e.last_duration_s > 0)
      total += e.last_duration_s;
  return total;
}

/** A duration for an estimate: whole minutes from one minute on. */
function approx(seconds: number): string {
  if (seconds < 60) return formatDuration(seconds);
  if (seconds < 10 * 3600) return formatDuration(Math.round(seconds / 60) * 60);
  return formatDuration(Math.round(seconds / 3600) * 3600);
}

function countsByReason(entries: readonly PlanEntry[]): string {
  const counts = new Map<string, number>();
  for (const e of entries) {
    const code = primaryCode(e);
    const title = code ? REASON_TITLES[code] : "no reason given";
    counts.set(title, (counts.get(title) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([title, n]) => `- ${title}: ${formatCount(n)}`)
    .join("\n");
}

/**
 * As many whole lines as fit in `budget` characters, with a closing line for
 * the rest; undefined when not even the closing line fits.
 */
function fitLines(
  lines: readonly string[],
  budget: number,
  more: (rest: number) => string,
  size: (text: string) => number,
): string | undefined {
  const sizes = lineSizes(lines, size);
  let total = -1;
  for (const n of sizes) total += n + 1;
  if (total <= budget) return lines.join("\n");
  const out: string[] = [];
  let used = 0;
  for (let i = 0; i < lines.length; i++) {
    const closing = size(more(lines.length - i));
    const next = sizes[i]! + 1;
    if (used + next + closing > budget) {
      if (used + closing > budget) return undefined;
      out.push(more(lines.length - i));
      return out.join("\n");
    }
    out.push(lines[i]!);
    used += next;
  }
  return out.join("\n");
}

/** The sizes of lines fitted again and again (the BUILD list, at each budget), measured once. */
const LINE_SIZES = new WeakMap<readonly string[], { size: (text: string) => number; sizes: number[] }>();

function lineSizes(lines: readonly string[], size: (text: string) => number): number[] {
  const known = LINE_SIZES.get(lines);
  if (known && known.size === size) return known.sizes;
  const sizes = lines.map(size);
  LINE_SIZES.set(lines, { size, sizes });
  return sizes;
}

/** As many comma-separated items as fit; undefined when none does. */
function fitItems(
  items: readonly string[],
  budget: number,
  size: (text: string) => number,
): { text: string; rest: number } | undefined {
  let used = 0;
  let n = 0;
  for (const item of items) {
    const next = size(item) + 2;
    if (used + next > budget) break;
    used += next;
    n++;
  }
  if (n === 0 && items.length > 0) return undefined;
  return { text: items.slice(0, n).join(", "), rest: items.length - n };
}

/** REUSE entries without a notable reason, grouped by the run they were last built in. */
function groupUnchanged(
  entries: readonly PlanEntry[],
  project: string,
): Array<{ heading: string; names: string[] }> {
  const groups = new Map<string, string[]>();
  for (const e of entries) {
    const run = e.last_build?.run_id ?? "";
    const name = mdCode(entryLabel(e, project));
    const list = groups.get(run);
    if (list) list.push(name);
    else groups.set(run, [name]);
  }
  return [...groups.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([run, names]) => ({
      heading: run
        ? `Unchanged since run ${mdCode(run)} (${formatCount(names.length)}): `
        : `Unchanged (${formatCount(names.length)}): `,
      names,
    }));
}
