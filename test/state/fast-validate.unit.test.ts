/**
 * The fast path of readSnapshotDocument must decide exactly as zod does: it
 * may only say "valid" for documents zod accepts and returns unchanged.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { compileFastCheck } from "../../src/state/fast-validate.js";
import { readSnapshotDocument, snapshotSchema } from "../../src/state/snapshot.js";
import { generateSnapshot } from "../../tools/snapshot-generator.js";

function rng(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

const ODD_VALUES: unknown[] = [
  null,
  undefined,
  0,
  -1.5,
  Number.NaN,
  "",
  "x",
  true,
  [],
  {},
  ["a"],
  { a: 1 },
  "1.2",
];

/** Every path to a value in `document`. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) out.push(...paths(item, [...prefix, index]));
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) out.push(...paths(item, [...prefix, key]));
  }
  return out;
}

function mutate(document: unknown, random: () => number): unknown {
  const copy = structuredClone(document) as Record<string, unknown>;
  const all = paths(copy).filter((path) => path.length > 0);
  const path = all[Math.floor(random() * all.length)]!;
  let parent: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  const action = random();
  if (action < 0.2) delete parent[last];
  else if (action < 0.35) parent[`extra_${Math.floor(random() * 3)}`] = "unknown key";
  else parent[last] = ODD_VALUES[Math.floor(random() * ODD_VALUES.length)];
  return copy;
}

describe("fast snapshot validation", () => {
  it("covers the snapshot schema (extend fast-validate.ts when this fails after a schema change)", () => {
    expect(compileFastCheck(snapshotSchema)).toBeTypeOf("function");
  });

  it("accepts only what zod accepts unchanged, over 1,500 mutated documents", () => {
    const fast = compileFastCheck(snapshotSchema)!;
    const base = JSON.parse(JSON.stringify(generateSnapshot({ nodes: 6, seed: 3 })));
    base.nodes[Object.keys(base.nodes)[0]!].duration_s = 12.5;
    base.nodes[Object.keys(base.nodes)[1]!].relation = null;
    base.nodes[Object.keys(base.nodes)[2]!].partial = { why: "it was built by a `dbt --empty` run" };
    expect(fast(base)).toBe(true);
    const random = rng(7);
    let accepted = 0;
    let rejected = 0;
    for (let round = 0; round < 1500; round++) {
      let document: unknown = base;
      const depth = 1 + Math.floor(random() * 3);
      for (let step = 0; step < depth; step++) document = mutate(document, random);
      const zod = snapshotSchema.safeParse(document);
      if (fast(document)) {
        accepted++;
        expect(zod.success, JSON.stringify(document)).toBe(true);
        expect(zod.data).toEqual(document);
      } else {
        rejected++;
      }
    }
    expect(accepted).toBeGreaterThan(25);
    expect(rejected).toBeGreaterThan(250);
  });

  it("leaves unknown keys to zod, which strips them", () => {
    const document = { ...JSON.parse(JSON.stringify(generateSnapshot({ nodes: 2 }))), later_field: 1 };
    const result = readSnapshotDocument(document);
    expect(result.ok).toBe(true);
    expect(result.ok && Object.hasOwn(result.snapshot, "later_field")).toBe(false);
  });

  it("compiles nothing for constructs it can't decide exactly", () => {
    expect(compileFastCheck(z.object({ a: z.string().min(1) }))).toBeUndefined();
    expect(compileFastCheck(z.object({ a: z.int() }))).toBeUndefined();
    expect(compileFastCheck(z.object({ a: z.string().default("x") }))).toBeUndefined();
    expect(compileFastCheck(z.object({ a: z.string() }).refine(() => true))).toBeUndefined();
    expect(compileFastCheck(z.record(z.enum(["a"]), z.string()))).toBeUndefined();
    expect(compileFastCheck(z.object({ a: z.string().transform((s) => s.length) }))).toBeUndefined();
    const arrays = compileFastCheck(z.object({ a: z.array(z.number()), b: z.boolean() }))!;
    expect(arrays({ a: [1, 2], b: false })).toBe(true);
    expect(arrays({ a: [1, Number.POSITIVE_INFINITY], b: false })).toBe(false);
    // biome-ignore lint/suspicious/noSparseArray: a hole is what is being tested
    expect(arrays({ a: [1, , 2], b: false })).toBe(false);
  });
});

describe("fast validation in accepts mode (the manifest's entries)", () => {
  const isObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);
  const objectSchema = z.custom<Record<string, unknown>>(isObject);
  const schema = z.object({
    id: z.string(),
    kind: z.literal("test"),
    tags: z.union([z.string(), z.array(z.string())]).nullish(),
    config: objectSchema.nullish(),
    extra: z.looseObject({ a: z.number().nullish() }).nullish(),
    anything: z.unknown(),
  });

  it("accepts what zod accepts, other keys included (zod strips them), and leaves the rest to zod", () => {
    const fast = compileFastCheck(schema, { mode: "accepts", trusted: new Set([isObject]) })!;
    const good = {
      id: "x",
      kind: "test",
      tags: ["a"],
      config: { b: 1 },
      extra: { a: 1, z: 2 },
      anything: 0,
      more: 1,
    };
    const variants: unknown[] = [
      good,
      { ...good, tags: "a" },
      { ...good, tags: undefined, config: null },
      { ...good, tags: [1] },
      { ...good, kind: "model" },
      { ...good, config: [] },
      { ...good, anything: undefined },
      { ...good, extra: { a: "1" } },
      { id: "x", kind: "test" },
      [],
      null,
    ];
    const verdicts = variants.map((value) => fast(value));
    expect(verdicts).toEqual([true, true, true, false, false, false, false, false, false, false, false]);
    for (const [index, value] of variants.entries()) {
      if (verdicts[index]) expect(schema.safeParse(value).success).toBe(true);
    }
  });

  it("compiles nothing for a custom check it is not told is exact, and no union or loose object by default", () => {
    expect(compileFastCheck(schema, { mode: "accepts" })).toBeUndefined();
    expect(compileFastCheck(z.union([z.string(), z.number()]))).toBeUndefined();
    const loose = compileFastCheck(z.looseObject({ a: z.string() }))!;
    expect(loose({ a: "x" })).toBe(true);
    expect(loose({ a: "x", b: 1 })).toBe(false);
  });
});
