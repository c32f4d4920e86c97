/**
 * A real warehouse adapter that fails on command: every change it is asked
 * for (DDL and registry writes) is a numbered step, and the armed step
 * throws, before the change (`before`) or after it was made (`after`: the
 * change happened, the caller hears it failed, as when a connection drops
 * after the server committed). `until` keeps failing every later step too
 * (an outage). With `nonAtomic`, it declares neither transactional DDL nor
 * atomic_multi_pointer and runs each step on its own, like a warehouse that
 * only has single-object atomic operations (ADR-0028's staged protocol).
 */
import type { QualifiedName } from "../../../src/warehouse/names.js";
import type {
  DataDiffReads,
  RecordRow,
  RecordTable,
  ReplaceBlocker,
  ReplaceOutcome,
  TableSize,
  Warehouse,
  WarehouseCapabilities,
  WarehouseObject,
} from "../../../src/warehouse/warehouse.js";

export interface Fault {
  step: number;
  when?: "before" | "after";
  /** Keep failing every step after this one. */
  until?: boolean;
}

export class InjectedFailure extends Error {}

export class FaultyWarehouse implements Warehouse {
  readonly capabilities: WarehouseCapabilities;
  readonly label: string;
  /** Steps taken since the last arm(), with their operation names. */
  readonly log: string[] = [];
  private fault: Fault | null = null;
  private readonly inner: Warehouse;
  /** The inner adapter's, where it has one (a read: nothing to fail). */
  readonly tableSize?: (name: QualifiedName) => Promise<TableSize | null>;
  private readonly nonAtomic: boolean;

  constructor(inner: Warehouse, options: { nonAtomic?: boolean } = {}) {
    this.inner = inner;
    if (inner.tableSize) this.tableSize = (name) => inner.tableSize!(name);
    this.nonAtomic = options.nonAtomic === true;
    this.capabilities = this.nonAtomic
      ? {
          ...inner.capabilities,
          engine: `${inner.capabilities.engine} (no multi-object transactions)`,
          transactional_ddl: false,
          atomic_multi_pointer: false,
        }
      : inner.capabilities;
    this.label = `${inner.label} (faulty)`;
  }

  /** Reads only: nothing to fail on command. */
  get dataDiff(): DataDiffReads {
    return this.inner.dataDiff;
  }

  arm(fault: Fault | null): void {
    this.fault = fault;
    this.log.length = 0;
  }

  get steps(): number {
    return this.log.length;
  }

  private async change<T>(name: string, work: () => Promise<T>): Promise<T> {
    this.log.push(name);
    const n = this.log.length;
    const fault = this.fault;
    const hit = fault !== null && (n === fault.step || (fault.until === true && n > fault.step));
    if (hit && (fault.when ?? "before") === "before")
      throw new InjectedFailure(`injected failure before step ${n} (${name})`);
    const result = await work();
    if (hit) throw new InjectedFailure(`injected failure after step ${n} (${name})`);
    return result;
  }

  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.nonAtomic ? work() : this.inner.transaction(work);
  }
  listSchemas(): Promise<string[]> {
    return this.inner.listSchemas();
  }
  listObjects(schemas: readonly string[]): Promise<WarehouseObject[]> {
    return this.inner.listObjects(schemas);
  }
  boundRelations(views: readonly QualifiedName[]): Promise<Map<string, QualifiedName[]> | null> {
    return this.inner.boundRelations(views);
  }
  hasRecordTable(schema: string, table: string): Promise<boolean> {
    return this.inner.hasRecordTable(schema, table);
  }
  selectRecords(schema: string, table: RecordTable, where?: RecordRow): Promise<RecordRow[]> {
    return this.inner.selectRecords(schema, table, where);
  }
  createSchema(schema: string) {
    return this.change("createSchema", () => this.inner.createSchema(schema));
  }
  dropSchema(schema: string) {
    return this.change("dropSchema", () => this.inner.dropSchema(schema));
  }
  createView(at: QualifiedName, reads: QualifiedName, options: { replace: boolean }) {
    return this.change("createView", () => this.inner.createView(at, reads, options));
  }
  dropObject(object: WarehouseObject) {
    return this.change("dropObject", () => this.inner.dropObject(object));
  }
  renameTable(from: QualifiedName, to: string) {
    return this.change("renameTable", () => this.inner.renameTable(from, to));
  }
  stageTable(source: QualifiedName, target: QualifiedName) {
    return this.change("stageTable", () => this.inner.stageTable(source, target));
  }
  cloneTable(source: QualifiedName, target: QualifiedName) {
    return this.change("cloneTable", () => this.inner.cloneTable(source, target));
  }
  replaceTable(target: QualifiedName, replacement: string, retired: string | null): Promise<ReplaceOutcome> {
    return this.change("replaceTable", () => this.inner.replaceTable(target, replacement, retired));
  }
  replaceBlockers(targets: readonly QualifiedName[]): Promise<ReplaceBlocker[]> {
    return this.inner.replaceBlockers(targets);
  }
  tableIdentity(name: QualifiedName): Promise<string | null> {
    return this.inner.tableIdentity(name);
  }
  async prepareReplacements(
    items: readonly { target: QualifiedName; source: QualifiedName; staged?: string }[],
  ): Promise<void> {
    await this.inner.prepareReplacements?.(items);
  }
  async checkReplacements(): Promise<void> {
    await this.inner.checkReplacements?.();
  }
  markTable(name: QualifiedName, mark: string): Promise<string> {
    return this.change("markTable", () => this.inner.markTable(name, mark));
  }
  relationIdentity(object: WarehouseObject): Promise<string | null> {
    return this.inner.relationIdentity(object);
  }
  claimRelation(object: WarehouseObject, mark: string): Promise<string> {
    return this.change("claimRelation", () => this.inner.claimRelation(object, mark));
  }
  ensureRecordTables(schema: string, tables: readonly RecordTable[], options?: { upgrade?: boolean }) {
    return this.change("ensureRecordTables", () => this.inner.ensureRecordTables(schema, tables, options));
  }
  insertRecord(schema: string, table: RecordTable, row: RecordRow) {
    return this.change(`insert ${table.name}`, () => this.inner.insertRecord(schema, table, row));
  }
  upsertRecord(schema: string, table: RecordTable, row: RecordRow) {
    return this.change(`upsert ${table.name}`, () => this.inner.upsertRecord(schema, table, row));
  }
  updateRecords(schema: string, table: RecordTable, set: RecordRow, where: RecordRow) {
    return this.change(`update ${table.name}`, () => this.inner.updateRecords(schema, table, set, where));
  }
  deleteRecords(schema: string, table: RecordTable, where: RecordRow) {
    return this.change(`delete ${table.name}`, () => this.inner.deleteRecords(schema, table, where));
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}
