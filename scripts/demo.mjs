#!/usr/bin/env node
/**
 * `npm run demo`: the whole lifecycle of ods-state, locally, on DuckDB, with
 * the project's own dbt project (fixtures/shop): build prod and record it;
 * open pull request 7 (it edits stg_orders and reformats customers) and show
 * its plan comment; create its environment, build what it must build into
 * it, record that, query it, compare its tables with prod's (the data diff);
 * merge: promote what the pull request built,
 * build the rest, record; plan again; clean up.
 *
 * dbt can't run here, so `dbt build` is stood in for by executing the
 * manifest's compiled SQL in DAG order on the DuckDB file
 * (tools/dbt-standin.ts, the same code the tests use); everything else
 * is the real `ods-state` CLI, as a user runs it. No network, token or server.
 *
 * Usage: node scripts/demo.mjs [--out DIR]
 *   --out DIR      the folder for its files (default: a new folder under the OS temp dir)
 *   ODS_DEMO_CLI   the CLI to run (default dist/cli/index.js; a .ts file runs from source)
 *
 * It leaves shop.duckdb, state.db, the plan comment (plan-pr-7.txt, .md,
 * .html, .json), each step's output and steps.json (what each step did and
 * what it cost) in that folder, and names it at the end.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  loadShopRaw,
  openDuckDbFile,
  readShopJson,
  runDbt,
  SHOP_DIR,
  selectorWords,
  shopSeedColumns,
  sourcesObservedAt,
} from "../tools/dbt-standin.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const started = performance.now();

function fail(message) {
  process.stderr.write(`demo: ${message}\n`);
  process.exit(1);
}

const args = process.argv.slice(2);
let out;
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--out" && args[i + 1]) out = path.resolve(args[++i]);
  else if (args[i] === "-h" || args[i] === "--help") {
    process.stdout.write("Usage: node scripts/demo.mjs [--out DIR]   (ODS_DEMO_CLI: the CLI to run)\n");
    process.exit(0);
  } else fail(`unknown argument \`${args[i]}\`; usage: node scripts/demo.mjs [--out DIR]`);
}
if (out) {
  mkdirSync(out, { recursive: true });
  if (readdirSync(out).length > 0) fail(`--out ${out} is not empty; give a new or empty folder.`);
} else out = mkdtempSync(path.join(os.tmpdir(), "ods-demo-"));

const cli = path.resolve(root, process.env.ODS_DEMO_CLI || path.join("dist", "cli", "index.js"));
if (!existsSync(cli)) fail(`the CLI ${cli} is missing; run \`npm run bundle\` (or set ODS_DEMO_CLI).`);
const cliArgs = cli.endsWith(".ts") ? ["--import", path.join(root, "tools", "ts-hooks.mjs"), cli] : [cli];

const file = (name) => path.join(out, name);
const shop = (relative) => path.join(SHOP_DIR, relative);
const writeJson = (name, value) => {
  writeFileSync(file(name), `${JSON.stringify(value, null, 2)}\n`);
  return file(name);
};
const shorten = (text) => text.replaceAll(`${out}${path.sep}`, "").replaceAll(`${root}${path.sep}`, "");

const database = file("shop.duckdb"); // DuckDB names the database after the file: "shop", as the manifests say
const warehouse = `duckdb:${database}`;
const state = file("state.db");
const steps = [];
let stepStarted = 0;
let number = 0;

function begin() {
  stepStarted = performance.now();
}

/** Ends a step: one line of what happened and what it cost. */
function done(what, details = {}) {
  const ms = Math.round(performance.now() - stepStarted);
  number++;
  steps.push({ step: number, what, ms, ...details });
  process.stdout.write(`${String(number).padStart(2)}. ${what} (${ms} ms)\n`);
}

