/**
 * Clock-dependent SQL (issue 18, class 8): which clock functions compiled SQL
 * calls, outside string literals, quoted identifiers and comments. A model
 * whose SQL reads the clock gives a different result every day (or second)
 * from the same code and the same inputs, so its build can't be reused
 * forever. Pure: text in, names out.
 *
 * The names are per dialect (the manifest's adapter type). A name that is a
 * keyword in the dialect counts bare (`current_date`); any other counts only
 * as a call (`now()`); a few count only with no argument (`unix_timestamp()`
 * reads the clock, `unix_timestamp(col)` converts a column). A name after a
 * `.` (a column `t.current_date`, a function in a schema) or after `as` (an
 * alias) is not a call. Postgres-style special date strings cast to a date or
 * time (`'now'::timestamp`, `date 'today'`) read the clock too.
 *
 * Cheap first: the lowercased text is searched for the names, and only SQL
 * that contains one is tokenised. Where the dialect's lexis is uncertain (a
 * backslash inside the text: escape or not), both readings are scanned and
 * their findings joined, so an unsure reading can only add a name.
 */

type Form = "bare" | "call" | "no_args";

interface ClockName {
  name: string;
  /** How it reads the clock in every dialect that has it, unless `dialects` says otherwise. */
  form: Form;
  /** Adapters where the name is bare (a keyword); elsewhere it counts as `form`. */
  bareIn?: readonly string[];
}

/**
 * The names, from each engine's documentation of its date/time functions
 * (PostgreSQL "Current Date/Time", Snowflake "Context functions", BigQuery
 * "Date/Datetime/Time/Timestamp functions", DuckDB "Timestamp functions",
 * Spark SQL built-ins, T-SQL "Date and time functions", Trino, ClickHouse).
 * A name that doesn't exist in a dialect can't appear in SQL that ran there
 * as a call, so the list is shared: only the bare forms differ.
 */
const CLOCK_NAMES: readonly ClockName[] = [
  // SQL standard: keywords (bare) in every dialect that has them; some also take ().
  { name: "current_date", form: "bare" },
  { name: "current_time", form: "bare" },
  { name: "current_timestamp", form: "bare" },
  { name: "localtime", form: "bare" },
  { name: "localtimestamp", form: "bare" },
  // BigQuery: CURRENT_DATETIME is a keyword-function.
  { name: "current_datetime", form: "call", bareIn: ["bigquery"] },
  // Oracle, Redshift: SYSDATE is bare; Snowflake, MySQL: SYSDATE().
  { name: "sysdate", form: "call", bareIn: ["redshift", "oracle"] },
  { name: "systimestamp", form: "call", bareIn: ["oracle"] },
  { name: "getdate", form: "call" },
  { name: "getutcdate", form: "call" },
  { name: "sysdatetime", form: "call" },
  { name: "sysutcdatetime", form: "call" },
  { name: "sysdatetimeoffset", form: "call" },
  { name: "now", form: "call" },
  { name: "now64", form: "call" },
  { name: "today", form: "call" },
  { name: "yesterday", form: "call" },
  { name: "clock_timestamp", form: "call" },
  { name: "statement_timestamp", form: "call" },
  { name: "transaction_timestamp", form: "call" },
  { name: "timeofday", form: "call" },
  { name: "get_current_time", form: "call" },
  { name: "get_current_timestamp", form: "call" },
  { name: "current_localtimestamp", form: "call" },
  { name: "current_localtime", form: "call" },
  { name: "utc_timestamp", form: "call" },
  { name: "utc_date", form: "call" },
  { name: "curdate", form: "call" },
  { name: "curtime", form: "call" },
  { name: "unix_timestamp", form: "no_args" },
];

const BY_NAME = new Map(CLOCK_NAMES.map((entry) => [entry.name, entry]));

const TRIGGER_NAMES = [...new Set([...CLOCK_NAMES.map((entry) => entry.name), "tomorrow"])].join("|");

/** A name as a whole word somewhere in the text (strings and comments included): only then is it scanned. */
const TRIGGER = new RegExp(`(?<![a-z0-9_$])(?:${TRIGGER_NAMES})(?![a-z0-9_$])`, "i");

/**
 * TRIGGER's cheap superset, tried first: a name between word boundaries
 * (`\b`: ASCII letters, digits and `_`, since the flags have no `u`). Where
 * TRIGGER matches, so does this (the characters around the name are not
 * word characters either: `$` isn't one), so testing it first changes no
 * result; it may also match a name next to a `$`, which TRIGGER then
 * refuses. V8 runs it several times faster than TRIGGER's lookbehind on
 * text without a name (most SQL), which is the whole cost of the scan.
 */
const QUICK_TRIGGER = new RegExp(`\\b(?:${TRIGGER_NAMES})\\b`, "i");

/** The two triggers, for the test that QUICK_TRIGGER matches wherever TRIGGER does. */
export const CLOCK_TRIGGERS = { exact: TRIGGER, quick: QUICK_TRIGGER } as const;

