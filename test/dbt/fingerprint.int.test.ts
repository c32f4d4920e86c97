import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fingerprintDocument } from "../../src/cli/commands/fingerprint.js";
import { canonicalJson } from "../../src/dbt/fingerprint/canonical-json.js";
import { sha256 } from "../../src/dbt/fingerprint/digest.js";
import {
  combineComponents,
  diffFingerprints,
  makeFingerprint,
} from "../../src/dbt/fingerprint/fingerprint.js";
import { type LoadedProject, loadProject } from "../../src/dbt/load-project.js";
import { readProjectAt } from "../../src/run/artifacts.js";
import { buildManifest, type ModelSpec, macroId, modelId } from "../support/manifest-builder.js";
import {
  PROJECT_ROOT,
  SHARED_DBT_FIXTURES,
  sharedFixture,
  sharedFixturesPresent,
} from "../support/shared-fixtures.js";

function project(models: ModelSpec[], options?: Parameters<typeof buildManifest>[1]): LoadedProject {
  return loadProject(JSON.stringify(buildManifest(models, options)), "manifest.json");
}

function fingerprintOf(models: ModelSpec[], name: string, options?: Parameters<typeof buildManifest>[1]) {
  return project(models, options).fingerprints.get(modelId(name))!;
}

describe("fingerprint digests", () => {
  it("combines components as sha256 over sorted `name\\0digest\\n` lines", () => {
    const components = { sql: sha256("b"), config: sha256("a") };
    expect(combineComponents(components)).toBe(sha256(`config\0${sha256("a")}\nsql\0${sha256("b")}\n`));
    expect(makeFingerprint(components).digest).toBe(combineComponents(components));
  });

  it("writes canonical JSON with sorted keys whatever order they came in", () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: "x" }], e: undefined })).toBe(
      '{"a":[{"c":"x","d":null}],"b":1}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it("lists changed, added and removed components", () => {
    const before = makeFingerprint({ sql: "1", config: "2", file: "3" });
    const after = makeFingerprint({ sql: "9", config: "2", compiled_code: "4" });
    expect(diffFingerprints(before, after)).toEqual({
      changed: ["sql"],
      added: ["compiled_code"],
      removed: ["file"],
    });
  });

  it("pins the components a pure SQL model has, and their values", () => {
    const fp = fingerprintOf([{ name: "orders", sql: "select 1 as id" }], "orders");
    expect(Object.keys(fp.fingerprint.components)).toEqual([
      "config",
      "contract",
      "engine",
      "macros",
      "relation",
      "scheme",
      "sql",
    ]);
    expect(fp.fingerprint.components.scheme).toBe(sha256("dbt/4"));
    expect(fp.fingerprint.components.sql).toBe(sha256("normalised\0select 1 as id"));
    expect(fp.fingerprint.components.engine).toBe(sha256('{"adapter":"duckdb","dbt_version":"1.10.4"}'));
    expect(fp.fingerprint.components.relation).toBe(
      sha256(
        '{"database":"warehouse","identifier":"orders","relation_name":"\\"warehouse\\".\\"analytics\\".\\"orders\\"","schema":"analytics"}',
      ),
    );
    expect(fp.fingerprint.components.contract).toBe(sha256('{"enforced":false}'));
    expect(fp.complete).toBe(true);
  });
});

