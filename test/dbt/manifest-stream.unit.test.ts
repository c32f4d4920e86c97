/**
 * The streamed manifest reader (what the action and the CLI use) against the
 * whole-text reader: the same manifest from every real manifest, whatever the
 * size of the pieces; the same error for broken JSON; duplicates named;
 * bytes that are not UTF-8 refused. Every truncation and 3,000 damaged
 * copies: test/dbt/manifest-damage.adv.test.ts (the adversarial project).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { JsonObjectStream, JsonStreamRefusal } from "../../src/dbt/artifacts/json-object-stream.js";
import { loadManifest, readManifestPieces } from "../../src/dbt/artifacts/manifest-stream.js";
import { readManifestFile } from "../../src/files/read-manifest-file.js";
import {
  manifestFiles,
  outcome,
  SMALL,
  SMALL_PRETTY,
  smallManifest,
  wholeTextRead,
} from "../support/manifest-stream-cases.js";
import { SHARED_DBT_FIXTURES, sharedFixture, sharedFixturesPresent } from "../support/shared-fixtures.js";
import { thrownUserError } from "../support/thrown-user-error.js";

const fileWith = manifestFiles();

/** Every manifest.json under ../shared/fixtures/dbt (schemas excluded), relative, sorted. */
function fixtureManifests(): string[] {
  if (!sharedFixturesPresent) return [];
  return (readdirSync(SHARED_DBT_FIXTURES, { recursive: true }) as string[])
    .map((p) => p.split(path.sep).join("/"))
    .filter((p) => path.posix.basename(p) === "manifest.json" && !p.startsWith("schemas/"))
    .sort();
}

describe.skipIf(!sharedFixturesPresent)("every real manifest, streamed", () => {
  it.each(fixtureManifests())("%s reads as the whole text does, in pieces of 64 KiB and of 4 KiB", (rel) => {
    const file = sharedFixture(rel);
    const whole = outcome(() => wholeTextRead(readFileSync(file, "utf8"), file));
    expect(outcome(() => readManifestFile(file, "--manifest"))).toEqual(whole);
    expect(outcome(() => readManifestFile(file, "--manifest", 4096))).toEqual(whole);
  });
});

