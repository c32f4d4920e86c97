import type { ParseArgsConfig } from "node:util";
import type { LoadSqlParser, OpenWarehouse, StateFiles } from "../app/ports.js";
import type { WarehouseEnv } from "../drivers/providers/provider-spec.js";
import type { DriverPreference } from "../store/sqlite-driver.js";

/**
 * What a command may touch: given by src/cli.ts, the only place that reads
 * the environment and opens the adapters (src/adapters.ts).
 */
export interface CliContext {
  cwd: string;
  /** SQLite driver preference (from ODS_SQLITE_DRIVER), for the state file's maintenance (doctor, backup). */
  sqliteDriver: DriverPreference;
  /** The state databases (SQLite files opened with that driver). */
  stateFiles: StateFiles;
  /** Opens the warehouse a command names. */
  openWarehouse: OpenWarehouse;
  /** Loads the SQL parser of column impact (issue 24); called only with --column-impact. */
  loadSqlParser: LoadSqlParser;
  /** Warehouse connection from the environment (ODS_WAREHOUSE), when set. */
  warehouse: string | undefined;
  /** The vendors' credential variables (SNOWFLAKE_PASSWORD, DATABRICKS_TOKEN…) a warehouse URL may take its secret from. */
  warehouseEnv?: WarehouseEnv;
  /** The repository (`owner/name`) from GITHUB_REPOSITORY, when set: `env`'s default for --repository. */
  repository?: string | undefined;
  /** GITHUB_REPOSITORY_ID, when set: the id of GITHUB_REPOSITORY's repository (used only with it, never with --repository). */
  repositoryId?: string | undefined;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** The process environment: read as the dbt build's only with `--build-env` (issue 36). */
  env?: Readonly<Record<string, string | undefined>>;
  /** True when stderr is a terminal: progress is shown only then. */
  interactive: boolean;
}

export type OptionSpec = NonNullable<ParseArgsConfig["options"]>;

export type ParsedValues = Record<string, string | boolean | string[] | undefined>;

export interface Command {
  name: string;
  summary: string;
  /** One line per form, without the leading `ods-state`. */
  usage: string[];
  /** Each option's help line, keyed by option name. */
  optionHelp: Record<string, string>;
  options: OptionSpec;
  examples: string[];
  /** Whether positional arguments are accepted. */
  positionals?: { name: string; required: boolean };
  run(values: ParsedValues, positionals: string[], context: CliContext): Promise<number> | number;
}
