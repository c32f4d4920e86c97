/**
 * Whether an input path a recorded build saw as unclassified is classified
 * by this version of ODS (an upgrade that adds a row): then its component's
 * absence now is no change. Filled in by the inventory (index.ts).
 */
import { classifyPath } from "./lookup.js";

export function isClassifiedNow(path: string): boolean {
  const row = classifyPath(path);
  return row !== null && row.class !== "unknown";
}
