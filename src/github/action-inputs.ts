import { readlinkSync, realpathSync } from "node:fs";
import path from "node:path";
import type { WarehouseEnv } from "../drivers/providers/provider-spec.js";
import { DATA_DIFF_SETTINGS, dataDiffLimitsFrom } from "../environment/data-diff-settings.js";
import { type IncrementalStart, parseIncrementalStart } from "../environment/incremental-start-settings.js";
import { UserError } from "../errors/user-error.js";
import type { DataDiffLimits } from "../state/data-diff.js";
import { type DriverPreference, parseDriverPreference } from "../store/sqlite-driver.js";
import { DEFAULT_STATE_FILE } from "../store/sqlite-store.js";
import { timeoutsFrom, type WarehouseTimeouts } from "../warehouse/timeouts.js";

/** Reads one input as the runner passes it (`INPUT_<NAME>`); empty when unset. */
export type InputReader = (name: string) => string;

export const COMMANDS = ["plan", "record", "env-create", "env-cleanup", "promote", "janitor"] as const;
export type ActionCommand = (typeof COMMANDS)[number];

/** Every input of action.yml, parsed. Paths are absolute and inside the workspace. */
export interface ActionInputs {
  command: ActionCommand | null;
  /** GITHUB_WORKSPACE: every path input is inside it. */
  workspace: string;
  projectDir: string;
  manifest: string;
  runResults: string;
  /** sources.json; it may not exist (then nodes that read sources are built). */
  sources: string;
  /** The state scope's environment; null: the default for the event (prod). */
  environment: string | null;
  statePath: string;
  /** A secret: masked by the entry point, never logged or stored. */
  githubToken: string;
  comment: boolean;
  select: string[];
  /** dbt selectors to leave out of the plan (dbt's `--exclude`). */
  exclude: string[];
  /** A secret: masked by the entry point, never logged or stored. */
  warehouse: string;
  /** The vendors' credential variables a warehouse URL may take its secret from (masked by the entry point). */
  warehouseEnv: WarehouseEnv;
  /** connect-timeout, statement-timeout, lock-timeout (defaults 30 s, 10 min, 60 s). */
  timeouts: WarehouseTimeouts;
  /** The schema of the environment registry in the warehouse (default ods_meta). */
  metaSchema: string;
  promote: boolean;
  /** Promotion may run, staged and journaled, where the warehouse can't switch every table at once. */
  allowNonAtomic: boolean;
  retentionDays: number;
  sqliteDriver: DriverPreference;
  /**
   * A pull request's data diff after its dbt build (with `warehouse`): its
   * limits, or null when `data-diff` is false.
   */
  dataDiff: DataDiffLimits | null;
  /**
   * Column impact (issue 24): a model reading none of a changed model's
   * changed columns is reused. False plans and records as before (the SQL
   * parser is never loaded).
   */
  columnImpact: boolean;
  /**
   * How incremental models a pull request builds start in its environment
   * (`clone`, the default; `copy up to LIMIT`; `none`; `full-refresh`).
   */
  incrementalStart: IncrementalStart;
  /**
   * The job's environment, as the dbt build step inherits it (issue 36):
   * the values of `env_var()` reads on a node's run-time path are compared
   * by keyed digests, never kept. Set by the entry point (read-runner.ts).
   */
  buildEnv?: Readonly<Record<string, string | undefined>>;
}

/**
 * Parses the action's inputs. Every wrong value is a UserError naming the
 * input and the values allowed; nothing falls back silently.
 */