describe("the streamed reader on a small manifest", () => {
  const whole = wholeTextRead(SMALL, "m.json");

  it.each([
    ["compact", SMALL],
    ["pretty-printed", SMALL_PRETTY],
    ["with a byte-order mark", `\uFEFF${SMALL}`],
    ["with whitespace around", ` \n\t${SMALL}\r\n `],
  ])("%s: pushed in pieces of every size from 1 to 64 characters, the same manifest", (_, text) => {
    for (let size = 1; size <= 64; size++) {
      const pushed = readManifestPieces(
        (push) => {
          for (let at = 0; at < text.length; at += size) push(text.slice(at, at + size));
        },
        "m.json",
        () => {
          throw new Error("the stream refused a text it should read");
        },
      );
      expect(pushed).toEqual(whole);
    }
  });

  it.each([1, 2, 3, 5, 7, 64])(
    "read from the file in pieces of %i bytes (multi-byte characters split across pieces), the same manifest",
    (bytes) => {
      const file = fileWith(SMALL);
      expect(readManifestFile(file, "--manifest", bytes)).toEqual({ ...whole, file });
    },
  );

  it("names a node id that appears twice, and a collection that appears twice", () => {
    const orders = JSON.stringify((smallManifest().nodes as Record<string, unknown>)["model.shop.orders"]);
    const twiceNode = SMALL.replace(
      '"model.shop.revenue":{',
      `"model.shop.orders":${orders},"model.shop.revenue":{`,
    );
    expect(twiceNode).not.toBe(SMALL);
    const error = thrownUserError(() => readManifestFile(fileWith(twiceNode), "--manifest"));
    expect(error.code).toBe("artifact_invalid");
    expect(error.problems).toEqual([
      { path: '$.nodes["model.shop.orders"]', message: "appears more than once in `nodes`" },
    ]);
    const twiceMacros = SMALL.replace('"docs":{}', '"macros": {}, "docs": {}');
    expect(twiceMacros).not.toBe(SMALL);
    expect(thrownUserError(() => readManifestFile(fileWith(twiceMacros), "--manifest")).problems).toEqual([
      { path: "$.macros", message: "appears more than once at the top level of the file" },
    ]);
  });

  it("loadManifest (a manifest's text) is the same streamed reader: same manifest, same refusals", () => {
    expect(loadManifest(SMALL, "m.json")).toEqual(whole);
    const orders = JSON.stringify((smallManifest().nodes as Record<string, unknown>)["model.shop.orders"]);
    const twice = SMALL.replace(
      '"model.shop.revenue":{',
      `"model.shop.orders":${orders},"model.shop.revenue":{`,
    );
    expect(thrownUserError(() => loadManifest(twice, "m.json")).problems).toEqual([
      { path: '$.nodes["model.shop.orders"]', message: "appears more than once in `nodes`" },
    ]);
    expect(outcome(() => loadManifest(SMALL.slice(0, 100), "m.json"))).toEqual(
      outcome(() => wholeTextRead(SMALL.slice(0, 100), "m.json")),
    );
  });

  it("ignores repeated keys in members it doesn't read (dbt's child_map)", () => {
    const text = SMALL.replace('"child_map":{', '"child_map": {"model.shop.orders": [], ');
    expect(text).not.toBe(SMALL);
    const file = fileWith(text);
    expect(readManifestFile(file, "--manifest")).toEqual(wholeTextRead(text, file));
  });

  it("refuses a top level that is not an object with the whole-text reader's problem", () => {
    const error = thrownUserError(() => readManifestFile(fileWith(`[${SMALL}]`), "--manifest"));
    expect(error.code).toBe("artifact_invalid");
    expect(error.problems).toEqual([
      { path: "$", message: "expected an object (the dbt manifest), found an array" },
    ]);
  });

  it("refuses bytes that are not UTF-8, naming the first bad byte and the input, whatever the piece size", () => {
    const bytes = Buffer.from(SMALL, "utf8");
    const at = bytes.indexOf(Buffer.from("Umlauten"));
    bytes[at] = 0xff;
    const file = fileWith(bytes);
    for (const size of [1, 4, 100, 65536]) {
      const error = thrownUserError(() => readManifestFile(file, "input `manifest`", size));
      expect(error.code).toBe("artifact_not_json");
      expect(error.message).toBe(
        `${file} is not UTF-8 text: byte ${at} (0xff) can't be decoded (given by input \`manifest\`).`,
      );
    }
  });

  it("keeps U+FFFD written in the file itself (it is valid UTF-8)", () => {
    const text = SMALL.replace("Umlauten", "Umlauten \uFFFD");
    const file = fileWith(text);
    expect(readManifestFile(file, "--manifest", 3)).toEqual(wholeTextRead(text, file));
  });

  it("reports a missing file and a directory as readTextFile does", () => {
    const work = path.dirname(fileWith("{}"));
    expect(thrownUserError(() => readManifestFile(path.join(work, "nope.json"), "--manifest")).code).toBe(
      "file_missing",
    );
    expect(thrownUserError(() => readManifestFile(work, "--manifest")).code).toBe("file_unreadable");
  });
});

