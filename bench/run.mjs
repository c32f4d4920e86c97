#!/usr/bin/env node
/**
 * `npm run bench`: the performance figures of issue 10, written to
 * bench/RESULTS.md (see bench/README.md for what each figure is).
 *
 *   npm run bench                 1k, 10k, 50k nodes, growth, real manifests
 *   npm run bench -- --quick      1k and 10k, 3 runs, 200 growth runs (a smoke run)
 *   npm run bench -- --sizes 10000 --runs 7 --growth-runs 0 --out /tmp/r.md
 *   npm run bench -- --sizes 100000 --runs 3 --growth-runs 0 --out /tmp/r.md
 *                                 the main step at 100,000 nodes (and its selection)
 *
 * 1. Bundles the current src/ the way scripts/bundle.mjs does, into
 *    bench/out/dist/ (skipped when src/ is unchanged since the last bundle),
 *    so end-to-end figures are the committed-style bundle of this commit.
 * 2. Generates the artifacts (bench/generate.ts; cached by generator digest).
 * 3. Per size, runs every measurement in its own fresh process, round robin
 *    over the measurements, and takes the median of the runs: the floor
 *    (JSON.parse of the manifest), the plan steps, record, render, the SQLite
 *    commit and read (bench/steps.ts), and `ods-state record` / `ods-state
 *    plan` end to end under /usr/bin/time -v (peak RSS).
 * 4. Growth: 1,000 recorded runs of the 10,000-node snapshot (a few nodes
 *    rebuilt each) into one state database: size and commit time.
 * 5. The real large manifests of ../shared/fixtures/dbt: `ods-state plan`
 *    next to JSON.parse (what bench/plan-speed.mjs did).
 * 6. Selection at scale (issue 20): per size, the main step (pull_request) once
 *    for each scenario (1% of the models changed, 30% changed, everything built
 *    without a state): the plan's select / exclude, terms and exactness, the job
 *    summary's, the comment's and the outputs' sizes, each against its bound.
 *
 * At 100,000 nodes and more only the main step (pull_request) and the record
 * that makes its state are run (`--all-at-100k` runs everything): the manifest
 * is longer than V8's longest string, so the floor's and the in-process steps'
 * whole-text reads can't even be made.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const benchDir = path.join(root, "bench");
const outDir = path.join(benchDir, "out");
const started = performance.now();
const loadAtStart = os.loadavg();

// ------------------------------------------------------------------ options

const argv = process.argv.slice(2);
if (argv.includes("--help") || argv.includes("-h")) {
  console.log(`npm run bench -- [options]   (bench/README.md has the figures and what each measures)

  --quick                     1k and 10k, 3 runs, 200 growth runs
  --sizes N,N,…               project sizes in nodes (1000,10000,50000)
  --runs N                    runs per size (7; --runs-50k N at 50,000 nodes and more: 3)
  --main-events E,E           the main step's events (pull_request,push)
  --growth-runs N             successive recorded runs of the growth test (1000; 0: none)
  --growth-size N             its snapshot's nodes (10000)
  --selection-sizes N,…|none  sizes of issue 20's selection scenarios (every size)
  --changed-sizes N,…         sizes given a 30%-changed manifest (selection sizes up to 50,000)
  --seed N                    the generator's seed (20261130)
  --main-node-args "ARGS"     Node options of the main step's process
  --all-at-50k, --all-at-100k every measurement at those sizes too
  --out FILE                  where the results go (bench/RESULTS.md)

Artifacts come from tools/artifacts/ (bench/generate.ts), the bundle from
scripts/bundle.mjs; both are cached under bench/out/.`);
  process.exit(0);
}
const flag = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const quick = argv.includes("--quick");
const SIZES = (flag("--sizes", quick ? "1000,10000" : "1000,10000,50000") ?? "").split(",").map(Number);
const RUNS = Number(flag("--runs", quick ? 3 : 7));
/** Fewer runs at 50,000 nodes (a run takes ~1 min there); still a median of several. */
const runsFor = (nodes) => (nodes >= 50_000 ? Math.min(RUNS, Number(flag("--runs-50k", 3))) : RUNS);
/** The main step on a pull request (plan, summary, comment) and on a push to main (plan, summary). */
const MAIN_EVENTS = (flag("--main-events", "pull_request,push") ?? "").split(",").filter(Boolean);
const GROWTH_RUNS = Number(flag("--growth-runs", quick ? 200 : 1000));
const GROWTH_SIZE = Number(flag("--growth-size", 10_000));
const RESULTS = path.resolve(flag("--out", path.join(benchDir, "RESULTS.md")));
const SEED = Number(flag("--seed", 20261130));
/** Node options for the main step's process, e.g. `--main-node-args "--cpu-prof --cpu-prof-dir=/tmp/prof"` (space-separated). */
const MAIN_NODE_ARGS = (flag("--main-node-args", "") ?? "").split(" ").filter(Boolean);
/** Sizes whose selection scenarios (issue 20) are measured; "none" for none. */
const SELECTION_SIZES = (flag("--selection-sizes", SIZES.join(",")) ?? "")
  .split(",")
  .filter((v) => v !== "" && v !== "none")
  .map(Number)
  .filter((n) => SIZES.includes(n));
/** Sizes the 30%-changed manifest is generated for (a third manifest per size: at 100k it isn't by default). */
const CHANGED_SIZES = (flag("--changed-sizes", SELECTION_SIZES.filter((n) => n <= 50_000).join(",")) ?? "")
  .split(",")
  .filter(Boolean)
  .map(Number);

const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `bench: Node 24 is required (this is ${process.version}); run \`npm run bench\`, which puts node_modules/.bin/node first.`,
  );
  process.exit(1);
}
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;

