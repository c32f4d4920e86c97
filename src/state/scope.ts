/** A scope is `<project>/<environment>`: one line of history in the store. */
export interface Scope {
  project: string;
  environment: string;
}

export function scopeKey(scope: Scope): string {
  return `${scope.project}/${scope.environment}`;
}

/**
 * Why `scope` can't name a line of history, or undefined when it can. The
 * project may not contain `/` (dbt project names never do), so a key splits
 * back at its first `/`; the environment may (e.g. a branch name).
 */
export function scopeProblem(scope: Scope): string | undefined {
  if (typeof scope?.project !== "string" || scope.project === "") return "the project name is empty";
  if (scope.project.includes("/")) return `the project name \`${scope.project}\` contains "/"`;
  if (typeof scope.environment !== "string" || scope.environment === "")
    return "the environment name is empty";
  return undefined;
}

/** The scope a key names, or undefined when `key` is not `<project>/<environment>`. */
export function parseScopeKey(key: string): Scope | undefined {
  const slash = key.indexOf("/");
  if (slash <= 0 || slash === key.length - 1) return undefined;
  return { project: key.slice(0, slash), environment: key.slice(slash + 1) };
}
