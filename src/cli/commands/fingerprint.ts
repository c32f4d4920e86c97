import type { NodeFingerprint } from "../../dbt/fingerprint/project-fingerprints.js";
import { UserError } from "../../errors/user-error.js";
import type { Command } from "../command.js";
import { createProgress } from "../progress.js";
import { PROJECT_DIR_HELP, PROJECT_DIR_OPTION, readProject } from "../project-inputs.js";

/** Version of the `fingerprint --format json` document (docs/cli-formats.md). */
export const FINGERPRINT_FORMAT_VERSION = "1.0";

export interface FingerprintDocument {
  schema_version: string;
  manifest: { project: string | null; dbt_version: string | null; adapter: string | null };
  nodes: Array<{
    unique_id: string;
    digest: string;
    version_key: string;
    complete: boolean;
    incomplete: readonly string[];
    components: Record<string, string>;
  }>;
}

export function fingerprintDocument(
  fingerprints: Iterable<NodeFingerprint>,
  manifest: FingerprintDocument["manifest"],
): FingerprintDocument {
  return {
    schema_version: FINGERPRINT_FORMAT_VERSION,
    manifest,
    nodes: [...fingerprints].map((node) => ({
      unique_id: node.id,
      digest: node.fingerprint.digest,
      version_key: node.versionKey,
      complete: node.complete,
      incomplete: node.incomplete,
      components: node.fingerprint.components,
    })),
  };
}

export const fingerprintCommand: Command = {
  name: "fingerprint",
  summary: "print the fingerprint (scheme dbt/3) and version key of every planned node",
  usage: ["fingerprint --manifest PATH [--format text|json]"],
  optionHelp: {
    manifest: "dbt's manifest.json (after `dbt compile`); default target/manifest.json",
    format: "text (default) or json (versioned, see docs/cli-formats.md)",
    ...PROJECT_DIR_HELP,
  },
  options: {
    manifest: { type: "string" },
    format: { type: "string" },
    ...PROJECT_DIR_OPTION,
  },
  examples: [
    "ods-state fingerprint --manifest target/manifest.json",
    "ods-state fingerprint --manifest target/manifest.json --format json | jq '.nodes[] | select(.complete | not)'",
  ],
  run(values, _positionals, context) {
    const format = (values.format as string | undefined) ?? "text";
    if (format !== "text" && format !== "json") {
      throw new UserError("usage", `--format is \`${format}\`; allowed: text, json.`, { input: "--format" });
    }
    const progress = createProgress(context);
    const project = readProject(
      context,
      values.manifest as string | undefined,
      progress,
      values["project-dir"] as string | undefined,
    );
    progress.done();
    const metadata = project.manifest.metadata;
    if (format === "json") {
      const document = fingerprintDocument(project.fingerprints.values(), {
        project: metadata.projectName,
        dbt_version: metadata.dbtVersion,
        adapter: metadata.adapterType,
      });
      context.stdout(`${JSON.stringify(document, null, 2)}\n`);
      return 0;
    }
    const lines: string[] = [];
    let incomplete = 0;
    for (const node of project.fingerprints.values()) {
      lines.push(`${node.fingerprint.digest.slice(0, 12)}  ${node.versionKey.slice(0, 12)}  ${node.id}`);
      if (!node.complete) {
        incomplete++;
        for (const reason of node.incomplete) lines.push(`    incomplete: ${reason}`);
      }
    }
    lines.push(
      "",
      `${project.fingerprints.size} planned nodes of ${metadata.projectName ?? "an unnamed project"} (dbt ${metadata.dbtVersion ?? "?"}, ${metadata.adapterType ?? "?"}); ${incomplete} incomplete (always built).`,
      "Columns: fingerprint digest, version key, node.",
    );
    context.stdout(`${lines.join("\n")}\n`);
    return 0;
  },
};
