/**
 * For the client bundles (scripts/bundle.mjs): the bundles are ES modules,
 * where CommonJS's `__dirname` and `__filename` don't exist, and
 * snowflake-sdk reads them while it loads. Imported first by an entry, this
 * gives them the bundle's own folder and file, as CommonJS would.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

const scope = globalThis as { __dirname?: string; __filename?: string };
if (scope.__filename === undefined) scope.__filename = fileURLToPath(import.meta.url);
if (scope.__dirname === undefined) scope.__dirname = path.dirname(scope.__filename);
