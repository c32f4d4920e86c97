import { closeSync, openSync, readFileSync, readSync, statSync } from "node:fs";
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

/** Refuses a path that doesn't exist, can't be examined or is a directory. */
function checkRegularFile(file: string, from: string): void {
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
    throw unreadable(file, from, error);
  }
  if (stats.isDirectory()) {
    throw new UserError("file_unreadable", `${file} (given by ${from}) is a directory, not a file.`, {
      file,
      input: from,
    });
  }
}

function unreadable(file: string, from: string, error: unknown): UserError {
  const code = (error as NodeJS.ErrnoException).code;
  return new UserError(
    "file_unreadable",
    `${file} (given by ${from}) cannot be read: ${code ?? String(error)}.`,
    {
      file,
      input: from,
    },
  );
}

/**
 * Reads a UTF-8 text file named by a flag or an input, with errors that name
 * the file and the flag or input it came from.
 */
export function readTextFile(file: string, from: string): string {
  checkRegularFile(file, from);
  // Read straight into a string: decoding a Buffer makes an external string next to the
  // Buffer, and both stay in memory (twice a 100 MB manifest) after the text is parsed.
  let text: string;
  try {
    text = readFileSync(file, "utf8");
    // Bytes that are not UTF-8 became U+FFFD: decide on the bytes, refusing them (the file may also hold U+FFFD itself).
    if (text.includes("\uFFFD")) text = decodeUtf8(readFileSync(file), file, from);
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw unreadable(file, from, error);
  }
  return text;
}

/**
 * How much of a file streamTextFile reads at a time: small pieces become
 * garbage while V8's young generation is still small (a 100 MB manifest
 * read in 1 MB pieces peaked about 25 MB higher).
 */
export const PIECE_BYTES = 64 * 1024;

/**
 * Reads a UTF-8 text file piece by piece, handing each piece of text to
 * `each` as it is decoded (a multi-byte character is never split), with
 * the errors of readTextFile. A file larger than memory allows as one string
 * can be read this way, and no piece outlives `each`. `pieceBytes`: how
 * many bytes to read at a time.
 */
export function streamTextFile(
  file: string,
  from: string,
  each: (text: string) => void,
  pieceBytes = PIECE_BYTES,
): void {
  checkRegularFile(file, from);
  // Room for up to 3 bytes of a character the previous read split.
  const bytes = Buffer.allocUnsafe(pieceBytes + 3);
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (error) {
    throw unreadable(file, from, error);
  }
  try {
    let carried = 0;
    // Set once the whole file's bytes were checked (a U+FFFD written in the file): not checked again per piece.
    let checkedWhole = false;
    for (;;) {
      let read: number;
      try {
        read = readSync(fd, bytes, carried, pieceBytes, null);
      } catch (error) {
        throw unreadable(file, from, error);
      }
      const filled = carried + read;
      // At the end of the file, everything; otherwise up to the last whole character.
      const whole = read === 0 ? filled : wholeCharacters(bytes, filled);
      // Decoded in V8's heap (a TextDecoder's string is external, and lingers until a full collection).
      const text = bytes.toString("utf8", 0, whole);
      // Bytes that are not UTF-8 became U+FFFD: the whole file's bytes decide, and name the first bad byte.
      if (!checkedWhole && text.includes("\uFFFD")) {
        decodeUtf8(readFileSync(file), file, from);
        checkedWhole = true;
      }
      if (text.length > 0) each(text);
      if (read === 0) return;
      carried = filled - whole;
      bytes.copyWithin(0, whole, filled);
    }
  } finally {
    closeSync(fd);
  }
}

/** How many of the first `length` bytes end on a character boundary (a sequence cut at the end is left out). */
function wholeCharacters(bytes: Uint8Array, length: number): number {
  // Walk back over continuation bytes (at most 3) to the last lead byte.
  let lead = length - 1;
  while (lead >= 0 && length - lead <= 3 && (bytes[lead]! & 0xc0) === 0x80) lead -= 1;
  if (lead < 0) return length;
  const b = bytes[lead]!;
  const size = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
  return lead + size <= length ? length : lead;
}
