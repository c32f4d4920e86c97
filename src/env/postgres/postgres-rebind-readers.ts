/**
 * Recreates a replaced table's readers over the table now at its name
 * (PostgreSQL binds a view to a table by object, not name): each view from
 * its definition (`CREATE OR REPLACE VIEW`, which keeps the view, its grants
 * and the views that read it), each materialized view dropped and created
 * again (postgres-keep.ts), each in its own savepoint. A reader that can't be
 * recreated is left reading the replaced table, and reported.
 */
import type { ReplaceOutcome } from "../warehouse.js";
import type { ViewDefinition } from "./postgres-catalog.js";
import { type MaterializedView, type Quote, type Run, recreateMaterializedView } from "./postgres-keep.js";

export interface Rebinding {
  run: Run;
  quote: Quote;
  /** A savepoint name not used yet on the connection. */
  savepoint: () => string;
  /** Called for each reader before it is recreated (or left). */
  touched: (view: { schema: string; name: string }) => void;
}

/** Recreates `views`, then `materialized`, recording each in `outcome` (rebound, materialized or left). */
export async function rebindReaders(
  { run, quote, savepoint: nextSavepoint, touched }: Rebinding,
  views: readonly ViewDefinition[],
  materialized: readonly MaterializedView[],
  outcome: ReplaceOutcome,
): Promise<void> {
  for (const view of views) {
    const name = `${quote(view.schema, "schema")}.${quote(view.name, "view name")}`;
    const savepoint = nextSavepoint();
    touched(view);
    try {
      // The definition is PostgreSQL's own rendering of the view (pg_get_viewdef), names schema-qualified.
      // One query (the simple protocol runs them in order and stops at the first that fails).
      await run(
        [
          `SAVEPOINT ${savepoint}`,
          `CREATE OR REPLACE VIEW ${name} AS ${view.definition.replace(/;\s*$/, "")}`,
          `RELEASE SAVEPOINT ${savepoint}`,
        ].join(";\n"),
      );
      outcome.rebound.push(`${view.schema}.${view.name}`);
    } catch (error) {
      await run(`ROLLBACK TO SAVEPOINT ${savepoint}`);
      outcome.left.push({
        view: `${view.schema}.${view.name}`,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  for (const view of materialized) {
    const savepoint = nextSavepoint();
    touched(view);
    await run(`SAVEPOINT ${savepoint}`);
    try {
      await recreateMaterializedView(run, quote, view);
      await run(`RELEASE SAVEPOINT ${savepoint}`);
      outcome.materialized.push(`${view.schema}.${view.name}`);
    } catch (error) {
      await run(`ROLLBACK TO SAVEPOINT ${savepoint}`);
      outcome.left.push({
        view: `${view.schema}.${view.name}`,
        error: `materialized view not recreated: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }
}
