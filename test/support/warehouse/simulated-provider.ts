/**
 * A cloud provider's protocol on a real DuckDB file (issue 25): the
 * provider's warehouse class (src/drivers/providers/provider-warehouse.ts) runs
 * its own statements through this runner, which, for each one,
 * - parses the statement in the provider's dialect with the real parser
 *   (@polyglot-sql/sdk), and fails unless it is one statement (parser gaps
 *   the provider's statement tests name are passed in);
 * - checks that no bound value appears in the text;
 * - carries out the operation on DuckDB with the provider's semantics: each
 *   statement committed on its own (no transaction spans two statements, as
 *   on Snowflake, BigQuery and Databricks), a clone a copy made at that
 *   moment (on Databricks, emptied when its source goes: clonesReadSource),
 *   a swap one atomic step, a move one atomic step;
 * - fails when armed: before the statement, or after it took effect (the
 *   provider heard it failed; a dropped connection after the server
 *   committed), and every later one with `until` (an outage).
 * Reads answer in the provider's column names and catalog terms.
 *
 * Names: the vendor's, not DuckDB's. Every name ODS sends is quoted, and
 * the simulation resolves it as the vendor resolves a quoted identifier
 * (SimulationOptions `names`): Snowflake and BigQuery keep it exactly and
 * tell `orders` from `ORDERS` (BigQuery: but in a dataset made
 * case-insensitive, `markCaseInsensitive`, the dataset's and its tables'
 * names are compared ignoring case); Databricks (Unity Catalog) stores it
 * in lower case and compares ignoring case. DuckDB compares identifiers
 * ignoring case, even quoted, so each stored name is kept in DuckDB under
 * an encoding that escapes its capitals (`duckName`): two names the vendor
 * keeps apart stay apart, and a name that is not there exactly is not
 * found. The catalog (listSchemas, listObjects, tableComment, replaceLosses)
 * answers the stored names and compares the strings ODS binds as the
 * vendor's SQL does (exactly; Databricks: `lower(…)` of both). And each
 * statement must name, quoted in the dialect, exactly the objects its
 * operation names: what the simulation carries out is what the vendor
 * would have read. A test acting as dbt resolves dbt's rendering of a
 * relation (`relation_name`) with `resolveRendered`: unquoted Snowflake
 * parts are upper-cased, Databricks' lower-cased.
 *
 * Grants: the runner keeps, for each table a test gave any (`setAccess`),
 * its owner, privileges and policies, carries them along as the vendor does
 * (`SimulatedGrants`: a rename or move keeps them, a clone takes its
 * source's policies and is the connected role's, `replaceFrom` keeps what
 * the vendor keeps of the replaced table), and answers `replaceLosses` from
 * them as the vendor's catalog query would. Access (issue 37): a new table
 * or view gets the future grants on its kind (Snowflake: the schema's, else
 * the database's); a view ODS made reads with its owner's rights or its
 * reader's, as the provider's `viewsReadAs` says (`canRead`); `readControls`
 * answers every policy a test gave a table, `objectGrants` its privileges
 * and owner. A table no test gave any access is readable by every role
 * (`canRead`) though the catalog shows nothing granted on it.
 */

import { parseRelationName } from "../../../src/dbt/relation-identity.js";
import type {
  Place,
  ProviderStatements,
  ReplaceLoss,
  Statement,
} from "../../../src/drivers/providers/provider-statements.js";
import { ProviderWarehouse } from "../../../src/drivers/providers/provider-warehouse.js";
import type {
  Operation,
  RunResult,
  StatementMethod,
  StatementRunner,
} from "../../../src/drivers/providers/statement-runner.js";
import type { PolyglotSdk } from "../../../src/runtime/polyglot-sdk.js";
import type { QualifiedName } from "../../../src/warehouse/names.js";
import type { RecordTable, Warehouse, WarehouseObject } from "../../../src/warehouse/warehouse.js";
import type { Fault } from "./faulty.js";
import { InjectedFailure } from "./faulty.js";
import type { Session } from "./sessions.js";

