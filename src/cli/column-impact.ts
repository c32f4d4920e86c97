/**
 * `--column-impact`, shared by plan, record and the env subcommands that
 * plan or record (issue 24): with it, the SQL parser is loaded from the
 * context (when the plan or record may analyse something) and a model
 * reading none of a change's columns is reused; without it (the default, as
 * the action's `column-impact` input), the parser is never loaded and every
 * change reaches every reader.
 */
import type { LoadSqlParser } from "../app/ports.js";
import type { CliContext, ParsedValues } from "./command.js";

export const COLUMN_IMPACT_OPTION = { "column-impact": { type: "boolean" } } as const;

export const COLUMN_IMPACT_HELP = {
  "column-impact":
    "column-level impact: reuse a model that reads none of the columns a change touches, and record builds with the columns they read (loads the SQL parser: about a second of CPU)",
};

/** The context's SQL parser with --column-impact, else undefined. */
export function sqlParserOf(values: ParsedValues, context: CliContext): LoadSqlParser | undefined {
  return values["column-impact"] === true ? context.loadSqlParser : undefined;
}
