/**
 * The errors a store raises about its file, each naming the file and saying
 * what to do with that exact path.
 */
import { type Problem, UserError } from "../errors/user-error.js";
import { VERSION } from "../version.js";

function quote(file: string): string {
  return /^[\w./@:+-]+$/.test(file) ? file : `'${file.replaceAll("'", "'\\''")}'`;
}

export function recoveryHint(file: string): string {
  const path = quote(file);
  return `Run \`ods-state doctor --state ${path}\` to see what is wrong. Then restore the newest good backup next to it (\`${path}.*.bak\`), or run \`ods-state reset --state ${path}\`, which moves the damaged file aside and lets the next run start from no state (every node is built). See docs/state-recovery.md.`;
}

export function damaged(file: string, detail: string, problems: readonly Problem[] = []): UserError {
  return new UserError("state_corrupt", `The state database ${file} is damaged: ${detail}`, {
    file,
    hint: recoveryHint(file),
    problems,
  });
}

/** The disk holding `file` has no room for what SQLite had to write. */
export function diskFull(file: string, detail: string, freeBytes: number | undefined): UserError {
  const free = freeBytes === undefined ? "" : ` (${freeBytes} bytes free)`;
  return new UserError(
    "disk_full",
    `The disk holding the state database ${file} is full${free}: SQLite could not write (${detail}). Nothing was committed.`,
    { file },
  );
}

export function newerLayout(file: string, found: number, known: number): UserError {
  return new UserError(
    "state_newer",
    `The state database ${file} has layout version ${found}, written by a newer ods-state; this ods-state (${VERSION}) knows layout versions up to ${known}. It was not opened.`,
    {
      file,
      hint: `Upgrade ods-state to the version that wrote it (or newer), or restore a backup written by this version (\`${quote(file)}.*.bak\`). Do not reset it unless you mean to lose what it records.`,
    },
  );
}

export function newerDocument(file: string, subject: string, detail: string): UserError {
  return new UserError("state_newer", `${subject} in ${file} was written by a newer ods-state: ${detail}.`, {
    file,
    hint: "Upgrade ods-state to the version that wrote it (or newer), or restore a backup written by this version.",
  });
}

export function foreign(file: string, detail: string): UserError {
  return new UserError("state_foreign", `${file} is not an ods-state database: ${detail}.`, { file });
}

export function locked(file: string, waitedMs: number): UserError {
  return new UserError(
    "state_locked",
    `The state database ${file} is locked by another writer; waited ${waitedMs} ms.`,
    { file },
  );
}