/** Postgres (and DuckDB, Redshift) special date/time input strings that read the clock when cast. */
const SPECIAL_DATE_STRINGS = new Set(["now", "today", "tomorrow", "yesterday"]);
const DATE_TYPE_WORDS = new Set(["date", "time", "timestamp", "timestamptz", "datetime", "zone"]);
/** Text right before a string that opens a cast: `cast(`, `try_cast(`, `safe_cast(`. */
const CAST_OPEN = /(?:^|[^a-z0-9_$])(?:try_|safe_)?cast\s*\(\s*$/;

interface Lexis {
  /** `#` starts a line comment (BigQuery, MySQL). */
  hashComments: boolean;
  /** `[name]` is a quoted identifier (SQL Server family). */
  bracketIdentifiers: boolean;
  /** `$tag$ … $tag$` is a string (Postgres, Snowflake, DuckDB, Redshift). */
  dollarQuotes: boolean;
  /** Block comments nest (Postgres, DuckDB). */
  nestedComments: boolean;
  /** A backslash escapes the next character in '…' and "…" strings. */
  backslashEscapes: boolean;
}

const SQLSERVER = new Set(["sqlserver", "fabric", "synapse"]);
const HASH_COMMENTS = new Set(["bigquery", "mysql", "mariadb", "tidb"]);
const DOLLAR = new Set(["postgres", "snowflake", "duckdb", "redshift", "materialize"]);
const NESTED = new Set(["postgres", "duckdb", "materialize"]);

function lexisOf(adapter: string, backslashEscapes: boolean): Lexis {
  return {
    hashComments: HASH_COMMENTS.has(adapter),
    bracketIdentifiers: SQLSERVER.has(adapter),
    dollarQuotes: DOLLAR.has(adapter),
    nestedComments: NESTED.has(adapter),
    backslashEscapes,
  };
}

/**
 * The clock functions the SQL calls, sorted, without duplicates (empty when
 * none). `adapterType` is the manifest's (`metadata.adapter_type`); unknown
 * or null reads standard SQL.
 */
export function clockCalls(sql: string, adapterType: string | null): string[] {
  // Case-insensitive on the text as it is: most SQL has no name, and isn't lowercased.
  if (!QUICK_TRIGGER.test(sql) || !TRIGGER.test(sql)) return [];
  const lower = sql.toLowerCase();
  const adapter = (adapterType ?? "").toLowerCase();
  const found = new Set<string>();
  scan(lower, adapter, lexisOf(adapter, false), found);
  if (lower.includes("\\")) scan(lower, adapter, lexisOf(adapter, true), found);
  return [...found].sort();
}

const isIdentStart = (c: number) => (c >= 97 && c <= 122) || c === 95 || c >= 128 || (c >= 65 && c <= 90);
const isIdentPart = (c: number) => isIdentStart(c) || (c >= 48 && c <= 57) || c === 36;
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11;

/** Token kinds the scan remembers about the previous significant token. */
type Previous = { kind: "none" } | { kind: "word"; text: string } | { kind: "dot" } | { kind: "other" };

function scan(text: string, adapter: string, lexis: Lexis, found: Set<string>): void {
  const n = text.length;
  let i = 0;
  let previous: Previous = { kind: "none" };
  // A special date string waiting for a `::` cast after it.
  let pendingSpecial: string | null = null;

  const skipString = (quote: number, from: number): number => {
    let j = from + 1;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (lexis.backslashEscapes && c === 92) {
        j += 2;
        continue;
      }
      if (c === quote) {
        if (text.charCodeAt(j + 1) === quote) {
          j += 2;
          continue;
        }
        return j + 1;
      }
      j++;
    }
    return n;
  };

  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    // Comments.
    if (c === 45 && text.charCodeAt(i + 1) === 45) {
      const end = text.indexOf("\n", i);
      i = end === -1 ? n : end + 1;
      continue;
    }
    if (c === 35 && lexis.hashComments) {
      const end = text.indexOf("\n", i);
      i = end === -1 ? n : end + 1;
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 42) {
      let depth = 1;
      let j = i + 2;
      while (j < n && depth > 0) {
        if (text.charCodeAt(j) === 42 && text.charCodeAt(j + 1) === 47) {
          depth--;
          j += 2;
        } else if (lexis.nestedComments && text.charCodeAt(j) === 47 && text.charCodeAt(j + 1) === 42) {
          depth++;
          j += 2;
        } else j++;
      }
      i = j;
      continue;
    }
    // String literals (E'…' strings take backslash escapes in Postgres and DuckDB).
    if (c === 39) {
      const escaped =
        previous.kind === "word" && previous.text === "e" && i > 0 && text.charCodeAt(i - 1) === 101;
      const end = escaped
        ? skipEscapedString(text, i)
        : lexis.backslashEscapes
          ? skipString(39, i)
          : skipStandard(text, i, 39);
      const body = text.slice(i + 1, end - 1).trim();
      if (SPECIAL_DATE_STRINGS.has(body)) {
        // `date 'today'`, `timestamp 'now'`: a typed literal.
        const typed = previous.kind === "word" && DATE_TYPE_WORDS.has(previous.text);
        if (typed || CAST_OPEN.test(text.slice(Math.max(0, i - 24), i))) found.add(`'${body}'`);
        else pendingSpecial = body;
      } else pendingSpecial = null;
      previous = { kind: "other" };
      i = end;
      continue;
    }
    if (c === 34 || c === 96) {
      i = lexis.backslashEscapes ? skipString(c, i) : skipStandard(text, i, c);
      previous = { kind: "other" };
      pendingSpecial = null;
      continue;
    }
    if (c === 91 && lexis.bracketIdentifiers) {
      const end = text.indexOf("]", i + 1);
      i = end === -1 ? n : end + 1;
      previous = { kind: "other" };
      pendingSpecial = null;
      continue;
    }
    if (c === 36 && lexis.dollarQuotes) {
      const tag = /^\$([a-z_][a-z0-9_]*)?\$/.exec(text.slice(i, i + 64));
      if (tag) {
        const end = text.indexOf(tag[0], i + tag[0].length);
        i = end === -1 ? n : end + tag[0].length;
        previous = { kind: "other" };
        pendingSpecial = null;
        continue;
      }
    }
    if (isIdentStart(c)) {
      let j = i + 1;
      while (j < n && isIdentPart(text.charCodeAt(j))) j++;
      const word = text.slice(i, j);
      const entry = BY_NAME.get(word);
      if (entry && !(previous.kind === "word" && previous.text === "as")) {
        let k = j;
        while (k < n && isSpace(text.charCodeAt(k))) k++;
        const call = text.charCodeAt(k) === 40;
        let counts: boolean;
        // After a dot: a qualified call (`pg_catalog.now()`) reads the clock; a
        // qualified name without a call (`t.current_date`) is a column.
        if (previous.kind === "dot") counts = call;
        else if (entry.form === "bare" || entry.bareIn?.includes(adapter)) {
          // A keyword: bare or called, but not a qualifier (`current_date.x`).
          counts = text.charCodeAt(k) !== 46;
        } else if (entry.form === "call") counts = call;
        else {
          let m = k + 1;
          while (m < n && isSpace(text.charCodeAt(m))) m++;
          counts = call && text.charCodeAt(m) === 41;
        }
        if (counts) found.add(word);
      }
      previous = { kind: "word", text: word };
      pendingSpecial = null;
      i = j;
      continue;
    }
    if (c === 58 && text.charCodeAt(i + 1) === 58) {
      if (pendingSpecial !== null) found.add(`'${pendingSpecial}'`);
      pendingSpecial = null;
      previous = { kind: "other" };
      i += 2;
      continue;
    }
    previous = c === 46 ? { kind: "dot" } : { kind: "other" };
    pendingSpecial = null;
    i++;
  }
}

