/**
 * dbt selectors on real manifests: each expected set is computed here from
 * the manifest's own JSON — dbt's `parent_map` / `child_map`, each entry's
 * fqn, tags, paths and config — not through ODS's graph, then reduced to what
 * ODS plans (models that aren't ephemeral, seeds, snapshots) and the
 * selected sources; selectNodes must give exactly that.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type LoadedProject, loadProject } from "../../src/dbt/load-project.js";
import { UserError } from "../../src/errors/user-error.js";
import { fnmatch } from "../../src/planner/fnmatch.js";
import { selectNodes } from "../../src/planner/selection.js";
import { SHARED_DBT_FIXTURES, sharedFixture, sharedFixturesPresent } from "../support/shared-fixtures.js";

type Entry = {
  unique_id: string;
  resource_type: string;
  name: string;
  package_name: string;
  fqn?: string[];
  tags?: string[] | string;
  original_file_path?: string;
  patch_path?: string | null;
  config?: Record<string, unknown>;
  source_name?: string;
};

interface Fixture {
  raw: {
    nodes: Record<string, Entry>;
    sources: Record<string, Entry>;
    parent_map: Record<string, string[]>;
    child_map: Record<string, string[]>;
    metadata: { project_name?: string };
  };
  project: LoadedProject;
  /** Every graph member (enabled node, source, exposure, metric, semantic model, saved query, unit test, function). */
  members: Map<string, Entry>;
}

const cache = new Map<string, Fixture>();

function fixture(name: string): Fixture {
  let f = cache.get(name);
  if (!f) {
    const text = readFileSync(sharedFixture(name, "manifest.json"), "utf8");
    const raw = JSON.parse(text);
    const members = new Map<string, Entry>();
    for (const key of [
      "nodes",
      "sources",
      "exposures",
      "metrics",
      "semantic_models",
      "saved_queries",
      "unit_tests",
      "functions",
    ]) {
      for (const [id, e] of Object.entries((raw[key] ?? {}) as Record<string, Entry>)) {
        if (e.config?.enabled === false && e.resource_type !== "exposure") continue;
        members.set(id, e);
      }
    }
    f = { raw, project: loadProject(text, `${name}/manifest.json`), members };
    cache.set(name, f);
  }
  return f;
}

/** Breadth-first over dbt's own maps, with the distance of each node reached (not the node itself). */
function reach(
  map: Record<string, string[]>,
  from: Iterable<string>,
  depth = Number.POSITIVE_INFINITY,
): Set<string> {
  const dist = new Map<string, number>();
  const queue: [string, number][] = [...from].map((id) => [id, 0]);
  while (queue.length > 0) {
    const [id, d] = queue.shift()!;
    if (d >= depth) continue;
    for (const next of map[id] ?? []) {
      if (!dist.has(next)) {
        dist.set(next, d + 1);
        queue.push([next, d + 1]);
      }
    }
  }
  return new Set(dist.keys());
}

type Oracle = (f: Fixture) => Set<string>;

const where =
  (pred: (e: Entry, f: Fixture) => boolean): Oracle =>
  (f) =>
    new Set([...f.members.values()].filter((e) => pred(e, f)).map((e) => e.unique_id));
const union =
  (...oracles: Oracle[]): Oracle =>
  (f) =>
    new Set(oracles.flatMap((o) => [...o(f)]));
const intersect =
  (a: Oracle, b: Oracle): Oracle =>
  (f) => {
    const right = b(f);
    return new Set([...a(f)].filter((id) => right.has(id)));
  };
const minus =
  (a: Oracle, b: Oracle): Oracle =>
  (f) => {
    const right = b(f);
    return new Set([...a(f)].filter((id) => !right.has(id)));
  };
const up =
  (o: Oracle, depth?: number): Oracle =>
  (f) =>
    union(o, (g) => reach(g.raw.parent_map, o(g), depth))(f);
const down =
  (o: Oracle, depth?: number): Oracle =>
  (f) =>
    union(o, (g) => reach(g.raw.child_map, o(g), depth))(f);
/** `@x`: x, its descendants, and every ancestor of those. */
const at =
  (o: Oracle): Oracle =>
  (f) => {
    const d = down(o)(f);
    return new Set([...d, ...reach(f.raw.parent_map, d)]);
  };
