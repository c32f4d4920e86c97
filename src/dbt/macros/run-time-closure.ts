/**
 * The macros dbt really runs to build a node, resolved as dbt resolves them
 * at run time (docs/decisions/run-time-macros.md). Pure: data in, data out.
 *
 * The manifest's `depends_on.macros` of a macro is resolved at parse time
 * from the macro's own package first (dbt-core core/dbt/parser/manifest.py
 * `ManifestLoader.macro_depends_on`, through
 * core/dbt/context/macro_resolver.py `MacroResolver.get_macro`): dbt's
 * `table` materialization lists `macro.dbt.create_table_as` even when the
 * root project overrides `create_table_as`. At run time every macro runs in
 * the node's context, whose flat namespace (core/dbt/context/macros.py
 * `MacroNamespace._search_order`, built by `MacroNamespaceBuilder`) finds a
 * name in the node's own package ("local"), then the root project
 * ("global"), then the internal packages (the adapter's, its parents', then
 * dbt's: `build_namespace` lets the first of `internal_package_names_order`
 * win). So each statically listed call is resolved again by its name, and
 * the macros it may reach are kept:
 * - the static target itself, and the name's flat winner for the node's
 *   package (the override, when there is one);
 * - for a call into an internal package, the internal winner too (a call
 *   written `dbt.name` is looked up in `global_project_namespace`:
 *   `MacroNamespace.get_from_package`);
 * - for every `adapter.dispatch('name', …)` in the macro's source, every
 *   macro called `<prefix>__name` for the adapter's prefixes, its parents'
 *   and `default` (core/dbt/context/providers.py `BaseDatabaseWrapper.dispatch`,
 *   `_get_adapter_macro_prefixes`), in any package: the project's
 *   `dispatch:` search order is not in the manifest, so every package that
 *   could be on it counts (a superset: more builds, never fewer).
 * Macros found by a name built at run time are added as roots: the
 * materialization (`find_materialization_macro_by_name`), the incremental
 * strategy (`get_incremental_<strategy>_sql`, dbt-adapters
 * `BaseAdapter.get_incremental_strategy_macro`) and the snapshot strategy
 * (`snapshot_<strategy>_strategy`, global_project `strategy_dispatch`).
 */
import type { ManifestMacro } from "../artifacts/manifest.js";

/** Adapters whose macros build on another adapter's (dbt `get_adapter_type_names`). */
const PARENT_ADAPTERS: Readonly<Record<string, readonly string[]>> = {
  redshift: ["postgres"],
  databricks: ["spark"],
  materialize: ["postgres"],
  timescaledb: ["postgres"],
};

/** The adapter and its parents, most specific first (dbt `get_adapter_type_names`). */
export function adapterTypeChain(adapterType: string | null): string[] {
  if (!adapterType) return [];
  const parents = Object.hasOwn(PARENT_ADAPTERS, adapterType) ? PARENT_ADAPTERS[adapterType]! : [];
  return [adapterType, ...parents];
}

/** Names that only decide where a node is built (its relation), never what. */
const NAME_MACRO = /^(?:[a-z0-9_]+__)?generate_(?:database|schema|alias)_name$/;

/** True for `generate_*_name` and its dispatched implementations (`default__generate_schema_name`). */
export function isNameMacro(name: string): boolean {
  return NAME_MACRO.test(name);
}

