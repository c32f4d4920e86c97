/**
 * The shop (fixtures/shop, written as dbt-duckdb writes it) as another
 * adapter's dbt would write it, and dbt's runs of it on a simulated provider
 * (simulated-provider.ts), so that a test sees which objects dbt makes and
 * reads there.
 *
 * - `vendorManifest`: the manifest with the adapter's quote policy
 *   (dbt-snowflake quotes nothing by default, dbt-bigquery and
 *   dbt-databricks every part, in backticks; the project's `quoting:` and a
 *   node's `quoting` config over it), every model's, seed's and snapshot's
 *   `relation_name` rendered with it, and the compiled code of every node
 *   reading its parents by that rendering, as dbt compiles `ref()`. Schemas
 *   and aliases can be renamed first (a CI target's schema, an alias with
 *   capitals). Sources keep the shop's quoted rendering of `raw`.
 * - `vendorBuild`: tools/dbt-standin.ts runs the manifest on the
 *   simulation's DuckDB file (or a real PostgreSQL database), each relation
 *   where the warehouse resolves dbt's rendering of it (`resolveRendered`:
 *   Snowflake upper-cases an unquoted part; PostgreSQL lower-cases it), both
 *   for what it creates and for what it reads; its run results carry dbt's
 *   rendering, as dbt's do.
 */
import type { LoadedProject } from "../../../src/dbt/load-project.js";
import { parseRelationName } from "../../../src/dbt/relation-identity.js";
import { type RecordInput, record } from "../../../src/planner/record.js";
import type { StateSnapshot, TargetIdentity } from "../../../src/state/snapshot.js";
import type { QualifiedName } from "../../../src/warehouse/names.js";
import { type DbtRunOptions, quote } from "../../../tools/dbt-standin.js";
import type { Session } from "./sessions.js";
import { build, projectOf, SCOPE, shopJson, sourcesOf } from "./shop.js";
import { duckName, type SimulatedWarehouse } from "./simulated-provider.js";

// biome-ignore lint/suspicious/noExplicitAny: manifest JSON
type Json = any;

export type Adapter = "snowflake" | "bigquery" | "databricks" | "postgres";

export interface Quoting {
  database?: boolean;
  schema?: boolean;
  identifier?: boolean;
}

export interface VendorOptions {
  /** The project's `quoting:` over the adapter's default policy. */
  quoting?: Quoting;
  /** Nodes' `quoting` configs (by unique id) over the project's. */
  nodeQuoting?: Readonly<Record<string, Quoting>>;
  /** Nodes' aliases (by unique id), written by dbt as configured. */
  aliases?: Readonly<Record<string, string>>;
  /** Schemas renamed (as a profile or a custom schema would give them). */
  schemas?: Readonly<Record<string, string>>;
}

