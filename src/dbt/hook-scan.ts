/**
 * Hook scan (ADR-0013, "Hooks (#218)"). dbt stores pre- and post-hooks
 * unrendered; the hook text and the macros it calls are fingerprinted, but
 * not what a hook reads when it runs. A node with hooks is always built when a
 * hook, or a project or package macro the node uses, mentions `var`,
 * `env_var`, `target`, `flags`, `builtins`, `context`, `graph`, `run_query`
 * or `statement` in any form: called, aliased (`{% set t = target %}`), indexed
 * (`context['var']`), qualified (`target.schema`, `builtins.var`), or even
 * inside a string (`context["env_var"]`). `invocation_id` and
 * `run_started_at` alone are not reported: they change every run by design.
 * `graph` (issue 36 red team) is the whole parsed project (dbt-core
 * core/dbt/context/providers.py `ProviderContext.graph`, the manifest's
 * `flat_graph`): a hook that reads it (dbt_snow_mask's masking policies from
 * columns' meta, elementary's artifact uploads) may write anything any node,
 * source or test declares, which no single component of the node holds.
 *
 * Decisions where the ADR is silent (each reports more, never less):
 * - The whole text is scanned, not only the parts inside `{{ }}` / `{% %}`.
 *   Finding the Jinja parts would be one more parser to get exactly right
 *   (raw blocks, strings containing delimiters, unterminated tags); a mention
 *   in plain SQL (a column named `target`) only costs a rebuild.
 * - A mention is a whole word: a run of ASCII letters, digits and `_` equal
 *   to the name (`target_schema` and `my_var` are not mentions, `target.x`,
 *   `"var"` and `$target` are). Non-ASCII characters end a word, so `targetä`
 *   counts as `target` (Jinja would read a different identifier: reported
 *   anyway).
 * - Case-sensitive, as Jinja names are: `TARGET` can't reach `target`, and a
 *   name built at run time (`context["TAR" | lower ~ "get"]`) needs `context`
 *   or `builtins`, which are on the list themselves.
 *
 * Pure and linear: one pass over the text, a slice only for words that could
 * be one of the names.
 */

/** The names whose mention makes a node with hooks build every run, sorted. */
export const ENVIRONMENT_NAMES = [
  "builtins",
  "context",
  "env_var",
  "flags",
  "graph",
  "run_query",
  "statement",
  "target",
  "var",
] as const;

export type EnvironmentName = (typeof ENVIRONMENT_NAMES)[number];

const NAMES: ReadonlySet<string> = new Set(ENVIRONMENT_NAMES);
const MIN_LENGTH = 3;
const MAX_LENGTH = 9;
// First letters of the names: b c e f g r s t v.
const FIRST = new Uint8Array(128);
for (const name of ENVIRONMENT_NAMES) FIRST[name.charCodeAt(0)] = 1;

function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/** The sorted distinct environment names `text` mentions (see the file comment). */
export function scanEnvironmentReads(text: string): EnvironmentName[] {
  const found = new Set<string>();
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (!isWordChar(c)) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < n && isWordChar(text.charCodeAt(j))) j++;
    const length = j - i;
    if (length >= MIN_LENGTH && length <= MAX_LENGTH && FIRST[c] === 1) {
      const word = text.slice(i, j);
      if (NAMES.has(word)) found.add(word);
    }
    i = j;
  }
  return ENVIRONMENT_NAMES.filter((name) => found.has(name));
}

/** Whether `text` mentions any of the environment names. */
export function readsEnvironment(text: string): boolean {
  return scanEnvironmentReads(text).length > 0;
}
