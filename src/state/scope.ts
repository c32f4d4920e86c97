/** A scope is `<project>/<environment>`: one line of history in the store. */
export interface Scope {
  project: string;
  environment: string;
}

export function scopeKey(scope: Scope): string {
  return `${scope.project}/${scope.environment}`;
}
