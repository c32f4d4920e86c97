/**
 * The fingerprint components (src/dbt/fingerprint/fingerprint.ts) as a
 * reviewer says them ("compiled SQL and config changed"): the one table the
 * planner's messages and the renderers' phrases both use.
 */
export const COMPONENT_LABELS: Readonly<Record<string, string>> = {
  scheme: "fingerprint scheme",
  sql: "compiled SQL",
  file: "file",
  compiled_code: "compiled Python code",
  config: "config",
  macros: "macros it uses",
  project_hooks: "on-run-start hooks",
  contract: "contract",
  docs: "persisted docs",
  version: "latest-version pointer",
  sources: "relations of the sources it reads",
  relation: "target relation",
  engine: "dbt version or adapter",
};

export function componentWords(names: readonly string[]): string {
  const words = names.map((name) => COMPONENT_LABELS[name] ?? name);
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

export function listWords(items: readonly string[], limit = 3): string {
  const shown = items.slice(0, limit);
  const rest = items.length - shown.length;
  const text =
    shown.length <= 1 ? shown.join("") : `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}`;
  return rest > 0 ? `${shown.join(", ")} and ${rest} more` : text;
}

/**
 * A name in running text: backticked; renderers read the backticked parts
 * back as names (src/comment/words.ts messageWords) and escape them.
 */
export function code(name: string): string {
  return `\`${name}\``;
}
