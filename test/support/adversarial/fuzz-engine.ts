/**
 * The mutation fuzzer's cases: one function per artifact kind turns (seed,
 * index) into a mutated manifest.json, run_results.json or sources.json,
 * runs it through the same in-process functions the CLI and the action use
 * (load, graph, fingerprints, record, plan, render) and judges the outcome:
 *
 * - it ends in a plan (or a recorded snapshot) or in a `UserError` that names
 *   the file; anything else thrown is a failure;
 * - a mutation that removes evidence names the nodes that must not be REUSE
 *   (the node and what reads it); a REUSE among them is a wrong plan;
 * - a mutation that must be refused (truncated, empty, a cycle, …) is;
 * - a plan's `select` is shell words that give back exactly the selectors of
 *   its BUILD nodes and source checks; the comment renders.
 *
 * Every case is reproducible from (seed, kind, index): see rng.ts.
 * Erasable TypeScript only: the fuzz worker runs this file in plain Node.
 */
import { scopeOf } from "../../../src/app/scope.js";
import { renderComment } from "../../../src/comment/render-comment.js";
import { readManifestDocument } from "../../../src/dbt/artifacts/manifest-builder.js";
import { loadRunResults } from "../../../src/dbt/artifacts/run-results.js";
import { loadSources } from "../../../src/dbt/artifacts/sources.js";
import { fingerprintProject } from "../../../src/dbt/fingerprint/project-fingerprints.js";
import { buildGraph } from "../../../src/dbt/graph.js";
import { type LoadedProject, loadProject } from "../../../src/dbt/load-project.js";
import { formatUserError, isUserError } from "../../../src/errors/user-error.js";
import { decodeUtf8 } from "../../../src/files/read-text-file.js";
import { readFreshnessPolicy } from "../../../src/planner/freshness-policy.js";
import { plan } from "../../../src/planner/plan.js";
import { record } from "../../../src/planner/record.js";
import { selectedMembers, selectNodes } from "../../../src/planner/selection.js";
import type { Plan } from "../../../src/state/plan.js";
import { snapshotSchema } from "../../../src/state/snapshot.js";
import { encodeSnapshot, verifyParts } from "../../../src/store/snapshot-codec.js";
import { type Baseline, type Corpus, type ManifestSeed, refChildren } from "./corpus.js";
import {
  deepNesting,
  defineKey,
  deleteAt,
  getAt,
  INVALID_UTF8,
  isObject,
  type JsonPath,
  NASTY_STRINGS,
  offsetInString,
  otherTypeValue,
  randomPath,
  renameKey,
  setAt,
  spliceBytes,
  spliceMarker,
  updateAt,
} from "./json-mutations.js";
import { caseRng, type Rng } from "./rng.js";
import { shellWords } from "./shell-words.js";

export type ArtifactKind = "manifest" | "run_results" | "sources";

export interface CaseResult {
  kind: ArtifactKind;
  index: number;
  /** The mutation operator (what the totals count by). */
  op: string;
  /** What it did, for a failure report. */
  detail: string;
  /** `plan`, `recorded`, or the UserError's code. */
  outcome: string;
  /** Whether an evidence oracle applied (some baseline REUSE node was required not to be REUSE). */
  armed: boolean;
  failure?: string;
  ms: number;
}

/** How strictly a node must not be REUSE: `strict` never; `data` unless its own freshness policy says so. */
type Level = "strict" | "data";

interface Expectation {
  /** Nodes that must not be REUSE. */
  mustNot: Map<string, Level>;
  /** The outcome must be one of these UserError codes. */
  refuse?: readonly string[];
  /** The plan must decide every node as the baseline did. */
  sameAsBaseline?: boolean;
  /** Run results: nodes that must not be recorded as built whole (a partial build, `NodeState.partial`, is not). */
  notBuilt?: Set<string>;
  /** Run results: no node may be recorded as built whole (an `--empty` run is recorded, every node partial). */
  noneWhole?: boolean;
}

/** A mutated artifact: text, bytes (decoded as the CLI and the action decode files) or a parsed document. */
export type Input = { text: string } | { bytes: Uint8Array } | { doc: unknown };

/** What a case fed to the functions, for running the same case through the CLI bundle. */
export interface SeenCase {
  input: Input;
  /** The real file the case was made from. */
  file: string;
  /** The corpus seed's name; for manifests of a refused real file, `refused:` + its name. */
  seed: string;
}

export type Seen = (seen: SeenCase) => void;

/** The bytes a case's input would have as a file. */
export function inputBytes(input: Input): Buffer {
  if ("bytes" in input) return Buffer.from(input.bytes);
  if ("text" in input) return Buffer.from(input.text, "utf8");
  return Buffer.from(JSON.stringify(input.doc), "utf8");
}

interface Mutation {
  op: string;
  detail: string;
  input: Input;
  expect: Expectation;
}

const SLOW_MS = 15_000;

/* ------------------------------------------------------------ helpers */

function none(): Expectation {
  return { mustNot: new Map() };
}

function strictWithDescendants(
  baseline: Baseline,
  ids: Iterable<string>,
  level: Level = "strict",
): Expectation {
  const mustNot = new Map<string, Level>();
  addWithDescendants(baseline, mustNot, ids, level, level);
  return { mustNot };
}

function addWithDescendants(
  baseline: Baseline,
  mustNot: Map<string, Level>,
  ids: Iterable<string>,
  self: Level,
  below: Level,
): void {
  for (const id of ids) {
    if (mustNot.get(id) !== "strict") mustNot.set(id, self);
    for (const d of baseline.descendants.get(id) ?? [])
      if (mustNot.get(d) !== "strict") mustNot.set(d, below);
  }
}

function merge(into: Expectation, from: Expectation): void {
  for (const [id, level] of from.mustNot) if (into.mustNot.get(id) !== "strict") into.mustNot.set(id, level);
  if (from.notBuilt) {
    into.notBuilt ??= new Set();
    for (const id of from.notBuilt) into.notBuilt.add(id);
  }
}

function textOf(input: Input, file: string): string {
  if ("text" in input) return input.text;
  if ("bytes" in input) return decodeUtf8(input.bytes, file, "fuzz");
  return JSON.stringify(input.doc);
}

/** Planned nodes of the baseline that are REUSE, in a stable order. */
function reusedPlanned(baseline: Baseline): string[] {
  return baseline.plan.entries.filter((e) => e.action === "REUSE").map((e) => e.unique_id);
}

function plannedIds(baseline: Baseline): string[] {
  return [...baseline.project.graph.order];
}

/** A planned node to aim at: a REUSE one most of the time (so the oracle bites), any planned one else. */
function targetNode(rng: Rng, baseline: Baseline): string | undefined {
  const reused = reusedPlanned(baseline);
  if (reused.length > 0 && rng.chance(0.85)) return rng.pick(reused);
  const all = plannedIds(baseline);
  return all.length > 0 ? rng.pick(all) : undefined;
}

