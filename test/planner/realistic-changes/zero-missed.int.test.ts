/**
 * Zero missed changes: on every fixture, each single-node edit of compiled
 * SQL (a user's edit of one model, snapshot or ephemeral model, with the SQL
 * dbt inlines into the ephemeral's readers) must build that node and every
 * planned descendant (read from the manifest's parent_map). A REUSE of any
 * of them would be a stale reuse. Large projects are sampled evenly (at most
 * SAMPLE nodes each) to keep the suite within a minute.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Manifest, ManifestNode } from "../../../src/dbt/artifacts/manifest.js";
import { loadManifest } from "../../../src/dbt/artifacts/manifest-stream.js";
import { projectOf } from "../../../src/dbt/load-project.js";
import { plan } from "../../../src/planner/plan.js";
import { SHARED_DBT_FIXTURES, sharedFixturesPresent } from "../../support/shared-fixtures.js";
import {
  DEFAULT_PLAN_AT,
  fullBuildStatuses,
  isEphemeralJson,
  manifestJson,
  Oracle,
  recordRun,
  scopeOf,
  sha,
  sourcesDoc,
  T0,
  targetOf,
} from "./harness.js";

const SAMPLE = 10;

/**
 * Every manifest of the shared fixtures: a folder's own, and each of its
 * `history/` versions (some folders hold only a history).
 */
const fixtures = sharedFixturesPresent
  ? readdirSync(SHARED_DBT_FIXTURES, { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== "schemas")
      .flatMap((d) => {
        const own = existsSync(path.join(SHARED_DBT_FIXTURES, d.name, "manifest.json")) ? [d.name] : [];
        const history = path.join(SHARED_DBT_FIXTURES, d.name, "history");
        const versions = existsSync(history)
          ? readdirSync(history, { withFileTypes: true })
              .filter((v) => v.isDirectory() && existsSync(path.join(history, v.name, "manifest.json")))
              .map((v) => `${d.name}/history/${v.name}`)
          : [];
        return [...own, ...versions];
      })
      .sort()
  : [];

function edited(sql: string): string {
  return `select * from (\n${sql}\n) as ods_sweep where 1 = 1`;
}

/** Evenly spread sample of `ids`, first and last included. */
function sample(ids: string[], n: number): string[] {
  if (ids.length <= n) return ids;
  return Array.from({ length: n }, (_, i) => ids[Math.round((i * (ids.length - 1)) / (n - 1))]!);
}

describe.skipIf(!sharedFixturesPresent)(
  "zero missed changes: every single-node SQL edit builds the node and its descendants",
  () => {
    it.each(fixtures.map((f) => [f]))("%s", (fixture) => {
      const m = manifestJson(fixture);
      const o = new Oracle(m);
      let manifest: Manifest;
      try {
        manifest = loadManifest(JSON.stringify(m), "manifest.json");
      } catch (error) {
        // A manifest the product refuses to read can't be planned at all (nothing is reused).
        expect(String(error)).toMatch(/manifest/i);
        return;
      }
      const snapshot = recordRun(m, fullBuildStatuses(o), T0, null, "00000000-0000-4000-8000-0000000000a1");
      const takenAt = new Date(Date.parse(DEFAULT_PLAN_AT) - 60_000).toISOString();
      const sources = sourcesDoc(o, takenAt, {});

      const editable = Object.keys(m.nodes)
        .filter((id) => {
          const n = m.nodes[id];
          return (
            ["model", "snapshot"].includes(n.resource_type) &&
            n.language !== "python" &&
            typeof n.compiled_code === "string" &&
            n.compiled_code.length > 0 &&
            manifest.nodes.has(id)
          );
        })
        .sort();
      const missed: Record<string, string[]> = {};
      let checked = 0;
      for (const id of sample(editable, SAMPLE)) {
        const before = m.nodes[id].compiled_code as string;
        const after = edited(before);
        const nodes = new Map(manifest.nodes);
        const change = (n: ManifestNode, compiled: string, raw: string | null): ManifestNode => ({
          ...n,
          compiledCode: compiled,
          rawCode: raw,
          checksum: { name: "sha256", value: sha(raw ?? compiled) },
        });
        const own = nodes.get(id)!;
        nodes.set(id, change(own, after, own.rawCode === null ? null : edited(own.rawCode)));
        let affected: string[];
        if (isEphemeralJson(m.nodes[id])) {
          // dbt inlines the ephemeral's compiled SQL into every reader's.
          const readers = inliningReaders(o, id);
          const inlined = readers.filter((r) => (m.nodes[r].compiled_code ?? "").includes(before));
          if (inlined.length === 0) continue;
          for (const r of inlined) {
            const rn = nodes.get(r)!;
            nodes.set(r, { ...rn, compiledCode: (rn.compiledCode ?? "").split(before).join(after) });
          }
          affected = [...inlined, ...o.descendants(inlined)];
        } else {
          affected = [id, ...o.descendants([id])];
        }
        const project = projectOf({ ...manifest, nodes });
        const p = plan({
          project,
          scope: scopeOf(m),
          state: { id: "s", snapshot },
          sources,
          select: [],
          now: DEFAULT_PLAN_AT,
          target: targetOf(m),
        });
        const decided = new Map(p.entries.map((e) => [e.unique_id, e]));
        const reused = affected.filter((x) => decided.get(x)?.action !== "BUILD");
        if (reused.length > 0) missed[id] = reused;
        checked++;
      }
      expect(missed, `${fixture}: stale reuse after a single-node SQL edit`).toEqual({});
      if (editable.length > 0) expect(checked).toBeGreaterThan(0);
    });
  },
);

/** Planned nodes that inline ephemeral `id` (directly or through other ephemeral models). */
function inliningReaders(o: Oracle, id: string): string[] {
  const out = new Set<string>();
  const stack = [...o.directChildren(id)];
  const seen = new Set<string>();
  while (stack.length > 0) {
    const c = stack.pop()!;
    if (seen.has(c)) continue;
    seen.add(c);
    const n = o.m.nodes[c];
    if (!n) continue;
    if (isEphemeralJson(n)) stack.push(...o.directChildren(c));
    else if (["model", "snapshot", "seed"].includes(n.resource_type)) out.add(c);
  }
  return [...out].sort();
}