export interface SqlConnection {
  exec(sql: string, params?: unknown[]): Promise<void>;
  rows(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
}

/** What is granted on one table: its owner, privileges (`SELECT to ANALYST`), policies (kind and name). */
export interface SimulatedAccess {
  readonly owner: string;
  readonly privileges: readonly string[];
  readonly policies: readonly { readonly kind: string; readonly name: string }[];
}

/** How the vendor treats what is granted on a table when ODS renames, clones and replaces it. */
export interface SimulatedGrants {
  /** `replaceFrom` keeps the replaced table's owner (Databricks: the same table), else the connected role owns it (Snowflake). */
  readonly replaceKeepsOwner: boolean;
  /** `replaceFrom` keeps the replaced table's privileges (Snowflake's COPY GRANTS, BigQuery's table IAM, Databricks). */
  readonly replaceKeepsPrivileges: boolean;
  /** Policy kinds `replaceFrom` keeps of the replaced table (Databricks: column masks); the rest come from the source. */
  readonly replaceKeepsPolicies: readonly string[];
  /** What the vendor's `replaceLosses` reports: the owner where it is not the connected role, and policies of these kinds. */
  readonly reportsOwner: boolean;
  readonly reports: readonly ReplaceLoss[];
}

/**
 * How the vendor resolves a quoted identifier (every name ODS sends is
 * quoted): `case-sensitive`, kept and compared exactly (Snowflake, whose
 * quoted names are case-sensitive; BigQuery, whose dataset and table names
 * are); `lower-case`, stored in lower case and compared ignoring case
 * (Databricks' Unity Catalog).
 */
export type NameRule = "case-sensitive" | "lower-case";

export interface SimulationOptions {
  /** How the vendor resolves and stores the (quoted) names ODS writes. */
  readonly names: NameRule;
  /** How the provider's catalog names a table and a view (what its `objectKind` maps back). */
  readonly catalogKinds: { readonly table: string; readonly view: string };
  /** Statements the parser can't read though the vendor takes them (named in the provider's statement tests). */
  readonly parserGaps?: ReadonlySet<StatementMethod>;
  /** DROP SCHEMA drops what the schema holds (Snowflake: its RESTRICT is about foreign keys only). */
  readonly dropSchemaDropsContents?: boolean;
  /**
   * A clone reads its source's data files (Databricks' SHALLOW CLONE): once
   * the source is dropped or replaced, and its files vacuumed, the clone
   * can't be read. The simulation takes the worst case at once: the clone is
   * emptied when its source goes, so a protocol that leaves a table reading
   * a source it then drops shows in the rows.
   */
  readonly clonesReadSource?: boolean;
  /**
   * How the catalog shows a table's comment (BigQuery's TABLE_OPTIONS: as the
   * GoogleSQL string literal that would set it); absent: as it is.
   */
  readonly commentInCatalog?: (text: string) => string;
  /** A transient table can be cloned only as a transient one (Snowflake); the simulation refuses otherwise. */
  readonly transientClonesOnly?: boolean;
  /**
   * Adding a column the table already has fails (Databricks: ALTER TABLE …
   * ADD COLUMNS has no IF NOT EXISTS, FIELDS_ALREADY_EXISTS); absent: the
   * vendor's ADD COLUMN IF NOT EXISTS skips it.
   */
  readonly addColumnRefusesExisting?: boolean;
  /** How the vendor carries grants (used when a test turns grants on: SimulatedWarehouse's `grants`). */
  readonly grants?: SimulatedGrants;
}

/** The role (principal) the simulated provider connects as: what ODS creates is its. */
export const SIMULATED_ROLE = "ODS_CI";

const NO_GRANTS: SimulatedGrants = {
  replaceKeepsOwner: true,
  replaceKeepsPrivileges: true,
  replaceKeepsPolicies: [],
  reportsOwner: false,
  reports: [],
};

/**
 * A stored name as a DuckDB identifier. DuckDB compares identifiers ignoring
 * case, quoted or not, so each cased character is escaped: `^` and the
 * letter in lower case for A to Z, `^#<hex>;` for any other character that
 * has a lower case, `^^` for `^`. The result has no capital, so DuckDB tells
 * two names apart exactly when the vendor would; names without capitals
 * (the shop's) are themselves.
 */
export function duckName(stored: string): string {
  let out = "";
  for (const char of stored) {
    if (char === "^") out += "^^";
    else if (char >= "A" && char <= "Z") out += `^${char.toLowerCase()}`;
    else if (char.toLowerCase() !== char) out += `^#${char.codePointAt(0)!.toString(16)};`;
    else out += char;
  }
  return out;
}

/** The stored name a DuckDB identifier made by `duckName` stands for. */
export function storedOf(duck: string): string {
  let out = "";
  for (let i = 0; i < duck.length; i += 1) {
    const char = duck[i]!;
    if (char !== "^") {
      out += char;
      continue;
    }
    const next = duck[i + 1];
    if (next === "^") {
      out += "^";
      i += 1;
    } else if (next === "#") {
      const end = duck.indexOf(";", i);
      out += String.fromCodePoint(Number.parseInt(duck.slice(i + 2, end), 16));
      i = end;
    } else if (next !== undefined && next >= "a" && next <= "z") {
      out += next.toUpperCase();
      i += 1;
    } else out += char;
  }
  return out;
}

const q = (name: string): string => `"${name.replaceAll('"', '""')}"`;
/** A stored (resolved) name as DuckDB SQL. */
const dq = (name: string): string => q(duckName(name));
const qualified = (name: QualifiedName): string => `${dq(name.schema)}.${dq(name.identifier)}`;
const accessKey = (name: QualifiedName): string => `${name.schema}\u0000${name.identifier}`;
const lower = (name: string): string => name.toLowerCase();

/** The names (schemas, relations, record tables) an operation's statement must name, quoted. */
function namedBy(operation: Operation): string[] {
  const both = (name: QualifiedName) => [name.schema, name.identifier];
  const record = (schema: string, table: RecordTable) => [schema, table.name];
  switch (operation.name) {
    case "createSchema":
    case "dropSchema":
      return [operation.args[1]];
    case "createView":
      return [...both(operation.args[1]), ...both(operation.args[2])];
    case "dropTable":
    case "dropView":
    case "setTableComment":
    case "setViewComment":
      return both(operation.args[1]);
    case "renameTable":
      return [...both(operation.args[1]), operation.args[2]];
    case "moveTable":
    case "cloneTable":
    case "copyTable":
    case "replaceFrom":
    case "swapTables":
      return [...both(operation.args[1]), ...both(operation.args[2])];
    case "futureGrants":
      return operation.args[1] === null ? [] : [operation.args[1]];
    case "createRecordTable":
    case "addRecordColumn":
    case "selectRecords":
    case "insertRecord":
    case "upsertRecord":
    case "updateRecords":
    case "deleteRecords":
      return record(operation.args[1], operation.args[2]);
    default:
      // Catalog reads bind the names they look for: they are values, not identifiers.
      return [];
  }
}

export class SimulatedRunner implements StatementRunner {
  /** Statements run since the last arm(), with their operations' names. */
  readonly log: { operation: StatementMethod; statement: Statement }[] = [];
  /** Tables the catalog reports as transient (`schema.name`, stored; Snowflake's `is_transient`); a transient clone joins them. */
  readonly transient = new Set<string>();
  /**
   * Objects a test made that are none of ODS's kinds, by `schema.name`
   * (stored): a DuckDB table here reported with this catalog kind
   * (`MATERIALIZED VIEW`, `EXTERNAL TABLE`), or, when no relation has the
   * name, an object the vendor lists apart (`SEQUENCE`, `STAGE`: answered by
   * otherObjects). DROP SCHEMA drops them where it drops what it holds.
   */
  readonly foreign = new Map<string, string>();
  private fault: Fault | null = null;
  private readonly records: Warehouse;
  private readonly duck: SqlConnection;
  private readonly statements: ProviderStatements;
  private readonly sdk: PolyglotSdk;
  private readonly options: SimulationOptions;
  /** Where clones read their source (clonesReadSource): the clone's key, its source's key (`["schema","table"]`). */
  private readonly clones = new Map<string, string>();
  /** What is granted on each table (`schema\u0000table`) a test gave any, carried along as the vendor does. */
  private readonly access = new Map<string, SimulatedAccess>();
  /** BigQuery datasets made case-insensitive (`is_case_insensitive`), by their stored name. */
  private readonly caseInsensitive = new Set<string>();

