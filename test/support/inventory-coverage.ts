/**
 * Coverage by mutation over the real fixtures and dbt's manifest schemas
 * (issue 36): every distinct path pattern, its row, and what a change to it
 * does to the plan. Shared by test/dbt/inventory-coverage.int.test.ts (one probe
 * set per row, on the smallest fixtures) and
 * test/dbt/inventory-coverage.slow.test.ts (every pattern, every fixture).
 */
import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { classifyPath, patternSteps } from "../../src/dbt/inventory/lookup.js";
import {
  expectedOf,
  interestingIn,
  mutation,
  prepareFor,
  Subject,
  type TouchedClass,
  touchedClass,
  valueOfKind,
} from "./inventory-mutation.js";
import { type Instance, schemaPatterns } from "./manifest-patterns.js";
import { SHARED_DBT_FIXTURES } from "./shared-fixtures.js";

// biome-ignore lint/suspicious/noExplicitAny: raw dbt JSON
type Json = any;

export type Verdict =
  | "moved" // fingerprinted, unknown or unlisted, and some node moved
  | "still" // inert, and nothing moved
  | "refused" // the product refused every mutated manifest (safe)
  | "no-instance" // a schema pattern no fixture has an entry of that kind to add it to
  | "missed" // should have moved, nothing did
  | "moved-inert" // inert, and something moved
  | "not-via-unclassified"; // unknown or unlisted, moved, but not through an `unclassified:` component

export interface PatternResult {
  pattern: string;
  /** The row that classifies the pattern itself; null: none. */
  row: string | null;
  touched: TouchedClass;
  verdict: Verdict;
  probes: number;
  /** Where it was tried and what happened last (for the failure message). */
  note: string;
  /** Moved probes whose decisions don't follow the harness's propagation (harness.ts expectedDecisions). */
  cone: string[];
  source: "fixtures" | "schema";
}

export interface Fixtures {
  subjects: Subject[];
  /** Manifests the product refuses by version (v10): counted, not probed. */
  refusedVersions: string[];
  schemaTypes: Map<string, Instance["kind"]>;
  schemaOnly: string[];
}

/** Every manifest.json under the fixtures (history included), smallest first; v10 set aside. */
export function readFixtures(filter: (file: string) => boolean = () => true): Fixtures {
  const subjects: Subject[] = [];
  const refusedVersions: string[] = [];
  for (const file of globSync("**/manifest.json", { cwd: SHARED_DBT_FIXTURES }).sort()) {
    if (!filter(file)) continue;
    const full = path.join(SHARED_DBT_FIXTURES, file);
    const head = readFileSync(full, "utf8").slice(0, 600);
    if (/manifest\/v(\d+)\.json/.exec(head)?.[1] === "10") {
      refusedVersions.push(file);
      continue;
    }
    subjects.push(new Subject(file, full));
  }
  subjects.sort((a, b) => a.size - b.size);
  const schemaTypes = new Map<string, Instance["kind"]>();
  for (const v of ["v11", "v12"]) {
    const schema = JSON.parse(
      readFileSync(path.join(SHARED_DBT_FIXTURES, "schemas", "manifest", `${v}.json`), "utf8"),
    );
    for (const [p, x] of schemaPatterns(schema)) if (!schemaTypes.has(p)) schemaTypes.set(p, x.type);
  }
  const seen = new Set(subjects.flatMap((s) => [...s.patterns.keys()]));
  const schemaOnly = [...schemaTypes.keys()].filter((p) => !seen.has(p)).sort();
  return { subjects, refusedVersions, schemaTypes, schemaOnly };
}

interface Candidate {
  subject: Subject;
  instance: Instance;
  /** For a schema-only pattern: the value to add and where (an instance of its nearest seen ancestor). */
  add?: { key: string; value: unknown };
}

export interface CoverageOptions {
  /** Most probes for a pattern that must move (tried until one does). */
  maxMove: number;
  /** Probes for a pattern that must not move (each must be still). */
  maxStill: number;
  /** Only these patterns (default: all). */
  only?: (pattern: string) => boolean;
  /** At most this many fixtures a pattern is tried in. */
  maxFixtures: number;
}

/** Candidates of a seen pattern: its instances, preferred ones first, spread over the fixtures. */
function candidatesOf(fx: Fixtures, pattern: string, maxFixtures: number): Candidate[] {
  const per: Candidate[][] = [];
  // The smallest fixtures, and any other with a preferred instance.
  for (const subject of fx.subjects) {
    const list = subject.patterns.get(pattern);
    if (list && (per.length < maxFixtures || list.some((i) => i.preferred)))
      per.push(list.map((instance) => ({ subject, instance })));
  }
  const out: Candidate[] = [];
  for (let k = 0; per.some((l) => l[k]); k++) for (const l of per) if (l[k]) out.push(l[k]!);
  // Instances whose entry holds a row's condition first, whichever fixture they are in.
  return [...out.filter((c) => c.instance.preferred), ...out.filter((c) => !c.instance.preferred)];
}

