/**
 * Reasons in plain words. The planner decides and writes each reason's
 * `message` (authoritative); this module only phrases, from a reason's code
 * and its structured data (components, subjects, due time, quorum), the short
 * form a reviewer scans: "compiled SQL and config changed", "parent
 * `stg_orders` changes code". When the data a phrasing needs is missing, or
 * when the message says more than the data (why the code is incomplete, which
 * evidence is missing, which policy can't be met), the message is shown as it
 * is. Nothing here decides anything. Pure.
 */

import { ENVIRONMENT_NAMES } from "../dbt/hook-scan.js";
import { COMPONENT_LABELS } from "../planner/reason-words.js";
import type { Plan, PlanEntry, Reason, ReasonCode } from "../state/plan.js";
import { BUILD_REASONS } from "../state/plan.js";
import { type ChangeClass, changeClassOf } from "./change-groups.js";
import { codeWord, formatRelative, formatTime, joinWords, messageWords, type Words } from "./words.js";

/** Codes whose planner message says more than any phrasing from data could. */
const MESSAGE_FIRST: ReadonlySet<ReasonCode> = new Set<ReasonCode>([
  "code_incomplete",
  "policy_unmet",
  "missing_data_evidence",
  "target_changed",
]);

/** The names the hook scan reports, to tell them from where a hook is (`post-hook 1`). */
const HOOK_NAMES: ReadonlySet<string> = new Set(ENVIRONMENT_NAMES);

const RESOURCE_PREFIXES = ["model.", "seed.", "snapshot.", "analysis.", "test.", "unit_test.", "operation."];

/** A unique id as a reviewer reads it: `stg_orders`, `pkg.model`, `raw.orders` for a source. */
export function displayId(id: string, project: string): string {
  if (id.startsWith("source.")) {
    const parts = id.split(".");
    return parts.length > 3 ? parts.slice(2).join(".") : id;
  }
  const prefix = RESOURCE_PREFIXES.find((p) => id.startsWith(p));
  if (!prefix) return id;
  const rest = id.slice(prefix.length);
  const dot = rest.indexOf(".");
  if (dot < 0) return rest;
  const pkg = rest.slice(0, dot);
  const name = rest.slice(dot + 1);
  return pkg === project ? name : `${pkg}.${name}`;
}

/** An entry's name as shown: its name, `.vN` for a model version, the package when it isn't the project's. */
export function entryLabel(entry: PlanEntry, project: string): string {
  let name = entry.name;
  const version = /\.v(\d+)$/.exec(entry.unique_id);
  if (version && !name.endsWith(version[0])) name += version[0];
  return entry.package_name && entry.package_name !== project ? `${entry.package_name}.${name}` : name;
}

/** Whether a reason builds for code (the output may change shape) rather than for data. */
export function isCodeReason(reasonCode: ReasonCode): boolean {
  return (BUILD_REASONS as Record<string, string>)[reasonCode] === "code";
}

export interface PhraseContext {
  project: string;
  /** The plan's clock value, for "due in 2 h". */
  plannedAt: string;
  /**
   * The class of a node planned with it (change-groups.ts), so that a
   * parent's "new data" is said only with evidence; undefined for a node
   * outside the plan.
   */
  classOf?: (uniqueId: string) => ChangeClass | undefined;
}

/**
 * Whether a subject is an id or a bare name (`model.shop.orders`, `orders`),
 * as Reason.subjects documents, rather than a phrase (`post-hook 1`,
 * "source `raw.orders` (a → b)").
 */