const ids =
  (...list: string[]): Oracle =>
  () =>
    new Set(list);
const everything: Oracle = (f) => new Set(f.members.keys());

const notSource = (e: Entry) => e.resource_type !== "source";
const leaf = (name: string) => where((e) => notSource(e) && (e.fqn ?? []).at(-1) === name);
const fqnText = (e: Entry) => (e.fqn ?? []).join(".");
const dir = (folder: string) =>
  where((e) => (e.original_file_path ?? "").startsWith(`${folder}/`) || e.original_file_path === folder);
const tagged = (test: (t: string) => boolean) =>
  where((e) => e.resource_type !== "semantic_model" && tagsOf(e).some(test));
function tagsOf(e: Entry): string[] {
  if (e.resource_type === "unit_test") {
    const t = e.config?.tags;
    return typeof t === "string" ? [t] : ((t as string[] | undefined) ?? []);
  }
  return typeof e.tags === "string" ? [e.tags] : (e.tags ?? []);
}

const JAFFLE = "jaffle-shop-duckdb-1.12";
const TUVA = "tuva-snowflake-1.7-v11-large";
const ACROSS = "across-analytics-postgres-1.10-large";
const BOUNCER = "dbt-bouncer-duckdb-1.12-docs";
const J = (name: string) => `model.jaffle_shop.${name}`;
const B = (name: string) => `model.dbt_bouncer_test_project.${name}`;

