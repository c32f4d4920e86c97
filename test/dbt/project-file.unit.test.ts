/**
 * dbt_project.yml as dbt reads it (project-file.ts), the project rows of the
 * inventory (inventory/project-rows.ts) and the components they add
 * (fingerprint/project-file-components.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dispatchNamespaces } from "../../src/dbt/fingerprint/project-file-components.js";
import {
  PROJECT_FLAGS,
  PROJECT_KEYS,
  PROJECT_ROWS,
  projectFlag,
  projectKey,
} from "../../src/dbt/inventory/project-rows.js";
import { parseProjectFile, parseYaml11, varsFor } from "../../src/dbt/project-file.js";
import { isUserError, type UserError } from "../../src/errors/user-error.js";
import { readProjectFile } from "../../src/files/read-project-file.js";

/** dbt-core 1.13.latest core/dbt/contracts/project.py `Project`, as written in dbt_project.yml (its aliases). */
const DBT_PROJECT_KEYS = [
  "name",
  "config-version",
  "version",
  "project-root",
  "source-paths",
  "model-paths",
  "macro-paths",
  "data-paths",
  "seed-paths",
  "test-paths",
  "analysis-paths",
  "docs-paths",
  "asset-paths",
  "function-paths",
  "osi-paths",
  "target-path",
  "snapshot-paths",
  "clean-targets",
  "profile",
  "log-path",
  "packages-install-path",
  "quoting",
  "on-run-start",
  "on-run-end",
  "require-dbt-version",
  "dispatch",
  "models",
  "seeds",
  "snapshots",
  "analyses",
  "sources",
  "tests",
  "data_tests",
  "unit_tests",
  "metrics",
  "semantic-models",
  "saved-queries",
  "exposures",
  "functions",
  "vars",
  "packages",
  "query-comment",
  "restrict-access",
  "dbt-cloud",
  "flags",
];

/** dbt-core 1.13.latest `ProjectFlags` fields. */
const DBT_PROJECT_FLAGS = [
  "cache_selected_only",
  "debug",
  "fail_fast",
  "hints_enabled",
  "indirect_selection",
  "log_format",
  "log_format_file",
  "log_level",
  "log_level_file",
  "maximum_seed_size_mib",
  "partial_parse",
  "populate_cache",
  "printer_width",
  "send_anonymous_usage_stats",
  "snowflake_projects_otel",
  "static_parser",
  "use_colors",
  "use_colors_file",
  "use_experimental_parser",
  "use_v2_parser",
  "v2_parser",
  "version_check",
  "warn_error",
  "warn_error_options",
  "write_json",
  "require_batched_execution_for_custom_microbatch_strategy",
  "require_event_names_in_deprecations",
  "require_explicit_package_overrides_for_builtin_materializations",
  "require_resource_names_without_spaces",
  "source_freshness_run_project_hooks",
  "skip_nodes_if_on_run_start_fails",
  "state_modified_compare_more_unrendered_values",
  "state_modified_compare_vars",
  "require_yaml_configuration_for_mf_time_spines",
  "require_nested_cumulative_type_params",
  "validate_macro_args",
  "require_all_warnings_handled_by_warn_error",
  "require_generic_test_arguments_property",
  "require_unique_project_resource_names",
  "require_ref_searches_node_package_before_root",
  "require_valid_schema_from_generate_schema_name",
  "allow_jinja_file_extensions",
  "require_sql_header_in_test_configs",
  "support_custom_ref_kwargs",
  "require_corrected_analysis_fqns",
  "require_source_and_semantic_model_names_without_spaces",
  "enable_grouped_warn_error_parser_logs",
  "use_catalogs_v2",
  "latest_version_pointer_enabled_by_default",
  "manage_state",
];

function thrown(fn: () => unknown): UserError {
  try {
    fn();
  } catch (error) {
    if (isUserError(error)) return error;
    throw error;
  }
  throw new Error("no error");
}