  /** `duck` and `records` are one DuckDB database: raw SQL, and the DuckDB adapter over it. */
  constructor(
    duck: SqlConnection,
    records: Warehouse,
    statements: ProviderStatements,
    sdk: PolyglotSdk,
    options: SimulationOptions,
  ) {
    this.duck = duck;
    this.statements = statements;
    this.sdk = sdk;
    this.options = options;
    this.records = records;
  }

  /**
   * Future grants in a schema (null: the database), as `privilege to
   * grantee` (on tables) or `privilege on VIEW to grantee` (Snowflake).
   */
  private readonly future = new Map<string | null, readonly string[]>();
  /** What is granted on each view ODS made (`schema\u0000view`), and what it reads. */
  private readonly views = new Map<
    string,
    { owner: string; privileges: readonly string[]; reads: QualifiedName }
  >();

  /** Sets the future grants of a schema, or (null) the database: `SELECT to REPORTER`, `SELECT on VIEW to REVIEWER`. */
  setFutureGrants(schema: string | null, grants: readonly string[]): void {
    this.future.set(schema, grants);
  }

  /** The future grants of `schema` (null: the database) on objects of `kind`, as `{ privilege, grantOn, role }`. */
  private futureOf(
    schema: string | null,
    kind?: "TABLE" | "VIEW",
  ): { privilege: string; grantOn: string; role: string }[] {
    return (this.future.get(schema) ?? [])
      .map((grant) => {
        const match = /^(\w+)(?: on (TABLE|VIEW))? to (.+)$/.exec(grant);
        if (!match) throw new Error(`a future grant is "PRIVILEGE [on TABLE|VIEW] to ROLE": ${grant}`);
        return { privilege: match[1]!, grantOn: match[2] ?? "TABLE", role: match[3]! };
      })
      .filter((grant) => kind === undefined || grant.grantOn === kind);
  }

  /**
   * What a new object of `kind` in `schema` is granted where the vendor has
   * future grants (Snowflake: the schema's for that kind, which take
   * precedence, else the database's), as `privilege to role`.
   */
  private futureGranted(schema: string, kind: "TABLE" | "VIEW"): string[] {
    if (this.statements.futureGrants({ database: "simulated" }, null) === null) return [];
    const inSchema = this.futureOf(schema, kind);
    return (inSchema.length > 0 ? inSchema : this.futureOf(null, kind)).map(
      (grant) => `${grant.privilege} to ${grant.role}`,
    );
  }

  /**
   * Whether `role` can read the relation (the vendor's semantics): a table,
   * when it owns it or is granted SELECT on it (a table no test gave any
   * access is readable by every role); a view ODS made, when it owns it or
   * is granted SELECT on it, and the view's reads are readable by the view's
   * owner (views that read with their owner's rights: Snowflake,
   * Databricks) or by `role` itself (BigQuery).
   */
  canRead(role: string, name: QualifiedName): boolean {
    const may = (owner: string, privileges: readonly string[]) =>
      owner === role ||
      privileges.includes(`SELECT to ${role}`) ||
      privileges.includes(`OWNERSHIP to ${role}`);
    const view = this.views.get(accessKey(name));
    if (view) {
      if (!may(view.owner, view.privileges)) return false;
      return this.canRead(this.statements.viewsReadAs === "owner" ? view.owner : role, view.reads);
    }
    const access = this.access.get(accessKey(name));
    return access === undefined || may(access.owner, access.privileges);
  }

  /** What is granted on a view ODS made (undefined: no such view). */
  viewAccessOf(name: QualifiedName): { owner: string; privileges: readonly string[] } | undefined {
    return this.views.get(accessKey(name));
  }

  /** Gives a table an owner, privileges and policies (as a prod account has them). */
  setAccess(name: QualifiedName, access: SimulatedAccess): void {
    this.access.set(accessKey(name), access);
  }

  /** What is granted on the table now (undefined: nothing was ever). */
  accessOf(name: QualifiedName): SimulatedAccess | undefined {
    return this.access.get(accessKey(name));
  }

  /** Makes a BigQuery dataset case-insensitive (`is_case_insensitive = TRUE`): its name and its tables' are compared ignoring case. */
  markCaseInsensitive(dataset: string): void {
    this.caseInsensitive.add(dataset);
  }

  /** A stored name, as the test's raw DuckDB SQL names it. */
  duckQualified(name: QualifiedName): string {
    return qualified(name);
  }

  /** The schemas the vendor's catalog holds, as stored. */
  async storedSchemas(): Promise<string[]> {
    const rows = await this.duck.rows(
      "SELECT schema_name FROM duckdb_schemas() WHERE database_name = current_database() AND NOT internal ORDER BY 1",
    );
    return rows.map((row) => this.fromDuck(String(row.schema_name)));
  }

