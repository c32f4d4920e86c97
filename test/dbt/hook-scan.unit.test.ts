import { describe, expect, it } from "vitest";
import { ENVIRONMENT_NAMES, readsEnvironment, scanEnvironmentReads } from "../../src/dbt/hook-scan.js";

describe("scanEnvironmentReads finds each name in each form", () => {
  // [name, form, text, expected]
  const cases: Array<[string, string, string, string[]]> = [];
  for (const name of ENVIRONMENT_NAMES) {
    const withContext = (other: string): string[] =>
      [name, other].filter((x, i, a) => a.indexOf(x) === i).sort();
    cases.push(
      [name, "called", `insert into audit select '{{ ${name}('x') }}'`, [name]],
      [name, "called in a statement", `{% do ${name}('x') %}`, [name]],
      [name, "aliased", `{% set alias = ${name} %}{{ alias }}`, [name]],
      [name, "passed as an argument", `{{ my_macro(${name}) }}`, [name]],
      [name, "indexed", `{{ ${name}['key'] }}`, [name]],
      [name, "indexed through context", `{{ context['${name}'] }}`, withContext("context")],
      [name, "qualified", `{{ ${name}.attr }}`, [name]],
      [name, "qualified through builtins", `{{ builtins.${name} }}`, withContext("builtins")],
      [name, "in a single-quoted string", `{{ '${name}' }}`, [name]],
      [name, "in a double-quoted string", `{{ context["${name}"] }}`, withContext("context")],
      [name, "in a macro's source", `{% macro m() %}\n  {{ return(${name}) }}\n{% endmacro %}`, [name]],
      [name, "with whitespace control", `{%- set x = ${name} -%}`, [name]],
      [name, "at the start and end of the text", name, [name]],
    );
  }

  it.each(cases)("%s %s", (_name, _form, text, expected) => {
    expect(scanEnvironmentReads(text)).toEqual(expected);
  });
});

describe("scanEnvironmentReads: what is and isn't a mention", () => {
  // [what, text, expected]
  const cases: Array<[string, string, string[]]> = [
    ["empty text", "", []],
    ["a hook without Jinja", "grant select on analytics.orders to role reporter", []],
    ["this only", "grant select on {{ this }} to role reporter", []],
    ["invocation_id alone", "insert into audit (id) values ('{{ invocation_id }}')", []],
    ["run_started_at alone", "update {{ this }} set loaded_at = '{{ run_started_at }}'", []],
    [
      "invocation_id and run_started_at together",
      "insert into audit values ('{{ invocation_id }}', '{{ run_started_at.isoformat() }}')",
      [],
    ],
    [
      "names inside longer words",
      "{{ target_schema }} {{ my_var }} {{ vars }} {{ contexts }} {{ statements }}",
      [],
    ],
    [
      "prefixes and suffixes",
      "{{ env_var_x }} {{ x_env_var }} {{ flags2 }} {{ _target }} {{ run_query_ }}",
      [],
    ],
    ["other case", "{{ TARGET }} {{ Var('x') }} {{ CONTEXT }}", []],
    ["variance is not var", "select variance(x), var_pop(x) from t", []],
    ["a name built at run time still names context", "{{ context['env' ~ '_var']('X') }}", ["context"]],
    ["a name built at run time through builtins", "{{ builtins['ru' ~ 'n_query'] }}", ["builtins"]],
    ["qualified target reads", "{{ target.schema }}.{{ target.name }}", ["target"]],
    [
      "sorted and distinct",
      "{{ var('b') }} {{ target.name }} {{ var('a') }} {{ flags.FULL_REFRESH }}",
      ["flags", "target", "var"],
    ],
    [
      "all nine",
      "var env_var target flags builtins context graph run_query statement",
      [...ENVIRONMENT_NAMES],
    ],
    ["with invocation_id beside a real mention", "{{ invocation_id }} {{ target.name }}", ["target"]],
    [
      "call statement block",
      "{% call statement('grants', fetch_result=False) %}grant ...{% endcall %}",
      ["statement"],
    ],
    ["dispatch through the dbt namespace naming the macro", "{{ dbt.run_query('select 1') }}", ["run_query"]],
    ["a mention in plain SQL outside Jinja (conservative)", "select target from t", ["target"]],
    ["a mention in a SQL comment (conservative)", "-- uses var\nselect 1", ["var"]],
    ["punctuation around the name", "$target,(var)[context]", ["context", "target", "var"]],
    ["a non-ASCII letter ends a word (conservative)", "{{ targetä }}", ["target"]],
    ["digits end no word", "{{ target2 }} {{ 2target }}", []],
  ];

  it.each(cases)("%s", (_what, text, expected) => {
    expect(scanEnvironmentReads(text)).toEqual(expected);
  });
});

describe("readsEnvironment", () => {
  it.each([
    ["{{ target.name }}", true],
    ["{{ env_var('X') }}", true],
    ["{{ invocation_id }} {{ run_started_at }}", false],
    ["vacuum {{ this }}", false],
  ])("%s → %s", (text, expected) => {
    expect(readsEnvironment(text)).toBe(expected);
  });
});

describe("ENVIRONMENT_NAMES", () => {
  it("is the ADR's list, sorted", () => {
    expect([...ENVIRONMENT_NAMES]).toEqual([
      "builtins",
      "context",
      "env_var",
      "flags",
      "graph",
      "run_query",
      "statement",
      "target",
      "var",
    ]);
  });
});
