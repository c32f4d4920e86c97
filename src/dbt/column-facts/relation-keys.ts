/**
 * Matching the relations a compiled query names to the node's parents. dbt
 * writes a parent's `relation_name` into compiled SQL as `"db"."schema"."t"`,
 * `` `project`.`dataset`.`t` `` or `DB.SCHEMA.T`; the parser reports it as
 * dotted parts. Both sides become lower-cased parts without quotes.
 */

/** Lower-cased identifier parts of a dotted relation name, quotes removed. */
export function relationParts(name: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quote: string | null = null;
  for (const char of name) {
    if (quote) {
      if (char === quote) quote = null;
      else current += char;
    } else if (char === '"' || char === "`" || char === "[") {
      quote = char === "[" ? "]" : char;
    } else if (char === ".") {
      parts.push(current);
      current = "";
    } else if (char.trim() !== "") {
      current += char;
    }
  }
  parts.push(current);
  return parts.map((part) => part.toLowerCase());
}

export interface ParentRelation {
  readonly uniqueId: string;
  /** The manifest's `relation_name` of the parent; null for an ephemeral model. */
  readonly relation: string | null;
  /**
   * The parent's output columns when known (its own column facts): a
   * `select *` over it then lists them; unknown, the facts are unknown.
   */
  readonly columns?: readonly string[] | null;
}

/** Finds which parents a relation name designates: by full name, or by its last parts when the name is shorter. */
export function parentIndex(parents: readonly ParentRelation[]): (name: string) => string | null {
  const byParts = parents
    .filter((parent) => parent.relation !== null && parent.relation !== "")
    .map((parent) => ({ uniqueId: parent.uniqueId, parts: relationParts(parent.relation ?? "") }));
  return (name) => {
    const wanted = relationParts(name);
    const matches = byParts.filter(
      (parent) =>
        parent.parts.length >= wanted.length &&
        parent.parts.slice(parent.parts.length - wanted.length).join(".") === wanted.join("."),
    );
    return matches.length === 1 ? (matches[0]?.uniqueId ?? null) : null;
  };
}
