/**
 * The warehouse contract (src/warehouse/warehouse.ts) over a cloud provider's
 * statements (provider-statements.ts) and a StatementRunner: one class for
 * Snowflake, BigQuery and Databricks, which differ in their statements and
 * capabilities only. None of them has a transaction that covers DDL, so
 * every statement commits on its own: `transaction` runs its work as it is,
 * and the lifecycle and promotion code take the staged, journaled path that
 * the capabilities call for (src/environment/promotion/promote.ts).
 *
 * - A table is staged in another schema by moving it where the provider can,
 *   else by a zero-copy clone, else by a copy.
 * - Replacing a prod table (promotion's switch) takes four statements whose
 *   progress the names in the schema always show (replaceTable), so an
 *   interrupted one is finished or undone from them (replacementProgress,
 *   finishReplacement, abandonReplacement, called by the journal's recovery
 *   after it checked which table prod holds: src/environment/promotion/recover.ts).
 * - Identity is a mark in the table's comment (table-mark.ts).
 * - Grants: a prod table whose replacement would lose what readers rely on
 *   (its owner, a policy, a row filter: the provider's `replaceLosses`), or
 *   a table new to prod that future grants would have reached had dbt
 *   created it, is a blocker, and dbt builds the node instead
 *   (replace-blockers.ts).
 * - Access is never widened (docs/environments.md): a clone of a prod table
 *   under a row or column policy is not made (`startRefusals`: the
 *   incremental model is built from nothing), nor one that future grants
 *   would give to a role prod's table isn't granted to; where views read
 *   with their owner's rights (Snowflake, Databricks), a pointer view over
 *   such a table, or one future grants would give to such a role, is
 *   refused (`pointerRefusals`). BigQuery's views read with their reader's.
 * - The data diff's reads are not built for these providers yet: asked for,
 *   they refuse with a clear error.
 */
import { UserError } from "../../errors/user-error.js";
import { nameKey, type QualifiedName, qualifiedKey, sameName, showQualified } from "../../warehouse/names.js";
import { derivedStoredName } from "../../warehouse/stored-names.js";
import type {
  AccessRefusal,
  DataDiffReads,
  ObjectKind,
  ReadControl,
  RecordRow,
  RecordTable,
  ReplaceBlocker,
  ReplaceOutcome,
  Warehouse,
  WarehouseCapabilities,
  WarehouseObject,
} from "../../warehouse/warehouse.js";
import { refusalsFromControls } from "../access-refusals.js";
import { recordRowFrom } from "../record-rows.js";
import { commentWithMark, identityOfComment } from "../table-mark.js";
import type { Place, ProviderStatements, Statement } from "./provider-statements.js";
import { blockersFromLosses, newTableBlockers } from "./replace-blockers.js";
import type { RunResult, StatementMethod, StatementRunner } from "./statement-runner.js";

export class ProviderWarehouse implements Warehouse {
  readonly capabilities: WarehouseCapabilities;
  readonly label: string;
  private readonly statements: ProviderStatements;
  private readonly runner: StatementRunner;
  private readonly place: Place;

  constructor(statements: ProviderStatements, runner: StatementRunner, place: Place, label: string) {
    this.statements = statements;
    this.runner = runner;
    this.place = place;
    this.label = label;
    this.capabilities = statements.capabilities;
  }

  /** Makes the statement with `name` and runs it, with the operation it carries out. */
  private async exec<K extends StatementMethod>(
    name: K,
    ...args: Parameters<ProviderStatements[K]>
  ): Promise<RunResult> {
    const make = this.statements[name] as (...given: Parameters<ProviderStatements[K]>) => Statement | null;
    const statement = make.apply(this.statements, args);
    if (statement === null) throw new Error(`${this.label} has no statement for ${name}`);
    return this.runner.run({ name, args } as never, statement);
  }

  private same(a: QualifiedName, b: QualifiedName): boolean {
    const rules = this.capabilities.identifiers;
    return sameName(a.schema, b.schema, rules) && sameName(a.identifier, b.identifier, rules);
  }

