import { readFileSync, statSync } from "node:fs";
import { UserError } from "../errors/user-error.js";

/**
 * Reads a UTF-8 text file named by a flag or an input, with errors that name
 * the file and the flag or input it came from.
 */
export function readTextFile(file: string, from: string): string {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") {
      throw new UserError("file_missing", `${file} (given by ${from}) does not exist.`, {
        file,
        input: from,
      });
    }
    throw new UserError(
      "file_unreadable",
      `${file} (given by ${from}) cannot be read: ${code ?? String(error)}.`,
      {
        file,
        input: from,
      },
    );
  }
  if (stats.isDirectory()) {
    throw new UserError("file_unreadable", `${file} (given by ${from}) is a directory, not a file.`, {
      file,
      input: from,
    });
  }
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UserError(
      "file_unreadable",
      `${file} (given by ${from}) cannot be read: ${code ?? String(error)}.`,
      {
        file,
        input: from,
      },
    );
  }
}