describe("JsonObjectStream", () => {
  /** What the stream gave, as a list of events. */
  function events(pieces: readonly string[]): unknown[] {
    const out: unknown[] = [];
    const stream = new JsonObjectStream({
      skips: (key) => key.startsWith("skip"),
      member: (key, value) => out.push(["member", key, value]),
      objectStart: (key) => out.push(["object", key]),
      entry: (key, id, value) => out.push(["entry", key, id, value]),
      duplicate: (key, id) => out.push(["duplicate", key, id]),
    });
    for (const piece of pieces) stream.push(piece);
    stream.end();
    return out;
  }

  it("gives members whole and an object member's entries one by one, keys decoded", () => {
    expect(events(['{"a": 1, "b": {"x\\"y": [1, {"z": "}"}], "w": null}, "c": "s", "d": {}}'])).toEqual([
      ["member", "a", 1],
      ["object", "b"],
      ["entry", "b", 'x"y', [1, { z: "}" }]],
      ["entry", "b", "w", null],
      ["member", "c", "s"],
      ["object", "d"],
    ]);
  });

  it.each([
    ["whole", 100_000],
    ["in pieces of 7 characters", 7],
    ["in pieces of 1 character", 1],
  ])("checks a skipped member but gives none of it, nor its repeated keys (%s)", (_how, size) => {
    const text =
      '{"skip_map": {"m": [1], "n": {"}": "{\\"}"}, "m": [2]}, "b": {"x": 1}, "skip_list": [1, {"a": 2}], "skip_map": {}, "c": 3}';
    const pieces: string[] = [];
    for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size));
    expect(events(pieces)).toEqual([
      ["object", "b"],
      ["entry", "b", "x", 1],
      ["duplicate", "skip_map", undefined],
      ["member", "c", 3],
    ]);
  });

  it("scans a skipped member of many entries with about one check per piece", () => {
    const entries = Array.from({ length: 20_000 }, (_, i) => `"model.p.m${i}": ["model.p.m${i + 1}"]`);
    const text = `{"skip_map": {${entries.join(", ")}}, "after": 1}`;
    const seen: unknown[] = [];
    const stream = new JsonObjectStream({
      skips: (key) => key === "skip_map",
      member: (key, value) => seen.push([key, value]),
      objectStart: () => {},
      entry: () => {
        throw new Error("no entry of a skipped member is given");
      },
      duplicate: () => {},
    });
    const piece = 64 * 1024;
    for (let at = 0; at < text.length; at += piece) stream.push(text.slice(at, at + piece));
    stream.end();
    expect(seen).toEqual([["after", 1]]);
    expect(stream.scans).toBeLessThan(text.length / piece + 3);
  });

  /** `value` as dbt writes JSON (Python's json.dumps: `, ` and `: `, no indentation). */
  function dbtJson(value: unknown): string {
    if (Array.isArray(value)) return `[${value.map(dbtJson).join(", ")}]`;
    if (value !== null && typeof value === "object") {
      const members = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${dbtJson(v)}`);
      return `{${members.join(", ")}}`;
    }
    return JSON.stringify(value);
  }

  /** The events JSON.parse of the whole text gives (no member skipped, no repeated key). */
  function parsedEvents(text: string): unknown[] {
    const out: unknown[] = [];
    for (const [key, value] of Object.entries(JSON.parse(text) as Record<string, unknown>)) {
      if (value !== null && typeof value === "object" && !Array.isArray(value)) {
        out.push(["object", key]);
        for (const [id, entry] of Object.entries(value)) out.push(["entry", key, id, entry]);
      } else out.push(["member", key, value]);
    }
    return out;
  }

  /**
   * What the stream gives for `text` pushed in pieces of `size`, and its guesses in member `key` (as
   * they stood after that member's last entry).
   */
  function streamedWithGuesses(text: string, size: number, key: string) {
    const out: unknown[] = [];
    let guessed = { taken: 0, failed: 0 };
    const stream = new JsonObjectStream({
      skips: () => false,
      member: (k, value) => out.push(["member", k, value]),
      objectStart: (k) => out.push(["object", k]),
      entry: (k, id, value) => {
        if (k === key) guessed = { ...stream.guessed };
        out.push(["entry", k, id, value]);
      },
      duplicate: (k, id) => out.push(["duplicate", k, id]),
    });
    for (let at = 0; at < text.length; at += size) stream.push(text.slice(at, at + size));
    stream.end();
    return { out, guessed };
  }

  /** Nodes whose objects hold keys like unique_ids after a nested object: `}, "x.y"` inside an entry. */
  function trickyNodes(count: number): Record<string, unknown> {
    const nodes: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) {
      nodes[`model.p.m${i}`] = {
        config: { meta: { owner: { team: "a" }, "model.p.other": { x: '}, "model.p.q": {' } } },
        columns: { "a.b": { name: "a.b" }, "c.d": { name: "c.d", tags: ['}, "e.f"'] } },
        compiled_code: `select '}, "model.p.m${i + 1}": {' as t`,
      };
    }
    return nodes;
  }

  it.each([
    ["as dbt writes it", (v: unknown) => dbtJson(v)],
    ["compact", (v: unknown) => JSON.stringify(v)],
    ["indented", (v: unknown) => JSON.stringify(v, null, 2)],
  ])("guesses where object entries end, and gives what JSON.parse gives (%s)", (_how, write) => {
    const nodes: Record<string, unknown> = {};
    for (let i = 0; i < 200; i++) {
      nodes[`model.p.m${i}`] = {
        name: `m${i}`,
        config: { materialized: "table" },
        depends_on: { nodes: [] },
      };
    }
    const text = write({ metadata: { v: 1 }, nodes, macros: { "macro.p.x": { macro_sql: "x" } }, after: 1 });
    const { out, guessed } = streamedWithGuesses(text, 4096, "nodes");
    expect(out).toEqual(parsedEvents(text));
    // The first entry teaches the separator. An entry cut by a piece's end is scanned; one that ends
    // just before it (its separator not there yet) and the last one count as failed guesses.
    expect(guessed.failed).toBeLessThanOrEqual(5);
    expect(guessed.taken).toBeGreaterThan(150);
  });

  it.each([
    ["as dbt writes it", 64 * 1024],
    ["as dbt writes it, in pieces of 5 characters", 5],
  ])(
    "falls back to scanning when a guess fails, and stops guessing in a member where guesses keep failing (%s)",
    (_how, size) => {
      const text = dbtJson({ nodes: trickyNodes(500), after: 1 });
      const { out, guessed } = streamedWithGuesses(text, size, "nodes");
      expect(out).toEqual(parsedEvents(text));
      // Every guess in these nodes fails (a nested `}, "model.p.other"`): a few tries, then none.
      expect(guessed.taken).toBe(0);
      expect(guessed.failed).toBeGreaterThan(0);
      expect(guessed.failed).toBeLessThanOrEqual(5);
    },
  );

  it("stops looking for separators in a member whose entries aren't separated like its first two", () => {
    const entries = Array.from({ length: 300 }, (_, i) => `"model.p.m${i}": {"name": "m${i}", "config": {}}`);
    // The first separator has two spaces; the others, one.
    const text = `{"nodes": {${entries[0]},  ${entries.slice(1).join(", ")}}, "after": 1}`;
    const { out, guessed } = streamedWithGuesses(text, 1024, "nodes");
    expect(out).toEqual(parsedEvents(text));
    // Each complete entry that no learnt separator followed is a failed guess: a few, then no more searching.
    expect(guessed).toEqual({ taken: 0, failed: 5 });
  });

  it("waits for a number or a literal cut between pieces instead of reading half of it", () => {
    expect(events(['{"a": 12', '34, "b": tr', "ue}"])).toEqual([
      ["member", "a", 1234],
      ["member", "b", true],
    ]);
  });

  it("scans a value spread over thousands of pieces a few times, not once per piece", () => {
    const sql = `select ${"x, ".repeat(1_000_000)}1`;
    const text = JSON.stringify({ nodes: { "model.a.b": { compiled_code: sql } }, after: 1 });
    const seen: unknown[] = [];
    const stream = new JsonObjectStream({
      skips: () => false,
      member: (key, value) => seen.push([key, value]),
      objectStart: () => {},
      entry: (_key, id, value) => seen.push([id, (value as { compiled_code: string }).compiled_code.length]),
      duplicate: () => {},
    });
    const piece = 1000;
    for (let at = 0; at < text.length; at += piece) stream.push(text.slice(at, at + piece));
    stream.end();
    expect(seen).toEqual([
      ["model.a.b", sql.length],
      ["after", 1],
    ]);
    // 3,000 pieces; each scan of the unfinished value waits for twice as much text.
    expect(stream.scans).toBeLessThan(20);
  });

  it.each([
    ["", "empty"],
    ["{", "unclosed"],
    ['{"a": 1,}', "trailing comma"],
    ['{"a" 1}', "no colon"],
    ['{"a": 1} x', "text after the document"],
    ['{"a": {"b": 1,}}', "trailing comma in an entry list"],
    ['{"a": {"b": [1,]}}', "a broken entry"],
    ['{"skip": {"b": [1,]}}', "a broken entry of a skipped member"],
    ['{"skip": {"b": 1, "c\u0001": 2}}', "a control character in a skipped member's key"],
    ['{"skip": {"b": "\\x"}}', "a bad escape in a skipped member"],
    ['{"skip": {"b": 1,}}', "a trailing comma in a skipped member"],
    ['{"skip": [1,]}', "a broken skipped member that isn't an object"],
    ['{"skip": {"b": 1}', "an unclosed document after a skipped member"],
    ["{a: 1}", "an unquoted key"],
    ['{"a": 1 "b": 2}', "no comma"],
    ['{"a\u0001": 1}', "a control character in a key"],
  ])("refuses %j (%s)", (text) => {
    expect(() => events([text])).toThrow(JsonStreamRefusal);
  });
});
