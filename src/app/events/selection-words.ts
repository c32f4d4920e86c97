/**
 * What the action says about a selection, from the planner's own rules: the
 * dbt command for a selection, and the bounds a compact selection keeps
 * within. Here so that src/run/ presents them without importing the planner.
 */
export { buildCommand } from "../../planner/build-command.js";
export { SELECT_BOUNDS } from "../../planner/selection-output/compact-selection.js";