  /** No statement here can be rolled back: the work runs as it is (capabilities say so). */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  async listSchemas(): Promise<string[]> {
    const result = await this.exec("listSchemas", this.place);
    return result.rows.map((row) => String(row.schema_name));
  }

  async listObjects(schemas: readonly string[]): Promise<WarehouseObject[]> {
    if (schemas.length === 0) return [];
    const wanted = new Set(schemas.map((schema) => nameKey(schema, this.capabilities.identifiers)));
    const shape = this.statements.objectRows;
    const result = await this.exec("listObjects", this.place, schemas);
    const objects: WarehouseObject[] = [];
    for (const row of result.rows) {
      const kind = this.statements.objectKind(String(row[shape.kind]));
      const schema = String(row[shape.schema]);
      if (kind === null || !wanted.has(nameKey(schema, this.capabilities.identifiers))) continue;
      objects.push({ schema, identifier: String(row[shape.name]), kind });
    }
    return objects;
  }

  /** Views bind by name on these providers: the catalog has nothing to say about what one reads. */
  async boundRelations(): Promise<Map<string, QualifiedName[]> | null> {
    if (this.capabilities.views_bind_by !== "name")
      throw new Error(`${this.label}: views that bind by object are not supported`);
    return null;
  }

  async createSchema(schema: string): Promise<void> {
    await this.exec("createSchema", this.place, schema);
  }

  /**
   * Only an empty schema: Snowflake's DROP SCHEMA drops whatever the schema
   * holds (its RESTRICT is about foreign keys), so the provider looks first,
   * at every object: the catalog's rows of any kind (a materialized view,
   * an external or event table is none of ODS's kinds, and still dropped
   * with the schema) and the objects it doesn't list (otherObjects:
   * sequences, stages with their files, functions…).
   */
  async dropSchema(schema: string): Promise<void> {
    const held = (await this.catalogObjects(schema)).map(
      ({ kind, name }) =>
        showQualified({ schema, identifier: name }) +
        (kind === "table" || kind === "view" ? "" : ` (${kind})`),
    );
    if (held.length > 0) {
      throw new UserError(
        "warehouse_error",
        `The schema ${JSON.stringify(schema)} still holds ${held.length} object(s) (${held.slice(0, 3).join(", ")}), so it is not dropped.`,
      );
    }
    await this.exec("dropSchema", this.place, schema);
  }

  /** Everything in `schema` the catalog shows: tables and views (`table`, `view`), other kinds as the catalog names them. */
  private async catalogObjects(schema: string): Promise<{ kind: string; name: string }[]> {
    const wanted = nameKey(schema, this.capabilities.identifiers);
    const shape = this.statements.objectRows;
    const listed = (await this.exec("listObjects", this.place, [schema])).rows
      .filter((row) => nameKey(String(row[shape.schema]), this.capabilities.identifiers) === wanted)
      .map((row) => ({
        kind: this.statements.objectKind(String(row[shape.kind])) ?? String(row[shape.kind]).toLowerCase(),
        name: String(row[shape.name]),
      }));
    const others = this.statements.otherObjects(this.place, schema);
    if (others === null) return listed;
    const result = await this.runner.run({ name: "otherObjects", args: [this.place, schema] }, others);
    return [
      ...listed,
      ...result.rows.map((row) => ({ kind: String(row.kind).toLowerCase(), name: String(row.name) })),
    ];
  }

  async createView(at: QualifiedName, reads: QualifiedName, options: { replace: boolean }): Promise<void> {
    if (this.same(at, reads)) {
      throw new UserError(
        "environment_overlaps_prod",
        `A pointer view at ${showQualified(at)} would read itself.`,
      );
    }
    await this.exec("createView", this.place, at, reads, options.replace);
  }

  async dropObject(object: WarehouseObject): Promise<void> {
    const name = { schema: object.schema, identifier: object.identifier };
    if (object.kind === "view") await this.exec("dropView", this.place, name);
    else await this.exec("dropTable", this.place, name);
  }