export function readActionInputs(
  input: InputReader,
  workspace: string,
  driverVariable: string | undefined,
  warehouseEnv: WarehouseEnv = {},
): ActionInputs {
  const commandText = input("command").trim();
  if (commandText !== "" && !(COMMANDS as readonly string[]).includes(commandText)) {
    throw new UserError(
      "input_invalid",
      `Input \`command\` is \`${commandText}\`; allowed: ${COMMANDS.join(", ")} (or empty to follow the event).`,
      {
        input: "command",
      },
    );
  }
  const projectDir = resolveInWorkspace(input("project-dir") || ".", workspace, "project-dir");
  const inProject = (name: string, fallback: string) => {
    const value = input(name) || fallback;
    // An absolute path is taken as it is (and must be in the workspace); a relative one is relative to project-dir.
    const relative = path.isAbsolute(value)
      ? value
      : path.join(path.relative(workspace, projectDir) || ".", value);
    return resolveInWorkspace(relative, workspace, name, value);
  };
  const retentionText = input("retention") || "3";
  const retentionDays = Number(retentionText);
  if (!/^\d+$/.test(retentionText.trim()) || retentionDays < 1 || retentionDays > 90) {
    throw new UserError(
      "input_invalid",
      `Input \`retention\` is \`${retentionText}\`; it must be a whole number of days from 1 to 90.`,
      {
        input: "retention",
      },
    );
  }
  const environment = input("environment").trim();
  if (environment !== "" && !/^[A-Za-z0-9_.-]{1,64}$/.test(environment)) {
    throw new UserError(
      "input_invalid",
      `Input \`environment\` is \`${environment}\`; use 1 to 64 letters, digits, \`_\`, \`.\` or \`-\`.`,
      { input: "environment" },
    );
  }
  return {
    command: commandText === "" ? null : (commandText as ActionCommand),
    workspace: path.resolve(workspace),
    projectDir,
    manifest: inProject("manifest", "target/manifest.json"),
    runResults: inProject("run-results", "target/run_results.json"),
    sources: inProject("sources", "target/sources.json"),
    environment: environment === "" ? null : environment,
    statePath: resolveInWorkspace(input("state-path") || DEFAULT_STATE_FILE, workspace, "state-path"),
    githubToken: input("github-token"),
    comment: parseBooleanInput(input("comment"), "comment", true),
    select: input("select")
      .split(/\s+/)
      .filter((part) => part !== ""),
    exclude: input("exclude")
      .split(/\s+/)
      .filter((part) => part !== ""),
    warehouse: input("warehouse"),
    warehouseEnv,
    timeouts: timeoutsFrom((kind) => input(`${kind}-timeout`), "input"),
    metaSchema: metaSchemaOf(input("meta-schema")),
    promote: parseBooleanInput(input("promote"), "promote", true),
    allowNonAtomic: parseBooleanInput(input("allow-non-atomic"), "allow-non-atomic", false),
    retentionDays,
    sqliteDriver: parseDriverPreference(driverVariable),
    dataDiff: parseBooleanInput(input("data-diff"), "data-diff", true)
      ? dataDiffLimitsFrom((setting) => input(DATA_DIFF_SETTINGS[setting].input), "input")
      : null,
    columnImpact: parseBooleanInput(input("column-impact"), "column-impact", false),
    incrementalStart: parseIncrementalStart(input("incremental-start"), "input"),
  };
}

/** The registry's schema: a plain name (the warehouse adapter quotes it and checks it against its rules). */
function metaSchemaOf(text: string): string {
  const value = text.trim();
  if (value === "") return "ods_meta";
  if (!/^[A-Za-z_][A-Za-z0-9_$]{0,62}$/.test(value)) {
    throw new UserError(
      "input_invalid",
      `Input \`meta-schema\` is \`${text}\`; it must be a schema name (letters, digits, \`_\`, \`$\`, not starting with a digit, at most 63), or empty for ods_meta.`,
      { input: "meta-schema" },
    );
  }
  return value;
}

/**
 * Resolves a path input against the workspace and refuses one that leaves
 * it, by its text (`..`, an absolute path elsewhere) or through symbolic
 * links (the path, a folder on it, or a link that does not exist yet
 * pointing outside): what the action reads or writes stays in the checkout.
 * Links that stay inside are followed; the path returned is the one given.
 */
export function resolveInWorkspace(
  value: string,
  workspace: string,
  inputName: string,
  given: string = value,
): string {
  const root = path.resolve(workspace);
  const resolved = path.resolve(root, value);
  const outside = (target: string, base: string) => {
    const relative = path.relative(base, target);
    return relative === ".." || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
  };
  let leaves = outside(resolved, root);
  let through = "";
  if (!leaves) {
    const real = realPath(resolved);
    leaves = outside(real, realPath(root));
    if (leaves) through = ` (through a symbolic link, to ${real})`;
  }
  if (leaves) {
    throw new UserError(
      "input_invalid",
      `Input \`${inputName}\` is \`${given}\`, which is outside the workspace ${root}${through}.`,
      {
        input: inputName,
        hint: `Give \`${inputName}\` a path inside the repository checkout.`,
      },
    );
  }
  return resolved;
}

/**
 * Where `file` really is once every symbolic link on it is followed, also
 * when it (or the end of a chain of links) does not exist yet: the part
 * that exists is resolved and the rest is appended.
 */
function realPath(file: string, hops = 0): string {
  try {
    return realpathSync(file);
  } catch {
    // Part of the path does not exist (or a link dangles): resolve the parent, then this name.
  }
  const parent = path.dirname(file);
  if (parent === file || hops > 40) return file;
  const base = path.join(realPath(parent, hops + 1), path.basename(file));
  let target: string;
  try {
    target = readlinkSync(base);
  } catch {
    return base;
  }
  return realPath(path.resolve(path.dirname(base), target), hops + 1);
}

/** Strict boolean: `true` or `false` (any case); anything else names the input. */
export function parseBooleanInput(value: string, inputName: string, fallback: boolean): boolean {
  if (value === "") return fallback;
  const lower = value.trim().toLowerCase();
  if (lower === "true") return true;
  if (lower === "false") return false;
  throw new UserError(
    "input_invalid",
    `Input \`${inputName}\` is \`${value}\`; allowed values: true, false.`,
    {
      input: inputName,
    },
  );
}
