/**
 * `snowflake://USER@ACCOUNT/DATABASE?warehouse=WH&role=ROLE` (open.ts): the
 * account identifier as the host, the database the environments' schemas
 * live in as the path (as stored: ODS quotes names, so `ANALYTICS`, not
 * `analytics`, for a database created unquoted), the virtual warehouse and
 * role as parameters; `host=HOST[:PORT]` points the client at another
 * endpoint (snowflake-sdk's `host`/`port` options: private link, a proxy).
 *
 * The credential, first found: the URL's password; a key pair
 * (SNOWFLAKE_PRIVATE_KEY_PATH, a PEM file, or SNOWFLAKE_PRIVATE_KEY, the PEM
 * text; SNOWFLAKE_PRIVATE_KEY_PASSPHRASE when it is encrypted; the names
 * Snowflake's own CLI uses); SNOWFLAKE_PASSWORD.
 */
import type { SnowflakeCredential, SnowflakeSpec, WarehouseEnv } from "../provider-spec.js";
import { endpointOf, invalidUrl, parseProviderUrl } from "../provider-url.js";

export const SNOWFLAKE_URL_FORM = "snowflake://USER@ACCOUNT/DATABASE?warehouse=WAREHOUSE&role=ROLE";

const ACCOUNT = /^[a-z0-9][a-z0-9_.-]*$/i;

export function parseSnowflakeUrl(value: string, env: WarehouseEnv, input: string): SnowflakeSpec {
  const form = SNOWFLAKE_URL_FORM;
  const url = parseProviderUrl(value, "snowflake", ["warehouse", "role", "host"], input, form);
  if (url.host === "") throw invalidUrl(input, "names no Snowflake account (the URL's host)", form);
  if (!ACCOUNT.test(url.host) || url.port !== undefined)
    throw invalidUrl(
      input,
      "has a host that is not a Snowflake account identifier (orgname-accountname; no port: use `host=` for another endpoint)",
      form,
    );
  if (url.user === "") throw invalidUrl(input, "names no Snowflake user (USER@ before the account)", form);
  const database = url.path.replace(/^\//, "");
  if (database === "" || database.includes("/"))
    throw invalidUrl(input, "names no database (one path segment after the account)", form);
  const host = url.query.get("host");
  return {
    engine: "snowflake",
    label: `snowflake://${url.host}/${database}`,
    account: url.host,
    user: url.user,
    database,
    ...(url.query.has("warehouse") ? { warehouse: url.query.get("warehouse")! } : {}),
    ...(url.query.has("role") ? { role: url.query.get("role")! } : {}),
    ...(host !== undefined ? { endpoint: endpointOf(host, input, form, "host") } : {}),
    credential: snowflakeCredential(url.password, env, input),
  };
}

function snowflakeCredential(password: string, env: WarehouseEnv, input: string): SnowflakeCredential {
  if (password !== "") return { kind: "password", password };
  const passphrase = env.SNOWFLAKE_PRIVATE_KEY_PASSPHRASE
    ? { passphrase: env.SNOWFLAKE_PRIVATE_KEY_PASSPHRASE }
    : {};
  if (env.SNOWFLAKE_PRIVATE_KEY_PATH)
    return { kind: "key-pair", privateKeyPath: env.SNOWFLAKE_PRIVATE_KEY_PATH, ...passphrase };
  if (env.SNOWFLAKE_PRIVATE_KEY)
    return { kind: "key-pair", privateKey: env.SNOWFLAKE_PRIVATE_KEY, ...passphrase };
  if (env.SNOWFLAKE_PASSWORD) return { kind: "password", password: env.SNOWFLAKE_PASSWORD };
  throw invalidUrl(
    input,
    "has no credential: set SNOWFLAKE_PRIVATE_KEY_PATH (a key pair, the usual choice for CI) or SNOWFLAKE_PASSWORD in the job's environment, from a secret",
    SNOWFLAKE_URL_FORM,
  );
}
