/**
 * The end of the PostgreSQL servers the test files share (engines.ts: one
 * per vitest worker slot, in the folder ODS_TEST_POSTGRES_DIR that
 * vitest.config.ts makes): stops each one and removes the folder.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { type PostgresLocation, stopPostgresAt } from "./postgres-server.js";

export default function setup(): () => void {
  return () => {
    const dir = process.env.ODS_TEST_POSTGRES_DIR;
    if (!dir || !existsSync(dir)) return;
    const errors: unknown[] = [];
    for (const name of readdirSync(dir).filter((file) => file.endsWith(".json"))) {
      try {
        stopPostgresAt(JSON.parse(readFileSync(path.join(dir, name), "utf8")) as PostgresLocation);
      } catch (error) {
        errors.push(error);
      }
    }
    rmSync(dir, { recursive: true, force: true });
    if (errors.length > 0) throw new AggregateError(errors, "stopping the shared PostgreSQL servers failed");
  };
}
