import type { Plan } from "../state/plan.js";

/** The plan for a terminal: one line per node with its decision and reason, then the summary and the command. */
export function formatPlanText(plan: Plan): string {
  const lines: string[] = [];
  for (const warning of plan.warnings) lines.push(`warning: ${warning.message}`);
  if (plan.warnings.length > 0) lines.push("");
  const width = Math.min(60, Math.max(4, ...plan.entries.map((entry) => entry.name.length)));
  for (const entry of plan.entries) {
    const reason = entry.reasons[0]!;
    lines.push(`${entry.action.padEnd(5)}  ${entry.name.padEnd(width)}  ${reason.code}: ${reason.message}`);
  }
  lines.push(
    "",
    `${plan.scope}: ${plan.summary.build} to build, ${plan.summary.reuse} reused${plan.state.found ? ` (state from run ${plan.state.run_id})` : " (no state)"}.`,
  );
  if (plan.build_command) lines.push(plan.build_command);
  return `${lines.join("\n")}\n`;
}
