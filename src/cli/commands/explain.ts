import type { RunTimeMacros } from "../../dbt/macros/run-time-closure.js";
import { UserError } from "../../errors/user-error.js";
import type { Plan, PlanEntry } from "../../state/plan.js";
import type { Command } from "../command.js";
import { inputLines } from "./explain-inputs.js";
import { PLAN_OPTION_HELP, PLAN_OPTIONS, planAndProjectFromFlags } from "./plan.js";

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
    const { plan, project } = await planAndProjectFromFlags(values, context);
    const entry = findEntry(plan, positionals[0]!);
    const lines = [
      `${entry.unique_id} (${entry.resource_type}${entry.materialized ? `, ${entry.materialized}` : ""})`,
      `decision: ${entry.action}`,
      ...entry.reasons.map((reason) => `reason: ${reason.code}: ${reason.message}`),
    ];
    if (entry.column_change_unknown !== undefined)
      lines.push(`column impact: unknown: ${entry.column_change_unknown}`);
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
    lines.push(...inputLines(entry, project.fingerprints.get(entry.unique_id)));
    const macros = project.fingerprints.get(entry.unique_id)?.runTimeMacros;
    if (macros) lines.push(...runTimeMacroLines(macros));
    context.stdout(`${lines.join("\n")}\n`);
    return 0;
  },
};

/**
 * The macros the node's build resolves to at run time, as the fingerprint
 * resolved them (docs/decisions/run-time-macros.md): the materialization,
 * the strategy, which macro replaces which, then every macro hashed.
 */
export function runTimeMacroLines(macros: RunTimeMacros): string[] {
  const lines = [`macros at run time (${macros.macros.length}, hashed in the \`macros\` component):`];
  lines.push(`  materialization: ${macros.materialization ?? "none found"}`);
  if (macros.materializationAlternative)
    lines.push(
      `  also hashed: ${macros.materializationAlternative} (a package overrides a builtin materialization: which one runs depends on the project flag require_explicit_package_overrides_for_builtin_materializations)`,
    );
  if (macros.strategy) lines.push(`  strategy: ${macros.strategy}`);
  for (const o of macros.overrides) lines.push(`  override: ${o.by} replaces ${o.replaces} (\`${o.name}\`)`);
  for (const id of macros.missing) lines.push(`  missing from the manifest: ${id}`);
  for (const id of macros.macros) lines.push(`  ${id}`);
  return lines;
}