function hasPolicy(project: LoadedProject, id: string): boolean {
  const node = project.graph.nodes.get(id)?.node;
  if (!node) return false;
  const read = readFreshnessPolicy(node.config);
  return read.ok && read.policy !== null;
}

/* ------------------------------------------------------- text mutations */

const TEXT_OPS: readonly (readonly [string, number])[] = [
  ["empty file", 0.4],
  ["whitespace only", 0.2],
  ["truncated", 3],
  ["byte flipped", 2],
  ["non-UTF-8 bytes", 2],
  ["byte-order mark", 0.4],
  ["trailing garbage", 0.6],
  ["deep nesting", 1],
  ["huge string", 0.4],
];

function textMutation(
  rng: Rng,
  op: string,
  text: string,
  doc: unknown,
  rootWeights: Record<string, number>,
): Mutation {
  switch (op) {
    case "empty file":
      return {
        op,
        detail: "0 bytes",
        input: { text: "" },
        expect: { mustNot: new Map(), refuse: ["artifact_not_json"] },
      };
    case "whitespace only":
      return {
        op,
        detail: "spaces and newlines",
        input: { text: " \n\t\r\n " },
        expect: { mustNot: new Map(), refuse: ["artifact_not_json"] },
      };
    case "truncated": {
      const at = rng.chance(0.2) ? rng.int(Math.min(64, text.length)) : rng.int(text.length);
      return {
        op,
        detail: `cut at ${at} of ${text.length}`,
        input: { text: text.slice(0, at) },
        expect: { mustNot: new Map(), refuse: ["artifact_not_json"] },
      };
    }
    case "byte flipped": {
      const bytes = Buffer.from(text, "utf8");
      const count = rng.between(1, 4);
      const spots: string[] = [];
      for (let i = 0; i < count; i++) {
        const at = rng.int(bytes.length);
        const value = rng.int(256);
        spots.push(`${at}=0x${value.toString(16)}`);
        bytes[at] = value;
      }
      return { op, detail: `bytes ${spots.join(" ")}`, input: { bytes }, expect: none() };
    }
    case "non-UTF-8 bytes": {
      const bytes = Buffer.from(text, "utf8");
      const at = offsetInString(rng, bytes);
      const seq = rng.pick(INVALID_UTF8);
      const where = at < 0 ? rng.int(bytes.length) : at;
      return {
        op,
        detail: `${seq.map((b) => `0x${b.toString(16)}`).join(" ")} at byte ${where}`,
        input: { bytes: spliceBytes(bytes, where, 0, seq) },
        // A file that is not UTF-8 was not written by dbt: refused, never planned with replacement characters.
        expect: { mustNot: new Map(), refuse: ["artifact_not_json", "file_unreadable"] },
      };
    }
    case "byte-order mark":
      return {
        op,
        detail: "U+FEFF first",
        input: { text: `\ufeff${text}` },
        expect: { mustNot: new Map(), sameAsBaseline: true },
      };
    case "trailing garbage": {
      const tail = rng.pick(["x", "}", "]", ",", '{"a":1}', "\u0000", "null"]);
      return {
        op,
        detail: `+${JSON.stringify(tail)}`,
        input: { text: text + tail },
        expect: { mustNot: new Map(), refuse: ["artifact_not_json"] },
      };
    }
    case "deep nesting": {
      const path = randomPath(rng, doc, { rootWeights });
      const depth = rng.pick([1_000, 10_000, 100_000, 500_000]);
      const shape = rng.chance(0.5) ? "array" : "object";
      const marker = "__ods_fuzz_deep__";
      const mutated = JSON.stringify(setAt(doc, path, marker));
      return {
        op,
        detail: `${shape} ${depth} deep at ${formatPath(path)}`,
        input: { text: spliceMarker(mutated, marker, deepNesting(depth, shape)) },
        expect: none(),
      };
    }
    case "huge string": {
      const path = randomPath(rng, doc, { rootWeights });
      const size = rng.pick([100_000, 1_000_000, 8_000_000]);
      const value = rng.pick(["x", "é", "\u0000", "'", "<", "😀"]).repeat(size);
      return {
        op,
        detail: `${size} characters at ${formatPath(path)}`,
        input: { text: JSON.stringify(setAt(doc, path, value)) },
        expect: none(),
      };
    }
    default:
      throw new Error(`unknown text op ${op}`);
  }
}

function formatPath(path: JsonPath): string {
  return path.map((k) => (typeof k === "number" ? `[${k}]` : `.${k}`)).join("") || "$";
}

/** Random deletion or type change anywhere; evidence rules come from the path. */
function randomStructural(
  rng: Rng,
  op: "key deleted" | "type changed",
  doc: unknown,
  rootWeights: Record<string, number>,
  evidence: (path: JsonPath) => Expectation,
): Mutation {
  const path = randomPath(rng, doc, { rootWeights });
  if (op === "key deleted") {
    return {
      op,
      detail: `delete ${formatPath(path)}`,
      input: { doc: deleteAt(doc, path) },
      expect: evidence(path),
    };
  }
  const before = getAt(doc, path);
  const value = otherTypeValue(rng, before);
  return {
    op,
    detail: `${formatPath(path)} = ${JSON.stringify(value)?.slice(0, 60)}`,
    input: { doc: setAt(doc, path, value) },
    expect: evidence(path),
  };
}

/* ----------------------------------------------------------- manifests */

const MANIFEST_ROOT_WEIGHTS = {
  nodes: 6,
  sources: 2,
  macros: 1,
  metadata: 1.5,
  unit_tests: 0.5,
  functions: 0.2,
};

/** Node fields whose loss or change must rebuild the node and what reads it. */
const CODE_EVIDENCE = new Set([
  "compiled_code",
  "checksum",
  "config",
  "schema",
  "alias",
  "database",
  "resource_type",
]);

const MANIFEST_OPS: readonly (readonly [string, number])[] = [
  ...TEXT_OPS,
  ["duplicate key (text)", 0.8],
  ["key deleted", 6],
  ["type changed", 6],
  ["node evidence removed", 9],
  ["node deleted", 2],
  ["source deleted", 1],
  ["duplicate id", 1.5],
  ["cycle added", 2],
  ["hostile id", 1.5],
  ["metadata changed", 1.5],
  ["collection replaced", 0.4],
  ["stacked mutations", 2.5],
];