  /** Every table and view the vendor's catalog holds, as stored. */
  async storedObjects(): Promise<WarehouseObject[]> {
    const rows = await this.duck.rows(
      `SELECT schema_name, table_name AS name, 'table' AS kind FROM duckdb_tables() WHERE database_name = current_database() AND NOT internal AND NOT temporary
       UNION ALL
       SELECT schema_name, view_name AS name, 'view' AS kind FROM duckdb_views() WHERE database_name = current_database() AND NOT internal AND NOT temporary`,
    );
    return rows
      .map((row) => ({
        schema: this.fromDuck(String(row.schema_name)),
        identifier: this.fromDuck(String(row.name)),
        kind: row.kind === "view" ? ("view" as const) : ("table" as const),
      }))
      .sort((a, b) =>
        a.schema === b.schema ? (a.identifier < b.identifier ? -1 : 1) : a.schema < b.schema ? -1 : 1,
      );
  }

  /**
   * The object dbt reaches through its rendering of a relation (the
   * manifest's `relation_name`), as the vendor resolves it: a quoted part as
   * a quoted identifier (`names`), an unquoted one upper-cased on Snowflake,
   * lower-cased on Databricks, as it is on BigQuery. The database (project,
   * catalog) part is the simulation's one database, and left out.
   */
  async resolveRendered(rendered: string): Promise<QualifiedName> {
    const parts = parseRelationName(rendered);
    if (parts === null || parts.length < 2) throw new Error(`not a relation name: ${rendered}`);
    const part = (index: number) => {
      const { text, quoted } = parts[parts.length - index]!;
      if (quoted || this.statements.dialect !== "snowflake") return text;
      return text.toUpperCase();
    };
    return this.resolve({ schema: part(2), identifier: part(1) });
  }

  private get grants(): SimulatedGrants {
    return this.options.grants ?? NO_GRANTS;
  }

  /** The stored name a DuckDB identifier stands for (Databricks answers in lower case, whatever it was given). */
  private fromDuck(name: string): string {
    const stored = storedOf(name);
    return this.options.names === "lower-case" ? lower(stored) : stored;
  }

  /** Whether two names are one under the vendor's comparison of strings in its catalog SQL. */
  /** The columns of a record table (stored names), in the table's order. */
  private async columnsOf(schema: string, table: string): Promise<string[]> {
    const rows = await this.duck.rows(
      "SELECT column_name FROM information_schema.columns WHERE table_catalog = current_database() AND table_schema = $1 AND table_name = $2 ORDER BY ordinal_position",
      [duckName(schema), duckName(table)],
    );
    return rows.map((row) => String(row.column_name));
  }

  private catalogMatch(stored: string, bound: string): boolean {
    return this.options.names === "lower-case" ? lower(stored) === lower(bound) : stored === bound;
  }

  /** A schema ODS names (quoted), as the vendor resolves it: the stored name it reaches or would create. */
  private async resolveSchema(schema: string): Promise<string> {
    if (this.options.names === "lower-case") return lower(schema);
    if (this.caseInsensitive.size === 0) return schema;
    const found = (await this.storedSchemas()).find(
      (stored) => this.caseInsensitive.has(stored) && lower(stored) === lower(schema),
    );
    return found ?? schema;
  }

  /** A relation ODS names (quoted), as the vendor resolves it. */
  private async resolve(name: QualifiedName): Promise<QualifiedName> {
    const schema = await this.resolveSchema(name.schema);
    if (this.options.names === "lower-case") return { schema, identifier: lower(name.identifier) };
    if (!this.caseInsensitive.has(schema)) return { schema, identifier: name.identifier };
    const found = (await this.storedObjects()).find(
      (object) => object.schema === schema && lower(object.identifier) === lower(name.identifier),
    );
    return { schema, identifier: found?.identifier ?? name.identifier };
  }

  /** The operation with every name it acts on (not the strings catalog reads compare) resolved as the vendor would. */
  private async resolveOperation(operation: Operation): Promise<Operation> {
    const r = (name: QualifiedName) => this.resolve(name);
    const s = (schema: string) => this.resolveSchema(schema);
    const op = operation as { name: StatementMethod; args: unknown[] };
    const args = [...op.args];
    switch (operation.name) {
      case "createSchema":
      case "dropSchema":
        args[1] = await s(operation.args[1]);
        break;
      case "createView":
      case "moveTable":
      case "cloneTable":
      case "copyTable":
      case "replaceFrom":
      case "swapTables":
        args[1] = await r(operation.args[1]);
        args[2] = await r(operation.args[2]);
        break;
      case "dropTable":
      case "dropView":
      case "setTableComment":
      case "setViewComment":
        args[1] = await r(operation.args[1]);
        break;
      case "renameTable": {
        const from = await r(operation.args[1]);
        args[1] = from;
        args[2] = (await r({ schema: from.schema, identifier: operation.args[2] })).identifier;
        break;
      }
      case "futureGrants":
        args[1] = operation.args[1] === null ? null : await s(operation.args[1]);
        break;
      case "createRecordTable":
      case "addRecordColumn":
      case "selectRecords":
      case "insertRecord":
      case "upsertRecord":
      case "updateRecords":
      case "deleteRecords": {
        const table = operation.args[2];
        const at = await r({ schema: operation.args[1], identifier: table.name });
        args[1] = at.schema;
        args[2] = { ...table, name: at.identifier };
        break;
      }
      default:
        break;
    }
    return { name: op.name, args } as unknown as Operation;
  }

  private moveAccess(from: QualifiedName, to: QualifiedName): void {
    const access = this.access.get(accessKey(from));
    this.access.delete(accessKey(from));
    if (access) this.access.set(accessKey(to), access);
    else this.access.delete(accessKey(to));
  }

