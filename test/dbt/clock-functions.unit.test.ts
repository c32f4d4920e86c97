import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CLOCK_TRIGGERS, clockCalls, pythonClockCalls } from "../../src/dbt/clock-functions.js";
import { loadProject } from "../../src/dbt/load-project.js";
import { sharedFixture, sharedFixturesPresent } from "../support/shared-fixtures.js";

describe("clockCalls: clock functions outside strings, quoted identifiers and comments", () => {
  it.each<[string, string | null, string, string[]]>([
    // Calls.
    ["current_date bare", "postgres", "select * from t where d < current_date", ["current_date"]],
    [
      "CURRENT_TIMESTAMP upper case",
      "snowflake",
      "select CURRENT_TIMESTAMP as loaded_at",
      ["current_timestamp"],
    ],
    ["current_timestamp()", "snowflake", "select current_timestamp() as created_at", ["current_timestamp"]],
    ["now() with spaces", "duckdb", "select now ( ) as t", ["now"]],
    ["getdate()", "redshift", "select getdate()", ["getdate"]],
    ["sysdate bare on redshift", "redshift", "select sysdate", ["sysdate"]],
    ["sysdate() on snowflake", "snowflake", "select sysdate()", ["sysdate"]],
    ["systimestamp()", "snowflake", "select systimestamp()", ["systimestamp"]],
    [
      "localtimestamp, localtime",
      "postgres",
      "select localtimestamp, localtime",
      ["localtime", "localtimestamp"],
    ],
    ["current_datetime() on bigquery", "bigquery", "select current_datetime()", ["current_datetime"]],
    ["current_datetime bare on bigquery", "bigquery", "select current_datetime", ["current_datetime"]],
    ["today() on duckdb", "duckdb", "select today()", ["today"]],
    ["unix_timestamp() with no argument", "databricks", "select unix_timestamp()", ["unix_timestamp"]],
    [
      "sysdatetime(), getutcdate()",
      "sqlserver",
      "select sysdatetime(), getutcdate()",
      ["getutcdate", "sysdatetime"],
    ],
    ["inside a function", "bigquery", "select date_diff(current_date(), d, day) from t", ["current_date"]],
    [
      "in an is_incremental() filter (the compiled SQL is what ran)",
      "postgres",
      "select * from src where loaded_at > (select max(loaded_at) from tgt) and loaded_at <= now()",
      ["now"],
    ],
    ["'now'::timestamp (postgres special string)", "postgres", "select 'now'::timestamp", ["'now'"]],
    ["date 'today' (typed literal)", "postgres", "select date 'today'", ["'today'"]],
    ["cast('now' as date)", "postgres", "select cast('now' as date)", ["'now'"]],
    ["after a string with an escaped quote (bigquery)", "bigquery", "select 'it\\'s', now()", ["now"]],
    ["after a backslash that is no escape (postgres)", "postgres", "select 'c:\\', now()", ["now"]],
    ["after a doubled quote", "postgres", "select 'it''s', current_date", ["current_date"]],
    ["after a block comment", "postgres", "select /* now() */ current_date", ["current_date"]],
    ["# is an operator on postgres, not a comment", "postgres", "select 1 # 2, now()", ["now"]],
    [
      "a backtick column then a call (bigquery)",
      "bigquery",
      "select `now`, current_timestamp()",
      ["current_timestamp"],
    ],
    ["unknown adapter: standard SQL", null, "select current_date", ["current_date"]],
    // Not calls.
    ["a quoted column named now", "postgres", 'select "now", "current_date" from t', []],
    ["a string 'now()'", "postgres", "select 'now()' as label", []],
    ["a string 'current_date'", "snowflake", "select 'current_date' as label", []],
    ["a line comment", "postgres", "select 1 -- uses now() later\n", []],
    ["a block comment", "postgres", "select 1 /* current_timestamp */", []],
    ["a nested block comment (postgres)", "postgres", "select 1 /* a /* now() */ current_date */", []],
    ["a # comment on bigquery", "bigquery", "select 1 # now()\n", []],
    ["a qualified column t.current_date", "postgres", "select t.current_date from t", []],
    // A qualified call may be the clock (pg_catalog.now()) or a function wrapping it: counted (conservative).
    ["a function in a schema, x.now()", "postgres", "select x.now() from t", ["now"]],
    ["an alias: as current_date", "postgres", "select d as current_date from t", []],
    ["now without parentheses (a column)", "postgres", "select now from t", []],
    ["sysdate bare on postgres (a column)", "postgres", "select sysdate from t", []],
    ["unix_timestamp(col) converts a column", "databricks", "select unix_timestamp(ts) from t", []],
    ["a dollar-quoted string", "snowflake", "select $$ now() $$ as body", []],
    ["a bracketed identifier (sqlserver)", "sqlserver", "select [getdate()] from t", []],
    ["a longer name: nowhere(), known_now", "postgres", "select nowhere(), known_now from t", []],
    ["a special string not cast", "postgres", "select 'today' as label", []],
    ["a schema-qualified call", "postgres", "select pg_catalog.now() as at", ["now"]],
    ["a quoted schema-qualified call", "postgres", 'select "pg_catalog".now() as at', ["now"]],
    ["a schema-qualified call, upper case", "snowflake", "select X.CURRENT_DATE() as d", ["current_date"]],
    ["a bigquery triple-quoted string", "bigquery", "select '''now()''' as s", []],
  ])("%s", (_name, adapter, sql, expected) => {
    expect(clockCalls(sql, adapter)).toEqual(expected);
  });
});

