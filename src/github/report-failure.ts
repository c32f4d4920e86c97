import { formatUserError, isUserError } from "../errors/user-error.js";
import { escapedWarehouseFailure } from "../warehouse/warehouse-errors.js";

/** The part of @actions/core used to report a failure, passed in by the entry point. */
export interface FailureReporter {
  setFailed(message: string): void;
  error(message: string, properties?: { file?: string; title?: string }): void;
  debug(message: string): void;
}

/**
 * Ends the step for `error`: a UserError with its message, problems and hint
 * (and an annotation on the file it concerns); anything else, including a
 * thrown non-Error, as an internal error with the stack under debug logging.
 */
export function reportFailure(thrown: unknown, reporter: FailureReporter): void {
  const error = escapedWarehouseFailure(thrown) ?? thrown;
  if (isUserError(error)) {
    if (error.file) reporter.error(error.message, { file: error.file, title: `ods-state: ${error.code}` });
    reporter.setFailed(formatUserError(error));
    return;
  }
  const message = error instanceof Error ? error.message : `a non-error value was thrown: ${String(error)}`;
  if (error instanceof Error && error.stack) reporter.debug(error.stack);
  reporter.setFailed(
    `ods-state failed unexpectedly: ${message}. This is a bug; rerun with debug logging for the stack.`,
  );
}
