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
 * Size: GitHub refuses bodies over 65,536 characters. The render targets
 * `limit` (65,000 by default) and always fits: when the full render is longer
 * it shortens, in this order, the REUSE list (as much as fits, then counts
 * only), the BUILD reasons (as much as fits, then counts per reason), the
 * picture (grouped, then left out), the command, the promotion list, the
 * environment lists; it then says so at the top and links to the job summary
 * and the plan artifact. If even that is too long (only possible with a tiny
 * limit), a minimal comment with the headline and the links is returned.
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
import { formatCount, formatDuration, formatTime, plural, shortSha, wordsToMarkdown } from "./words.js";

/** What the comment aims at: under GitHub's 65,536 with room to spare. */
export const COMMENT_LIMIT = 65_000;
/** GitHub's hard limit on a comment body. */
export const GITHUB_COMMENT_MAX = 65_536;
/** The job summary may be up to 1 MiB per step; stay well under. */
export const JOB_SUMMARY_LIMIT = 900_000;

/** Names shown per list in the environment block. */
const ENVIRONMENT_NAMES_SHOWN = 30;
/** Sources with running checks listed; the rest are counted. */
const CHECKS_SHOWN = 20;
/** Warnings shown; the rest are counted. */
const WARNINGS_SHOWN = 10;

export interface RenderOptions {
  /** Characters the result may have; default COMMENT_LIMIT. */
  limit?: number;
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

/** The same markdown for GITHUB_STEP_SUMMARY: no marker, a larger limit. */
export function renderJobSummary(plan: Plan, context: CommentContext = {}): string {
  return renderComment(plan, context, { limit: JOB_SUMMARY_LIMIT, marker: false, target: "job_summary" });
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

/** Which sections go to which level, in order, until the comment fits. Level 1 of a list is "as much as fits". */
const CUTS: Array<[SectionName, number]> = [
  ["reuse", 1],
  ["reuse", 2],
  ["build", 1],
  ["build", 2],
  ["lineage", 1],
  ["lineage", 2],
  ["command", 1],
  ["promotion", 1],
  ["promotion", 2],
  ["environment", 1],
];

/** Sections given back detail after cutting, most important first. */
const RESTORE: SectionName[] = ["lineage", "build", "command", "promotion", "environment", "reuse"];

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
    this.target = options.target ?? "comment";
    this.jobSummaryUrl = this.target === "comment" ? safeUrl(context.links?.jobSummary) : undefined;
    this.artifactUrl = safeUrl(context.links?.planArtifact);
  }

  render(): string {
    const levels = new Map<SectionName, number>(ORDER.map((s) => [s, 0]));
    let out = this.compose(levels);
    if (out.length <= this.limit) return out;
    this.cut = true;
    for (const [section, level] of CUTS) {
      levels.set(section, level);
      out = this.compose(levels);
      if (out.length <= this.limit) break;
    }
    if (out.length > this.limit) return this.minimal();
    // Cutting in order may have cut more than needed (a long command cut last
    // leaves room for the picture and the reasons): give back detail, most
    // important first, while it still fits.
    for (const section of RESTORE) {
      const current = levels.get(section)!;
      for (let level = 0; level < current; level++) {
        levels.set(section, level);
        const candidate = this.compose(levels);
        if (candidate.length <= this.limit) {
          out = candidate;
          break;
        }
        levels.set(section, current);
      }
    }
    return out;
  }

  // ---- composition -------------------------------------------------------

  private compose(levels: Map<SectionName, number>): string {
    const head = this.head();
    const rendered = new Map<SectionName, string>();
    let used = head.length;
    for (const name of ORDER) {
      const level = levels.get(name)!;
      if (FITTING.has(name) && level === 1) continue;
      const text = this.section(name, level, Number.POSITIVE_INFINITY);
      rendered.set(name, text);
      if (text) used += text.length + SEPARATOR.length;
    }
    for (const name of ORDER) {
      const level = levels.get(name)!;
      if (!(FITTING.has(name) && level === 1)) continue;
      // Its separator and the final newline count too.
      const budget = this.limit - used - SEPARATOR.length - 1;
      const text = this.section(name, level, budget);
      rendered.set(name, text);
      if (text) used += text.length + SEPARATOR.length;
    }
    const parts = [head, ...ORDER.map((name) => rendered.get(name)!).filter((t) => t !== "")];
    return parts.join(SEPARATOR) + "\n";
  }

  private readonly sections = new Map<string, string>();

