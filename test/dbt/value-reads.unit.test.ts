/**
 * The scan of a run-time path's Jinja for env_var / var / target reads
 * (src/dbt/run-time-values/value-reads.ts), over the shapes real macros take:
 * the texts are dbt's, the adapters' and packages' own (dbt-adapters
 * global_project, dbt-athena, dbt-spark, elementary, fivetran_utils, as the
 * fixtures' manifests hold them), and the reads are what dbt would look up.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadProject } from "../../src/dbt/load-project.js";
import { runTimeValueSources } from "../../src/dbt/run-time-values/run-time-value-sources.js";
import { runTimeValuesOf } from "../../src/dbt/run-time-values/run-time-values.js";
import { keepsTargetByDefault } from "../../src/dbt/run-time-values/target-placement.js";
import { calledNames, scanJinja, scanValueReads } from "../../src/dbt/run-time-values/value-reads.js";
import { readProjectFile } from "../../src/files/read-project-file.js";
import { SHARED_DBT_FIXTURES, sharedFixture, sharedFixturesPresent } from "../support/shared-fixtures.js";

describe("scanValueReads: what a piece of Jinja reads, and whether its name is static", () => {
  // [what, text, static, dynamic, secrets]
  const cases: Array<[string, string, string[], string[], string[]]> = [
    ["env_var with a literal", "{{ env_var('DBT_SCHEMA') }}", ["env_var(DBT_SCHEMA)"], [], []],
    ["env_var with a default", `{{ env_var("DBT_CICD_RUN", "false") }}`, ["env_var(DBT_CICD_RUN)"], [], []],
    [
      "env_var over lines (dbt-bouncer's project macro)",
      `{% if env_var(\n        "DBT_CICD_RUN", "false"\n    ) | lower == "true" %}x{% endif %}`,
      ["env_var(DBT_CICD_RUN)"],
      [],
      [],
    ],
    [
      "var with a default (dbt_utils' surrogate key)",
      "{%- if var('surrogate_key_treat_nulls_as_empty_strings', False) -%}",
      ["var(surrogate_key_treat_nulls_as_empty_strings)"],
      [],
      [],
    ],
    [
      "var with a package-scoped name (dbt_date)",
      `{{ var("dbt_date:time_zone", "America/Los_Angeles") }}`,
      ["var(dbt_date:time_zone)"],
      [],
      [],
    ],
    [
      "target fields",
      "{{ target.schema }}.{{ target['database'] }} {{ target.get('name') }}",
      ["target.database", "target.name", "target.schema"],
      [],
      [],
    ],
    ["builtins.var", "{{ builtins.var('x') }}", ["var(x)"], [], []],
    [
      "a name built at run time",
      "{{ env_var('DBT_' ~ target.name | upper) }}",
      ["target.name"],
      ["env_var(<expression>)"],
      [],
    ],
    [
      "a variable name (fivetran_utils' union_data)",
      "{%- set database = var(database_variable, default_database) -%}",
      [],
      ["var(<expression>)"],
      [],
    ],
    ["target aliased", "{% set t = target %}{{ t.schema }}", [], ["target (as a whole)"], []],
    ["target indexed by a variable", "{{ target[field] }}", [], ["target[<expression>]"], []],
    ["target's dict methods", "{% for k, v in target.items() %}{% endfor %}", [], ["target.<method>(…)"], []],
    ["a secret", "{{ env_var('DBT_ENV_SECRET_TOKEN') }}", [], [], ["DBT_ENV_SECRET_TOKEN"]],
    [
      "target as a macro's parameter (dbt's snapshot_merge_sql)",
      "{% macro default__snapshot_merge_sql(target, source, insert_cols) -%}\n    merge into {{ target.render() }} as DBT_INTERNAL_DEST\n{% endmacro %}",
      [],
      [],
      [],
    ],
    [
      "target as a parameter, field read (dbt-spark's snapshot_merge_sql)",
      "{% macro spark__snapshot_merge_sql(target, source, insert_cols) -%}\n{% if target.is_iceberg %}x{% endif %}{% endmacro %}",
      [],
      [],
      [],
    ],
    [
      "'target.' inside a string (dbt-athena's merge)",
      "{{ 'coalesce(src.' + col.quoted + ', target.' + col.quoted + ')' }}",
      [],
      [],
      [],
    ],
    ["a keyword argument named target", "{{ adapter.get_relation(target=this) }}", [], [], []],
    ["SQL text, not Jinja", "select var, target from t where env_var = 1", [], [], []],
    ["a Jinja comment", "{# {{ env_var('X') }} #}select 1", [], [], []],
    ["a raw block", "{% raw %}{{ env_var('X') }}{% endraw %}select 1", [], [], []],
    ["config.get, not target.get", "{{ config.get('schema') }}", [], [], []],
    [
      "invocation_id and run_started_at",
      "insert into audit values ('{{ invocation_id }}', '{{ run_started_at }}')",
      [],
      [],
      [],
    ],
  ];
  it.each(cases)("%s", (_what, text, statics, dynamic, secrets) => {
    expect(scanValueReads(text)).toEqual({ static: statics, dynamic, secrets });
  });
});

describe("a macro reading its own parameter: static where its callers pass a literal", () => {
  it("elementary's get_config_var reads var(var_name); on_run_start calls it with 'edr_cli_run'", () => {
    const getter = scanJinja(
      "{% macro get_config_var(var_name) %}\n  {% set default_config = elementary.get_default_config() %}\n  {% set var_value = var(var_name, default_config.get(var_name)) %}\n  {% do return(var_value) %}\n{% endmacro %}",
    );
    expect(getter.dynamic).toEqual([]);
    expect(getter.paramReads).toEqual([{ kind: "var", index: 0, param: "var_name" }]);
    const caller = scanJinja(
      "{% macro on_run_start() %}{% if not elementary.get_config_var('edr_cli_run') %}x{% endif %}{% endmacro %}",
    );
    expect(caller.calls).toContainEqual({
      name: "get_config_var",
      args: [{ kw: null, value: { lit: "edr_cli_run" } }],
    });
  });

  it.each<[string, string[]]>([
    ["{{ f(1) }}", []],
    ["{{ dbt_utils.star(from=ref('x'), except=['a']) }}", ["dbt_utils.star", "ref"]],
    // Resolved later as `package.name`: no package is called `adapter`, so nothing is found.
    ["{% do adapter.dispatch('x', 'pkg')() %}", ["adapter.dispatch"]],
    ["{{ grant_to('reporter') }}", ["grant_to"]],
  ])("calledNames(%s)", (text, names) => {
    expect(calledNames(text).filter((name) => name !== "f")).toEqual(names);
  });
});

describe.skipIf(!sharedFixturesPresent)("run-time reads of the real manifests", () => {
  it("elementary's on-run-start hook: the vars it reads through get_config_var are static for every node", () => {
    const file = sharedFixture("jaffle-shop-elementary-bq-1.9/manifest.json");
    const project = loadProject(readFileSync(file, "utf8"), file);
    for (const fp of project.fingerprints.values()) {
      expect(fp.runTimeReads.static, fp.id).toContain("var(edr_cli_run)");
      expect(fp.runTimeReads.dynamic, fp.id).toEqual([]);
    }
  });

  it.each([
    "jaffle-shop-duckdb-1.12",
    "tuva-snowflake-1.7-v11-large",
    "global-trade-bq-1.11-large",
    "across-analytics-postgres-1.10-large",
    "planetkart-snowflake-1.10",
  ])("%s: dbt's and the adapter's build macros read nothing from the run", (fixture) => {
    const file = sharedFixture(`${fixture}/manifest.json`);
    const project = loadProject(readFileSync(file, "utf8"), file);
    for (const fp of project.fingerprints.values()) {
      expect(fp.runTimeReads, fp.id).toEqual({ static: [], dynamic: [], secrets: [] });
    }
  });

  it("the fixtures' generate_schema_name override keeps dbt's first branch (the target's schema)", () => {
    const manifest = JSON.parse(
      readFileSync(`${SHARED_DBT_FIXTURES}/jaffle-shop-elementary-bq-1.9/manifest.json`, "utf8"),
    );
    expect(
      keepsTargetByDefault(manifest.macros["macro.jaffle_shop.generate_schema_name"].macro_sql, "schema"),
    ).toBe(true);
    expect(
      keepsTargetByDefault(manifest.macros["macro.dbt.generate_schema_name_for_env"].macro_sql, "schema"),
    ).toBe(false);
  });
});

describe("the vars a build reads, from the project files read once (read-project-file.ts)", () => {
  function projectDir(files: Record<string, string>): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), "ods-vars-"));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    return dir;
  }
  const lookup = (dir: string, name: string, pkg: string) =>
    runTimeValuesOf(runTimeValueSources(readProjectFile(dir), "shop", {}, "")).var(name, pkg);

  it.each<[string, Record<string, string>, string, string, unknown]>([
    [
      "scalars as PyYAML resolves them",
      { "dbt_project.yml": "name: shop\nvars:\n  enabled: yes\n  limit: 10\n" },
      "enabled",
      "shop",
      { state: "set", value: true },
    ],
    [
      "vars.yml (dbt 1.12) holds the root project's vars",
      { "dbt_project.yml": "name: shop\n", "vars.yml": "vars:\n  start_date: '2020-01-01'\n" },
      "start_date",
      "shop",
      { state: "set", value: "2020-01-01" },
    ],
    [
      "a package's own dbt_project.yml, under the root project's scope for it",
      {
        "dbt_project.yml": "name: shop\nvars:\n  elementary:\n    edr_cli_run: true\n",
        "dbt_packages/elementary/dbt_project.yml":
          "name: elementary\nvars:\n  edr_cli_run: false\n  days_back: 7\n",
      },
      "edr_cli_run",
      "elementary",
      { state: "set", value: true },
    ],
    [
      "a package's own var the root doesn't set",
      {
        "dbt_project.yml": "name: shop\n",
        "dbt_packages/elementary/dbt_project.yml": "name: elementary\nvars:\n  days_back: 7\n",
      },
      "days_back",
      "elementary",
      { state: "set", value: 7 },
    ],
    [
      "Jinja is rendered only when dbt runs",
      { "dbt_project.yml": "name: shop\nvars:\n  d: \"{{ env_var('D') }}\"\n" },
      "d",
      "shop",
      { state: "unseen", why: "its value in `shop`'s dbt_project.yml is Jinja, rendered only when dbt runs" },
    ],
    ["a var nobody sets", { "dbt_project.yml": "name: shop\n" }, "missing", "shop", { state: "unset" }],
  ])("%s", (_what, files, name, pkg, expected) => {
    expect(lookup(projectDir(files), name, pkg)).toEqual(expected);
  });

  it("no dbt_project.yml: a var read is not visible, and the lookup says why", () => {
    const got = lookup(projectDir({}), "x", "shop");
    expect(got.state).toBe("unseen");
  });
});
