import { describe, expect, it } from "vitest";
import { checkJinjaPurity } from "../../src/dbt/jinja-purity.js";

describe("checkJinjaPurity accepts the ADR's allow-list", () => {
  // [form, raw code]
  const pure: Array<[string, string]> = [
    ["no Jinja at all", "select a, b from t where c = '{' and d = '}'"],
    ["empty model", ""],
    ["a lone brace at the end", "select '{"],
    // calls of the pure names
    ["ref", "select * from {{ ref('orders') }}"],
    ["ref with a package", 'select * from {{ ref("shop", "orders") }}'],
    ["ref with a version keyword", "select * from {{ ref('orders', v=2) }}"],
    ["ref with a space before `(`", "select * from {{ ref ('orders') }}"],
    ["source", "select * from {{ source('raw', 'orders') }}"],
    ["config with keywords and a list", "{{ config(materialized='incremental', unique_key=['a', 'b']) }}"],
    ["var", "select {{ var('start_date') }}"],
    ["var with a default", "select {{ var('start_date', '2020-01-01') }}"],
    ["env_var", "select '{{ env_var('DBT_REGION', 'eu') }}'"],
    ["is_incremental", "{% if is_incremental() %} where x > (select max(x) from {{ this }}) {% endif %}"],
    ["pure call inside a pure call", "{{ config(alias=var('alias')) }}"],
    ["pure call as a subscript", "{{ var('m')[var('k')] }}"],
    // statements
    ["if / elif / else / endif", "{% if a %}1{% elif b %}2{% else %}3{% endif %}"],
    [
      "for / endfor with loop reads",
      "{% for c in ['a', 'b'] %}{{ c }}{% if not loop.last %},{% endif %}{% endfor %}",
    ],
    ["for over a tuple", "{% for k, v in var('m').items %}{{ k }}={{ v }}{% endfor %}"],
    ["for with parenthesised targets", "{% for (k, v) in pairs %}{{ k }}{% endfor %}"],
    ["for with a filter condition", "{% for c in cols if c != 'id' %}{{ c }}{% endfor %}"],
    ["for / else", "{% for c in cols %}{{ c }}{% else %}null{% endfor %}"],
    ["set", "{% set cols = ['a', 'b'] %}select {{ cols | join(', ') }}"],
    ["set from a pure call", "{% set start = var('start', '2020-01-01') %}{{ start }}"],
    ["set of a tuple", "{% set a, b = 1, 2 %}{{ a + b }}"],
    ["set of a namespace attribute", "{% set ns.total = ns.total + 1 %}"],
    ["set of an attribute named like a pure name", "{% set ns.ref = 1 %}"],
    ["block set", "{% set q %}select 1{% endset %}{{ q }}"],
    ["filtered block set", "{% set q | trim %}  select 1  {% endset %}{{ q }}"],
    ["nested blocks", "{% for a in xs %}{% if a %}{% set b = a %}{% endif %}{% endfor %}"],
    // whitespace control and comments
    ["whitespace control", "{%- if a -%}\n  x\n{%- endif -%}{{- ref('a') -}}"],
    ["plus whitespace control", "{%+ if a +%}x{%+ endif %}"],
    ["whitespace control touching an expression", "{{-ref('a')-}}"],
    ["comment hiding an impure call", "{# {{ run_query('drop table x') }} #}select 1"],
    ["comment with whitespace control", "{#- {% do x %} -#}select 1"],
    // name reads
    ["this", "select * from {{ this }}"],
    ["attribute reads", "{{ target.schema }}.{{ this.identifier }}"],
    ["subscript read", "{{ graph['nodes'] }}"],
    ["reading an impure name without calling it", "{{ run_query }}{{ adapter.drop_relation }}"],
    ["rebinding a non-pure name", "{% set run_query = 1 %}{{ run_query }}"],
    ["keyword argument named like a pure name", "{{ config(ref='x') }}"],
    ["constants", "{{ true }}{{ none }}{{ False }}"],
    // grouping
    ["grouping at the start", "{{ (1 + 2) * 3 }}"],
    ["grouping after not", "{% if not (a and b) %}x{% endif %}"],
    ["grouping after and / or / in", "{% if a and (b or (c)) or d in (e, f) %}x{% endif %}"],
    ["grouping in a conditional expression", "{{ ref('a') if (x) else ref('b') }}"],
    ["tuple in a list", "{{ [(1, 2)] }}"],
    ["grouping in a dict", "{{ {'a': (1)} }}"],
    ["grouping in a keyword argument", "{{ ref('a', v=(1)) }}"],
    ["grouping after a comma", "{{ ref('a', (1)) }}"],
    ["grouping after an operator", "{{ 1 + (2) ~ (3) }}"],
    // filters and tests
    ["filter", "{{ var('x') | upper }}"],
    ["filter chain with arguments", "{{ var('x') | replace('a', 'b') | trim }}"],
    ["dbt's conversion filters", "{{ var('x') | as_bool }}{{ var('n') | as_number }}{{ x | as_text }}"],
    ["default filter", "{{ var('x') | default('d') }}"],
    ["test", "{% if x is defined %}1{% endif %}"],
    ["negated test", "{% if x is not none %}1{% endif %}"],
    ["test with arguments", "{% if x is divisibleby(3) %}1{% endif %}"],
    ["test in a for condition", "{% for x in xs if x is string %}{{ x }}{% endfor %}"],
    // literals and operators
    ["strings holding closers", "{{ '}}' }}{{ \"%}\" }}{% set x = '%}' %}"],
    ["strings holding openers", "{{ '{{' }}{{ '{%' }}"],
    ["escaped quotes in strings", "{{ 'it\\'s' }}{{ \"a\\\"b\" }}"],
    ["non-ASCII inside a string", "{{ 'café' }}"],
    ["numbers", "{{ 1.5e3 + 1_000 - 2E-2 }}"],
    ["nested dicts closing with `}}}`", "{{ {'a': {'b': 1}}}}"],
    ["operators", "{{ 2 ** 3 // 2 % 5 ~ 'x' }}{% if a == b and c != d and e <= f and g >= h %}{% endif %}"],
    ["attribute of a number-indexed read", "{{ xs[0].name }}"],
  ];

  it.each(pure)("%s", (_form, raw) => {
    expect(checkJinjaPurity(raw)).toEqual({ pure: true });
  });
});

