/**
 * Regenerates fixtures/shop/ (or the folder given as the first argument):
 *
 *   node_modules/.bin/node tools/artifacts/write-shop-fixtures.ts [DIR]
 *
 * Node 24 runs this TypeScript directly (type stripping); ../ts-hooks.mjs maps
 * the generator's `.js` import specifiers to its `.ts` files, so the modules
 * are loaded after it, by dynamic import.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import "../ts-hooks.mjs";

const { writeShopFixtures } = await import("./shop-fixtures.js");

const here = path.dirname(fileURLToPath(import.meta.url));
const directory = path.resolve(process.argv[2] ?? path.join(here, "..", "..", "fixtures", "shop"));
const written = writeShopFixtures(directory);
console.log(`wrote ${written.length} files under ${directory}:`);
for (const file of written) console.log(`  ${file}`);