  async renameTable(from: QualifiedName, to: string): Promise<void> {
    await this.exec("renameTable", this.place, from, to);
  }

  async stageTable(source: QualifiedName, target: QualifiedName): Promise<"moved" | "copied"> {
    if (sameName(source.schema, target.schema, this.capabilities.identifiers)) {
      await this.renameTable(source, target.identifier);
      return "moved";
    }
    const move = this.statements.moveTable(this.place, source, target);
    if (move !== null) {
      await this.runner.run({ name: "moveTable", args: [this.place, source, target] }, move);
      return "moved";
    }
    // The environment's table stays (copied), whether cloned or copied.
    await this.cloneTable(source, target);
    return "copied";
  }

  /**
   * A zero-copy clone (each of the three has one); a copy where the
   * capabilities say there is none. A transient source (Snowflake's catalog
   * says so; dbt-snowflake builds tables transient by default) is cloned
   * as a transient table, as dbt's clone does: one catalog read first.
   */
  async cloneTable(source: QualifiedName, target: QualifiedName): Promise<"cloned" | "copied"> {
    if (!this.capabilities.clone) {
      await this.exec("copyTable", this.place, source, target);
      return "copied";
    }
    const transient = await this.transientTables(source.schema);
    await this.exec("cloneTable", this.place, source, target, {
      replace: false,
      copyGrants: false,
      transient: transient.has(nameKey(source.identifier, this.capabilities.identifiers)),
    });
    return "cloned";
  }

  /**
   * The tables of `schema` the catalog reports as transient (listObjects'
   * `transient` column: Snowflake's `is_transient`), by nameKey: a clone of
   * one must be transient too. Empty where the catalog has no such column.
   */
  private async transientTables(schema: string): Promise<Set<string>> {
    const shape = this.statements.objectRows;
    const rules = this.capabilities.identifiers;
    const listed = await this.exec("listObjects", this.place, [schema]);
    return new Set(
      listed.rows
        .filter(
          (row) =>
            String(row.transient ?? "").toUpperCase() === "YES" &&
            sameName(String(row[shape.schema]), schema, rules),
        )
        .map((row) => nameKey(String(row[shape.name]), rules)),
    );
  }

  /**
   * Where a replacement is under way: a name derived from the replacement's
   * (`<replacement>__ods_c`). The replacement takes it, in one rename, at the
   * point of no return of replaceTable; replacementProgress reads it.
   */
  private committing(target: QualifiedName, replacement: string): QualifiedName {
    return {
      schema: target.schema,
      identifier: derivedStoredName(
        this.capabilities.engine,
        replacement,
        "c",
        this.capabilities.identifiers,
      ),
    };
  }

  /**
   * Puts the table `replacement` under `target`'s name, keeping the table
   * there as `retired`. No statement here can do that at once, so it takes
   * four, each committed on its own, and the names in the schema always say
   * how far it got (replacementProgress):
   *
   * 1. the target is copied to `retired` (a clone where a clone stands on its
   *    own, else a full copy): the table readers see is untouched;
   * 2. the replacement is renamed to its committing name: the point of no
   *    return (from here on, settling finishes the replacement);
   * 3. `CREATE OR REPLACE` the target from the committing name (one
   *    statement: readers see the old table or the new, never none; grants
   *    kept where the vendor can);
   * 4. the committing name is dropped.
   *
   * With nothing to keep (`retired` null, no table at the target), it is one
   * rename.
   */
  async replaceTable(
    target: QualifiedName,
    replacement: string,
    retired: string | null,
  ): Promise<ReplaceOutcome> {
    const staged = { schema: target.schema, identifier: replacement };
    if (retired === null) {
      await this.renameTable(staged, target.identifier);
      return { rebound: [], left: [], materialized: [], kept: [] };
    }
    const kept = { schema: target.schema, identifier: retired };
    const committing = this.committing(target, replacement);
    const transient = await this.transientTables(target.schema);
    if (this.statements.clonesAreIndependent) {
      await this.exec("cloneTable", this.place, target, kept, {
        replace: false,
        copyGrants: false,
        transient: transient.has(nameKey(target.identifier, this.capabilities.identifiers)),
      });
    } else await this.exec("copyTable", this.place, target, kept);
    await this.renameTable(staged, committing.identifier);
    await this.exec("replaceFrom", this.place, target, committing, {
      transient: transient.has(nameKey(replacement, this.capabilities.identifiers)),
    });
    await this.exec("dropTable", this.place, committing);
    return { rebound: [], left: [], materialized: [], kept: [] };
  }