const log = (line) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const median = (values) => {
  const sorted = values.filter((v) => typeof v === "number" && !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// ------------------------------------------------------------------ 1. bundle

function treeDigest(paths) {
  const hash = createHash("sha256");
  const walk = (p) => {
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const name of readdirSync(p).sort()) walk(path.join(p, name));
    } else {
      hash.update(path.relative(root, p));
      hash.update(readFileSync(p));
    }
  };
  for (const p of paths) walk(p);
  return hash.digest("hex").slice(0, 16);
}

const distDir = path.join(outDir, "dist");
const srcDigest = treeDigest([
  path.join(root, "src"),
  path.join(root, "package-lock.json"),
  path.join(root, "scripts", "bundle.mjs"),
]);
const digestFile = path.join(distDir, ".src-digest");
let bundled = "reused";
if (!existsSync(digestFile) || readFileSync(digestFile, "utf8") !== srcDigest) {
  log("bundling src/ into bench/out/dist (scripts/bundle.mjs --out) …");
  execFileSync(process.execPath, [path.join(root, "scripts", "bundle.mjs"), "--out", distDir], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  writeFileSync(digestFile, srcDigest);
  bundled = "bundled now";
}
const CLI = path.join(distDir, "cli", "index.js");

// ------------------------------------------------------------------ 2. generate

const genDir = path.join(outDir, "gen");
const allSizes = [...new Set([...SIZES, ...(GROWTH_RUNS > 0 ? [GROWTH_SIZE] : [])])].sort((a, b) => a - b);
log(`generating ${allSizes.join(", ")}-node artifacts (cached) …`);
execFileSync(
  process.execPath,
  [
    "--max-old-space-size=16384",
    path.join(benchDir, "generate.ts"),
    "--nodes",
    allSizes.join(","),
    "--seed",
    String(SEED),
    "--out",
    genDir,
    ...(CHANGED_SIZES.length > 0 ? ["--changed", "30", "--changed-sizes", CHANGED_SIZES.join(",")] : []),
  ],
  { cwd: root, stdio: ["ignore", "inherit", "inherit"] },
);

// ------------------------------------------------------------------ runners

/** Runs `node args…` in a fresh process under /usr/bin/time -v: wall ms, peak RSS (KB), stdout. */
function runNode(args, { stdoutFile, env, cwd } = {}) {
  const command = TIME ? TIME : process.execPath;
  const commandArgs = TIME ? ["-v", process.execPath, ...args] : args;
  const start = performance.now();
  const result = spawnSync(command, commandArgs, {
    cwd: cwd ?? root,
    ...(env ? { env } : {}),
    encoding: "utf8",
    maxBuffer: 1024 * 1024 * 1024,
    stdio: ["ignore", stdoutFile ? openOut(stdoutFile) : "pipe", "pipe"],
  });
  const ms = performance.now() - start;
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr ?? "");
  const user = /User time \(seconds\): ([\d.]+)/.exec(result.stderr ?? "");
  const system = /System time \(seconds\): ([\d.]+)/.exec(result.stderr ?? "");
  if (result.status !== 0) {
    throw new Error(
      `node ${args.join(" ")} failed (${result.status}):\n${(result.stdout ?? "").slice(-2000)}\n${(result.stderr ?? "").slice(-4000)}`,
    );
  }
  return {
    ms,
    rssKb: rss ? Number(rss[1]) : undefined,
    // CPU time of the process (user + system, all threads): less disturbed than wall time by a loaded machine.
    cpuMs: user && system ? (Number(user[1]) + Number(system[1])) * 1000 : undefined,
    stdout: result.stdout ?? "",
  };
}

function openOut(file) {
  return openSync(file, "w");
}

const MAIN = path.join(distDir, "main", "index.js");

/**
 * The action's main step (the bundle's main/index.js) as the runner starts it:
 * a fresh process with INPUT_*-less defaults, GITHUB_* variables and an event
 * payload, a workspace whose target/ holds the manifest and sources.json, the
 * restored state at .ods/state.db (no cache service, no token: the restore and
 * the comment upsert say so and go on). From process start to outputs, job
 * summary and plan file written. `event`: `pull_request` (plans the PR
 * environment over prod's state and renders the comment) or `push` to main.
 */
function mainStep(dir, work, event, { manifestDir = "next", state = true, keepPlan = null } = {}) {
  const base = path.join(work, `main-${event}`);
  rmSync(base, { recursive: true, force: true });
  const workspace = path.join(base, "workspace");
  const runner = path.join(base, "runner");
  mkdirSync(path.join(workspace, "target"), { recursive: true });
  mkdirSync(path.join(workspace, ".ods"), { recursive: true });
  mkdirSync(path.join(runner, "temp"), { recursive: true });
  // Hard links, not symbolic ones: the action refuses an input that a symbolic link takes outside the workspace.
  for (const name of ["manifest.json", "sources.json"]) {
    const from = path.join(dir, name === "manifest.json" ? manifestDir : "next", name);
    const to = path.join(workspace, "target", name);
    try {
      linkSync(from, to);
    } catch {
      copyFileSync(from, to);
    }
  }
  if (state) copyFileSync(path.join(work, "state.db"), path.join(workspace, ".ods", "state.db"));
  const repository = { default_branch: "main", full_name: "acme/warehouse" };
  const payload =
    event === "pull_request"
      ? {
          action: "synchronize",
          number: 7,
          repository,
          pull_request: {
            number: 7,
            title: "Change 1% of the models",
            head: { sha: "a".repeat(40), ref: "change", repo: { full_name: "acme/warehouse" } },
          },
        }
      : { repository };
  writeFileSync(path.join(runner, "event.json"), JSON.stringify(payload));
  const files = Object.fromEntries(["output", "state", "summary.md"].map((f) => [f, path.join(runner, f)]));
  for (const file of Object.values(files)) writeFileSync(file, "");
  const env = {
    PATH: "/usr/bin:/bin",
    GITHUB_OUTPUT: files.output,
    GITHUB_STATE: files.state,
    GITHUB_STEP_SUMMARY: files["summary.md"],
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: path.join(runner, "temp"),
    GITHUB_EVENT_NAME: event,
    GITHUB_EVENT_PATH: path.join(runner, "event.json"),
    GITHUB_REPOSITORY: "acme/warehouse",
    GITHUB_REF: event === "pull_request" ? "refs/pull/7/merge" : "refs/heads/main",
    GITHUB_SHA: "b".repeat(40),
    GITHUB_RUN_ID: "101",
  };
  const run = runNode([...MAIN_NODE_ARGS, MAIN], { env, cwd: workspace });
  const outputs = readFileSync(files.output, "utf8");
  const build = /build-count<<(\S+)\n(\d+)\n/.exec(outputs);
  if (!build) throw new Error(`main step (${event}) wrote no build-count:\n${run.stdout.slice(-3000)}`);
  // Sizes in bytes (UTF-8), as GitHub bounds them: 1 MiB per step's summary, 1 MB for a job's outputs.
  const summaryBytes = statSync(files["summary.md"]).size;
  const outputsBytes = Buffer.byteLength(outputs);
  const selectOutput = /^select<<(\S+)\n([\s\S]*?)\n\1$/m.exec(outputs);
  const excludeOutput = /^exclude<<(\S+)\n([\s\S]*?)\n\1$/m.exec(outputs);
  if (keepPlan) copyFileSync(path.join(runner, "temp", "ods-state", "plan.json"), keepPlan);
  rmSync(base, { recursive: true, force: true });
  return {
    ...run,
    build: Number(build[2]),
    summaryBytes,
    outputsBytes,
    selectOutputBytes: selectOutput ? Buffer.byteLength(selectOutput[2]) : undefined,
    excludeOutputBytes: excludeOutput ? Buffer.byteLength(excludeOutput[2]) : undefined,
  };
}

