/** The UserError a call fails with; anything else thrown (or nothing) fails the test. */
import { expect } from "vitest";
import { isUserError, UserError } from "../../src/errors/user-error.js";

/** Runs `fn`, which must throw a UserError, and returns it. */
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

/**
 * Awaits `promise`, which must reject with a UserError of `code`, and returns
 * the error. With `file`, the error must also name that file (in its message
 * and its `file`).
 */
export async function expectUserError(
  promise: Promise<unknown>,
  code: string,
  file?: string,
): Promise<UserError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `expected a UserError ${code}`).toBeInstanceOf(UserError);
  expect((error as UserError).code).toBe(code);
  if (file !== undefined) {
    expect((error as UserError).message).toContain(file);
    expect((error as UserError).file).toBe(file);
  }
  return error as UserError;
}
