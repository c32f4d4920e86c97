/**
 * `ods-state env list`: every environment and promotion the warehouse's
 * registry holds, whichever repository and dbt project they belong to. Read
 * only: a warehouse without a registry gets none.
 */
import { listEnvironments } from "../../../app/environment/list-environments.js";
import type { EnvScope } from "../../../environment/index.js";
import type { CliContext, ParsedValues } from "../../command.js";
import { formatOf, printJson } from "./env-flags.js";
import { withWarehouse } from "./env-warehouse.js";

export async function envList(values: ParsedValues, context: CliContext): Promise<number> {
  // Read only: every environment of the registry, with the repository and dbt project it belongs to.
  const everyone: EnvScope = { repository: null, repositoryId: null, project: "" };
  const found = await withWarehouse(
    values,
    context,
    everyone,
    async (ctx) => {
      const { environments, promotions } = await listEnvironments(ctx);
      if (formatOf(values) === "json") {
        printJson(context, { environments, promotions });
        return true;
      }
      context.stdout(`Environments in ${ctx.warehouse.label}:\n`);
      if (environments.length === 0) context.stdout("  (none)\n");
      for (const e of environments) {
        const owner =
          e.repository === null
            ? `legacy (${e.project})`
            : `${e.repository}${e.repository_id !== null ? ` (id ${e.repository_id})` : ""} ${e.project}`;
        context.stdout(
          `  ${e.name.padEnd(12)} ${owner}: ${e.status.padEnd(8)} ${e.pointers} pointers, ${e.builds} builds, ${e.objects} objects; updated ${e.updated_at}${e.closed_at ? `, closed ${e.closed_at}` : ""}\n`,
        );
      }
      context.stdout("Promotions:\n");
      if (promotions.length === 0) context.stdout("  (none)\n");
      for (const p of promotions) {
        context.stdout(
          `  ${p.id} from ${p.environment}${p.repository === null ? " (legacy)" : ""}: ${p.status}, by ${p.promoted_by}, ${p.created_at}; kept until ${p.retain_until}\n`,
        );
      }
      return true;
    },
    { create: false },
  );
  if (found === null) {
    if (formatOf(values) === "json") printJson(context, { environments: [], promotions: [] });
    else context.stdout("No environment registry in this warehouse yet.\n");
  }
  return 0;
}
