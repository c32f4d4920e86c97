import { describe, expect, it } from "vitest";
import { commentSyntaxOf, normaliseSql } from "../../src/dbt/sql-normaliser.js";

function normalised(sql: string): string {
  const result = normaliseSql(sql);
  if (!result.ok) throw new Error(`gave up on ${JSON.stringify(sql)}: ${result.reason}`);
  return result.text;
}

describe("normaliseSql gives up on every construct of the ADR's list (the raw text is hashed instead)", () => {
  // [construct, compiled SQL, reason]
  const cases: Array<[string, string, string]> = [
    // [ $ # @ { and the rest of printable ASCII that isn't on the allow-list
    ["`[` (SQL Server brackets, array subscripts)", "select [my col] from t", "character `[`"],
    ["`]`", "select a] from t", "character `]`"],
    ["`$` (dollar quoting)", "select $$it's$$", "character `$`"],
    ["`$` (positional column)", "select $1 from t", "character `$`"],
    ["`#` (MySQL comment)", "select 1 # comment", "character `#`"],
    ["`@` (variable)", "select @v", "character `@`"],
    ["`{` (ODBC escape)", "select {fn now()}", "character `{`"],
    ["`}`", "select a }", "character `}`"],
    ["backtick (MySQL / BigQuery identifier)", "select `my col` from t", "character `` ` ``"],
    ["`~`", "select a ~ 'x'", "character `~`"],
    ["`&`", "select a & 1", "character `&`"],
    ["`^`", "select a ^ 2", "character `^`"],
    ["`?` (placeholder)", "select a from t where b = ?", "character `?`"],
    ["backslash outside quotes", "select a \\ b", "character `\\`"],
    // non-ASCII: anywhere, comments and quotes included (conservative reading)
    ["non-ASCII identifier", "select café from t", "non-ASCII character"],
    ["non-ASCII in a string", "select 'café'", "non-ASCII character"],
    ["non-ASCII in a quoted identifier", 'select "café"', "non-ASCII character"],
    ["non-ASCII in a line comment", "-- café\nselect 1", "non-ASCII character"],
    ["non-ASCII in a block comment", "/* “quoted” */ select 1", "non-ASCII character"],
    ["non-ASCII in a hint", "select /*+ é */ 1", "non-ASCII character"],
    ["U+2028 in a line comment", "-- a\u2028select 2\nselect 1", "non-ASCII character"],
    ["non-breaking space as whitespace", "select\u00a01", "non-ASCII character"],
    // control characters other than tab and line feed
    ["form feed outside quotes", "select\f1", "control character"],
    ["vertical tab outside quotes", "select\v1", "control character"],
    ["NUL in a string", "select 'a\u0000b'", "control character"],
    ["vertical tab in a line comment", "-- a\vselect 2\nselect 1", "control character"],
    ["DEL in a block comment", "/* \u007f */ select 1", "control character"],
    // backslash in quotes
    ["backslash escape in a string", "select 'it\\'s'", "backslash in a quoted string"],
    ["backslash at the end of a string", "select 'a\\\\'", "backslash in a quoted string"],
    ["backslash in a quoted identifier", 'select "a\\b"', "backslash in a quoted string"],
    ["backslash-n in a string", "select 'a\\nb'", "backslash in a quoted string"],
    // triple quotes
    ["triple single quote (BigQuery)", "select '''a'''", "triple quote"],
    ["triple double quote", 'select """a"""', "triple quote"],
    ["four quotes", "select ''''", "triple quote"],
    // a quote touching a word or another quote
    ["hex literal x'41'", "select x'41'", "quote touching a word or quote"],
    ["national string N'a'", "select N'a'", "quote touching a word or quote"],
    ["escape string E'a'", "select E'a'", "quote touching a word or quote"],
    ["bit string b'01'", "select b'01'", "quote touching a word or quote"],
    ["raw string r'…' (BigQuery)", "select r'a+'", "quote touching a word or quote"],
    ["charset introducer _utf8'a'", "select _utf8'a'", "quote touching a word or quote"],
    ["digit before a quote", "select 1'a'", "quote touching a word or quote"],
    ["word after a string", "select 'a'x", "quote touching a word or quote"],
    ["word after a quoted identifier", 'select "a"b', "quote touching a word or quote"],
    ["doubled-quote escape in a string", "select 'it''s'", "quote touching a word or quote"],
    ["doubled-quote escape in an identifier", 'select "a""b"', "quote touching a word or quote"],
    ["string touching a quoted identifier", "select 'a'\"b\"", "quote touching a word or quote"],
    ["empty string touching a string", "select '''a'", "triple quote"],
    ["empty string touching a word", "select ''x", "quote touching a word or quote"],
    // -- without a following space
    ["`--comment`", "select 1 --comment", "`--` without a following space"],
    ["`----` banner", "----------\nselect 1", "`--` without a following space"],
    ["`--` at the end of the input", "select 1 --", "`--` without a following space"],
    ["`a--1` (minus minus one, or a comment)", "select a--1", "`--` without a following space"],
    ["Oracle line hint `--+`", "select --+ INDEX(t)\n a", "`--` without a following space"],
    // //
    ["`//` (integer division, or a comment)", "select a // b", "`//`"],
    ["`//` comment", "// note\nselect 1", "`//`"],
    // block comment openings
    ["MySQL executable comment `/*!`", "select /*!50100 STRAIGHT_JOIN */ a", "block comment opening `/*!`"],
    ["MariaDB executable comment `/*M!`", "select /*M!100100 a, */ b", "block comment opening `/*M`"],
    ["comment starting with a letter", "select 1 /*note*/", "block comment opening `/*n`"],
    ["comment starting with `/`", "select 1 /*/ x */", "block comment opening `/*/`"],
    ["comment starting with a quote", "select 1 /*'x'*/", "block comment opening `/*'`"],
    ["comment starting with a digit", "select 1 /*1*/", "block comment opening `/*1`"],
    // nested block comments
    ["nested block comment", "/* a /* b */ c */ select 1", "nested block comment"],
    ["`/*` inside a hint", "select /*+ a /* b */ 1", "nested block comment"],
    ["`/*/` inside a comment", "/* a /*/ select 1", "nested block comment"],
    // \r not followed by \n
    ["lone CR between tokens", "select 1\rfrom t", "lone carriage return"],
    ["lone CR at the end", "select 1\r", "lone carriage return"],
    ["lone CR in a string", "select 'a\rb'", "lone carriage return"],
    ["lone CR in a line comment (old Mac line end)", "-- a\rselect 2\nselect 1", "lone carriage return"],
    ["lone CR in a block comment", "/* a\r */ select 1", "lone carriage return"],
    ["CR CR LF", "select 1\r\r\n", "lone carriage return"],
    // two literals separated only by whitespace
    ["two strings on one line", "select 'a' 'b'", "two literals separated only by whitespace"],
    [
      "two strings on two lines (PostgreSQL concatenates)",
      "select 'a'\n'b'",
      "two literals separated only by whitespace",
    ],
    ["two quoted identifiers", 'select "a" "b"', "two literals separated only by whitespace"],
    ["string then quoted identifier", "select 'a' \"b\"", "two literals separated only by whitespace"],
    [
      "strings separated by a line comment",
      "select 'a'\n-- c\n'b'",
      "two literals separated only by whitespace",
    ],
    [
      "strings separated by a block comment",
      "select 'a' /* c */ 'b'",
      "two literals separated only by whitespace",
    ],
    ["strings separated by a hint", "select 'a' /*+ c */ 'b'", "two literals separated only by whitespace"],
    [
      "strings separated by a comment, no spaces",
      "select 'a'/**/'b'",
      "two literals separated only by whitespace",
    ],
    // . next to whitespace (or a comment)
    ["`a . b`", "select a . b from t", "`.` next to whitespace"],
    ["`a. b`", "select a. b from t", "`.` next to whitespace"],
    ["`a .b`", "select a .b from t", "`.` next to whitespace"],
    ["`1 .5`", "select 1 .5", "`.` next to whitespace"],
    ["`.5` after a space", "select .5", "`.` next to whitespace"],
    ["`.` before a line feed", "select a.\nb from t", "`.` next to whitespace"],
    ["`.` after a tab", "select a\t.b from t", "`.` next to whitespace"],
    ["`.` before CR LF", "select a.\r\nb from t", "`.` next to whitespace"],
    ["`.` before a block comment", "select a./* c */b from t", "`.` next to whitespace"],
    ["`.` after a block comment", "select a/* c */.b from t", "`.` next to whitespace"],
    ["`.` before a hint", "select a./*+ h */b from t", "`.` next to whitespace"],
    ["`.` before a line comment", "select a.-- c\nb from t", "`.` next to whitespace"],
    ["`.` after a quoted identifier and a space", 'select "s" ."t"', "`.` next to whitespace"],
    // unterminated quote or comment
    ["unterminated string", "select 'abc", "unterminated quote"],
    ["unterminated quoted identifier", 'select "abc', "unterminated quote"],
    ["lone quote at the end", "select '", "unterminated quote"],
    ["unterminated block comment", "select 1 /* abc", "unterminated comment"],
    ["`/*` at the end of the input", "select 1 /*", "unterminated comment"],
    ["unterminated hint", "select /*+ FULL(t) 1", "unterminated comment"],
    ["comment closed by `*` only", "select 1 /* abc *", "unterminated comment"],
  ];

  it.each(cases)("%s", (_construct, sql, reason) => {
    expect(normaliseSql(sql)).toEqual({ ok: false, reason });
  });

  it("reports the first construct it meets, reading left to right", () => {
    expect(normaliseSql("select [a], $1, 'it''s'")).toEqual({ ok: false, reason: "character `[`" });
    expect(normaliseSql("select 'it''s', [a]")).toEqual({
      ok: false,
      reason: "quote touching a word or quote",
    });
  });
});

