/**
 * Regenerates fixtures/shop/ (or the folder given as the first argument):
 *
 *   node_modules/.bin/node bench/generator/write-shop-fixtures.ts [DIR]
 *
 * Node 24 runs this TypeScript directly (type stripping). The generator's
 * modules import each other with `.js` specifiers, as tsc (NodeNext) and
 * vitest expect; Node's own resolver does not map those to `.ts` files, so
 * this entry point registers a resolve hook that does, then loads them.
 */
import { registerHooks } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (specifier.startsWith(".") && specifier.endsWith(".js")) {
        return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
      }
      throw error;
    }
  },
});

const { writeShopFixtures } = await import("./shop-fixtures.js");

const here = path.dirname(fileURLToPath(import.meta.url));
const directory = path.resolve(process.argv[2] ?? path.join(here, "..", "..", "fixtures", "shop"));
const written = writeShopFixtures(directory);
console.log(`wrote ${written.length} files under ${directory}:`);
for (const file of written) console.log(`  ${file}`);