/** One bench/steps.ts measurement: its step timings, and its peak RSS. `env`: added to the environment. */
function step(measurement, dir, work, extra = [], env = undefined) {
  const run = runNode(
    [path.join(benchDir, "steps.ts"), measurement, "--dir", dir, "--work", work, ...extra],
    {
      env: env ? { ...process.env, ...env } : undefined,
    },
  );
  const line = run.stdout.trim().split("\n").pop();
  const parsed = JSON.parse(line);
  return { ...parsed, wallMs: run.ms, rssKb: run.rssKb ?? Math.round(parsed.maxRssKb) };
}

// ------------------------------------------------------------------ selection (issue 20)

/**
 * Issue 20's scenarios: what the plan of a pull request would have dbt run.
 * `next`: 1% of the models' SQL changed against the recorded build; `next-30`:
 * 30% changed (generate.ts --changed 30; both pick the changed models at
 * random with a fixed seed over every non-ephemeral model, so the changes sit
 * anywhere in the DAG, not only on its leaves); `everything`: no state at all,
 * so every node builds.
 */
const SCENARIOS = [
  { scenario: "1% changed", manifestDir: "next", state: true },
  { scenario: "30% changed", manifestDir: "next-30", state: true },
  { scenario: "everything (no state)", manifestDir: "next", state: false },
];
/** GitHub's limits and issue 20's bounds. */
const BOUNDS = {
  selectChars: 100_000,
  selectTerms: 500,
  summaryBytes: 1_048_576, // 1 MiB per step's job summary
  outputsBytes: 1_000_000, // 1 MB for all of a job's outputs
  commentChars: 65_536, // a GitHub comment's body
};

/** The main step (pull_request) once per scenario: the plan's selection and what it writes, with their sizes. */
function measureSelection(dir, work, nodes, meta) {
  const rows = [];
  for (const scenario of SCENARIOS) {
    if (!existsSync(path.join(dir, scenario.manifestDir, "manifest.json"))) continue;
    const keepPlan = path.join(
      work,
      `plan-${scenario.manifestDir}-${scenario.state ? "state" : "none"}.json`,
    );
    const main = mainStep(dir, work, "pull_request", { ...scenario, keepPlan });
    const measured = step("selection", dir, work, ["--plan", keepPlan]);
    const changed =
      scenario.manifestDir === "next"
        ? meta.changed.length
        : (meta.scenarios?.[scenario.manifestDir]?.changed.length ?? undefined);
    rows.push({
      ...scenario,
      nodes,
      changedModels: scenario.state ? changed : undefined,
      ms: main.ms,
      rssKb: main.rssKb,
      cpuMs: main.cpuMs,
      summaryBytes: main.summaryBytes,
      outputsBytes: main.outputsBytes,
      selectOutputBytes: main.selectOutputBytes,
      excludeOutputBytes: main.excludeOutputBytes,
      ...measured.selection,
    });
    rmSync(keepPlan, { force: true });
  }
  return rows;
}

// ------------------------------------------------------------------ 3. per size