describe("normaliseSql accepts the allowed constructs, with pinned normalised texts", () => {
  // [what, compiled SQL, normalised text]
  const cases: Array<[string, string, string]> = [
    ["empty input", "", ""],
    ["whitespace only", " \n\t\r\n ", ""],
    ["comment only", "-- nothing\n/* here */", ""],
    ["tokens rejoined with single spaces", "select a, b from t", "select a , b from t"],
    ["whitespace collapsed", "select\n\ta,\n    b\n\n  from   t  ", "select a , b from t"],
    ["CR LF line endings", "select a,\r\n  b\r\nfrom t\r\n", "select a , b from t"],
    ["tabs", "select\ta\tfrom\tt", "select a from t"],
    ["case kept", "SELECT Amount FROM Orders", "SELECT Amount FROM Orders"],
    ["line comment dropped", "select a -- the amount\nfrom t", "select a from t"],
    ["line comment up to the end of the input", "select 1 -- end", "select 1"],
    ["empty line comment with its space", "-- \nselect 1", "select 1"],
    ["line comment with CR LF", "-- header\r\nselect 1", "select 1"],
    ["line comment holding anything ASCII", "-- [x] $1 #2 @v {y} `z` \\ // /* it's\nselect 1", "select 1"],
    ["block comment with a space", "/* header */ select 1", "select 1"],
    ["block comment with a line feed", "/*\n  header\n*/\nselect 1", "select 1"],
    ["block comment with a tab", "/*\theader */ select 1", "select 1"],
    ["block comment with CR LF", "/*\r\n header\r\n*/ select 1", "select 1"],
    ["doc comment `/**`", "/** doc */ select 1", "select 1"],
    ["empty comment `/**/`", "select/**/1", "select 1"],
    ["comment `/*-`", "/*- banner -*/ select 1", "select 1"],
    ["comment `/*=`", "/*===== banner =====*/ select 1", "select 1"],
    [
      "block comment holding anything ASCII",
      "/* [x] $1 #2 @v {y} `z` \\ // -- 'it's */ select 1",
      "select 1",
    ],
    ["comment between words is a separator", "select a/* c */from t", "select a from t"],
    ["comment closed by `**/`", "/* x **/ select 1", "select 1"],
    [
      "optimizer hint kept verbatim",
      "select /*+ INDEX(t idx) */ a from t",
      "select /*+ INDEX(t idx) */ a from t",
    ],
    [
      "hint keeps its inner whitespace",
      "select /*+  FULL(t)\n   PARALLEL(4) */ a",
      "select /*+  FULL(t)\n   PARALLEL(4) */ a",
    ],
    ["hint touching words", "select/*+ FULL(t) */a from t", "select /*+ FULL(t) */ a from t"],
    ["empty hint", "select /*+*/ a", "select /*+*/ a"],
    ["count(*)", "select count(*) from t", "select count ( * ) from t"],
    ["count (*)", "select count (*) from t", "select count ( * ) from t"],
    [
      "every allowed punctuation",
      "a(b),c;d=e<f>g+h-i*j/k%l|m:n!o",
      "a ( b ) , c ; d = e < f > g + h - i * j / k % l | m : n ! o",
    ],
    ["`<=` split", "a<=b", "a < = b"],
    ["`<>` split", "a<>b", "a < > b"],
    ["`!=` split", "a!=b", "a ! = b"],
    ["`||` split", "a||b", "a | | b"],
    ["`::` cast split", "a::int", "a : : int"],
    ["`=>` split", "f(x=>1)", "f ( x = > 1 )"],
    ["minus minus one", "a - -1", "a - - 1"],
    ["`*/` outside a comment is two tokens", "a*/b", "a * / b"],
    ["`/ *` is not a comment", "a / *b", "a / * b"],
    ["qualified name", "select t.a from s.t", "select t.a from s.t"],
    [
      "three-part quoted name stays one token",
      'select * from "db"."schema"."tbl"',
      'select * from "db"."schema"."tbl"',
    ],
    ["mixed quoted and bare parts", 'select "t".a, t."b"', 'select "t".a , t."b"'],
    ["`t.*` stays one token", "select t.*, u.a from t", "select t.* , u.a from t"],
    ["`..` default schema (SQL Server)", "select * from db..t", "select * from db..t"],
    ["decimal", "select 1.5, 0.25", "select 1.5 , 0.25"],
    // `.` is glued to both neighbours, so `(` and `.5` stay together: `( .5` would have given up.
    ["leading-dot number after `(`", "select (.5)", "select (.5 )"],
    ["leading-dot number at the start", ".5", ".5"],
    ["exponent with minus", "select 1e-5", "select 1e-5"],
    ["exponent with plus", "select 1.5E+10", "select 1.5E+10"],
    ["exponent after a leading dot", "select (.5e-3)", "select (.5e-3 )"],
    ["exponent after a trailing dot", "select 1.e-5", "select 1.e-5"],
    ["exponent without sign", "select 2e10", "select 2e10"],
    ["`1e - 5` stays three tokens", "select 1e - 5", "select 1e - 5"],
    ["`1e -5` is `1e - 5` (MySQL: column `1e` minus 5)", "select 1e -5", "select 1e - 5"],
    ["identifier ending in e, minus", "select x1e-5", "select x1e - 5"],
    ["qualified column `e`, minus", "select a.e-5", "select a.e - 5"],
    ["string kept verbatim", "select 'Hello,  World'", "select 'Hello,  World'"],
    ["string holding comment markers", "select '-- not /* a comment */'", "select '-- not /* a comment */'"],
    [
      "string holding anything ASCII",
      "select '[x] $1 #2 @v {y} `z` \"q\"'",
      "select '[x] $1 #2 @v {y} `z` \"q\"'",
    ],
    ["multi-line string kept verbatim", "select 'a\n  b'", "select 'a\n  b'"],
    ["CR LF inside a string kept verbatim", "select 'a\r\nb'", "select 'a\r\nb'"],
    ["quoted identifier with spaces", 'select "My Column" from t', 'select "My Column" from t'],
    ["single quote inside a quoted identifier", 'select "it\'s"', 'select "it\'s"'],
    ["empty string", "select coalesce(a, '')", "select coalesce ( a , '' )"],
    ["strings separated by an operator", "select 'a' || 'b'", "select 'a' | | 'b'"],
    ["strings separated by a comma", "select 'a','b'", "select 'a' , 'b'"],
    ["string then word with a space", "select 'a' as x", "select 'a' as x"],
    ["charset introducer with a space", "select _utf8 'a'", "select _utf8 'a'"],
    ["string after `(`", "select f('a')", "select f ( 'a' )"],
    ["Snowflake path and cast", "select v:a.b::string from t", "select v : a.b : : string from t"],
    ["statement terminator", "select 1;", "select 1 ;"],
    ["Oracle outer join marker", "where a.x = b.x(+)", "where a.x = b.x ( + )"],
    [
      "a realistic model",
      'with orders as (\n  select * from "db"."main"."stg_orders" -- staged\n),\n\nfinal as (\n  select\n    order_id,\n    sum(amount) as total  /* dollars */\n  from orders\n  group by 1\n)\n\nselect * from final\n',
      'with orders as ( select * from "db"."main"."stg_orders" ) , final as ( select order_id , sum ( amount ) as total from orders group by 1 ) select * from final',
    ],
  ];

  it.each(cases)("%s", (_what, sql, text) => {
    expect(normaliseSql(sql)).toEqual({ ok: true, text });
  });

  it.each(cases)("normalising again changes nothing: %s", (_what, sql) => {
    const once = normalised(sql);
    expect(normalised(once)).toBe(once);
  });
});

