/**
 * The hand-off from the main step to the post step (src/app/events/hand-off.ts
 * is the document and its schema): one file in the runner's temp folder, its
 * path the step state's one key.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type HandOff, parseHandOff, serializeHandOff } from "../app/events/hand-off.js";
import { UserError } from "../errors/user-error.js";
import type { Ports } from "./ports.js";

/** The step-state key holding the hand-off's path. */
export const HAND_OFF_STATE = "hand-off";

/** The folder of the main step's files (plan file, hand-off). */
export function stepFolder(tempDir: string): string {
  const dir = path.join(tempDir, "ods-state");
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Writes the hand-off and names it in the step state; returns its path. */
export function writeHandOff(
  ports: Pick<Ports, "tempDir" | "stepState">,
  handOff: Omit<HandOff, "version">,
): string {
  const file = path.join(stepFolder(ports.tempDir), "hand-off.json");
  writeFileSync(file, serializeHandOff(handOff));
  ports.stepState.save(HAND_OFF_STATE, file);
  return file;
}

/** The main step's hand-off, validated; null when the main step handed nothing off (it did not plan). */
export function readHandOff(ports: Pick<Ports, "stepState">): HandOff | null {
  const file = ports.stepState.get(HAND_OFF_STATE);
  if (file === "") return null;
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UserError(
      "hand_off_invalid",
      `The main step's hand-off ${file} can't be read (${(error as NodeJS.ErrnoException).code ?? String(error)}): the post step can't tell what the main step planned.`,
      { file },
    );
  }
  return parseHandOff(text, file);
}