function manifestEvidence(seed: ManifestSeed, path: JsonPath): Expectation {
  const b = seed.baseline;
  if (path[0] !== "nodes" || path.length < 3) {
    if (
      path[0] === "metadata" &&
      (path[1] === "dbt_version" || path[1] === "adapter_type") &&
      path.length === 2
    ) {
      // The engine component changes: every node is built.
      return strictWithDescendants(b, b.project.graph.order);
    }
    return none();
  }
  const id = String(path[1]);
  const field = String(path[2]);
  if (!b.project.graph.nodes.has(id)) return none();
  const isSeed = b.project.graph.nodes.get(id)!.node.resourceType === "seed";
  if (CODE_EVIDENCE.has(field) && !(isSeed && (field === "compiled_code" || field === "language"))) {
    // config.tags/meta/docs/state/freshness are not code: changing them inside config may leave it REUSE;
    // nor are config.alias/schema/database (issue 36): dbt resolves them at parse time into the node's
    // own alias/schema/database, which the relation component holds.
    if (
      field === "config" &&
      path.length > 3 &&
      ["tags", "meta", "docs", "state", "freshness", "alias", "schema", "database"].includes(String(path[3]))
    )
      return none();
    // Inside the checksum: its value counts only for nodes whose fingerprint has a `file` component
    // (seeds, Python, impure SQL); a pure SQL model is fingerprinted by its compiled SQL.
    if (
      field === "checksum" &&
      path.length > 3 &&
      b.project.fingerprints.get(id)?.fingerprint.components.file === undefined
    )
      return none();
    return strictWithDescendants(b, [id]);
  }
  if (field === "depends_on" && path.length === 3 && !isSeed) return strictWithDescendants(b, [id], "data");
  return none();
}

function nodeEvidenceRemoval(rng: Rng, seed: ManifestSeed, doc: unknown): Mutation {
  const b = seed.baseline;
  const id = targetNode(rng, b);
  if (!id) return { op: "node evidence removed", detail: "no planned node", input: { doc }, expect: none() };
  const at = ["nodes", id];
  const node = getAt(doc, at);
  if (!isObject(node))
    return { op: "node evidence removed", detail: `${id} is gone`, input: { doc }, expect: none() };
  const seedNode = node.resource_type === "seed";
  const sub = rng.pick(
    [
      "compiled_code deleted",
      "compiled_code null",
      "compiled_code edited",
      "checksum deleted",
      "checksum path-only",
      "checksum none",
      "config deleted",
      "config null",
      "materialized changed",
      "pre-hook added",
      "schema changed",
      "alias changed",
      "database changed",
      "depends_on deleted",
      "language changed",
    ].filter(
      (name) =>
        !seedNode ||
        !(name.startsWith("compiled_code") || name === "language changed" || name === "depends_on deleted"),
    ),
  );
  let mutated: unknown;
  let level: Level = "strict";
  switch (sub) {
    case "compiled_code deleted":
      mutated = deleteAt(doc, [...at, "compiled_code"]);
      break;
    case "compiled_code null":
      mutated = setAt(doc, [...at, "compiled_code"], null);
      break;
    case "compiled_code edited": {
      const code = typeof node.compiled_code === "string" ? node.compiled_code : "";
      mutated = setAt(doc, [...at, "compiled_code"], `${code}\nwhere 1 = 0`);
      break;
    }
    case "checksum deleted":
      mutated = deleteAt(doc, [...at, "checksum"]);
      break;
    case "checksum path-only":
      mutated = setAt(doc, [...at, "checksum"], {
        name: "path",
        checksum: String(node.original_file_path ?? "x"),
      });
      break;
    case "checksum none":
      mutated = setAt(doc, [...at, "checksum"], { name: "none", checksum: "" });
      break;
    case "config deleted":
      mutated = deleteAt(doc, [...at, "config"]);
      break;
    case "config null":
      mutated = setAt(doc, [...at, "config"], null);
      break;
    case "materialized changed": {
      const config = isObject(node.config) ? node.config : {};
      const next = config.materialized === "table" ? "view" : "table";
      mutated = setAt(doc, [...at, "config", "materialized"], next);
      break;
    }
    case "pre-hook added":
      mutated = setAt(
        doc,
        [...at, "config", "pre-hook"],
        [{ sql: "grant select on {{ this }} to role x", transaction: true, index: null }],
      );
      break;
    case "schema changed":
      mutated = setAt(doc, [...at, "schema"], `${String(node.schema)}_other`);
      break;
    case "alias changed":
      mutated = setAt(doc, [...at, "alias"], `${String(node.alias)}_other`);
      break;
    case "database changed":
      mutated = setAt(doc, [...at, "database"], `${String(node.database)}_other`);
      break;
    case "depends_on deleted":
      mutated = deleteAt(doc, [...at, "depends_on"]);
      level = "data";
      break;
    case "language changed":
      mutated = setAt(doc, [...at, "language"], node.language === "python" ? "sql" : "python");
      break;
  }
  const expect: Expectation = { mustNot: new Map() };
  addWithDescendants(b, expect.mustNot, [id], "strict", level);
  return { op: "node evidence removed", detail: `${sub}: ${id}`, input: { doc: mutated }, expect };
}

