/**
 * SQLite driver errors turned into errors that name the state file and say
 * what to do: damage, a full disk, a lock held too long, a file that can't be
 * opened for writing. Anything else is passed on as it is.
 */
import { statfsSync } from "node:fs";
import path from "node:path";
import { UserError } from "../errors/user-error.js";
import { BUSY_TIMEOUT_MS } from "./open-database.js";
import { classifySqliteError } from "./sqlite-driver.js";
import { InvalidSnapshotError } from "./state-store.js";
import { damaged, diskFull, locked } from "./store-errors.js";

/** Runs `fn`, turning driver errors into errors that name `file`. */
export function guard<T>(file: string, fn: () => T, busyTimeoutMs = BUSY_TIMEOUT_MS): T {
  try {
    return fn();
  } catch (error) {
    throw translate(file, error, busyTimeoutMs);
  }
}

/** Less free space than this beside the state database counts as a full disk when SQLite reports an I/O error. */
const NEARLY_FULL_BYTES = 1024 * 1024;

function freeBytes(file: string): number | undefined {
  try {
    const stats = statfsSync(path.dirname(file));
    return Number(stats.bavail) * Number(stats.bsize);
  } catch {
    return undefined;
  }
}

export function translate(file: string, error: unknown, busyTimeoutMs = BUSY_TIMEOUT_MS): unknown {
  if (error instanceof UserError || error instanceof InvalidSnapshotError) return error;
  const failure = classifySqliteError(error);
  const message = error instanceof Error ? error.message : String(error);
  switch (failure) {
    case "corrupt":
      return damaged(file, `SQLite reports ${message}.`);
    case "notadb":
      return damaged(file, `SQLite reports ${message} (the file is not a readable SQLite database).`);
    case "full":
      return diskFull(file, message, freeBytes(file));
    case "ioerr": {
      // On a full disk SQLite can't even map its shared-memory file: that is no damage.
      const free = freeBytes(file);
      if (free !== undefined && free < NEARLY_FULL_BYTES) return diskFull(file, message, free);
      return damaged(file, `SQLite could not read it (${message}).`);
    }
    case "busy":
      return locked(file, busyTimeoutMs);
    case "readonly":
    case "cantopen":
      return new UserError(
        "file_unreadable",
        `The state database ${file} can't be opened for writing: ${message}.`,
        {
          file,
          hint: "Check that the file and its folder exist and are writable by this job (SQLite also writes STATE-wal and STATE-shm next to it).",
        },
      );
    default:
      return error;
  }
}
