/**
 * Lets plain Node run the project's TypeScript sources directly, for child
 * processes spawned by tests (test/store/*-worker.ts), the demo and bench/:
 *
 *   node --import ./tools/ts-hooks.mjs bench/store-bench.ts
 *
 * or, in a script run as `node script.ts`, `import "../tools/ts-hooks.mjs";`
 * first and the project's modules by dynamic `import()` after it (a script's
 * static imports are resolved before its body runs). The one copy of this
 * hook: bench/generate.ts, steps.ts, measure-shapes.ts, env-bench.ts and
 * tools/artifacts/write-shop-fixtures.ts import it.
 *
 * Node 24 strips erasable TypeScript by itself; what it doesn't do is map the
 * `.js` suffixes that src/ uses in relative imports (as tsc's NodeNext wants)
 * to the `.ts` files that exist. This synchronous resolve hook does only that:
 * a relative `./x.js` imported from a `.ts` file resolves to `./x.ts` when
 * `x.js` doesn't exist and `x.ts` does. Nothing is compiled or cached.
 */
import { existsSync } from "node:fs";
import { registerHooks } from "node:module";
import { fileURLToPath } from "node:url";

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (
      parent?.startsWith("file:") &&
      parent.endsWith(".ts") &&
      (specifier.startsWith("./") || specifier.startsWith("../")) &&
      specifier.endsWith(".js")
    ) {
      const url = new URL(specifier, parent);
      if (!existsSync(fileURLToPath(url))) {
        const ts = new URL(`${url.href.slice(0, -3)}.ts`);
        if (existsSync(fileURLToPath(ts))) return nextResolve(ts.href, context);
      }
    }
    return nextResolve(specifier, context);
  },
});
