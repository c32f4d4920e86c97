/**
 * Several teams sharing one warehouse (docs/environments.md, Isolation):
 * the shop fixture as the dbt project of a repository, with its own prod
 * schema (`analytics` → `analytics_<tag>`, and so its CI schema
 * `analytics_<tag>_pr_7`) and, for a monorepo's second project, its own dbt
 * project name (`shop` → another name in every unique id, fqn and package).
 * The raw sources are shared (read only). Each team plans, records, builds
 * (with the dbt stand-in) and runs its environments' lifecycle in its own
 * scope: repository + dbt project.
 */

import path from "node:path";
import { loadRunResults } from "../../../src/dbt/artifacts/run-results.js";
import { loadSources, type SourcesFreshness } from "../../../src/dbt/artifacts/sources.js";
import type { LoadedProject } from "../../../src/dbt/load-project.js";
import { type EnvContext, type EnvScope, environmentContext } from "../../../src/environment/index.js";
import { plan } from "../../../src/planner/plan.js";
import { record } from "../../../src/planner/record.js";
import type { Plan } from "../../../src/state/plan.js";
import type { StateSnapshot } from "../../../src/state/snapshot.js";
import { readShopJson, runDbt, shopSeedColumns, sourcesObservedAt } from "../../../tools/dbt-standin.js";
import type { Session } from "./sessions.js";
import { build, CI_TARGET, PROD_TARGET, projectOf, SHOP, shopJson } from "./shop.js";

// biome-ignore lint/suspicious/noExplicitAny: fixture JSON
type Json = any;

export interface Team {
  /** Short tag: the prod schema is analytics_<tag>. */
  tag: string;
  scope: EnvScope;
  schema: string;
  ciSchema: (pr: number) => string;
  prod: { manifest: Json; project: LoadedProject };
  pr: (number: number) => { manifest: Json; project: LoadedProject };
  main: { manifest: Json; project: LoadedProject };
  sources: {
    prod: SourcesFreshness;
    pr: SourcesFreshness;
    main: SourcesFreshness;
    at: (t: string) => SourcesFreshness;
  };
  seedColumns: Record<string, { name: string; type: string }[]>;
}

const RESOURCE =
  /\b(model|seed|test|source|macro|snapshot|analysis|operation|exposure|metric|unit_test)\.shop\./g;

/** The shop's JSON (a manifest or sources.json) as project `project` with prod schema analytics_<tag>. */
function rename(doc: Json, tag: string, project: string): Json {
  let text = JSON.stringify(doc).replaceAll("analytics", `analytics_${tag}`);
  if (project !== "shop") {
    text = text
      .replace(RESOURCE, (_match, kind: string) => `${kind}.${project}.`)
      .replaceAll('"package_name":"shop"', `"package_name":"${project}"`)
      .replaceAll('"project_name":"shop"', `"project_name":"${project}"`)
      .replaceAll('"fqn":["shop"', `"fqn":["${project}"`);
  }
  return JSON.parse(text);
}

export function team(repository: string, project: string, tag: string): Team {
  const doc = (relative: string) => rename(shopJson(relative), tag, project);
  const sources = (json: Json, file: string) => loadSources(JSON.stringify(rename(json, tag, project)), file);
  const prod = doc("prod/manifest.json");
  const main = doc("prod-after-merge/manifest.json");
  const prBase = JSON.stringify(doc("pr-7/manifest.json"));
  const seedColumns = Object.fromEntries(
    Object.entries(shopSeedColumns(SHOP)).map(([id, columns]) => [
      id.replace(/^seed\.shop\./, `seed.${project}.`),
      columns,
    ]),
  );
  return {
    tag,
    scope: { repository, project },
    schema: `analytics_${tag}`,
    ciSchema: (pr) => `analytics_${tag}_pr_${pr}`,
    prod: { manifest: prod, project: projectOf(prod, `${tag}/prod/manifest.json`) },
    pr: (number) => {
      const manifest = JSON.parse(
        prBase.replaceAll(`analytics_${tag}_pr_7`, `analytics_${tag}_pr_${number}`),
      );
      return { manifest, project: projectOf(manifest, `${tag}/pr-${number}/manifest.json`) };
    },
    main: { manifest: main, project: projectOf(main, `${tag}/main/manifest.json`) },
    sources: {
      prod: sources(readShopJson("prod/sources.json", SHOP), "prod/sources.json"),
      pr: sources(
        sourcesObservedAt("prod-after-merge/sources.json", "2026-11-30T10:10:00Z", SHOP),
        "pr.json",
      ),
      main: sources(readShopJson("prod-after-merge/sources.json", SHOP), "main/sources.json"),
      at: (t) => sources(sourcesObservedAt("prod-after-merge/sources.json", t, SHOP), "at.json"),
    },
    seedColumns,
  };
}

export async function teamContext(session: Session, t: Team, now: string): Promise<EnvContext> {
  return (await environmentContext(session.warehouse, { scope: t.scope, now }))!;
}

export function planFor(
  t: Team,
  project: LoadedProject,
  state: StateSnapshot | null,
  options: { sources: SourcesFreshness | null; now: string; pointers?: boolean },
): Plan {
  return plan({
    project,
    scope: { project: t.scope.project, environment: "prod" },
    state: state ? { id: "snapshot", snapshot: state } : null,
    sources: options.sources,
    select: [],
    now: options.now,
    target: options.pointers ? CI_TARGET : PROD_TARGET,
    pointers: options.pointers === true,
  });
}

/** dbt build of `manifest` (only `select` when given), as the stand-in runs it. */
export async function buildTeam(
  session: Session,
  t: Team,
  options: { manifest: Json; target: string; select?: Set<string>; invocationId: string; startedAt: string },
): Promise<ReturnType<typeof loadRunResults>> {
  const results = await runDbt(session, {
    ...options,
    seedsDir: path.join(SHOP, "seeds"),
    seedColumns: t.seedColumns,
  });
  return loadRunResults(JSON.stringify(results), "run_results.json");
}

export function recordTeam(
  t: Team,
  project: LoadedProject,
  runResults: ReturnType<typeof loadRunResults>,
  previous: StateSnapshot | null,
  sources: SourcesFreshness | null,
  now: string,
): StateSnapshot {
  return record({
    project,
    runResults,
    sources,
    scope: { project: t.scope.project, environment: "prod" },
    previous,
    recordedRunIds: new Set(),
    target: PROD_TARGET,
    now,
  }).snapshot;
}

/** Every relation of these schemas with its rows, as text: what a comparison of two states needs. */
export async function contents(
  session: Session,
  schemas: readonly string[],
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const object of await session.warehouse.listObjects(schemas)) {
    const rows = await session.rows(`select * from "${object.schema}"."${object.identifier}" order by 1, 2`);
    out[`${object.schema}.${object.identifier}:${object.kind}`] = JSON.stringify(rows);
  }
  return out;
}

export { build };