const CASES: [string, string[], string[], Oracle][] = [
  // Names (the fqn method): the leaf name of any non-source member.
  [JAFFLE, ["orders"], [], leaf("orders")],
  [JAFFLE, ["stg_orders", "stg_customers"], [], union(leaf("stg_orders"), leaf("stg_customers"))],
  [JAFFLE, ["stg_orders stg_customers"], [], union(leaf("stg_orders"), leaf("stg_customers"))],
  // Graph operators, with and without depth.
  [JAFFLE, ["+orders"], [], up(leaf("orders"))],
  [JAFFLE, ["stg_orders+"], [], down(leaf("stg_orders"))],
  [JAFFLE, ["+stg_orders+"], [], union(up(leaf("stg_orders")), down(leaf("stg_orders")))],
  [JAFFLE, ["1+orders"], [], up(leaf("orders"), 1)],
  [JAFFLE, ["2+customers"], [], up(leaf("customers"), 2)],
  [JAFFLE, ["stg_orders+1"], [], down(leaf("stg_orders"), 1)],
  [JAFFLE, ["0+orders"], [], leaf("orders")],
  [JAFFLE, ["@stg_supplies"], [], at(leaf("stg_supplies"))],
  // fqn: prefixes and globs (fnmatch on the rest of the flattened fqn, with or without the package).
  [JAFFLE, ["staging.*"], [], where((e) => notSource(e) && (e.fqn ?? [])[1] === "staging")],
  [
    JAFFLE,
    ["jaffle_shop.marts.*"],
    [],
    where((e) => notSource(e) && fqnText(e).startsWith("jaffle_shop.marts.")),
  ],
  [JAFFLE, ["*orders*"], [], where((e) => notSource(e) && fqnText(e).includes("orders"))],
  [
    JAFFLE,
    ["staging.stg_*"],
    [],
    where((e) => notSource(e) && /^jaffle_shop\.staging\.stg_/.test(fqnText(e))),
  ],
  [JAFFLE, ["fqn:jaffle_shop.staging"], [], where((e) => notSource(e) && (e.fqn ?? [])[1] === "staging")],
  // `stg_*` is fnmatch-ed against the whole fqn (from the package, or from the folder): nested models don't match.
  [JAFFLE, ["stg_*"], [], ids()],
  // Paths: folders, files, globs, method-less.
  [JAFFLE, ["path:models/staging"], [], dir("models/staging")],
  [JAFFLE, ["models/marts"], [], dir("models/marts")],
  [JAFFLE, ["path:models/*/stg_orders.sql"], [], ids(J("stg_orders"))],
  [JAFFLE, ["path:seeds/**/*.csv"], [], where((e) => /^seeds\/.*\.csv$/.test(e.original_file_path ?? ""))],
  [JAFFLE, ["path:models/**"], [], dir("models")],
  [JAFFLE, ["file:orders.sql"], [], ids(J("orders"))],
  [JAFFLE, ["orders.sql"], [], ids(J("orders"))],
  [JAFFLE, ["file:stg_*"], [], where((e) => /\/stg_[^/]*$/.test(e.original_file_path ?? ""))],
  // Resource types, packages, sources, config.
  [JAFFLE, ["resource_type:seed"], [], where((e) => e.resource_type === "seed")],
  [JAFFLE, ["resource_type:source"], [], where((e) => e.resource_type === "source")],
  [JAFFLE, ["package:jaffle_shop"], [], where((e) => e.package_name === "jaffle_shop")],
  [JAFFLE, ["package:this"], [], where((e) => e.package_name === "jaffle_shop")],
  [JAFFLE, ["source:ecom"], [], where((e) => e.resource_type === "source" && e.source_name === "ecom")],
  [
    JAFFLE,
    ["source:ecom.raw_orders+"],
    [],
    down(where((e) => e.resource_type === "source" && e.name === "raw_orders")),
  ],
  [
    JAFFLE,
    ["config.materialized:table"],
    [],
    where((e) => e.resource_type !== "function" && e.config?.materialized === "table"),
  ],
  // Intersections, unions and exclusions.
  [
    BOUNCER,
    ["+orders,resource_type:seed"],
    [],
    intersect(
      up(leaf("orders")),
      where((e) => e.resource_type === "seed"),
    ),
  ],
  [JAFFLE, ["+customers,path:models/staging"], [], intersect(up(leaf("customers")), dir("models/staging"))],
  [
    BOUNCER,
    ["+orders"],
    ["resource_type:seed"],
    minus(
      up(leaf("orders")),
      where((e) => e.resource_type === "seed"),
    ),
  ],
  [JAFFLE, ["+orders"], ["stg_orders+"], minus(up(leaf("orders")), down(leaf("stg_orders")))],
  [
    JAFFLE,
    [],
    ["path:models/staging source:*"],
    minus(
      everything,
      union(
        dir("models/staging"),
        where((e) => e.resource_type === "source"),
      ),
    ),
  ],
  // Ephemeral models are steps of the graph (depth) but never planned.
  [TUVA, ["+readmissions__readmission_summary"], [], up(leaf("readmissions__readmission_summary"))],
  [TUVA, ["1+readmissions__readmission_summary"], [], up(leaf("readmissions__readmission_summary"), 1)],
  [TUVA, ["2+readmissions__encounter_data_quality"], [], up(leaf("readmissions__encounter_data_quality"), 2)],
  [TUVA, ["readmissions__stg_core__encounter+1"], [], down(leaf("readmissions__stg_core__encounter"), 1)],
  [TUVA, ["readmissions__stg_core__encounter"], [], leaf("readmissions__stg_core__encounter")],
  [TUVA, ["tag:readmissions"], [], tagged((t) => t === "readmissions")],
  [TUVA, ["tag:cms_*"], [], tagged((t) => t.startsWith("cms_"))],
  [
    TUVA,
    ["package:the_tuva_project,tag:core"],
    [],
    where((e) => e.package_name === "the_tuva_project" && tagsOf(e).includes("core")),
  ],
  [TUVA, ["@core__condition"], [], at(leaf("core__condition"))],
  [TUVA, ["path:models/readmissions"], [], dir("models/readmissions")],
  [TUVA, ["config.materialized:ephemeral+"], [], down(where((e) => e.config?.materialized === "ephemeral"))],
  // Sources, tests and the other parents tests reach (@).
  [
    ACROSS,
    ["source:raw_ethereum+"],
    [],
    down(where((e) => e.resource_type === "source" && e.source_name === "raw_ethereum")),
  ],
  [ACROSS, ["+mart_route_concentration_risk"], [], up(leaf("mart_route_concentration_risk"))],
  [ACROSS, ["@int_unified_refunds_expanded"], [], at(leaf("int_unified_refunds_expanded"))],
  [
    ACROSS,
    ["staging.ethereum.*"],
    [],
    where((e) => notSource(e) && fqnText(e).startsWith("across_analytics.staging.ethereum.")),
  ],
  [
    ACROSS,
    ["resource_type:model"],
    ["staging"],
    minus(
      where((e) => e.resource_type === "model"),
      where((e) => notSource(e) && (e.fqn ?? [])[1] === "staging"),
    ),
  ],
  // Versioned models, exposures, snapshots, patch paths, packages.
  [
    BOUNCER,
    ["customers"],
    [],
    where(
      (e) => notSource(e) && ((e.fqn ?? []).at(-2) === "customers" || (e.fqn ?? []).at(-1) === "customers"),
    ),
  ],
  [BOUNCER, ["customers.v2"], [], ids(B("customers.v2"))],
  [BOUNCER, ["customers_v2"], [], ids(B("customers.v2"))],
  [BOUNCER, ["marts.finance.customers.v3"], [], ids(B("customers.v3"))],
  [BOUNCER, ["@customers.v3"], [], at(ids(B("customers.v3")))],
  [BOUNCER, ["+customers.v3+"], [], union(up(ids(B("customers.v3"))), down(ids(B("customers.v3"))))],
  [BOUNCER, ["resource_type:snapshot"], [], where((e) => e.resource_type === "snapshot")],
  [
    BOUNCER,
    ["path:models/staging/crm/_stg_crm__models.yml"],
    [],
    where((e) => (e.patch_path ?? "").endsWith("://models/staging/crm/_stg_crm__models.yml")),
  ],
  [BOUNCER, ["path:models/staging"], [], dir("models/staging")],
  [BOUNCER, ["tag:crm+"], [], down(tagged((t) => t === "crm"))],
  [
    BOUNCER,
    ["package:tiktok_ads,*.stg_*"],
    [],
    where((e) => e.package_name === "tiktok_ads" && notSource(e) && /\.stg_/.test(fqnText(e))),
  ],
  [BOUNCER, ["*"], [], where(notSource)],
  [BOUNCER, ["source:*"], [], where((e) => e.resource_type === "source")],
];

