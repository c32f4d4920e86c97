/**
 * The environment registry: in the warehouse itself, in a metadata schema
 * (`ods_meta` unless configured), so that it changes in the same
 * transactions as the objects it describes. Versioned like the state
 * documents (`registry_info.schema_version`, MAJOR.MINOR): a reader refuses
 * a newer major or minor, and upgrades an older minor additively.
 *
 *   registry_info    key, value                          schema_version
 *   environments     name (derived from the identity: environment-identity.ts), repository (display),
 *                    project, pr_number, head_sha, status (open | closed | merged | removed), prod_schemas
 *                    (JSON), schemas (JSON: the schemas it was created over), created_at, updated_at,
 *                    closed_at, repository_id (1.2: the identity; rows of 1.1 are adopted once, adoptRows)
 *                    (1.0 rows have no repository: legacy, acted on only when asked to, see docs)
 *   env_objects      what an environment owns: schemas it created, its pointer views, the relations
 *                    its builds wrote; state creating (intent written first) | present; the identity
 *                    of each relation when it took it (1.2: object_identity; cleanup drops only that one)
 *   env_pointers     pointer view (schema, identifier) → what it reads (schema, identifier, run, version key)
 *   env_builds       the environment's latest build of each node: run, status, version key,
 *                    fingerprint digest, checks digest and outcome, parents read (JSON:
 *                    node → {run_id, version_key, via pointer | build}), sources seen (JSON),
 *                    the node's state as the planner reads it (JSON)
 *   promotions       one per promotion: environment, repository, project, promoted_by, status, atomic,
 *                    retain_until, repository_id (1.2)
 *   promotion_steps  the journal: one per node: source, staged, target, retired and undone names,
 *                    state, the prod state it replaced and the state it promoted (JSON)
 *
 * Each table is declared once, with its checked decode, in tables.ts.
 * Times are ISO 8601 text; JSON is text. No connection string, credential or
 * grant is ever written here (ADR-0028 rule 9).
 */
import { UserError } from "../../errors/user-error.js";
import {
  canRead,
  formatSchemaVersion,
  parseSchemaVersion,
  type SchemaVersion,
} from "../../state/schema-version.js";
import { checkIdentifier, nameKey } from "../../warehouse/names.js";
import type { RecordRow, Warehouse } from "../../warehouse/warehouse.js";
import { isDuplicateObject } from "../../warehouse/warehouse-errors.js";
import { labelOfName, scopedName } from "../environment-identity.js";
import type {
  BuildRecord,
  EnvironmentRecord,
  OwnedObject,
  PointerRecord,
  PromotionRecord,
  StepRecord,
} from "./records.js";
import { checkRegistrySchema, refuseOccupiedRegistrySchema } from "./registry-schema.js";
import type { TableCodec } from "./table-codec.js";
import {
  BUILDS,
  ENVIRONMENTS,
  INFO,
  OBJECTS,
  POINTERS,
  PROMOTIONS,
  REGISTRY_TABLES,
  STEPS,
} from "./tables.js";

/**
 * 1.1: environments and promotions name their repository; environments record their schemas.
 * 1.2: an environment's objects record the identity of each relation it took (env_objects.object_identity);
 *      environments and promotions record their repository's id (issue 37), and are keyed by it.
 */
export const REGISTRY_SCHEMA_VERSION: SchemaVersion = { major: 1, minor: 2 };
export const DEFAULT_META_SCHEMA = "ods_meta";

export class EnvironmentRegistry {
  readonly schema: string;
  private readonly warehouse: Warehouse;

  private constructor(warehouse: Warehouse, schema: string) {
    this.warehouse = warehouse;
    this.schema = schema;
  }