describe("what changes a fingerprint and what does not", () => {
  const base: ModelSpec = {
    name: "orders",
    sql: 'select id, amount from "warehouse"."raw"."orders" where status = \'paid\'',
    macros: [macroId("cents")],
  };
  const macros = [{ name: "cents", sql: "{% macro cents(x) %}{{ x }} / 100{% endmacro %}" }];
  const before = fingerprintOf([base], "orders", { macros });

  it.each([
    [
      "comments and whitespace added",
      '-- orders\nselect   id,\n  amount /* money */\nfrom "warehouse"."raw"."orders"\r\n where status = \'paid\'\n',
    ],
    ["line breaks only", 'select id,\namount\nfrom "warehouse"."raw"."orders"\nwhere status = \'paid\''],
  ])("a formatting-only edit of the compiled SQL (%s) leaves it unchanged", (_label, sql) => {
    const after = fingerprintOf([{ ...base, sql }], "orders", { macros });
    expect(after.fingerprint.digest).toBe(before.fingerprint.digest);
    expect(after.rawDigest).not.toBe(before.rawDigest);
  });

  it.each([
    ["a literal", 'select id, amount from "warehouse"."raw"."orders" where status = \'shipped\'', ["sql"]],
    ["an identifier", 'select id, total from "warehouse"."raw"."orders" where status = \'paid\'', ["sql"]],
    [
      "a keyword's case",
      'SELECT id, amount from "warehouse"."raw"."orders" where status = \'paid\'',
      ["sql"],
    ],
  ])("an edit of %s changes the sql component", (_label, sql, changed) => {
    const after = fingerprintOf([{ ...base, sql }], "orders", { macros });
    expect(diffFingerprints(before.fingerprint, after.fingerprint)).toEqual({
      changed,
      added: [],
      removed: [],
    });
  });

  it("an edit of a macro it calls changes the macros component", () => {
    const after = fingerprintOf([base], "orders", {
      macros: [{ name: "cents", sql: "{% macro cents(x) %}{{ x }} / 1000{% endmacro %}" }],
    });
    expect(diffFingerprints(before.fingerprint, after.fingerprint).changed).toEqual(["macros"]);
  });

  it("an edit of a macro the node's macros call, transitively, changes it too", () => {
    const nested = (body: string) => [
      {
        name: "cents",
        sql: "{% macro cents(x) %}{{ round_it(x) }}{% endmacro %}",
        dependsOn: [macroId("round_it")],
      },
      { name: "round_it", sql: body },
    ];
    const a = fingerprintOf([base], "orders", {
      macros: nested("{% macro round_it(x) %}round({{x}}){% endmacro %}"),
    });
    const b = fingerprintOf([base], "orders", {
      macros: nested("{% macro round_it(x) %}floor({{x}}){% endmacro %}"),
    });
    expect(diffFingerprints(a.fingerprint, b.fingerprint).changed).toEqual(["macros"]);
  });

  it("an edit of a macro it does not use changes nothing", () => {
    const after = fingerprintOf([base], "orders", {
      macros: [...macros, { name: "unused", sql: "{% macro unused() %}1{% endmacro %}" }],
    });
    expect(after.fingerprint.digest).toBe(before.fingerprint.digest);
  });

  it.each([
    ["tags", { tags: ["nightly"] }],
    ["meta", { meta: { owner: "finance" } }],
    ["docs", { docs: { show: false } }],
    ["freshness", { freshness: { build_after: { count: 4, period: "hour" } } }],
    ["state", { state: { lag_tolerance: "4h" } }],
  ])("config key %s is not part of the fingerprint", (_key, config) => {
    const after = fingerprintOf([{ ...base, config }], "orders", { macros });
    expect(after.fingerprint.digest).toBe(before.fingerprint.digest);
  });

  it("a config key that changes the build (materialized) changes config, and macros (another materialization runs)", () => {
    const after = fingerprintOf([{ ...base, materialized: "view" }], "orders", { macros });
    expect(diffFingerprints(before.fingerprint, after.fingerprint).changed).toEqual(["config", "macros"]);
  });

  it("another schema changes only relation, and leaves the version key alone", () => {
    const after = fingerprintOf([{ ...base, schema: "analytics_pr_7" }], "orders", { macros });
    expect(diffFingerprints(before.fingerprint, after.fingerprint).changed).toEqual(["relation"]);
    expect(after.versionKey).toBe(before.versionKey);
  });

  it("a parent's code change changes the child's version key but not its fingerprint", () => {
    const models = (parentSql: string): ModelSpec[] => [
      { name: "stg", sql: parentSql },
      { name: "mart", sql: 'select * from "warehouse"."analytics"."stg"', dependsOn: [modelId("stg")] },
    ];
    const a = project(models("select 1 as id")).fingerprints.get(modelId("mart"))!;
    const b = project(models("select 2 as id")).fingerprints.get(modelId("mart"))!;
    expect(b.fingerprint.digest).toBe(a.fingerprint.digest);
    expect(b.versionKey).not.toBe(a.versionKey);
  });

  it("an enforced contract's column type counts; an unenforced one's does not", () => {
    const contract = (enforced: boolean, type: string) => ({
      enforced,
      columns: { id: { data_type: type } },
    });
    const e1 = fingerprintOf([{ ...base, contract: contract(true, "int") }], "orders", { macros });
    const e2 = fingerprintOf([{ ...base, contract: contract(true, "bigint") }], "orders", { macros });
    expect(diffFingerprints(e1.fingerprint, e2.fingerprint).changed).toEqual(["contract"]);
    const u1 = fingerprintOf([{ ...base, contract: contract(false, "int") }], "orders", { macros });
    const u2 = fingerprintOf([{ ...base, contract: contract(false, "bigint") }], "orders", { macros });
    expect(u2.fingerprint.digest).toBe(u1.fingerprint.digest);
  });

  it("another dbt version changes engine", () => {
    const after = fingerprintOf([base], "orders", { macros, dbtVersion: "1.11.0" });
    expect(diffFingerprints(before.fingerprint, after.fingerprint).changed).toEqual(["engine"]);
  });
});

