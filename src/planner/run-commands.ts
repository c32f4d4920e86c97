/**
 * Which dbt commands record() takes (run_results.json `args.which`).
 * Builds: build, run, seed, snapshot; `dbt retry` writes the command it
 * retries as `which` (dbt-core core/dbt/task/retry.py `RetryTask.__init__`,
 * `Flags.from_dict` of the previous command). Relation writes only: `dbt
 * clone` replaces a node's relation with a clone of another state's
 * relation (core/dbt/task/clone.py `CloneTask`), which is not a build of
 * this code. Anything else (compile, show, test, list, parse, docs generate,
 * run-operation, which writes relations no result names) is refused.
 */

/** dbt commands that build; anything else (compile, docs generate, test, …) builds nothing. */
export const BUILDING_COMMANDS = ["build", "run", "seed", "snapshot"] as const;

/** Commands whose results write their node's relation without building this code (recorded as writes only). */
export const RELATION_WRITING_COMMANDS = ["clone"] as const;