function planned(f: Fixture, ids: Set<string>): { nodes: string[]; sources: string[] } {
  const nodes: string[] = [];
  const sources: string[] = [];
  for (const id of ids) {
    const e = f.raw.nodes[id];
    if (
      e &&
      ["model", "seed", "snapshot"].includes(e.resource_type) &&
      e.config?.materialized !== "ephemeral"
    )
      nodes.push(id);
    if (f.raw.sources[id]) sources.push(id);
  }
  return { nodes: nodes.sort(), sources: sources.sort() };
}

describe.skipIf(!sharedFixturesPresent)("selectNodes gives dbt's selection on real manifests", () => {
  it.each(CASES)("%s: --select %j --exclude %j", (name, select, exclude, oracle) => {
    const f = fixture(name);
    const expected = planned(f, oracle(f));
    const got = selectNodes(f.project.graph, select, exclude);
    expect({ nodes: [...got.nodes].sort(), sources: [...got.sources].sort() }).toEqual(expected);
  });

  it("the table exercises non-trivial selections (most select something, depth limits differ from no limit)", () => {
    const f = fixture(JAFFLE);
    const count = (select: string[]) => selectNodes(f.project.graph, select).nodes.size;
    expect(count(["+orders"])).toBeGreaterThan(count(["1+orders"]));
    expect(count(["stg_orders+"])).toBeGreaterThan(count(["stg_orders+1"]));
    const t = fixture(TUVA);
    // Through an ephemeral model, depth 1 reaches only the ephemeral model, which is not planned.
    const one = selectNodes(t.project.graph, ["1+readmissions__readmission_summary"]).nodes;
    const all = selectNodes(t.project.graph, ["+readmissions__readmission_summary"]).nodes;
    expect(all.size).toBeGreaterThan(one.size);
    const across = fixture(ACROSS);
    const atNode = selectNodes(across.project.graph, ["@int_unified_refunds_expanded"]).nodes;
    const downNode = selectNodes(across.project.graph, ["int_unified_refunds_expanded+"]).nodes;
    expect(atNode.size).toBeGreaterThan(downNode.size);
  });

  it.each([
    [JAFFLE, ["stg_*"], [], ["stg_*"]],
    [JAFFLE, ["tag:nope", "orders"], [], ["tag:nope"]],
    [JAFFLE, ["orders"], ["tag:nope"], ["tag:nope"]],
    [JAFFLE, ["orders,resource_type:seed"], [], ["orders,resource_type:seed"]],
    [JAFFLE, ["resource_type:test"], [], []],
    // Eager indirect selection: the tests on orders are in both sides of the intersection.
    [JAFFLE, ["orders,resource_type:test"], [], []],
    [JAFFLE, ["stg_locations,resource_type:unit_test"], [], []],
    [JAFFLE, ["stg_orders,resource_type:unit_test"], [], ["stg_orders,resource_type:unit_test"]],
  ])("%s: --select %j --exclude %j reports %j as matching nothing", (name, select, exclude, unmatched) => {
    expect(selectNodes(fixture(name).project.graph, select, exclude).unmatched).toEqual(unmatched);
  });
});

