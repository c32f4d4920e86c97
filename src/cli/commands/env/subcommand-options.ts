/**
 * Which options an `ods-state env` subcommand reads. The subcommands share
 * one option table (env-command.ts), so the argument parser accepts every
 * option for every subcommand: an option the subcommand doesn't read would
 * be ignored without a word (`env gc --pr 7` collecting every environment,
 * `env cleanup --open-prs 7`). A subcommand listed here refuses, before
 * anything is read, any option it doesn't read (`usage`, naming it).
 */
import { UserError } from "../../../errors/user-error.js";
import type { ParsedValues } from "../../command.js";
import type { Subcommand } from "./env-flags.js";

/** What every env subcommand reads: the warehouse, its registry, its limits, the scope's repository, the output. */
const EVERY = [
  "warehouse",
  "meta-schema",
  "connect-timeout",
  "statement-timeout",
  "lock-timeout",
  "repository",
  "repository-id",
  "format",
] as const;

/** The options each checked subcommand reads besides EVERY. */
const READS: Partial<Record<Subcommand, readonly string[]>> = {
  cleanup: [
    "pr",
    "name",
    "project",
    "manifest",
    "project-dir",
    "legacy",
    "state",
    "environment",
    "dry-run",
    "merged",
  ],
  gc: [
    "project",
    "manifest",
    "project-dir",
    "legacy",
    "state",
    "environment",
    "retention-days",
    "open-prs",
    "dry-run",
  ],
};

/** Refuses an option `sub` does not read, and `--project-dir` without the `--manifest` it is read for. */
export function refuseUnreadOptions(sub: Subcommand, values: ParsedValues): void {
  const reads = READS[sub];
  if (!reads) return;
  const allowed = new Set<string>([...EVERY, ...reads]);
  const given = Object.keys(values).filter((name) => values[name] !== undefined);
  const unread = given.filter((name) => !allowed.has(name));
  if (unread.length > 0) {
    const names = unread.map((name) => `--${name}`);
    throw new UserError(
      "usage",
      `ods-state env ${sub} doesn't read ${names.join(", ")}: it would be ignored. ${sub} reads ${[...reads, ...EVERY].map((name) => `--${name}`).join(", ")}.`,
      { input: names[0]! },
    );
  }
  if (values["project-dir"] !== undefined && values.manifest === undefined) {
    throw new UserError(
      "usage",
      `ods-state env ${sub} reads --project-dir only with --manifest (for the manifest's project): name the dbt project with --project, or give --manifest.`,
      { input: "--project-dir" },
    );
  }
}