  /** Sections are pure in (name, level, budget): each is rendered once. */
  private section(name: SectionName, level: number, budget: number): string {
    if (name === "note") return this.cut ? this.shortenedNote() : "";
    const key = `${name}:${level}:${FITTING.has(name) && level === 1 ? budget : ""}`;
    let text = this.sections.get(key);
    if (text === undefined) {
      text = this.renderSection(name, level, budget);
      this.sections.set(key, text);
    }
    return text;
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

  /** The headline and the links, dropping parts whole (never cutting inside markup) until it fits. */
  private minimal(): string {
    const tooLarge = "The plan is too large to summarise here.";
    const candidates = [
      [this.head(), this.shortenedNote(), tooLarge, this.footer()],
      [this.head(), this.shortenedNote(), tooLarge],
      [this.head(), tooLarge],
    ];
    for (const parts of candidates) {
      const text = parts.join(SEPARATOR) + "\n";
      if (text.length <= this.limit) return text;
    }
    const marker =
      this.options.marker !== false && this.target === "comment" ? commentMarker(this.project) + "\n" : "";
    return (
      marker +
      truncate(
        `ods-state plan: ${formatCount(this.build.length)} to build, ${formatCount(this.reuse.length)} to reuse.`,
        Math.max(1, this.limit - marker.length - 1),
      ) +
      "\n"
    );
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
    const where = links
      ? `The full plan: ${links}.`
      : this.target === "comment"
        ? "The full plan is in this run's job summary."
        : "The full plan is in `ods-state plan --format json`.";
    return `> [!NOTE]\n> This plan is too long for one ${this.target === "comment" ? "comment" : "summary"}, so parts of it are shortened. ${where}`;
  }

  private warnings(): string {
    const warnings = this.plan.warnings;
    if (warnings.length === 0) return "";
    const lines = warnings
      .slice(0, WARNINGS_SHOWN)
      .map((w) => `> - ${mdMessage(w.message || WARNING_TITLES[w.code] || w.code)}`);
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
      budget - intro.length - SEPARATOR.length,
      (rest) => `- … and ${plural(rest, "more node")}${this.seeFullPlan()}`,
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

  private seeFullPlan(): string {
    const links: string[] = [];
    if (this.jobSummaryUrl) links.push(`the [job summary](${this.jobSummaryUrl})`);
    if (this.artifactUrl) links.push(`the [plan artifact](${this.artifactUrl})`);
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
      summary.length -
      close.length -
      3 * SEPARATOR.length -
      (relationNote ? relationNote.length + 2 : 0);
    const blocks = [summary];
    const notableFit = fitLines(
      notableLines,
      Math.min(room, Math.max(0, room - 200)),
      (rest) => `- … and ${plural(rest, "more")}`,
    );
    if (notableFit === undefined) return compact;
    if (notableFit) {
      blocks.push(notableFit);
      room -= notableFit.length + SEPARATOR.length;
    }
    for (const g of plainGroups) {
      const names = fitItems(g.names, room - g.heading.length - 40);
      if (names === undefined) {
        blocks.push(`${g.heading}${plural(g.names.length, "node")}.`);
        room -= g.heading.length + 20;
        continue;
      }
      const text = g.heading + names.text + (names.rest ? ` and ${plural(names.rest, "more")}.` : ".");
      blocks.push(text);
      room -= text.length + SEPARATOR.length;
    }
    if (relationNote) blocks.push(relationNote);
    blocks.push(close);
    const text = blocks.join(SEPARATOR);
    return text.length <= budget ? text : compact;
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

  private commandSection(level: number): string {
    const command = this.plan.build_command;
    if (!command) return "";
    const heading = this.context.outcome ? "### dbt command for the build set" : "### Command";
    if (level >= 1)
      return [
        heading,
        `The command selects ${plural(this.build.length, "node")} and is too long for this comment: it is in the job summary and in the action's ${mdCode("select")} output.`,
      ].join(SEPARATOR);
    return [heading, codeBlock(command, "sh", 200_000, false)].join(SEPARATOR);
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
      budget - compact.length - SEPARATOR.length,
      (rest) => `- … and ${plural(rest, "more")}`,
    );
    return list === undefined ? compact : [compact, list].join(SEPARATOR);
  }
}

/** Reasons that, when every BUILD node has them, are said once for all. */
const SHARED_CODES: ReadonlySet<ReasonCode> = new Set<ReasonCode>([
  "no_state",
  "scheme_changed",
  "target_changed",
  "never_built",
]);

const WARNING_TITLES: Record<string, string> = {
  no_state: "No state found",
  stale_source_freshness: "Source freshness is older than the last build",
  target_changed: "State from another target",
  no_sources_json: "No source freshness",
  scheme_changed: "Fingerprint scheme changed",
  selector_matches_nothing: "A selector matches nothing",
  selection_plans_nothing: "The selection plans nothing",
  selection_superset: "The selection runs more than the plan",
};

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
): string | undefined {
  let total = -1;
  for (const line of lines) total += line.length + 1;
  if (total <= budget) return lines.join("\n");
  const out: string[] = [];
  let used = 0;
  for (let i = 0; i < lines.length; i++) {
    const closing = more(lines.length - i);
    const next = lines[i]!.length + 1;
    if (used + next + closing.length > budget) {
      if (used + closing.length > budget) return undefined;
      out.push(closing);
      return out.join("\n");
    }
    out.push(lines[i]!);
    used += next;
  }
  return out.join("\n");
}

/** As many comma-separated items as fit; undefined when none does. */
function fitItems(items: readonly string[], budget: number): { text: string; rest: number } | undefined {
  let used = 0;
  let n = 0;
  for (const item of items) {
    if (used + item.length + 2 > budget) break;
    used += item.length + 2;
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
