/**
 * Access is never widened (docs/environments.md): the words of a refusal
 * when prod's relation has read controls (row-level security, column
 * privileges, row or column policies: `ReadControl`) that an object ODS
 * would make from it in an environment would not apply to its readers.
 * Pure: the adapters read the controls, this says why each object is
 * refused.
 */
import {
  type IdentifierRules,
  type QualifiedName,
  sameQualified,
  showQualified,
} from "../warehouse/names.js";
import type { AccessRefusal, ReadControl } from "../warehouse/warehouse.js";

/** What ODS would make: the start of an incremental model, or a pointer view reading with its owner's rights. */
export type Made = "copy" | "clone" | "owner_view";

const WHY: Record<Made, string> = {
  copy: "which a copy owned by the CI role would not apply to its readers",
  clone: "which ODS can't show a clone owned by the CI role would apply to its readers as prod's table does",
  owner_view:
    "and a view here reads with its owner's rights (the CI role's), so ODS can't show the view would limit its readers as prod's table does",
};

/** One refusal for each of `items` whose `reads` has controls, naming each control. */
export function refusalsFromControls(
  items: readonly { at: QualifiedName; reads: QualifiedName }[],
  controls: readonly ReadControl[],
  rules: IdentifierRules,
  made: Made,
): AccessRefusal[] {
  const out: AccessRefusal[] = [];
  for (const item of items) {
    const limited = controls.filter((control) => sameQualified(control.table, item.reads, rules));
    if (limited.length === 0) continue;
    out.push({
      at: item.at,
      reads: item.reads,
      reason: `prod's ${showQualified(item.reads)} has ${limited.map((control) => control.detail).join("; ")}, ${WHY[made]}`,
    });
  }
  return out;
}