  /** The names of the tables in `schema` now, by nameKey. */
  private async tablesIn(schema: string): Promise<Set<string>> {
    const rules = this.capabilities.identifiers;
    return new Set(
      (await this.listObjects([schema]))
        .filter((object) => object.kind === "table")
        .map((object) => nameKey(object.identifier, rules)),
    );
  }

  /**
   * How far a `replaceTable(target, replacement, …)` that may have been under
   * way got, from the names in the schema (one catalog read): its committing
   * name present, it is past the point of no return (step 2) and not done
   * (step 4): `committing`, and the target holds what it had or the
   * replacement, whichever step 3 left; the replacement still under its own
   * name, step 2 never ran: `not_begun`; neither: `done`.
   */
  async replacementProgress(
    target: QualifiedName,
    replacement: string,
  ): Promise<"not_begun" | "committing" | "done"> {
    const rules = this.capabilities.identifiers;
    const present = await this.tablesIn(target.schema);
    if (present.has(nameKey(this.committing(target, replacement).identifier, rules))) return "committing";
    if (present.has(nameKey(replacement, rules))) return "not_begun";
    return "done";
  }

  /** Steps 3 and 4 of a replacement past its point of no return: the target replaced from the committing name, which is dropped. */
  async finishReplacement(target: QualifiedName, replacement: string): Promise<void> {
    const committing = this.committing(target, replacement);
    const transient = await this.transientTables(target.schema);
    await this.exec("replaceFrom", this.place, target, committing, {
      transient: transient.has(nameKey(committing.identifier, this.capabilities.identifiers)),
    });
    await this.exec("dropTable", this.place, committing);
  }

  /** The committing name back to the replacement's own (step 2 undone); the target is left as it is. */
  async abandonReplacement(target: QualifiedName, replacement: string): Promise<void> {
    const rules = this.capabilities.identifiers;
    const committing = this.committing(target, replacement);
    const present = await this.tablesIn(target.schema);
    if (!present.has(nameKey(committing.identifier, rules))) return;
    await this.renameTable(committing, replacement);
  }

  /**
   * The prod tables among `targets` whose replacement (`replaceFrom`) would
   * lose what the provider's catalog shows (`replaceLosses`), and the names
   * prod has no table for where the provider's future grants would give a
   * table dbt creates more than the one promotion moves in
   * (`futureGrants`): one blocker each (replace-blockers.ts).
   */
  async replaceBlockers(targets: readonly QualifiedName[]): Promise<ReplaceBlocker[]> {
    if (!this.capabilities.grants || targets.length === 0) return [];
    const rules = this.capabilities.identifiers;
    const schemas = [...new Map(targets.map((t) => [nameKey(t.schema, rules), t.schema])).values()];
    const tables = (await this.listObjects(schemas)).filter((object) => object.kind === "table");
    const there = (target: QualifiedName) => tables.some((table) => this.same(table, target));
    const replaced = targets.filter(there);
    const fresh = targets.filter((target) => !there(target));
    const blockers: ReplaceBlocker[] = [];
    if (replaced.length > 0) {
      const result = await this.exec("replaceLosses", this.place, replaced);
      blockers.push(...blockersFromLosses(this.capabilities, replaced, result.rows));
    }
    if (fresh.length > 0 && this.statements.futureGrants(this.place, null) !== null) {
      // SHOW … IN SCHEMA fails on a schema not there yet (dbt would create it: the database's apply).
      const present = new Set((await this.listSchemas()).map((schema) => nameKey(schema, rules)));
      const inDatabase = (await this.exec("futureGrants", this.place, null)).rows;
      const inSchema = new Map<string, RunResult["rows"]>();
      for (const target of fresh) {
        if (inSchema.has(target.schema)) continue;
        const there = present.has(nameKey(target.schema, rules));
        inSchema.set(
          target.schema,
          there ? (await this.exec("futureGrants", this.place, target.schema)).rows : [],
        );
      }
      blockers.push(...newTableBlockers(this.capabilities, fresh, inDatabase, inSchema));
    }
    return blockers;
  }

