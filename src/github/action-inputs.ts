import path from "node:path";
import { UserError } from "../errors/user-error.js";
import { type DriverPreference, parseDriverPreference } from "../store/sqlite-driver.js";

/** Reads one input as the runner passes it (`INPUT_<NAME>`); empty when unset. */
export type InputReader = (name: string) => string;

export const DEFAULT_STATE_PATH = ".ods/state.db";

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
  /** A secret: masked by the entry point, never logged or stored. */
  warehouse: string;
  promote: boolean;
  retentionDays: number;
  sqliteDriver: DriverPreference;
}

/**
 * Parses the action's inputs. Every wrong value is a UserError naming the
 * input and the values allowed; nothing falls back silently.
 */
export function readActionInputs(
  input: InputReader,
  workspace: string,
  driverVariable: string | undefined,
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
    const resolved = resolveInWorkspace(
      path.join(path.relative(workspace, projectDir) || ".", value),
      workspace,
      name,
    );
    return resolved;
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
    statePath: resolveInWorkspace(input("state-path") || DEFAULT_STATE_PATH, workspace, "state-path"),
    githubToken: input("github-token"),
    comment: parseBooleanInput(input("comment"), "comment", true),
    select: input("select")
      .split(/\s+/)
      .filter((part) => part !== ""),
    warehouse: input("warehouse"),
    promote: parseBooleanInput(input("promote"), "promote", true),
    retentionDays,
    sqliteDriver: parseDriverPreference(driverVariable),
  };
}

/** Resolves a path input against the workspace and refuses one that leaves it. */
export function resolveInWorkspace(value: string, workspace: string, inputName: string): string {
  const root = path.resolve(workspace);
  const resolved = path.resolve(root, value);
  const relative = path.relative(root, resolved);
  if (relative.startsWith("..") || path.isAbsolute(relative)) {
    throw new UserError(
      "input_invalid",
      `Input \`${inputName}\` is \`${value}\`, which is outside the workspace ${root}.`,
      {
        input: inputName,
        hint: `Give \`${inputName}\` a path inside the repository checkout.`,
      },
    );
  }
  return resolved;
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
