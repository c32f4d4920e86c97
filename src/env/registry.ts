/**
 * The environment registry: in the warehouse itself, in a metadata schema
 * (`ods_meta` unless configured), so that it changes in the same
 * transactions as the objects it describes. Versioned like the state
 * documents (`registry_info.schema_version`, MAJOR.MINOR): a reader refuses
 * a newer major or minor, and upgrades an older minor additively.
 *
 *   registry_info    key, value                          schema_version
 *   environments     name (derived from the identity: environment-identity.ts), repository, project,
 *                    pr_number, head_sha, status (open | closed | merged | removed), prod_schemas (JSON),
 *                    schemas (JSON: the schemas it was created over), created_at, updated_at, closed_at
 *                    (1.0 rows have no repository: legacy, acted on only when asked to, see docs)
 *   env_objects      what an environment owns: schemas it created, its pointer views, the relations
 *                    its builds wrote; state creating (intent written first) | present
 *   env_pointers     pointer view (schema, identifier) → what it reads (schema, identifier, run, version key)
 *   env_builds       the environment's latest build of each node: run, status, version key,
 *                    fingerprint digest, checks digest and outcome, parents read (JSON:
 *                    node → {run_id, version_key, via pointer | build}), sources seen (JSON),
 *                    the node's state as the planner reads it (JSON)
 *   promotions       one per promotion: environment, repository, project, promoted_by, status, atomic,
 *                    retain_until
 *   promotion_steps  the journal: one per node: source, staged, target, retired and undone names,
 *                    state, the prod state it replaced and the state it promoted (JSON)
 *
 * Times are ISO 8601 text; JSON is text. No connection string, credential or
 * grant is ever written here (ADR-0028 rule 9).
 */
import { UserError } from "../errors/user-error.js";
import {
  canRead,
  formatSchemaVersion,
  parseSchemaVersion,
  type SchemaVersion,
} from "../state/schema-version.js";
import type { DataVersion, NodeState } from "../state/snapshot.js";
import { checkIdentifier } from "./names.js";
import type { RecordRow, RecordTable, Warehouse } from "./warehouse.js";
import { isDuplicateObject } from "./warehouse-errors.js";

/** 1.1: environments and promotions name their repository; environments record their schemas. */
export const REGISTRY_SCHEMA_VERSION: SchemaVersion = { major: 1, minor: 1 };
export const DEFAULT_META_SCHEMA = "ods_meta";

const T = {
  info: { name: "registry_info", columns: { key: "text", value: "text" }, key: ["key"] },
  environments: {
    name: "environments",
    columns: {
      name: "text",
      project: "text",
      pr_number: "integer",
      repository: "text",
      schemas: "text",
      head_sha: "text",
      status: "text",
      prod_schemas: "text",
      created_at: "text",
      updated_at: "text",
      closed_at: "text",
    },
    key: ["name"],
  },
  objects: {
    name: "env_objects",
    columns: {
      environment: "text",
      schema_name: "text",
      identifier: "text",
      kind: "text",
      role: "text",
      node_id: "text",
      state: "text",
      created_at: "text",
    },
    key: ["environment", "schema_name", "identifier"],
  },
  pointers: {
    name: "env_pointers",
    columns: {
      environment: "text",
      node_id: "text",
      schema_name: "text",
      identifier: "text",
      reads_schema: "text",
      reads_identifier: "text",
      reads_run_id: "text",
      version_key: "text",
      updated_at: "text",
    },
    key: ["environment", "node_id"],
  },
  builds: {
    name: "env_builds",
    columns: {
      environment: "text",
      node_id: "text",
      run_id: "text",
      status: "text",
      version_key: "text",
      fingerprint_digest: "text",
      checks_digest: "text",
      tested: "text",
      schema_name: "text",
      identifier: "text",
      materialized: "text",
      parents: "text",
      sources: "text",
      node_state: "text",
      built_at: "text",
      recorded_at: "text",
    },
    key: ["environment", "node_id"],
  },
  promotions: {
    name: "promotions",
    columns: {
      id: "text",
      environment: "text",
      project: "text",
      repository: "text",
      promoted_by: "text",
      status: "text",
      atomic: "integer",
      created_at: "text",
      updated_at: "text",
      retain_until: "text",
      detail: "text",
    },
    key: ["id"],
  },
  steps: {
    name: "promotion_steps",
    columns: {
      promotion_id: "text",
      seq: "integer",
      node_id: "text",
      target_schema: "text",
      target_identifier: "text",
      source_schema: "text",
      source_identifier: "text",
      staged_identifier: "text",
      retired_identifier: "text",
      undone_identifier: "text",
      how: "text",
      state: "text",
      pr_run_id: "text",
      version_key: "text",
      previous_state: "text",
      promoted_state: "text",
      switched_at: "text",
    },
    key: ["promotion_id", "node_id"],
  },
} as const satisfies Record<string, RecordTable>;