/** Runs `ods-state ARGS`; saves its output as `save` when given; fails the demo on a non-zero exit. */
function ods(cliArgsOf, save) {
  const result = spawnSync(process.execPath, [...cliArgs, ...cliArgsOf], {
    encoding: "utf8",
    env: { ...process.env, ODS_WAREHOUSE: "" },
  });
  if (save) writeFileSync(file(save), result.stdout);
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    fail(
      `\`ods-state ${shorten(cliArgsOf.join(" "))}\` failed (exit ${result.status}); its files are in ${out}`,
    );
  }
  return result.stdout;
}

function showCommand(cliArgsOf) {
  process.stdout.write(`    $ ods-state ${shorten(cliArgsOf.join(" "))}\n`);
}

/**
 * What `dbt build --select <select> [--exclude <exclude>]` builds, resolved by
 * ods-state's own dbt selection: a plan over no state with that `--select`
 * and `--exclude` holds exactly the selected models, seeds and snapshots,
 * whatever form the compact selection takes (`fqn:` terms, `name+`, the
 * complement with `--exclude`).
 */
function nodesSelectedBy(manifestFile, select, exclude = "") {
  const args = ["plan", "--manifest", manifestFile, "--state", file("no-state.db"), "--format", "json"];
  for (const word of selectorWords(select)) args.push("--select", word);
  for (const word of selectorWords(exclude)) args.push("--exclude", word);
  return new Set(JSON.parse(ods(args)).entries.map((entry) => entry.unique_id));
}

/** The stand-in for `dbt build`: the manifest's compiled SQL, in DAG order, on the DuckDB file. */
async function dbtBuild(manifest, options) {
  const session = await openDuckDbFile(database);
  try {
    if (options.loadRaw) await loadShopRaw(session);
    return await runDbt(session, {
      manifest,
      target: options.target,
      ...(options.select ? { select: options.select } : {}),
      invocationId: options.invocationId,
      startedAt: options.startedAt,
      seedsDir: shop("seeds"),
      seedColumns: shopSeedColumns(),
    });
  } finally {
    await session.close();
  }
}

async function query(sql) {
  const session = await openDuckDbFile(database);
  try {
    return await session.rows(sql);
  } finally {
    await session.close();
  }
}

const counts = (results) => {
  const by = {};
  for (const r of results.results) by[r.status] = (by[r.status] ?? 0) + 1;
  const built = results.results.filter((r) => r.relation_name !== null && r.status === "success").length;
  return {
    built,
    tests: (by.pass ?? 0) + (by.fail ?? 0),
    passed: by.pass ?? 0,
    failed: (by.fail ?? 0) + (by.error ?? 0),
  };
};

process.stdout.write(
  `ods-state demo: the shop project (fixtures/shop) on DuckDB, through ${shorten(cli)}.\n` +
    "`dbt build` is stood in for by running each manifest's compiled SQL in DAG order on the DuckDB file (dbt can't run here).\n\n",
);

// 1. prod: dbt build (stand-in)
begin();
const prodManifest = readShopJson("prod/manifest.json");
const prodResults = await dbtBuild(prodManifest, {
  loadRaw: true,
  target: "prod",
  invocationId: prodManifest.metadata.invocation_id,
  startedAt: "2026-11-30T08:05:02.000Z",
});
writeJson("prod-run_results.json", prodResults);
{
  const c = counts(prodResults);
  done(
    `dbt build of prod (stand-in: compiled SQL in DAG order on shop.duckdb): ${c.built} models and seeds built, ${c.passed} of ${c.tests} tests passed`,
    { results: c },
  );
}

// 2. record prod
begin();
const recordProd = [
  "record",
  "--manifest",
  shop("prod/manifest.json"),
  "--run-results",
  file("prod-run_results.json"),
  "--sources",
  shop("prod/sources.json"),
  "--state",
  state,
];
const recordedProd = ods(recordProd, "record-prod.txt").trim();
done(`ods-state record: ${/: (\d+ built.*?); snapshot/.exec(recordedProd)?.[1] ?? recordedProd} in state.db`);
showCommand(recordProd);

