/**
 * dbt's selector syntax, parsed as dbt-core parses it:
 *
 * - core/dbt/graph/cli.py `parse_union`: each `--select` / `--exclude` value
 *   is split at spaces into a union; each part is split at commas into an
 *   intersection of single criteria.
 * - core/dbt/graph/selector_spec.py `RAW_SELECTOR_PATTERN`: an optional `@`,
 *   an optional `N+` (parents, with an optional depth), an optional
 *   `method:` (`[\w.]+`, where `config.materialized` is the method `config`
 *   with the argument `materialized`), the value (lazily), and an optional
 *   `+N` (children, with an optional depth). `@` with a `+` suffix is an error.
 * - `SelectionCriteria.default_method`: without a method, a value with a `/`
 *   is a `path`, one ending in `.sql`, `.py` or `.csv` (any case) is a `file`,
 *   anything else is an `fqn`.
 *
 * Methods ODS does not resolve exactly are refused (UserError "usage"),
 * never silently matched to nothing.
 */
import { UserError } from "../errors/user-error.js";

export type SupportedMethod =
  | "fqn"
  | "file"
  | "path"
  | "tag"
  | "package"
  | "source"
  | "resource_type"
  | "config";

export interface SelectionCriterion {
  raw: string;
  method: SupportedMethod;
  /** `config.materialized` → ["materialized"]. */
  args: readonly string[];
  value: string;
  childrensParents: boolean;
  parents: boolean;
  /** null: no limit. */
  parentsDepth: number | null;
  children: boolean;
  childrenDepth: number | null;
}

/** One space-separated part: the intersection of its comma-separated criteria. */
export interface SelectionIntersection {
  raw: string;
  criteria: readonly SelectionCriterion[];
}

const SUPPORTED: ReadonlySet<string> = new Set<SupportedMethod>([
  "fqn",
  "file",
  "path",
  "tag",
  "package",
  "source",
  "resource_type",
  "config",
]);

/** dbt's MethodName values (core/dbt/graph/selector_methods.py) that ODS refuses. */
const REFUSED: ReadonlySet<string> = new Set([
  "group",
  "access",
  "test_name",
  "test_type",
  "state",
  "exposure",
  "metric",
  "result",
  "source_status",
  "version",
  "semantic_model",
  "saved_query",
  "unit_test",
  "selector",
  "wildcard",
]);

export const SUPPORTED_FORMS =
  "names and globs (`orders`, `stg_*`, `pkg.folder.*`, `orders.v2`), `fqn:`, `path:` (file, folder or glob), `file:`, `tag:`, `package:`, `source:`, `resource_type:`, `config.<key>:`, the graph operators `+x`, `x+`, `N+x`, `x+N`, `@x`, intersections `a,b` and unions `a b`, and `--exclude`";

// The method group is Python's `[\w.]+` (Unicode word characters).
const RAW_SELECTOR_PATTERN =
  /^(?<childrensParents>@)?(?<parents>(?<parentsDepth>\d*)\+)?(?:(?<method>[\p{L}\p{N}\p{Mn}\p{Mc}\p{Pc}.]+):)?(?<value>.*?)(?<children>\+(?<childrenDepth>\d*))?$/su;

export function usageError(raw: string, why: string, input: string): UserError {
  return new UserError("usage", `The selector \`${raw}\` is not supported: ${why}.`, {
    input,
    hint: `ODS resolves dbt's ${SUPPORTED_FORMS}.`,
  });
}

/** dbt-core's cli.py: values → space-separated parts (empty ones dropped) → comma-separated criteria. */
export function parseSelection(values: readonly string[], input: string): SelectionIntersection[] {
  const out: SelectionIntersection[] = [];
  for (const value of values) {
    for (const part of value.split(/\s+/)) {
      if (part === "") continue;
      out.push({ raw: part, criteria: part.split(",").map((single) => parseCriterion(single, part, input)) });
    }
  }
  return out;
}

function depth(text: string | undefined): number | null {
  // selector_spec.py `_match_to_int`: an empty depth is no limit; `0` is a depth of 0.
  return text === undefined || text === "" ? null : Number.parseInt(text, 10);
}

export function parseCriterion(raw: string, whole: string, input: string): SelectionCriterion {
  const m = RAW_SELECTOR_PATTERN.exec(raw);
  if (m === null || m.groups === undefined)
    throw usageError(whole, `\`${raw}\` is not a dbt selector`, input);
  const g = m.groups;
  const value = g.value ?? "";
  let method: string;
  let args: string[] = [];
  if (g.method === undefined) {
    // selector_spec.py `default_method` (POSIX: the path separator is `/`).
    if (value.includes("/")) method = "path";
    else if (/\.(sql|py|csv)$/i.test(value)) method = "file";
    else method = "fqn";
  } else {
    const parts = g.method.split(".");
    method = parts[0]!;
    args = parts.slice(1);
  }
  if (REFUSED.has(method)) {
    throw usageError(whole, `ODS does not resolve the selector method \`${method}:\``, input);
  }
  if (!SUPPORTED.has(method)) {
    throw usageError(whole, `\`${method}\` is not a dbt selector method (dbt refuses it too)`, input);
  }
  if (method === "config" && (args.length === 0 || args.some((a) => a === ""))) {
    throw usageError(whole, "`config` needs a key, as in `config.materialized:table`", input);
  }
  if (method !== "config" && args.length > 0) {
    throw usageError(whole, `the method \`${method}\` takes no \`.${args.join(".")}\``, input);
  }
  const childrensParents = g.childrensParents !== undefined;
  const children = g.children !== undefined;
  if (childrensParents && children) {
    // SelectionCriteria.__post_init__: dbt refuses it.
    throw usageError(
      whole,
      `\`${raw}\`: the \`@\` prefix and a \`+\` suffix are incompatible (dbt refuses it too)`,
      input,
    );
  }
  return {
    raw,
    method: method as SupportedMethod,
    args,
    value,
    childrensParents,
    parents: g.parents !== undefined,
    parentsDepth: depth(g.parentsDepth),
    children,
    childrenDepth: depth(g.childrenDepth),
  };
}
