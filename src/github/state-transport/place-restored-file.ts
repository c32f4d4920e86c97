/**
 * Puts a restored file at the state path, moving whatever was there (and its
 * SQLite sidecars) aside first: nothing at the state path is deleted.
 */
import { randomUUID } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, unlinkSync } from "node:fs";
import path from "node:path";

const SIDECARS = ["-wal", "-shm", "-journal"];

/**
 * Moves `file` to `target`. Whatever was at `target` (and its SQLite
 * sidecars, which would otherwise be applied to the new file) is moved to
 * `<target>.before-restore.bak` first; returns that path when it did.
 */
export function placeRestoredFile(file: string, target: string): string | undefined {
  mkdirSync(path.dirname(target), { recursive: true });
  const backup = `${target}.before-restore.bak`;
  const present = [target, ...SIDECARS.map((s) => `${target}${s}`)].filter((p) => existsSync(p));
  if (present.length > 0) {
    for (const old of [backup, ...SIDECARS.map((s) => `${backup}${s}`)]) rmSync(old, { force: true });
    for (const p of present) renameSync(p, `${backup}${p.slice(target.length)}`);
  }
  try {
    renameSync(file, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    const temporary = `${target}.${randomUUID()}.tmp`;
    copyFileSync(file, temporary);
    renameSync(temporary, target);
    unlinkSync(file);
  }
  return existsSync(backup) ? backup : undefined;
}