describe("normaliseSql: formatting-only edits normalise equal", () => {
  // [edit, before, after]
  const pairs: Array<[string, string, string]> = [
    ["reflowed lines", "select a, b from t where c = 1", "select\n  a,\n  b\nfrom t\nwhere c = 1\n"],
    ["count (*) and count(*)", "select count(*) from t", "select count (*) from t"],
    ["CR LF and LF", "select a\nfrom t\n", "select a\r\nfrom t\r\n"],
    ["tabs and spaces", "select\ta from\tt", "select    a from   t"],
    ["added comments", "select a from t", "-- model header\nselect a /* the a */ from t -- trailing"],
    ["removed a block comment between words", "select a/* c */from t", "select a from t"],
    ["spaces around operators", "a<=b and c<>d", "a <= b and c <> d"],
    ["spaces inside parentheses", "f(x,y)", "f( x , y )"],
    ["minus with and without spaces", "a-1", "a - 1"],
    ["spaces around a hint", "select/*+ FULL(t) */a", "select /*+ FULL(t) */\n  a"],
    ["comma-first style", "select a, b, c from t", "select a\n     , b\n     , c\nfrom t"],
  ];

  it.each(pairs)("%s", (_edit, before, after) => {
    expect(normalised(after)).toBe(normalised(before));
  });
});