describe("pythonClockCalls: Python models read the clock through methods", () => {
  it.each<[string, string, string[]]>([
    ["datetime.now()", "df['at'] = datetime.now()", ["now"]],
    ["date.today()", "d = date.today()", ["today"]],
    ["datetime.utcnow ()", "datetime.utcnow ()", ["utcnow"]],
    ["PySpark F.current_date()", "df.withColumn('d', F.current_date())", ["current_date"]],
    ["SQL text in spark.sql", 'spark.sql("select current_timestamp() as t")', ["current_timestamp"]],
    ["after a # inside a string", "x = '#'; y = datetime.now()", ["now"]],
    ["no call", "def model(dbt, session):\n    return dbt.ref('orders')", []],
    ["a name that is not called", "now = 1\nknown_today = 2", []],
  ])("%s", (_name, code, expected) => {
    expect(pythonClockCalls(code)).toEqual(expected);
  });
});

describe.skipIf(!sharedFixturesPresent)("clockCalls on real compiled SQL", () => {
  // Counted by hand: every model whose compiled SQL names a clock function as
  // a whole word (strings and comments included) calls it, and no other does.
  it.each<[string, string[]]>([
    [
      "planetkart-snowflake-1.10",
      [
        "business_kpis: current_date",
        "dim_customers: current_timestamp",
        "dim_products: current_timestamp",
        "dim_regions: current_timestamp",
        "fact_orders: current_timestamp",
        "stg_customers: current_date",
      ],
    ],
    [
      "global-trade-bq-1.11-large",
      ["mart_dataset_coverage_summary: current_date", "stg_reporters: current_date"],
    ],
    ["jaffle-shop-elementary-bq-1.9", ["metrics_anomaly_score: current_timestamp"]],
    [
      "salary-survey-bq-1.9",
      ["metric_survey__data_quality: current_date", "stg_survey_data: current_timestamp"],
    ],
    [
      "tuva-snowflake-1.7-v11-large",
      [
        "hcc_suspecting__int_patient_hcc_history: current_timestamp",
        "hcc_suspecting__summary: current_date",
        "quality_measures__int_nqf0034__performance_period: current_timestamp",
        "quality_measures__int_nqf2372__performance_period: current_timestamp",
      ],
    ],
    ["jaffle-shop-duckdb-1.12", []],
    // Its one Python model (dim_common__dim_customer) reads no clock.
    ["analytics-snowflake-python-1.9", []],
    ["across-analytics-postgres-1.10-large", []],
  ])("%s", (dir, expected) => {
    const project = loadProject(readFileSync(sharedFixture(dir, "manifest.json"), "utf8"), "manifest.json");
    const found = [...project.fingerprints.values()]
      .filter((fp) => fp.clockCalls.length > 0)
      .map((fp) => `${project.graph.nodes.get(fp.id)!.node.name}: ${fp.clockCalls.join(", ")}`)
      .sort();
    expect(found).toEqual(expected);
  });
});

describe("the clock scan's quick trigger matches wherever the exact one does", () => {
  const { exact, quick } = CLOCK_TRIGGERS;
  const names = exact.source.match(/\(\?:([^)]*)\)/)![1]!.split("|");
  // Every ASCII character and a few others (letters outside ASCII, the long s, the Kelvin sign).
  const around = [
    ...Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)),
    "é",
    "ſ",
    "K",
    "ß",
    "\u00a0",
  ];

  it.each(names)("%s, with every character before and after it", (name) => {
    for (const spelled of [name, name.toUpperCase(), name[0]!.toUpperCase() + name.slice(1)]) {
      for (const c of around) {
        for (const text of [`${c}${spelled} x`, `x ${spelled}${c}`, `${c}${spelled}${c}`, `${c}${spelled}`]) {
          if (exact.test(text)) expect(quick.test(text), JSON.stringify(text)).toBe(true);
        }
      }
    }
  });

  it("on 20,000 random texts built from names, word characters, `$` and punctuation", () => {
    let seed = 18;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const pieces = [...names, "_", "$", "a", "Z", "9", " ", ".", "(", "'", "é", "-- ", "\n", "now", "x"];
    let matched = 0;
    for (let k = 0; k < 20_000; k++) {
      let text = "";
      for (let p = 0, len = 1 + random(6); p < len; p++) text += pieces[random(pieces.length)];
      if (!exact.test(text)) continue;
      matched++;
      expect(quick.test(text), JSON.stringify(text)).toBe(true);
    }
    expect(matched).toBeGreaterThan(1000);
  });
});