  /**
   * A new table made from `source` (a clone takes its policies; COPY GRANTS
   * its privileges, else it gets the future grants on tables of its schema
   * or database); the connected role owns it.
   */
  private newAccess(target: QualifiedName, source: QualifiedName | null, copyGrants: boolean): void {
    const from = source === null ? undefined : this.access.get(accessKey(source));
    this.access.set(accessKey(target), {
      owner: SIMULATED_ROLE,
      privileges: copyGrants ? (from?.privileges ?? []) : this.futureGranted(target.schema, "TABLE"),
      policies: from?.policies ?? [],
    });
  }

  /** `target` replaced by a table from `source`: what the vendor keeps of the replaced table, the source's policies. */
  private replaceAccess(target: QualifiedName, source: QualifiedName): void {
    const old = this.access.get(accessKey(target));
    const from = this.access.get(accessKey(source));
    const rules = this.grants;
    this.access.set(accessKey(target), {
      owner: old && rules.replaceKeepsOwner ? old.owner : SIMULATED_ROLE,
      privileges: old && rules.replaceKeepsPrivileges ? old.privileges : [],
      policies: [
        ...(from?.policies ?? []),
        ...(old?.policies ?? []).filter((policy) => rules.replaceKeepsPolicies.includes(policy.kind)),
      ],
    });
  }

  /** The vendor's `readControls` rows for these tables: every policy on each. */
  private controls(tables: readonly QualifiedName[]): RunResult {
    const rows: Record<string, string>[] = [];
    for (const table of tables) {
      for (const policy of this.found(this.access, table)?.policies ?? []) {
        rows.push({
          schema_name: table.schema,
          table_name: table.identifier,
          control: policy.kind,
          detail: `${policy.kind.replaceAll("_", " ")} ${policy.name}`,
        });
      }
    }
    return { rows, changed: 0 };
  }

  /** The vendor's `objectGrants` rows: each privilege granted on the relation, and its owner's OWNERSHIP. */
  private grantsOn(name: QualifiedName): RunResult {
    const access = this.found(this.views, name) ?? this.found(this.access, name);
    if (!access) return { rows: [], changed: 0 };
    const rows = [
      { privilege: "OWNERSHIP", grantee_name: access.owner },
      ...access.privileges.map((grant) => {
        const [privilege, role] = grant.split(" to ");
        return { privilege: privilege!, grantee_name: role! };
      }),
    ];
    return { rows, changed: 0 };
  }

  /** The entry of `map` for a name a catalog read binds (compared as the vendor's catalog SQL compares strings). */
  private found<T>(map: ReadonlyMap<string, T>, name: QualifiedName): T | undefined {
    for (const [key, value] of map) {
      const [schema, identifier] = key.split("\u0000") as [string, string];
      if (this.catalogMatch(schema, name.schema) && this.catalogMatch(identifier, name.identifier))
        return value;
    }
    return undefined;
  }

  /** The vendor's `replaceLosses` rows for these tables, from what is granted on them (the names compared as its catalog SQL does). */
  private losses(targets: readonly QualifiedName[]): RunResult {
    const rows: Record<string, string>[] = [];
    for (const [key, access] of this.access) {
      const [schema, identifier] = key.split("\u0000") as [string, string];
      const asked = targets.some(
        (target) =>
          this.catalogMatch(schema, target.schema) && this.catalogMatch(identifier, target.identifier),
      );
      if (!asked) continue;
      const row = (loss: string, detail: string) =>
        rows.push({ schema_name: schema, table_name: identifier, loss, detail });
      if (this.grants.reportsOwner && access.owner !== SIMULATED_ROLE) row("owner", access.owner);
      for (const policy of access.policies) {
        if ((this.grants.reports as readonly string[]).includes(policy.kind)) row(policy.kind, policy.name);
      }
    }
    return { rows, changed: 0 };
  }

  arm(fault: Fault | null): void {
    this.fault = fault;
    this.log.length = 0;
  }

  /**
   * Called before each statement is carried out (its number since the last
   * arm() and its operation); the statement waits for what it returns. A
   * test holds a job there (a job still running) while another job runs.
   */
  beforeStatement: ((n: number, operation: StatementMethod) => Promise<void> | void) | null = null;

  get steps(): number {
    return this.log.length;
  }

  async run(operation: Operation, statement: Statement): Promise<RunResult> {
    this.check(operation, statement);
    this.log.push({ operation: operation.name, statement });
    const n = this.log.length;
    await this.beforeStatement?.(n, operation.name);
    const fault = this.fault;
    const hit = fault !== null && (n === fault.step || (fault.until === true && n > fault.step));
    if (hit && (fault.when ?? "before") === "before")
      throw new InjectedFailure(`injected failure before statement ${n} (${operation.name})`);
    const resolved = await this.resolveOperation(operation);
    const result = await this.carryOut(resolved, statement);
    if (this.options.clonesReadSource) await this.followClones(resolved, statement);
    if (hit) throw new InjectedFailure(`injected failure after statement ${n} (${operation.name})`);
    return result;
  }

  /**
   * The statement parses in the provider's dialect as one statement, none of
   * its string literals is one of its bound values, and it names (quoted in
   * the dialect) every object its operation acts on.
   */
  private check(operation: Operation, statement: Statement): void {
    const name = operation.name;
    for (const named of namedBy(operation)) {
      const quoted =
        this.statements.dialect === "snowflake"
          ? `"${named.replaceAll('"', '""')}"`
          : `\`${named.replaceAll("`", "``")}\``;
      if (!statement.sql.includes(quoted))
        throw new Error(`${name}: the statement does not name ${quoted}: ${statement.sql}`);
    }
    if (this.options.parserGaps?.has(name)) return;
    const parsed = this.sdk.parse(statement.sql, this.statements.dialect as never);
    if (!parsed.success || parsed.ast?.length !== 1) {
      throw new Error(
        `${name}: ${this.statements.dialect} does not parse ${JSON.stringify(statement.sql)}: ${parsed.error ?? `${parsed.ast?.length} statements`}`,
      );
    }
    const values = new Set(
      (Array.isArray(statement.params) ? statement.params : Object.values(statement.params)).filter(
        (value): value is string => typeof value === "string",
      ),
    );
    JSON.stringify(parsed.ast, (key, value) => {
      if (key === "literal" && value?.literal_type === "string" && values.has(value.value))
        throw new Error(`${name}: the bound value ${JSON.stringify(value.value)} is spliced into the SQL`);
      return value;
    });
  }