describe("the project rows", () => {
  it.each(DBT_PROJECT_KEYS)("dbt_project.yml key %s has a row", (key) => {
    expect(projectKey(key)?.key).toBe(key);
  });

  it.each(DBT_PROJECT_FLAGS)("flag %s has a row", (flag) => {
    expect(projectFlag(flag)?.key).toBe(flag);
  });

  it("a key is the same with `_` for `-` (dbt reads Project hyphenated)", () => {
    expect(projectKey("model_paths")?.key).toBe("model-paths");
    expect(projectKey("data-tests")?.key).toBe("data_tests");
  });

  it("every row has a path of its own, a how and a citation", () => {
    const paths = PROJECT_ROWS.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const row of PROJECT_ROWS) {
      expect(row.surface).toBe("project");
      expect(row.how.length, row.path).toBeGreaterThan(10);
      expect(row.cite.length, row.path).toBeGreaterThan(5);
    }
  });

  it("a fingerprinted-here key names its reach; an inert one has none", () => {
    for (const key of [...PROJECT_KEYS, ...PROJECT_FLAGS]) {
      if (key.class !== "fingerprinted") expect(key.reach, key.key).toBeUndefined();
      if (key.how.startsWith("fingerprinted here")) expect(key.reach, key.key).toBeDefined();
    }
  });
});

describe("parseYaml11: YAML as PyYAML (dbt) reads it", () => {
  it.each([
    ["yes", "a: yes", true],
    ["On", "a: On", true],
    ["off", "a: off", false],
    ["y is a string to PyYAML", "a: y", "y"],
    ["n is a string to PyYAML", "a: n", "n"],
    ["quoted true is a string", "a: 'true'", "true"],
    ["octal without 0o", "a: 010", 8],
    ["sexagesimal", "a: 1:30", 90],
    ["a timestamp: its ISO text", "a: 2024-01-02", "2024-01-02T00:00:00.000Z"],
    ["null", "a: ~", null],
    ["a repeated key: the last wins", "a: 1\na: 2", 2],
    ["merge keys", "b: &b {x: 1}\na:\n  <<: *b\n  y: 2", { x: 1, y: 2 }],
    ["Jinja stays as written", "a: \"{{ env_var('X') }}\"", "{{ env_var('X') }}"],
  ])("%s", (_what, text, expected) => {
    expect((parseYaml11(text, "dbt_project.yml") as Record<string, unknown>).a).toEqual(expected);
  });

  it.each([
    ["not YAML", "name: [shop\nmodels: {"],
    ["a tab where indentation is", "name: shop\nmodels:\n\t+materialized: table\n"],
  ])("%s: project_file_invalid naming the file", (_what, text) => {
    const error = thrown(() => parseProjectFile(text, "/repo/dbt_project.yml"));
    expect(error.code).toBe("project_file_invalid");
    expect(error.message).toContain("/repo/dbt_project.yml");
    expect(error.file).toBe("/repo/dbt_project.yml");
  });

  it.each([
    ["empty", ""],
    ["a list", "- name: shop"],
    ["a string", "shop"],
  ])(
    "a document that is not a map (%s): project_file_invalid (dbt: does not parse to a dictionary)",
    (_w, text) => {
      expect(thrown(() => parseProjectFile(text, "dbt_project.yml")).code).toBe("project_file_invalid");
    },
  );
});

describe("parseProjectFile", () => {
  const text = [
    "name: shop",
    "version: '1.0'",
    "flags:",
    "  require_explicit_package_overrides_for_builtin_materializations: false",
    "vars:",
    "  start: '2020-01-01'",
    "  shop: { start: '2021-01-01' }",
    "  dbt_utils: { surrogate_key_treat_nulls_as_empty_strings: true }",
  ].join("\n");

  it("keeps the keys and the flags as written", () => {
    const file = parseProjectFile(text);
    expect(Object.keys(file.keys)).toEqual(["name", "version", "flags", "vars"]);
    expect(file.flags).toEqual({ require_explicit_package_overrides_for_builtin_materializations: false });
    expect(file.vars.source).toBe("dbt_project.yml");
  });

  it("flags: that is not a map gives no flags", () => {
    expect(parseProjectFile("name: shop\nflags: yes\n").flags).toEqual({});
  });

  it("vars.yml's vars replace dbt_project.yml's (dbt 1.12 vars_data_from_root)", () => {
    const file = parseProjectFile("name: shop\n", "dbt_project.yml", {
      varsFile: { text: "vars:\n  start: '2019-01-01'\n", file: "vars.yml" },
    });
    expect(file.vars).toEqual({ source: "vars.yml", values: { start: "2019-01-01" }, packages: {} });
  });

  it("vars.yml without vars leaves dbt_project.yml's", () => {
    const file = parseProjectFile("name: shop\nvars: {a: 1}\n", "dbt_project.yml", {
      varsFile: { text: "other: 1\n", file: "vars.yml" },
    });
    expect(file.vars.source).toBe("dbt_project.yml");
    expect(file.vars.values).toEqual({ a: 1 });
  });

  const withPackage = parseProjectFile(text, "dbt_project.yml", {
    packageProjects: [
      {
        file: "dbt_packages/dbt_utils/dbt_project.yml",
        text: "name: dbt_utils\nvars:\n  surrogate_key_treat_nulls_as_empty_strings: false\n  start: pkg\n  only_pkg: 1\n",
      },
    ],
  });

  it.each([
    // package, var, what var() finds (core/dbt/context/configured.py ConfiguredVar.__call__)
    ["shop", "start", "2021-01-01", "the root project's own scope over its global vars"],
    ["dbt_utils", "start", "2020-01-01", "the root's global var over the package's own"],
    [
      "dbt_utils",
      "surrogate_key_treat_nulls_as_empty_strings",
      true,
      "the root's scope for the package over the package's own",
    ],
    ["dbt_utils", "only_pkg", 1, "the package's own var when the root doesn't set it"],
    ["shop", "only_pkg", undefined, "a package's vars are not the root project's"],
  ] as [string, string, unknown, string][])("varsFor(%s).%s = %j: %s", (pkg, name, expected) => {
    expect(varsFor(withPackage.vars, pkg, "shop")[name]).toEqual(expected);
  });
});

