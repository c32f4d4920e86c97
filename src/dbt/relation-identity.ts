/**
 * A relation's identity as the warehouse resolves it (issue 36, point 4):
 * two names are the same relation when the warehouse would find the same
 * object under them. Pure.
 *
 * dbt renders a node's name with its quote policy (dbt-adapters
 * base/relation.py `BaseRelation.create_from`: the adapter's default policy,
 * then the project's `quoting:`, then the node's `quoting` config), and the
 * manifest keeps that rendering (`relation_name`), so which parts are quoted
 * is read from it rather than re-derived. Each part then folds as the
 * warehouse folds it:
 *
 * - Snowflake: an unquoted identifier is stored upper case; a quoted one
 *   keeps its case (dbt-snowflake relation.py
 *   `SnowflakeRelation.as_case_sensitive`).
 * - PostgreSQL (and the unknown default): unquoted folds to lower case,
 *   quoted keeps it (dbt-adapters base/relation.py
 *   `BaseRelation._is_exactish_match`: lowered only where the policy does not
 *   quote).
 * - Redshift: identifiers are case-insensitive, quoted or not, unless
 *   `enable_case_sensitive_identifier` is set (Redshift "Names and
 *   identifiers"): lower.
 * - DuckDB: identifiers are case-insensitive even when quoted (DuckDB
 *   "Identifiers: case sensitivity"): lower. So are Spark and Databricks
 *   (`spark.sql.caseSensitive` false by default; dbt-spark relation.py
 *   `SparkQuotePolicy` quotes nothing) and Athena (dbt-athena relation.py
 *   lower-cases schema and table names).
 * - BigQuery: a project id is lower case; dataset and table names are
 *   case-sensitive (BigQuery "Datasets: naming", "Tables: naming"), quoted
 *   with backticks or not.
 */

/** One part of a dotted relation name, as written. */
export interface NamePart {
  text: string;
  quoted: boolean;
}

const LOWER_ALWAYS: ReadonlySet<string> = new Set(["redshift", "duckdb", "spark", "databricks", "athena"]);

/** A part folded as `adapter` resolves it; `position` counts from the identifier (0), schema (1), database (2). */
export function foldPart(adapter: string | null, part: NamePart, position: number): string {
  const a = adapter ?? "";
  if (a === "snowflake") return part.quoted ? part.text : part.text.toUpperCase();
  if (LOWER_ALWAYS.has(a)) return part.text.toLowerCase();
  if (a === "bigquery") return position >= 2 ? part.text.toLowerCase() : part.text;
  return part.quoted ? part.text : part.text.toLowerCase();
}

const QUOTES: Record<string, string> = { '"': '"', "`": "`", "[": "]" };

/**
 * The parts of a rendered name (`"db"."schema"."t"`, `` `p`.`d`.`t` ``,
 * `` `p.d.t` ``, `db.schema.t`), or null when it is not a plain dotted name.
 * A backtick-quoted part that holds dots (BigQuery's `` `project.dataset.table` ``)
 * is split, each piece quoted.
 */
export function parseRelationName(name: string): NamePart[] | null {
  const parts: NamePart[] = [];
  let i = 0;
  const n = name.length;
  while (i < n) {
    const ch = name[i]!;
    const close = QUOTES[ch];
    if (close !== undefined) {
      let text = "";
      let j = i + 1;
      for (;;) {
        const end = name.indexOf(close, j);
        if (end < 0) return null;
        text += name.slice(j, end);
        if (close === '"' && name[end + 1] === '"') {
          text += '"';
          j = end + 2;
          continue;
        }
        j = end;
        break;
      }
      if (ch === "`" && text.includes(".")) {
        for (const piece of text.split(".")) parts.push({ text: piece, quoted: true });
      } else {
        parts.push({ text, quoted: true });
      }
      i = j + 1;
    } else {
      let j = i;
      while (j < n && name[j] !== ".") j += 1;
      const text = name.slice(i, j).trim();
      if (text === "" || /[\s"`[\]]/.test(text)) return null;
      parts.push({ text, quoted: false });
      i = j;
    }
    if (i < n) {
      if (name[i] !== ".") return null;
      i += 1;
      if (i >= n) return null;
    }
  }
  return parts.length > 0 ? parts : null;
}

/** Where a build went: `database` is null where the engine has none. */
export interface RelationParts {
  database: string | null;
  schema: string;
  identifier: string;
}

/**
 * The identity key of a relation: its parts folded as the warehouse folds
 * them, joined by NUL. `rendered` is dbt's rendering of the same relation
 * (the manifest's `relation_name`), read only for which parts are quoted;
 * without it, every part counts as quoted when the adapter's default policy
 * quotes (every adapter but Snowflake and Spark) — the folding of the
 * case-insensitive engines ignores it anyway.
 */
export function relationKey(
  adapter: string | null,
  relation: RelationParts,
  rendered: string | null,
): string {
  const parsed = rendered === null ? null : parseRelationName(rendered);
  const defaultQuoted = adapter !== "snowflake" && adapter !== "spark";
  const quotedAt = (position: number) => {
    if (parsed === null) return defaultQuoted;
    const part = parsed[parsed.length - 1 - position];
    return part === undefined ? defaultQuoted : part.quoted;
  };
  const id = foldPart(adapter, { text: relation.identifier, quoted: quotedAt(0) }, 0);
  const schema = foldPart(adapter, { text: relation.schema, quoted: quotedAt(1) }, 1);
  const db =
    relation.database === null ? "" : foldPart(adapter, { text: relation.database, quoted: quotedAt(2) }, 2);
  return `${db}\u0000${schema}\u0000${id}`;
}

/**
 * The key of a name as written in SQL (`schema.table` or `db.schema.table`),
 * parts folded as the warehouse folds them; `database` fills a two-part
 * name's database (the connection's default), or null to leave it open.
 */
export function keyOfParts(
  adapter: string | null,
  parts: readonly NamePart[],
): { key2: string; db: string | null } {
  const len = parts.length;
  const id = foldPart(adapter, parts[len - 1]!, 0);
  const schema = foldPart(adapter, parts[len - 2]!, 1);
  const db = len >= 3 ? foldPart(adapter, parts[len - 3]!, 2) : null;
  return { key2: `${schema}\u0000${id}`, db };
}