// 3. the pull request's plan, as the comment
begin();
const prSources = writeJson(
  "pr-7-sources.json",
  sourcesObservedAt("prod-after-merge/sources.json", "2026-11-30T10:10:00Z"),
);
const planPr = [
  "plan",
  "--manifest",
  shop("pr-7/manifest.json"),
  "--sources",
  prSources,
  "--state",
  state,
  "--pointers",
];
const prText = ods(planPr, "plan-pr-7.txt");
ods([...planPr, "--format", "markdown"], "plan-pr-7.md");
ods([...planPr, "--format", "html"], "plan-pr-7.html");
const prPlan = JSON.parse(ods([...planPr, "--format", "json"], "plan-pr-7.json"));
done(
  `PR 7 (edits stg_orders, reformats customers): ${prPlan.summary.build} to build, ${prPlan.summary.reuse} to reuse; the comment is plan-pr-7.md and plan-pr-7.html`,
  { build: prPlan.summary.build, reuse: prPlan.summary.reuse },
);
showCommand([...planPr, "--format", "markdown|html|json"]);
process.stdout.write(`\n${prText.replace(/^(?=.)/gm, "      ")}\n`);

// 4. the PR environment
begin();
const envCreate = [
  "env",
  "create",
  "--pr",
  "7",
  "--repository",
  "acme/shop",
  "--manifest",
  shop("pr-7/manifest.json"),
  "--state",
  state,
  "--sources",
  prSources,
  "--warehouse",
  warehouse,
  "--format",
  "json",
];
const created = JSON.parse(ods(envCreate, "env-create.json"));
done(
  `ods-state env create: environment pr-7 with ${created.pointers} pointer views to prod (schema analytics_pr_7), ${prPlan.summary.build} to build`,
  { pointers: created.pointers },
);
showCommand(envCreate);

// 5. dbt builds the BUILD set into it (stand-in)
begin();
const prManifest = readShopJson("pr-7/manifest.json");
const prSelect = nodesSelectedBy(shop("pr-7/manifest.json"), created.select, created.exclude);
const prResults = await dbtBuild(prManifest, {
  target: "ci",
  select: prSelect,
  invocationId: "pr7-demo-run",
  startedAt: "2026-11-30T10:16:41.000Z",
});
writeJson("pr-7-run_results.json", prResults);
{
  const c = counts(prResults);
  done(
    `dbt build --select <the plan's select> into analytics_pr_7 (stand-in): ${c.built} built, ${c.passed} of ${c.tests} tests passed`,
    { results: c },
  );
}

// 6. record the PR's builds in its environment
begin();
const envRecord = [
  "env",
  "record",
  "--pr",
  "7",
  "--repository",
  "acme/shop",
  "--manifest",
  shop("pr-7/manifest.json"),
  "--run-results",
  file("pr-7-run_results.json"),
  "--sources",
  prSources,
  "--warehouse",
  warehouse,
];
const envRecorded = ods(envRecord, "env-record.txt").trim();
done(`ods-state env record: ${/: (.*)\.$/.exec(envRecorded.split("\n")[0])?.[1] ?? envRecorded}`);
showCommand(envRecord);

// 7. query the environment
begin();
const objects = await query(
  `select table_name as name, table_type as kind from information_schema.tables where table_schema = 'analytics_pr_7' order by 1`,
);
const number1 = (rows) => Number(Object.values(rows[0])[0]);
const pointerRows = number1(await query(`select count(*) from "analytics_pr_7"."customers"`));
const prodRevenue = await query(
  `select count(*)::int as days, sum(revenue)::double as revenue from "analytics"."fct_daily_revenue"`,
);
const prRevenue = await query(
  `select count(*)::int as days, sum(revenue)::double as revenue from "analytics_pr_7"."fct_daily_revenue"`,
);
const views = objects.filter((o) => String(o.kind).includes("VIEW")).map((o) => o.name);
const tables = objects.filter((o) => !String(o.kind).includes("VIEW")).map((o) => o.name);
done(
  `query analytics_pr_7: customers (a pointer view) answers with prod's ${pointerRows} rows; fct_daily_revenue (built by the PR) has ${prRevenue[0].days} days, revenue ${prRevenue[0].revenue.toFixed(2)} (prod: ${prodRevenue[0].days} days, ${prodRevenue[0].revenue.toFixed(2)})`,
  { environment: { views, tables, pointer_rows: pointerRows, pr: prRevenue[0], prod: prodRevenue[0] } },
);

