/**
 * What deciding every node of one promotion shares: main's graph and plan,
 * the environment's builds, the warehouse's objects, the sources observed
 * now, and what has been decided so far (promoted nodes, and whether main's
 * build of a node the environment built will hold the same data).
 */
import type { MacroIndex } from "../../../dbt/fingerprint/macro-index.js";
import type { ProjectGraph } from "../../../dbt/graph.js";
import type { LoadedProject } from "../../../dbt/load-project.js";
import type { observedSourceVersions } from "../../../planner/source-evidence.js";
import type { PlanEntry } from "../../../state/plan.js";
import type { StateSnapshot } from "../../../state/snapshot.js";
import type { IdentifierRules } from "../../../warehouse/names.js";
import type { ReplaceBlocker, WarehouseObject } from "../../../warehouse/warehouse.js";
import type { BuildRecord } from "../../registry/records.js";
import type { PromotionReasonCode } from "../types.js";

export interface Deciding {
  environment: string;
  project: LoadedProject;
  graph: ProjectGraph;
  macros: MacroIndex;
  prod: StateSnapshot | null;
  rules: IdentifierRules;
  /** The environment's builds, by node. */
  builds: Map<string, BuildRecord>;
  /** The warehouse's tables and views, by qualified key. */
  objects: Map<string, WarehouseObject>;
  /** Prod tables that can't be replaced keeping what they have, by qualified key. */
  blockers: Map<string, ReplaceBlocker>;
  observed: ReturnType<typeof observedSourceVersions>;
  /** Main's plan's action of each node. */
  actions: Map<string, PlanEntry["action"]>;
  /** Node → the pull request's run promoted. */
  promoted: Map<string, string>;
  /** BUILD nodes of main the environment built: null when main's build will hold the data the environment's build held, else why not. */
  sameAfterRun: Map<string, string | null>;
}

/** Why a node is not promoted (or that it is). */
export interface PromotionReason {
  code: PromotionReasonCode;
  message: string;
}

export function aOrAn(word: string): string {
  return `${/^[aeiou]/i.test(word) ? "an" : "a"} ${word}`;
}