  /** Whether a table is there under this stored name, exactly. */
  private async tableExists(name: QualifiedName): Promise<boolean> {
    const rows = await this.duck.rows(
      "SELECT 1 FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = $1 AND table_name = $2",
      [duckName(name.schema), duckName(name.identifier)],
    );
    return rows.length > 0;
  }

  /**
   * Keeps track of which table each clone reads (clonesReadSource): a clone
   * follows renames of itself and of its source; when its source is dropped
   * or replaced, it is emptied (the worst case: its files vacuumed).
   */
  private async followClones(operation: Operation, statement: Statement): Promise<void> {
    // What the vendor reads: a statement that says SHALLOW CLONE makes a table reading its source's files.
    const shallow = /\bSHALLOW\s+CLONE\b/i.test(statement.sql);
    const key = (name: QualifiedName) => JSON.stringify([name.schema, name.identifier]);
    const nameOf = (k: string): QualifiedName => {
      const [schema, identifier] = JSON.parse(k) as [string, string];
      return { schema, identifier };
    };
    const rename = (from: string, to: string) => {
      for (const [clone, source] of [...this.clones]) {
        if (clone === from) {
          this.clones.delete(clone);
          this.clones.set(to, source);
        } else if (source === from) this.clones.set(clone, to);
      }
    };
    const gone = async (name: string) => {
      this.clones.delete(name);
      for (const [clone, source] of [...this.clones]) {
        if (source !== name) continue;
        this.clones.delete(clone);
        if (await this.tableExists(nameOf(clone)))
          await this.duck.exec(`DELETE FROM ${qualified(nameOf(clone))}`);
      }
    };
    switch (operation.name) {
      case "cloneTable": {
        const [, source, target] = operation.args;
        await gone(key(target));
        if (shallow) this.clones.set(key(target), key(source));
        return;
      }
      case "renameTable": {
        const [, from, to] = operation.args;
        rename(key(from), key({ schema: from.schema, identifier: to }));
        return;
      }
      case "moveTable": {
        const [, from, to] = operation.args;
        rename(key(from), key(to));
        return;
      }
      case "replaceFrom": {
        const [, target, source] = operation.args;
        await gone(key(target));
        if (shallow) this.clones.set(key(target), key(source));
        return;
      }
      case "dropTable":
        await gone(key(operation.args[1]));
        return;
      case "dropSchema":
        for (const name of [...this.clones.keys(), ...this.clones.values()])
          if (nameOf(name).schema === operation.args[1]) await gone(name);
        return;
      default:
        return;
    }
  }

  /**
   * A clone's kind: transient when asked; a transient source cloned as a
   * permanent table is refused where the vendor refuses it (Snowflake).
   */
  private cloneKind(source: QualifiedName, target: QualifiedName, transient: boolean): void {
    const from = `${source.schema}.${source.identifier}`;
    const to = `${target.schema}.${target.identifier}`;
    if (this.options.transientClonesOnly && this.transient.has(from) && !transient)
      throw new Error(`${qualified(source)} is transient: it can be cloned only as a transient table`);
    if (transient) this.transient.add(to);
    else this.transient.delete(to);
  }

  /** A renamed or moved table keeps its kind. */
  private moveKind(from: QualifiedName, to: QualifiedName): void {
    const key = `${from.schema}.${from.identifier}`;
    if (!this.transient.delete(key)) return;
    this.transient.add(`${to.schema}.${to.identifier}`);
  }

  /** The name as the DuckDB adapter (the records' warehouse) takes it. */
  private toDuck(name: QualifiedName): QualifiedName {
    return { schema: duckName(name.schema), identifier: duckName(name.identifier) };
  }

