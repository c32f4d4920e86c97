/**
 * Compiled SQL with its comments blanked out, for the SQL parser
 * (src/runtime/sql-analyzer.ts): @polyglot-sql/sdk 0.12.1 drops a bare
 * column that follows a `--` comment inside a CTE from that CTE's output
 * columns (`with r as (select id as a,\n -- c\n tax_rate from s) select *
 * from r` gives `a` alone; with a schema it names it `_col_1`), which
 * bench/sql-parse-bench.ts measured on jaffle-shop-duckdb and planetkart.
 *
 * Each comment becomes as many spaces (line breaks kept), so every offset
 * the parser reports still points into the original text. Quoted strings
 * and identifiers (`'…'`, `"…"`, `` `…` ``) are skipped whole; a doubled
 * quote is two quoted runs side by side, and a backslash escape (BigQuery)
 * at worst ends a run early and leaves a comment-like text as it is, which
 * the parser then reads as the comment it is or rejects. Nothing else
 * changes: a `--` or `/*` outside quotes opens a comment in every dialect
 * the analyzer maps (BigQuery's `#` comments are left to the parser).
 */
export function blankSqlComments(sql: string): string {
  if (!sql.includes("--") && !sql.includes("/*")) return sql;
  const out = sql.split("");
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i];
    if (ch === "'" || ch === '"' || ch === "`") {
      const close = sql.indexOf(ch, i + 1);
      i = close < 0 ? sql.length : close + 1;
      continue;
    }
    if (ch === "-" && sql[i + 1] === "-") {
      while (i < sql.length && sql[i] !== "\n") out[i++] = " ";
      continue;
    }
    if (ch === "/" && sql[i + 1] === "*") {
      const close = sql.indexOf("*/", i + 2);
      const end = close < 0 ? sql.length : close + 2;
      for (; i < end; i++) if (sql[i] !== "\n") out[i] = " ";
      continue;
    }
    i++;
  }
  return out.join("");
}
