/**
 * Recreates a replaced table's readers over the table now at its name
 * (PostgreSQL binds a view to a table by object, not name): each view from
 * its definition (`CREATE OR REPLACE VIEW`, which keeps the view, its grants
 * and the views that read it), each materialized view dropped and created
 * again (postgres-keep.ts), each in its own savepoint. A reader that can't be
 * recreated is left reading the replaced table, and reported.
 *
 * A view keeps its options (`security_invoker`, `security_barrier`,
 * `check_option`): `CREATE OR REPLACE VIEW` without `WITH` resets them, and a
 * view that checked its reader's rights (a pointer view, a BI view) would
 * read with its owner's from then on.
 */
import type { ReplaceOutcome } from "../../warehouse/warehouse.js";
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

/**
 * `WITH (…)` restating a view's options as the catalog holds them
 * (`name=value`), each name quoted as an identifier and each value as a
 * string literal (PostgreSQL takes either for a reloption); empty without.
 */
export function viewOptions(options: readonly string[], quote: Quote): string {
  if (options.length === 0) return "";
  const parts = options.map((option) => {
    const at = option.indexOf("=");
    const name = at < 0 ? option : option.slice(0, at);
    const value = at < 0 ? "true" : option.slice(at + 1);
    return `${quote(name, "view option")} = E'${value.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
  });
  return ` WITH (${parts.join(", ")})`;
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
          `CREATE OR REPLACE VIEW ${name}${viewOptions(view.options, quote)} AS ${view.definition.replace(/;\s*$/, "")}`,
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
