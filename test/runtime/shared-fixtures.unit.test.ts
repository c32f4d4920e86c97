/** The real fixtures are required where CI says so: their absence is an error, never a silent skip. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixturePresent, SHARED_DBT_FIXTURES, sharedFixturesAt } from "../support/shared-fixtures.js";

describe("sharedFixturesAt", () => {
  const empty = mkdtempSync(path.join(tmpdir(), "ods-no-shared-"));
  afterAll(() => rmSync(empty, { recursive: true, force: true }));

  it("throws naming the folder when the fixtures are required and absent", () => {
    expect(() => sharedFixturesAt(path.join(empty, "dbt"), true)).toThrow(/ODS_REQUIRE_SHARED=1 requires it/);
  });

  it("skips (false) when they are absent and not required", () => {
    expect(sharedFixturesAt(path.join(empty, "dbt"), false)).toBe(false);
  });

  it.runIf(process.env.ODS_REQUIRE_SHARED === "1")("finds them where CI requires them", () => {
    expect(sharedFixturesAt(SHARED_DBT_FIXTURES, true)).toBe(true);
  });
});

describe("fixturePresent", () => {
  const empty = mkdtempSync(path.join(tmpdir(), "ods-no-shared-"));
  afterAll(() => rmSync(empty, { recursive: true, force: true }));

  it("throws for an absent file under ../shared/fixtures/dbt where the fixtures are required", () => {
    const absent = path.join(SHARED_DBT_FIXTURES, "no-such-project", "manifest.json");
    expect(() => fixturePresent(absent, true)).toThrow(/ODS_REQUIRE_SHARED=1 requires the fixtures/);
    expect(fixturePresent(absent, false)).toBe(false);
  });

  it("is false for an absent file elsewhere, required or not", () => {
    expect(fixturePresent(path.join(empty, "manifest.json"), true)).toBe(false);
  });
});
