/**
 * What the fingerprints and the checks' digests need to know about macros,
 * computed once per manifest: which packages are the engine's (dbt's own and
 * the adapter's), the digest of every macro's source, the `generate_*_name`
 * overrides, and the run-time resolver (src/dbt/macros/run-time-closure.ts)
 * through which every closure is walked.
 */
import type { ManifestMacro } from "../artifacts/manifest.js";
import { RunTimeResolver } from "../macros/run-time-closure.js";
import { sha256 } from "./digest.js";

/** Names dbt resolves through the project first: they decide where and under which name a node is built. */
export const GENERATE_NAME_MACROS = [
  "generate_database_name",
  "generate_schema_name",
  "generate_alias_name",
] as const;

/** What the run-time resolution needs from the manifest's metadata. */
export interface MacroIndexMetadata {
  adapterType: string | null;
  /** The root project: its macros override dbt's and the packages' at run time. */
  projectName: string | null;
  dbtVersion: string | null;
}

export class MacroIndex {
  readonly engine: ReadonlySet<string>;
  private readonly macros: ReadonlyMap<string, ManifestMacro>;
  private readonly digests = new Map<string, string>();
  /** `id\0<source digest>\n` per macro, as closureDigest hashes it. */
  private readonly lines = new Map<string, string>();
  private nameOverrides: string[] | undefined;
  private readonly byName = new Map<string, ManifestMacro[]>();
  readonly adapterType: string | null;
  /** Macros with a residue (issue 36: fields no inventory row classifies); usually none. */
  readonly residues = new Map<string, NonNullable<ManifestMacro["residue"]>>();
  /**
   * The one closure walker: every macro closure (a node's build, a hook, a
   * check, the latest-version pointer) is resolved as dbt resolves it at run
   * time (src/dbt/macros/run-time-closure.ts).
   */
  readonly resolver: RunTimeResolver;

  constructor(macros: ReadonlyMap<string, ManifestMacro>, metadata: MacroIndexMetadata) {
    this.macros = macros;
    this.adapterType = metadata.adapterType;
    this.resolver = new RunTimeResolver(
      macros,
      metadata.adapterType,
      metadata.projectName,
      metadata.dbtVersion,
    );
    // dbt's and the adapter's packages (and its parents'): the resolver's internal packages.
    this.engine = new Set(this.resolver.internalPackages);
    for (const macro of macros.values()) {
      if (macro.residue) this.residues.set(macro.uniqueId, macro.residue);
      const list = this.byName.get(macro.name);
      if (list) list.push(macro);
      else this.byName.set(macro.name, [macro]);
    }
  }

  isEngine(id: string): boolean {
    const macro = this.macros.get(id);
    return macro !== undefined && this.engine.has(macro.packageName);
  }

  get(id: string): ManifestMacro | undefined {
    return this.macros.get(id);
  }

  /** SHA-256 of a macro's source. */
  sourceDigest(id: string): string | undefined {
    let digest = this.digests.get(id);
    if (digest === undefined) {
      const macro = this.macros.get(id);
      if (!macro) return undefined;
      digest = sha256(macro.macroSql);
      this.digests.set(id, digest);
    }
    return digest;
  }

  /** SHA-256 over `id\0<source digest>\n` of each macro, in the (sorted) order given. */
  closureDigest(ids: readonly string[]): string {
    let text = "";
    for (const id of ids) {
      let line = this.lines.get(id);
      if (line === undefined) {
        line = `${id}\0${this.sourceDigest(id)}\n`;
        this.lines.set(id, line);
      }
      text += line;
    }
    return sha256(text);
  }

  /** The ids of the project and package macros named `name` (not dbt's or the adapter's), sorted. */
  userMacrosNamed(name: string): string[] {
    const ids: string[] = [];
    for (const macro of this.byName.get(name) ?? []) {
      if (!this.engine.has(macro.packageName)) ids.push(macro.uniqueId);
    }
    return ids.sort();
  }

  /** Project and package overrides of the `generate_*_name` macros (dbt's defaults are engine). */
  generateNameOverrides(): string[] {
    if (this.nameOverrides) return [...this.nameOverrides];
    const ids: string[] = [];
    for (const name of GENERATE_NAME_MACROS) {
      for (const macro of this.byName.get(name) ?? []) {
        if (!this.engine.has(macro.packageName)) ids.push(macro.uniqueId);
      }
    }
    this.nameOverrides = ids.sort();
    return [...this.nameOverrides];
  }
}