  /** The operation (its names resolved), with the provider's semantics, in one DuckDB transaction at most. */
  private async carryOut(operation: Operation, statement: Statement): Promise<RunResult> {
    const none: RunResult = { rows: [], changed: 0 };
    const atomically = async (statements: string[]): Promise<void> => {
      await this.duck.exec("BEGIN");
      try {
        for (const sql of statements) await this.duck.exec(sql);
        await this.duck.exec("COMMIT");
      } catch (error) {
        await this.duck.exec("ROLLBACK");
        throw error;
      }
    };
    const recordTable = (table: RecordTable): RecordTable => ({ ...table, name: duckName(table.name) });
    switch (operation.name) {
      case "listSchemas":
        return {
          rows: (await this.storedSchemas()).map((schema_name) => ({ schema_name })),
          changed: 0,
        };
      case "listObjects": {
        const shape = this.statements.objectRows;
        const wanted = operation.args[1];
        const objects = (await this.storedObjects()).filter((object) =>
          wanted.some((schema) => this.catalogMatch(object.schema, schema)),
        );
        return {
          rows: objects.map((object) => ({
            transient: this.transient.has(`${object.schema}.${object.identifier}`) ? "YES" : "NO",
            [shape.schema]: object.schema,
            [shape.name]: object.identifier,
            [shape.kind]:
              this.foreign.get(`${object.schema}.${object.identifier}`) ??
              (object.kind === "view" ? this.options.catalogKinds.view : this.options.catalogKinds.table),
          })),
          changed: 0,
        };
      }
      case "otherObjects": {
        const schema = operation.args[1];
        const relations = new Set(
          (await this.storedObjects()).map((object) => `${object.schema}.${object.identifier}`),
        );
        const rows = [...this.foreign]
          .filter(([key]) => !relations.has(key) && this.catalogMatch(key.slice(0, key.indexOf(".")), schema))
          .map(([key, kind]) => ({ kind, name: key.slice(key.indexOf(".") + 1) }));
        return { rows, changed: 0 };
      }
      case "createSchema":
        await this.duck.exec(`CREATE SCHEMA IF NOT EXISTS ${dq(operation.args[1])}`);
        return none;
      case "dropSchema": {
        const schema = operation.args[1];
        if (this.options.dropSchemaDropsContents) {
          await this.duck.exec(`DROP SCHEMA IF EXISTS ${dq(schema)} CASCADE`);
          for (const key of [...this.foreign.keys()])
            if (key.startsWith(`${schema}.`)) this.foreign.delete(key);
          for (const key of [...this.transient]) if (key.startsWith(`${schema}.`)) this.transient.delete(key);
          for (const key of [...this.access.keys()])
            if (key.startsWith(`${schema}\u0000`)) this.access.delete(key);
        } else await this.records.dropSchema(duckName(schema));
        return none;
      }
      case "createView": {
        const [, at, reads, replace] = operation.args;
        if (replace && (await this.tableExists(at)))
          throw new Error(`${qualified(at)} is a table, not a view`);
        // The vendor resolved both names to one object: the view would be created over what it reads.
        if (at.schema === reads.schema && at.identifier === reads.identifier)
          throw new Error(`${qualified(at)} already exists: a view can't be created over what it reads`);
        await this.records.createView(this.toDuck(at), this.toDuck(reads), { replace });
        // A new view gets the future grants on views; a replaced one with COPY GRANTS keeps its own.
        const old = this.views.get(accessKey(at));
        const keep = replace && old !== undefined && /\bCOPY GRANTS\b/i.test(statement.sql);
        this.views.set(accessKey(at), {
          owner: SIMULATED_ROLE,
          privileges: keep ? old.privileges : this.futureGranted(at.schema, "VIEW"),
          reads,
        });
        return none;
      }
      case "dropTable":
        await this.records.dropObject({ ...this.toDuck(operation.args[1]), kind: "table" });
        this.transient.delete(`${operation.args[1].schema}.${operation.args[1].identifier}`);
        this.access.delete(accessKey(operation.args[1]));
        return none;
      case "dropView":
        await this.records.dropObject({ ...this.toDuck(operation.args[1]), kind: "view" });
        this.views.delete(accessKey(operation.args[1]));
        return none;
      case "renameTable": {
        const [, from, to] = operation.args;
        await this.records.renameTable(this.toDuck(from), duckName(to));
        this.moveKind(from, { schema: from.schema, identifier: to });
        this.moveAccess(from, { schema: from.schema, identifier: to });
        return none;
      }
      case "moveTable": {
        const [, from, to] = operation.args;
        await atomically([
          `CREATE TABLE ${qualified(to)} AS SELECT * FROM ${qualified(from)}`,
          `DROP TABLE ${qualified(from)}`,
        ]);
        this.moveKind(from, to);
        this.moveAccess(from, to);
        return none;
      }
      case "cloneTable":
      case "copyTable": {
        const [, source, target] = operation.args;
        const replace = operation.name === "cloneTable" && operation.args[3].replace;
        if (operation.name === "cloneTable")
          this.cloneKind(source, target, operation.args[3].transient === true);
        const replacing = replace && (await this.tableExists(target));
        await this.duck.exec(
          `CREATE ${replace ? "OR REPLACE " : ""}TABLE ${qualified(target)} AS SELECT * FROM ${qualified(source)}`,
        );
        if (replacing) this.replaceAccess(target, source);
        else if (operation.name === "cloneTable")
          this.newAccess(target, source, operation.args[3].copyGrants);
        else this.newAccess(target, null, false);
        return none;
      }
      case "replaceFrom": {
        const [, target, source, options] = operation.args;
        this.cloneKind(source, target, options?.transient === true);
        await this.duck.exec(
          `CREATE OR REPLACE TABLE ${qualified(target)} AS SELECT * FROM ${qualified(source)}`,
        );
        this.replaceAccess(target, source);
        return none;
      }
      case "replaceLosses":
        return this.losses(operation.args[1]);
      case "readControls":
        return this.controls(operation.args[1]);
      case "objectGrants":
        return this.grantsOn(operation.args[1]);
      case "futureGrants":
        return {
          rows: this.futureOf(operation.args[1]).map((grant) => ({
            privilege: grant.privilege,
            grant_on: grant.grantOn,
            grantee_name: grant.role,
          })),
          changed: 0,
        };
      case "swapTables": {
        const [, a, b] = operation.args;
        const parked = `${b.identifier}__ods_swap`;
        await atomically([
          `ALTER TABLE ${qualified(a)} RENAME TO ${dq(parked)}`,
          `ALTER TABLE ${qualified(b)} RENAME TO ${dq(a.identifier)}`,
          `ALTER TABLE ${qualified({ schema: a.schema, identifier: parked })} RENAME TO ${dq(b.identifier)}`,
        ]);
        const [first, second] = [this.access.get(accessKey(a)), this.access.get(accessKey(b))];
        this.access.delete(accessKey(a));
        this.access.delete(accessKey(b));
        if (first) this.access.set(accessKey(b), first);
        if (second) this.access.set(accessKey(a), second);
        return none;
      }
      case "tableComment": {
        // The catalog's strings compared with the bound ones as the vendor's SQL compares them.
        const name = operation.args[1];
        const tables = (await this.storedObjects()).filter(
          (object) =>
            object.kind === "table" &&
            this.catalogMatch(object.schema, name.schema) &&
            this.catalogMatch(object.identifier, name.identifier),
        );
        const shown = this.options.commentInCatalog ?? ((text: string) => text);
        const rows: Record<string, string | null>[] = [];
        for (const table of tables) {
          const found = await this.duck.rows(
            "SELECT comment FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = $1 AND table_name = $2",
            [duckName(table.schema), duckName(table.identifier)],
          );
          for (const row of found)
            rows.push({ comment: row.comment == null ? null : shown(String(row.comment)) });
        }
        return { rows, changed: 0 };
      }
      case "setTableComment": {
        const [, name, comment] = operation.args;
        await this.duck.exec(`COMMENT ON TABLE ${qualified(name)} IS '${comment.replaceAll("'", "''")}'`);
        return none;
      }
      case "viewComment": {
        // As tableComment: the catalog's strings compared with the bound ones as the vendor's SQL compares them.
        const name = operation.args[1];
        const views = (await this.storedObjects()).filter(
          (object) =>
            object.kind === "view" &&
            this.catalogMatch(object.schema, name.schema) &&
            this.catalogMatch(object.identifier, name.identifier),
        );
        const shown = this.options.commentInCatalog ?? ((text: string) => text);
        const rows: Record<string, string | null>[] = [];
        for (const view of views) {
          const found = await this.duck.rows(
            "SELECT comment FROM duckdb_views() WHERE database_name = current_database() AND NOT internal AND schema_name = $1 AND view_name = $2",
            [duckName(view.schema), duckName(view.identifier)],
          );
          for (const row of found)
            rows.push({ comment: row.comment == null ? null : shown(String(row.comment)) });
        }
        return { rows, changed: 0 };
      }
      case "setViewComment": {
        const [, name, comment] = operation.args;
        await this.duck.exec(`COMMENT ON VIEW ${qualified(name)} IS '${comment.replaceAll("'", "''")}'`);
        return none;
      }
      case "createRecordTable":
        await this.records.ensureRecordTables(duckName(operation.args[1]), [recordTable(operation.args[2])]);
        return none;
      case "recordColumns": {
        // The catalog's strings compared with the bound ones as the vendor's SQL compares them.
        const [, schema, table] = operation.args;
        const tables = (await this.storedObjects()).filter(
          (object) =>
            object.kind === "table" &&
            this.catalogMatch(object.schema, schema) &&
            this.catalogMatch(object.identifier, table.name),
        );
        const rows: Record<string, string>[] = [];
        for (const found of tables)
          for (const column of await this.columnsOf(found.schema, found.identifier))
            rows.push({ column_name: column });
        return { rows, changed: 0 };
      }
      case "addRecordColumn": {
        // The one column the statement names, as the vendor adds it.
        const [, schema, table, column] = operation.args;
        if ((await this.columnsOf(schema, table.name)).includes(column)) {
          if (this.options.addColumnRefusesExisting)
            throw new Error(
              `[FIELDS_ALREADY_EXISTS] Cannot add column, because \`${column}\` already exists`,
            );
          return none;
        }
        const type = table.columns[column] === "integer" ? "INTEGER" : "TEXT";
        await this.duck.exec(`ALTER TABLE ${dq(schema)}.${dq(table.name)} ADD COLUMN ${q(column)} ${type}`);
        return none;
      }
      case "selectRecords": {
        const [, schema, table, where] = operation.args;
        return {
          rows: await this.records.selectRecords(duckName(schema), recordTable(table), where),
          changed: 0,
        };
      }
      case "insertRecord":
        await this.records.insertRecord(
          duckName(operation.args[1]),
          recordTable(operation.args[2]),
          operation.args[3],
        );
        return { rows: [], changed: 1 };
      case "upsertRecord":
        await this.records.upsertRecord(
          duckName(operation.args[1]),
          recordTable(operation.args[2]),
          operation.args[3],
        );
        return { rows: [], changed: 1 };
      case "updateRecords": {
        const [, schema, table, set, where] = operation.args;
        return {
          rows: [],
          changed: await this.records.updateRecords(duckName(schema), recordTable(table), set, where),
        };
      }
      case "deleteRecords": {
        const [, schema, table, where] = operation.args;
        return {
          rows: [],
          changed: await this.records.deleteRecords(duckName(schema), recordTable(table), where),
        };
      }
    }
  }

