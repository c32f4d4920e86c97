/**
 * The selection a caller gives a plan or a data diff (`--select`,
 * `--exclude`, the action's `select` and `exclude` inputs): dbt's selector
 * syntax, each argument split into its space-separated terms as dbt does.
 */
export { splitSelectors } from "../../planner/selection.js";
