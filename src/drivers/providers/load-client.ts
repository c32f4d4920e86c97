/**
 * Loads a vendor's client only when a warehouse URL names that vendor, so
 * that neither the CLI nor the action pays for clients it doesn't use
 * (snowflake-sdk alone takes about a second to load and, bundled, tens of
 * megabytes).
 *
 * Bundled, each client is a bundle of its own next to the entry point's
 * (dist/client-<vendor>/index.js, written by scripts/bundle.mjs from
 * clients/<vendor>-client.ts), shared by the action's steps and the CLI and
 * loaded by path; the entry points' bundles hold none of it (the imports
 * here are hidden from the bundler). From the sources (tests, ts-hooks) the
 * same entry modules are imported as they are.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { UserError } from "../../errors/user-error.js";

interface Clients {
  snowflake: typeof import("./clients/snowflake-client.js");
  bigquery: typeof import("./clients/bigquery-client.js");
  databricks: typeof import("./clients/databricks-client.js");
}

/** The client bundle's file for `vendor` next to this bundle (dist/<entry>/index.js → dist/client-<vendor>/index.js). */
export function bundledClientPath(vendor: keyof Clients, from: string = import.meta.url): string {
  return path.join(path.dirname(fileURLToPath(from)), "..", `client-${vendor}`, "index.js");
}

/**
 * The vendor's client module. Node's deprecation warnings are silenced from
 * then on: bundled, the clients' dependencies use Node's own `punycode`
 * (DEP0040) and `new Buffer()` (DEP0005, thrift), and each would print a
 * warning on every run that nobody running ODS can act on.
 */
export async function loadClient<K extends keyof Clients>(vendor: K): Promise<Clients[K]> {
  const bundled = bundledClientPath(vendor);
  const specifier = existsSync(bundled) ? pathToFileURL(bundled).href : `./clients/${vendor}-client.js`;
  process.noDeprecation = true;
  try {
    return (await import(/* webpackIgnore: true */ /* @vite-ignore */ specifier)) as Clients[K];
  } catch (error) {
    throw new UserError(
      "warehouse_unavailable",
      `The ${vendor} client could not be loaded: ${error instanceof Error ? error.message : String(error)}.`,
      {
        hint: "The installation is incomplete: reinstall ods-state (or run `npm ci` in a checkout); nothing was changed.",
      },
    );
  }
}
