/**
 * `explain`'s inputs section (issue 36): for each input the decision
 * compared, which row of the input inventory (docs/inventory.md) it is, and
 * whether it changed since the recorded build.
 */
import { RULE_CODES } from "../../app/plan/rule-codes.js";
import type { NodeFingerprint } from "../../dbt/fingerprint/project-fingerprints.js";
import { componentInputs } from "../../dbt/inventory/component-rows.js";
import { classifyPath } from "../../dbt/inventory/lookup.js";
import { rowName } from "../../dbt/inventory/row.js";
import type { PlanEntry } from "../../state/plan.js";

/** The data every piece of evidence stands for: the warehouse's relations of declared parents and sources. */
const DATA_ROW = "relations of declared parents and sources";
const EVIDENCE_ROWS: Readonly<Record<string, (entry: PlanEntry) => string>> = {
  source_version: () => DATA_ROW,
  parent_build: () => DATA_ROW,
  relation: (entry) => `nodes.<${entry.resource_type}>.relation_name`,
};

/** Codes decided before the fingerprint is compared: the rules before `code_changed`, in their order. */
const BEFORE_CODE: ReadonlySet<string> = new Set(RULE_CODES.slice(0, RULE_CODES.indexOf("code_changed")));

export function inputLines(entry: PlanEntry, fp: NodeFingerprint | undefined): string[] {
  const lines = ["inputs (rows of the input inventory, docs/inventory.md):"];
  const diff = entry.reasons.find((r) => r.components)?.components;
  const status = (name: string): string => {
    if (diff?.changed.includes(name)) return "changed";
    if (diff?.added.includes(name)) return "added";
    if (diff?.removed.includes(name)) return "removed";
    if (diff || entry.action === "REUSE") return "same";
    // A BUILD decided after the code rules (its data, its parents): the fingerprint was compared and is the same.
    const first = entry.reasons[0]?.code;
    return entry.last_build && first !== undefined && !BEFORE_CODE.has(first) ? "same" : "not compared";
  };
  const names = new Set([...Object.keys(fp?.fingerprint.components ?? {}), ...(diff?.removed ?? [])]);
  for (const name of [...names].sort()) {
    const { rows, note } = componentInputs(name, entry.resource_type);
    const named = [...rows.map((row) => `${rowName(row)} (${row.class})`), ...(note ? [note] : [])];
    lines.push(`  ${status(name).padEnd(12)} ${name}: ${named.join("; ") || "ODS's own"}`);
  }
  const seen = new Set<string>();
  for (const evidence of entry.evidence) {
    const path = EVIDENCE_ROWS[evidence.kind]?.(entry);
    if (path === undefined || seen.has(path)) continue;
    seen.add(path);
    const row = classifyPath(path);
    lines.push(
      `  evidence     ${evidence.kind}: ${row ? `${rowName(row)} (${row.class})` : `${path}: no row`}`,
    );
  }
  return lines;
}