describe("checkJinjaPurity rejects everything else, naming it", () => {
  // [form, raw code, reason]
  const impure: Array<[string, string, string]> = [
    // another call
    ["run_query", "{% set r = run_query('select 1') %}", "call of `run_query`"],
    ["a project macro", "select {{ cents_to_dollars('amount') }}", "call of `cents_to_dollars`"],
    ["a macro without arguments", "{{ my_macro() }}", "call of `my_macro`"],
    ["an impure call inside a pure one", "{{ ref(run_query('q')) }}", "call of `run_query`"],
    ["an impure call in a filter argument", "{{ x | default(run_query('q')) }}", "call of `run_query`"],
    ["an impure call in an if", "{% if run_query('q') %}{% endif %}", "call of `run_query`"],
    ["an impure call in a for iterable", "{% for r in run_query('q') %}{% endfor %}", "call of `run_query`"],
    ["an impure call in a conditional branch", "{{ x if true else statement('q') }}", "call of `statement`"],
    ["namespace()", "{% set ns = namespace(total=0) %}", "call of `namespace`"],
    ["range()", "{% for i in range(3) %}{% endfor %}", "call of `range`"],
    ["caller()", "{{ caller() }}", "call of `caller`"],
    [
      "a recursive loop call",
      "{% for x in xs recursive %}{{ loop(x.children) }}{% endfor %}",
      "call of `loop`",
    ],
    ["a name aliasing run_query", "{% set q = run_query %}{{ q('select 1') }}", "call of `q`"],
    ["calling a constant", "{{ true() }}", "call of `true`"],
    // a method call
    ["adapter.drop_relation", "{{ adapter.drop_relation(this) }}", "method call `adapter.drop_relation`"],
    ["a package macro", "{{ dbt_utils.star(ref('a')) }}", "method call `dbt_utils.star`"],
    ["dbt's own namespace", "{{ dbt.current_timestamp() }}", "method call `dbt.current_timestamp`"],
    ["config.get", "{{ config.get('materialized') }}", "method call `config.get`"],
    ["a method of a pure call's result", "{{ ref('a').render() }}", "method call `….render`"],
    ["a pure name as a method", "{{ x.ref('a') }}", "method call `x.ref`"],
    ["a long chain", "{{ modules.datetime.date.today() }}", "method call `modules.datetime.date.today`"],
    ["loop.cycle", "{% for x in xs %}{{ loop.cycle('a', 'b') }}{% endfor %}", "method call `loop.cycle`"],
    ["adapter.dispatch", "{{ adapter.dispatch('m')() }}", "method call `adapter.dispatch`"],
    // an indirect call
    ["a parenthesised name", "{{ (run_query)('select 1') }}", "indirect call after `)`"],
    ["a parenthesised pure name", "{{ (ref)('a') }}", "indirect call after `)`"],
    ["a subscript", "{{ dbt['run_query']('select 1') }}", "indirect call after `]`"],
    ["a call's result", "{{ ref('a')('b') }}", "indirect call after `)`"],
    ["a dict value", "{{ {'f': run_query}['f']('q') }}", "indirect call after `]`"],
    ["a dict literal", "{{ {}('q') }}", "indirect call after `}`"],
    ["a string literal", "{{ 'run_query'('q') }}", "indirect call of a literal"],
    ["a number literal", "{{ 1('q') }}", "indirect call of a literal"],
    // rebinding a pure name
    ["set ref = run_query", "{% set ref = run_query %}{{ ref('select 1') }}", "rebinding `ref`"],
    ["set in a tuple", "{% set a, var = 1, 2 %}", "rebinding `var`"],
    ["set of an attribute of a pure name", "{% set config.x = 1 %}", "rebinding `config`"],
    ["block set", "{% set source %}x{% endset %}", "rebinding `source`"],
    ["for target", "{% for ref in [run_query] %}{{ ref('q') }}{% endfor %}", "rebinding `ref`"],
    ["for tuple target", "{% for (k, env_var) in pairs %}{% endfor %}", "rebinding `env_var`"],
    ["set is_incremental", "{% set is_incremental = true %}", "rebinding `is_incremental`"],
    // tags outside the list
    ["do", "{% do run_query('select 1') %}", "tag `do`"],
    ["do with a pure call", "{% do config(x=1) %}", "tag `do`"],
    ["call", "{% call statement('s', fetch_result=True) %}select 1{% endcall %}", "tag `call`"],
    ["macro", "{% macro m() %}select 1{% endmacro %}", "tag `macro`"],
    ["raw", "{% raw %}{{ x }}{% endraw %}", "tag `raw`"],
    ["snapshot", "{% snapshot s %}select 1{% endsnapshot %}", "tag `snapshot`"],
    ["with", "{% with x = 1 %}{{ x }}{% endwith %}", "tag `with`"],
    ["filter block", "{% filter upper %}x{% endfilter %}", "tag `filter`"],
    ["include", "{% include 'x.sql' %}", "tag `include`"],
    ["import", "{% import 'x.sql' as y %}", "tag `import`"],
    ["from import", "{% from 'x.sql' import y %}", "tag `from`"],
    ["break", "{% for x in xs %}{% break %}{% endfor %}", "tag `break`"],
    ["end tag of another block", "{% endmacro %}", "tag `endmacro`"],
    // filters and tests outside the list
    ["attr filter", "{{ adapter | attr('drop_relation') }}", "filter `attr`"],
    ["random filter", "{{ [1, 2] | random }}", "filter `random`"],
    ["unknown filter", "{{ x | run_query }}", "filter `run_query`"],
    ["unknown filter in a block set", "{% set q | my_filter %}x{% endset %}", "filter `my_filter`"],
    ["unknown test", "{% if x is my_test %}{% endif %}", "test `my_test`"],
    ["unknown negated test", "{% if x is not my_test(1) %}{% endif %}", "test `my_test`"],
    // cannot parse
    ["unterminated {{", "select {{ ref('a')", "cannot parse: unterminated `{{`"],
    ["unterminated {%", "{% if x", "cannot parse: unterminated `{%`"],
    ["unterminated {#", "{# note", "cannot parse: unterminated `{#`"],
    ["unterminated string", "{{ 'a }}", "cannot parse: unterminated string"],
    ["unclosed bracket", "{{ (a }}", "cannot parse: unbalanced `}`"],
    ["extra closing bracket", "{{ a) }}", "cannot parse: unbalanced `)`"],
    ["mismatched brackets", "{{ [a) }}", "cannot parse: unbalanced `)`"],
    ["`%}` closing `{{`", "{{ a %}", "cannot parse: unbalanced `}`"],
    ["unknown character", "{{ a @ b }}", "cannot parse: character `@`"],
    ["backtick", "{{ `a` }}", "cannot parse: character `` ` ``"],
    ["bare `!`", "{{ !a }}", "cannot parse: character `!`"],
    ["non-ASCII name", "{{ café }}", "cannot parse: non-ASCII character outside a string"],
    ["empty {{ }}", "{{ }}", "cannot parse: empty `{{ }}`"],
    ["empty {% %}", "{% %}", "cannot parse: `{% %}` without a tag name"],
    ["tag that isn't a name", "{% 1 %}", "cannot parse: `{% 1`"],
    ["if never closed", "{% if a %}x", "cannot parse: unclosed `{% if %}`"],
    ["for never closed", "{% for a in b %}x", "cannot parse: unclosed `{% for %}`"],
    ["block set never closed", "{% set q %}x", "cannot parse: unclosed `{% set %}`"],
    ["endif without if", "x{% endif %}", "cannot parse: `endif` without `if`"],
    ["endfor closing an if", "{% if a %}{% endfor %}", "cannot parse: `endfor` without `for`"],
    ["else outside a block", "{% else %}", "cannot parse: `else` outside `if` or `for`"],
    ["elif outside if", "{% for a in b %}{% elif c %}{% endfor %}", "cannot parse: `elif` outside `if`"],
    [
      "else with an expression",
      "{% if a %}{% else b %}{% endif %}",
      "cannot parse: `else` followed by an expression",
    ],
    ["for without in", "{% for a %}{% endfor %}", "cannot parse: `for` without `in`"],
    ["set without a target", "{% set = 1 %}", "cannot parse: missing assignment target"],
    ["set of a subscript", "{% set a[0] = 1 %}", "cannot parse: unexpected `[` in an assignment target"],
  ];

  it.each(impure)("%s", (_form, raw, reason) => {
    expect(checkJinjaPurity(raw)).toEqual({ pure: false, reason });
  });

  it("names the first impure construct in the text", () => {
    expect(checkJinjaPurity("{{ ref('a') }} {{ my_macro() }} {% do run_query('q') %}")).toEqual({
      pure: false,
      reason: "call of `my_macro`",
    });
  });
});

