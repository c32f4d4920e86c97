/**
 * The end of recording a run: refused when every relation it built is
 * outside the environment, else its build records written, with the owned
 * objects they made and the pointers they replaced, in one transaction.
 */
import { UserError } from "../../../errors/user-error.js";
import { PARTIAL_SUCCESS } from "../../../planner/partial-builds.js";
import { qualifiedKey } from "../../../warehouse/names.js";
import type { BuildRecord, EnvironmentRecord, OwnedObject, PointerRecord } from "../../registry/records.js";
import { type EnvContext, observe, step } from "../common.js";
import { identityToRecord } from "../owned-identity.js";
import { NODE_SUCCESS } from "./node-build.js";

/**
 * Every relation the run built is outside the environment: the wrong manifest or environment, not a
 * run to record as "nothing built".
 */
export function refuseRunOutsideEnvironment(
  file: string,
  name: string,
  environment: EnvironmentRecord,
  records: readonly BuildRecord[],
  ignored: readonly { unique_id: string; reason: string }[],
): void {
  const outsideOnly = ignored.filter((i) => i.reason.includes("the environment never takes it"));
  if (records.length === 0 && outsideOnly.length > 0) {
    throw new UserError(
      "record_refused",
      `None of the ${outsideOnly.length} relation${outsideOnly.length === 1 ? "" : "s"} of ${file} is in the environment ${name}'s own schemas (${environment.schemas.join(", ") || "none"}): ${outsideOnly[0]!.reason}. Nothing was recorded.`,
      {
        file,
        hint: "Record the run of the pull request's `dbt build` with the manifest the environment was created from (compiled with the CI target).",
      },
    );
  }
}

/** Writes the run's build records, the relations they put in the environment, and drops the pointers they replace. */
export async function saveBuilds(
  ctx: EnvContext,
  name: string,
  environment: EnvironmentRecord,
  runId: string,
  records: readonly BuildRecord[],
  pointers: ReadonlyMap<string, PointerRecord>,
): Promise<void> {
  const { warehouse, registry, now } = ctx;
  const rules = warehouse.capabilities.identifiers;
  await step(warehouse, `Recording run ${runId} in the environment ${name}`, async () => {
    // What dbt put at each relation: the environment takes it with its identity (owned-identity.ts).
    const seen = await observe(warehouse, [...new Set(records.map((build) => build.schema))]);
    const owned = new Map(
      (await registry.objects(name)).map((object) => [
        qualifiedKey(object, warehouse.capabilities.identifiers),
        object,
      ]),
    );
    for (const build of records) {
      // A partial build still put its relation in the environment: the environment owns it. Its row (and the
      // pointer it replaced) go before its build record: where each statement commits on its own, a build
      // recorded (which the next push's plan reuses in place, never building it again) is one recorded as owned.
      if (build.status === NODE_SUCCESS || build.status === PARTIAL_SUCCESS) {
        const key = qualifiedKey(build, warehouse.capabilities.identifiers);
        // Built since an earlier run: when it was first built. Else (new, or in place of a pointer view whose
        // drop a failure interrupted, its row left over) now.
        const earlier = owned.get(key);
        const found = seen.objects.get(qualifiedKey(build, rules));
        const object: OwnedObject = {
          environment: name,
          schema: build.schema,
          identifier: build.identifier,
          kind: found?.kind ?? (build.materialized === "view" ? "view" : "table"),
          role: "build",
          node_id: build.node_id,
          state: "present",
          created_at: earlier?.role === "build" ? earlier.created_at : now,
          identity: found ? await identityToRecord(warehouse, earlier, found) : null,
        };
        await registry.putObject(object);
        if (pointers.has(build.node_id)) await registry.deletePointer(name, build.node_id);
      }
      await registry.putBuild(build);
    }
    await registry.putEnvironment({ ...environment, updated_at: now });
  });
}
