/**
 * Shell quoting of selector terms (left bare when they have only characters
 * no shell interprets, single-quoted otherwise) and the `dbt build` command
 * of a selection (selection-output/compact-selection.ts makes the terms).
 */
const SHELL_SAFE = /^[A-Za-z0-9_.:+/,=-]+$/;

export function shellQuote(word: string): string {
  return SHELL_SAFE.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export function buildCommand(select: string, exclude = ""): string | null {
  if (select === "") return null;
  return exclude === ""
    ? `dbt build --select ${select}`
    : `dbt build --select ${select} --exclude ${exclude}`;
}