const ALL_FIXTURES = sharedFixturesPresent
  ? readdirSync(SHARED_DBT_FIXTURES).filter(
      (d) => existsSync(sharedFixture(d, "manifest.json")) && !d.endsWith("-v10"),
    ) // v10: not a manifest ODS reads
  : [];

describe.skipIf(!sharedFixturesPresent)("on every fixture", () => {
  it.each(ALL_FIXTURES)(
    "%s: `* source:*` selects every planned node and source; `--exclude *` leaves only sources",
    (name) => {
      const f = fixture(name);
      const graph = f.project.graph;
      const all = selectNodes(graph, ["*", "source:*"]);
      expect([...all.nodes].sort()).toEqual([...graph.nodes.keys()].sort());
      expect([...all.sources].sort()).toEqual([...graph.sources.keys()].sort());
      const rest = selectNodes(graph, [], ["*"]);
      expect(rest.nodes.size).toBe(0);
      expect(rest.sources.size).toBe(graph.sources.size);
    },
  );
});

function refusal(select: string[], exclude: string[] = []): UserError {
  try {
    selectNodes(fixture(JAFFLE).project.graph, select, exclude);
  } catch (error) {
    if (error instanceof UserError) return error;
    throw error;
  }
  throw new Error(`selectNodes(${JSON.stringify(select)}) did not refuse`);
}

describe.skipIf(!sharedFixturesPresent)("selectors ODS does not resolve exactly are refused (usage)", () => {
  it.each([
    ["state:modified", /selector method `state:`/],
    ["state:modified+", /selector method `state:`/],
    ["result:error", /selector method `result:`/],
    ["source_status:fresher+", /selector method `source_status:`/],
    ["exposure:weekly", /selector method `exposure:`/],
    ["metric:revenue", /selector method `metric:`/],
    ["semantic_model:orders", /selector method `semantic_model:`/],
    ["saved_query:q", /selector method `saved_query:`/],
    ["unit_test:t", /selector method `unit_test:`/],
    ["access:public", /selector method `access:`/],
    ["group:finance", /selector method `group:`/],
    ["version:latest", /selector method `version:`/],
    ["test_type:unit", /selector method `test_type:`/],
    ["test_name:unique", /selector method `test_name:`/],
    ["selector:nightly", /selector method `selector:`/],
    ["orders,state:modified", /selector method `state:`/],
    ["frobnicate:x", /`frobnicate` is not a dbt selector method/],
    ["@orders+", /`@` prefix and a `\+` suffix are incompatible/],
    ["resource_type:widget", /`widget` is not a dbt resource type/],
    ["source:a.b.c.d", /a source is/],
    ["config:table", /`config` needs a key/],
    ["tag.x:y", /takes no `\.x`/],
    ["path:../seeds", /`\.\.`/],
    ["path:/abs/models", /absolute/],
    ["path:models/**.sql", /`\*\*` inside a path segment/],
  ])("%s", (selector, message) => {
    const error = refusal([selector]);
    expect(error.code).toBe("usage");
    expect(error.message).toContain(`\`${selector}\``);
    expect(error.message).toMatch(message);
    expect(error.hint).toMatch(/names and globs/);
  });

  it("a refused --exclude names the exclude input", () => {
    const error = refusal(["orders"], ["state:modified"]);
    expect(error.code).toBe("usage");
    expect(error.input).toBe("exclude");
  });
});

describe("fnmatch patterns with characters JavaScript's unicode regular expressions refuse to escape", () => {
  it.each([
    ["my-tag*", "my-tag-2", true],
    ["a-b?c", "a-bxc", true],
    ["a-b", "a_b", false],
    ["x|y*", "x|yz", true],
  ])("%s against %s: %s (was a SyntaxError for `-` outside a set)", (pattern, value, expected) => {
    expect(fnmatch(value, pattern)).toBe(expected);
  });
});