describe("normaliseSql: edits of literals, identifiers, case or hints normalise differently", () => {
  // [edit, before, after]
  const pairs: Array<[string, string, string]> = [
    ["keyword case", "SELECT a FROM t", "select a from t"],
    ["identifier case", "select Amount from t", "select amount from t"],
    ["quoted identifier case", 'select "A" from t', 'select "a" from t'],
    ["identifier renamed", "select a from t", "select b from t"],
    ["string literal edited", "where s = 'open'", "where s = 'Open'"],
    ["whitespace inside a string", "select 'a b'", "select 'a  b'"],
    ["line break inside a string", "select 'a b'", "select 'a\nb'"],
    ["CR LF inside a string", "select 'a\nb'", "select 'a\r\nb'"],
    ["number edited", "limit 10", "limit 100"],
    ["decimal edited", "select 1.5", "select 15"],
    ["words joined", "select a b", "select ab"],
    ["qualified vs separate words", "select a.b", "select ab"],
    ["exponent vs subtraction", "select 1e-5", "select 1e - 5"],
    ["minus minus one vs a comment", "select a - -1", "select a -- 1\n"],
    ["division and multiplication vs a comment", "select a / * b * / c", "select a /* b */ c"],
    ["hint edited", "select /*+ FULL(t) */ a", "select /*+ INDEX(t) */ a"],
    ["hint inner whitespace", "select /*+ FULL(t) */ a", "select /*+  FULL(t) */ a"],
    ["hint removed", "select /*+ FULL(t) */ a", "select a"],
    ["operator changed", "a < b", "a > b"],
    ["`<=` vs `<`", "a <= b", "a < b"],
    ["`t.*` vs `t.a`", "select t.* from t", "select t.a from t"],
    ["relation renamed", 'select * from "db"."s"."orders"', 'select * from "db"."s"."orders_v2"'],
  ];

  it.each(pairs)("%s", (_edit, before, after) => {
    expect(normalised(after)).not.toBe(normalised(before));
  });
});

