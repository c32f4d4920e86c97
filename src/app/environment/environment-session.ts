/**
 * Opens the warehouse (through the entry point's adapter) and its
 * environment registry for one scope, runs the use case over them, and
 * closes the connection whatever happens. The action
 * and the CLI both call this with the warehouse and settings they read
 * (inputs, flags): one way to open an environment session.
 */

import type { WarehouseSpec } from "../../drivers/open.js";
import type { EnvScope } from "../../environment/environment-identity.js";
import { environmentContext } from "../../environment/index.js";
import type { EnvContext } from "../../environment/lifecycle/common.js";
import type { WarehouseTimeouts } from "../../warehouse/timeouts.js";
import type { Warehouse } from "../../warehouse/warehouse.js";
import type { OpenWarehouse } from "../ports.js";

export interface EnvironmentSessionConfig {
  warehouse: WarehouseSpec;
  timeouts: WarehouseTimeouts;
  scope: EnvScope;
  /** The clock's reading for everything the session records (ISO 8601). */
  now: string;
  /** The registry's schema; ods_meta when absent. */
  metaSchema?: string | undefined;
  /** false: a warehouse without a registry yields null instead of one being created. */
  create?: boolean;
  /**
   * Whether the run may overlap another job's promotion (EnvContext.overlapsPromotions): then the
   * interrupted promotions every changing use case recovers first are recovered only once their lease passed.
   */
  overlapsPromotions?: boolean;
  /** Hears what that recovery did (the action's log, the CLI's stderr). */
  log?: EnvContext["log"];
}

/** `work`'s result, or null when `create` is false and the warehouse has no registry yet. */
export async function withEnvironmentSession<T>(
  openWarehouse: OpenWarehouse,
  config: EnvironmentSessionConfig,
  work: (ctx: EnvContext, warehouse: Warehouse) => Promise<T>,
): Promise<T | null> {
  const warehouse = await openWarehouse(config.warehouse, config.timeouts);
  try {
    const ctx = await environmentContext(warehouse, {
      now: config.now,
      scope: config.scope,
      ...(config.metaSchema ? { metaSchema: config.metaSchema } : {}),
      create: config.create ?? true,
      ...(config.overlapsPromotions !== undefined ? { overlapsPromotions: config.overlapsPromotions } : {}),
      ...(config.log ? { log: config.log } : {}),
    });
    if (!ctx) return null;
    return await work(ctx, warehouse);
  } finally {
    await warehouse.close();
  }
}
