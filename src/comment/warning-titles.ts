/**
 * A title per plan warning code, shown before the warning's message by the
 * comment, the job summary, the terminal and the HTML page. Pure data.
 */
import type { PlanWarning } from "../state/plan.js";

export const WARNING_TITLES: Record<PlanWarning["code"], string> = {
  no_state: "No state found",
  stale_source_freshness: "Source freshness is older than the last build",
  target_changed: "State from another target",
  no_sources_json: "No source freshness",
  scheme_changed: "Fingerprint scheme changed",
  selector_matches_nothing: "A selector matches nothing",
  selection_plans_nothing: "The selection plans nothing",
  selection_superset: "The selection runs more than the plan",
  no_project_file: "dbt_project.yml not read",
  renamed_builds: "Renamed nodes keep their builds",
  indirect_selection_not_eager: "dbt_project.yml changes which tests a selection runs",
};

/** The title of a warning code; undefined for a code this version doesn't know (a newer plan file). */
export function warningTitle(code: string): string | undefined {
  return Object.hasOwn(WARNING_TITLES, code) ? WARNING_TITLES[code as PlanWarning["code"]] : undefined;
}

/**
 * Warnings in the order they are shown: a superset selection first (it
 * changes what the command runs, and a long list of warnings must not hide
 * it), the others as the plan lists them.
 */
export function orderedWarnings(warnings: readonly PlanWarning[]): PlanWarning[] {
  const first = warnings.filter((w) => w.code === "selection_superset");
  return [...first, ...warnings.filter((w) => w.code !== "selection_superset")];
}

/**
 * A warning as title and message, the title left out when the message
 * already starts with it ("No state found for scope …").
 */
export function warningParts(warning: PlanWarning): { title: string | undefined; message: string } {
  const title = warningTitle(warning.code);
  if (!warning.message) return { title: undefined, message: title ?? warning.code };
  const said = title !== undefined && warning.message.toLowerCase().startsWith(title.toLowerCase());
  return { title: said ? undefined : title, message: warning.message };
}