// 8. what the PR does to the data: its tables against prod's, read-only
begin();
const diffArgs = [
  "env",
  "diff",
  "--pr",
  "7",
  "--repository",
  "acme/shop",
  "--manifest",
  shop("pr-7/manifest.json"),
  "--sources",
  prSources,
  "--state",
  state,
  "--warehouse",
  warehouse,
];
const dataDiff = JSON.parse(ods([...diffArgs, "--format", "json"], "data-diff.json"));
ods([...diffArgs, "--format", "markdown"], "data-diff.md");
const diffText = ods(diffArgs, "data-diff.txt");
const diffLine = (node) => {
  const rows = node.rows;
  if (rows?.status !== "compared")
    return `${node.name}: ${node.counts?.pr ?? "?"} rows, no key to compare rows by`;
  return `${node.name}: ${rows.changed} changed, ${rows.only_prod} only in prod, ${rows.only_pr} only in the PR`;
};
done(
  `ods-state env diff: ${dataDiff.nodes.map(diffLine).join("; ")}; the comment's section is data-diff.md`,
  {
    data_diff: dataDiff.nodes.map((n) => ({ name: n.name, status: n.status, rows: n.rows?.status })),
  },
);
process.stdout.write(
  diffText
    .split("\n")
    .filter((line) => /^ {2}\S/.test(line))
    .map((line) => `    ${line.trim()}\n`)
    .join(""),
);
showCommand(diffArgs);

// 9. merge: promote what the PR built
begin();
const promoteArgs = [
  "env",
  "promote",
  "--pr",
  "7",
  "--repository",
  "acme/shop",
  "--manifest",
  shop("prod-after-merge/manifest.json"),
  "--sources",
  shop("prod-after-merge/sources.json"),
  "--state",
  state,
  "--promoted-by",
  "demo-main-run",
  "--warehouse",
  warehouse,
  "--format",
  "json",
];
const promotion = JSON.parse(ods(promoteArgs, "promote.json"));
const promotedNames = promotion.decisions.filter((d) => d.promotable).map((d) => d.name);
done(
  `merge, ods-state env promote: ${promotion.status}; ${promotedNames.join(", ") || "nothing"} promoted into prod without a rebuild (the replaced table is kept for rollback until ${promotion.retain_until?.slice(0, 16).replace("T", " ") ?? "-"} UTC); ${promotion.decisions.length - promotedNames.length} built by dbt; ${promotion.state?.snapshot_id ? "state updated" : "state not updated"}`,
  { promoted: promotedNames, status: promotion.status },
);
for (const decision of promotion.decisions)
  process.stdout.write(
    `      ${decision.promotable ? "PROMOTE" : "BUILD  "} ${decision.name}: ${decision.reason.message}\n`,
  );
showCommand(promoteArgs);

// 10. dbt builds the rest into prod (stand-in)
begin();
const mainManifest = readShopJson("prod-after-merge/manifest.json");
const mainResults = await dbtBuild(mainManifest, {
  target: "prod",
  select: nodesSelectedBy(shop("prod-after-merge/manifest.json"), promotion.select, promotion.exclude),
  invocationId: mainManifest.metadata.invocation_id,
  startedAt: "2026-11-30T12:03:00.000Z",
});
writeJson("main-run_results.json", mainResults);
{
  const c = counts(mainResults);
  done(
    `dbt build of the rest into prod (stand-in): ${c.built} built, ${c.passed} of ${c.tests} tests passed`,
    {
      results: c,
    },
  );
}