  /**
   * Opens the registry in `schema`, creating it unless `create` is false (then
   * null when there is none). Refuses a registry written by a newer version.
   * Safe when several jobs create it at once: the adapter serializes creation
   * (PostgreSQL: an advisory lock), and a creator that still loses a race on
   * the catalog reads the registry the other one made.
   */
  static async open(
    warehouse: Warehouse,
    options: { schema?: string; create?: boolean; retried?: boolean } = {},
  ): Promise<EnvironmentRegistry | null> {
    const schema = checkIdentifier(
      options.schema ?? DEFAULT_META_SCHEMA,
      warehouse.capabilities.identifiers,
      "metadata schema",
    );
    // Never a system schema: refused before anything is read or created there.
    checkRegistrySchema(schema, warehouse.capabilities.engine);
    const registry = new EnvironmentRegistry(warehouse, schema);
    const exists = await warehouse.hasRecordTable(schema, INFO.table.name);
    if (exists) {
      const rows = await warehouse.selectRecords(schema, INFO.table, { key: "schema_version" });
      const text = (rows[0] ? INFO.decodeRow(rows[0]).value : null) ?? "";
      const version = parseSchemaVersion(text);
      if (!version || !canRead(REGISTRY_SCHEMA_VERSION, version)) {
        throw new UserError(
          "registry_newer",
          `The environment registry in ${warehouse.label} (schema ${schema}) has schema_version ${JSON.stringify(text)}; this ods-state reads ${REGISTRY_SCHEMA_VERSION.major}.0 to ${formatSchemaVersion(REGISTRY_SCHEMA_VERSION)}.`,
        );
      }
      // An older minor is upgraded additively (its columns added), even when opened without `create`: this
      // version reads its columns. Rows of 1.0 get no repository: legacy (docs/environments.md, Isolation).
      if (version.minor < REGISTRY_SCHEMA_VERSION.minor) {
        await warehouse.transaction(async () => {
          await warehouse.ensureRecordTables(schema, REGISTRY_TABLES, { upgrade: true });
          await warehouse.upsertRecord(schema, INFO.table, versionRow());
        });
      }
      return registry;
    }
    if (options.create === false) return null;
    // A schema that already holds relations (prod's tables, someone else's) is not the registry's own.
    const rules = warehouse.capabilities.identifiers;
    const ours = new Set(REGISTRY_TABLES.map((table) => nameKey(table.name, rules)));
    const others = (await warehouse.listObjects([schema])).filter(
      (object) => !ours.has(nameKey(object.identifier, rules)),
    );
    if (others.length > 0)
      refuseOccupiedRegistrySchema(
        schema,
        others.map((object) => object.identifier),
      );
    try {
      await warehouse.transaction(async () => {
        await warehouse.ensureRecordTables(schema, REGISTRY_TABLES);
        await warehouse.upsertRecord(schema, INFO.table, versionRow());
      });
    } catch (error) {
      // Another job created it at the same moment (an ods-state without the adapter's creation lock):
      // what it made is what this one would have; read it once more.
      if (!isDuplicateObject(error) || options.retried) throw error;
      return EnvironmentRegistry.open(warehouse, { ...options, retried: true });
    }
    return registry;
  }

  /* ------------------------------------------------------------- adoption */