/** A standard string or quoted identifier: the quote doubled escapes it. */
function skipStandard(text: string, from: number, quote: number): number {
  let j = from + 1;
  const n = text.length;
  while (j < n) {
    const at = text.indexOf(String.fromCharCode(quote), j);
    if (at === -1) return n;
    if (text.charCodeAt(at + 1) === quote) {
      j = at + 2;
      continue;
    }
    return at + 1;
  }
  return n;
}

/** A Postgres E'…' string: backslash escapes, and '' too. */
function skipEscapedString(text: string, from: number): number {
  let j = from + 1;
  const n = text.length;
  while (j < n) {
    const c = text.charCodeAt(j);
    if (c === 92) {
      j += 2;
      continue;
    }
    if (c === 39) {
      if (text.charCodeAt(j + 1) === 39) {
        j += 2;
        continue;
      }
      return j + 1;
    }
    j++;
  }
  return n;
}

/**
 * Python models: clock calls as calls (`datetime.now()`, `date.today()`,
 * `datetime.utcnow()`, PySpark's `F.current_date()`, `pd.Timestamp.now()`,
 * and clock functions in SQL text passed to `spark.sql(...)`). Strings and
 * comments are read as code too: a Python string may hold SQL, and a `#` or
 * quote inside one must not hide a call after it; a name in a comment only
 * adds a BUILD. A qualified name counts (methods are how Python reads the
 * clock).
 */
const PYTHON_CALLS = new Set([
  "now",
  "utcnow",
  "today",
  "current_date",
  "current_timestamp",
  "current_datetime",
  "localtimestamp",
  "getdate",
  "sysdate",
  "curdate",
]);
const PYTHON_TRIGGER = new RegExp(`(?<![a-z0-9_])(?:${[...PYTHON_CALLS].join("|")})\\s*\\(`, "i");

export function pythonClockCalls(code: string): string[] {
  if (!PYTHON_TRIGGER.test(code)) return [];
  const found = new Set<string>();
  const pattern = new RegExp(PYTHON_TRIGGER.source, "gi");
  for (const match of code.matchAll(pattern)) {
    const name = /^[a-z_0-9]+/i.exec(match[0])![0].toLowerCase();
    found.add(name);
  }
  return [...found].sort();
}
