/**
 * How a snapshot document is stored: a header (the document without its
 * nodes) and one content-addressed entry per node, `[node id, node state]`
 * as JSON, keyed by its SHA-256. Consecutive snapshots share most of their
 * nodes (a run rebuilds a few and carries the rest over), so each entry is
 * stored once however many snapshots use it, and 30 retained snapshots of a
 * 10,000-node project cost little more than one.
 *
 * A root digest over the header and every entry body, in order, seals the
 * snapshot: any byte changed in the header, an entry or the list of entries
 * is found on read, and reading refuses rather than returns something other
 * than what was committed. (Entry hashes are only the key that lets commits
 * share entries; an entry is reused only when its body is byte-equal.)
 */
import { createHash, hash } from "node:crypto";
import type { Problem } from "../errors/user-error.js";
import { type NodeState, readSnapshotDocument, type StateSnapshot } from "../state/snapshot.js";
import type { StoredSnapshot as StoredStateSnapshot } from "./state-store.js";
import { damaged, newerDocument } from "./store-errors.js";

export interface EncodedSnapshot {
  header: string;
  /** One body per node, `[node id, node state]` as JSON, in document order. */
  bodies: string[];
  /** Seals the header and the bodies, in order. */
  digest: string;
  nodeCount: number;
}

/** Identifies the encoding in the root digest, so a future encoding can't be mistaken for this one. */
const ROOT_DOMAIN = "ods-state snapshot v1\n";

export function sha256Hex(text: string): string {
  return hash("sha256", text, "hex");
}

/** The content address of one entry body. */
export const entryHash = sha256Hex;

/**
 * The root digest: SHA-256 over the header and every body, in order, each
 * preceded by its length so that no two sequences hash alike. One pass over
 * the bytes, so verifying a read costs ~1 ms per MB.
 */
export function rootDigest(header: string, bodies: readonly string[]): string {
  const hash = createHash("sha256").update(ROOT_DOMAIN).update(`${header.length}\n`).update(header);
  for (const body of bodies) hash.update(`\n${body.length}\n`).update(body);
  return hash.digest("hex");
}

export function encodeSnapshot(snapshot: StateSnapshot): EncodedSnapshot {
  const { nodes, ...rest } = snapshot;
  const header = JSON.stringify(rest);
  const bodies: string[] = [];
  for (const id of Object.keys(nodes)) bodies.push(JSON.stringify([id, nodes[id]]));
  return { header, bodies, digest: rootDigest(header, bodies), nodeCount: bodies.length };
}

export type DecodeResult = { ok: true; document: unknown } | { ok: false; detail: string };

/**
 * Reassembles a document from its stored parts, verifying the root digest.
 * The result is unvalidated JSON: the caller validates it
 * (readSnapshotDocument) before trusting it.
 */
export function decodeSnapshot(header: string, bodies: readonly string[], digest: string): DecodeResult {
  if (rootDigest(header, bodies) !== digest) {
    return {
      ok: false,
      detail:
        "its contents do not match the digest they were committed with (the header, a node entry or the list of entries changed)",
    };
  }
  let document: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(header);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      return { ok: false, detail: "the snapshot header is not a JSON object" };
    }
    document = parsed as Record<string, unknown>;
  } catch (error) {
    return { ok: false, detail: `the snapshot header is not JSON (${(error as Error).message})` };
  }
  const nodes: Record<string, NodeState> = {};
  for (let index = 0; index < bodies.length; index++) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(bodies[index]!);
    } catch (error) {
      return { ok: false, detail: `node entry ${index} is not JSON (${(error as Error).message})` };
    }
    if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== "string") {
      return { ok: false, detail: `node entry ${index} is not [node id, node state]` };
    }
    const id: string = parsed[0];
    if (Object.hasOwn(nodes, id)) return { ok: false, detail: `node ${id} appears twice` };
    if (id === "__proto__") {
      Object.defineProperty(nodes, id, {
        value: parsed[1],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else {
      nodes[id] = parsed[1];
    }
  }
  document.nodes = nodes;
  return { ok: true, document };
}

/** A snapshot as a store keeps it: the encoded parts and where it sits. */
export interface StoredParts {
  id: string;
  scope: string;
  parent: string | null;
  committed_at: string;
  header: string;
  /** Entry bodies in document order. */
  bodies: readonly string[];
  digest: string;
}

export type VerifyResult =
  | { ok: true; snapshot: StateSnapshot }
  | { ok: false; kind: "damaged" | "newer"; detail: string; problems: Problem[] };

/** Decodes and validates stored parts; never throws. */
export function verifyParts(parts: StoredParts): VerifyResult {
  const decoded = decodeSnapshot(parts.header, parts.bodies, parts.digest);
  if (!decoded.ok) return { ok: false, kind: "damaged", detail: decoded.detail, problems: [] };
  const read = readSnapshotDocument(decoded.document);
  if (!read.ok) {
    if (read.problem === "version_newer")
      return { ok: false, kind: "newer", detail: read.detail, problems: [] };
    return {
      ok: false,
      kind: "damaged",
      detail: `the document fails its schema (${read.problem === "version_invalid" ? read.detail : "see below"})`,
      problems:
        read.problem === "invalid"
          ? read.detail.split("; ").map((line) => {
              const colon = line.indexOf(": ");
              return colon < 0
                ? { path: "$", message: line }
                : { path: line.slice(0, colon), message: line.slice(colon + 2) };
            })
          : [],
    };
  }
  const scope = `${read.snapshot.project}/${read.snapshot.environment}`;
  if (scope !== parts.scope) {
    return {
      ok: false,
      kind: "damaged",
      detail: `the document is for ${scope} but is stored under ${parts.scope}`,
      problems: [],
    };
  }
  return { ok: true, snapshot: read.snapshot };
}

/** Decodes and validates stored parts, or throws the error that names `location`. */
export function materialize(location: string, parts: StoredParts): StoredStateSnapshot {
  const result = verifyParts(parts);
  const subject = `snapshot ${parts.id} of ${parts.scope}`;
  if (!result.ok) {
    throw result.kind === "newer"
      ? newerDocument(location, `The ${subject}`, result.detail)
      : damaged(location, `${subject}: ${result.detail}.`, result.problems);
  }
  return {
    id: parts.id,
    scope: parts.scope,
    parent: parts.parent,
    committed_at: parts.committed_at,
    snapshot: result.snapshot,
  };
}
