import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isUserError } from "../../src/errors/user-error.js";
import { journalMode, openDatabaseFile } from "../../src/store/open-database.js";
import {
  type DriverName,
  nativeBindingName,
  openSqlite,
  parseDriverPreference,
  selectDriver,
} from "../../src/store/sqlite-driver.js";

const DRIVERS: DriverName[] = ["better-sqlite3", "node:sqlite"];

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "ods-driver-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe.each(DRIVERS)("SQLite driver %s", (driver) => {
  it("opens a database file in WAL mode and reads back what it wrote", () => {
    const file = path.join(dir, "nested", "state.db");
    const db = openDatabaseFile(file, driver);
    expect(db.driver).toBe(driver);
    expect(journalMode(db)).toBe("wal");
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL, body BLOB)");
    expect(db.run("INSERT INTO t (name, body) VALUES (?, ?)", "a'b", new Uint8Array([1, 2, 3])).changes).toBe(
      1,
    );
    expect(db.run("INSERT INTO t (name) VALUES (?)", "c").changes).toBe(0 + 1);
    const rows = db.all<{ id: number; name: string }>("SELECT id, name FROM t ORDER BY id");
    expect(rows).toEqual([
      { id: 1, name: "a'b" },
      { id: 2, name: "c" },
    ]);
    const blob = db.get<{ body: Uint8Array }>("SELECT body FROM t WHERE id = ?", 1)!.body;
    expect(Array.from(blob)).toEqual([1, 2, 3]);
    expect(db.get("SELECT * FROM t WHERE id = ?", 99)).toBeUndefined();
    db.close();
  });

  it("refuses to create a file that must exist", () => {
    expect(() => openSqlite(path.join(dir, "absent.db"), { mustExist: true }, driver)).toThrow();
  });

  it("opens read-only and refuses writes", () => {
    const file = path.join(dir, "ro.db");
    const db = openDatabaseFile(file, driver);
    db.exec("CREATE TABLE t (x)");
    db.close();
    const ro = openSqlite(file, { readonly: true, mustExist: true }, driver);
    expect(() => ro.exec("INSERT INTO t VALUES (1)")).toThrow(/readonly|read-only/i);
    ro.close();
  });

  it("is what selectDriver reports when forced", () => {
    expect(selectDriver(driver)).toBe(driver);
  });
});

describe("driver selection", () => {
  it("prefers the native binding when it loads (auto)", () => {
    expect(selectDriver("auto")).toBe("better-sqlite3");
  });

  it("says once which driver it uses", () => {
    const lines: string[] = [];
    selectDriver("node:sqlite", (line) => lines.push(line));
    selectDriver("node:sqlite", (line) => lines.push(line));
    expect(lines).toEqual([
      "SQLite driver: node:sqlite (built in), because the node:sqlite driver was requested",
    ]);
  });

  it("names bindings by ABI, platform and arch", () => {
    expect(nativeBindingName("137", "linux", "x64")).toBe("better_sqlite3-node-v137-linux-x64.node");
    expect(nativeBindingName()).toBe(
      `better_sqlite3-node-v${process.versions.modules}-${process.platform}-${process.arch}.node`,
    );
  });

  it.each([
    [undefined, "auto"],
    ["", "auto"],
    ["auto", "auto"],
    ["better-sqlite3", "better-sqlite3"],
    ["node:sqlite", "node:sqlite"],
  ])("parses ODS_SQLITE_DRIVER=%s as %s", (value, expected) => {
    expect(parseDriverPreference(value)).toBe(expected);
  });

  it("refuses an unknown ODS_SQLITE_DRIVER, naming the variable and the allowed values", () => {
    let caught: unknown;
    try {
      parseDriverPreference("sqlite3");
    } catch (error) {
      caught = error;
    }
    expect(isUserError(caught)).toBe(true);
    expect((caught as Error).message).toBe(
      "ODS_SQLITE_DRIVER is `sqlite3`; allowed values: auto, better-sqlite3, node:sqlite.",
    );
  });
});