  /** What limits reading each of these prod tables beyond table privileges (the vendor's policies, filters, masks). */
  private async readControls(tables: readonly QualifiedName[]): Promise<ReadControl[]> {
    if (!this.capabilities.grants || tables.length === 0) return [];
    const rules = this.capabilities.identifiers;
    const result = await this.exec("readControls", this.place, tables);
    const out: ReadControl[] = [];
    for (const row of result.rows) {
      const name = { schema: String(row.schema_name), identifier: String(row.table_name) };
      const table = tables.find((wanted) => this.same(wanted, name));
      if (!table) continue;
      const detail = row.detail === null || row.detail === undefined ? "" : String(row.detail);
      out.push({ table, kind: String(row.control), detail: detail || String(row.control) });
    }
    const seen = new Set<string>();
    return out.filter((control) => {
      const key = `${qualifiedKey(control.table, rules)}\u0000${control.detail}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  /**
   * Of `items` (an object of `kind` to be made at `at` from prod's `reads`),
   * those whose new object the vendor's future grants would give to a role
   * that holds neither SELECT nor OWNERSHIP on prod's relation (directly:
   * `objectGrants`), each with why. Snowflake only (future grants of the
   * object's schema, which take precedence, else of the database); none
   * elsewhere.
   */
  private async widenedByFutureGrants(
    items: readonly { at: QualifiedName; reads: QualifiedName }[],
    kind: "table" | "view",
  ): Promise<AccessRefusal[]> {
    if (!this.capabilities.grants || items.length === 0) return [];
    if (this.statements.futureGrants(this.place, null) === null) return [];
    const rules = this.capabilities.identifiers;
    const grantOn = kind === "view" ? "VIEW" : "TABLE";
    const reading = (rows: RunResult["rows"]) =>
      rows
        .filter(
          (row) =>
            String(row.grant_on).toUpperCase() === grantOn &&
            ["SELECT", "OWNERSHIP"].includes(String(row.privilege).toUpperCase()),
        )
        .map((row) => ({ role: String(row.grantee_name) }));
    const present = new Set((await this.listSchemas()).map((schema) => nameKey(schema, rules)));
    const inDatabase = reading((await this.exec("futureGrants", this.place, null)).rows);
    const bySchema = new Map<string, { role: string }[]>();
    const readers = new Map<string, Set<string>>();
    const kinds = new Map<string, "table" | "view">();
    for (const schema of new Set(items.map((item) => item.reads.schema)))
      for (const object of await this.listObjects([schema]))
        kinds.set(qualifiedKey(object, rules), object.kind);
    const out: AccessRefusal[] = [];
    for (const item of items) {
      const schemaKey = nameKey(item.at.schema, rules);
      if (!bySchema.has(schemaKey)) {
        bySchema.set(
          schemaKey,
          present.has(schemaKey)
            ? reading((await this.exec("futureGrants", this.place, item.at.schema)).rows)
            : [],
        );
      }
      const inSchema = bySchema.get(schemaKey)!;
      const granted = inSchema.length > 0 ? inSchema : inDatabase;
      if (granted.length === 0) continue;
      const readsKey = qualifiedKey(item.reads, rules);
      if (!readers.has(readsKey)) {
        const kindOfReads = kinds.get(readsKey) ?? "table";
        const rows =
          this.statements.objectGrants(this.place, item.reads, kindOfReads) === null
            ? []
            : (await this.exec("objectGrants", this.place, item.reads, kindOfReads)).rows;
        readers.set(
          readsKey,
          new Set(
            rows
              .filter((row) => ["SELECT", "OWNERSHIP"].includes(String(row.privilege).toUpperCase()))
              .map((row) => String(row.grantee_name)),
          ),
        );
      }
      const may = readers.get(readsKey)!;
      const lacking = [...new Set(granted.filter((g) => !may.has(g.role)).map((g) => g.role))];
      if (lacking.length === 0) continue;
      const where = inSchema.length > 0 ? `schema ${item.at.schema}` : "the database";
      out.push({
        at: item.at,
        reads: item.reads,
        reason: `the future grants of ${where} on ${kind}s would give the new ${kind} to ${lacking.join(", ")}, which ${lacking.length === 1 ? "holds" : "hold"} no SELECT on prod's ${showQualified(item.reads)}${kind === "view" ? ", and the view reads it with its owner's rights (the CI role's)" : ""}`,
      });
    }
    return out;
  }

