/**
 * The column facts a recorded build keeps (issue 24): the previous build's
 * when its SQL (the fingerprint's `sql` component) is the same, else the SQL's
 * now, analysed with its parents' columns as this run left them. Shared by
 * prod's record (record-nodes.ts) and an environment's (src/environment/lifecycle).
 * Pure: the parser comes in as `columnFacts`.
 */
import { storedFacts } from "../dbt/column-facts/stored-facts.js";
import type { NodeState, StoredColumnFacts } from "../state/snapshot.js";
import type { ColumnFactsOf } from "./rules/context.js";

export interface BuiltFactsInput {
  id: string;
  resourceType: string;
  /** The fingerprint's `sql` component now. */
  sql: string | undefined;
  /** The node's previous recorded build, when there is one. */
  before: NodeState | undefined;
  columnFacts: ColumnFactsOf | undefined;
  /** A parent's facts as this run left them (built now, else recorded before). */
  factsOf: (parentId: string) => StoredColumnFacts | undefined;
}

export function factsOfBuilt(input: BuiltFactsInput): StoredColumnFacts | undefined {
  const { before, sql } = input;
  if (before?.facts && sql !== undefined && before.fingerprint.components.sql === sql) return before.facts;
  if (!input.columnFacts || input.resourceType !== "model") return undefined;
  const columnsOf = (parent: string) => input.factsOf(parent)?.columns ?? null;
  return storedFacts(input.columnFacts(input.id, columnsOf)) ?? undefined;
}