function manifestMutation(rng: Rng, seed: ManifestSeed, op: string, doc: unknown, text: string): Mutation {
  const b = seed.baseline;
  const graph = b.project.graph;
  const textOp = TEXT_OPS.find(([name]) => name === op);
  if (textOp) return textMutation(rng, op, text, doc, MANIFEST_ROOT_WEIGHTS);
  switch (op) {
    case "key deleted":
    case "type changed":
      return randomStructural(rng, op, doc, MANIFEST_ROOT_WEIGHTS, (path) => manifestEvidence(seed, path));
    case "node evidence removed":
      return nodeEvidenceRemoval(rng, seed, doc);
    case "node deleted": {
      const id = targetNode(rng, b);
      if (!id) return { op, detail: "no planned node", input: { doc }, expect: none() };
      const children = refChildren(graph, id);
      return {
        op,
        detail: id,
        input: { doc: deleteAt(doc, ["nodes", id]) },
        expect: strictWithDescendants(b, children),
      };
    }
    case "source deleted": {
      const sources = [...graph.sources.values()].filter((s) => s.readers.length > 0);
      if (sources.length === 0) return { op, detail: "no source read", input: { doc }, expect: none() };
      const source = rng.pick(sources);
      return {
        op,
        detail: source.id,
        input: { doc: deleteAt(doc, ["sources", source.id]) },
        expect: strictWithDescendants(b, source.readers),
      };
    }
    case "duplicate id": {
      const id = targetNode(rng, b);
      if (!id) return { op, detail: "no planned node", input: { doc }, expect: none() };
      const entry = getAt(doc, ["nodes", id]);
      const sub = rng.pick([
        "same unique_id under another key",
        "node id used by a source",
        "node id used by a unit test",
        "node id used by a macro",
        "node id used by a function",
      ]);
      switch (sub) {
        case "same unique_id under another key":
          return {
            op,
            detail: `${sub}: ${id}`,
            input: { doc: setAt(doc, ["nodes", `${id}_copy`], entry) },
            expect: { mustNot: new Map(), refuse: ["artifact_invalid"] },
          };
        case "node id used by a source": {
          const source = [...graph.sources.keys()][0];
          const value = source ? { ...(getAt(doc, ["sources", source]) as object), unique_id: id } : entry;
          return {
            op,
            detail: `${sub}: ${id}`,
            input: { doc: setAt(doc, ["sources", id], value) },
            expect: none(),
          };
        }
        case "node id used by a unit test":
          return {
            op,
            detail: `${sub}: ${id}`,
            input: {
              doc: setAt(doc, ["unit_tests", id], {
                unique_id: id,
                name: "t",
                package_name: "p",
                model: "m",
                expect: {},
              }),
            },
            expect: none(),
          };
        case "node id used by a macro":
          return {
            op,
            detail: `${sub}: ${id}`,
            input: {
              doc: setAt(doc, ["macros", id], {
                unique_id: id,
                name: "m",
                package_name: "p",
                macro_sql: "select 1",
              }),
            },
            expect: none(),
          };
        default:
          return {
            op,
            detail: `${sub}: ${id}`,
            input: {
              doc: setAt(doc, ["functions", id], {
                unique_id: id,
                resource_type: "function",
                package_name: "p",
              }),
            },
            expect: none(),
          };
      }
    }
    case "cycle added": {
      const candidates = graph.order.filter((id) => (b.descendants.get(id)?.size ?? 0) > 0);
      const from =
        candidates.length > 0 && rng.chance(0.8) ? rng.pick(candidates) : rng.pick([...graph.order]);
      if (!from) return { op, detail: "no planned node", input: { doc }, expect: none() };
      const below = [...(b.descendants.get(from) ?? [])];
      const to = below.length > 0 ? rng.pick(below) : from;
      // `from` now also reads `to`, which already (transitively) reads `from`.
      const mutated = updateAt(doc, ["nodes", from, "depends_on"], (deps) => {
        const d = deps as Record<string, unknown>;
        d.nodes = [...((d.nodes as string[] | undefined) ?? []), to];
      });
      return {
        op,
        detail: `${from} reads ${to}`,
        input: { doc: mutated },
        expect: { mustNot: new Map(), refuse: ["graph_cycle"] },
      };
    }
    case "hostile id": {
      const id = targetNode(rng, b);
      if (!id) return { op, detail: "no planned node", input: { doc }, expect: none() };
      const to = rng.pick([
        "__proto__",
        "constructor",
        "toString",
        "hasOwnProperty",
        "valueOf",
        "__defineGetter__",
        `${id}\n::warning::x`,
        `${id}'$(id)'`,
        `${id}<img src=x>`,
      ]);
      let mutated = renameKey(doc, ["nodes"], id, to);
      mutated = setAt(mutated, ["nodes", to, "unique_id"], to);
      // Readers refer to it by the new id.
      for (const child of refChildren(graph, id)) {
        const deps = getAt(mutated, ["nodes", child, "depends_on", "nodes"]);
        if (Array.isArray(deps))
          mutated = setAt(
            mutated,
            ["nodes", child, "depends_on", "nodes"],
            deps.map((d) => (d === id ? to : d)),
          );
      }
      const expect = strictWithDescendants(b, refChildren(graph, id));
      expect.mustNot.set(to, "strict");
      return { op, detail: `${id} -> ${JSON.stringify(to)}`, input: { doc: mutated }, expect };
    }
    case "metadata changed": {
      const sub = rng.pick([
        "project_name deleted",
        "project_name null",
        "adapter_type changed",
        "dbt_version changed",
        "invocation_id deleted",
        "schema version v10",
        "schema version v13",
        "schema version of run results",
        "schema version garbage",
        "metadata deleted",
      ]);
      const m = ["metadata"];
      switch (sub) {
        case "project_name deleted":
          return {
            op,
            detail: sub,
            input: { doc: deleteAt(doc, [...m, "project_name"]) },
            expect: { mustNot: new Map(), refuse: ["artifact_invalid"] },
          };
        case "project_name null":
          return {
            op,
            detail: sub,
            input: { doc: setAt(doc, [...m, "project_name"], null) },
            expect: { mustNot: new Map(), refuse: ["artifact_invalid"] },
          };
        case "adapter_type changed":
          return {
            op,
            detail: sub,
            input: { doc: setAt(doc, [...m, "adapter_type"], "oracle") },
            expect: strictWithDescendants(b, graph.order),
          };
        case "dbt_version changed":
          return {
            op,
            detail: sub,
            input: { doc: setAt(doc, [...m, "dbt_version"], "1.99.0") },
            expect: strictWithDescendants(b, graph.order),
          };
        case "invocation_id deleted":
          return { op, detail: sub, input: { doc: deleteAt(doc, [...m, "invocation_id"]) }, expect: none() };
        case "schema version v10":
          return {
            op,
            detail: sub,
            input: {
              doc: setAt(
                doc,
                [...m, "dbt_schema_version"],
                "https://schemas.getdbt.com/dbt/manifest/v10.json",
              ),
            },
            expect: { mustNot: new Map(), refuse: ["artifact_version_unsupported"] },
          };
        case "schema version v13":
          return {
            op,
            detail: sub,
            input: {
              doc: setAt(
                doc,
                [...m, "dbt_schema_version"],
                "https://schemas.getdbt.com/dbt/manifest/v13.json",
              ),
            },
            expect: { mustNot: new Map(), refuse: ["artifact_version_unsupported"] },
          };
        case "schema version of run results":
          return {
            op,
            detail: sub,
            input: {
              doc: setAt(
                doc,
                [...m, "dbt_schema_version"],
                "https://schemas.getdbt.com/dbt/run-results/v6.json",
              ),
            },
            expect: { mustNot: new Map(), refuse: ["artifact_invalid"] },
          };
        case "schema version garbage":
          return {
            op,
            detail: sub,
            input: { doc: setAt(doc, [...m, "dbt_schema_version"], rng.pick(NASTY_STRINGS)) },
            expect: { mustNot: new Map(), refuse: ["artifact_invalid"] },
          };
        default:
          return {
            op,
            detail: sub,
            input: { doc: deleteAt(doc, m) },
            expect: { mustNot: new Map(), refuse: ["artifact_invalid"] },
          };
      }
    }
    case "collection replaced": {
      const key = rng.pick(["nodes", "sources", "macros"]);
      const value = rng.pick([null, [], "x", 1, true]);
      return {
        op,
        detail: `${key} = ${JSON.stringify(value)}`,
        input: { doc: setAt(doc, [key], value) },
        expect: { mustNot: new Map(), refuse: ["artifact_invalid"] },
      };
    }
    case "duplicate key (text)": {
      const id = targetNode(rng, b);
      if (!id) return { op, detail: "no planned node", input: { text }, expect: none() };
      const entry = getAt(doc, ["nodes", id]) as Record<string, unknown>;
      const changed = {
        ...entry,
        compiled_code: `${String(entry.compiled_code ?? "")}\nwhere 1 = 0`,
        checksum: { name: "sha256", checksum: "0".repeat(64) },
      };
      const last = rng.chance(0.5);
      const marker = "__ods_fuzz_duplicate__";
      const withMarker = updateAt(doc, ["nodes"], (nodes) => {
        const n = nodes as Record<string, unknown>;
        if (last) defineKey(n, marker, 0);
        else {
          const entries = Object.keys(n).map((k) => [k, n[k]] as const);
          for (const k of Object.keys(n)) delete n[k];
          defineKey(n, marker, 0);
          for (const [k, v] of entries) defineKey(n, k, v);
        }
      });
      const out = JSON.stringify(withMarker).replace(
        `${JSON.stringify(marker)}:0`,
        `${JSON.stringify(id)}:${JSON.stringify(changed)}`,
      );
      // A node id given twice is ambiguous (JSON.parse would keep the last): the reader refuses it, naming the id.
      return {
        op,
        detail: `${id} twice, the changed one ${last ? "last" : "first"}`,
        input: { text: out },
        expect: { mustNot: new Map(), refuse: ["artifact_invalid"] },
      };
    }
    case "stacked mutations": {
      const count = rng.between(2, 4);
      let current: unknown = doc;
      const details: string[] = [];
      const expect: Expectation = { mustNot: new Map() };
      let refuseAny = false;
      for (let i = 0; i < count; i++) {
        const inner = rng.weighted([
          ["key deleted", 3],
          ["type changed", 3],
          ["node evidence removed", 4],
          ["node deleted", 1],
          ["source deleted", 1],
          ["hostile id", 1],
        ] as const);
        const m = manifestMutation(rng, seed, inner, current, "");
        if (!("doc" in m.input)) continue;
        current = m.input.doc;
        details.push(`${inner}: ${m.detail}`);
        merge(expect, m.expect);
        if (m.expect.refuse) refuseAny = true;
      }
      // Once one mutation must be refused, the stack may be refused for another reason: any UserError will do.
      return {
        op,
        detail: details.join("; "),
        input: { doc: current },
        expect: refuseAny ? { ...expect, mustNot: new Map() } : expect,
      };
    }
    default:
      throw new Error(`unknown manifest op ${op}`);
  }
}

