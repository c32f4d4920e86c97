/**
 * What the warehouse's registry holds: every environment (with how many
 * objects, pointer views and builds it has) and every promotion, whichever
 * repository and dbt project they belong to. Read only (`ods-state env list`).
 */
import type { EnvContext, EnvironmentRecord } from "../../environment/index.js";

export interface ListedEnvironment extends EnvironmentRecord {
  objects: number;
  pointers: number;
  builds: number;
}

export async function listEnvironments(ctx: EnvContext) {
  const environments: ListedEnvironment[] = [];
  for (const environment of await ctx.registry.environments()) {
    environments.push({
      ...environment,
      objects: (await ctx.registry.objects(environment.name)).length,
      pointers: (await ctx.registry.pointers(environment.name)).length,
      builds: (await ctx.registry.builds(environment.name)).length,
    });
  }
  return { environments, promotions: await ctx.registry.promotions() };
}
