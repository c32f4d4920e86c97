/** Runs `fn`, which must throw a UserError, and returns it; anything else thrown (or nothing) fails the test. */
import { isUserError, type UserError } from "../../src/errors/user-error.js";

export function thrownUserError(fn: () => unknown, whatWasExpected = "a UserError"): UserError {
  try {
    fn();
  } catch (error) {
    if (isUserError(error)) return error;
    throw new Error(
      `expected ${whatWasExpected}, got ${error instanceof Error ? error.stack : String(error)}`,
    );
  }
  throw new Error(`expected ${whatWasExpected}, nothing was thrown`);
}