function projectFrom(input: Input, file: string): LoadedProject {
  if ("doc" in input) {
    const manifest = readManifestDocument(input.doc, file);
    const graph = buildGraph(manifest);
    return { manifest, graph, fingerprints: fingerprintProject(graph) };
  }
  if ("bytes" in input) return loadProject(decodeUtf8(input.bytes, file, "--manifest"), file);
  return loadProject(input.text, file);
}

export function manifestCase(corpus: Corpus, seed: number, index: number, seen?: Seen): CaseResult {
  const rng = caseRng(seed, "manifest", index);
  const started = performance.now();
  // A few cases mutate a real file refused as a whole (dbt Fusion's, v10): as text only.
  if (corpus.refused.length > 0 && rng.chance(0.03)) {
    const real = rng.pick(corpus.refused);
    const op = rng.weighted(TEXT_OPS.filter(([name]) => name !== "deep nesting" && name !== "huge string"));
    const m = textMutation(rng, op, real.text, JSON.parse(real.text), MANIFEST_ROOT_WEIGHTS);
    m.expect.sameAsBaseline = false;
    seen?.({ input: m.input, file: real.file, seed: `refused:${real.name}` });
    return judge(
      "manifest",
      index,
      `${real.name} ${m.op}`,
      m,
      real.file,
      started,
      () => {
        const project = projectFrom(m.input, real.file);
        scopeOf(project, undefined);
        return { kind: "plan" as const };
      },
      null,
    );
  }
  const s = rng.weighted(corpus.manifests.map((m) => [m, m.weight] as const));
  const real = rng.chance(0.04) || !s.compacted;
  const text = real ? s.realText : s.compactText;
  const doc = real ? JSON.parse(s.realText) : s.compactDoc;
  const op = rng.weighted(MANIFEST_OPS);
  const m = manifestMutation(rng, s, op, doc, text);
  // Most structural cases load the document directly (what loadProject does after JSON.parse); some go through the text.
  if ("doc" in m.input && rng.chance(0.15)) m.input = { text: JSON.stringify(m.input.doc) };
  const b = s.baseline;
  seen?.({ input: m.input, file: s.file, seed: s.name });
  return judge(
    "manifest",
    index,
    `${s.name}${real ? " (real file)" : ""} ${m.op}`,
    m,
    s.file,
    started,
    () => {
      const project = projectFrom(m.input, s.file);
      const scope = scopeOf(project, undefined);
      const p = plan({
        project,
        scope,
        state: { id: "baseline", snapshot: b.snapshot },
        sources: b.planSources,
        select: [],
        now: b.now,
        target: b.target,
      });
      return { kind: "plan" as const, plan: p, project };
    },
    b,
  );
}

/* --------------------------------------------------------- run results */

const RUN_RESULTS_ROOT_WEIGHTS = { results: 6, metadata: 2, args: 2, elapsed_time: 0.3 };

const RUN_RESULTS_OPS: readonly (readonly [string, number])[] = [
  ...TEXT_OPS,
  ["key deleted", 6],
  ["type changed", 6],
  ["result removed", 5],
  ["status changed", 5],
  ["result id changed", 2],
  ["duplicate result", 2],
  ["invocation changed", 1],
  ["command changed", 1.5],
  ["times changed", 3],
];

