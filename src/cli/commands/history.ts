import { stateHistory } from "../../app/state-file/state-history.js";
import { UserError } from "../../errors/user-error.js";
import { parseScopeKey, type Scope } from "../../state/scope.js";
import type { Command } from "../command.js";
import { stateFileAt } from "../project-inputs.js";
import { STATE_OPTION, STATE_OPTION_HELP, shown, stateFile } from "./state-file.js";

const DEFAULT_LIMIT = 10;

export const historyCommand: Command = {
  name: "history",
  summary: "list the snapshots and runs recorded in the state database, newest first",
  usage: ["history [--state PATH] [--scope PROJECT/ENVIRONMENT] [--limit N] [--json]"],
  optionHelp: {
    state: STATE_OPTION_HELP,
    scope: "only this scope, e.g. jaffle_shop/prod; default every scope",
    limit: `snapshots and runs shown per scope; default ${DEFAULT_LIMIT}`,
    json: "print JSON instead of text",
  },
  options: {
    ...STATE_OPTION,
    scope: { type: "string" },
    limit: { type: "string" },
    json: { type: "boolean" },
  },
  examples: [
    "ods-state history",
    "ods-state history --scope jaffle_shop/prod --limit 30",
    "ods-state history --state ci-state/state.db --json",
  ],
  async run(values, _positionals, context) {
    const file = stateFile(values, context);
    const limit = values.limit === undefined ? DEFAULT_LIMIT : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1) {
      throw new UserError(
        "usage",
        `--limit is \`${values.limit}\`; it must be a whole number of at least 1.`,
        {
          input: "--limit",
        },
      );
    }
    let only: Scope | undefined;
    if (typeof values.scope === "string") {
      only = parseScopeKey(values.scope);
      if (!only) {
        throw new UserError("usage", `--scope is \`${values.scope}\`; it must be PROJECT/ENVIRONMENT.`, {
          input: "--scope",
          hint: "For example --scope jaffle_shop/prod; `ods-state history` without --scope lists every scope.",
        });
      }
    }
    const history = await stateHistory(stateFileAt(context, file), { only, limit });
    const listed = history.map(({ summary: _summary, ...scope }) => scope);
    const scopes = history.map((scope) => scope.summary);
    if (values.json) {
      context.stdout(`${JSON.stringify({ schema_version: "1.0", state: file, scopes: listed }, null, 2)}\n`);
      return 0;
    }
    const lines = [`State: ${shown(file, context)}`];
    if (listed.length === 0) {
      lines.push(
        only
          ? `Nothing is recorded for ${only.project}/${only.environment}.`
          : "Nothing is recorded yet: the next run that records state starts the history.",
      );
    }
    for (const [index, scope] of listed.entries()) {
      const summary = scopes[index]!;
      lines.push(
        "",
        `${scope.scope}: ${summary.snapshots} snapshot${summary.snapshots === 1 ? "" : "s"} kept, ${summary.runs} run${summary.runs === 1 ? "" : "s"} in the ledger`,
      );
      lines.push(scope.snapshots.length > 0 ? "  snapshots (newest first, * = head):" : "  no snapshot yet");
      for (const snapshot of scope.snapshots) {
        lines.push(
          `  ${snapshot.head ? "*" : " "} ${snapshot.id}  ${snapshot.committed_at}  run ${snapshot.run_id}  ${snapshot.node_count} nodes  schema ${snapshot.schema_version}`,
        );
      }
      if (summary.snapshots > scope.snapshots.length) {
        lines.push(`    … ${summary.snapshots - scope.snapshots.length} older (--limit)`);
      }
      if (scope.runs.length > 0) lines.push("  runs (newest first):");
      for (const run of scope.runs) {
        const produced =
          run.snapshot_id === null
            ? "no snapshot"
            : `snapshot ${run.snapshot_id}${run.snapshot_retained ? "" : " (pruned)"}`;
        lines.push(
          `    ${run.run_id}  ${run.status.padEnd(8)} ${run.command}  ${run.started_at} → ${run.ended_at ?? "?"}  ${produced}${run.invocation_id ? `  dbt ${run.invocation_id}` : ""}${run.detail ? `\n      ${run.detail}` : ""}`,
        );
      }
      if (summary.runs > scope.runs.length)
        lines.push(`    … ${summary.runs - scope.runs.length} older (--limit)`);
    }
    context.stdout(`${lines.join("\n")}\n`);
    return 0;
  },
};
