/**
 * A cloud provider's protocol on a real DuckDB file (issue 25): the
 * provider's warehouse class (src/env/providers/provider-warehouse.ts) runs
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
 * Grants: the runner keeps, for each table a test gave any (`setAccess`),
 * its owner, privileges and policies, carries them along as the vendor does
 * (`SimulatedGrants`: a rename or move keeps them, a clone takes its
 * source's policies and is the connected role's, `replaceFrom` keeps what
 * the vendor keeps of the replaced table), and answers `replaceLosses` from
 * them as the vendor's catalog query would.
 */
import type { QualifiedName } from "../../../src/env/names.js";
import type {
  Place,
  ProviderStatements,
  ReplaceLoss,
  Statement,
} from "../../../src/env/providers/provider-statements.js";
import { ProviderWarehouse } from "../../../src/env/providers/provider-warehouse.js";
import type {
  Operation,
  RunResult,
  StatementMethod,
  StatementRunner,
} from "../../../src/env/providers/statement-runner.js";
import type { Warehouse } from "../../../src/env/warehouse.js";
import type { PolyglotSdk } from "../../../src/runtime/polyglot-sdk.js";
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

export interface SimulationOptions {
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

const q = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const qualified = (name: QualifiedName): string => `${q(name.schema)}.${q(name.identifier)}`;
const accessKey = (name: QualifiedName): string => `${name.schema}\u0000${name.identifier}`;

export class SimulatedRunner implements StatementRunner {
  /** Statements run since the last arm(), with their operations' names. */
  readonly log: { operation: StatementMethod; statement: Statement }[] = [];
  /** Tables the catalog reports as transient (`schema.name`; Snowflake's `is_transient`); a transient clone joins them. */
  readonly transient = new Set<string>();
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

  /** Future grants on tables in a schema (null: the database), as `privilege to grantee` (Snowflake). */
  private readonly future = new Map<string | null, readonly string[]>();

  /** Sets the future grants on tables of a schema, or (null) the database: `SELECT to REPORTER`. */
  setFutureGrants(schema: string | null, grants: readonly string[]): void {
    this.future.set(schema, grants);
  }

  /** Gives a table an owner, privileges and policies (as a prod account has them). */
  setAccess(name: QualifiedName, access: SimulatedAccess): void {
    this.access.set(accessKey(name), access);
  }

  /** What is granted on the table now (undefined: nothing was ever). */
  accessOf(name: QualifiedName): SimulatedAccess | undefined {
    return this.access.get(accessKey(name));
  }

  private get grants(): SimulatedGrants {
    return this.options.grants ?? NO_GRANTS;
  }

  private moveAccess(from: QualifiedName, to: QualifiedName): void {
    const access = this.access.get(accessKey(from));
    this.access.delete(accessKey(from));
    if (access) this.access.set(accessKey(to), access);
    else this.access.delete(accessKey(to));
  }