export function runResultsCase(corpus: Corpus, seed: number, index: number, seen?: Seen): CaseResult {
  const rng = caseRng(seed, "run_results", index);
  const started = performance.now();
  const s = rng.pick(corpus.runResults);
  const b = s.baseline;
  const doc = s.doc;
  const results = doc.results as Record<string, unknown>[];
  const builtIndexes = results
    .map((r, i) => [r, i] as const)
    .filter(([r]) => r.status === "success" && s.built.has(String(r.unique_id)));
  const op = rng.weighted(RUN_RESULTS_OPS);
  let m: Mutation;
  const pickBuilt = () => (builtIndexes.length > 0 ? rng.pick(builtIndexes) : undefined);
  const notBuilt = (id: string): Expectation => ({
    ...strictWithDescendants(b, [id]),
    notBuilt: new Set([id]),
  });
  if (TEXT_OPS.some(([name]) => name === op)) {
    m = textMutation(rng, op, s.text, doc, RUN_RESULTS_ROOT_WEIGHTS);
  } else {
    switch (op) {
      case "key deleted":
      case "type changed":
        m = randomStructural(rng, op, doc, RUN_RESULTS_ROOT_WEIGHTS, (path) => {
          // Losing a built node's result, its id or its status: it is not recorded, and nothing that reads it is reused.
          if (path[0] === "results" && typeof path[1] === "number") {
            const r = results[path[1]];
            const id = String(r?.unique_id);
            if (
              r &&
              s.built.has(id) &&
              (path.length === 2 || path[2] === "unique_id" || path[2] === "status")
            )
              return notBuilt(id);
          }
          if (path[0] === "results" && path.length === 1)
            return { ...strictWithDescendants(b, s.built), notBuilt: new Set(s.built) };
          return none();
        });
        break;
      case "result removed": {
        const hit = pickBuilt();
        if (!hit) {
          m = { op, detail: "no built node", input: { doc }, expect: none() };
          break;
        }
        const [r, i] = hit;
        m = {
          op,
          detail: String(r.unique_id),
          input: { doc: deleteAt(doc, ["results", i]) },
          expect: notBuilt(String(r.unique_id)),
        };
        break;
      }
      case "status changed": {
        const hit = pickBuilt();
        if (!hit) {
          m = { op, detail: "no built node", input: { doc }, expect: none() };
          break;
        }
        const [r, i] = hit;
        const status = rng.pick([
          "error",
          "skipped",
          "fail",
          "runtime error",
          "partial success",
          "no-op",
          "reused",
          "SUCCESS",
          "Success",
          "success ",
          "",
          "pass",
          "warn",
        ]);
        m = {
          op,
          detail: `${String(r.unique_id)}: ${JSON.stringify(status)}`,
          input: { doc: setAt(doc, ["results", i, "status"], status) },
          expect: notBuilt(String(r.unique_id)),
        };
        break;
      }
      case "result id changed": {
        const hit = pickBuilt();
        if (!hit) {
          m = { op, detail: "no built node", input: { doc }, expect: none() };
          break;
        }
        const [r, i] = hit;
        const id = String(r.unique_id);
        const to = rng.pick([
          `${id}_x`,
          id.toUpperCase(),
          ` ${id}`,
          "constructor",
          "__proto__",
          id.replace(/\./g, "/"),
        ]);
        m = {
          op,
          detail: `${id} -> ${JSON.stringify(to)}`,
          input: { doc: setAt(doc, ["results", i, "unique_id"], to) },
          expect: notBuilt(id),
        };
        break;
      }
      case "duplicate result": {
        const hit = pickBuilt();
        if (!hit) {
          m = { op, detail: "no built node", input: { doc }, expect: none() };
          break;
        }
        const [r, i] = hit;
        const failed = { ...r, status: rng.pick(["error", "skipped"]), message: "duplicate" };
        const last = rng.chance(0.5);
        const list = [...results];
        if (last) list.push(failed);
        else list.splice(i, 0, failed);
        // Two results for one node that disagree: uncertain evidence, so it is not recorded as built (either order).
        m = {
          op,
          detail: `${String(r.unique_id)} also ${failed.status} (${last ? "after" : "before"})`,
          input: { doc: setAt(doc, ["results"], list) },
          expect: notBuilt(String(r.unique_id)),
        };
        break;
      }
      case "invocation changed": {
        const sub = rng.pick(["deleted", "null", "another", "hostile"]);
        const value =
          sub === "another"
            ? "00000000-0000-4000-8000-00000000dead"
            : sub === "hostile"
              ? rng.pick(NASTY_STRINGS)
              : null;
        const mutated =
          sub === "deleted"
            ? deleteAt(doc, ["metadata", "invocation_id"])
            : setAt(doc, ["metadata", "invocation_id"], value);
        m = {
          op,
          detail: sub,
          input: { doc: mutated },
          expect: { mustNot: new Map(), refuse: ["record_refused", "artifact_invalid"] },
        };
        break;
      }
      case "command changed": {
        const sub = rng.pick([
          "compile",
          "test",
          "generate",
          "run-operation",
          "show",
          null,
          "deleted",
          "empty run",
        ]);
        let mutated: unknown;
        if (sub === "deleted") mutated = deleteAt(doc, ["args", "which"]);
        else if (sub === "empty run") mutated = setAt(doc, ["args", "empty"], true);
        else mutated = setAt(doc, ["args", "which"], sub);
        m = {
          op,
          detail: String(sub),
          input: { doc: mutated },
          expect:
            sub === "empty run"
              ? { mustNot: new Map(), noneWhole: true }
              : { mustNot: new Map(), refuse: ["record_refused"] },
        };
        break;
      }
      case "times changed": {
        const where = rng.pick(["invocation_started_at", "generated_at", "completed_at", "started_at"]);
        const value = rng.pick([
          "9999-12-31T23:59:59Z",
          "1970-01-01T00:00:00Z",
          "garbage",
          "",
          null,
          "2026-13-45T25:61:61Z",
        ]);
        let mutated: unknown;
        if (where === "invocation_started_at" || where === "generated_at")
          mutated = setAt(doc, ["metadata", where], value);
        else {
          const hit = pickBuilt();
          mutated = hit
            ? setAt(
                doc,
                ["results", hit[1], "timing"],
                [
                  {
                    name: "execute",
                    started_at: where === "started_at" ? value : null,
                    completed_at: where === "completed_at" ? value : null,
                  },
                ],
              )
            : doc;
        }
        // A time in the future is refused (it would make every later run look older); anything else records.
        const future = value === "9999-12-31T23:59:59Z" && where !== "started_at" && mutated !== doc;
        m = {
          op,
          detail: `${where} = ${JSON.stringify(value)}`,
          input: { doc: mutated },
          expect: future ? { mustNot: new Map(), refuse: ["record_refused"] } : none(),
        };
        break;
      }
      default:
        throw new Error(`unknown run_results op ${op}`);
    }
  }
  if ("doc" in m.input) m.input = { text: JSON.stringify(m.input.doc) };
  seen?.({ input: m.input, file: s.file, seed: s.name });
  return judge(
    "run_results",
    index,
    `${s.name} ${m.op}`,
    m,
    s.file,
    started,
    () => {
      const runResults = loadRunResults(textOf(m.input, s.file), s.file);
      const outcome = record({
        project: b.project,
        runResults,
        sources: b.recordSources,
        scope: b.scope,
        previous: null,
        recordedRunIds: new Set(),
        target: b.target,
        now: b.now,
      });
      return { kind: "recorded" as const, outcome };
    },
    b,
  );
}

/* ------------------------------------------------------------- sources */

const SOURCES_ROOT_WEIGHTS = { results: 6, metadata: 2, elapsed_time: 0.3 };

const SOURCES_OPS: readonly (readonly [string, number])[] = [
  ...TEXT_OPS,
  ["key deleted", 6],
  ["type changed", 6],
  ["result removed", 5],
  ["max_loaded_at changed", 5],
  ["check failed", 2],
  ["observed before the build", 2],
  ["result id changed", 2],
  ["duplicate result", 2],
  ["results emptied", 0.5],
];

