/**
 * The end of a cleanup: what the environment created is gone once nothing
 * failed; then the rows of what it must not drop (prod's, others') are
 * forgotten with its pointers and builds, and the environment is marked
 * removed (else closed, when it was open).
 */
import { nameKey, qualifiedKey } from "../../../warehouse/names.js";
import type { EnvironmentRecord, OwnedObject } from "../../registry/records.js";
import { type EnvContext, step } from "../common.js";
import type { CleanupReport } from "./cleanup-report.js";

export async function closeAfterCleanup(
  ctx: EnvContext,
  name: string,
  environment: EnvironmentRecord,
  protectedSchemas: ReadonlySet<string>,
  kept: { relations: readonly OwnedObject[]; foreignSchemas: readonly OwnedObject[] },
  report: CleanupReport,
): Promise<void> {
  const { warehouse, registry, now } = ctx;
  const rules = warehouse.capabilities.identifiers;
  const keptKeys = new Set([
    ...kept.relations.map((row) => qualifiedKey(row, rules)),
    ...kept.foreignSchemas.map((row) => `schema:${nameKey(row.schema, rules)}`),
  ]);
  const left = await registry.objects(name);
  report.complete =
    report.failed.length === 0 &&
    left.every(
      (object) =>
        (object.kind === "schema" &&
          (protectedSchemas.has(nameKey(object.schema, rules)) ||
            keptKeys.has(`schema:${nameKey(object.schema, rules)}`))) ||
        (object.kind !== "schema" && keptKeys.has(qualifiedKey(object, rules))),
    );
  await step(warehouse, `Updating the environment ${name}`, async () => {
    if (report.complete) {
      for (const object of left) await registry.deleteObject(name, object.schema, object.identifier);
      await registry.deletePointers(name);
      await registry.deleteBuilds(name);
    }
    await registry.putEnvironment({
      ...environment,
      status: report.complete ? "removed" : environment.status === "open" ? "closed" : environment.status,
      closed_at: environment.closed_at ?? now,
      updated_at: now,
    });
  });
}