/** `adapter.dispatch('name'` / `adapter.dispatch("name"` in a macro's source. */
const DISPATCH_CALL = /adapter\s*\.\s*dispatch\s*\(\s*(?:macro_name\s*=\s*)?['"]([A-Za-z0-9_]+)['"]/g;

/**
 * dbt's materializations that never look an incremental strategy up (a
 * custom one may, through `adapter.get_incremental_strategy_macro`).
 */
const BUILTIN_MATERIALIZATIONS: ReadonlySet<string> = new Set([
  "view",
  "table",
  "ephemeral",
  "seed",
  "snapshot",
  "materialized_view",
  "dynamic_table",
]);

/** A macro that replaces, at run time, the one the manifest's static depends_on names. */
export interface MacroOverride {
  /** The macro name looked up. */
  name: string;
  /** What the manifest lists (dbt's or the adapter's macro, usually). */
  replaces: string;
  /** What dbt runs instead. */
  by: string;
}

/** What one node's build resolves to at run time (shared between nodes with the same roots: read only). */
export interface RunTimeMacros {
  /** Every macro the build may run, dbt's and the adapter's included, sorted. */
  macros: readonly string[];
  /** The project's and packages' macros among them, sorted. */
  user: readonly string[];
  /** The materialization macro dbt chooses; null when none implements it. */
  materialization: string | null;
  /**
   * The other candidate when a package overrides a builtin materialization:
   * which one runs depends on the project flag
   * `require_explicit_package_overrides_for_builtin_materializations` (not in
   * the manifest; its default is false up to dbt 1.7, true from 1.8). Hashed
   * as well.
   */
  materializationAlternative: string | null;
  /** The strategy macro (incremental or snapshot), when the node has one and a macro implements it. */
  strategy: string | null;
  /** Static targets replaced at run time, sorted by name then replaced id. */
  overrides: readonly MacroOverride[];
  /** Ids referenced but absent from the manifest, sorted. */
  missing: readonly string[];
}

/** What decides a node's run-time macros. */
export interface RunTimeRoots {
  /** The node's package: its macros come first in the flat namespace. */
  searchPackage: string;
  /** Macros the node (and the ephemeral models it inlines) calls, as the manifest lists them. */
  called: readonly string[];
  /** `materialized` (a model without one is a view). */
  materialization: string | null;
  /** `incremental_strategy` of an incremental model (null: the adapter's default). */
  incrementalStrategy: string | null;
  /** `strategy` of a snapshot. */
  snapshotStrategy: string | null;
  /** Extra roots (the `generate_*_name` overrides): hashed, not scanned for environment reads. */
  nameRoots: readonly string[];
}

/**
 * A closure: its macros as a bitset over the manifest's macro ids in sorted
 * order (bit i: `sortedIds[i]`), so that a union is a few word ORs and its
 * ids come out sorted without sorting strings (a 10,000-node project has
 * about 1,500 distinct sets of roots, each reaching some 150 macros).
 */
interface Closure {
  bits: Uint32Array;
  missing: Set<string>;
  overrides: Map<string, MacroOverride>;
}

function splitId(id: string): { packageName: string; name: string } | null {
  // macro.<package>.<name>: neither has a dot.
  const first = id.indexOf(".");
  const last = id.lastIndexOf(".");
  if (first < 0 || last === first) return null;
  return { packageName: id.slice(first + 1, last), name: id.slice(last + 1) };
}

/** dbt's `Locality` (core/dbt/contracts/graph/manifest.py): higher wins. */
const Locality = { Core: 1, Imported: 2, Root: 3 } as const;
type Locality = (typeof Locality)[keyof typeof Locality];

/** Resolves names and closures the way dbt does at run time, for one manifest. */
export class RunTimeResolver {
  readonly internalPackages: readonly string[];
  private readonly internal: ReadonlySet<string>;
  private readonly prefixes: readonly string[];
  private readonly byPackage = new Map<string, Map<string, string>>();
  private readonly byName = new Map<string, string[]>();
  private readonly internalFlat = new Map<string, string>();
  private readonly dispatched = new Map<string, readonly string[]>();
  /** Per search package: per macro id, the ids a call from it may reach. */
  private readonly edgeCache = new Map<string, Map<string, Edges>>();
  /** Per search package: per root id, its closure. */
  private readonly closureCache = new Map<string, Map<string, Closure>>();

  private readonly macros: ReadonlyMap<string, ManifestMacro>;
  private readonly rootProject: string | null;
  /** Every macro id, sorted: the bit order of the closures' bitsets. */
  private readonly sortedIds: readonly string[];
  private readonly bitOf = new Map<string, number>();
  /** Per bit: 1 for dbt's and the adapter's macros. */
  private readonly engineBits: Uint8Array;
  /** Per bit: 1 for the `generate_*_name` macros (isNameMacro). */
  private readonly nameBits: Uint8Array;
  /** Words of a bitset. */
  private readonly words: number;

  /**
   * The default of `require_explicit_package_overrides_for_builtin_materializations`:
   * false up to dbt 1.7 (core/dbt/contracts/project.py), true from 1.8.
   */
  private readonly explicitOverridesByDefault: boolean;

  constructor(
    macros: ReadonlyMap<string, ManifestMacro>,
    adapterType: string | null,
    rootProject: string | null,
    dbtVersion: string | null = null,
  ) {
    this.macros = macros;
    this.rootProject = rootProject;
    const version = /^(\d+)\.(\d+)/.exec(dbtVersion ?? "");
    this.explicitOverridesByDefault =
      version === null || Number(version[1]) > 1 || (Number(version[1]) === 1 && Number(version[2]) >= 8);
    const chain = adapterTypeChain(adapterType);
    this.prefixes = [...chain, "default"];
    this.internalPackages = [...chain.map((type) => `dbt_${type}`), "dbt"];
    this.internal = new Set(this.internalPackages);
    for (const macro of macros.values()) {
      let names = this.byPackage.get(macro.packageName);
      if (!names) {
        names = new Map();
        this.byPackage.set(macro.packageName, names);
      }
      names.set(macro.name, macro.uniqueId);
      const list = this.byName.get(macro.name);
      if (list) list.push(macro.uniqueId);
      else this.byName.set(macro.name, [macro.uniqueId]);
    }
    // First of the internal packages wins (MacroNamespaceBuilder.build_namespace).
    for (const pkg of [...this.internalPackages].reverse()) {
      for (const [name, id] of this.byPackage.get(pkg) ?? []) this.internalFlat.set(name, id);
    }
    this.sortedIds = [...macros.keys()].sort();
    this.words = (this.sortedIds.length + 31) >>> 5;
    this.engineBits = new Uint8Array(this.sortedIds.length);
    this.nameBits = new Uint8Array(this.sortedIds.length);
    for (let bit = 0; bit < this.sortedIds.length; bit++) {
      const id = this.sortedIds[bit]!;
      this.bitOf.set(id, bit);
      const macro = macros.get(id)!;
      if (this.internal.has(macro.packageName)) this.engineBits[bit] = 1;
      if (isNameMacro(macro.name)) this.nameBits[bit] = 1;
    }
  }

  /** The ids of a bitset's macros, sorted; with `skip`, those whose bit in it is 0. */
  private idsOf(bits: Uint32Array, skip?: (bit: number) => boolean): string[] {
    const out: string[] = [];
    for (let word = 0; word < bits.length; word++) {
      let rest = bits[word]!;
      while (rest !== 0) {
        const low = rest & -rest;
        const bit = (word << 5) + (31 - Math.clz32(low));
        if (skip === undefined || !skip(bit)) out.push(this.sortedIds[bit]!);
        rest ^= low;
      }
    }
    return out;
  }

  isEngine(id: string): boolean {
    const macro = this.macros.get(id);
    return macro !== undefined && this.internal.has(macro.packageName);
  }

  /** The macro an unqualified `name` finds from a node of `searchPackage`: local, root, internal. */
  flat(name: string, searchPackage: string): string | undefined {
    if (!this.internal.has(searchPackage)) {
      const local = this.byPackage.get(searchPackage)?.get(name);
      if (local !== undefined) return local;
    }
    if (this.rootProject !== null) {
      const global = this.byPackage.get(this.rootProject)?.get(name);
      if (global !== undefined) return global;
    }
    return this.internalFlat.get(name);
  }

  /** `package.name` or `name` (strategy_dispatch's argument) from a node of `searchPackage`. */
  qualified(name: string, searchPackage: string): string | undefined {
    const dot = name.indexOf(".");
    if (dot < 0) return this.flat(name, searchPackage);
    const pkg = name.slice(0, dot);
    const rest = name.slice(dot + 1);
    return pkg === "dbt" ? this.internalFlat.get(rest) : this.byPackage.get(pkg)?.get(rest);
  }

  private locality(packageName: string): Locality {
    if (packageName === this.rootProject) return Locality.Root;
    return this.internal.has(packageName) ? Locality.Core : Locality.Imported;
  }

  /**
   * The materialization macro dbt chooses (core/dbt/contracts/graph/manifest.py
   * `Manifest.find_materialization_macro_by_name`, `MaterializationCandidate`):
   * the most specific adapter first (the adapter, its parents, `default`),
   * then Root over Imported over Core. When an imported package's wins over a
   * core one, dbt takes the best Root or Core one instead when the project's
   * `require_explicit_package_overrides_for_builtin_materializations` is true
   * (the default from dbt 1.8); the flag is not in the manifest, so both are
   * returned (`chosen` is what the version's default picks).
   */
  materialization(name: string): { chosen: string | null; alternative: string | null } {
    let best: Candidate | null = null;
    let bestCoreOrRoot: Candidate | null = null;
    let hasCore = false;
    for (let specificity = 0; specificity < this.prefixes.length; specificity++) {
      for (const id of this.byName.get(`materialization_${name}_${this.prefixes[specificity]}`) ?? []) {
        const candidate: Candidate = {
          id,
          specificity,
          locality: this.locality(this.macros.get(id)!.packageName),
        };
        if (candidate.locality === Locality.Core) hasCore = true;
        if (beats(candidate, best)) best = candidate;
        if (candidate.locality !== Locality.Imported && beats(candidate, bestCoreOrRoot))
          bestCoreOrRoot = candidate;
      }
    }
    if (best !== null && best.locality === Locality.Imported && hasCore) {
      return this.explicitOverridesByDefault
        ? { chosen: bestCoreOrRoot?.id ?? null, alternative: best.id }
        : { chosen: best.id, alternative: bestCoreOrRoot?.id ?? null };
    }
    return { chosen: best?.id ?? null, alternative: null };
  }

  /** Names of the macros `id`'s source dispatches (`adapter.dispatch('name', …)`). */
  private dispatchedNames(id: string): readonly string[] {
    let names = this.dispatched.get(id);
    if (names === undefined) {
      const found = new Set<string>();
      const sql = this.macros.get(id)?.macroSql ?? "";
      if (sql.includes("dispatch")) for (const match of sql.matchAll(DISPATCH_CALL)) found.add(match[1]!);
      names = [...found].sort();
      this.dispatched.set(id, names);
    }
    return names;
  }

  /** Every macro `adapter.dispatch(name)` may find: `<prefix>__name` in any package. */
  private dispatchCandidates(name: string, out: Set<string>): void {
    for (const prefix of this.prefixes) {
      for (const id of this.byName.get(`${prefix}__${name}`) ?? []) out.add(id);
    }
  }

  private edges(id: string, searchPackage: string): Edges {
    let cache = this.edgeCache.get(searchPackage);
    if (cache === undefined) {
      cache = new Map();
      this.edgeCache.set(searchPackage, cache);
    }
    let edges = cache.get(id);
    if (edges !== undefined) return edges;
    const macro = this.macros.get(id)!;
    const targets = new Set<string>();
    const missing: string[] = [];
    const overrides: MacroOverride[] = [];
    for (const dep of macro.dependsOn.macros) {
      if (this.macros.has(dep)) targets.add(dep);
      else missing.push(dep);
      const parts = splitId(dep);
      if (parts === null) continue;
      const winner = this.flat(parts.name, searchPackage);
      if (this.internal.has(parts.packageName)) {
        // An unqualified call from dbt's or the adapter's macros: the flat
        // winner runs (an override when it isn't the listed one); written
        // `dbt.name`, the internal winner.
        if (winner !== undefined) {
          targets.add(winner);
          if (winner !== dep) overrides.push({ name: parts.name, replaces: dep, by: winner });
        }
        const internal = this.internalFlat.get(parts.name);
        if (internal !== undefined) targets.add(internal);
      } else if (winner !== undefined && !this.isEngine(winner)) {
        // A package's macro: `pkg.name` runs it; an unqualified call may find
        // the node's package's or the root project's macro of that name.
        targets.add(winner);
      }
    }
    for (const name of this.dispatchedNames(id)) this.dispatchCandidates(name, targets);
    targets.delete(id);
    edges = { targets: [...targets], missing, overrides };
    cache.set(id, edges);
    return edges;
  }

  /** The closure of one root id for a node of `searchPackage`, cached. */
  private closureOf(root: string, searchPackage: string): Closure {
    let cache = this.closureCache.get(searchPackage);
    if (cache === undefined) {
      cache = new Map();
      this.closureCache.set(searchPackage, cache);
    }
    const cached = cache.get(root);
    if (cached !== undefined) return cached;
    const bits = new Uint32Array(this.words);
    const closure: Closure = { bits, missing: new Set(), overrides: new Map() };
    const rootBit = this.bitOf.get(root);
    if (rootBit === undefined) {
      closure.missing.add(root);
    } else {
      bits[rootBit >>> 5]! |= 1 << (rootBit & 31);
      const stack = [root];
      while (stack.length > 0) {
        const edges = this.edges(stack.pop()!, searchPackage);
        for (const id of edges.missing) closure.missing.add(id);
        for (const o of edges.overrides) closure.overrides.set(`${o.name}\0${o.replaces}\0${o.by}`, o);
        for (const id of edges.targets) {
          const bit = this.bitOf.get(id)!;
          const mask = 1 << (bit & 31);
          if ((bits[bit >>> 5]! & mask) === 0) {
            bits[bit >>> 5]! |= mask;
            stack.push(id);
          }
        }
      }
    }
    cache.set(root, closure);
    return closure;
  }

  /** The strategy macro found by name at run time, or null. */
  strategyMacro(roots: RunTimeRoots): string | null {
    const custom = roots.materialization !== null && !BUILTIN_MATERIALIZATIONS.has(roots.materialization);
    if (roots.materialization === "incremental" || (custom && roots.incrementalStrategy !== null)) {
      const strategy = (roots.incrementalStrategy ?? "default").replaceAll("+", "_");
      return this.flat(`get_incremental_${strategy}_sql`, roots.searchPackage) ?? null;
    }
    if (roots.materialization === "snapshot" && roots.snapshotStrategy !== null) {
      const name = roots.snapshotStrategy;
      const dot = name.indexOf(".");
      const qualified =
        dot < 0
          ? `snapshot_${name}_strategy`
          : `${name.slice(0, dot)}.snapshot_${name.slice(dot + 1)}_strategy`;
      return this.qualified(qualified, roots.searchPackage) ?? null;
    }
    return null;
  }

  /** The macros reachable at run time from `called` for a node (or hook) of `searchPackage`, sorted, and the missing ids. */
  closure(called: Iterable<string>, searchPackage: string): { macros: string[]; missing: string[] } {
    const bits = new Uint32Array(this.words);
    const missing = new Set<string>();
    for (const root of called) {
      const closure = this.closureOf(root, searchPackage);
      orInto(bits, closure.bits);
      for (const id of closure.missing) missing.add(id);
    }
    return { macros: this.idsOf(bits), missing: [...missing].sort() };
  }

  /**
   * The run-time macros of a node and, apart, the project and package
   * macros reached without going through `nameRoots` (what the environment
   * scan reads).
   */
  resolve(roots: RunTimeRoots): { resolved: RunTimeMacros; bodyUser: readonly string[] } {
    const sp = roots.searchPackage;
    const { chosen, alternative } = this.materialization(roots.materialization ?? "view");
    const strategy = this.strategyMacro(roots);
    const body = new Set<string>(roots.called);
    if (chosen !== null) body.add(chosen);
    if (alternative !== null) body.add(alternative);
    if (strategy !== null) body.add(strategy);
    const bits = new Uint32Array(this.words);
    const missing = new Set<string>();
    const overrides = new Map<string, MacroOverride>();
    const take = (root: string): void => {
      const closure = this.closureOf(root, sp);
      orInto(bits, closure.bits);
      for (const id of closure.missing) missing.add(id);
      for (const [key, o] of closure.overrides) overrides.set(key, o);
    };
    for (const root of body) take(root);
    const bodyUser = this.idsOf(bits, (bit) => this.engineBits[bit] === 1 || this.nameBits[bit] === 1);
    for (const root of roots.nameRoots) take(root);
    const macros = this.idsOf(bits);
    return {
      resolved: {
        macros,
        user: this.idsOf(bits, (bit) => this.engineBits[bit] === 1),
        materialization: chosen ?? alternative,
        materializationAlternative: chosen === null ? null : alternative,
        strategy,
        overrides: [...overrides.values()].sort((a, b) =>
          a.name === b.name ? (a.replaces < b.replaces ? -1 : 1) : a.name < b.name ? -1 : 1,
        ),
        missing: [...missing].sort(),
      },
      bodyUser,
    };
  }
}

/** `into |= from`, word by word. */
function orInto(into: Uint32Array, from: Uint32Array): void {
  for (let word = 0; word < into.length; word++) into[word]! |= from[word]!;
}

interface Candidate {
  id: string;
  specificity: number;
  locality: Locality;
}

/** dbt's order of materialization candidates: more specific, then more local (ties by id, for determinism). */
function beats(a: Candidate, b: Candidate | null): boolean {
  if (b === null) return true;
  if (a.specificity !== b.specificity) return a.specificity < b.specificity;
  if (a.locality !== b.locality) return a.locality > b.locality;
  return a.id < b.id;
}

interface Edges {
  targets: readonly string[];
  missing: readonly string[];
  overrides: readonly MacroOverride[];
}