export function sourcesCase(corpus: Corpus, seed: number, index: number, seen?: Seen): CaseResult {
  const rng = caseRng(seed, "sources", index);
  const started = performance.now();
  const s = rng.pick(corpus.sources);
  const b = s.baseline;
  const graph = b.project.graph;
  const doc = s.doc;
  const results = doc.results as Record<string, unknown>[];
  const readersOf = (sourceId: string): Expectation => {
    const expect: Expectation = { mustNot: new Map() };
    const readers = graph.sources.get(sourceId)?.readers ?? [];
    addWithDescendants(b, expect.mustNot, readers, "strict", "data");
    return expect;
  };
  const pick = () => (results.length > 0 ? rng.int(results.length) : -1);
  const op = rng.weighted(SOURCES_OPS);
  let m: Mutation;
  if (TEXT_OPS.some(([name]) => name === op)) {
    m = textMutation(rng, op, s.text, doc, SOURCES_ROOT_WEIGHTS);
  } else {
    const i = pick();
    const id = i >= 0 ? String(results[i]!.unique_id) : "";
    switch (op) {
      case "key deleted":
      case "type changed":
        m = randomStructural(rng, op, doc, SOURCES_ROOT_WEIGHTS, (path) => {
          if (path[0] === "results" && typeof path[1] === "number") {
            const r = results[path[1]];
            if (r && (path.length === 2 || path[2] === "max_loaded_at" || path[2] === "unique_id"))
              return readersOf(String(r.unique_id));
          }
          if (path[0] === "results" && path.length === 1) {
            const expect: Expectation = { mustNot: new Map() };
            for (const r of results) merge(expect, readersOf(String(r.unique_id)));
            return expect;
          }
          return none();
        });
        break;
      case "result removed":
        m = { op, detail: id, input: { doc: deleteAt(doc, ["results", i]) }, expect: readersOf(id) };
        break;
      case "max_loaded_at changed": {
        const current = String(results[i]!.max_loaded_at ?? "");
        const t = Date.parse(current);
        const sub = rng.pick([
          "deleted",
          "null",
          "one second later",
          "a day earlier",
          "garbage",
          "same instant, other format",
        ]);
        let mutated: unknown;
        let expect = readersOf(id);
        if (sub === "deleted") mutated = deleteAt(doc, ["results", i, "max_loaded_at"]);
        else if (sub === "null") mutated = setAt(doc, ["results", i, "max_loaded_at"], null);
        else if (sub === "one second later")
          mutated = setAt(doc, ["results", i, "max_loaded_at"], new Date(t + 1000).toISOString());
        else if (sub === "a day earlier")
          mutated = setAt(doc, ["results", i, "max_loaded_at"], new Date(t - 86_400_000).toISOString());
        else if (sub === "garbage")
          mutated = setAt(
            doc,
            ["results", i, "max_loaded_at"],
            rng.pick(["garbage", "", "2026-13-45T25:61:61Z"]),
          );
        else {
          mutated = setAt(doc, ["results", i, "max_loaded_at"], new Date(t).toISOString());
          expect = none();
        }
        m = { op, detail: `${id}: ${sub}`, input: { doc: mutated }, expect };
        break;
      }
      case "check failed": {
        const failed = {
          ...results[i]!,
          status: "runtime error",
          error: "Database Error: permission denied",
        };
        delete (failed as Record<string, unknown>).max_loaded_at;
        m = { op, detail: id, input: { doc: setAt(doc, ["results", i], failed) }, expect: readersOf(id) };
        break;
      }
      case "observed before the build": {
        const early = "2000-01-01T00:00:00Z";
        let mutated = setAt(doc, ["results", i, "snapshotted_at"], early);
        if (rng.chance(0.5)) mutated = setAt(mutated, ["metadata", "generated_at"], early);
        m = { op, detail: id, input: { doc: mutated }, expect: readersOf(id) };
        break;
      }
      case "result id changed": {
        const to = rng.pick([`${id}_x`, id.toUpperCase(), "constructor", "__proto__"]);
        m = {
          op,
          detail: `${id} -> ${to}`,
          input: { doc: setAt(doc, ["results", i, "unique_id"], to) },
          expect: readersOf(id),
        };
        break;
      }
      case "duplicate result": {
        const failed: Record<string, unknown> = { ...results[i]!, status: "runtime error", error: "timeout" };
        delete failed.max_loaded_at;
        const last = rng.chance(0.5);
        const list = [...results];
        if (last) list.push(failed);
        else list.splice(i, 0, failed);
        // Two results for one source that disagree: uncertain evidence (either order).
        m = {
          op,
          detail: `${id} also failed (${last ? "after" : "before"})`,
          input: { doc: setAt(doc, ["results"], list) },
          expect: readersOf(id),
        };
        break;
      }
      case "results emptied": {
        const expect: Expectation = { mustNot: new Map() };
        for (const r of results) merge(expect, readersOf(String(r.unique_id)));
        m = { op, detail: "[]", input: { doc: setAt(doc, ["results"], []) }, expect };
        break;
      }
      default:
        throw new Error(`unknown sources op ${op}`);
    }
  }
  if ("doc" in m.input) m.input = { text: JSON.stringify(m.input.doc) };
  seen?.({ input: m.input, file: s.file, seed: s.name });
  return judge(
    "sources",
    index,
    `${s.name} ${m.op}`,
    m,
    s.file,
    started,
    () => {
      const sources = loadSources(textOf(m.input, s.file), s.file);
      const p = plan({
        project: b.project,
        scope: b.scope,
        state: { id: "baseline", snapshot: b.snapshot },
        sources,
        select: [],
        now: b.now,
        target: b.target,
      });
      return { kind: "plan" as const, plan: p, project: b.project };
    },
    b,
  );
}

/* --------------------------------------------------------------- judge */

type Ran =
  | { kind: "plan"; plan?: Plan; project?: LoadedProject }
  | { kind: "recorded"; outcome: ReturnType<typeof record> };

