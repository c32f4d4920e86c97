/**
 * Reads a manifest: ManifestBuilder takes the document's top-level members
 * one at a time and each collection entry by entry (a JsonObjectConsumer, fed
 * by JsonObjectStream in manifest-stream.ts, or by readManifestDocument from a
 * parsed document); each entry is validated (manifest-entry-schemas.ts) and
 * turned into its record (manifest-entry-records.ts) as it comes. `finish`
 * checks the header and the collections and throws every problem found.
 */
import { classifyPath } from "../inventory/lookup.js";
import { type Residue, residueOf } from "../inventory/manifest-residue.js";
import { readInvocationMetadata } from "./invocation-metadata.js";
import type { JsonObjectConsumer } from "./json-object-stream.js";
import {
  MANIFEST_VERSIONS,
  type Manifest,
  type ManifestDataTest,
  type ManifestMacro,
  type ManifestMetadata,
  type ManifestNode,
  type ManifestOtherNode,
  type ManifestSource,
  type ManifestUnitTest,
  type ManifestVersion,
} from "./manifest.js";
import { toDataTest, toMacro, toNode, toOtherNode, toSource, toUnitTest } from "./manifest-entry-records.js";
import {
  COMPILED_ENTRY_SCHEMAS,
  checkedAt,
  MANIFEST_ENTRY_CHECKS,
  projectMetadataSchema,
} from "./manifest-entry-schemas.js";
import {
  type ArtifactHeader,
  acceptAt,
  describeValue,
  isPlainObject,
  Problems,
  readHeader,
  requireTopObject,
  validateAt,
} from "./parse-artifact.js";

function checkKey(collection: string, key: string, uniqueId: string, problems: Problems): void {
  if (uniqueId !== key) {
    problems.add([collection, key, "unique_id"], `${JSON.stringify(uniqueId)} differs from the entry's key`);
  }
}

function readMetadata(header: ArtifactHeader<ManifestVersion>, problems: Problems): ManifestMetadata | null {
  const invocation = readInvocationMetadata(header, problems);
  const project =
    header.metadata === null
      ? undefined
      : validateAt(projectMetadataSchema, header.metadata, ["metadata"], problems);
  if (invocation === null || project === undefined) return null;
  return {
    ...invocation,
    adapterType: project.adapter_type ?? null,
    projectName: project.project_name ?? null,
    projectId: project.project_id ?? null,
  };
}

const BUILDABLE = new Set<unknown>(["model", "seed", "snapshot"]);

/** The top-level collections read entry by entry, and whether a manifest must have them. */
const COLLECTIONS: ReadonlyMap<string, { required: boolean }> = new Map([
  ["nodes", { required: true }],
  ["sources", { required: true }],
  ["macros", { required: true }],
  // v11 (dbt 1.7) has no unit tests.
  ["unit_tests", { required: false }],
  // User-defined functions (dbt 1.11 and later): recognised as references, not planned.
  ["functions", { required: false }],
  // Members of dbt's graph that ODS never plans, kept for selection (`+exposure`, `@model`).
  ["exposures", { required: false }],
  ["metrics", { required: false }],
  ["semantic_models", { required: false }],
  ["saved_queries", { required: false }],
]);

/**
 * Builds a Manifest from a manifest's top-level members, given one at a time
 * and each collection entry by entry (a JsonObjectConsumer): each entry is
 * validated and turned into its record as it comes, so the raw entry is
 * garbage at once. `finish` checks the header and throws every problem.
 * Members ODS doesn't read (exposures, docs, dbt's parent and child maps …)
 * are skipped (`skips`).
 */
export class ManifestBuilder implements JsonObjectConsumer {
  private readonly problems = new Problems();
  /** `undefined`: no metadata member (yet). */
  private metadata: unknown = undefined;
  private metadataEntries: Record<string, unknown> | null = null;
  private readonly collectionsSeen = new Set<string>();
  private readonly nodes = new Map<string, ManifestNode>();
  private readonly dataTests = new Map<string, ManifestDataTest>();
  private readonly unitTests = new Map<string, ManifestUnitTest>();
  private readonly otherNodes = new Map<string, ManifestOtherNode>();
  private readonly otherMembers = new Map<string, ManifestOtherNode>();
  private readonly sources = new Map<string, ManifestSource>();
  private readonly macros = new Map<string, ManifestMacro>();

  /** The path, for messages only. */
  private readonly file: string;

  constructor(file: string) {
    this.file = file;
  }

