/**
 * The dbt selector for a set of nodes: one `fqn:` selector per node (the
 * fqn is unique across packages and names model versions), each safe to
 * paste into a shell: left bare when it has only characters no shell
 * interprets, single-quoted otherwise.
 */
const SHELL_SAFE = /^[A-Za-z0-9_.:+/,=-]+$/;

export function shellQuote(word: string): string {
  return SHELL_SAFE.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export function nodeSelector(fqn: readonly string[]): string {
  return `fqn:${fqn.join(".")}`;
}

export function selectorFor(fqns: readonly (readonly string[])[]): string {
  return fqns.map((fqn) => shellQuote(nodeSelector(fqn))).join(" ");
}

export function buildCommand(select: string, exclude = ""): string | null {
  if (select === "") return null;
  return exclude === ""
    ? `dbt build --select ${select}`
    : `dbt build --select ${select} --exclude ${exclude}`;
}
