/**
 * What the main step tells the next steps and the log: the plan's outputs
 * (or empty ones when there is no plan), the plan's summary line, and, after
 * a merge, the promotion's outputs, which replace the plan's selection.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { buildCommand, SELECT_BOUNDS } from "../../app/events/selection-words.js";
import type { MergePromotion } from "../../app/promotion/merge-promotion.js";
import type { Plan } from "../../state/plan.js";
import { stepFolder } from "../hand-off-file.js";
import type { Ports } from "../ports.js";

/** Writes the whole plan to the temp directory's plan.json (the `plan-path` output); returns its path. */
export function writePlanFile(ports: Pick<Ports, "tempDir">, result: Plan): string {
  const planPath = path.join(stepFolder(ports.tempDir), "plan.json");
  writeFileSync(planPath, `${JSON.stringify(result, null, 2)}\n`);
  return planPath;
}

/** Writes the promotion to the temp directory's promotion.json (the `promotion-path` output); returns its path. */
function savePromotion(tempDir: string, promotion: MergePromotion): string {
  const file = path.join(stepFolder(tempDir), "promotion.json");
  writeFileSync(file, `${JSON.stringify(promotion, null, 2)}\n`);
  return file;
}

export function setPlanOutputs(
  ports: Ports,
  result: Plan | null,
  planPath: string,
  stateFound: boolean,
  environment = "",
  schemas: string[] = [],
): void {
  ports.outputs.set("select", result?.select ?? "");
  ports.outputs.set("exclude", result?.exclude ?? "");
  ports.outputs.set("select-terms", String(result?.select_terms ?? 0));
  ports.outputs.set("build-count", String(result?.summary.build ?? 0));
  ports.outputs.set("reuse-count", String(result?.summary.reuse ?? 0));
  ports.outputs.set("plan-path", planPath);
  ports.outputs.set("state-found", String(stateFound));
  ports.outputs.set("environment", environment);
  ports.outputs.set("schemas", schemas.join(","));
  ports.outputs.set("promoted-count", "0");
  ports.outputs.set("promotion-path", "");
}

/** The plan's line in the log, and the warning when its selection is a superset. */
export function logPlan(ports: Ports, result: Plan, planPath: string): void {
  ports.log.info(
    `${result.scope}: ${result.summary.build} to build, ${result.summary.reuse} reused${result.build_command ? `: ${result.build_command}${exactNote(result)}` : "."}`,
  );
  if (!result.select_exact)
    ports.log.warning(supersetWarning(result.select_extra?.length ?? 0, "plan", planPath));
}

/** Writes the promotion file and sets its outputs (dbt builds what it didn't promote); the post step gets it in the hand-off. */
export function setPromotionOutputs(ports: Ports, promotion: MergePromotion): void {
  const { log } = ports;
  const file = savePromotion(ports.tempDir, promotion);
  ports.outputs.set("select", promotion.select);
  ports.outputs.set("exclude", promotion.exclude);
  ports.outputs.set("select-terms", String(promotion.selectTerms));
  ports.outputs.set("build-count", String(promotion.buildCount));
  ports.outputs.set("promoted-count", String(promotion.promoted.length));
  ports.outputs.set("promotion-path", file);
  if (promotion.promoted.length > 0) {
    log.info(
      promotion.select === ""
        ? "Everything to build was promoted: dbt has nothing to build."
        : `dbt builds the rest: ${buildCommand(promotion.select, promotion.exclude)} (${terms(promotion.selectTerms)}${promotion.selectExact ? ", exact" : ""}).`,
    );
    if (!promotion.selectExact) log.warning(supersetWarning(promotion.selectExtra.length, "promotion", file));
  }
}

function terms(n: number): string {
  return `${n} selector term${n === 1 ? "" : "s"}`;
}

/** The plan's selection is exact: its size, after the command in the log line (issue 20). */
function exactNote(result: Plan): string {
  return result.select_exact ? ` (${terms(result.select_terms)}, exact)` : ` (${terms(result.select_terms)})`;
}

/**
 * Issue 20: a superset selection is never silent. No exact dbt selection fit
 * the bounds, so dbt runs more than planned (never less); the plan file (or
 * the promotion file) lists what it adds under `select_extra`.
 */
export function supersetWarning(extra: number, what: "plan" | "promotion", file: string): string {
  return `The selection runs ${extra} node${extra === 1 ? "" : "s"} and test${extra === 1 ? "" : "s"} beyond the ${what}: no exact dbt selection fits ${SELECT_BOUNDS.maxTerms} terms and ${SELECT_BOUNDS.maxChars.toLocaleString("en-US")} characters, so \`select\` runs a superset (more is built, never less). The ${what} file lists them under select_extra: ${file}`;
}
