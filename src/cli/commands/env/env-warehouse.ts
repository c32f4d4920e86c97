/**
 * The warehouse an `ods-state env` subcommand acts on: --warehouse (else
 * ODS_WAREHOUSE), its timeouts and --meta-schema, opened for one scope by the
 * use cases' session (src/app/environment/environment-session.ts).
 */
import { withEnvironmentSession } from "../../../app/environment/environment-session.js";
import { parseWarehouseSpec } from "../../../app/warehouse-drivers.js";
import type { EnvContext, EnvScope } from "../../../environment/index.js";
import { timeoutsFrom } from "../../../warehouse/timeouts.js";
import type { Warehouse } from "../../../warehouse/warehouse.js";
import type { CliContext, ParsedValues } from "../../command.js";
import type { Progress } from "../../progress.js";
import { str } from "./env-flags.js";

/** `work`'s result; null when `create` is false and the warehouse has no environment registry. */
export async function withWarehouse<T>(
  values: ParsedValues,
  context: CliContext,
  scope: EnvScope,
  work: (ctx: EnvContext, warehouse: Warehouse) => Promise<T>,
  /**
   * `overlapsPromotions` (default true): the command may run beside a default-branch job's promotion, so
   * the interrupted promotions it recovers first are only those whose lease passed (promote and rollback:
   * false, one promotion at a time).
   */
  options: { create?: boolean; progress?: Progress; overlapsPromotions?: boolean } = {},
): Promise<T | null> {
  const given = str(values, "warehouse");
  const spec = parseWarehouseSpec(
    given ?? context.warehouse,
    context.cwd,
    given !== undefined ? "--warehouse" : "ODS_WAREHOUSE",
    context.warehouseEnv,
  );
  const timeouts = timeoutsFrom((kind) => str(values, `${kind}-timeout`), "flag");
  options.progress?.phase("connecting to the warehouse");
  return withEnvironmentSession(
    context.openWarehouse,
    {
      warehouse: spec,
      timeouts,
      scope,
      now: new Date().toISOString(),
      metaSchema: str(values, "meta-schema"),
      create: options.create ?? true,
      overlapsPromotions: options.overlapsPromotions ?? true,
      log: {
        info: (message: string) => context.stderr(`note: ${message}\n`),
        warning: (message: string) => context.stderr(`warning: ${message}\n`),
      },
    },
    work,
  );
}
