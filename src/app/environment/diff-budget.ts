/**
 * The time budget of a data diff (issue 23): every query gets the smaller
 * of the statement timeout and what is left of the budget; a query cut by
 * the budget (its timeout was what was left) or asked for when nothing is
 * left ends the diff's reading (`BudgetSpent`).
 */
import { UserError } from "../../errors/user-error.js";
import type { DataDiffLimits } from "../../state/data-diff.js";
import type { Clock } from "../ports.js";

/** The budget ran out before or during a query. */
export class BudgetSpent extends Error {
  constructor() {
    super("the time budget for data diffs ran out");
    this.name = "BudgetSpent";
  }
}

/** Whether `error` is a query cancelled after its timeout. */
export function isQueryTimeout(error: unknown): boolean {
  return error instanceof UserError && error.code === "warehouse_statement_timeout";
}

export class DiffBudget {
  private readonly clock: Clock;
  /** Null: no budget (`budget_ms` 0). */
  private readonly deadline: number | null;
  private readonly statementMs: number;
  private spent = false;

  constructor(clock: Clock, limits: DataDiffLimits) {
    this.clock = clock;
    this.deadline = limits.budget_ms > 0 ? clock().getTime() + limits.budget_ms : null;
    this.statementMs = Math.max(0, limits.statement_timeout_ms);
  }

  /** Whether the budget ran out (some query was refused or cut by it). */
  get exhausted(): boolean {
    return this.spent;
  }

  /**
   * Runs one query with its timeout: min(statement timeout, budget left).
   * Throws BudgetSpent when nothing is left, or when the query ran past a
   * timeout that was the budget's.
   */
  async query<T>(work: (timeoutMs: number) => Promise<T>): Promise<T> {
    let timeoutMs = this.statementMs;
    let byBudget = false;
    if (this.deadline !== null) {
      const left = this.deadline - this.clock().getTime();
      if (this.spent || left <= 0) {
        this.spent = true;
        throw new BudgetSpent();
      }
      if (timeoutMs === 0 || left < timeoutMs) {
        timeoutMs = Math.max(1, Math.ceil(left));
        byBudget = true;
      }
    }
    try {
      return await work(timeoutMs);
    } catch (error) {
      if (byBudget && isQueryTimeout(error)) {
        this.spent = true;
        throw new BudgetSpent();
      }
      throw error;
    }
  }
}