const results = {};
for (const nodes of SIZES) {
  const dir = path.join(genDir, String(nodes));
  const work = path.join(outDir, "work", String(nodes));
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const meta = JSON.parse(readFileSync(path.join(dir, "meta.json"), "utf8"));
  const manifestBytes = statSync(path.join(dir, "next", "manifest.json")).size;
  const runs = runsFor(nodes);
  log(`${nodes} nodes (${(manifestBytes / 1e6).toFixed(1)} MB): ${runs} runs of each measurement …`);

  const samples = {};
  const add = (name, value) => {
    if (value === undefined) return;
    if (samples[name]) samples[name].push(value);
    else samples[name] = [value];
  };
  const addSteps = (prefix, measured) => {
    for (const [name, ms] of Object.entries(measured.steps)) add(`${prefix}${name}`, ms);
    for (const [name, ms] of Object.entries(measured.cpu ?? {})) add(`cpu ${prefix}${name}`, ms);
    add(`${prefix}rss`, measured.rssKb);
  };
  // At 50,000 nodes a run of everything takes two minutes: the end-to-end runs that
  // repeat what another one measures (the CLI plan, the push main step, the CLI
  // record after the first) are left out there, to stay within ten minutes.
  const large = nodes >= 50_000 && !argv.includes("--all-at-50k");
  const mainEvents = large ? MAIN_EVENTS.slice(0, 1) : MAIN_EVENTS;
  // 100,000 nodes: the main step only (see the header).
  const huge = nodes >= 100_000 && !argv.includes("--all-at-100k");

  const stateDb = path.join(work, "state.db");
  const cliRecord = (db) =>
    runNode([
      CLI,
      "record",
      "--manifest",
      path.join(dir, "manifest.json"),
      "--run-results",
      path.join(dir, "run_results.json"),
      "--sources",
      path.join(dir, "sources.json"),
      "--state",
      db,
    ]);
  // The state every plan runs against: the build recorded once.
  const first = cliRecord(stateDb);
  add("cli record", first.ms);
  add("cli record rss", first.rssKb);
  if (!huge) step("prepare", dir, work);
  let summary;
  const extras = {};
  for (let run = 0; run < runs; run++) {
    if (!huge) {
      add("node start", runNode(["-e", "0"]).ms);
      const floor = step("floor", dir, work);
      addSteps("floor ", floor);
      // The least work any plan does, on one thread: what the 2× target can be held against.
      addSteps("bound ", step("bound", dir, work));
      const planned = step("plan", dir, work);
      addSteps("", planned);
      // The same plan on V8's default heap sizing (src/runtime/young-generation.ts not applied): what the setting costs and saves.
      addSteps("v8 defaults ", step("plan", dir, work, [], { BENCH_V8_DEFAULTS: "1" }));
      summary = planned.summary;
      addSteps("record ", step("record", dir, work));
      const rendered = step("render", dir, work);
      if (rendered.skipped) extras.render = rendered.skipped;
      else extras.commentChars = rendered.chars;
      // Its peak RSS is not the plan steps' ("rss").
      addSteps("", { ...rendered, rssKb: undefined });
      const committed = step("commit", dir, work);
      extras.commitBytes = committed.bytes;
      addSteps("sqlite ", committed);
      addSteps("sqlite ", step("read", dir, work));
      const planOut = path.join(work, "plan-cli.json");
      const cliPlan = large
        ? null
        : runNode(
            [
              CLI,
              "plan",
              "--manifest",
              path.join(dir, "next", "manifest.json"),
              "--sources",
              path.join(dir, "next", "sources.json"),
              "--state",
              stateDb,
              "--format",
              "json",
            ],
            { stdoutFile: planOut },
          );
      add("cli plan", cliPlan?.ms);
      add("cli plan rss", cliPlan?.rssKb);
    }
    for (const event of mainEvents) {
      const main = mainStep(dir, work, event);
      add(`main ${event}`, main.ms);
      add(`main ${event} rss`, main.rssKb);
      add(`cpu main ${event}`, main.cpuMs);
      extras[`main ${event} build`] = main.build;
    }
    if (run > 0 && !large) {
      const db = path.join(work, `record-${run}.db`);
      const again = cliRecord(db);
      add("cli record", again.ms);
      add("cli record rss", again.rssKb);
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${db}${suffix}`, { force: true });
    }
    process.stdout.write(".");
  }
  process.stdout.write("\n");
  const medians = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));
  results[nodes] = {
    nodes,
    meta,
    manifestBytes,
    runs,
    summary,
    extras,
    medians,
    samples,
    stateBytes: statSync(stateDb).size,
  };
  if (SELECTION_SIZES.includes(nodes)) {
    results[nodes].selection = measureSelection(dir, work, nodes, meta);
    log(
      `${nodes}: selection ${results[nodes].selection
        .map(
          (r) =>
            `${r.scenario}: ${r.selectChars} chars, ${r.terms} terms${r.exact === false ? ` (superset +${r.extra})` : ""}`,
        )
        .join("; ")}`,
    );
  }
  log(
    `${nodes}: JSON.parse ${medians["floor JSON.parse"]?.toFixed(0)} ms, plan total ${medians["plan total"]?.toFixed(0)} ms, cli plan ${medians["cli plan"]?.toFixed(0)} ms, main ${MAIN_EVENTS.map((e) => `${e} ${medians[`main ${e}`]?.toFixed(0)} ms / ${((medians[`main ${e} rss`] ?? 0) / 1024).toFixed(0)} MB`).join(", ")}`,
  );
}

// ------------------------------------------------------------------ 4. growth

let growth;
if (GROWTH_RUNS > 0) {
  const dir = path.join(genDir, String(GROWTH_SIZE));
  const work = path.join(outDir, "work", `growth-${GROWTH_SIZE}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  log(`growth: ${GROWTH_RUNS} recorded runs of the ${GROWTH_SIZE}-node project …`);
  runNode([
    CLI,
    "record",
    "--manifest",
    path.join(dir, "manifest.json"),
    "--run-results",
    path.join(dir, "run_results.json"),
    "--sources",
    path.join(dir, "sources.json"),
    "--state",
    path.join(work, "state.db"),
  ]);
  step("prepare", dir, work);
  const measured = step("growth", dir, work, [
    "--runs",
    String(GROWTH_RUNS),
    "--changed",
    "5",
    "--every",
    "50",
  ]);
  growth = { ...measured, size: GROWTH_SIZE, runs: GROWTH_RUNS };
  rmSync(path.join(work, "growth"), { recursive: true, force: true });
}

// ------------------------------------------------------------------ 5. real manifests

const shared = path.resolve(root, "..", "shared", "fixtures", "dbt");
const realRows = [];
for (const name of [
  "global-trade-bq-1.11-large",
  "tuva-snowflake-1.7-v11-large",
  "across-analytics-postgres-1.10-large",
]) {
  const manifest = path.join(shared, name, "manifest.json");
  if (!existsSync(manifest)) continue;
  const text = readFileSync(manifest, "utf8");
  const parse = [];
  const plan = [];
  const rss = [];
  let entries;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    JSON.parse(text);
    parse.push(performance.now() - start);
    const out = path.join(outDir, "real-plan.json");
    const run = runNode(
      [
        CLI,
        "plan",
        "--manifest",
        manifest,
        "--format",
        "json",
        "--state",
        path.join(outDir, "no-such-state.db"),
      ],
      { stdoutFile: out },
    );
    plan.push(run.ms);
    rss.push(run.rssKb);
    entries = JSON.parse(readFileSync(out, "utf8")).entries.length;
  }
  realRows.push({
    name,
    mb: Buffer.byteLength(text) / 1e6,
    entries,
    parse: median(parse),
    plan: median(plan),
    rss: median(rss),
  });
}

// ------------------------------------------------------------------ 6. RESULTS.md

const git = (...args) => {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8" }).trimEnd();
  } catch {
    return "";
  }
};
const commit = git("rev-parse", "--short=12", "HEAD");
const dirty = git("status", "--porcelain", "--", "src", "package-lock.json")
  .split("\n")
  .filter(Boolean)
  .map((line) => line.slice(3));
