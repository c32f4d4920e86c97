/**
 * The SQLite driver: better-sqlite3 with its native binding when one matching
 * this Node's ABI, platform and arch can be loaded, else Node's built-in
 * `node:sqlite`. Both are wrapped in one small synchronous interface, so the
 * store never knows which one it runs on.
 *
 * Where the binding comes from:
 * - inside a bundle (`dist/<entry>/index.js`): `dist/native/<name>.node`,
 *   committed next to the bundles and named by ABI, platform and arch;
 * - from source (tests): better-sqlite3's own `build/Release` in node_modules.
 * The addon is loaded with `createRequire` and handed over as an object
 * (`nativeBinding`), because the string form breaks inside an ESM bundle.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import BetterSqlite3 from "better-sqlite3";
import { UserError } from "../errors/user-error.js";

export type DriverName = "better-sqlite3" | "node:sqlite";
/** `auto` prefers the native binding and falls back; the others force one driver. */
export type DriverPreference = "auto" | DriverName;

export const DRIVER_PREFERENCES: readonly DriverPreference[] = ["auto", "better-sqlite3", "node:sqlite"];

/** Parses the ODS_SQLITE_DRIVER setting; unset or empty is `auto`, anything unknown is refused. */
export function parseDriverPreference(value: string | undefined): DriverPreference {
  if (value === undefined || value === "") return "auto";
  if ((DRIVER_PREFERENCES as readonly string[]).includes(value)) return value as DriverPreference;
  throw new UserError(
    "input_invalid",
    `ODS_SQLITE_DRIVER is \`${value}\`; allowed values: ${DRIVER_PREFERENCES.join(", ")}.`,
    {
      input: "ODS_SQLITE_DRIVER",
      hint: "Unset ODS_SQLITE_DRIVER or set it to one of the allowed values.",
    },
  );
}

export interface RunResult {
  changes: number;
}

export type SqlValue = string | number | bigint | null | Uint8Array;

/** The part of a SQLite connection the store uses, identical on both drivers. */
export interface SqliteConnection {
  readonly driver: DriverName;
  readonly file: string;
  exec(sql: string): void;
  run(sql: string, ...params: SqlValue[]): RunResult;
  get<T>(sql: string, ...params: SqlValue[]): T | undefined;
  all<T>(sql: string, ...params: SqlValue[]): T[];
  close(): void;
}

export interface OpenOptions {
  readonly?: boolean;
  /** Fail instead of creating the file when it does not exist. */
  mustExist?: boolean;
}

/** The file name of the native binding for this runtime, e.g. `better_sqlite3-node-v137-linux-x64.node`. */
export function nativeBindingName(
  abi: string = process.versions.modules,
  platform: string = process.platform,
  arch: string = process.arch,
): string {
  return `better_sqlite3-node-v${abi}-${platform}-${arch}.node`;
}

/** Where a binding for this runtime may be, first match wins. */
function bindingCandidates(): string[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const bundled = path.join(here, "..", "native", nativeBindingName());
  // From source: src/store/ -> node_modules/better-sqlite3. Built from parts so
  // that the bundler does not mistake it for an asset of the bundle.
  const fromSource = path.join(
    here,
    "..",
    "..",
    "node_modules",
    ["better", "sqlite3"].join("-"),
    "build",
    "Release",
  );
  return [bundled, path.join(fromSource, "better_sqlite3.node")];
}

type Addon = object;

interface Loaded {
  driver: DriverName;
  addon?: Addon;
  /** Why the native binding was not used, when it was not. */
  fallbackReason?: string;
}

const loadedByPreference = new Map<DriverPreference, Loaded>();
let announced: DriverName | undefined;

function loadNative(): { addon?: Addon; reason?: string } {
  const requireAddon = createRequire(import.meta.url);
  const found = bindingCandidates().find((candidate) => existsSync(candidate));
  if (found === undefined) {
    return { reason: `no native binding ${nativeBindingName()} was found` };
  }
  try {
    return { addon: requireAddon(found) as Addon };
  } catch (error) {
    const detail = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { reason: `the native binding ${path.basename(found)} failed to load (${detail})` };
  }
}

function resolveDriver(preference: DriverPreference): Loaded {
  const cached = loadedByPreference.get(preference);
  if (cached) return cached;
  let loaded: Loaded;
  if (preference === "node:sqlite") {
    loaded = { driver: "node:sqlite", fallbackReason: "the node:sqlite driver was requested" };
  } else {
    const native = loadNative();
    if (native.addon) {
      loaded = { driver: "better-sqlite3", addon: native.addon };
    } else if (preference === "better-sqlite3") {
      throw new UserError(
        "driver_unavailable",
        `The better-sqlite3 driver was requested but ${native.reason}.`,
      );
    } else {
      loaded = { driver: "node:sqlite", fallbackReason: native.reason ?? "unknown" };
    }
  }
  if (loaded.driver === "node:sqlite" && !builtinSqlite()) {
    throw new UserError(
      "driver_unavailable",
      `No SQLite driver is available: ${loaded.fallbackReason}, and node:sqlite needs Node 22.5 or newer (this is ${process.version}).`,
    );
  }
  loadedByPreference.set(preference, loaded);
  return loaded;
}