/** dbt's default quote policy of each adapter (dbt-snowflake relation.py, dbt-bigquery, dbt-databricks). */
const DEFAULT_QUOTING: Record<Adapter, Required<Quoting>> = {
  snowflake: { database: false, schema: false, identifier: false },
  bigquery: { database: true, schema: true, identifier: true },
  databricks: { database: true, schema: true, identifier: true },
  postgres: { database: true, schema: true, identifier: true },
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Every whole occurrence of each rendering in `text` replaced (not one that goes on as a longer name). */
function replaceRenderings(text: string, renames: readonly (readonly [string, string])[]): string {
  let out = text;
  for (const [from, to] of [...renames].sort((a, b) => b[0].length - a[0].length)) {
    out = out.replace(new RegExp(`${escapeRegExp(from)}(?![\\w$"\`])`, "g"), () => to);
  }
  return out;
}

/** The manifest as `adapter`'s dbt writes it (a copy). */
export function vendorManifest(manifest: Json, adapter: Adapter, options: VendorOptions = {}): Json {
  const m = structuredClone(manifest);
  const policy = { ...DEFAULT_QUOTING[adapter], ...options.quoting };
  m.metadata.adapter_type = adapter;
  m.metadata.quoting = { ...policy, column: null };
  const quote = adapter === "snowflake" || adapter === "postgres" ? '"' : "`";
  const render = (text: string, quoted: boolean) => (quoted ? `${quote}${text}${quote}` : text);
  const renames: [string, string][] = [];
  for (const node of Object.values<Json>(m.nodes)) {
    if (node.resource_type === "test" || !node.relation_name) continue;
    const id = node.unique_id as string;
    const alias = options.aliases?.[id];
    if (alias !== undefined) {
      node.alias = alias;
      node.config.alias = alias;
    }
    const schema = options.schemas?.[node.schema];
    if (schema !== undefined) node.schema = schema;
    const own = options.nodeQuoting?.[id];
    if (own) node.config.quoting = { ...own };
    const q = { ...policy, ...own };
    const rendered = [
      render(node.database, q.database),
      render(node.schema, q.schema),
      render(node.alias, q.identifier),
    ].join(".");
    renames.push([node.relation_name, rendered]);
    node.relation_name = rendered;
  }
  for (const node of Object.values<Json>(m.nodes)) {
    if (typeof node.compiled_code === "string")
      node.compiled_code = replaceRenderings(node.compiled_code, renames);
  }
  return m;
}

/** The shop's three manifests, as `adapter`'s dbt writes them, and their projects. */
export interface VendorShop {
  adapter: Adapter;
  prodManifest: Json;
  prManifest: Json;
  mainManifest: Json;
  prodProject: LoadedProject;
  prProject: LoadedProject;
  mainProject: LoadedProject;
}

function changeCustomers(manifest: Json): Json {
  const node = manifest.nodes["model.shop.customers"];
  for (const key of ["compiled_code", "raw_code"]) {
    node[key] = node[key].replace("countries.region\n", "countries.region as region\n");
  }
  return manifest;
}

/**
 * The shop as `adapter`'s dbt writes it; `pr` options apply to the pull
 * request's manifest only (over `all`), `customersChange` as scenario.ts.
 */
export function vendorShop(
  adapter: Adapter,
  options: { all?: VendorOptions; pr?: VendorOptions; customersChange?: boolean } = {},
): VendorShop {
  const change = options.customersChange ? changeCustomers : (m: Json) => m;
  const all = options.all ?? {};
  const pr = { ...all, ...options.pr };
  const prodManifest = vendorManifest(shopJson("prod/manifest.json"), adapter, all);
  const prManifest = vendorManifest(change(shopJson("pr-7/manifest.json")), adapter, pr);
  const mainManifest = vendorManifest(change(shopJson("prod-after-merge/manifest.json")), adapter, all);
  return {
    adapter,
    prodManifest,
    prManifest,
    mainManifest,
    prodProject: projectOf(prodManifest, "prod/manifest.json"),
    prProject: projectOf(prManifest, "pr-7/manifest.json"),
    mainProject: projectOf(mainManifest, "prod-after-merge/manifest.json"),
  };
}

/** Where a warehouse puts what dbt's rendering names, and how the session's SQL names that object. */
export interface Resolver {
  resolve(rendered: string): Promise<QualifiedName>;
  /** The stored name as the session's SQL names it (the simulation's DuckDB names; PostgreSQL's own). */
  session(name: QualifiedName): QualifiedName;
}

/** A simulated provider: its resolution of dbt's renderings (resolveRendered), its DuckDB names. */
export function simulated(warehouse: SimulatedWarehouse): Resolver {
  return {
    resolve: (rendered) => warehouse.simulation.resolveRendered(rendered),
    session: (name) => ({ schema: duckName(name.schema), identifier: duckName(name.identifier) }),
  };
}

/** PostgreSQL: a quoted part as written, an unquoted one with its ASCII letters in lower case. */
export const POSTGRES: Resolver = {
  resolve: async (rendered) => {
    const parts = parseRelationName(rendered);
    if (parts === null || parts.length < 2) throw new Error(`not a relation name: ${rendered}`);
    const part = (fromEnd: number) => {
      const { text, quoted } = parts[parts.length - fromEnd]!;
      return quoted ? text : text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
    };
    return { schema: part(2), identifier: part(1) };
  },
  session: (name) => name,
};

/**
 * dbt's run of `manifest` on a warehouse: every relation created and read
 * where the warehouse resolves dbt's rendering of it. Returns the run
 * results (dbt's renderings in them).
 */
export async function vendorBuild(
  session: Session,
  where: SimulatedWarehouse | Resolver,
  options: Omit<DbtRunOptions, "seedsDir" | "seedColumns">,
): Promise<Awaited<ReturnType<typeof build>>> {
  const resolver = "resolve" in where ? where : simulated(where);
  const m = structuredClone(options.manifest);
  const swaps: [string, string][] = [];
  for (const node of Object.values<Json>(m.nodes)) {
    if (node.resource_type === "test" || !node.relation_name) continue;
    const named = resolver.session(await resolver.resolve(node.relation_name));
    node.database = "shop";
    node.schema = named.schema;
    node.alias = named.identifier;
    swaps.push([node.relation_name, `"shop".${quote(named.schema)}.${quote(named.identifier)}`]);
  }
  for (const node of Object.values<Json>(m.nodes)) {
    if (typeof node.compiled_code === "string")
      node.compiled_code = replaceRenderings(node.compiled_code, swaps);
  }
  return build(session, { ...options, manifest: m });
}

/** The target a vendor's prod and CI runs are recorded with. */
export function vendorTarget(adapter: Adapter, name: "prod" | "ci"): TargetIdentity {
  return { name, adapter_type: adapter };
}

/** Prod built by the vendor's dbt (the shop's prod manifest) and recorded. */
export async function vendorProdBuilt(
  session: Session,
  where: SimulatedWarehouse | Resolver,
  shop: VendorShop,
): Promise<StateSnapshot> {
  const results = await vendorBuild(session, where, {
    manifest: shop.prodManifest,
    target: "prod",
    invocationId: shop.prodManifest.metadata.invocation_id,
    startedAt: "2026-11-30T08:05:02.000Z",
  });
  const input: RecordInput = {
    project: shop.prodProject,
    runResults: results,
    sources: sourcesOf("prod/sources.json"),
    scope: SCOPE,
    previous: null,
    recordedRunIds: new Set(),
    target: vendorTarget(shop.adapter, "prod"),
    now: "2026-11-30T08:06:00Z",
  };
  return record(input).snapshot;
}
