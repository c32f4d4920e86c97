/**
 * One selector term of a compact selection, as data: what it matches and how
 * it is written. The resolver (term-resolver.ts) reads the data; `termText`
 * writes what dbt reads, and the two agree by construction.
 */

export type Term =
  /** `value` or `value+` by dbt's default method (fqn), or `fqn:value[+]`: `bare` says which. */
  | { kind: "fqn"; value: string; bare: boolean; children: boolean; only?: "test" | "unit_test" }
  /** `fqn:*`: every member with an fqn (tests included), so everything `dbt build` runs. */
  | { kind: "all" }
  /** `path:value[+]`: the members defined in (or patched by) that file or under that folder. */
  | { kind: "path"; value: string; children: boolean }
  /** `source:value`: sources (their tests by indirect selection). */
  | { kind: "source"; value: string };

/** The term as dbt reads it (before shell quoting). */
export function termText(term: Term): string {
  switch (term.kind) {
    case "all":
      return "fqn:*";
    case "source":
      return `source:${term.value}`;
    case "path":
      return `path:${term.value}${term.children ? "+" : ""}`;
    case "fqn": {
      const base = `${term.bare ? "" : "fqn:"}${term.value}${term.children ? "+" : ""}`;
      return term.only ? `${base},resource_type:${term.only}` : base;
    }
  }
}