type BuiltinSqlite = typeof import("node:sqlite");

function builtinSqlite(): BuiltinSqlite | undefined {
  try {
    return process.getBuiltinModule("node:sqlite") as BuiltinSqlite | undefined;
  } catch {
    return undefined;
  }
}

/**
 * Decides which driver `preference` resolves to on this runtime and says so
 * through `log`, once per process and driver.
 */
export function selectDriver(
  preference: DriverPreference = "auto",
  log?: (line: string) => void,
): DriverName {
  const loaded = resolveDriver(preference);
  if (log && announced !== loaded.driver) {
    announced = loaded.driver;
    log(
      loaded.driver === "better-sqlite3"
        ? `SQLite driver: better-sqlite3 (native binding for Node ABI ${process.versions.modules}, ${process.platform}-${process.arch})`
        : `SQLite driver: node:sqlite (built in), because ${loaded.fallbackReason}`,
    );
  }
  return loaded.driver;
}

/** Opens `file` with the driver `preference` resolves to. */
export function openSqlite(
  file: string,
  options: OpenOptions = {},
  preference: DriverPreference = "auto",
): SqliteConnection {
  const loaded = resolveDriver(preference);
  return loaded.driver === "better-sqlite3"
    ? openBetter(file, options, loaded.addon!)
    : openBuiltin(file, options);
}

function openBetter(file: string, options: OpenOptions, addon: Addon): SqliteConnection {
  const db = new BetterSqlite3(file, {
    readonly: options.readonly ?? false,
    fileMustExist: options.mustExist ?? false,
    nativeBinding: addon,
  } as unknown as BetterSqlite3.Options);
  const statements = new Map<string, BetterSqlite3.Statement>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  return {
    driver: "better-sqlite3",
    file,
    exec: (sql) => void db.exec(sql),
    run: (sql, ...params) => ({ changes: prepare(sql).run(...params).changes }),
    get: <T>(sql: string, ...params: SqlValue[]) => prepare(sql).get(...params) as T | undefined,
    all: <T>(sql: string, ...params: SqlValue[]) => prepare(sql).all(...params) as T[],
    close: () => db.close(),
  };
}

function openBuiltin(file: string, options: OpenOptions): SqliteConnection {
  const sqlite = builtinSqlite()!;
  if (options.mustExist && !existsSync(file)) {
    throw Object.assign(new Error(`unable to open database file: ${file}`), { code: "SQLITE_CANTOPEN" });
  }
  const db = new sqlite.DatabaseSync(file, { readOnly: options.readonly ?? false });
  const statements = new Map<string, ReturnType<typeof db.prepare>>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  return {
    driver: "node:sqlite",
    file,
    exec: (sql) => db.exec(sql),
    run: (sql, ...params) => ({ changes: Number(prepare(sql).run(...params).changes) }),
    get: <T>(sql: string, ...params: SqlValue[]) => prepare(sql).get(...params) as T | undefined,
    all: <T>(sql: string, ...params: SqlValue[]) => prepare(sql).all(...params) as T[],
    close: () => db.close(),
  };
}

/** What a driver error means for the caller, the same on both drivers. */
export type SqliteFailure = "corrupt" | "notadb" | "busy" | "readonly" | "cantopen" | "full" | "ioerr";

const PRIMARY_CODES: Record<number, SqliteFailure> = {
  5: "busy",
  6: "busy",
  8: "readonly",
  10: "ioerr",
  11: "corrupt",
  13: "full",
  14: "cantopen",
  26: "notadb",
};

const NAMED_CODES: [string, SqliteFailure][] = [
  ["SQLITE_CORRUPT", "corrupt"],
  ["SQLITE_NOTADB", "notadb"],
  ["SQLITE_BUSY", "busy"],
  ["SQLITE_LOCKED", "busy"],
  ["SQLITE_READONLY", "readonly"],
  ["SQLITE_CANTOPEN", "cantopen"],
  ["SQLITE_FULL", "full"],
  ["SQLITE_IOERR", "ioerr"],
];

/**
 * Classifies an error thrown by either driver: better-sqlite3 names the code
 * (`SQLITE_CORRUPT_INDEX`), node:sqlite gives the extended number
 * (`errcode`). Undefined for anything that is not a SQLite failure.
 */
export function classifySqliteError(error: unknown): SqliteFailure | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code, errcode, message } = error as { code?: unknown; errcode?: unknown; message?: unknown };
  if (typeof code === "string") {
    for (const [prefix, failure] of NAMED_CODES) if (code.startsWith(prefix)) return failure;
  }
  if (typeof errcode === "number") {
    const failure = PRIMARY_CODES[errcode & 0xff];
    if (failure) return failure;
  }
  if (typeof message === "string") {
    if (message.includes("database disk image is malformed")) return "corrupt";
    if (message.includes("file is not a database")) return "notadb";
    if (message.includes("database is locked")) return "busy";
  }
  return undefined;
}
