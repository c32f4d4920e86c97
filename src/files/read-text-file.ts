import { readFileSync, statSync } from "node:fs";
import { UserError } from "../errors/user-error.js";

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Decodes a file's bytes as UTF-8, refusing bytes that are not UTF-8 rather
 * than replacing them: dbt writes its artifacts as UTF-8, and replacement
 * characters would make different bytes read alike (a changed SQL string
 * would keep its fingerprint).
 */
export function decodeUtf8(bytes: Uint8Array, file: string, from: string): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    throw new UserError(
      "artifact_not_json",
      `${file} is not UTF-8 text: byte ${at} (0x${(bytes[at] ?? 0).toString(16).padStart(2, "0")}) can't be decoded (given by ${from}).`,
      {
        file,
        input: from,
        hint: "dbt writes its artifacts as UTF-8, so the file was changed or damaged after dbt wrote it. Regenerate it with dbt.",
      },
    );
  }
}

/** Offset of the first byte that doesn't start or continue a well-formed UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    let length: number;
    let min: number;
    if (b < 0x80) {
      i += 1;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) {
      length = 2;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      min = 0x10000;
    } else {
      return i;
    }
    let code = b & (0xff >> (length + 1));
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      code = (code << 6) | (c & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += length;
  }
  return bytes.length;
}

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
  // Read straight into a string: decoding a Buffer makes an external string next to the
  // Buffer, and both stay in memory (twice a 100 MB manifest) after the text is parsed.
  let text: string;
  try {
    text = readFileSync(file, "utf8");
    // Bytes that are not UTF-8 became U+FFFD: decide on the bytes, refusing them (the file may also hold U+FFFD itself).
    if (text.includes("\uFFFD")) text = decodeUtf8(readFileSync(file), file, from);
  } catch (error) {
    if (error instanceof UserError) throw error;
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
  return text;
}