/** The figure the main-step targets are checked on: the PR main step, else the first event measured, else the CLI. */
const MAIN_KEY = MAIN_EVENTS.includes("pull_request")
  ? "main pull_request"
  : MAIN_EVENTS.length > 0
    ? `main ${MAIN_EVENTS[0]}`
    : "cli plan";
const MAIN_LABEL =
  MAIN_KEY === "cli plan"
    ? "`ods-state plan` (standing in for the main step)"
    : `the main step (${MAIN_KEY.slice(5)})`;
const loadAtEnd = os.loadavg();
const totalSeconds = (performance.now() - started) / 1000;

const fmtMs = (ms) =>
  ms === undefined
    ? "–"
    : ms >= 10_000
      ? `${(ms / 1000).toFixed(1)} s`
      : ms >= 100
        ? ms.toFixed(0)
        : ms.toFixed(1);
const fmtMb = (kb) => (kb === undefined ? "–" : `${(kb / 1024).toFixed(0)} MB`);
const ratio = (value, base) => (value === undefined || !base ? "–" : `${(value / base).toFixed(2)}×`);

const lines = [];
const p = (line = "") => lines.push(line);
const sizes = SIZES.map((n) => results[n]);
const header = `| | ${sizes.map((r) => `${r.nodes.toLocaleString("en")} nodes | ×floor`).join(" | ")} |`;
const rule = `|---|${sizes.map(() => "---:|---:").join("|")}|`;
const row = (label, key, { base = "floor JSON.parse", format = fmtMs } = {}) => {
  const cells = sizes.map((r) => {
    const value = r.medians[key];
    return `${format(value)} | ${base === null ? "" : ratio(value, r.medians[base])}`;
  });
  p(`| ${label} | ${cells.join(" | ")} |`);
};
const rssRow = (label, key) => {
  const cells = sizes.map((r) => {
    const value = r.medians[key];
    return `${fmtMb(value)} | ${value === undefined ? "–" : `${((value * 1024) / r.manifestBytes).toFixed(2)}× file`}`;
  });
  p(`| ${label} | ${cells.join(" | ")} |`);
};

p("# Benchmark results");
p();
p(
  `Written by \`npm run bench\` (bench/run.mjs) on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, in ${(totalSeconds / 60).toFixed(1)} minutes.`,
);
p();
p(
  `- Commit: \`${commit}\`${dirty.length > 0 ? ` with uncommitted changes in ${dirty.map((f) => `\`${f}\``).join(", ")}` : ""}`,
);
p(
  `- Machine: ${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory, ${os.type()} ${os.release()}; Node ${process.version}; SQLite driver better-sqlite3 (bundle).`,
);
p(
  `- Shared machine: other engineers' test runs were running too (load average ${loadAtStart.map((l) => l.toFixed(1)).join(" / ")} at the start, ${loadAtEnd.map((l) => l.toFixed(1)).join(" / ")} at the end). Every figure is the median of ${RUNS} runs (${
    sizes
      .filter((r) => r.runs !== RUNS)
      .map((r) => `${r.runs} at ${r.nodes.toLocaleString("en")} nodes`)
      .join(", ") || "at every size"
  }), each in a fresh process.`,
);
p(
  `- The end-to-end figures run the bundle of this commit's src/ (\`node scripts/bundle.mjs --out bench/out/dist\`, ${bundled}); the per-step figures run the same sources in-process (bench/steps.ts).`,
);
p(
  "- The main step is the bundle's main/index.js run as the runner runs it (a fresh process, GITHUB_* variables, an event payload, the workspace's target/manifest.json and sources.json, the state restored at .ods/state.db; no cache service and no token, so restore and comment upsert say so and go on): from process start to outputs, plan file and job summary written; on `pull_request` it also renders the comment.",
);
p();
p("## Projects");
p();
p(`| | ${sizes.map((r) => `${r.nodes.toLocaleString("en")} nodes`).join(" | ")} |`);
p(`|---|${sizes.map(() => "---:").join("|")}|`);
p(`| manifest.json on disk | ${sizes.map((r) => `${(r.manifestBytes / 1e6).toFixed(1)} MB`).join(" | ")} |`);
p(
  `| models / data tests / seeds | ${sizes.map((r) => `${r.meta.counts.models} / ${r.meta.counts.tests} / ${r.meta.counts.seeds}`).join(" | ")} |`,
);
p(
  `| source tables / macros | ${sizes.map((r) => `${r.meta.counts.sources} / ${r.meta.counts.macros}`).join(" | ")} |`,
);
p(`| models changed (1%) | ${sizes.map((r) => r.meta.changed.length).join(" | ")} |`);
p(
  `| plan: BUILD / REUSE | ${sizes.map((r) => (r.summary ? `${r.summary.build} / ${r.summary.reuse}` : "–")).join(" | ")} |`,
);
p(
  `| state database after one run | ${sizes.map((r) => `${(r.stateBytes / 1e6).toFixed(1)} MB`).join(" | ")} |`,
);
p();
p("## Figures (median ms; ×floor = ratio to JSON.parse of the same manifest in the same run)");
p();
p(header);
p(rule);
row("**floor: JSON.parse of next/manifest.json**", "floor JSON.parse");
row("floor's read of the file (readFileSync, utf8; not in the floor)", "floor read");
row("bound: JSON.parse (again, in the bound's process)", "bound JSON.parse");
row(
  "bound: each model's SQL read once (normalise and hash compiled SQL; hash raw code, check its Jinja)",
  "bound SQL work",
);
row("**bound: the least work of any plan, one thread (JSON.parse + SQL work)**", "bound total");
row("read, parse and validate (streamed from the file in 64 KiB pieces)", "read, parse and validate");
row("graph", "graph");
row("fingerprint", "fingerprint");
row("plan() against the snapshot (1% of models changed)", "plan");
row("**plan total: read + parse + validate + graph + fingerprint + plan**", "plan total");
row("plan total on V8's default young generation", "v8 defaults plan total");
row("plan total, CPU time (all threads)", "cpu plan total", { base: "cpu floor JSON.parse" });
row("floor, CPU time", "cpu floor JSON.parse", { base: "cpu floor JSON.parse" });
row("record: load the build's manifest (parse … fingerprint)", "record load manifest");
row("record: load run_results.json", "record load run_results");
row("record()", "record record");
row("render the PR comment", "render comment");
row("render the job summary", "render job summary");
row("SQLite: open (create)", "sqlite open (create)");
row("**SQLite: commit the snapshot (new file)**", "sqlite commit");
row("SQLite: commit the next snapshot (1% rebuilt)", "sqlite commit (1% rebuilt)");
row("SQLite: open the state file", "sqlite open");
row("**SQLite: read the snapshot (latest)**", "sqlite read");
row("node process start (`node -e 0`)", "node start");
row("`ods-state record` end to end", "cli record");
row("`ods-state plan --format json` end to end", "cli plan");
for (const event of MAIN_EVENTS) row(`**main step end to end (${event})**`, `main ${event}`);
for (const event of MAIN_EVENTS)
  row(`main step (${event}), CPU time (user + system)`, `cpu main ${event}`, {
    base: "cpu floor JSON.parse",
  });
