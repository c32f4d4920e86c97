import { createHash, hash as oneShot } from "node:crypto";

/** SHA-256 of UTF-8 text, lower-case hex (one-shot: no Hash object per call). */
export function sha256(text: string): string {
  return oneShot("sha256", text, "hex");
}

/** SHA-256 of the concatenation of `parts` (text as UTF-8), lower-case hex, without joining them first. */
export function sha256Of(...parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) {
    if (typeof part === "string") hash.update(part, "utf8");
    else hash.update(part);
  }
  return hash.digest("hex");
}