describe("normaliseSql on large inputs (speed is measured in bench/, not here)", () => {
  it("normalises a 3 MB model completely", () => {
    const sql = `select ${"a.b, 'x y', f(1.5e-3), -- c\n".repeat(100_000)}1`;
    const result = normaliseSql(sql);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.text.startsWith("select a.b , 'x y' , f ( 1.5e-3 ) , a.b , ")).toBe(true);
    expect(result.text.endsWith("f ( 1.5e-3 ) , 1")).toBe(true);
    expect(result.text.length).toBe("select".length + " a.b , 'x y' , f ( 1.5e-3 ) ,".length * 100_000 + 2);
  });

  it("gives up at the first offending quote of a long run", () => {
    expect(normaliseSql(`select ${"'a'".repeat(100_000)}`)).toEqual({
      ok: false,
      reason: "quote touching a word or quote",
    });
  });
});

describe("comment syntax: `--` followed by whitespace is a comment in every dialect (MySQL's rule too)", () => {
  it.each([
    ["`--` then a line feed", "--\nselect 1"],
    ["`--` then CR LF", "--\r\nselect 1"],
    ["`--` then a tab", "--\tnote\nselect 1"],
  ])("%s", (_what, sql) => {
    expect(normaliseSql(sql)).toEqual({ ok: true, text: "select 1" });
  });
});

