import { createHash } from "node:crypto";

/** SHA-256 of UTF-8 text, lower-case hex. */
export function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}
