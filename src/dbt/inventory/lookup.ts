import type { InventoryRow } from "./row.js";

/** Placeholder until the rows land: nothing is classified. */
export function classifyPath(_path: string): InventoryRow | null {
  return null;
}
