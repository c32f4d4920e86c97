/**
 * What the @actions clients print: the failures they report by printing
 * (`::warning::`, `::error::`, `Failed to …:`) rather than throwing, the cause
 * the cache client logs only under debug, and annotations demoted to debug.
 */

/** The failure a client line reports (`::warning::…`, `::error::…`, `Failed to save: …`), unescaped. */
export function clientProblem(line: string): string | undefined {
  const command = /^::(warning|error)(?: [^:]*)?::(.*)$/.exec(line);
  const text = command
    ? unescapeCommand(command[2]!)
    : /^Failed to (save|restore):/.test(line)
      ? line
      : undefined;
  return text?.replace(/^Failed to (save|restore): /, "");
}

/** The cause of a failed cache reservation, which the cache client logs only under debug. */
export function reserveCause(line: string): string | undefined {
  const cause = /^::debug::Failed to reserve cache: (?:Error: )?(.*)$/.exec(line)?.[1];
  return cause ? unescapeCommand(cause) : undefined;
}

/**
 * A client line with its annotation demoted to debug: for a `clientLog` that
 * prints the clients' lines while the caller reports their failures itself
 * (from the result's warnings), so that each shows once.
 */
export function demoteAnnotation(line: string): string {
  return line.replace(/^::(warning|error|notice)(?: [^:]*)?::/, "::debug::");
}

function unescapeCommand(text: string): string {
  return text.replace(/%0D/gi, "\r").replace(/%0A/gi, "\n").replace(/%25/g, "%").split("\n")[0]!.trim();
}
