/**
 * Loads @polyglot-sql/sdk 0.12.1 (a Rust port of sqlglot compiled to
 * WebAssembly) through its `manual` entry, once per process, for every user
 * of the parser (sql-analyzer.ts, column-facts-analyzer.ts).
 *
 * Why the manual entry: the default entry finds its 22.8 MB
 * `polyglot_sql.wasm` through `new URL(…, import.meta.url)`, which ncc
 * copies into the bundle re-encoded as UTF-8 (corrupt: "section was shorter
 * than expected"), and it replaces `globalThis.fetch` on Node. Here the bytes
 * are read from a file and handed to `init`:
 * - inside a bundle (`dist/<entry>/index.js`): `dist/wasm/polyglot_sql.wasm`,
 *   which scripts/bundle.mjs copies there;
 * - from the sources (tests, bench): the package's own file.
 *
 * Loading costs ≈ 0.3–0.4 s (WebAssembly compile) and the first analysis
 * ≈ 0.15 s more: load once, only when there is SQL to analyse.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The SDK's functions (typed through the main entry: manual.d.ts re-exports './index' without an extension, which NodeNext does not resolve). */
export type PolyglotSdk = typeof import("@polyglot-sql/sdk");
export type LoadPolyglotSdkResult = { ok: true; sdk: PolyglotSdk } | { ok: false; error: string };

/** Where the WebAssembly file is: next to the bundle, else the installed package's (throws when neither is there; the loaders below catch it). */
export function polyglotWasmFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const bundled = path.join(here, "..", "wasm", "polyglot_sql.wasm");
  if (existsSync(bundled)) return bundled;
  return createRequire(import.meta.url).resolve("@polyglot-sql/sdk/polyglot_sql.wasm");
}

let loaded: Promise<LoadPolyglotSdkResult> | undefined;

/** The SDK loaded from polyglotWasmFile(), once per process (later calls share the first load; a failed load is tried again). */
export function loadPolyglotSdk(): Promise<LoadPolyglotSdkResult> {
  loaded ??= loadPolyglotSdkFrom(undefined).then((result) => {
    if (!result.ok) loaded = undefined;
    return result;
  });
  return loaded;
}

/**
 * The SDK loaded from `givenWasmFile` (default polyglotWasmFile()). The file
 * is read on every call, so a missing file is always reported; the SDK
 * itself compiles the WebAssembly only on the first successful call.
 */
/** WebAssembly, which the project's TypeScript libraries (no DOM) don't declare. */
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<unknown> } })
  .WebAssembly;

export async function loadPolyglotSdkFrom(givenWasmFile: string | undefined): Promise<LoadPolyglotSdkResult> {
  let wasmFile = givenWasmFile ?? "polyglot_sql.wasm";
  try {
    wasmFile = givenWasmFile ?? polyglotWasmFile();
    const sdk = (await import("@polyglot-sql/sdk/manual")) as unknown as PolyglotSdk & {
      init(options: { wasmUrl: unknown }): Promise<void>;
    };
    // A string or URL would go to fetch(), which has no file: URLs on Node. Compiled here (off the main
    // thread), the module goes straight to WebAssembly.instantiate: a Response would be copied through
    // undici first (about 0.4 s of CPU for the 22.8 MB file).
    const module = await wasm.compile(readFileSync(wasmFile));
    await sdk.init({ wasmUrl: module });
    return { ok: true, sdk };
  } catch (error) {
    return { ok: false, error: `the SQL parser did not load from ${wasmFile}: ${(error as Error).message}` };
  }
}
