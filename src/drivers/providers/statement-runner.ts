/**
 * The port a provider's warehouse (provider-warehouse.ts) runs its
 * statements through: the vendor's Node client in the action (not yet
 * built), or a simulation of the vendor's semantics on DuckDB in the
 * conformance suite. Each call is one statement, committed on its own (none
 * of the three vendors has a transaction that covers DDL); the operation it
 * carries out travels with it, so that a simulation can carry out the
 * operation while it checks the statement's text.
 */
import type { RecordValue } from "../../warehouse/warehouse.js";
import type { ProviderStatements, Statement } from "./provider-statements.js";

/** The methods of ProviderStatements that make a statement. */
export type StatementMethod = {
  [K in keyof ProviderStatements]-?: ProviderStatements[K] extends (...args: never[]) => Statement | null
    ? K
    : never;
}[keyof ProviderStatements];

/** Which statement method made a statement, and with what. */
export type Operation = {
  [K in StatementMethod]: { readonly name: K; readonly args: Parameters<ProviderStatements[K]> };
}[StatementMethod];

export interface RunResult {
  readonly rows: readonly Record<string, RecordValue | boolean>[];
  /** Rows the statement changed (DML), 0 otherwise. */
  readonly changed: number;
}

export interface StatementRunner {
  run(operation: Operation, statement: Statement): Promise<RunResult>;
  close(): Promise<void>;
}