describe("dispatchNamespaces: the namespaces adapter.dispatch calls name", () => {
  it.each([
    ["positional", "{{ adapter.dispatch('date_spine', 'dbt_utils')(a, b) }}", ["dbt_utils"]],
    ["keyword", `{% do return(adapter.dispatch("x", macro_namespace="dbt")()) %}`, ["dbt"]],
    ["both keywords", "{{ adapter.dispatch(macro_name='x', macro_namespace='pkg')() }}", ["pkg"]],
    ["no namespace: the dispatch config is not read", "{{ adapter.dispatch('x')() }}", []],
    ["an expression: any namespace", "{{ adapter.dispatch('x', macro_namespace=ns)() }}", ["*"]],
    ["a var: any namespace", "{{ adapter.dispatch('x', var('ns', 'pkg'))() }}", ["*"]],
    ["packages= replaces the search order", "{{ adapter.dispatch('x', packages=['a'])() }}", []],
    [
      "several calls",
      "{{ adapter.dispatch('a', 'p1')() }}{{ adapter . dispatch ( 'b' , 'p2' )() }}",
      ["p1", "p2"],
    ],
    ["no dispatch", "select 1", []],
  ])("%s", (_what, sql, expected) => {
    expect(dispatchNamespaces(sql)).toEqual(expected);
  });
});

describe("readProjectFile (the file edge)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "ods-project-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("no dbt_project.yml: null (nothing is added to the fingerprints)", () => {
    expect(readProjectFile(path.join(dir, "nowhere"))).toBeNull();
  });

  it("reads vars.yml and the installed packages' vars", () => {
    const root = path.join(dir, "shop");
    mkdirSync(path.join(root, "dbt_packages", "utils"), { recursive: true });
    writeFileSync(
      path.join(root, "dbt_project.yml"),
      "name: shop\ndispatch:\n  - {macro_namespace: dbt_utils, search_order: [shop, dbt_utils]}\n",
    );
    writeFileSync(path.join(root, "vars.yml"), "vars:\n  a: 1\n");
    writeFileSync(
      path.join(root, "dbt_packages", "utils", "dbt_project.yml"),
      "name: dbt_utils\nvars: {b: 2}\n",
    );
    const file = readProjectFile(root)!;
    expect(file.keys.dispatch).toEqual([
      { macro_namespace: "dbt_utils", search_order: ["shop", "dbt_utils"] },
    ]);
    expect(file.vars).toEqual({ source: "vars.yml", values: { a: 1 }, packages: { dbt_utils: { b: 2 } } });
  });

  it("a dbt_project.yml that is not YAML: project_file_invalid naming it", () => {
    const root = path.join(dir, "broken");
    mkdirSync(root, { recursive: true });
    writeFileSync(path.join(root, "dbt_project.yml"), "name: [broken\n");
    const error = thrown(() => readProjectFile(root));
    expect(error.code).toBe("project_file_invalid");
    expect(error.message).toContain(path.join(root, "dbt_project.yml"));
  });
});
