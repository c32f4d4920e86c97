/**
 * What the checks' digests need to know about macros, computed once per
 * manifest: which packages are the engine's (dbt's own and the adapter's),
 * the digest of every macro's source, the static transitive closures of the
 * project and package macros, and the `generate_*_name` overrides. A node's
 * own macros are resolved as dbt runs them: src/dbt/macros/run-time-closure.ts.
 */
import type { ManifestMacro } from "../artifacts/manifest.js";
import { sha256 } from "./digest.js";

/** Adapters whose macros build on another adapter's package. */
const INHERITED_ADAPTER_PACKAGES: Readonly<Record<string, readonly string[]>> = {
  redshift: ["dbt_postgres"],
  databricks: ["dbt_spark"],
  materialize: ["dbt_postgres"],
  timescaledb: ["dbt_postgres"],
};

/** Names dbt resolves through the project first: they decide where and under which name a node is built. */
export const GENERATE_NAME_MACROS = [
  "generate_database_name",
  "generate_schema_name",
  "generate_alias_name",
] as const;

export function enginePackages(adapterType: string | null): ReadonlySet<string> {
  const packages = new Set(["dbt"]);
  if (adapterType) {
    packages.add(`dbt_${adapterType}`);
    const inherited = Object.hasOwn(INHERITED_ADAPTER_PACKAGES, adapterType)
      ? INHERITED_ADAPTER_PACKAGES[adapterType]!
      : [];
    for (const name of inherited) packages.add(name);
  }
  return packages;
}

export interface MacroClosure {
  /** Project and package macros reached, sorted. */
  user: readonly string[];
  /** Ids referenced but absent from the manifest, sorted. */
  missing: readonly string[];
}

export class MacroIndex {
  readonly engine: ReadonlySet<string>;
  private readonly macros: ReadonlyMap<string, ManifestMacro>;
  private readonly digests = new Map<string, string>();
  private readonly closures = new Map<string, MacroClosure>();
  private readonly digestedClosures = new Map<string, { closure: MacroClosure; digest: string }>();
  private readonly materializations = new Map<string, string[]>();
  private nameOverrides: string[] | undefined;
  private readonly byName = new Map<string, ManifestMacro[]>();
  readonly adapterType: string | null;

  constructor(macros: ReadonlyMap<string, ManifestMacro>, adapterType: string | null) {
    this.macros = macros;
    this.adapterType = adapterType;
    this.engine = enginePackages(adapterType);
    for (const macro of macros.values()) {
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

  /**
   * The project and package macros reachable from `roots` (engine macros are
   * walked through, since they may call a project override, but not kept),
   * and the ids that the manifest lacks.
   */
  closure(roots: Iterable<string>): MacroClosure {
    const user = new Set<string>();
    const missing = new Set<string>();
    for (const root of roots) {
      const one = this.closureOf(root);
      for (const id of one.user) user.add(id);
      for (const id of one.missing) missing.add(id);
    }
    return { user: [...user].sort(), missing: [...missing].sort() };
  }

  /**
   * `closure(roots)` and the digest of the sources of its project and package
   * macros (SHA-256 over `id\0digest\n` each, in order), cached per set of
   * roots: most nodes of a project share theirs.
   */
  digestedClosure(roots: Iterable<string>): { closure: MacroClosure; digest: string } {
    const list = [...roots];
    const key = JSON.stringify([...list].sort());
    let result = this.digestedClosures.get(key);
    if (result === undefined) {
      const closure = this.closure(list);
      const digest = sha256(closure.user.map((id) => `${id}\0${this.sourceDigest(id)}\n`).join(""));
      result = { closure, digest };
      this.digestedClosures.set(key, result);
    }
    return result;
  }

  private closureOf(root: string): MacroClosure {
    const cached = this.closures.get(root);
    if (cached) return cached;
    const seen = new Set<string>([root]);
    const stack = [root];
    const user: string[] = [];
    const missing: string[] = [];
    while (stack.length > 0) {
      const id = stack.pop()!;
      const macro = this.macros.get(id);
      if (!macro) {
        missing.push(id);
        continue;
      }
      if (!this.engine.has(macro.packageName)) user.push(id);
      for (const dep of macro.dependsOn.macros) {
        if (!seen.has(dep)) {
          seen.add(dep);
          stack.push(dep);
        }
      }
    }
    const result = { user: user.sort(), missing: missing.sort() };
    this.closures.set(root, result);
    return result;
  }

  /**
   * The macros that can implement materialization `name` on this adapter:
   * `materialization_<name>_<adapter>` and `materialization_<name>_default`
   * in any package. Empty when the manifest has none.
   */
  materializationMacros(name: string): string[] {
    const cached = this.materializations.get(name);
    if (cached) return [...cached];
    const ids: string[] = [];
    for (const suffix of [this.adapterType ?? "default", "default"]) {
      for (const macro of this.byName.get(`materialization_${name}_${suffix}`) ?? [])
        ids.push(macro.uniqueId);
    }
    const result = [...new Set(ids)].sort();
    this.materializations.set(name, result);
    return [...result];
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
