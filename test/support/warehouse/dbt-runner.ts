/**
 * The `dbt build` stand-in the environment tests use: it lives in
 * tools/dbt-standin.ts, shared with the demo (scripts/demo.mjs), so that
 * both build the shop the same way.
 */
export {
  type DbtRunOptions,
  loadCsvTable,
  quote,
  readCsv,
  runDbt,
} from "../../../tools/dbt-standin.js";
