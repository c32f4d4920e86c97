/**
 * A registry written by an older minor version is upgraded where it lives,
 * on each provider's simulation: the columns added since are added, and only
 * those (src/drivers/providers/provider-warehouse.ts, ensureRecordTables).
 * Databricks' ALTER TABLE … ADD COLUMNS has no IF NOT EXISTS: adding a
 * column the table has fails there (FIELDS_ALREADY_EXISTS), so the upgrade
 * reads the table's columns first (its statements' `recordColumns`).
 */
import { describe, expect, it } from "vitest";
import { EnvironmentRegistry } from "../../../src/environment/registry/registry.js";
import { loadPolyglotSdk } from "../../../src/runtime/polyglot-sdk.js";
import { freshSession } from "../../support/warehouse/engines.js";
import { SIMULATED_PROVIDERS } from "../../support/warehouse/providers.js";
import { SimulatedWarehouse } from "../../support/warehouse/simulated-provider.js";

describe.each(SIMULATED_PROVIDERS.map((provider) => [provider.name, provider] as const))(
  "a registry of an older minor on %s (simulated)",
  (_, provider) => {
    it("is upgraded: the columns added since are added, the ones it has are left", async () => {
      const loaded = await loadPolyglotSdk();
      if (!loaded.ok) throw new Error(loaded.error);
      const session = await freshSession("duckdb");
      const warehouse = new SimulatedWarehouse(session, provider, loaded.sdk);
      expect(await EnvironmentRegistry.open(warehouse)).not.toBeNull();
      const version = () =>
        session.rows(`select value from "ods_meta"."registry_info" where key = 'schema_version'`);
      const current = await version();

      // What ods-state 1.1 wrote: no repository_id.
      await session.exec(`alter table "ods_meta"."environments" drop column "repository_id"`);
      await session.exec(`alter table "ods_meta"."promotions" drop column "repository_id"`);
      await session.exec(`update "ods_meta"."registry_info" set value = '1.1' where key = 'schema_version'`);

      expect(await EnvironmentRegistry.open(warehouse, { create: false })).not.toBeNull();
      const added = await session.rows(
        `select table_name from information_schema.columns where table_schema = 'ods_meta' and column_name = 'repository_id' order by table_name`,
      );
      expect(added).toEqual([{ table_name: "environments" }, { table_name: "promotions" }]);
      expect(await version()).toEqual(current);
    });
  },
);
