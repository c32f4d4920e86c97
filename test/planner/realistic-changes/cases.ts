/**
 * The row type of the realistic-change suite: one realistic change, what it
 * must do, and which part of issue 18 made it pass (the row failed before it).
 */
import { it } from "vitest";
import { sharedFixturesPresent } from "../../support/shared-fixtures.js";
import {
  assertPlan,
  type Expectation,
  type Oracle,
  type Outcome,
  runScenario,
  type Scenario,
} from "./harness.js";

export interface Row {
  /** Short name, unique in its class. */
  name: string;
  scenario: Scenario;
  /** Direct effects and other expectations, from the changed manifest's oracle. */
  expect: (o: Oracle, out: Outcome) => Expectation;
  /** The part(s) of issue 18 the row needed (it failed before them); "" when the planner already did it. */
  waits: string;
  /** More assertions on the outcome. */
  also?: (out: Outcome) => void;
}

/** One `it` per row; skipped without ../shared. */
export function rows(klass: string, table: Row[]): void {
  it
    .skipIf(!sharedFixturesPresent)
    .each(
      table.map(
        (row) =>
          [
            `${klass}: ${row.name} [${row.scenario.fixture}]${row.waits ? ` (issue 18: ${row.waits})` : ""}`,
            row,
          ] as const,
      ),
    )("%s", (_title, row) => {
    const out = runScenario(row.scenario);
    assertPlan(out, row.expect(out.changed, out));
    row.also?.(out);
  });
}

/** `{id: value}` for every id. */
export function each(ids: Iterable<string>, value: string): Record<string, string> {
  return Object.fromEntries([...ids].map((id) => [id, value]));
}