  /**
   * Where views read with their owner's rights (the CI role's: Snowflake,
   * Databricks): a pointer view over a prod table with a row or column
   * policy, and one that future grants would give to a role that can't read
   * prod's relation, are refused. None where views read with their reader's
   * (BigQuery).
   */
  async pointerRefusals(
    pointers: readonly { at: QualifiedName; reads: QualifiedName }[],
  ): Promise<AccessRefusal[]> {
    if (!this.capabilities.grants || this.statements.viewsReadAs === "reader" || pointers.length === 0)
      return [];
    const rules = this.capabilities.identifiers;
    const tables = new Set<string>();
    for (const schema of new Set(pointers.map((pointer) => pointer.reads.schema)))
      for (const object of await this.listObjects([schema]))
        if (object.kind === "table") tables.add(qualifiedKey(object, rules));
    const onTables = pointers.filter((pointer) => tables.has(qualifiedKey(pointer.reads, rules)));
    const controls = await this.readControls(onTables.map((pointer) => pointer.reads));
    return [
      ...refusalsFromControls(onTables, controls, rules, "owner_view"),
      ...(await this.widenedByFutureGrants(pointers, "view")),
    ];
  }

  /**
   * A clone (or copy) of a prod table under a row or column policy is not
   * made: ODS can't show the clone, the CI role's, would limit its readers
   * as prod's table does. Nor one that future grants would give to a role
   * that can't read prod's table.
   */
  async startRefusals(
    starts: readonly { at: QualifiedName; reads: QualifiedName }[],
  ): Promise<AccessRefusal[]> {
    if (!this.capabilities.grants || starts.length === 0) return [];
    const rules = this.capabilities.identifiers;
    const controls = await this.readControls(starts.map((start) => start.reads));
    return [
      ...refusalsFromControls(starts, controls, rules, this.capabilities.clone ? "clone" : "copy"),
      ...(await this.widenedByFutureGrants(starts, "table")),
    ];
  }

  private async commentOf(
    name: QualifiedName,
    kind: ObjectKind = "table",
  ): Promise<{ found: boolean; comment: string | null }> {
    const result =
      kind === "view"
        ? await this.exec("viewComment", this.place, name)
        : await this.exec("tableComment", this.place, name);
    const row = result.rows[0];
    if (!row) return { found: false, comment: null };
    const value = row.comment;
    if (value === null || value === undefined) return { found: true, comment: null };
    const decode = this.statements.commentFromCatalog;
    const comment = decode ? decode.call(this.statements, String(value)) : String(value);
    if (comment === null) {
      throw new UserError(
        "warehouse_error",
        `${this.label} shows the comment of ${showQualified(name)} in a form ODS can't read, so it can't tell which ${kind} that is; nothing was changed.`,
      );
    }
    return { found: true, comment };
  }