  async close(): Promise<void> {
    // The DuckDB file belongs to the test's session.
  }
}

/** A provider to simulate: its statements, how its catalog names kinds, the parser gaps its tests name. */
export interface SimulatedProvider extends SimulationOptions {
  readonly name: string;
  readonly statements: ProviderStatements;
  /** The database, project or catalog the statements name (the simulation's DuckDB file stands for it). */
  readonly place: Place;
}

/** The provider's warehouse over the simulation of a session's DuckDB file, with the runner's faults. */
export class SimulatedWarehouse extends ProviderWarehouse {
  readonly simulation: SimulatedRunner;

  /**
   * `grants`: the provider's grants are simulated (its `SimulatedGrants`),
   * and promotion asks it which replacements would lose them; off by
   * default, as DuckDB has none and most suites test other things.
   */
  constructor(
    session: Session,
    provider: SimulatedProvider,
    sdk: PolyglotSdk,
    options: { grants?: boolean } = {},
  ) {
    const grants =
      options.grants === true && provider.grants !== undefined && provider.statements.capabilities.grants;
    const statements = {
      ...provider.statements,
      capabilities: { ...provider.statements.capabilities, grants },
    };
    const runner = new SimulatedRunner(session, session.warehouse, statements, sdk, provider);
    super(statements, runner, provider.place, `${provider.name} (simulated on DuckDB)`);
    this.simulation = runner;
  }

  arm(fault: Fault | null): void {
    this.simulation.arm(fault);
  }

  get steps(): number {
    return this.simulation.steps;
  }

  /** The operations of the statements run since the last arm(), in order. */
  get log(): string[] {
    return this.simulation.log.map((entry) => entry.operation);
  }
}