function isId(subject: string): boolean {
  return /^[^\s`]+$/.test(subject);
}

function names(subjects: readonly string[] | undefined, project: string): Words[] {
  return (subjects ?? []).map((s) => (isId(s) ? [codeWord(displayId(s, project))] : messageWords(s)));
}

function componentLabels(list: readonly string[]): Words[] {
  return list.map((c) => {
    const label = COMPONENT_LABELS[c];
    return label ? [label] : [codeWord(c)];
  });
}

/**
 * A planner message as a clause after a name: first letter lower-cased
 * unless it starts an acronym (`SQL`), no final period. Formatting only.
 */
export function asClause(message: string): string {
  let text = message.trim();
  if (text.endsWith(".") && !text.endsWith("..")) text = text.slice(0, -1);
  if (/^[A-Z](?![A-Z0-9])/.test(text)) text = text[0]!.toLowerCase() + text.slice(1);
  return text;
}

/** Phrases one reason; falls back to the planner's message. */
export function phraseReason(reason: Reason, entry: PlanEntry, context: PhraseContext): Words {
  const message = reason.message
    ? messageWords(asClause(reason.message))
    : [reason.code.replaceAll("_", " ")];
  if (MESSAGE_FIRST.has(reason.code) && reason.message) return message;
  const subjects = names(reason.subjects, context.project);
  switch (reason.code) {
    case "no_state":
      return ["no recorded state"];
    case "never_built":
      return ["never built by ODS"];
    case "last_build_partial":
      // The message says why (`--empty`, `--sample`, a bounded microbatch run).
      return message;
    case "tests_not_passed":
      return ["its tests didn't pass at its last build (failed or didn't run): built so they run"];
    case "unit_tests_changed": {
      const n = reason.subjects?.length ?? 0;
      if (n === 0) return message;
      return [
        "its tests changed since they passed, and ",
        codeWord("dbt build"),
        ` runs ${n === 1 ? "its unit test" : `its ${n} unit tests`} only with the model: built so ${n === 1 ? "it runs" : "they run"}`,
      ];
    }
    case "clock_dependent": {
      const calls = (reason.subjects ?? []).map((s) => [codeWord(s)]);
      if (calls.length === 0) return message;
      return reason.due_at
        ? ["calls ", ...joinWords(calls, 4), ", and its lag tolerance ran out ", formatTime(reason.due_at)]
        : ["calls ", ...joinWords(calls, 4), ", and no lag tolerance says how long a build stays good"];
    }
    case "scheme_changed":
      return ["the fingerprint scheme changed: every node is built once"];
    case "code_changed": {
      const { changed = [], added = [], removed = [] } = reason.components ?? {};
      const parts: Words[] = [];
      if (changed.length) parts.push([...joinWords(componentLabels(changed), 9), " changed"]);
      if (added.length) parts.push([...joinWords(componentLabels(added), 9), " now fingerprinted"]);
      if (removed.length) parts.push([...joinWords(componentLabels(removed), 9), " no longer fingerprinted"]);
      if (parts.length === 0) return message;
      return parts.flatMap((p, i) => (i === 0 ? p : ["; ", ...p]));
    }
    case "parent_code_changed":
      if (subjects.length === 0) return message;
      return [
        subjects.length === 1 ? "parent " : "parents ",
        ...joinWords(subjects),
        subjects.length === 1 ? " changes code" : " change code",
      ];
    case "parent_change_not_read": {
      const unread = reason.unread ?? [];
      if (unread.length === 0) return message;
      const parts = unread.map(({ parent, columns }): Words => {
        const [name] = names([parent], context.project);
        return columns.length === 0
          ? [...name!, " changes neither its columns nor its rows"]
          : [
              ...name!,
              " changes ",
              ...joinWords(
                columns.map((c) => [codeWord(c)]),
                6,
              ),
            ];
      });
      return [
        unread.length === 1 ? "parent " : "parents ",
        ...joinWords(parts),
        unread.length === 1 && (unread[0]?.columns.length ?? 0) === 0
          ? ""
          : ", which it doesn't read: its input is the same",
      ];
    }
    case "unknown_parent":
      if (subjects.length === 0) return message;
      return ["reads ", ...joinWords(subjects), ", which ODS doesn't know"];
    case "no_declared_inputs":
      return [
        "reads no declared source or ref, so ODS can't tell when its data changes: it is built every run",
      ];
    case "hook_reads_environment": {
      const read = (reason.subjects ?? []).filter((s) => HOOK_NAMES.has(s));
      const where = (reason.subjects ?? []).filter((s) => !HOOK_NAMES.has(s));
      // Only where (`post-hook 1`), not what it reads: the message names both.
      if (read.length === 0 && reason.message) return message;
      if (read.length === 0 && where.length === 0) return message;
      const reader: Words = where.length ? joinWords(where.map((w) => [codeWord(w)])) : ["a hook"];
      const verb = where.length > 1 ? " read " : " reads ";
      return read.length
        ? [
            ...reader,
            verb,
            ...joinWords(
              read.map((r) => [codeWord(r)]),
              4,
            ),
          ]
        : [...reader, verb, "the environment"];
    }
    case "new_upstream_data": {
      // Subjects that are not ids (phrases with details) say less than the message.
      if (!(reason.subjects ?? []).every(isId)) return message;
      const sources = (reason.subjects ?? []).filter((s) => s.startsWith("source."));
      const parents = (reason.subjects ?? []).filter((s) => !s.startsWith("source."));
      if (sources.length === 0 && parents.length === 0) return message;
      const parts: Words[] = [];
      if (sources.length)
        parts.push([
          sources.length === 1 ? "new data in source " : "new data in sources ",
          ...joinWords(names(sources, context.project)),
          " since the last build",
        ]);
      for (const [state, ids] of parentsByEvidence(parents, context)) {
        const many = ids.length > 1;
        parts.push([
          many ? "parents " : "parent ",
          ...joinWords(names(ids, context.project)),
          PARENT_DATA[state][many ? 1 : 0],
        ]);
      }
      return parts.flatMap((p, i) => (i === 0 ? p : ["; ", ...p]));
    }
    case "unchanged": {
      const run = entry.last_build?.run_id;
      return run ? ["code and inputs unchanged since run ", codeWord(run)] : message;
    }
    case "formatting_only":
      return ["only formatting changed"];
    case "within_lag_tolerance": {
      if (!reason.due_at) return message;
      const relative = formatRelative(reason.due_at, context.plannedAt);
      const clock = (reason.subjects ?? []).map((s) => [codeWord(s)]);
      return [
        ...(clock.length
          ? ["calls ", ...joinWords(clock, 4), ", within lag tolerance: due "]
          : ["new upstream data, within lag tolerance: due "]),
        relative && relative !== "now"
          ? `${relative} (${formatTime(reason.due_at)})`
          : `at ${formatTime(reason.due_at)}`,
      ];
    }
    case "quorum_not_met":
      if (!reason.quorum) return message;
      return [
        `new data in ${reason.quorum.changed} of ${reason.quorum.total} inputs; built once all have new data (`,
        codeWord("require_fresh_data_from: all"),
        ")",
      ];
    default:
      return message;
  }
}

/**
 * What a parent's "new data" rests on: it is built for new data in this plan
 * (`new_data`), it is rebuilt without evidence (`cannot_tell`: ODS can't
 * tell whether its data changed), or a newer build of it exists than the one
 * the node read (`rebuilt`: a reused parent, or one outside the plan).
 */
type ParentEvidence = "new_data" | "cannot_tell" | "rebuilt";

const PARENT_DATA: Record<ParentEvidence, [string, string]> = {
  new_data: [" has new data", " have new data"],
  cannot_tell: [
    " is rebuilt, and ODS can't tell whether its data changed",
    " are rebuilt, and ODS can't tell whether their data changed",
  ],
  rebuilt: [" was rebuilt since its last build", " were rebuilt since its last build"],
};

function parentsByEvidence(
  parents: readonly string[],
  context: PhraseContext,
): Map<ParentEvidence, string[]> {
  const out = new Map<ParentEvidence, string[]>();
  for (const id of parents) {
    const cls = context.classOf?.(id);
    const state: ParentEvidence =
      cls === "new_data" ? "new_data" : cls === "reused" || cls === undefined ? "rebuilt" : "cannot_tell";
    const list = out.get(state);
    if (list) list.push(id);
    else out.set(state, [id]);
  }
  return out;
}

/** All reasons of an entry, joined with "; ", and the checks a REUSE runs (class 12). */
export function phraseEntry(entry: PlanEntry, context: PhraseContext): Words {
  const out: Words = [];
  entry.reasons.forEach((reason, i) => {
    if (i > 0) out.push("; ");
    out.push(...phraseReason(reason, entry, context));
  });
  if (entry.column_change) out.push("; ", ...columnChangeWords(entry.column_change));
  else if (entry.column_change_unknown !== undefined)
    out.push(
      "; its column impact is unknown (",
      ...messageWords(entry.column_change_unknown),
      "), so every reader is built",
    );
  if (entry.checks) {
    const n = entry.checks.run.length;
    out.push(`; its tests changed since they passed, so ${n === 1 ? "its test runs" : `its ${n} tests run`}`);
  }
  return out;
}

/**
 * What a rebuild changes for its readers (issue 24): its rows, or the
 * columns added, changed and removed. Column names are untrusted: code words.
 */
export function columnChangeWords(change: NonNullable<PlanEntry["column_change"]>): Words {
  if (change.row_set_changed) return ["its rows may change"];
  const list = (columns: readonly string[]) =>
    joinWords(
      columns.map((c) => [codeWord(c)]),
      6,
    );
  const parts: Words[] = [];
  if (change.changed.length) parts.push(["changes ", ...list(change.changed)]);
  if (change.added.length) parts.push(["adds ", ...list(change.added)]);
  if (change.removed.length) parts.push(["removes ", ...list(change.removed)]);
  if (parts.length === 0) return ["changes no column and no row"];
  return parts.flatMap((p, i) => (i === 0 ? p : [", ", ...p]));
}

/** Short labels per reason code, for counts ("parent changes code: 9,000"). */
export const REASON_TITLES: Readonly<Record<ReasonCode, string>> = {
  no_state: "no state found",
  target_changed: "state from another target",
  never_built: "never built by ODS",
  code_incomplete: "code can't be fully fingerprinted",
  scheme_changed: "fingerprint scheme changed",
  code_changed: "code changed",
  unclassified_input_changed: "an input ODS can't classify changed",
  run_time_value_changed: "a value read at run time changed",
  run_time_value_unknown: "a value read at run time can't be known",
  relation_overwritten: "its table was written since",
  undeclared_relation_read: "reads a table by name",
  parent_code_changed: "a parent changes code",
  unknown_parent: "a parent ODS doesn't know",
  hook_reads_environment: "a hook reads the environment",
  no_declared_inputs: "no declared inputs",
  policy_unmet: "policy can't be honoured",
  missing_data_evidence: "missing data evidence",
  new_upstream_data: "new upstream data",
  unchanged: "unchanged",
  formatting_only: "only formatting changed",
  within_lag_tolerance: "within lag tolerance",
  quorum_not_met: "waiting for fresh data from all inputs",
  parent_change_not_read: "a parent's change is not read",
  last_build_partial: "last build was partial",
  tests_not_passed: "tests didn't pass at the last build",
  unit_tests_changed: "unit tests changed since they passed",
  clock_dependent: "reads the clock",
};

/** The reason code an entry is counted under: its first reason's. */
export function primaryCode(entry: PlanEntry): ReasonCode | undefined {
  return entry.reasons[0]?.code;
}

export function phraseContext(plan: Plan): PhraseContext {
  let classes: Map<string, ChangeClass> | undefined;
  return {
    project: plan.project,
    plannedAt: plan.planned_at,
    classOf: (id) => {
      classes ??= new Map(plan.entries.map((e) => [e.unique_id, changeClassOf(e)]));
      return classes.get(id);
    },
  };
}

/** The README's table of reason codes (what each means, what to do); a PR comment links it absolute (it is another repository's). */
export const REASON_TABLE_URL = "https://github.com/ods/state-action#how-it-decides";

/** A cause's title, capitalised: `No declared inputs`; `No reason given` for none. */
export function causeTitle(code: ReasonCode | undefined): string {
  if (code === undefined) return "No reason given";
  const title = REGARDLESS_CAUSES[code]?.title ?? REASON_TITLES[code];
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/**
 * Why a node is rebuilt regardless of the pull request, per cause: a title,
 * what the cause means for the node, and what would let it be reused. Names
 * in backticks (rendered as code). Codes of the other groups (a change, a
 * parent's change) have none.
 */
export const REGARDLESS_CAUSES: Readonly<Partial<Record<ReasonCode, { title: string; why: string }>>> = {
  new_upstream_data: {
    title: "New upstream data",
    why: "An input has new data since its last build (or a parent is rebuilt), so it is built to show it. It is reused once its inputs stop changing; a `lag_tolerance` lets it wait.",
  },
  no_declared_inputs: {
    title: "No declared inputs",
    why: "It reads no declared source or ref, so ODS can't tell when its data changes: it is built every run. Declare its sources with freshness so ODS can tell when they change.",
  },
  hook_reads_environment: {
    title: "Reads the environment",
    why: "A hook or macro it runs reads the run's environment in a way ODS can't compare (`flags`, `run_query`, `statement`, `context`, …), so what it does can differ each run: it is built every run. Moving that logic out of the hook or macro lets it be reused.",
  },
  clock_dependent: {
    title: "Calls a clock function",
    why: "Its SQL calls a clock function, so its result changes with time: it is built every run. A `lag_tolerance` (or `build_after`) lets it be reused until it is due.",
  },
  missing_data_evidence: {
    title: "Missing data evidence",
    why: "ODS can't tell whether its inputs' data changed (no `sources.json`, no `max_loaded_at`, or no record of the parent build it read), so it is built. Running `dbt source freshness` before the action lets ODS tell.",
  },
  no_state: {
    title: "No state",
    why: "There is no recorded state to compare with, so every node is built. Once a run on the main branch records state, unchanged nodes are reused.",
  },
  target_changed: {
    title: "State from another target",
    why: "The state was recorded for another target, and a build is reused only in the target it went to. Once this target's builds are recorded, they are reused.",
  },
  scheme_changed: {
    title: "New fingerprint scheme",
    why: "ods-state's fingerprint scheme changed, so every node is built once; the next plan reuses.",
  },
  code_incomplete: {
    title: "Code ODS can't fingerprint",
    why: "ODS can't fingerprint its code completely, so it can't tell whether it changed. Running `dbt compile` before the action (the reason names what is missing) lets it tell.",
  },
  unknown_parent: {
    title: "A parent ODS doesn't know",
    why: "It reads something that is neither a node nor a source of the manifest, so ODS can't tell whether that changed. Checking its `ref` and `source` names lets it tell.",
  },
  policy_unmet: {
    title: "Freshness policy can't be read",
    why: "Its freshness policy can't be read, so it is built. Fixing the value the reason names lets it be reused.",
  },
  last_build_partial: {
    title: "Last build was partial",
    why: "Its last build did not build the whole node (`--empty`, `--sample`, a bounded microbatch run), so it is built in full once; then it is reused.",
  },
  tests_not_passed: {
    title: "Tests didn't pass",
    why: "Its tests didn't pass at its last build (they failed, or didn't run as in `dbt run`), so it is built to run them. Recording runs of `dbt build` with passing tests lets it be reused.",
  },
};
