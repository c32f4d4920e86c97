/**
 * Which source versions a run read (prod's record and a pull request
 * environment's builds use the same rule): sources.json counts only when
 * taken before the run started, and results that disagree about one source
 * leave it unmeasured, whatever their order.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSources } from "../../src/dbt/artifacts/sources.js";
import { sourceVersionsReadBy } from "../../src/planner/source-evidence.js";
import { PROJECT_ROOT } from "../support/shared-fixtures.js";

// biome-ignore lint/suspicious/noExplicitAny: sources.json document
type Json = any;
const FIXTURE = path.join(PROJECT_ROOT, "fixtures", "shop", "prod", "sources.json");
const TAKEN = "2026-11-30T08:00:01.950690Z";
const CUSTOMERS = "source.shop.raw.customers";

function sources(edit: (doc: Json) => void = () => {}) {
  const doc = JSON.parse(readFileSync(FIXTURE, "utf8"));
  edit(doc);
  return loadSources(JSON.stringify(doc), "sources.json");
}

const duplicate = (maxLoadedAt: string | null) => (doc: Json) => {
  const first = doc.results.find((r: Json) => r.unique_id === CUSTOMERS);
  doc.results.push({ ...first, max_loaded_at: maxLoadedAt });
};

describe("sourceVersionsReadBy", () => {
  it.each([
    {
      case: "taken before the run started",
      edit: undefined,
      startedAt: "2026-11-30T08:05:00Z",
      customers: "2026-11-30T05:00:00+00:00",
    },
    {
      case: "two results that agree",
      edit: duplicate("2026-11-30T05:00:00+00:00"),
      startedAt: "2026-11-30T08:05:00Z",
      customers: "2026-11-30T05:00:00+00:00",
    },
    {
      case: "two results that disagree",
      edit: duplicate("2026-11-30T07:00:00+00:00"),
      startedAt: "2026-11-30T08:05:00Z",
      customers: undefined,
    },
    {
      case: "a second result without max_loaded_at",
      edit: duplicate(null),
      startedAt: "2026-11-30T08:05:00Z",
      customers: undefined,
    },
  ])("$case", ({ edit, startedAt, customers }) => {
    const { versions, ignored } = sourceVersionsReadBy(sources(edit), startedAt);
    expect(ignored).toBeNull();
    expect(versions.get(CUSTOMERS)?.value).toBe(customers);
    if (customers) expect(versions.get(CUSTOMERS)).toMatchObject({ exactness: "semantic" });
  });

  it("a sources.json taken after the run started is not used, and says why", () => {
    const { versions, ignored } = sourceVersionsReadBy(sources(), "2026-11-30T07:59:00Z");
    expect(versions.size).toBe(0);
    expect(ignored).toContain(`was taken ${TAKEN}, not before the run started`);
  });

  it("no sources.json: no versions, nothing to say", () => {
    expect(sourceVersionsReadBy(null, "2026-11-30T08:05:00Z")).toEqual({
      versions: new Map(),
      ignored: null,
    });
  });
});
