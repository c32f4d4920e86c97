import { UserError } from "../../errors/user-error.js";
import type { Plan, PlanEntry } from "../../state/plan.js";
import type { Command } from "../command.js";
import { PLAN_OPTION_HELP, PLAN_OPTIONS, planFromFlags } from "./plan.js";

/** Finds a node by unique_id, name or `name.vN`; ambiguity is an error listing the candidates. */
export function findEntry(plan: Plan, wanted: string): PlanEntry {
  const exact = plan.entries.find((entry) => entry.unique_id === wanted);
  if (exact) return exact;
  const named = plan.entries.filter((entry) => entry.name === wanted);
  if (named.length === 1) return named[0]!;
  if (named.length > 1) {
    throw new UserError(
      "usage",
      `\`${wanted}\` names ${named.length} nodes: ${named.map((e) => e.unique_id).join(", ")}.`,
      {
        hint: "Give the node's unique_id.",
      },
    );
  }
  throw new UserError("usage", `No planned node is called \`${wanted}\` in ${plan.scope}.`, {
    hint: "Give a model, seed or snapshot name or unique_id (ephemeral models are not planned; see their readers).",
  });
}

export const explainCommand: Command = {
  name: "explain",
  summary: "the decision for one node, with every piece of evidence it rests on",
  usage: ["explain NODE --manifest PATH [--state DB] [--sources PATH] [--environment NAME]"],
  optionHelp: { ...PLAN_OPTION_HELP },
  options: { ...PLAN_OPTIONS },
  positionals: { name: "NODE (a name or unique_id)", required: true },
  examples: ["ods-state explain orders --manifest target/manifest.json --sources target/sources.json"],
  async run(values, positionals, context) {
    const plan = await planFromFlags(values, context);
    const entry = findEntry(plan, positionals[0]!);
    const lines = [
      `${entry.unique_id} (${entry.resource_type}${entry.materialized ? `, ${entry.materialized}` : ""})`,
      `decision: ${entry.action}`,
      ...entry.reasons.map((reason) => `reason: ${reason.code}: ${reason.message}`),
    ];
    if (entry.last_build)
      lines.push(`last build: run ${entry.last_build.run_id} at ${entry.last_build.built_at}`);
    lines.push("evidence:");
    for (const evidence of entry.evidence) {
      const recorded = evidence.recorded === undefined ? "" : `; recorded ${evidence.recorded ?? "nothing"}`;
      lines.push(
        `  ${evidence.kind} ${evidence.subject}: ${evidence.value ?? "none"}${recorded} (${evidence.exactness})`,
      );
    }
    if (entry.checks) {
      lines.push(`checks: ${entry.checks.reason.code}: ${entry.checks.reason.message}`);
      for (const id of entry.checks.run) lines.push(`  runs ${id}`);
    }
    if (entry.relation_check)
      lines.push(`relation: ${entry.relation_check.message} (${entry.relation_check.exactness})`);
    context.stdout(`${lines.join("\n")}\n`);
    return 0;
  },
};