/** Candidates of a schema-only pattern: its nearest seen ancestor object, with the rest added. */
function schemaCandidatesOf(fx: Fixtures, pattern: string, maxFixtures: number): Candidate[] {
  const steps = patternSteps(pattern);
  for (let n = steps.length - 1; n > 0; n--) {
    const ancestor = joinSteps(steps.slice(0, n));
    const rest = steps.slice(n);
    // An entry of a kind no fixture has (`nodes.<function>`): nothing to add it to.
    if (rest[0] === "[]" || rest[0] === "<key>" || rest[0]!.startsWith("<")) continue;
    const cands = candidatesOf(fx, ancestor, maxFixtures).filter((c) => c.instance.kind === "object");
    if (cands.length === 0) continue;
    let value: unknown = valueOfKind(fx.schemaTypes.get(pattern) ?? "string");
    for (let i = rest.length - 1; i >= 1; i--)
      value = rest[i] === "[]" ? [value] : { [rest[i] === "<key>" ? "ods_probe_key" : rest[i]!]: value };
    return cands.map((c) => ({ ...c, add: { key: rest[0]!, value } }));
  }
  return [];
}

function joinSteps(steps: readonly string[]): string {
  let out = "";
  for (const s of steps) out += s === "[]" ? "[]" : out === "" ? s : `.${s}`;
  return out;
}

function at(m: Json, segments: readonly (string | number)[]): Json {
  let v = m;
  for (const s of segments) v = v?.[s];
  return v;
}

/** Probes one pattern and judges it against its row. */
export function probePattern(
  fx: Fixtures,
  pattern: string,
  source: "fixtures" | "schema",
  opts: CoverageOptions,
): PatternResult {
  const cands =
    source === "fixtures"
      ? candidatesOf(fx, pattern, opts.maxFixtures)
      : schemaCandidatesOf(fx, pattern, opts.maxFixtures);
  const row = classifyPath(pattern);
  const result: PatternResult = {
    pattern,
    row: row?.path ?? null,
    touched: row === null ? "unlisted" : row.class,
    verdict: "no-instance",
    probes: 0,
    note: "",
    cone: [],
    source,
  };
  let moved = 0;
  let still = 0;
  let viaUnclassified = false;
  for (const c of cands) {
    const m = c.subject.m;
    let apply: (doc: Json) => () => void;
    let touched: string[];
    if (c.add) {
      const { key, value } = c.add;
      const segs = c.instance.segments;
      if (at(m, segs)?.[key] !== undefined) continue;
      apply = (doc) => {
        const obj = at(doc, segs);
        obj[key] = structuredClone(value);
        return () => {
          delete obj[key];
        };
      };
      touched = [pattern];
    } else {
      const mu = mutation(m, c.instance, fx.schemaTypes.get(pattern) ?? "string");
      apply = mu.apply;
      touched = mu.touched;
    }
    const cls = touchedClass(touched);
    result.touched = cls;
    const expected = expectedOf(cls);
    const r = c.subject.probe(apply, prepareFor(pattern, c.instance.segments));
    result.probes++;
    const where = `${c.subject.name} ${c.instance.segments.join("/")}`;
    if (r.refused) {
      result.note = `${where}: refused: ${r.refused.slice(0, 160)}`;
    } else if (r.moved.length > 0) {
      moved++;
      if (r.viaUnclassified) viaUnclassified = true;
      result.note = `${where}: moved ${r.moved.slice(0, 3).join(", ")}${r.moved.length > 3 ? ", …" : ""}`;
      for (const [id, d] of Object.entries(r.cone))
        result.cone.push(`${where}: ${id} got ${d.got}, want ${d.want}`);
    } else {
      still++;
      result.note = `${where}: nothing moved`;
    }
    if (expected === "move" && moved > 0) break;
    if (expected === "move" && result.probes >= opts.maxMove) break;
    if (expected === "still" && (moved > 0 || result.probes >= opts.maxStill)) break;
  }
  const expected = expectedOf(result.touched);
  if (result.probes === 0) result.verdict = "no-instance";
  else if (moved === 0 && still === 0) result.verdict = "refused";
  else if (expected === "still") result.verdict = moved > 0 ? "moved-inert" : "still";
  else if (moved === 0) result.verdict = "missed";
  else if ((result.touched === "unlisted" || result.touched === "unknown") && !viaUnclassified)
    result.verdict = "not-via-unclassified";
  else result.verdict = "moved";
  return result;
}

export function interestingFor(m: Json) {
  return interestingIn(m);
}

/** The figures: classified (moved where it must, still where it must) over seen, and the failures. */
export function summarise(results: readonly PatternResult[]) {
  const seen = results.filter((r) => r.verdict !== "no-instance");
  const classified = seen.filter((r) => r.verdict === "moved" || r.verdict === "still");
  const refused = seen.filter((r) => r.verdict === "refused");
  const failures = seen.filter((r) => !["moved", "still", "refused"].includes(r.verdict));
  const cone = results.filter((r) => r.cone.length > 0);
  return {
    seen: seen.length,
    classified: classified.length,
    refused: refused.map((r) => r.pattern),
    noInstance: results.filter((r) => r.verdict === "no-instance").map((r) => r.pattern),
    failures: failures.map(
      (r) => `${r.verdict}\t${r.touched}\t${r.pattern}\t(row ${r.row ?? "none"})\t${r.note}`,
    ),
    cone: cone.map((r) => `${r.pattern}: ${r.cone.slice(0, 3).join("; ")}`),
  };
}