// 11. record main
begin();
const recordMain = [
  "record",
  "--manifest",
  shop("prod-after-merge/manifest.json"),
  "--run-results",
  file("main-run_results.json"),
  "--sources",
  shop("prod-after-merge/sources.json"),
  "--state",
  state,
];
const recordedMain = ods(recordMain, "record-main.txt").trim();
done(`ods-state record: ${/: (\d+ built.*?); snapshot/.exec(recordedMain)?.[1] ?? recordedMain}`);
showCommand(recordMain);

// 12. plan again
begin();
const laterSources = writeJson(
  "later-sources.json",
  sourcesObservedAt("prod-after-merge/sources.json", "2026-11-30T12:30:00Z"),
);
const planAgain = [
  "plan",
  "--manifest",
  shop("prod-after-merge/manifest.json"),
  "--sources",
  laterSources,
  "--state",
  state,
  "--format",
  "json",
];
const finalPlan = JSON.parse(ods(planAgain, "plan-after-merge.json"));
const stillBuilt = finalPlan.entries.filter((e) => e.action === "BUILD");
done(
  `plan again on main: ${finalPlan.summary.reuse} reused, ${finalPlan.summary.build} built${stillBuilt.length > 0 ? ` (${stillBuilt.map((e) => `${e.name}: ${e.reasons[0]?.message}`).join("; ")})` : ""}`,
  { build: finalPlan.summary.build, reuse: finalPlan.summary.reuse },
);
showCommand(planAgain);

// 13. clean up
begin();
const cleanupArgs = [
  "env",
  "cleanup",
  "--pr",
  "7",
  "--repository",
  "acme/shop",
  "--state",
  state,
  "--manifest",
  shop("prod-after-merge/manifest.json"),
  "--warehouse",
  warehouse,
  "--format",
  "json",
];
/** Prod's relations with their row counts, as text. */
const prodObjects = async () => {
  const session = await openDuckDbFile(database);
  try {
    const relations = await session.rows(
      `select table_name as name, table_type as kind from information_schema.tables where table_schema = 'analytics' order by 1`,
    );
    const seen = [];
    for (const { name, kind } of relations) {
      const rows = await session.rows(`select count(*) from "analytics"."${name.replaceAll('"', '""')}"`);
      seen.push(`${name} ${kind} ${number1(rows)}`);
    }
    return seen.join("\n");
  } finally {
    await session.close();
  }
};
const prodBefore = await prodObjects();
const cleanup = JSON.parse(ods(cleanupArgs, "cleanup.json"));
const left = number1(
  await query(`select count(*) from information_schema.schemata where schema_name = 'analytics_pr_7'`),
);
const prodSame = (await prodObjects()) === prodBefore;
done(
  `ods-state env cleanup: dropped ${cleanup.dropped.length} objects of pr-7; schema analytics_pr_7 ${left === 0 ? "is gone" : "is still there"}; prod's relations ${prodSame ? "unchanged" : "CHANGED"}`,
  { dropped: cleanup.dropped.length, schema_left: left !== 0, prod_unchanged: prodSame },
);
showCommand(cleanupArgs);

const total = Math.round(performance.now() - started);
writeJson("steps.json", { total_ms: total, cli: shorten(cli), steps });
process.stdout.write(
  `\nDone in ${(total / 1000).toFixed(1)} s. The demo's files are in ${out}\n` +
    "  shop.duckdb (the warehouse), state.db (the state), plan-pr-7.txt|.md|.html|.json (the PR's plan comment),\n" +
    "  data-diff.txt|.md|.json (what the PR does to the data), each step's output, and steps.json. Try: ods-state history --state " +
    `${state}\n`,
);