  /**
   * Adopts the rows of `scope`'s repository written before ids (registry 1.1,
   * or by a scope without an id): once, each in a transaction of its own,
   * an environment row (with its objects, pointers, builds and promotions)
   * is renamed to the id's name and records the id. Adopted are only rows
   * that name this repository (its name now, compared without case: a case
   * change) and this dbt project, record no id, and were made no earlier
   * than the repository itself: a row made before it belongs to another
   * repository that had the name (deleted, renamed or transferred away),
   * and is left alone. A row that records an id is only ever that id's.
   * Rows of this id that show another name (a rename, a transfer) are
   * given the name it has now, for display.
   */
  async adoptRows(scope: {
    repository: string;
    repositoryId: string;
    repositoryCreatedAt: string;
    project: string;
  }): Promise<Adoption> {
    const adoption: Adoption = { adopted: [], left: [] };
    const created = Date.parse(scope.repositoryCreatedAt);
    if (!Number.isFinite(created)) return adoption;
    const named = (row: { repository: string | null; project: string }) =>
      row.repository !== null &&
      row.repository.toLowerCase() === scope.repository.toLowerCase() &&
      row.project === scope.project;
    const idScope = {
      repository: scope.repository,
      repositoryId: scope.repositoryId,
      project: scope.project,
    };
    for (const row of await this.read(ENVIRONMENTS, { repository_id: null })) {
      if (!named(row)) continue;
      if (!(Date.parse(row.created_at) >= created)) {
        adoption.left.push({
          name: row.name,
          why: "made before the repository was created: another repository's",
        });
        continue;
      }
      const name = scopedName(idScope, labelOfName(row.name));
      const done = await this.warehouse.transaction(async () => {
        if (await this.environment(name)) return false;
        // The claim: exactly one run adopts a row (another's finds it taken and does nothing).
        const claimed = await this.warehouse.updateRecords(
          this.schema,
          ENVIRONMENTS.table,
          { repository_id: scope.repositoryId },
          { name: row.name, repository_id: null },
        );
        if (claimed !== 1) return false;
        await this.write(ENVIRONMENTS, {
          ...row,
          name,
          repository: scope.repository,
          repository_id: scope.repositoryId,
        });
        await this.remove(ENVIRONMENTS, { name: row.name });
        await this.moveRows(OBJECTS, row.name, name);
        await this.moveRows(POINTERS, row.name, name);
        await this.moveRows(BUILDS, row.name, name);
        for (const promotion of await this.read(PROMOTIONS, { environment: row.name, repository_id: null })) {
          if (!named(promotion)) continue;
          await this.write(PROMOTIONS, {
            ...promotion,
            environment: name,
            repository: scope.repository,
            repository_id: scope.repositoryId,
          });
        }
        return true;
      });
      if (done) adoption.adopted.push({ from: row.name, to: name });
      else adoption.left.push({ name: row.name, why: `${name} exists, or another run adopted it` });
    }
    // Promotions whose environment row is gone: adopted alone, under the name their environment would have.
    for (const promotion of await this.read(PROMOTIONS, { repository_id: null })) {
      if (!named(promotion) || !(Date.parse(promotion.created_at) >= created)) continue;
      await this.warehouse.updateRecords(
        this.schema,
        PROMOTIONS.table,
        {
          environment: scopedName(idScope, labelOfName(promotion.environment)),
          repository: scope.repository,
          repository_id: scope.repositoryId,
        },
        { id: promotion.id, repository_id: null },
      );
    }
    // The name for display: what the repository is called now (rename, transfer, case change).
    for (const codec of [ENVIRONMENTS, PROMOTIONS] as const) {
      const rows: { repository: string | null }[] = await this.read<{ repository: string | null }>(
        codec as TableCodec<{ repository: string | null }>,
        { repository_id: scope.repositoryId },
      );
      if (rows.some((row) => row.repository !== scope.repository)) {
        await this.warehouse.updateRecords(
          this.schema,
          codec.table,
          { repository: scope.repository },
          { repository_id: scope.repositoryId },
        );
      }
    }
    return adoption;
  }

  /** Every row of `codec` of environment `from` written again as `to`'s (read, written, deleted: a key change). */
  private async moveRows<R extends { environment: string }>(
    codec: TableCodec<R>,
    from: string,
    to: string,
  ): Promise<void> {
    const rows = await this.read(codec, { environment: from });
    for (const row of rows) await this.write(codec, { ...row, environment: to });
    if (rows.length > 0) await this.remove(codec, { environment: from });
  }

  /**
   * The repository ids the rows named `repository` (without case) record,
   * for a scope given only its name (the CLI's --repository): one is that
   * repository's; several are repositories that had the name in turn.
   */
  async repositoryIdsNamed(repository: string): Promise<string[]> {
    const ids = new Set<string>();
    for (const codec of [ENVIRONMENTS, PROMOTIONS] as const) {
      const rows = (
        await this.read(codec as TableCodec<{ repository: string | null; repository_id: string | null }>)
      ).filter(
        (row) => row.repository_id !== null && row.repository?.toLowerCase() === repository.toLowerCase(),
      );
      for (const row of rows) ids.add(row.repository_id!);
    }
    return [...ids].sort();
  }

  /* ------------------------------------------------ generic read and write */

  private async read<R>(codec: TableCodec<R>, where: RecordRow = {}): Promise<R[]> {
    const rows = await this.warehouse.selectRecords(this.schema, codec.table, where);
    return rows.map((row) => codec.decodeRow(row));
  }

