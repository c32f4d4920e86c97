/**
 * Golden files: rendered output compared byte for byte with a committed file.
 * `UPDATE_GOLDEN=1` writes the file instead (then review the diff); without it
 * a missing file is an error, never written.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";

/** Compares `actual` with `file`, or writes it there when UPDATE_GOLDEN=1. */
export function expectGolden(file: string, actual: string): void {
  if (process.env.UPDATE_GOLDEN === "1") {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  if (!existsSync(file)) throw new Error(`no golden file ${file}: run with UPDATE_GOLDEN=1 and review it`);
  // Byte for byte; toBe shows the diff.
  expect(actual).toBe(readFileSync(file, "utf8"));
}
