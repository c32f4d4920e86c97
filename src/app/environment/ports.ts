/**
 * The ports the environment and promotion use cases run over, besides the
 * warehouse session (EnvContext: the warehouse, its registry bound to one
 * repository and dbt project, and the clock's `now`) and the state store
 * (StateStore). The action hands them its runner's log; the CLI its terminal.
 */
export interface Log {
  info(message: string): void;
  warning(message: string): void;
}

/** Says what a long use case is doing now (the CLI's progress line); optional. */
export type Phase = (description: string) => void;