  /**
   * Every member but the header and the collections that the input inventory
   * classifies (exposures, docs, dbt's parent and child maps, disabled nodes
   * …); a member it doesn't know is read, for the closed world (its value is
   * a residue that reaches every node).
   */
  skips(key: string): boolean {
    if (key === "metadata" || COLLECTIONS.has(key)) return false;
    const row = classifyPath(key);
    return row !== null && row.class !== "unknown";
  }

  /** Unknown top-level members, as read (issue 36). */
  private readonly unknownMembers = new Map<string, unknown>();

  member(key: string, value: unknown): void {
    if (key !== "metadata" && !COLLECTIONS.has(key)) {
      this.unknownMembers.set(key, value);
      return;
    }
    if (key === "metadata") {
      this.metadata = value;
      this.metadataEntries = null;
    } else if (COLLECTIONS.has(key)) {
      this.collectionsSeen.add(key);
      this.problems.add([key], `expected an object keyed by unique_id, found ${describeValue(value)}`);
    }
  }

  objectStart(key: string): void {
    if (key !== "metadata" && !COLLECTIONS.has(key)) {
      this.unknownMembers.set(key, {});
      return;
    }
    if (key === "metadata") {
      this.metadataEntries = {};
      this.metadata = this.metadataEntries;
    } else if (COLLECTIONS.has(key)) {
      this.collectionsSeen.add(key);
    }
  }

  entry(key: string, id: string, value: unknown): void {
    if (key !== "metadata" && !COLLECTIONS.has(key)) {
      const members = this.unknownMembers.get(key);
      if (isPlainObject(members)) members[id] = value;
      return;
    }
    switch (key) {
      case "metadata":
        this.metadataEntries![id] = value;
        return;
      case "nodes":
        this.node(id, value);
        return;
      case "sources": {
        const raw = checkedAt(
          MANIFEST_ENTRY_CHECKS.source,
          COMPILED_ENTRY_SCHEMAS.source,
          value,
          ["sources", id],
          this.problems,
        );
        if (raw === undefined) return;
        checkKey("sources", id, raw.unique_id, this.problems);
        this.sources.set(id, withResidue(toSource(raw), "sources.<source>", value));
        return;
      }
      case "macros": {
        const raw = checkedAt(
          MANIFEST_ENTRY_CHECKS.macro,
          COMPILED_ENTRY_SCHEMAS.macro,
          value,
          ["macros", id],
          this.problems,
        );
        if (raw === undefined) return;
        checkKey("macros", id, raw.unique_id, this.problems);
        this.macros.set(id, withResidue(toMacro(raw), "macros.<macro>", value));
        return;
      }
      case "unit_tests": {
        const raw = acceptAt(COMPILED_ENTRY_SCHEMAS.unitTest, value, ["unit_tests", id], this.problems);
        if (raw === undefined) return;
        checkKey("unit_tests", id, raw.unique_id, this.problems);
        this.unitTests.set(id, withResidue(toUnitTest(raw), "unit_tests.<unit_test>", value));
        return;
      }
      case "functions": {
        const raw = acceptAt(COMPILED_ENTRY_SCHEMAS.otherNode, value, ["functions", id], this.problems);
        if (raw === undefined) return;
        checkKey("functions", id, raw.unique_id, this.problems);
        this.otherNodes.set(id, withResidue(toOtherNode(raw), "functions.<function>", value));
        return;
      }
      case "exposures":
      case "metrics":
      case "semantic_models":
      case "saved_queries": {
        const raw = acceptAt(COMPILED_ENTRY_SCHEMAS.otherNode, value, [key, id], this.problems);
        if (raw === undefined) return;
        checkKey(key, id, raw.unique_id, this.problems);
        this.otherMembers.set(id, toOtherNode(raw));
        return;
      }
    }
  }

  duplicate(key: string, id?: string): void {
    if (key !== "metadata" && !COLLECTIONS.has(key)) return;
    if (id === undefined) this.problems.add([key], "appears more than once at the top level of the file");
    else this.problems.add([key, id], `appears more than once in \`${key}\``);
  }