describe("checkJinjaPurity on a realistic incremental model", () => {
  const model = [
    "{{",
    "  config(",
    "    materialized='incremental',",
    "    unique_key='order_id',",
    "    on_schema_change='append_new_columns'",
    "  )",
    "}}",
    "",
    "{%- set payment_methods = ['credit_card', 'coupon', 'bank_transfer', 'gift_card'] -%}",
    "",
    "with payments as (",
    "  select * from {{ ref('stg_payments') }}",
    "  {% if is_incremental() -%}",
    "  where created_at > (select max(created_at) from {{ this }})",
    "  {%- endif %}",
    ")",
    "select",
    "  order_id,",
    "  {% for m in payment_methods -%}",
    "  sum(case when payment_method = '{{ m }}' then amount else 0 end) as {{ m }}_amount",
    "  {%- if not loop.last %},{% endif %}",
    "  {% endfor %}",
    "from payments",
    'where region = \'{{ var("region", "eu") | upper }}\'',
    "group by 1",
  ].join("\n");

  it("is pure", () => {
    expect(checkJinjaPurity(model)).toEqual({ pure: true });
  });

  it("is impure once it calls a package macro", () => {
    const edited = model.replace("order_id,\n", "{{ dbt_utils.generate_surrogate_key(['order_id']) }},\n");
    expect(checkJinjaPurity(edited)).toEqual({
      pure: false,
      reason: "method call `dbt_utils.generate_surrogate_key`",
    });
  });
});
