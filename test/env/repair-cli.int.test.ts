/**
 * `ods-state env repair` in process, on a real DuckDB file and a real
 * PostgreSQL server: after main's dbt build (the stand-in drops replaced
 * relations with CASCADE, as dbt-postgres does), it recreates PR 7's pointer
 * views on PostgreSQL and finds nothing to do on DuckDB; `--pr` names one
 * environment, an unknown one is an error (exit 1, its code), and a dry run
 * changes nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cliIn } from "../support/cli-context.js";
import { ENGINES, freshSession, postgresServer } from "../support/warehouse/engines.js";
import { prBuilt, prodBuilt, shop } from "../support/warehouse/scenario.js";
import { duckdbSession, type Session } from "../support/warehouse/sessions.js";
import { build } from "../support/warehouse/shop.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "ods-env-repair-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const POINTERS = ["country_codes", "customers", "stg_customers", "stg_payments"];

const cli = cliIn(dir, { repository: "acme/shop" });

async function pointerViews(session: Session): Promise<string[]> {
  const views = (await session.warehouse.listObjects(["analytics_pr_7"])).filter((o) => o.kind === "view");
  return views.map((o) => o.identifier).filter((name) => POINTERS.includes(name));
}

describe.each(ENGINES)("ods-state env repair on %s", (engine) => {
  it("recreates the pointer views main's dbt build dropped; --pr, --dry-run, an unknown environment", async () => {
    const folder = mkdtempSync(path.join(dir, `${engine}-`));
    const open = async (): Promise<Session> =>
      engine === "duckdb" ? duckdbSession(folder) : freshSession("postgres");
    const warehouse =
      engine === "duckdb"
        ? `duckdb:${path.join(folder, "shop.duckdb")}`
        : (await postgresServer()).urlFor("shop");
    let session = await open();
    const s = shop();
    try {
      const prod = await prodBuilt(session, s);
      await prBuilt(session, s, prod);
      await build(session, {
        manifest: s.mainManifest,
        target: "prod",
        invocationId: s.mainManifest.metadata.invocation_id,
        startedAt: "2026-11-30T12:05:00.000Z",
      });
      const broken: number = engine === "postgres" ? 4 : 0;
      expect(await pointerViews(session)).toHaveLength(4 - broken);
      if (engine === "duckdb") await session.close();

      const dry = await cli(["env", "repair", "--project", "shop", "--dry-run", "--format", "json"], {
        warehouse,
      });
      expect(dry.code, dry.err).toBe(0);
      expect(JSON.parse(dry.out)).toMatchObject({ dry_run: true, repaired: broken, failed: 0 });

      const repaired = await cli(["env", "repair", "--project", "shop"], { warehouse });
      expect(repaired.code, repaired.err).toBe(0);
      expect(repaired.out).toContain(
        `Repair: recreated ${broken} pointer view${broken === 1 ? "" : "s"} in 1 environment; 0 whose prod relation is gone; 0 failed.`,
      );
      if (engine === "postgres")
        expect(repaired.out).toContain(
          "acme/shop:shop:pr-7: analytics_pr_7.customers → analytics.customers (missing)",
        );

      const again = await cli(["env", "repair", "--project", "shop", "--pr", "7", "--format", "json"], {
        warehouse,
      });
      expect(again.code, again.err).toBe(0);
      expect(JSON.parse(again.out)).toMatchObject({
        repaired: 0,
        environments: [{ environment: "acme/shop:shop:pr-7" }],
      });

      const unknown = await cli(["env", "repair", "--project", "shop", "--pr", "99"], {
        warehouse,
      });
      expect(unknown.code).toBe(1);
      expect(unknown.err).toContain("error[environment_unknown]");
      expect(unknown.err).toContain("pr-99");

      if (engine === "duckdb") session = await open();
      expect((await pointerViews(session)).sort()).toEqual(POINTERS);
    } finally {
      await session.close();
    }
  });
});
