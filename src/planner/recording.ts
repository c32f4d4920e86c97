/** What the steps of record() share once the run is accepted. Pure. */
import type { RunResults } from "../dbt/artifacts/run-results.js";
import type { ColumnFacts } from "../dbt/column-facts/facts.js";
import type { MacroIndex } from "../dbt/fingerprint/macro-index.js";
import type { Check, ProjectGraph } from "../dbt/graph.js";
import type { LoadedProject } from "../dbt/load-project.js";
import type { DataVersion } from "../state/snapshot.js";
import type { AcceptedRun } from "./record-refusals.js";
import type { RunStatuses } from "./run-statuses.js";
import type { ValuesOfRun } from "./run-time-value-components.js";

export interface Recording {
  project: LoadedProject;
  runResults: RunResults;
  run: AcceptedRun;
  statuses: RunStatuses;
  macros: MacroIndex;
  /** Source versions from a sources.json taken strictly before the run started. */
  sourceVersions: ReadonlyMap<string, DataVersion>;
  /** What the run's builds read at run time, under the state's value key (issue 36). */
  values: ValuesOfRun;
  /** Column facts of a model's compiled SQL (issue 24), when a parser was given. */
  columnFacts?: (nodeId: string, columnsOf: (parentId: string) => readonly string[] | null) => ColumnFacts;
}

/** The checks of these ids, as the graph knows them. */
export function checksOf(graph: ProjectGraph, ids: readonly string[]): Check[] {
  return ids.map((id) => graph.checks.get(id)!).filter(Boolean);
}
