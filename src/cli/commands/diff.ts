import { readLatestState } from "../../app/plan/read-latest-state.js";
import { DEFAULT_STATE_FILE, scopeOf } from "../../app/scope.js";
import { diffFingerprints } from "../../dbt/fingerprint/fingerprint.js";
import { UserError } from "../../errors/user-error.js";
import type { Command } from "../command.js";
import {
  PROJECT_DIR_HELP,
  PROJECT_DIR_OPTION,
  readProject,
  resolveFlagPath,
  stateFileAt,
} from "../project-inputs.js";

export const diffCommand: Command = {
  name: "diff",
  summary: "component diff of a node's fingerprint between the state and the manifest",
  usage: ["diff NODE --manifest PATH [--state DB] [--environment NAME]"],
  optionHelp: {
    manifest: "dbt's manifest.json; default target/manifest.json",
    state: `the state database; default ${DEFAULT_STATE_FILE}`,
    environment: "the state scope's environment; default prod",
    ...PROJECT_DIR_HELP,
  },
  options: {
    manifest: { type: "string" },
    state: { type: "string" },
    environment: { type: "string" },
    ...PROJECT_DIR_OPTION,
  },
  positionals: { name: "NODE (a name or unique_id)", required: true },
  examples: ["ods-state diff stg_orders --manifest target/manifest.json"],
  async run(values, positionals, context) {
    const project = readProject(
      context,
      values.manifest as string | undefined,
      undefined,
      values["project-dir"] as string | undefined,
      values["build-env"] === true,
    );
    const scope = scopeOf(project, values.environment as string | undefined);
    const wanted = positionals[0]!;
    const matches = [...project.graph.nodes.values()].filter(
      (node) => node.id === wanted || node.node.name === wanted,
    );
    if (matches.length !== 1) {
      throw new UserError(
        "usage",
        matches.length === 0
          ? `No planned node is called \`${wanted}\` in ${project.manifest.file}.`
          : `\`${wanted}\` names ${matches.length} nodes: ${matches.map((m) => m.id).join(", ")}.`,
        { hint: "Give a model, seed or snapshot name or its unique_id." },
      );
    }
    const id = matches[0]!.id;
    const current = project.fingerprints.get(id)!;
    const { latest } = await readLatestState(
      stateFileAt(context, resolveFlagPath(context, values.state as string | undefined, DEFAULT_STATE_FILE)),
      scope,
    );
    const recorded = latest?.snapshot.nodes[id];
    if (!recorded) {
      context.stdout(
        `${id}: no recorded build in ${scope.project}/${scope.environment}; every component is new.\n`,
      );
      return 0;
    }
    const diff = diffFingerprints(recorded.fingerprint, current.fingerprint);
    const lines = [`${id}: recorded by run ${recorded.run_id} at ${recorded.built_at}`];
    for (const name of [
      ...new Set([
        ...Object.keys(recorded.fingerprint.components),
        ...Object.keys(current.fingerprint.components),
      ]),
    ].sort()) {
      const before = recorded.fingerprint.components[name];
      const after = current.fingerprint.components[name];
      const status =
        before === undefined
          ? "added"
          : after === undefined
            ? "removed"
            : before === after
              ? "same"
              : "changed";
      lines.push(
        `  ${name.padEnd(14)} ${status.padEnd(8)} ${(before ?? "-").slice(0, 12)} → ${(after ?? "-").slice(0, 12)}`,
      );
    }
    const changed = diff.changed.length + diff.added.length + diff.removed.length;
    lines.push(
      changed === 0
        ? "The fingerprint is unchanged."
        : `${changed} component${changed === 1 ? "" : "s"} differ.`,
    );
    if (
      changed === 0 &&
      recorded.raw_digest &&
      current.rawDigest &&
      recorded.raw_digest !== current.rawDigest
    ) {
      lines.push("The raw code differs: only formatting changed.");
    }
    context.stdout(`${lines.join("\n")}\n`);
    return 0;
  },
};
