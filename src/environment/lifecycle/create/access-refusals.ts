/**
 * Access is never widened (docs/environments.md): before anything changes,
 * an environment whose pointer views would let their readers read more of
 * prod than prod lets them is refused (`pointer_view_refused`), naming each
 * view, the prod relation it would read and why (the warehouse's
 * `pointerRefusals`: a PostgreSQL server before 15, whose views read with
 * their owner's rights; on Snowflake and Databricks, whose views always do,
 * a prod table under a row or column policy, or a future grant that would
 * give the view to a role prod's table isn't granted to).
 */
import { UserError } from "../../../errors/user-error.js";
import { describe, type EnvContext } from "../common.js";
import type { DesiredPointer } from "./desired-pointers.js";

/** How many refused views the message names before it says how many more. */
const SHOWN = 5;

export async function refuseWideningPointers(
  ctx: EnvContext,
  name: string,
  desired: readonly DesiredPointer[],
): Promise<void> {
  const { warehouse } = ctx;
  if (!warehouse.pointerRefusals || desired.length === 0) return;
  const refused = await warehouse.pointerRefusals(
    desired.map((pointer) => ({ at: pointer.at, reads: pointer.reads })),
  );
  if (refused.length === 0) return;
  const shown = refused
    .slice(0, SHOWN)
    .map((refusal) => `${describe(refusal.at)} (reading ${describe(refusal.reads)}): ${refusal.reason}`);
  const more = refused.length > SHOWN ? `; and ${refused.length - SHOWN} more` : "";
  throw new UserError(
    "pointer_view_refused",
    `The environment ${name} can't be made in ${warehouse.label} without widening access to prod: ${refused.length} pointer view${refused.length === 1 ? "" : "s"} would let ${refused.length === 1 ? "its" : "their"} readers read more than prod lets them. ${shown.join("; ")}${more}.`,
  );
}