  /** A new table made from `source` (a clone takes its policies; COPY GRANTS its privileges); the connected role owns it. */
  private newAccess(target: QualifiedName, source: QualifiedName | null, copyGrants: boolean): void {
    const from = source === null ? undefined : this.access.get(accessKey(source));
    this.access.set(accessKey(target), {
      owner: SIMULATED_ROLE,
      privileges: copyGrants ? (from?.privileges ?? []) : [],
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

  /** The vendor's `replaceLosses` rows for these tables, from what is granted on them. */
  private losses(targets: readonly QualifiedName[]): RunResult {
    const rows: Record<string, string>[] = [];
    for (const target of targets) {
      const access = this.access.get(accessKey(target));
      if (!access) continue;
      const row = (loss: string, detail: string) =>
        rows.push({ schema_name: target.schema, table_name: target.identifier, loss, detail });
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
    this.check(operation.name, statement);
    this.log.push({ operation: operation.name, statement });
    const n = this.log.length;
    await this.beforeStatement?.(n, operation.name);
    const fault = this.fault;
    const hit = fault !== null && (n === fault.step || (fault.until === true && n > fault.step));
    if (hit && (fault.when ?? "before") === "before")
      throw new InjectedFailure(`injected failure before statement ${n} (${operation.name})`);
    const result = await this.carryOut(operation);
    if (this.options.clonesReadSource) await this.followClones(operation, statement);
    if (hit) throw new InjectedFailure(`injected failure after statement ${n} (${operation.name})`);
    return result;
  }

  /** The statement parses in the provider's dialect as one statement, and none of its string literals is one of its bound values. */
  private check(name: StatementMethod, statement: Statement): void {
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

  private async tableExists(name: QualifiedName): Promise<boolean> {
    const rows = await this.duck.rows(
      "SELECT 1 FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = $1 AND table_name = $2",
      [name.schema, name.identifier],
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

  /** The operation, with the provider's semantics, in one DuckDB transaction at most. */
  private async carryOut(operation: Operation): Promise<RunResult> {
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
    switch (operation.name) {
      case "listSchemas": {
        const rows = await this.duck.rows(
          "SELECT schema_name FROM duckdb_schemas() WHERE database_name = current_database() AND NOT internal ORDER BY 1",
        );
        return { rows: rows.map((row) => ({ schema_name: String(row.schema_name) })), changed: 0 };
      }
      case "listObjects": {
        const shape = this.statements.objectRows;
        const objects = await this.records.listObjects(operation.args[1]);
        return {
          rows: objects.map((object) => ({
            transient: this.transient.has(`${object.schema}.${object.identifier}`) ? "YES" : "NO",
            [shape.schema]: object.schema,
            [shape.name]: object.identifier,
            [shape.kind]:
              object.kind === "view" ? this.options.catalogKinds.view : this.options.catalogKinds.table,
          })),
          changed: 0,
        };
      }
      case "createSchema":
        await this.records.createSchema(operation.args[1]);
        return none;
      case "dropSchema":
        if (this.options.dropSchemaDropsContents) {
          await this.duck.exec(`DROP SCHEMA IF EXISTS ${q(operation.args[1])} CASCADE`);
          for (const key of [...this.transient])
            if (key.startsWith(`${operation.args[1]}.`)) this.transient.delete(key);
          for (const key of [...this.access.keys()])
            if (key.startsWith(`${operation.args[1]}\u0000`)) this.access.delete(key);
        } else await this.records.dropSchema(operation.args[1]);
        return none;
      case "createView": {
        const [, at, reads, replace] = operation.args;
        if (replace && (await this.tableExists(at)))
          throw new Error(`${qualified(at)} is a table, not a view`);
        await this.records.createView(at, reads, { replace });
        return none;
      }
      case "dropTable":
        await this.records.dropObject({ ...operation.args[1], kind: "table" });
        this.transient.delete(`${operation.args[1].schema}.${operation.args[1].identifier}`);
        this.access.delete(accessKey(operation.args[1]));
        return none;
      case "dropView":
        await this.records.dropObject({ ...operation.args[1], kind: "view" });
        return none;
      case "renameTable": {
        const [, from, to] = operation.args;
        await this.records.renameTable(from, to);
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
      case "futureGrants":
        return {
          rows: (this.future.get(operation.args[1]) ?? []).map((grant) => {
            const [privilege, grantee] = grant.split(" to ");
            return { privilege: privilege!, grant_on: "TABLE", grantee_name: grantee! };
          }),
          changed: 0,
        };
      case "swapTables": {
        const [, a, b] = operation.args;
        const parked = `${b.identifier}__ods_swap`;
        await atomically([
          `ALTER TABLE ${qualified(a)} RENAME TO ${q(parked)}`,
          `ALTER TABLE ${qualified(b)} RENAME TO ${q(a.identifier)}`,
          `ALTER TABLE ${qualified({ schema: a.schema, identifier: parked })} RENAME TO ${q(b.identifier)}`,
        ]);
        const [first, second] = [this.access.get(accessKey(a)), this.access.get(accessKey(b))];
        this.access.delete(accessKey(a));
        this.access.delete(accessKey(b));
        if (first) this.access.set(accessKey(b), first);
        if (second) this.access.set(accessKey(a), second);
        return none;
      }
      case "tableComment": {
        const name = operation.args[1];
        const rows = await this.duck.rows(
          "SELECT comment FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = $1 AND table_name = $2",
          [name.schema, name.identifier],
        );
        const shown = this.options.commentInCatalog ?? ((text: string) => text);
        return {
          rows: rows.map((row) => ({ comment: row.comment == null ? null : shown(String(row.comment)) })),
          changed: 0,
        };
      }
      case "setTableComment": {
        const [, name, comment] = operation.args;
        await this.duck.exec(`COMMENT ON TABLE ${qualified(name)} IS '${comment.replaceAll("'", "''")}'`);
        return none;
      }
      case "createRecordTable":
        await this.records.ensureRecordTables(operation.args[1], [operation.args[2]]);
        return none;
      case "addRecordColumn":
        await this.records.ensureRecordTables(operation.args[1], [operation.args[2]], { upgrade: true });
        return none;
      case "selectRecords": {
        const [, schema, table, where] = operation.args;
        return { rows: await this.records.selectRecords(schema, table, where), changed: 0 };
      }
      case "insertRecord":
        await this.records.insertRecord(operation.args[1], operation.args[2], operation.args[3]);
        return { rows: [], changed: 1 };
      case "upsertRecord":
        await this.records.upsertRecord(operation.args[1], operation.args[2], operation.args[3]);
        return { rows: [], changed: 1 };
      case "updateRecords": {
        const [, schema, table, set, where] = operation.args;
        return { rows: [], changed: await this.records.updateRecords(schema, table, set, where) };
      }
      case "deleteRecords": {
        const [, schema, table, where] = operation.args;
        return { rows: [], changed: await this.records.deleteRecords(schema, table, where) };
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
