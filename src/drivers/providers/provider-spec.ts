/**
 * What `--warehouse snowflake://…`, `bigquery://…` or `databricks://…` says
 * once parsed (open.ts; each vendor's URL in `<vendor>/<vendor>-url.ts`):
 * where the account is, where the environments' schemas live, and the
 * credential, resolved from the URL or the vendor's usual environment
 * variables. A spec holds secrets: it is never printed; `label` names the
 * warehouse in messages without them.
 */

/** The environment variables a URL may take its credentials from (given by the entry points, never read here). */
export type WarehouseEnv = Readonly<Record<string, string | undefined>>;

/** The variables the providers read: the entry points pass these on (and the action masks their values). */
export const WAREHOUSE_ENV_NAMES = [
  "SNOWFLAKE_PASSWORD",
  "SNOWFLAKE_PRIVATE_KEY_PATH",
  "SNOWFLAKE_PRIVATE_KEY",
  "SNOWFLAKE_PRIVATE_KEY_PASSPHRASE",
  "DATABRICKS_HOST",
  "DATABRICKS_TOKEN",
  "DATABRICKS_CLIENT_ID",
  "DATABRICKS_CLIENT_SECRET",
] as const;

/** The secret values among WAREHOUSE_ENV_NAMES (to mask in the action's log). */
export const WAREHOUSE_SECRET_NAMES: readonly string[] = [
  "SNOWFLAKE_PASSWORD",
  "SNOWFLAKE_PRIVATE_KEY",
  "SNOWFLAKE_PRIVATE_KEY_PASSPHRASE",
  "DATABRICKS_TOKEN",
  "DATABRICKS_CLIENT_SECRET",
];

/** The variables among `env` that the providers read. */
export function warehouseEnvOf(env: WarehouseEnv): WarehouseEnv {
  const picked: Record<string, string> = {};
  for (const name of WAREHOUSE_ENV_NAMES) {
    const value = env[name];
    if (value !== undefined && value !== "") picked[name] = value;
  }
  return picked;
}

/** Where a client is pointed instead of the vendor's host (private link, a proxy, a test's local server). */
export interface Endpoint {
  readonly host: string;
  readonly port?: number;
}

export type SnowflakeCredential =
  | { readonly kind: "password"; readonly password: string }
  | {
      readonly kind: "key-pair";
      /** A PEM file (SNOWFLAKE_PRIVATE_KEY_PATH) or the PEM text (SNOWFLAKE_PRIVATE_KEY). */
      readonly privateKeyPath?: string;
      readonly privateKey?: string;
      readonly passphrase?: string;
    };

export interface SnowflakeSpec {
  readonly engine: "snowflake";
  readonly label: string;
  /** The account identifier (`orgname-accountname`, or a legacy locator with its region). */
  readonly account: string;
  readonly user: string;
  /** The database the environments' schemas live in, as stored (quoted: case matters). */
  readonly database: string;
  readonly warehouse?: string;
  readonly role?: string;
  readonly endpoint?: Endpoint;
  readonly credential: SnowflakeCredential;
}

export interface BigQuerySpec {
  readonly engine: "bigquery";
  readonly label: string;
  readonly project: string;
  /** The datasets' location (`US`, `EU`, a region): the catalog reads need it. */
  readonly location: string;
  /** The client's `apiEndpoint` (`https://host:port`), when not Google's. */
  readonly apiEndpoint?: string;
}

export type DatabricksCredential =
  | { readonly kind: "token"; readonly token: string }
  | { readonly kind: "oauth-m2m"; readonly clientId: string; readonly clientSecret: string };

export interface DatabricksSpec {
  readonly engine: "databricks";
  readonly label: string;
  /** The workspace's host name (`adb-123.4.azuredatabricks.net`, `dbc-….cloud.databricks.com`). */
  readonly host: string;
  readonly port?: number;
  /** The SQL warehouse's (or cluster's) HTTP path: `/sql/1.0/warehouses/ID`. */
  readonly path: string;
  /** The Unity Catalog catalog the environments' schemas live in. */
  readonly catalog: string;
  readonly credential: DatabricksCredential;
}

export type ProviderSpec = SnowflakeSpec | BigQuerySpec | DatabricksSpec;