  async tableIdentity(name: QualifiedName): Promise<string | null> {
    return this.relationIdentity({ ...name, kind: "table" });
  }

  async markTable(name: QualifiedName, mark: string): Promise<string> {
    return this.claimRelation({ ...name, kind: "table" }, mark);
  }

  async relationIdentity(object: WarehouseObject): Promise<string | null> {
    const { found, comment } = await this.commentOf(object, object.kind);
    return found ? identityOfComment(comment) : null;
  }

  async claimRelation(object: WarehouseObject, mark: string): Promise<string> {
    const { found, comment } = await this.commentOf(object, object.kind);
    if (!found) {
      throw new UserError(
        "warehouse_error",
        `The ${object.kind} ${showQualified(object)} doesn't exist, so it can't be marked.`,
      );
    }
    const text = commentWithMark(comment, mark);
    if (object.kind === "view") await this.exec("setViewComment", this.place, object, text);
    else await this.exec("setTableComment", this.place, object, text);
    return `mark:${mark}`;
  }

  async ensureRecordTables(
    schema: string,
    tables: readonly RecordTable[],
    options: { upgrade?: boolean } = {},
  ): Promise<void> {
    await this.createSchema(schema);
    for (const table of tables) {
      await this.exec("createRecordTable", this.place, schema, table);
      if (!options.upgrade) continue;
      // Where adding a column the table has fails (Databricks), only the missing ones are added.
      const present = await this.recordColumns(schema, table);
      for (const column of Object.keys(table.columns)) {
        if (present?.has(nameKey(column, this.capabilities.identifiers))) continue;
        await this.exec("addRecordColumn", this.place, schema, table, column);
      }
    }
  }

  /** The record table's columns (nameKey), or null where the provider's addRecordColumn skips one it has. */
  private async recordColumns(schema: string, table: RecordTable): Promise<Set<string> | null> {
    if (this.statements.recordColumns(this.place, schema, table) === null) return null;
    const result = await this.exec("recordColumns", this.place, schema, table);
    return new Set(result.rows.map((row) => nameKey(String(row.column_name), this.capabilities.identifiers)));
  }

  async hasRecordTable(schema: string, table: string): Promise<boolean> {
    const objects = await this.listObjects([schema]);
    return objects.some(
      (object) =>
        object.kind === "table" && sameName(object.identifier, table, this.capabilities.identifiers),
    );
  }

  async selectRecords(schema: string, table: RecordTable, where: RecordRow = {}): Promise<RecordRow[]> {
    const result = await this.exec("selectRecords", this.place, schema, table, where);
    return result.rows.map((row) => recordRowFrom(table, row));
  }

  async insertRecord(schema: string, table: RecordTable, row: RecordRow): Promise<void> {
    await this.exec("insertRecord", this.place, schema, table, row);
  }

  async upsertRecord(schema: string, table: RecordTable, row: RecordRow): Promise<void> {
    await this.exec("upsertRecord", this.place, schema, table, row);
  }

  async updateRecords(schema: string, table: RecordTable, set: RecordRow, where: RecordRow): Promise<number> {
    if (Object.keys(set).length === 0) return 0;
    return (await this.exec("updateRecords", this.place, schema, table, set, where)).changed;
  }

  async deleteRecords(schema: string, table: RecordTable, where: RecordRow): Promise<number> {
    return (await this.exec("deleteRecords", this.place, schema, table, where)).changed;
  }

  get dataDiff(): DataDiffReads {
    const refuse = (): never => {
      throw new UserError(
        "warehouse_error",
        `The data diff is not available on ${this.capabilities.engine} yet (issue 25): its reads are built for DuckDB and PostgreSQL only.`,
      );
    };
    return {
      columns: async () => refuse(),
      comparable: (_type: string) => false,
      countRows: async () => refuse(),
      compareRows: async () => refuse(),
      rowExamples: async () => refuse(),
    };
  }

  async close(): Promise<void> {
    await this.runner.close();
  }
}