  private async write<R>(codec: TableCodec<R>, record: R): Promise<void> {
    await this.warehouse.upsertRecord(this.schema, codec.table, codec.encodeRow(record));
  }

  private async remove<R>(codec: TableCodec<R>, where: RecordRow): Promise<void> {
    await this.warehouse.deleteRecords(this.schema, codec.table, where);
  }

  /* ----------------------------------------------------------- environments */

  async environments(): Promise<EnvironmentRecord[]> {
    return this.read(ENVIRONMENTS);
  }

  async environment(name: string): Promise<EnvironmentRecord | null> {
    return (await this.read(ENVIRONMENTS, { name }))[0] ?? null;
  }

  async putEnvironment(record: EnvironmentRecord): Promise<void> {
    await this.write(ENVIRONMENTS, record);
  }

  /* ---------------------------------------------------------------- objects */

  async objects(environment: string): Promise<OwnedObject[]> {
    return this.read(OBJECTS, { environment });
  }

  /** Every schema an environment (of any repository or project) says it created. */
  async ownedSchemas(): Promise<OwnedObject[]> {
    const schemas = await this.read(OBJECTS, { kind: "schema" });
    return schemas.map((object) => ({
      ...object,
      identifier: "",
      kind: "schema" as const,
      role: "schema" as const,
      node_id: null,
    }));
  }

  async putObject(object: OwnedObject): Promise<void> {
    await this.write(OBJECTS, object);
  }

  async deleteObject(environment: string, schema: string, identifier: string): Promise<void> {
    await this.remove(OBJECTS, { environment, schema_name: schema, identifier });
  }

  /* --------------------------------------------------------------- pointers */

  async pointers(environment: string): Promise<PointerRecord[]> {
    return this.read(POINTERS, { environment });
  }

  async putPointer(pointer: PointerRecord): Promise<void> {
    await this.write(POINTERS, pointer);
  }

  async deletePointer(environment: string, nodeId: string): Promise<void> {
    await this.remove(POINTERS, { environment, node_id: nodeId });
  }

  async deletePointers(environment: string): Promise<void> {
    await this.remove(POINTERS, { environment });
  }

  /* ----------------------------------------------------------------- builds */

  async builds(environment: string): Promise<BuildRecord[]> {
    return this.read(BUILDS, { environment });
  }

  async putBuild(build: BuildRecord): Promise<void> {
    await this.write(BUILDS, build);
  }

  async deleteBuild(environment: string, nodeId: string): Promise<void> {
    await this.remove(BUILDS, { environment, node_id: nodeId });
  }

  async deleteBuilds(environment: string): Promise<void> {
    await this.remove(BUILDS, { environment });
  }

  /* ------------------------------------------------------------- promotions */

  /** In the order they were made (then by id). */
  async promotions(where: { environment?: string; id?: string } = {}): Promise<PromotionRecord[]> {
    const filter: RecordRow = {};
    if (where.environment !== undefined) filter.environment = where.environment;
    if (where.id !== undefined) filter.id = where.id;
    const promotions = await this.read(PROMOTIONS, filter);
    return promotions.sort((a, b) =>
      a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1,
    );
  }

  async putPromotion(promotion: PromotionRecord): Promise<void> {
    await this.write(PROMOTIONS, promotion);
  }

  /** The journal of one promotion, in its order (`seq`). */
  async steps(promotionId: string): Promise<StepRecord[]> {
    const steps = await this.read(STEPS, { promotion_id: promotionId });
    return steps.sort((a, b) => a.seq - b.seq);
  }

  async putStep(step: StepRecord): Promise<void> {
    await this.write(STEPS, step);
  }
}

/** What adoptRows did: each environment row renamed, and each it left alone (with why). */
export interface Adoption {
  adopted: { from: string; to: string }[];
  left: { name: string; why: string }[];
}

function versionRow(): RecordRow {
  return INFO.encodeRow({ key: "schema_version", value: formatSchemaVersion(REGISTRY_SCHEMA_VERSION) });
}
