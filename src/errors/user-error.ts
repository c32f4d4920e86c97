import { ERROR_CATALOGUE, type ErrorCode } from "./catalogue.js";

/** One problem found while parsing, with the JSON path it was found at. */
export interface Problem {
  path: string;
  message: string;
}

export interface UserErrorDetails {
  /** The file the error concerns, if any (used for annotations). */
  file?: string;
  /** The action input or CLI flag the error concerns, if any. */
  input?: string;
  /** Overrides the catalogue's hint when the situation calls for a sharper one. */
  hint?: string;
  /** Every problem found, for parse errors: all of them at once, each with its path. */
  problems?: readonly Problem[];
}

/**
 * An error the user can act on: a stable code, a message that names the file
 * or input, and a hint that says what to do. Anything else that escapes is a
 * bug and is reported as such.
 */
export class UserError extends Error {
  readonly code: ErrorCode;
  readonly hint: string;
  readonly file: string | undefined;
  readonly input: string | undefined;
  readonly problems: readonly Problem[];

  constructor(code: ErrorCode, message: string, details: UserErrorDetails = {}) {
    super(message);
    this.name = "UserError";
    this.code = code;
    this.hint = details.hint ?? ERROR_CATALOGUE[code].hint;
    this.file = details.file;
    this.input = details.input;
    this.problems = details.problems ?? [];
  }

  /** Process exit code: 2 for usage errors, 1 for everything else. */
  get exitCode(): 1 | 2 {
    return ERROR_CATALOGUE[this.code].exit;
  }
}

export function isUserError(value: unknown): value is UserError {
  return value instanceof UserError;
}

/** How many problems a message lists before it says "and N more". */
const PROBLEMS_SHOWN = 50;

/** Renders a UserError as plain text: message, every problem with its path, then the hint. */
export function formatUserError(error: UserError): string {
  const lines = [`error[${error.code}]: ${error.message}`];
  for (const problem of error.problems.slice(0, PROBLEMS_SHOWN)) {
    lines.push(`  - ${problem.path}: ${problem.message}`);
  }
  if (error.problems.length > PROBLEMS_SHOWN) {
    lines.push(`  … and ${error.problems.length - PROBLEMS_SHOWN} more problems`);
  }
  lines.push(`hint: ${error.hint}`);
  return lines.join("\n");
}