describe("comment syntax `standard` (PostgreSQL, Snowflake, BigQuery, DuckDB, …): comments stay comments", () => {
  const standard = (sql: string) => normaliseSql(sql, "standard");

  // [what, compiled SQL, normalised text]; each one gave up before (conservative syntax).
  it.each([
    ["`--comment` (jaffle-shop, planetkart)", "--Regional Performance\nselect 1", "select 1"],
    ["a `----------` divider", "select\n  ----------  ids\n  id\nfrom t", "select id from t"],
    ["`--` at the end of the input", "select 1 --", "select 1"],
    ["`--` at the end of the input after text", "select 1\n--end", "select 1"],
    ["`a--1`: `a` and a comment", "select a--1\n", "select a"],
    ["Fusion's wrapper marker", "select 1\n--EPHEMERAL-SELECT-WRAPPER-START\n", "select 1"],
    ["`/*comment*/`", "select /*comment*/ 1", "select 1"],
    ["`/*M!x*/` (executable in MariaDB only)", "select /*M!x*/ 1", "select 1"],
    ["`/*!x*/` is a plain comment there", "select /*!x*/ 1", "select 1"],
    ["`/*#note*/`", "select /*#note*/ 1", "select 1"],
  ])("%s", (_what, sql, text) => {
    expect(normaliseSql(sql).ok).toBe(false);
    expect(standard(sql)).toEqual({ ok: true, text });
  });

  it.each([
    ["Oracle's `--+` hint", "select --+ INDEX(t)\n a", "`--+` (an optimizer hint in Oracle)"],
    ["a nested block comment", "select /* a /* b */ */ 1", "nested block comment"],
    [
      "a string holding `--x` stays a string",
      "select '--x' 'y'",
      "two literals separated only by whitespace",
    ],
    ["BigQuery backticks", "select `a`", "character `` ` ``"],
  ])("still gives up on %s", (_what, sql, reason) => {
    expect(standard(sql)).toEqual({ ok: false, reason });
  });

  it("hints stay tokens", () => {
    expect(standard("select /*+ FULL(t) */ a")).toEqual({ ok: true, text: "select /*+ FULL(t) */ a" });
  });

  it("strings holding comment markers are kept verbatim", () => {
    expect(standard("select '--x', \"/*y*/\"")).toEqual({ ok: true, text: "select '--x' , \"/*y*/\"" });
  });

  it.each([
    ["duckdb", "standard"],
    ["postgres", "standard"],
    ["snowflake", "standard"],
    ["bigquery", "standard"],
    ["mysql", "conservative"],
    ["oracle", "conservative"],
    ["sqlserver", "conservative"],
    [null, "conservative"],
  ] as const)("adapter %s: %s", (adapter, syntax) => {
    expect(commentSyntaxOf(adapter)).toBe(syntax);
  });
});