  private node(id: string, value: unknown): void {
    const at = ["nodes", id];
    const problems = this.problems;
    if (!isPlainObject(value)) {
      problems.add(at, `expected an object (a node), found ${describeValue(value)}`);
      return;
    }
    const type = value.resource_type;
    if (BUILDABLE.has(type)) {
      const config = value.config;
      const fields = isPlainObject(config)
        ? checkedAt(
            MANIFEST_ENTRY_CHECKS.nodeConfigFields,
            COMPILED_ENTRY_SCHEMAS.nodeConfigFields,
            config,
            [...at, "config"],
            problems,
          )
        : null;
      const raw = checkedAt(
        MANIFEST_ENTRY_CHECKS.buildable,
        COMPILED_ENTRY_SCHEMAS.buildable,
        value,
        at,
        problems,
      );
      if (raw === undefined || fields === undefined) return;
      checkKey("nodes", id, raw.unique_id, problems);
      this.nodes.set(id, withResidue(toNode(raw, fields), `nodes.<${type}>`, value));
    } else if (type === "test") {
      const raw = checkedAt(
        MANIFEST_ENTRY_CHECKS.dataTest,
        COMPILED_ENTRY_SCHEMAS.dataTest,
        value,
        at,
        problems,
      );
      if (raw === undefined) return;
      checkKey("nodes", id, raw.unique_id, problems);
      this.dataTests.set(id, withResidue(toDataTest(raw), "nodes.<test>", value));
    } else {
      const raw = acceptAt(COMPILED_ENTRY_SCHEMAS.otherNode, value, at, problems);
      if (raw === undefined) return;
      checkKey("nodes", id, raw.unique_id, problems);
      this.otherNodes.set(id, withResidue(toOtherNode(raw), `nodes.<${String(type)}>`, value));
    }
  }

  /**
   * dbt gives every resource its own unique_id (its prefix names its type):
   * one id in two collections (a node and a source, a node and a function)
   * is no manifest dbt writes, and the graph, the selection and the plan
   * would each read a different one of the two.
   */
  private crossDuplicates(): void {
    const seen = new Map<string, string>();
    const collections: [string, Iterable<string>][] = [
      ["nodes", [...this.nodes.keys(), ...this.dataTests.keys(), ...this.otherNodes.keys()]],
      ["unit_tests", this.unitTests.keys()],
      ["sources", this.sources.keys()],
    ];
    for (const [id, member] of this.otherMembers) collections.push([collectionOf(member.resourceType), [id]]);
    for (const [key, ids] of collections) {
      for (const id of ids) {
        const first = seen.get(id);
        if (first === undefined) seen.set(id, key);
        else if (first !== key)
          this.problems.add(
            [key, id],
            `is also a unique_id in \`${first}\`: dbt gives every resource its own id`,
          );
      }
    }
  }

  /**
   * The manifest, or the error: an unsupported schema version first (the
   * rest of the file has another shape), then every problem found, the
   * header's first.
   */
  finish(): Manifest {
    const headerProblems = new Problems();
    const root = this.metadata === undefined ? {} : { metadata: this.metadata };
    const header = readHeader(root, this.file, "manifest", MANIFEST_VERSIONS, headerProblems);
    const metadata = readMetadata(header, headerProblems);
    for (const [key, { required }] of COLLECTIONS) {
      if (required && !this.collectionsSeen.has(key))
        this.problems.add([key], "missing (expected an object keyed by unique_id)");
    }
    this.crossDuplicates();
    headerProblems.list.push(...this.problems.list);
    headerProblems.throwIfAny(this.file, "manifest", header.version);
    if (metadata === null) throw new Error("unreachable: manifest metadata without a recorded problem");
    const residue: Record<string, string> = { ...(residueOf("metadata", this.metadata) ?? {}) };
    for (const [key, value] of this.unknownMembers) Object.assign(residue, residueOf(key, value) ?? {});
    return {
      file: this.file,
      residue: Object.keys(residue).length === 0 ? null : residue,
      metadata,
      nodes: this.nodes,
      dataTests: this.dataTests,
      unitTests: this.unitTests,
      otherNodes: this.otherNodes,
      otherMembers: this.otherMembers,
      sources: this.sources,
      macros: this.macros,
    };
  }
}

/** The record with the residue of its raw entry (issue 36), when there is any. */
function withResidue<T extends { residue?: Residue }>(record: T, prefix: string, value: unknown): T {
  const residue = residueOf(prefix, value);
  if (residue !== null) record.residue = residue;
  return record;
}

/** The top-level collection a non-node member comes from, for messages. */
function collectionOf(resourceType: string): string {
  return resourceType === "semantic_model"
    ? "semantic_models"
    : resourceType === "saved_query"
      ? "saved_queries"
      : `${resourceType}s`;
}

/**
 * A manifest from a document already parsed from JSON (it is read, never
 * modified). `loadManifest` (manifest-stream.ts) reads one from its text.
 */
export function readManifestDocument(doc: unknown, file: string): Manifest {
  const root = requireTopObject(doc, file, "manifest");
  const builder = new ManifestBuilder(file);
  for (const key in root) {
    if (builder.skips(key)) continue;
    const value = root[key];
    if (isPlainObject(value)) {
      builder.objectStart(key);
      for (const id in value) builder.entry(key, id, value[id]);
    } else {
      builder.member(key, value);
    }
  }
  return builder.finish();
}
