/**
 * Checks on a state file made without opening it with SQLite: what its first
 * bytes say. The store runs `inspectHeader` before it opens a file; the state
 * transport runs `stateFileHeaderProblem` and `copyableStateFileProblem` on a
 * file it restored or is about to save, where nothing may be opened.
 */
import { closeSync, existsSync, openSync, readSync, statSync } from "node:fs";
import path from "node:path";
import { UserError } from "../errors/user-error.js";
import { APPLICATION_ID } from "./migrations.js";

const SQLITE_MAGIC = "SQLite format 3\0";

/** The size of a SQLite database header. */
const HEADER_BYTES = 100;

/** Reads up to the first 100 bytes of the open file `fd`; `read` says how many there were. */
function readHeader(fd: number): { header: Buffer; read: number } {
  const header = Buffer.alloc(HEADER_BYTES);
  return { header, read: readSync(fd, header, 0, HEADER_BYTES, 0) };
}

/** Whether `header` (of which `read` bytes were read) starts with the SQLite magic string. */
function hasSqliteMagic(header: Buffer, read: number): boolean {
  return read >= 16 && header.subarray(0, 16).toString("latin1") === SQLITE_MAGIC;
}

/** What the first bytes of `file` say, before SQLite is asked. */
export function inspectHeader(file: string): { problem: string | undefined; size: number } {
  let stat: ReturnType<typeof statSync>;
  let fd: number;
  try {
    stat = statSync(file);
    if (stat.isDirectory()) {
      throw new UserError("file_unreadable", `${file} is a directory, not a state database file.`, {
        file,
        hint: "Point the state path (--state, or the action's `state-path` input) at a file, .ods/state.db by default. Nothing was changed.",
      });
    }
    fd = openSync(file, "r");
  } catch (error) {
    if (error instanceof UserError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new UserError("file_unreadable", `The state database ${file} can't be read: ${code}.`, { file });
  }
  const size = stat.size;
  if (size === 0) {
    closeSync(fd);
    return { problem: "the file is empty (0 bytes): it was truncated", size };
  }
  try {
    const { header, read } = readHeader(fd);
    if (!hasSqliteMagic(header, read)) {
      const start = header.subarray(0, Math.min(read, 16)).toString("latin1");
      return {
        problem:
          read < 16 && SQLITE_MAGIC.startsWith(start)
            ? `the file is ${size} bytes, shorter than a SQLite header: it was truncated`
            : "the file is not a SQLite database (its first bytes are not the SQLite header)",
        size,
      };
    }
    if (read < HEADER_BYTES)
      return { problem: `the file is ${size} bytes, shorter than a SQLite header: it was truncated`, size };
    const pageSize = header.readUInt16BE(16) === 1 ? 65536 : header.readUInt16BE(16);
    if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) {
      return { problem: `the SQLite header is damaged (page size ${pageSize})`, size };
    }
    if (size % pageSize !== 0) {
      return {
        problem: `the file is ${size} bytes, not a whole number of ${pageSize}-byte pages: it was truncated or appended to`,
        size,
      };
    }
    return { problem: undefined, size };
  } finally {
    closeSync(fd);
  }
}

/**
 * Why `file` is not an ods-state database, judged from its header (magic and
 * application id), or undefined when it looks like one. Never throws: what
 * can't be read is a problem too. The store's open does the full check; this
 * is what can be told without opening the file.
 */
export function stateFileHeaderProblem(file: string): string | undefined {
  let header: Buffer;
  let read: number;
  try {
    const fd = openSync(file, "r");
    try {
      ({ header, read } = readHeader(fd));
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    return `it can't be read (${error instanceof Error ? error.message : String(error)})`;
  }
  if (read < HEADER_BYTES || !hasSqliteMagic(header, read)) return "it is not a SQLite database";
  const applicationId = header.readUInt32BE(68);
  if (applicationId !== APPLICATION_ID) {
    return `it is a SQLite database of another application (application id ${applicationId})`;
  }
  return undefined;
}

/**
 * Why `file` can't be copied on its own as the state, or undefined when it
 * can: it must look like an ods-state database, and hold everything itself
 * (a closed store checkpoints and empties its write-ahead log).
 */
export function copyableStateFileProblem(file: string): string | undefined {
  const header = stateFileHeaderProblem(file);
  if (header) return header;
  const wal = `${file}-wal`;
  if (existsSync(wal) && statSync(wal).size > 0) {
    return `it has a write-ahead log (${path.basename(wal)}) that is not checkpointed: the store is still open, or was not closed cleanly`;
  }
  return undefined;
}
