import path from "node:path";
import { UserError } from "../errors/user-error.js";
import type { ActionInputs } from "../run/ports.js";
import { parseDriverPreference } from "../store/sqlite-driver.js";

/** Reads one input as the runner passes it (`INPUT_<NAME>`); empty when unset. */
export type InputReader = (name: string) => string;

export const DEFAULT_STATE_PATH = ".ods/state.db";

/**
 * Parses the action's inputs. Every wrong value is a UserError naming the
 * input and the values allowed; nothing falls back silently.
 */
export function readActionInputs(
  input: InputReader,
  workspace: string,
  driverVariable: string | undefined,
): ActionInputs {
  const statePath = resolveInWorkspace(input("state-path") || DEFAULT_STATE_PATH, workspace, "state-path");
  return { statePath, sqliteDriver: parseDriverPreference(driverVariable) };
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