describe("the file component", () => {
  it.each([
    ["a pure SQL model", { name: "m", sql: "select 1 as x", raw: "select {{ var('x') }} as x" }, null],
    [
      "an impure SQL model",
      { name: "m", sql: "select 1 as x", raw: "{% do run_query('delete from t') %}select 1 as x" },
      "its Jinja may run SQL the compiled code doesn't show",
    ],
    [
      "a SQL model whose raw code isn't recorded",
      { name: "m", sql: "select 1 as x", raw: null },
      "its raw code is not recorded",
    ],
    ["a seed", { name: "m", resourceType: "seed" as const, compiled: null }, "seed"],
    [
      "a Python model",
      { name: "m", language: "python" as const, sql: "def model(dbt, s): return 1" },
      "Python model",
    ],
  ])("%s", (_label, spec, reason) => {
    const type = (spec as ModelSpec).resourceType ?? "model";
    const fp = project([spec as ModelSpec]).fingerprints.get(modelId(spec.name, type))!;
    if (reason === null) {
      expect(fp.fileReason).toBeNull();
      expect(fp.fingerprint.components.file).toBeUndefined();
    } else {
      expect(fp.fileReason).toContain(reason);
      expect(fp.fingerprint.components.file).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it("makes a formatting-only edit of an impure model count", () => {
    const raw = (space: string) => `{% do run_query('x') %}select${space}1 as x`;
    const a = fingerprintOf([{ name: "m", sql: "select 1 as x", raw: raw(" ") }], "m");
    const b = fingerprintOf([{ name: "m", sql: "select 1 as x", raw: raw("  ") }], "m");
    expect(diffFingerprints(a.fingerprint, b.fingerprint).changed).toEqual(["file"]);
  });

  it("hashes the raw compiled text when the normaliser gives up, so formatting counts", () => {
    const a = fingerprintOf([{ name: "m", sql: "select `id` from t" }], "m");
    const b = fingerprintOf([{ name: "m", sql: "select  `id` from t" }], "m");
    expect(a.normaliserGaveUp).toBe("character `` ` ``");
    expect(a.fingerprint.components.sql).toBe(sha256("raw\0select `id` from t"));
    expect(diffFingerprints(a.fingerprint, b.fingerprint).changed).toEqual(["sql"]);
  });
});

describe("incomplete fingerprints (the node is always built)", () => {
  it.each<[string, ModelSpec, Parameters<typeof buildManifest>[1], string]>([
    ["no compiled SQL", { name: "m", compiled: null }, {}, "no compiled SQL: run `dbt compile`"],
    ["no content checksum", { name: "m", checksum: null }, {}, "no content checksum"],
    [
      "a path-only checksum",
      { name: "m", checksum: { name: "path", checksum: "seeds/big.csv" } },
      {},
      "only a path checksum",
    ],
    ["no recorded config", { name: "m", config: null }, {}, "no recorded config"],
    [
      "a macro missing from the artifacts",
      { name: "m", macros: [macroId("gone")] },
      {},
      "macro `macro.shop.gone` is missing",
    ],
    [
      "a macro's dependency missing",
      { name: "m", macros: [macroId("outer")] },
      { macros: [{ name: "outer", sql: "x", dependsOn: [macroId("inner")] }] },
      "macro `macro.shop.inner` is missing",
    ],
    [
      "a materialization without a macro",
      { name: "m", materialized: "dynamic_table" },
      {},
      "materialization `dynamic_table`",
    ],
  ])("%s", (_label, spec, options, reason) => {
    const fp = fingerprintOf([spec], "m", options);
    expect(fp.complete).toBe(false);
    expect(fp.incomplete.join("; ")).toContain(reason);
  });
});

describe("hooks that read the environment (#218; issue 36: env_var/var/target compared by value)", () => {
  const macros = [
    { name: "grant_to", sql: "{% macro grant_to() %}grant select to {{ target.user }}{% endmacro %}" },
    {
      name: "audit",
      sql: "{% macro audit() %}insert into audit values ('{{ invocation_id }}'){% endmacro %}",
    },
    {
      name: "log_rows",
      sql: "{% macro log_rows() %}{% set n = run_query('select count(*) from ' ~ this) %}{% endmacro %}",
    },
  ];
  // [label, model, environmentReads (built every run), static run-time reads (compared by value)]
  it.each<[string, ModelSpec, Array<{ where: string; names: string[] }>, string[]]>([
    [
      "a hook calling env_var",
      { name: "m", postHooks: ["grant select on {{ this }} to {{ env_var('ROLE') }}"] },
      [],
      ["env_var(ROLE)"],
    ],
    [
      "a pre-hook reading target",
      { name: "m", preHooks: ["{% if target.name == 'prod' %}select 1{% endif %}"] },
      [],
      ["target.name"],
    ],
    [
      "a hook using a project macro that reads target",
      { name: "m", postHooks: ["{{ grant_to() }}"], macros: [macroId("grant_to")] },
      [],
      ["target.user"],
    ],
    [
      "a hook using a project macro that runs a query",
      { name: "m", postHooks: ["{{ log_rows() }}"], macros: [macroId("log_rows")] },
      [{ where: "macro macro.shop.log_rows", names: ["run_query"] }],
      [],
    ],
    [
      "a hook that only audits with invocation_id",
      { name: "m", postHooks: ["{{ audit() }}"], macros: [macroId("audit")] },
      [],
      [],
    ],
    [
      "no hooks, though a macro it calls while compiling reads target",
      { name: "m", macros: [macroId("grant_to")] },
      [],
      [],
    ],
  ])("%s", (_label, spec, expected, reads) => {
    const fp = fingerprintOf([spec], "m", { macros });
    expect(fp.environmentReads).toEqual(expected);
    expect(fp.runTimeReads.static).toEqual(reads);
  });
});

const manifests = sharedFixturesPresent
  ? readdirSync(SHARED_DBT_FIXTURES, { recursive: true, encoding: "utf8" })
      .filter(
        (file) => file.endsWith("manifest.json") && !file.includes("v10") && !file.startsWith("schemas"),
      )
      .sort()
  : [];

describe.skipIf(!sharedFixturesPresent)("fingerprints of the real manifests in ../shared", () => {
  it.each(manifests)("%s: identical across two runs and another process", (relative) => {
    const file = sharedFixture(relative);
    const text = readFileSync(file, "utf8");
    const first = loadProject(text, file);
    const second = loadProject(text, file);
    const doc = (p: LoadedProject) =>
      fingerprintDocument(p.fingerprints.values(), {
        project: p.manifest.metadata.projectName,
        dbt_version: p.manifest.metadata.dbtVersion,
        adapter: p.manifest.metadata.adapterType,
      });
    expect(doc(second)).toEqual(doc(first));
    expect(first.fingerprints.size).toBeGreaterThan(0);

    const cli = path.join(PROJECT_ROOT, "dist", "cli", "index.js");
    if (!existsSync(cli)) return;
    // The CLI reads seed CSVs and dbt_project.yml from its project directory:
    // an empty one here, and the same edge read in this process.
    const projectDir = mkdtempSync(path.join(tmpdir(), "ods-fp-project-"));
    try {
      const other = spawnSync(
        process.execPath,
        [cli, "fingerprint", "--manifest", file, "--format", "json", "--project-dir", projectDir],
        { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
      );
      expect(other.stderr).toBe("");
      expect(JSON.parse(other.stdout)).toEqual(
        JSON.parse(JSON.stringify(doc(readProjectAt(file, projectDir)))),
      );
    } finally {
      rmSync(projectDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!sharedFixturesPresent)("component diffs along dbt-bouncer's real history", () => {
  const history = "dbt-bouncer-duckdb-1.11-build/history";
  const load = (version: string) =>
    loadProject(readFileSync(sharedFixture(history, version, "manifest.json"), "utf8"), version).fingerprints;
  const id = (name: string, type = "model") => `${type}.dbt_bouncer_test_project.${name}`;

  function diffs(from: string, to: string) {
    const a = load(from);
    const b = load(to);
    const result = new Map<string, string>();
    for (const [nodeId, fp] of b) {
      const old = a.get(nodeId);
      result.set(nodeId, old ? diffFingerprints(old.fingerprint, fp.fingerprint).changed.join(",") : "new");
    }
    return { result, a, b };
  }

  it("01 → 02: only tests, descriptions and seed columns changed: every node's fingerprint is the same", () => {
    const { result } = diffs("01-03238b7", "02-a209433");
    expect([...result.values()].every((changed) => changed === "")).toBe(true);
  });

  it("02 → 03: generate_schema_name changed (every node), orders' SQL and contract, stg_payments' impure file; reformat-only edits are not code changes", () => {
    const { result, a, b } = diffs("02-a209433", "03-f5b6f07");
    expect(result.get(id("orders"))).toBe("contract,macros,sql");
    expect(result.get(id("stg_payments"))).toBe("file,macros");
    expect(result.get(id("customers.v3"))).toBe("new");
    // stg_orders and int_incremental were reformatted (sqlfmt): raw code changed, compiled tokens did not.
    for (const name of ["stg_orders", "int_incremental"]) {
      expect(result.get(id(name))).toBe("macros");
      expect(b.get(id(name))!.rawDigest).not.toBe(a.get(id(name))!.rawDigest);
    }
    const others = [...result].filter(
      ([nodeId]) => ![id("orders"), id("stg_payments"), id("customers.v3")].includes(nodeId),
    );
    expect(others.every(([, changed]) => changed === "macros")).toBe(true);
  });

  it("03 → 04: snapshots moved to YAML (config and relation), orders only reformatted", () => {
    const { result, a, b } = diffs("03-f5b6f07", "04-4ad5a67");
    expect(result.get(id("snapshot_orders", "snapshot"))).toBe("config,macros,relation");
    expect(result.get(id("snapshot_orders_multiple_unique_keys", "snapshot"))).toBe("config,macros,relation");
    expect(result.get(id("orders"))).toBe("macros");
    expect(b.get(id("orders"))!.rawDigest).not.toBe(a.get(id("orders"))!.rawDigest);
  });
});

describe("version keys across environments (ADR-0028), on the project's own shop fixture", () => {
  const shop = (variant: string) =>
    loadProject(
      readFileSync(path.join(PROJECT_ROOT, "fixtures", "shop", variant, "manifest.json"), "utf8"),
      variant,
    );

  it("the same code compiled for prod and for a PR's schema has the same version keys, not the same fingerprints", () => {
    const pr = shop("pr-7").fingerprints;
    const merged = shop("prod-after-merge").fingerprints;
    expect([...pr.keys()]).toEqual([...merged.keys()]);
    for (const [id, fp] of pr) {
      expect(fp.versionKey, id).toBe(merged.get(id)!.versionKey);
      expect(fp.fingerprint.components.relation, id).not.toBe(
        merged.get(id)!.fingerprint.components.relation,
      );
    }
  });

  it("the PR's edit changes the version key of the edited node and of everything downstream, only", () => {
    const before = shop("prod").fingerprints;
    const after = shop("prod-after-merge").fingerprints;
    const changed = [...after]
      .filter(([id, fp]) => before.get(id)!.versionKey !== fp.versionKey)
      .map(([id]) => id);
    expect(changed).toEqual(["model.shop.stg_orders", "model.shop.orders", "model.shop.fct_daily_revenue"]);
  });
});
