/**
 * Hand-written checks for the manifest's entry schemas (manifest.ts), for
 * speed: a 10,000-node manifest has ~10,000 entries, and zod's compiled
 * validator spent ~15 µs on each.
 *
 * Each check is at least as strict as its schema: it returns true only for a
 * value the schema accepts (and may return false for some the schema accepts
 * too, e.g. non-plain objects). The caller validates with zod whenever a check
 * returns false, so what is accepted, and every message about what isn't,
 * stays zod's. test/dbt/manifest-fast-check.test.ts holds each check to that
 * over every fixture's entries and mutated copies of them.
 */

type Entry = Record<string, unknown>;

function isObject(value: unknown): value is Entry {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isString(value: unknown): boolean {
  return typeof value === "string";
}

/** `z.string().nullish()` */
function isOptString(value: unknown): boolean {
  return value === undefined || value === null || typeof value === "string";
}

/** `z.boolean().nullish()` */
function isOptBoolean(value: unknown): boolean {
  return value === undefined || value === null || typeof value === "boolean";
}

/** `z.number().nullish()` (zod refuses infinite numbers, which JSON.parse gives for 1e400). */
function isOptNumber(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "number" && Number.isFinite(value));
}

/** `z.array(z.string())` */
function isStringList(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (typeof value[i] !== "string") return false;
  return true;
}

function isOptStringList(value: unknown): boolean {
  return value === undefined || value === null || isStringList(value);
}

/** `z.array(z.unknown()).nullish()` */
function isOptArray(value: unknown): boolean {
  return value === undefined || value === null || Array.isArray(value);
}

/** objectSchema.nullish(): a plain object kept by reference. */
function isOptObject(value: unknown): boolean {
  return value === undefined || value === null || isObject(value);
}

/** `z.union([z.string(), strList]).nullish()` */
function isOptTags(value: unknown): boolean {
  return value === undefined || value === null || typeof value === "string" || isStringList(value);
}

/** `z.union([z.string(), z.number()]).nullish()` */
function isOptVersion(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    typeof value === "string" ||
    (typeof value === "number" && Number.isFinite(value))
  );
}

/** dependsOnSchema: `{ nodes?: string[] | null, macros?: string[] | null } | null | undefined` */
function isOptDependsOn(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  return isObject(value) && isOptStringList(value.nodes) && isOptStringList(value.macros);
}

/** fileHashSchema.nullish(): `{ name: string, checksum: string }` */
function isOptFileHash(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  return isObject(value) && isString(value.name) && isString(value.checksum);
}

function isOptContract(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  return (
    isObject(value) &&
    isOptBoolean(value.enforced) &&
    isOptBoolean(value.alias_types) &&
    isOptString(value.checksum)
  );
}

/** `z.record(z.string(), columnSchema).nullish()` */
function isOptColumns(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (!isObject(value)) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) return false;
    const column = value[key];
    if (
      !isObject(column) ||
      !isOptString(column.name) ||
      !isOptString(column.data_type) ||
      !isOptArray(column.constraints) ||
      !isOptBoolean(column.quote)
    ) {
      return false;
    }
  }
  return true;
}

const BUILDABLE_TYPES: ReadonlySet<unknown> = new Set(["model", "seed", "snapshot"]);

/** buildableSchema */
export function isBuildable(v: unknown): boolean {
  return (
    isObject(v) &&
    isString(v.unique_id) &&
    BUILDABLE_TYPES.has(v.resource_type) &&
    isString(v.name) &&
    isString(v.package_name) &&
    isString(v.path) &&
    isString(v.original_file_path) &&
    isStringList(v.fqn) &&
    isOptString(v.database) &&
    isString(v.schema) &&
    isString(v.alias) &&
    isOptString(v.relation_name) &&
    isOptString(v.language) &&
    isOptString(v.raw_code) &&
    isOptString(v.compiled_code) &&
    isOptFileHash(v.checksum) &&
    isOptObject(v.config) &&
    isOptDependsOn(v.depends_on) &&
    isOptContract(v.contract) &&
    isOptColumns(v.columns) &&
    isOptArray(v.constraints) &&
    isOptTags(v.tags) &&
    isOptVersion(v.version)
  );
}

/** hookSchema: a string or `{ sql: string, transaction?: boolean | null, index?: number | null }` */
function isHook(value: unknown): boolean {
  if (typeof value === "string") return true;
  return (
    isObject(value) && isString(value.sql) && isOptBoolean(value.transaction) && isOptNumber(value.index)
  );
}

function isOptHooks(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (!isHook(value[i])) return false;
  return true;
}

/** nodeConfigFieldsSchema */
export function isNodeConfigFields(v: unknown): boolean {
  return (
    isObject(v) && isOptString(v.materialized) && isOptHooks(v["pre-hook"]) && isOptHooks(v["post-hook"])
  );
}

/** dataTestSchema */
export function isDataTest(v: unknown): boolean {
  if (!isObject(v)) return false;
  const meta = v.test_metadata;
  return (
    isString(v.unique_id) &&
    v.resource_type === "test" &&
    isString(v.name) &&
    isString(v.package_name) &&
    isOptString(v.original_file_path) &&
    (meta === undefined ||
      meta === null ||
      (isObject(meta) && isString(meta.name) && isOptString(meta.namespace) && isOptObject(meta.kwargs))) &&
    isOptString(v.language) &&
    isOptString(v.raw_code) &&
    isOptString(v.compiled_code) &&
    isOptFileHash(v.checksum) &&
    isOptObject(v.config) &&
    isOptDependsOn(v.depends_on) &&
    isOptString(v.attached_node) &&
    isOptString(v.column_name) &&
    isOptStringList(v.fqn)
  );
}

const PERIODS: ReadonlySet<unknown> = new Set(["minute", "hour", "day"]);

/** timeSchema */
function isOptTime(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  return (
    isObject(value) &&
    isOptNumber(value.count) &&
    (value.period === undefined || value.period === null || PERIODS.has(value.period))
  );
}

/** freshnessSchema */
function isOptFreshness(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  return (
    isObject(value) &&
    isOptTime(value.warn_after) &&
    isOptTime(value.error_after) &&
    isOptString(value.filter)
  );
}

/** sourceSchema */
export function isSource(v: unknown): boolean {
  if (!isObject(v)) return false;
  const config = v.config;
  return (
    isString(v.unique_id) &&
    isString(v.name) &&
    isString(v.source_name) &&
    isString(v.package_name) &&
    isOptString(v.original_file_path) &&
    isOptStringList(v.fqn) &&
    isOptString(v.database) &&
    isString(v.schema) &&
    isString(v.identifier) &&
    isOptString(v.relation_name) &&
    isOptString(v.loaded_at_field) &&
    isOptString(v.loaded_at_query) &&
    isOptFreshness(v.freshness) &&
    (config === undefined ||
      config === null ||
      (isObject(config) &&
        isOptFreshness(config.freshness) &&
        isOptString(config.loaded_at_field) &&
        isOptString(config.loaded_at_query))) &&
    isOptTags(v.tags)
  );
}

/** macroSchema */
export function isMacro(v: unknown): boolean {
  if (!isObject(v)) return false;
  const dependsOn = v.depends_on;
  return (
    isString(v.unique_id) &&
    isString(v.name) &&
    isString(v.package_name) &&
    isOptString(v.original_file_path) &&
    isString(v.macro_sql) &&
    (dependsOn === undefined ||
      dependsOn === null ||
      (isObject(dependsOn) && isOptStringList(dependsOn.macros)))
  );
}
