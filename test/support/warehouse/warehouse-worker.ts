/**
 * A second process for the connection tests (run with
 * `node --import tools/ts-hooks.mjs`): DuckDB lets one process at a
 * time open a file for writing, so concurrency on DuckDB needs processes.
 *
 *   hold FILE MS            opens the DuckDB file, prints `held`, keeps it open MS ms
 *   registry WAREHOUSE MS   opens the warehouse (lock timeout MS) and creates the registry;
 *                           prints {"ok":true} or {"code":…,"message":…}
 */
import { DuckDBInstance } from "@duckdb/node-api";
import { openWarehouse, parseWarehouseSpec } from "../../../src/drivers/open.js";
import { environmentContext } from "../../../src/environment/index.js";
import { DEFAULT_TIMEOUTS } from "../../../src/warehouse/timeouts.js";

const [command, target, ms] = process.argv.slice(2);

if (command === "hold") {
  const instance = await DuckDBInstance.create(target!);
  const connection = await instance.connect();
  await connection.run("select 1");
  process.stdout.write("held\n");
  await new Promise((resolve) => setTimeout(resolve, Number(ms)));
  connection.closeSync();
  instance.closeSync();
} else if (command === "registry") {
  try {
    const warehouse = await openWarehouse(parseWarehouseSpec(target, process.cwd()), {
      ...DEFAULT_TIMEOUTS,
      lockMs: Number(ms),
    });
    try {
      await environmentContext(warehouse, {
        scope: { repository: "acme/shop", project: "shop" },
        now: "2026-12-01T00:00:00.000Z",
      });
    } finally {
      await warehouse.close();
    }
    process.stdout.write(`${JSON.stringify({ ok: true })}\n`);
  } catch (error) {
    const e = error as { code?: string; message?: string };
    process.stdout.write(`${JSON.stringify({ code: e.code ?? "internal", message: e.message })}\n`);
  }
} else {
  process.stderr.write(`unknown command ${command}\n`);
  process.exitCode = 2;
}