function judge(
  kind: ArtifactKind,
  index: number,
  label: string,
  m: Mutation,
  file: string,
  started: number,
  run: () => Ran,
  baseline: Baseline | null,
): CaseResult {
  const result: CaseResult = {
    kind,
    index,
    op: m.op,
    detail: `${label}: ${m.detail}`,
    outcome: "?",
    armed: false,
    ms: 0,
  };
  const problems: string[] = [];
  let ran: Ran | undefined;
  try {
    ran = run();
  } catch (error) {
    if (!isUserError(error)) {
      result.outcome = "internal";
      problems.push(
        `threw ${(error as Error)?.constructor?.name ?? typeof error}: ${String((error as Error)?.message ?? error).slice(0, 300)}`,
      );
    } else {
      result.outcome = error.code;
      if (error.file !== file)
        problems.push(`UserError ${error.code} names file ${JSON.stringify(error.file)}, not ${file}`);
      if (!error.message.includes(file))
        problems.push(
          `UserError ${error.code} message does not name ${file}: ${error.message.slice(0, 200)}`,
        );
      for (const p of error.problems) if (!p.path.startsWith("$")) problems.push(`problem path ${p.path}`);
      try {
        formatUserError(error);
      } catch (e) {
        problems.push(`formatUserError threw ${(e as Error).message}`);
      }
      if (m.expect.refuse && !m.expect.refuse.includes(error.code))
        problems.push(`refused with ${error.code}, expected ${m.expect.refuse.join(" or ")}`);
      if (m.expect.sameAsBaseline) problems.push(`refused (${error.code}) where the baseline planned`);
    }
  }
  if (ran) {
    result.outcome = ran.kind;
    if (m.expect.refuse) problems.push(`expected ${m.expect.refuse.join(" or ")}, got ${ran.kind}`);
    if (ran.kind === "plan" && ran.plan && baseline) {
      checkPlan(ran.plan, ran.project ?? baseline.project, baseline, m.expect, result, problems);
    }
    if (ran.kind === "recorded" && baseline) {
      const outcome = ran.outcome;
      const built = new Set(outcome.built);
      for (const id of built)
        if (!baseline.built.has(id)) problems.push(`recorded ${id} as built, which the real run didn't`);
      const whole = new Set(outcome.built.filter((id) => !outcome.partial.includes(id)));
      for (const id of m.expect.notBuilt ?? [])
        if (whole.has(id)) problems.push(`recorded ${id} as built although its success result was removed`);
      if (m.expect.noneWhole && whole.size > 0)
        problems.push(`recorded ${[...whole][0]} as built whole by an --empty run`);
      for (const [id, state] of Object.entries(outcome.snapshot.nodes)) {
        const at = Date.parse(state.built_at);
        if (Number.isNaN(at) || at > Date.parse(baseline.now) + 10 * 60_000)
          problems.push(`recorded ${id} built_at ${JSON.stringify(state.built_at)}`);
      }
      const valid = snapshotSchema.safeParse(outcome.snapshot);
      if (!valid.success)
        problems.push(`recorded snapshot fails its schema: ${valid.error.issues[0]?.message}`);
      const encoded = encodeSnapshot(outcome.snapshot);
      const verified = verifyParts({
        id: "s",
        scope: `${outcome.snapshot.project}/${outcome.snapshot.environment}`,
        parent: null,
        committed_at: baseline.now,
        header: encoded.header,
        bodies: encoded.bodies,
        digest: encoded.digest,
      });
      if (!verified.ok) problems.push(`the store would refuse the recorded snapshot: ${verified.detail}`);
      // What was not recorded, and what reads it, is not reused by the next plan.
      const next = plan({
        project: baseline.project,
        scope: baseline.scope,
        state: { id: "next", snapshot: outcome.snapshot },
        sources: baseline.planSources,
        select: [],
        now: baseline.now,
        target: baseline.target,
      });
      const expect: Expectation = { mustNot: new Map(m.expect.mustNot) };
      const lost = [...baseline.built].filter((id) => !built.has(id));
      addWithDescendants(baseline, expect.mustNot, lost, "strict", "strict");
      checkPlan(next, baseline.project, baseline, expect, result, problems);
    }
  }
  result.ms = performance.now() - started;
  if (result.ms > SLOW_MS) problems.push(`took ${Math.round(result.ms)} ms`);
  if (problems.length > 0) result.failure = problems.slice(0, 4).join(" | ");
  return result;
}

/** The nodes the plan's renamed_builds warning names, and every planned node that reads them. */
function renamedAndReaders(p: Plan, project: LoadedProject): Set<string> {
  const out = new Set<string>();
  const warning = p.warnings.find((w) => w.code === "renamed_builds");
  if (!warning) return out;
  const stack = [...warning.message.matchAll(/`([^`]+)` \(built as `/g)].map((m) => m[1]!);
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(project.graph.nodes.get(id)?.children ?? []));
  }
  return out;
}

function checkPlan(
  p: Plan,
  project: LoadedProject,
  baseline: Baseline,
  expect: Expectation,
  result: CaseResult,
  problems: string[],
): void {
  const byId = new Map(p.entries.map((e) => [e.unique_id, e]));
  const carried = renamedAndReaders(p, project);
  for (const [id, level] of expect.mustNot) {
    const entry = byId.get(id);
    if (entry?.action !== "REUSE") {
      if (baseline.reused.has(id)) result.armed = true;
      continue;
    }
    // A node renamed with the same relation and code keeps its recorded build (issue 36,
    // src/planner/renamed-builds.ts; the plan's renamed_builds warning names it), and so do its readers.
    if (carried.has(id)) continue;
    const reason = entry.reasons[0]?.code;
    const policyReuse =
      (reason === "quorum_not_met" || reason === "within_lag_tolerance") && hasPolicy(project, id);
    if (level === "strict" || !policyReuse)
      problems.push(`wrong plan: ${id} is REUSE (${reason}) although its evidence was removed`);
  }
  if (expect.sameAsBaseline) {
    for (const entry of baseline.plan.entries) {
      const now = byId.get(entry.unique_id);
      if (!now || now.action !== entry.action || now.reasons[0]?.code !== entry.reasons[0]?.code)
        problems.push(`decision for ${entry.unique_id} differs from the baseline`);
    }
  }
  // Shape.
  let build = 0;
  for (const entry of p.entries) {
    if (entry.action === "BUILD") build++;
    else if (entry.action !== "REUSE")
      problems.push(`entry ${entry.unique_id} has action ${String(entry.action)}`);
    if (entry.reasons.length === 0) problems.push(`entry ${entry.unique_id} has no reason`);
  }
  if (p.summary.build !== build || p.summary.reuse !== p.entries.length - build)
    problems.push("summary counts differ from the entries");
  // `select` and `exclude` as a shell reads them, resolved with dbt's selection
  // semantics: the BUILD nodes and the sources whose checks run, and nothing
  // else when the plan says the selection is exact.
  const words = shellWords(p.select);
  const excluded = shellWords(p.exclude ?? "");
  if (!words.ok) problems.push(`select is not safe shell words: ${words.problem}`);
  else if (!excluded.ok) problems.push(`exclude is not safe shell words: ${excluded.problem}`);
  else if (words.words.length > 0) {
    const chosen = selectNodes(project.graph, words.words, excluded.words);
    const members = selectedMembers(project.graph, words.words, excluded.words);
    const built = p.entries.filter((e) => e.action === "BUILD").map((e) => e.unique_id);
    const sources = (p.source_checks ?? []).filter((c) => c.action === "RUN").map((c) => c.source_id);
    // A source's checks run when the source is selected, or its tests themselves (`fqn:*`).
    const testsRun = (id: string) =>
      chosen.sources.has(id) || (project.graph.sources.get(id)?.checks ?? []).every((t) => members.has(t));
    const missing = [
      ...built.filter((id) => !chosen.nodes.has(id)),
      ...sources.filter((id) => !testsRun(id)),
    ];
    if (missing.length > 0)
      problems.push(`select misses ${JSON.stringify(missing).slice(0, 200)}: ${p.select.slice(0, 200)}`);
    if (p.select_exact) {
      const wanted = new Set(built);
      const beyond = [...chosen.nodes].filter((id) => !wanted.has(id));
      if (beyond.length > 0)
        problems.push(
          `select is said exact but also selects ${JSON.stringify(beyond).slice(0, 200)}: ${p.select.slice(0, 200)}`,
        );
    }
  } else if (p.entries.some((e) => e.action === "BUILD"))
    problems.push("select is empty but the plan builds");
  if ((p.build_command === null) !== (p.select === "")) problems.push("build_command and select disagree");
  if (result.index % 4 === 0) {
    try {
      renderComment(p, { pullRequest: 1, headSha: "a".repeat(40) });
    } catch (error) {
      problems.push(`renderComment threw ${(error as Error).message}`);
    }
  }
}

export const CASES: Record<
  ArtifactKind,
  (corpus: Corpus, seed: number, index: number, seen?: Seen) => CaseResult
> = {
  manifest: manifestCase,
  run_results: runResultsCase,
  sources: sourcesCase,
};