rssRow("peak RSS: `ods-state record`", "cli record rss");
rssRow("peak RSS: `ods-state plan`", "cli plan rss");
for (const event of MAIN_EVENTS) rssRow(`**peak RSS: main step (${event})**`, `main ${event} rss`);
rssRow("peak RSS: plan steps in-process (bench/steps.ts)", "rss");
rssRow("peak RSS: the same on V8's default young generation", "v8 defaults rss");
p();

// Targets.
const at = (n) => results[n];
/**
 * The median over rounds of plan total / floor measured in the same round:
 * the two run minutes apart in the round robin, and the shared machine's
 * speed drifts between minutes by more than the figures' own spread.
 */
const pairedRatio = (r, key, base) => {
  const values = r.samples[key] ?? [];
  const bases = r.samples[base] ?? [];
  return median(values.map((v, i) => (bases[i] ? v / bases[i] : undefined)));
};
const targetRows = [];
const target10 = at(10_000);
const check = (ok) => (ok === undefined ? "not measured" : ok ? "**holds**" : "**missed**");
if (target10) {
  const m = target10.medians;
  const planRatio = pairedRatio(target10, "plan total", "floor JSON.parse");
  const cpuRatio = m["cpu plan total"] / m["cpu floor JSON.parse"];
  const boundRatio = pairedRatio(target10, "bound total", "floor JSON.parse");
  targetRows.push([
    "Plan of 10,000 nodes (read, parse, validate, fingerprint, plan) ≤ 2× JSON.parse",
    `${planRatio.toFixed(2)}× (median over the rounds of plan / floor in the same round; medians ${fmtMs(m["plan total"])} / ${fmtMs(m["floor JSON.parse"])} ms = ${(m["plan total"] / m["floor JSON.parse"]).toFixed(2)}×); CPU time ${cpuRatio.toFixed(2)}×; the bound (parse and each model's SQL once, one thread) is ${boundRatio.toFixed(2)}×`,
    check(planRatio <= 2),
  ]);
  targetRows.push([
    "Main step end to end at 10,000 nodes < 5 s",
    `${fmtMs(m[MAIN_KEY])} ms: ${MAIN_LABEL}`,
    check(m[MAIN_KEY] < 5000),
  ]);
  const rssRatio = (m[`${MAIN_KEY} rss`] * 1024) / target10.manifestBytes;
  targetRows.push([
    "Main step peak RSS at 10,000 nodes < 4× the manifest on disk",
    `${fmtMb(m[`${MAIN_KEY} rss`])} = ${rssRatio.toFixed(2)}× ${(target10.manifestBytes / 1e6).toFixed(1)} MB`,
    check(rssRatio < 4),
  ]);
  targetRows.push([
    "SQLite commit of a 10,000-node snapshot < 200 ms",
    `${fmtMs(m["sqlite commit"])} ms new file, ${fmtMs(m["sqlite commit (1% rebuilt)"])} ms next run`,
    check(m["sqlite commit"] < 200),
  ]);
  targetRows.push([
    "SQLite read of a 10,000-node snapshot < 200 ms",
    `${fmtMs(m["sqlite read"])} ms (+ ${fmtMs(m["sqlite open"])} ms open)`,
    check(m["sqlite read"] < 200),
  ]);
}
const t50 = at(50_000);
if (t50 && target10) {
  const m = t50.medians;
  const planRatio = pairedRatio(t50, "plan total", "floor JSON.parse");
  const cpuRatio = m["cpu plan total"] / m["cpu floor JSON.parse"];
  const rssRatio = (m[`${MAIN_KEY} rss`] * 1024) / t50.manifestBytes;
  targetRows.push([
    "50,000 nodes: the same ratios (plan ≤ 2× floor, RSS < 4× file)",
    `plan ${planRatio.toFixed(2)}× floor (CPU time ${cpuRatio.toFixed(2)}×); main step RSS ${rssRatio.toFixed(2)}× file; main step ${fmtMs(m[MAIN_KEY])}`,
    check(planRatio <= 2 && rssRatio < 4),
  ]);
  // CPU time where there is one (less disturbed by the other processes on the machine).
  const growthOf = (key) => {
    const k = m[`cpu ${key}`] !== undefined ? `cpu ${key}` : key;
    return m[k] / t50.manifestBytes / (target10.medians[k] / target10.manifestBytes);
  };
  targetRows.push([
    "No quadratic step: time per MB at 50k vs 10k (1.0 = linear; CPU time for in-process steps)",
    ["plan total", "read, parse and validate", "fingerprint", "graph", "plan", "record record", MAIN_KEY]
      .map((k) => `${k} ${growthOf(k).toFixed(2)}`)
      .join(", "),
    check(["plan total", "record record", MAIN_KEY].every((k) => growthOf(k) < 1.5)),
  ]);
}
if (growth) {
  const series = growth.series;
  const afterRetention = series.filter((s) => s.run >= 100);
  const firstFlat = afterRetention[0];
  const last = series[series.length - 1];
  const sizeGrowth = last && firstFlat ? last.bytes / firstFlat.bytes : undefined;
  // Commit time: the median of the 50-run medians in the second half of the runs after retention
  // against the first half's. One 50-run median against another swings by half on a shared machine.
  const half = Math.ceil(afterRetention.length / 2);
  const earlier = median(afterRetention.slice(0, half).map((s) => s.commitMedianMs));
  const later = median(afterRetention.slice(half).map((s) => s.commitMedianMs));
  const commitGrowth =
    earlier !== undefined && later !== undefined ? later / Math.max(earlier, 0.001) : undefined;
  targetRows.push([
    `Growth: ${growth.runs} runs of ${growth.size.toLocaleString("en")} nodes stay flat once retention applies`,
    firstFlat && last && commitGrowth !== undefined
      ? `file ${(firstFlat.bytes / 1e6).toFixed(1)} MB at run ${firstFlat.run} → ${(last.bytes / 1e6).toFixed(1)} MB at run ${last.run} (${sizeGrowth.toFixed(2)}×); commit time, median of the 50-run medians: ${fmtMs(earlier)} ms over runs ${firstFlat.run}–${afterRetention[half - 1].run}, ${fmtMs(later)} ms over runs ${afterRetention[half]?.run}–${last.run} (${commitGrowth.toFixed(2)}×)`
      : "too few runs",
    check(sizeGrowth !== undefined ? sizeGrowth < 1.2 && commitGrowth < 1.5 : undefined),
  ]);
}
const selectionRows = SIZES.flatMap((n) => results[n].selection ?? []);
if (selectionRows.length > 0) {
  const n = (v) => (v === undefined || v === null ? "–" : v.toLocaleString("en"));
  const verdict = (value, bound) =>
    value === undefined || value === null ? "–" : `${n(value)} ${value <= bound ? "holds" : "**missed**"}`;
  p("## Selection at scale (issue 20)");
  p();
  p(
    "The main step on `pull_request` (the bundle, as above), once per scenario: 1% or 30% of the models' SQL changed against the recorded build (changed models picked at random with a fixed seed over every non-ephemeral model), or no state at all (everything builds). `select` and `exclude` are the plan's (`plan.select`, `plan.exclude`), terms `plan.select_terms` (select and exclude together); the job summary is the file the step wrote (bytes, UTF-8); the comment is `renderComment` of the plan with the step's context (characters; whether it shows a `dbt build` command); the outputs are the `GITHUB_OUTPUT` file the step wrote (bytes, delimiters included).",
  );
  p();
  p(
    `Bounds: \`select\` ≤ ${n(BOUNDS.selectChars)} characters and ≤ ${BOUNDS.selectTerms} terms (issue 20); job summary ≤ 1 MiB = ${n(BOUNDS.summaryBytes)} bytes per step; outputs ≤ 1 MB = ${n(BOUNDS.outputsBytes)} bytes per job (GitHub); a comment ≤ ${n(BOUNDS.commentChars)} characters (GitHub).`,
  );
  p();
  p(
    "| nodes | scenario | models changed | BUILD / REUSE | `select` chars | terms | `exclude` chars | exact | job summary bytes | comment chars | command in comment | outputs bytes | main step (one run) |",
  );
  p("|---:|---|---:|---:|---:|---:|---:|---|---:|---:|---|---:|---:|");
  for (const r of selectionRows) {
    p(
      `| ${n(r.nodes)} | ${r.scenario} | ${n(r.changedModels)} | ${n(r.build)} / ${n(r.reuse)} | ${verdict(r.selectChars, BOUNDS.selectChars)} | ${verdict(r.terms, BOUNDS.selectTerms)} | ${n(r.excludeChars)} | ${r.exact === null ? "–" : r.exact ? "yes" : `no: +${n(r.extra)} (select_extra)`} | ${verdict(r.summaryBytes, BOUNDS.summaryBytes)} | ${verdict(r.commentChars, BOUNDS.commentChars)} | ${r.commentHasCommand ? "yes" : "**no**"} | ${verdict(r.outputsBytes, BOUNDS.outputsBytes)} | ${r.ms >= 10_000 ? fmtMs(r.ms) : `${fmtMs(r.ms)} ms`} (CPU ${r.cpuMs >= 10_000 ? fmtMs(r.cpuMs) : `${fmtMs(r.cpuMs)} ms`}), ${fmtMb(r.rssKb)} |`,
    );
  }
  p();
  const all = (key, bound) =>
    selectionRows.every((r) => r[key] !== undefined && r[key] !== null && r[key] <= bound);
  targetRows.push([
    "Issue 20: `select` ≤ 100,000 characters and ≤ 500 terms in every scenario",
    selectionRows
      .map((r) => `${r.nodes / 1000}k ${r.scenario}: ${n(r.selectChars)} / ${n(r.terms)}`)
      .join("; "),
    check(all("selectChars", BOUNDS.selectChars) && all("terms", BOUNDS.selectTerms)),
  ]);
  targetRows.push([
    "Issue 20: job summary ≤ 1 MiB, outputs ≤ 1 MB, a command in the comment",
    `summary max ${n(Math.max(...selectionRows.map((r) => r.summaryBytes)))} B, outputs max ${n(Math.max(...selectionRows.map((r) => r.outputsBytes)))} B, command in ${selectionRows.filter((r) => r.commentHasCommand).length} of ${selectionRows.length} comments`,
    check(
      all("summaryBytes", BOUNDS.summaryBytes) &&
        all("outputsBytes", BOUNDS.outputsBytes) &&
        selectionRows.every((r) => r.commentHasCommand),
    ),
  ]);
}
const t100 = at(100_000);
const withUnit = (ms) => (ms === undefined || ms >= 10_000 ? fmtMs(ms) : `${fmtMs(ms)} ms`);
if (t100) {
  const m = t100.medians;
  targetRows.push([
    "Issue 20: main step (pull_request) at 100,000 nodes < 10 s and < 2 GB peak RSS",
    `${withUnit(m["main pull_request"])}, CPU time ${withUnit(m["cpu main pull_request"])}, peak RSS ${fmtMb(m["main pull_request rss"])} (median of ${t100.runs}; manifest ${(t100.manifestBytes / 1e6).toFixed(0)} MB)`,
    check(m["main pull_request"] < 10_000 && m["main pull_request rss"] * 1024 < 2e9),
  ]);
}
p("## Targets (issues 10 and 20)");
p();
p("| target | measured | |");
p("|---|---|---|");
for (const [label, value, verdict] of targetRows) p(`| ${label} | ${value} | ${verdict} |`);
p();
if (target10?.medians["bound total"] !== undefined) {
  // Where the plan's time goes against what no plan can skip (bench/README.md, "Findings", has the profile).
  const m = target10.medians;
  const floor = m["floor JSON.parse"];
  const x = (ms) => `${fmtMs(ms)} ms (${(ms / floor).toFixed(2)}×)`;
  const load = m["read, parse and validate"];
  const rest = m.graph + m.fingerprint + m.plan;
  p("## The plan against the bound, 10,000 nodes (×floor)");
  p();
  p(
    `- **The least work of any plan, on one thread: ${x(m["bound total"])}.** JSON.parse of the whole text, then each model's SQL read once (its compiled SQL normalised and hashed, its raw code hashed and its Jinja checked: ${x(m["bound SQL work"])}). No plan can do less: the 2× target leaves ${x(2 * floor - m["bound total"])} for everything else on one thread.`,
  );
  p(
    `- **Everything else the plan does: ${x(m["plan total"] - m["bound total"])}.** Read, parse and validate, streamed from the file: ${x(load)}, against the bound's ${x(m["bound JSON.parse"])} for the parse alone (the streamed read holds the main step's peak RSS under 4× the file; a whole-text parse peaked at 6×). Graph, fingerprint and plan(): ${x(rest)}, the bound's SQL work among them.`,
  );
  p(
    "- **What would close the gap, and what it costs**: bench/README.md, \"Findings\". In short, the plan can't reach 2× on one thread; session 5 measured what a second thread could do at best: about 2.2× with every model's SQL work off the main thread for free, about 2.3× with the whole plan split in two, each at a cost in memory.",
  );
  p();
}
if (growth) {
  p(
    `## Growth: ${growth.runs} successive recorded runs, ${growth.nodes.toLocaleString("en")}-node snapshot, 5 nodes rebuilt per run (and their readers)`,
  );
  p();
  p("Retention keeps the newest 30 snapshots and 1,000 ledger rows per scope (the store's defaults).");
  p();
  p("| after run | state file (+WAL) | commit median / max over the last 50 runs |");
  p("|---:|---:|---:|");
  for (const s of growth.series) {
    p(`| ${s.run} | ${(s.bytes / 1e6).toFixed(1)} MB | ${s.commitMedianMs} / ${s.commitMaxMs} ms |`);
  }
  p();
}
if (realRows.length > 0) {
  p("## Real manifests (../shared/fixtures/dbt), no state");
  p();
  p("| manifest | MB | planned nodes | JSON.parse | `ods-state plan` end to end | ×floor | peak RSS |");
  p("|---|---:|---:|---:|---:|---:|---:|");
  for (const r of realRows) {
    p(
      `| ${r.name} | ${r.mb.toFixed(1)} | ${r.entries} | ${fmtMs(r.parse)} ms | ${fmtMs(r.plan)} ms | ${ratio(r.plan, r.parse)} | ${fmtMb(r.rss)} |`,
    );
  }
  p();
  p("At this size the process start and the bundle's load dominate (see `node process start` above).");
  p();
}
p("## All samples (ms, or KB for rss)");
p();
p("<details><summary>per size, per measurement, every run</summary>");
p();
for (const r of sizes) {
  p(`### ${r.nodes.toLocaleString("en")} nodes`);
  p();
  p("| measurement | runs |");
  p("|---|---|");
  for (const [name, values] of Object.entries(r.samples)) {
    p(`| ${name} | ${values.map((v) => (name.endsWith("rss") ? Math.round(v) : v.toFixed(1))).join(", ")} |`);
  }
  p();
}
p("</details>");
writeFileSync(RESULTS, `${lines.join("\n")}\n`);
log(`wrote ${path.relative(root, RESULTS)} (${(totalSeconds / 60).toFixed(1)} min)`);
for (const [label, value, verdict] of targetRows)
  console.log(`  ${verdict.replaceAll("*", "").padEnd(12)} ${label}: ${value}`);