export const REGISTRY_TABLES: readonly RecordTable[] = Object.values(T);

export type EnvironmentStatus = "open" | "closed" | "merged" | "removed";

export interface EnvironmentRecord {
  name: string;
  /** `owner/name`; null for a row written before 1.1 (legacy: see docs/environments.md, Isolation). */
  repository: string | null;
  project: string;
  pr_number: number | null;
  head_sha: string | null;
  status: EnvironmentStatus;
  /** Schemas that held prod relations when the environment was created or refreshed: never dropped. */
  prod_schemas: string[];
  /** The schemas of its relations, checked when it was created or last refreshed (empty for a legacy row). */
  schemas: string[];
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

export type OwnedKind = "schema" | "table" | "view";

export interface OwnedObject {
  environment: string;
  schema: string;
  /** Empty for a schema. */
  identifier: string;
  kind: OwnedKind;
  role: "schema" | "pointer" | "build";
  node_id: string | null;
  /** `creating`: the intent was recorded before the object was made (it may not exist). */
  state: "creating" | "present";
  created_at: string;
}

export interface PointerRecord {
  environment: string;
  node_id: string;
  schema: string;
  identifier: string;
  reads: { schema: string; identifier: string };
  reads_run_id: string | null;
  version_key: string | null;
  updated_at: string;
}

/** What a build read of one parent: prod's build through a pointer view, or the environment's own build. */
export interface ParentRead {
  run_id: string;
  version_key: string | null;
  via: "pointer" | "build";
}

export type TestOutcome = "passed" | "failed" | "not_run" | "none";

export interface BuildRecord {
  environment: string;
  node_id: string;
  run_id: string;
  /** dbt's status of the node in that run. */
  status: string;
  version_key: string;
  fingerprint_digest: string;
  checks_digest: string | null;
  /** Its checks in that run: all passed, one failed, not all ran, or it has none. */
  tested: TestOutcome;
  schema: string;
  identifier: string;
  materialized: string | null;
  parents: Record<string, ParentRead>;
  sources: Record<string, DataVersion>;
  /** The node as the planner reads state (relation = the environment's), for a push's second baseline. */
  node_state: NodeState | null;
  built_at: string;
  recorded_at: string;
}

export type PromotionStatus =
  | "staging"
  | "switching"
  | "committed"
  | "aborted"
  | "failed"
  | "rolling_back"
  | "rolled_back"
  | "expired";

export interface PromotionRecord {
  id: string;
  environment: string;
  /** null for a promotion written before 1.1 (legacy). */
  repository: string | null;
  project: string;
  promoted_by: string;
  status: PromotionStatus;
  atomic: boolean;
  created_at: string;
  updated_at: string;
  retain_until: string;
  detail: Record<string, unknown>;
}

export type StepState =
  | "planned"
  | "staged"
  | "switching"
  | "switched"
  | "reverted"
  | "unstaged"
  | "rolling_back"
  | "rolled_back";

export interface StepRecord {
  promotion_id: string;
  seq: number;
  node_id: string;
  target: { schema: string; identifier: string };
  source: { schema: string; identifier: string };
  staged_identifier: string;
  /** The prod table replaced, kept under this name; null when prod had none. */
  retired_identifier: string | null;
  /** After a rollback, the promoted table kept under this name. */
  undone_identifier: string;
  how: "moved" | "copied" | null;
  state: StepState;
  pr_run_id: string;
  version_key: string;
  previous_state: NodeState | null;
  promoted_state: NodeState;
  switched_at: string | null;
}

function json<T>(text: unknown, fallback: T): T {
  if (typeof text !== "string" || text === "") return fallback;
  return JSON.parse(text) as T;
}

const str = (value: unknown): string => (value === null || value === undefined ? "" : String(value));
const strOrNull = (value: unknown): string | null =>
  value === null || value === undefined || value === "" ? null : String(value);

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
    const registry = new EnvironmentRegistry(warehouse, schema);
    const exists = await warehouse.hasRecordTable(schema, T.info.name);
    if (exists) {
      const rows = await warehouse.selectRecords(schema, T.info, { key: "schema_version" });
      const text = str(rows[0]?.value);
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
          await warehouse.upsertRecord(schema, T.info, {
            key: "schema_version",
            value: formatSchemaVersion(REGISTRY_SCHEMA_VERSION),
          });
        });
      }
      return registry;
    }
    if (options.create === false) return null;
    try {
      await warehouse.transaction(async () => {
        await warehouse.ensureRecordTables(schema, REGISTRY_TABLES);
        await warehouse.upsertRecord(schema, T.info, {
          key: "schema_version",
          value: formatSchemaVersion(REGISTRY_SCHEMA_VERSION),
        });
      });
    } catch (error) {
      // Another job created it at the same moment (an ods-state without the adapter's creation lock):
      // what it made is what this one would have; read it once more.
      if (!isDuplicateObject(error) || options.retried) throw error;
      return EnvironmentRegistry.open(warehouse, { ...options, retried: true });
    }
    return registry;
  }

  /* ----------------------------------------------------------- environments */

  async environments(): Promise<EnvironmentRecord[]> {
    const rows = await this.warehouse.selectRecords(this.schema, T.environments);
    return rows.map(toEnvironment);
  }

  async environment(name: string): Promise<EnvironmentRecord | null> {
    const rows = await this.warehouse.selectRecords(this.schema, T.environments, { name });
    return rows[0] ? toEnvironment(rows[0]) : null;
  }

  async putEnvironment(record: EnvironmentRecord): Promise<void> {
    await this.warehouse.upsertRecord(this.schema, T.environments, {
      name: record.name,
      repository: record.repository,
      project: record.project,
      pr_number: record.pr_number,
      schemas: JSON.stringify(record.schemas),
      head_sha: record.head_sha,
      status: record.status,
      prod_schemas: JSON.stringify(record.prod_schemas),
      created_at: record.created_at,
      updated_at: record.updated_at,
      closed_at: record.closed_at,
    });
  }

  /* ---------------------------------------------------------------- objects */

  async objects(environment: string): Promise<OwnedObject[]> {
    const rows = await this.warehouse.selectRecords(this.schema, T.objects, { environment });
    return rows.map((row) => ({
      environment: str(row.environment),
      schema: str(row.schema_name),
      identifier: str(row.identifier),
      kind: str(row.kind) as OwnedKind,
      role: str(row.role) as OwnedObject["role"],
      node_id: strOrNull(row.node_id),
      state: str(row.state) as OwnedObject["state"],
      created_at: str(row.created_at),
    }));
  }

  /** Every schema an environment (of any repository or project) says it created. */
  async ownedSchemas(): Promise<OwnedObject[]> {
    const rows = await this.warehouse.selectRecords(this.schema, T.objects, { kind: "schema" });
    return rows.map((row) => ({
      environment: str(row.environment),
      schema: str(row.schema_name),
      identifier: "",
      kind: "schema" as const,
      role: "schema" as const,
      node_id: null,
      state: str(row.state) as OwnedObject["state"],
      created_at: str(row.created_at),
    }));
  }

  async putObject(object: OwnedObject): Promise<void> {
    await this.warehouse.upsertRecord(this.schema, T.objects, {
      environment: object.environment,
      schema_name: object.schema,
      identifier: object.identifier,
      kind: object.kind,
      role: object.role,
      node_id: object.node_id,
      state: object.state,
      created_at: object.created_at,
    });
  }

  async deleteObject(environment: string, schema: string, identifier: string): Promise<void> {
    await this.warehouse.deleteRecords(this.schema, T.objects, {
      environment,
      schema_name: schema,
      identifier,
    });
  }

  /* --------------------------------------------------------------- pointers */

  async pointers(environment: string): Promise<PointerRecord[]> {
    const rows = await this.warehouse.selectRecords(this.schema, T.pointers, { environment });
    return rows.map((row) => ({
      environment: str(row.environment),
      node_id: str(row.node_id),
      schema: str(row.schema_name),
      identifier: str(row.identifier),
      reads: { schema: str(row.reads_schema), identifier: str(row.reads_identifier) },
      reads_run_id: strOrNull(row.reads_run_id),
      version_key: strOrNull(row.version_key),
      updated_at: str(row.updated_at),
    }));
  }

  async putPointer(pointer: PointerRecord): Promise<void> {
    await this.warehouse.upsertRecord(this.schema, T.pointers, {
      environment: pointer.environment,
      node_id: pointer.node_id,
      schema_name: pointer.schema,
      identifier: pointer.identifier,
      reads_schema: pointer.reads.schema,
      reads_identifier: pointer.reads.identifier,
      reads_run_id: pointer.reads_run_id,
      version_key: pointer.version_key,
      updated_at: pointer.updated_at,
    });
  }

  async deletePointer(environment: string, nodeId: string): Promise<void> {
    await this.warehouse.deleteRecords(this.schema, T.pointers, { environment, node_id: nodeId });
  }

  /* ----------------------------------------------------------------- builds */

  async builds(environment: string): Promise<BuildRecord[]> {
    const rows = await this.warehouse.selectRecords(this.schema, T.builds, { environment });
    return rows.map((row) => ({
      environment: str(row.environment),
      node_id: str(row.node_id),
      run_id: str(row.run_id),
      status: str(row.status),
      version_key: str(row.version_key),
      fingerprint_digest: str(row.fingerprint_digest),
      checks_digest: strOrNull(row.checks_digest),
      tested: str(row.tested) as TestOutcome,
      schema: str(row.schema_name),
      identifier: str(row.identifier),
      materialized: strOrNull(row.materialized),
      parents: json(row.parents, {}),
      sources: json(row.sources, {}),
      node_state: json<NodeState | null>(row.node_state, null),
      built_at: str(row.built_at),
      recorded_at: str(row.recorded_at),
    }));
  }

  async putBuild(build: BuildRecord): Promise<void> {
    await this.warehouse.upsertRecord(this.schema, T.builds, {
      environment: build.environment,
      node_id: build.node_id,
      run_id: build.run_id,
      status: build.status,
      version_key: build.version_key,
      fingerprint_digest: build.fingerprint_digest,
      checks_digest: build.checks_digest,
      tested: build.tested,
      schema_name: build.schema,
      identifier: build.identifier,
      materialized: build.materialized,
      parents: JSON.stringify(build.parents),
      sources: JSON.stringify(build.sources),
      node_state: build.node_state ? JSON.stringify(build.node_state) : null,
      built_at: build.built_at,
      recorded_at: build.recorded_at,
    });
  }

  async deleteBuild(environment: string, nodeId: string): Promise<void> {
    await this.warehouse.deleteRecords(this.schema, T.builds, { environment, node_id: nodeId });
  }

  async deleteBuilds(environment: string): Promise<void> {
    await this.warehouse.deleteRecords(this.schema, T.builds, { environment });
  }

  async deletePointers(environment: string): Promise<void> {
    await this.warehouse.deleteRecords(this.schema, T.pointers, { environment });
  }

  /* ------------------------------------------------------------- promotions */

  async promotions(where: { environment?: string; id?: string } = {}): Promise<PromotionRecord[]> {
    const filter: RecordRow = {};
    if (where.environment !== undefined) filter.environment = where.environment;
    if (where.id !== undefined) filter.id = where.id;
    const rows = await this.warehouse.selectRecords(this.schema, T.promotions, filter);
    return rows
      .map((row) => ({
        id: str(row.id),
        environment: str(row.environment),
        repository: strOrNull(row.repository),
        project: str(row.project),
        promoted_by: str(row.promoted_by),
        status: str(row.status) as PromotionStatus,
        atomic: Number(row.atomic) === 1,
        created_at: str(row.created_at),
        updated_at: str(row.updated_at),
        retain_until: str(row.retain_until),
        detail: json<Record<string, unknown>>(row.detail, {}),
      }))
      .sort((a, b) =>
        a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1,
      );
  }

  async putPromotion(promotion: PromotionRecord): Promise<void> {
    await this.warehouse.upsertRecord(this.schema, T.promotions, {
      id: promotion.id,
      environment: promotion.environment,
      repository: promotion.repository,
      project: promotion.project,
      promoted_by: promotion.promoted_by,
      status: promotion.status,
      atomic: promotion.atomic ? 1 : 0,
      created_at: promotion.created_at,
      updated_at: promotion.updated_at,
      retain_until: promotion.retain_until,
      detail: JSON.stringify(promotion.detail),
    });
  }

  async steps(promotionId: string): Promise<StepRecord[]> {
    const rows = await this.warehouse.selectRecords(this.schema, T.steps, { promotion_id: promotionId });
    return rows
      .map((row) => ({
        promotion_id: str(row.promotion_id),
        seq: Number(row.seq),
        node_id: str(row.node_id),
        target: { schema: str(row.target_schema), identifier: str(row.target_identifier) },
        source: { schema: str(row.source_schema), identifier: str(row.source_identifier) },
        staged_identifier: str(row.staged_identifier),
        retired_identifier: strOrNull(row.retired_identifier),
        undone_identifier: str(row.undone_identifier),
        how: strOrNull(row.how) as StepRecord["how"],
        state: str(row.state) as StepState,
        pr_run_id: str(row.pr_run_id),
        version_key: str(row.version_key),
        previous_state: json<NodeState | null>(row.previous_state, null),
        promoted_state: json<NodeState>(row.promoted_state, {} as NodeState),
        switched_at: strOrNull(row.switched_at),
      }))
      .sort((a, b) => a.seq - b.seq);
  }

  async putStep(step: StepRecord): Promise<void> {
    await this.warehouse.upsertRecord(this.schema, T.steps, {
      promotion_id: step.promotion_id,
      seq: step.seq,
      node_id: step.node_id,
      target_schema: step.target.schema,
      target_identifier: step.target.identifier,
      source_schema: step.source.schema,
      source_identifier: step.source.identifier,
      staged_identifier: step.staged_identifier,
      retired_identifier: step.retired_identifier,
      undone_identifier: step.undone_identifier,
      how: step.how,
      state: step.state,
      pr_run_id: step.pr_run_id,
      version_key: step.version_key,
      previous_state: step.previous_state ? JSON.stringify(step.previous_state) : null,
      promoted_state: JSON.stringify(step.promoted_state),
      switched_at: step.switched_at,
    });
  }
}

function toEnvironment(row: RecordRow): EnvironmentRecord {
  return {
    name: str(row.name),
    repository: strOrNull(row.repository),
    project: str(row.project),
    pr_number: row.pr_number === null || row.pr_number === undefined ? null : Number(row.pr_number),
    head_sha: strOrNull(row.head_sha),
    status: str(row.status) as EnvironmentStatus,
    prod_schemas: json(row.prod_schemas, []),
    schemas: json(row.schemas, []),
    created_at: str(row.created_at),
    updated_at: str(row.updated_at),
    closed_at: strOrNull(row.closed_at),
  };
}
