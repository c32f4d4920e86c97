/**
 * Which drivers are verified live and which only against a simulation
 * (issue 38): `ods-state --help`, the README's warehouse table, the vendor
 * pages and docs/architecture.md all say what src/drivers/driver-status.ts
 * says.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generalHelp } from "../../src/cli/help.js";
import { DRIVER_STATUS, isExperimental } from "../../src/drivers/driver-status.js";

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");

describe("live and simulated drivers", () => {
  it("DuckDB and PostgreSQL are verified live; Snowflake, BigQuery and Databricks are experimental", () => {
    expect(DRIVER_STATUS.map((driver) => [driver.name, isExperimental(driver)])).toEqual([
      ["DuckDB", false],
      ["PostgreSQL", false],
      ["Snowflake", true],
      ["BigQuery", true],
      ["Databricks", true],
    ]);
  });

  it("`ods-state --help` names each driver with its status", () => {
    const help = generalHelp([]);
    for (const driver of DRIVER_STATUS) {
      const line = help.split("\n").find((text) => text.startsWith(`  ${driver.name} `));
      expect(line, driver.name).toContain(driver.connection);
      expect(line, driver.name).toContain(isExperimental(driver) ? "experimental" : "verified live");
    }
  });

  it("the README's warehouse table, the vendor pages and the architecture page agree", () => {
    const readme = read("README.md");
    const architecture = read("docs/architecture.md");
    for (const driver of DRIVER_STATUS) {
      const status = isExperimental(driver) ? "**experimental**" : "**verified live**";
      const row = readme.split("\n").find((line) => line.startsWith(`| ${driver.name} |`));
      expect(row, driver.name).toContain(status);
      const listed = architecture.split("\n").find((line) => line.startsWith(`| ${driver.name} |`));
      expect(listed, driver.name).toContain(isExperimental(driver) ? "**experimental**" : "live:");
      if (isExperimental(driver)) {
        const page = read(`docs/warehouses/${driver.name.toLowerCase()}.md`);
        expect(page.split("\n").slice(0, 4).join("\n"), driver.name).toContain("**Experimental.**");
      }
    }
  });
});
