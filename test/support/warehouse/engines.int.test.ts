/**
 * The DuckDB folders of engines.ts are memory (the tests' temporary folder is
 * on tmpfs): a database made in a test goes when that test ends, a prepared
 * database stays for the file's later tests. Before, every folder stayed to
 * the end of the file, and in a worker that keeps its modules to the end of
 * the run (CI's run killed for memory: 9.7 GB in /dev/shm).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freshSession, prepared } from "./engines.js";

const folderOf = (spec: string) => path.dirname(spec.slice("duckdb:".length));

describe("DuckDB folders of the environment tests", () => {
  let made = "";
  let copied = "";
  const shop = prepared("duckdb", async (session) => {
    await session.exec("create table orders (id integer)");
    return "prepared";
  });

  it("a test makes a database and a copy of a prepared one", async () => {
    const session = await freshSession("duckdb");
    made = folderOf(session.spec);
    await session.close();
    const { session: copy, value } = await shop();
    copied = folderOf(copy.spec);
    expect(value).toBe("prepared");
    await copy.close();
    expect(existsSync(made) && existsSync(copied)).toBe(true);
  });

  it("they are gone once that test has ended; the prepared database is still there to copy", async () => {
    expect(made).not.toBe("");
    expect(existsSync(made)).toBe(false);
    expect(existsSync(copied)).toBe(false);
    const { session } = await shop();
    try {
      expect(await session.rows("select count(*) as n from orders")).toEqual([{ n: "0" }]);
    } finally {
      await session.close();
    }
  });
});
