/**
 * When column impact gives up on a changed model (issue 39), the plan says
 * why on that model's entry, and the comment's line and `explain` carry it:
 * realistic edits (file, checksum and compiled SQL, as dbt writes them) of
 * jaffle-shop's stg_products that column impact cannot classify, each with
 * every reader built.
 */
import { describe, expect, it } from "vitest";
import { phraseContext, phraseEntry } from "../../../src/comment/reason-phrases.js";
import { wordsToMarkdown } from "../../../src/comment/words.js";
import { loadAnalyzeSql } from "../../../src/runtime/column-facts-analyzer.js";
import { sharedFixturesPresent } from "../../support/shared-fixtures.js";
import { planEdit } from "./impact-harness.js";

const loaded = sharedFixturesPresent ? await loadAnalyzeSql() : null;
if (loaded && !loaded.ok) throw new Error(loaded.error);
const analyze = loaded?.ok ? loaded.analyze : () => ({ ok: false as const, error: "no parser" });

const MODEL = "model.jaffle_shop.stg_products";
const READER = "model.jaffle_shop.order_items";

describe.skipIf(!sharedFixturesPresent)("column impact that gives up says why on the changed model", () => {
  it.each([
    {
      name: "the file's Jinja now runs a query while compiling",
      edit: (sql: string) =>
        sql.includes("{{")
          ? `{% set probe = run_query('select 1') %}\n${sql.replace("description as product_description", "trim(description) as product_description")}`
          : sql.replace("description as product_description", "trim(description) as product_description"),
      why: /stg_products's Jinja mentions `run_query`, which may read the warehouse while compiling/,
    },
    {
      name: "the compiled SQL no longer parses",
      edit: (sql: string) =>
        sql.replace("description as product_description", "description as as product_description"),
      why: /^after: /,
    },
  ])("$name", ({ edit, why }) => {
    const out = planEdit("jaffle-shop-duckdb-1.12", MODEL, edit, analyze);
    const entry = out.withImpact.entries.find((e) => e.unique_id === MODEL)!;
    expect(entry.action).toBe("BUILD");
    expect(entry.reasons[0]!.code).toBe("code_changed");
    expect(entry.column_change).toBeUndefined();
    expect(entry.column_change_unknown).toMatch(why);
    const reader = out.withImpact.entries.find((e) => e.unique_id === READER)!;
    expect(`${reader.action} ${reader.reasons[0]!.code}`).toBe("BUILD parent_code_changed");
    const line = wordsToMarkdown(phraseEntry(entry, phraseContext(out.withImpact)));
    expect(line).toContain("; its column impact is unknown (");
    expect(line).toContain("), so every reader is built");
    // Without column impact asked, nothing is said of it.
    expect(out.without.entries.find((e) => e.unique_id === MODEL)!.column_change_unknown).toBeUndefined();
  });
});
