export const id = 910;
export const ids = [910];
export const modules = {

/***/ 910:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  CACHE_STAGING_PATH: () => (/* binding */ CACHE_STAGING_PATH),
  DEFAULT_TRANSPORT_TIMEOUT_MS: () => (/* binding */ DEFAULT_TRANSPORT_TIMEOUT_MS),
  STATE_ARTIFACT_NAME: () => (/* binding */ STATE_ARTIFACT_NAME),
  TRANSPORT_MANIFEST: () => (/* binding */ TRANSPORT_MANIFEST),
  demoteAnnotation: () => (/* binding */ demoteAnnotation),
  describeSource: () => (/* reexport */ describeSource),
  restoreState: () => (/* binding */ restoreState),
  saveState: () => (/* binding */ saveState),
  stateCacheKey: () => (/* binding */ stateCacheKey),
  stateCacheKeyPrefix: () => (/* binding */ stateCacheKeyPrefix),
  stateFileProblem: () => (/* binding */ stateFileProblem)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./node_modules/@actions/artifact/lib/artifact.js + 86 modules
var artifact = __webpack_require__(37296);
// EXTERNAL MODULE: ./node_modules/@actions/cache/lib/cache.js + 91 modules
var cache = __webpack_require__(18091);
// EXTERNAL MODULE: ./node_modules/@octokit/rest/dist-src/index.js + 1 modules
var dist_src = __webpack_require__(11303);
// EXTERNAL MODULE: ./src/store/migrations.ts
var migrations = __webpack_require__(34376);
;// CONCATENATED MODULE: ./src/github/restore-source.ts
function describeSource(source) {
    switch (source.kind) {
        case "cache":
            return `the Actions cache entry \`${source.key}\``;
        case "artifact":
            return `the \`${source.name}\` artifact ${source.artifactId} of workflow run ${source.runId}`;
        default:
            return "nowhere (no saved state was found)";
    }
}

;// CONCATENATED MODULE: ./src/github/state-transport.ts
/**
 * State transport: how `.ods/state.db` travels between workflow runs.
 *
 * Restore (every run): the Actions cache first, then the newest `ods-state`
 * artifact of a successful default-branch run, else nothing. Save (default
 * branch only, after a successful record): a new cache entry and an artifact.
 * A service that is down, slow or refuses is a warning and the next source
 * is tried; nothing here throws for a service failure. Only a call that
 * breaks this module's contract (a save from another branch) throws.
 *
 * Cache entries. The key is `ods-state-v1-<project>-<environment>-<run id>-<attempt>`
 * (project and environment percent-encoded, `-` included, so that `prod`
 * never prefix-matches `prod-eu`'s keys). Restore asks for the prefix
 * `ods-state-v1-<project>-<environment>-` with no exact key: the cache
 * service answers with the newest entry under that prefix in the run's own
 * scope, then in the default branch's scope, which is how a pull request
 * reads what the default branch saved (it can never write there). The entry
 * holds one file, `.ods/transport/state.db` relative to the working
 * directory (on a runner: the workspace); the cache version the client
 * computes hashes that path, so it is the same on every run. Restoring goes
 * through that staging path and the file is moved to `statePath` only when
 * the entry is the one asked for; a late answer after a timeout lands in the
 * staging folder, never on the state file.
 *
 * Artifacts. The REST API lists `ods-state` artifacts (the token needs
 * `actions: read`), newest first; one qualifies when its run is a
 * default-branch run of this repository (not a fork, not a pull_request
 * event) that concluded `success`. It is downloaded with @actions/artifact's
 * `downloadArtifact({ findBy })` (which checks the digest), and holds
 * `state.db` plus `ods-state.json` (project, environment, run, sha256).
 *
 * Concurrency. Cache entries are immutable and every save writes a key no
 * other run or attempt uses (run id + attempt), so a save never overwrites
 * or deletes what another run saved: both entries stay, and restore takes
 * the newest. "Newest" is the order in which the cache service finalized the
 * entries, i.e. the order of the saves; since a run saves right after it
 * records, that is the order in which runs recorded. Two default-branch runs
 * A and B that both restored state S: if A saves after B, the next run
 * restores A's file (S + A's builds) and B's builds are built again
 * (conservative, never wrong); B's entry is still in the cache under its own
 * key. A run that started before the state it restored was recorded is
 * refused by `record` (the store's rule), so it never saves. The key's run
 * id and attempt make it unique, not ordered: ordering by run number would
 * let an old run that records late replace newer state with its older view,
 * and re-run attempts would be unable to save at all under a fixed key.
 * Artifacts are ordered the same way (creation time). The README recommends
 * a `concurrency` group so that this case stays rare.
 *
 * What the clients read from the environment (this module reads none of it,
 * the caller passes what it needs): @actions/cache ACTIONS_CACHE_SERVICE_V2,
 * ACTIONS_RESULTS_URL (ACTIONS_CACHE_URL for service v1), ACTIONS_RUNTIME_TOKEN,
 * ACTIONS_CACHE_MODE, GITHUB_SERVER_URL (any host but github.com, *.ghe.com or
 * *.localhost counts as GHES: cache v1, no artifacts), GITHUB_WORKSPACE (tar's
 * working directory), RUNNER_TEMP (archives), SEGMENT_DOWNLOAD_TIMEOUT_MINS;
 * @actions/artifact ACTIONS_RESULTS_URL, ACTIONS_RUNTIME_TOKEN (a JWT whose
 * `scp` claim carries the run's backend ids), GITHUB_SERVER_URL, GITHUB_API_URL
 * (read once, when @actions/github loads), GITHUB_WORKSPACE,
 * GITHUB_RETENTION_DAYS, ACTIONS_ARTIFACT_UPLOAD_TIMEOUT_MS.
 *
 * The @actions clients report their failures by printing (`::warning::`)
 * rather than throwing (restoreCache returns undefined for a miss and for a
 * failure alike). While a client call runs, this module watches what is
 * written to stdout to learn why, and hands those lines to `clientLog` (or
 * lets them through when there is none).
 */








const STATE_ARTIFACT_NAME = "ods-state";
/** The cache entry's file, relative to the working directory (the workspace on a runner). */
const CACHE_STAGING_PATH = ".ods/transport/state.db";
const TRANSPORT_MANIFEST = "ods-state.json";
const MANIFEST_FORMAT = "ods-state-transport/1";
const STATE_FILE_NAME = "state.db";
const DEFAULT_TRANSPORT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_CANDIDATES = 10;
// ---- keys ------------------------------------------------------------------
/** A key component with `-` (the separator), `,` (forbidden in keys) and the rest percent-encoded. */
function keyPart(value) {
    return encodeURIComponent(value).replace(/-/g, "%2D");
}
/** The prefix every cache key of this scope starts with. */
function stateCacheKeyPrefix(scope) {
    return `ods-state-v1-${keyPart(scope.project)}-${keyPart(scope.environment)}-`;
}
/** The key one run attempt saves under: unique per run and attempt. */
function stateCacheKey(scope, runId, runAttempt) {
    return `${stateCacheKeyPrefix(scope)}${runId}-${runAttempt}`;
}
/** Where the state came from, in words, for messages. */

async function restoreState(params) {
    const warnings = [];
    const notes = [];
    const found = (await restoreFromCache(params, warnings, notes)) ?? (await restoreFromArtifact(params, warnings, notes));
    if (!found) {
        notes.push("No saved state: every node will be built.");
        return { source: { kind: "none" }, warnings, notes };
    }
    const replaced = placeFile(found.file, params.statePath);
    (0,external_node_fs_.rmSync)(external_node_path_default().dirname(found.file), { recursive: true, force: true });
    const problem = stateFileProblem(params.statePath);
    if (problem) {
        warnings.push({
            transport: "state",
            reason: "invalid",
            message: `The state restored from ${describeSource(found.source)} is not an ods-state database: ${problem}.`,
        });
    }
    notes.push(`Restored ${params.statePath} from ${describeSource(found.source)}.`);
    return {
        source: found.source,
        file: params.statePath,
        ...(problem ? { problem } : {}),
        ...(replaced ? { replaced } : {}),
        warnings,
        notes,
    };
}
async function restoreFromCache(params, warnings, notes) {
    if (params.cache === false) {
        notes.push("Actions cache: not tried (turned off).");
        return undefined;
    }
    if (!cache/* isFeatureAvailable */.w3()) {
        warnings.push({
            transport: "cache",
            reason: "not_configured",
            message: "The Actions cache service is not available here (no ACTIONS_RESULTS_URL): state can't be restored from the cache. Is this running outside GitHub Actions?",
        });
        return undefined;
    }
    const prefix = stateCacheKeyPrefix(params);
    const staging = external_node_path_default().resolve(CACHE_STAGING_PATH);
    (0,external_node_fs_.rmSync)(external_node_path_default().dirname(staging), { recursive: true, force: true });
    const timeoutMs = params.timeoutMs ?? DEFAULT_TRANSPORT_TIMEOUT_MS;
    const call = await watchClient(() => cache/* restoreCache */.P3([CACHE_STAGING_PATH], prefix, [], {
        timeoutInMs: timeoutMs,
        segmentTimeoutInMs: timeoutMs,
    }), timeoutMs, params.clientLog);
    if (call.kind === "timeout") {
        warnings.push({
            transport: "cache",
            reason: "timeout",
            message: `The Actions cache did not answer within ${seconds(timeoutMs)}; state was looked for elsewhere.`,
        });
        return undefined;
    }
    if (call.kind === "error") {
        warnings.push(clientWarning("cache", `Restoring state from the Actions cache failed: ${call.message}`, call.message));
        return undefined;
    }
    const key = call.value;
    if (key === undefined) {
        const reported = call.problems.join(" ");
        if (reported) {
            warnings.push(clientWarning("cache", `Restoring state from the Actions cache failed: ${call.problems[0]}`, reported));
        }
        else {
            notes.push(`Actions cache: no entry under ${prefix}.`);
        }
        return undefined;
    }
    if (!key.startsWith(prefix)) {
        (0,external_node_fs_.rmSync)(external_node_path_default().dirname(staging), { recursive: true, force: true });
        warnings.push({
            transport: "cache",
            reason: "invalid",
            message: `The Actions cache answered with entry \`${key}\`, which is not state of ${params.project}/${params.environment} (expected a key starting ${prefix}); it was not used.`,
        });
        return undefined;
    }
    if (!(0,external_node_fs_.existsSync)(staging)) {
        warnings.push({
            transport: "cache",
            reason: "invalid",
            message: `The Actions cache entry \`${key}\` did not contain ${CACHE_STAGING_PATH}; it was not used.`,
        });
        return undefined;
    }
    notes.push(`Actions cache: found ${key}.`);
    return { source: { kind: "cache", key }, file: staging };
}
async function restoreFromArtifact(params, warnings, notes) {
    const name = params.artifactName ?? STATE_ARTIFACT_NAME;
    const github = params.github;
    if (!github) {
        warnings.push({
            transport: "artifact",
            reason: "not_configured",
            message: `No GitHub token was given, so the \`${name}\` artifact could not be looked for.`,
        });
        return undefined;
    }
    const timeoutMs = params.timeoutMs ?? DEFAULT_TRANSPORT_TIMEOUT_MS;
    const deadline = Date.now() + timeoutMs;
    const octokit = new dist_src/* Octokit */.E({
        auth: github.token,
        baseUrl: github.apiUrl.replace(/\/+$/, ""),
        log: { debug() { }, info() { }, warn: (m) => notes.push(m), error() { } },
    });
    const chosen = await chooseArtifact(octokit, github, params, name, deadline, warnings, notes);
    if (!chosen)
        return undefined;
    let dir;
    try {
        // RUNNER_TEMP exists on GitHub's runners; elsewhere (act, a local run) it may not.
        (0,external_node_fs_.mkdirSync)(params.tempDir, { recursive: true });
        dir = (0,external_node_fs_.mkdtempSync)(external_node_path_default().join(params.tempDir, "ods-state-artifact-"));
    }
    catch (error) {
        const code = error.code ?? String(error);
        warnings.push({
            transport: "artifact",
            reason: "failed",
            message: `No folder for downloading the \`${name}\` artifact could be made in ${params.tempDir} (${code}); it was not restored.`,
        });
        return undefined;
    }
    const call = await watchClient(() => new artifact/* DefaultArtifactClient */.t9().downloadArtifact(chosen.id, {
        path: dir,
        findBy: {
            token: github.token,
            repositoryOwner: github.owner,
            repositoryName: github.repo,
            workflowRunId: chosen.runId,
        },
        ...(chosen.digest ? { expectedHash: chosen.digest } : {}),
    }), Math.max(1, deadline - Date.now()), params.clientLog);
    const what = `the \`${name}\` artifact ${chosen.id} of run ${chosen.runId}`;
    if (call.kind === "timeout") {
        warnings.push({
            transport: "artifact",
            reason: "timeout",
            message: `Downloading ${what} did not finish within ${seconds(timeoutMs)}.`,
        });
        return undefined;
    }
    if (call.kind === "error") {
        const warning = call.status === undefined ? undefined : restWarning(call.status, `download ${what}`, call.message);
        warnings.push(warning ?? clientWarning("artifact", `Downloading ${what} failed: ${call.message}`, call.message));
        return undefined;
    }
    if (call.value.digestMismatch) {
        warnings.push({
            transport: "artifact",
            reason: "invalid",
            message: `${capitalize(what)} does not match its recorded digest; it was not used.`,
        });
        return undefined;
    }
    const file = external_node_path_default().join(dir, STATE_FILE_NAME);
    if (!(0,external_node_fs_.existsSync)(file)) {
        warnings.push({
            transport: "artifact",
            reason: "invalid",
            message: `${capitalize(what)} has no ${STATE_FILE_NAME}; it was not used.`,
        });
        return undefined;
    }
    const mismatch = manifestMismatch(external_node_path_default().join(dir, TRANSPORT_MANIFEST), file, params);
    if (mismatch) {
        warnings.push({
            transport: "artifact",
            reason: "invalid",
            message: `${capitalize(what)} ${mismatch}; it was not used.`,
        });
        return undefined;
    }
    notes.push(`Artifacts: found ${what}.`);
    return {
        source: {
            kind: "artifact",
            name,
            artifactId: chosen.id,
            runId: chosen.runId,
            createdAt: chosen.createdAt,
        },
        file,
    };
}
/** The newest artifact named `name` whose run is a successful default-branch run of this repository. */
async function chooseArtifact(octokit, github, params, name, deadline, warnings, notes) {
    const listed = await rest(deadline, (signal) => octokit.rest.actions.listArtifactsForRepo({
        owner: github.owner,
        repo: github.repo,
        name,
        per_page: 100,
        request: { signal },
    }));
    if (!listed.ok) {
        warnings.push(restFailure(listed, `list the \`${name}\` artifacts`));
        return undefined;
    }
    const artifacts = listed.value.data.artifacts
        .filter((a) => a.name === name && !a.expired)
        .sort((a, b) => Date.parse(b.created_at ?? "") - Date.parse(a.created_at ?? "") || b.id - a.id)
        .slice(0, params.maxArtifactCandidates ?? DEFAULT_MAX_CANDIDATES);
    for (const artifact of artifacts) {
        const run = artifact.workflow_run;
        if (!run?.id)
            continue;
        if (run.head_branch !== params.defaultBranch) {
            notes.push(`Artifacts: skipped ${artifact.id} (run ${run.id} is on ${run.head_branch ?? "no branch"}).`);
            continue;
        }
        if (run.head_repository_id !== run.repository_id) {
            notes.push(`Artifacts: skipped ${artifact.id} (run ${run.id} comes from a fork).`);
            continue;
        }
        const details = await rest(deadline, (signal) => octokit.rest.actions.getWorkflowRun({
            owner: github.owner,
            repo: github.repo,
            run_id: run.id,
            request: { signal },
        }));
        if (!details.ok) {
            warnings.push(restFailure(details, `read workflow run ${run.id}`));
            return undefined;
        }
        const info = details.value.data;
        const why = runProblem(info, params.defaultBranch);
        if (why) {
            notes.push(`Artifacts: skipped ${artifact.id} (run ${run.id} ${why}).`);
            continue;
        }
        return {
            id: artifact.id,
            name,
            createdAt: artifact.created_at ?? undefined,
            digest: artifact.digest ?? undefined,
            runId: run.id,
        };
    }
    notes.push(`Artifacts: no \`${name}\` artifact of a successful ${params.defaultBranch} run.`);
    return undefined;
}
function runProblem(run, defaultBranch) {
    if (run.event.startsWith("pull_request"))
        return `is a ${run.event} run`;
    if (run.head_branch !== defaultBranch)
        return `is on ${run.head_branch ?? "no branch"}`;
    if (run.head_repository && run.repository && run.head_repository.id !== run.repository.id) {
        return "comes from another repository";
    }
    if (run.conclusion !== "success")
        return run.conclusion ? `concluded ${run.conclusion}` : "has not finished";
    return undefined;
}
function manifestMismatch(manifestFile, stateFile, scope) {
    if (!(0,external_node_fs_.existsSync)(manifestFile))
        return undefined;
    let manifest;
    try {
        manifest = JSON.parse((0,external_node_fs_.readFileSync)(manifestFile, "utf8"));
    }
    catch {
        return `has an unreadable ${TRANSPORT_MANIFEST}`;
    }
    if (manifest.format !== MANIFEST_FORMAT)
        return `has ${TRANSPORT_MANIFEST} of an unknown format`;
    if (manifest.project !== scope.project || manifest.environment !== scope.environment) {
        return `holds state of ${String(manifest.project)}/${String(manifest.environment)}, not ${scope.project}/${scope.environment}`;
    }
    if (manifest.sha256 !== sha256File(stateFile))
        return `has a ${STATE_FILE_NAME} that does not match its sha256`;
    return undefined;
}
// ---- save ------------------------------------------------------------------
async function saveState(params) {
    if (params.branch !== params.defaultBranch) {
        throw new Error(`saveState is only for runs on the default branch (${params.defaultBranch}); this run is on ${params.branch}.`);
    }
    const key = stateCacheKey(params, params.runId, params.runAttempt);
    const name = params.artifactName ?? STATE_ARTIFACT_NAME;
    const warnings = [];
    const notes = [];
    let savedCache = { saved: false, key, reason: "not tried" };
    let savedArtifact = { saved: false, name, reason: "not tried" };
    const problem = (0,external_node_fs_.existsSync)(params.statePath) ? saveProblem(params.statePath) : "it does not exist";
    if (problem) {
        const reason = `${params.statePath} ${problem.replace(/^it /, "")}`;
        warnings.push({ transport: "state", reason: "invalid", message: `State was not saved: ${reason}.` });
        return {
            cache: { saved: false, key, reason },
            artifact: { saved: false, name, reason },
            warnings,
            notes,
        };
    }
    const staging = external_node_path_default().resolve(CACHE_STAGING_PATH);
    const stagingDir = external_node_path_default().dirname(staging);
    (0,external_node_fs_.rmSync)(stagingDir, { recursive: true, force: true });
    (0,external_node_fs_.mkdirSync)(stagingDir, { recursive: true });
    (0,external_node_fs_.copyFileSync)(params.statePath, staging);
    const manifest = external_node_path_default().join(stagingDir, TRANSPORT_MANIFEST);
    (0,external_node_fs_.writeFileSync)(manifest, `${JSON.stringify({
        format: MANIFEST_FORMAT,
        project: params.project,
        environment: params.environment,
        cache_key: key,
        run_id: params.runId,
        run_attempt: params.runAttempt,
        bytes: (0,external_node_fs_.statSync)(staging).size,
        sha256: sha256File(staging),
    }, null, 2)}\n`);
    const timeoutMs = params.timeoutMs ?? DEFAULT_TRANSPORT_TIMEOUT_MS;
    try {
        if (params.cache === false) {
            savedCache = { saved: false, key, reason: "turned off" };
        }
        else if (!cache/* isFeatureAvailable */.w3()) {
            savedCache = { saved: false, key, reason: "the Actions cache service is not available here" };
            warnings.push({
                transport: "cache",
                reason: "not_configured",
                message: `State was not saved to the Actions cache: the cache service is not available here (no ACTIONS_RESULTS_URL).`,
            });
        }
        else {
            savedCache = await saveToCache(key, timeoutMs, params.clientLog, warnings);
            if (savedCache.saved)
                notes.push(`Actions cache: saved ${key} (entry ${savedCache.entryId}).`);
        }
        if (params.artifact === false) {
            savedArtifact = { saved: false, name, reason: "turned off" };
        }
        else {
            savedArtifact = await uploadStateArtifact(name, [staging, manifest], stagingDir, params, timeoutMs, warnings);
            if (savedArtifact.saved)
                notes.push(`Artifacts: uploaded \`${name}\` (artifact ${savedArtifact.artifactId}).`);
        }
    }
    finally {
        (0,external_node_fs_.rmSync)(stagingDir, { recursive: true, force: true });
    }
    return { cache: savedCache, artifact: savedArtifact, warnings, notes };
}
async function saveToCache(key, timeoutMs, clientLog, warnings) {
    const call = await watchClient(() => cache/* saveCache */.Io([CACHE_STAGING_PATH], key), timeoutMs, clientLog);
    if (call.kind === "timeout") {
        const reason = `the Actions cache did not answer within ${seconds(timeoutMs)}`;
        warnings.push({
            transport: "cache",
            reason: "timeout",
            message: `State was not saved to the Actions cache: ${reason}.`,
        });
        return { saved: false, key, reason };
    }
    if (call.kind === "error") {
        warnings.push(clientWarning("cache", `State was not saved to the Actions cache: ${call.message}`, call.message));
        return { saved: false, key, reason: call.message };
    }
    if (call.value > 0)
        return { saved: true, key, entryId: call.value };
    // A failed reservation is printed as "another job may be creating this cache"; the cause is in a debug line.
    const reason = call.causes[0] ?? call.problems[0] ?? "the cache client gave no reason";
    const evidence = [...call.causes, ...call.problems].join(" ");
    warnings.push(clientWarning("cache", `State was not saved to the Actions cache (key ${key}): ${reason}`, evidence));
    return { saved: false, key, reason };
}
async function uploadStateArtifact(name, files, root, params, timeoutMs, warnings) {
    const call = await watchClient(() => new artifact/* DefaultArtifactClient */.t9().uploadArtifact(name, files, root, params.retentionDays === undefined ? {} : { retentionDays: params.retentionDays }), timeoutMs, params.clientLog);
    if (call.kind === "timeout") {
        const reason = `the artifact service did not answer within ${seconds(timeoutMs)}`;
        warnings.push({
            transport: "artifact",
            reason: "timeout",
            message: `State was not uploaded as an artifact: ${reason}.`,
        });
        return { saved: false, name, reason };
    }
    if (call.kind === "error") {
        warnings.push(clientWarning("artifact", `State was not uploaded as the \`${name}\` artifact: ${call.message}`, call.message));
        return { saved: false, name, reason: call.message };
    }
    if (call.value.id === undefined) {
        const reason = "the artifact service returned no artifact id";
        warnings.push({
            transport: "artifact",
            reason: "failed",
            message: `State was not uploaded as an artifact: ${reason}.`,
        });
        return { saved: false, name, reason };
    }
    return { saved: true, name, artifactId: call.value.id, size: call.value.size ?? 0 };
}
// ---- the state file --------------------------------------------------------
const SQLITE_MAGIC = Buffer.from("SQLite format 3\0", "latin1");
/**
 * Why `file` is not an ods-state database, judged from its header (magic and
 * application id), or undefined when it looks like one. The store's open
 * does the full check; this is what transport can tell without opening it.
 */
function stateFileProblem(file) {
    const header = Buffer.alloc(100);
    let read;
    try {
        const fd = (0,external_node_fs_.openSync)(file, "r");
        try {
            read = (0,external_node_fs_.readSync)(fd, header, 0, 100, 0);
        }
        finally {
            (0,external_node_fs_.closeSync)(fd);
        }
    }
    catch (error) {
        return `it can't be read (${error instanceof Error ? error.message : String(error)})`;
    }
    if (read < 100 || !header.subarray(0, 16).equals(SQLITE_MAGIC))
        return "it is not a SQLite database";
    const applicationId = header.readUInt32BE(68);
    if (applicationId !== migrations/* APPLICATION_ID */.j4) {
        return `it is a SQLite database of another application (application id ${applicationId})`;
    }
    return undefined;
}
function saveProblem(file) {
    const header = stateFileProblem(file);
    if (header)
        return header;
    const wal = `${file}-wal`;
    if ((0,external_node_fs_.existsSync)(wal) && (0,external_node_fs_.statSync)(wal).size > 0) {
        return `it has a write-ahead log (${external_node_path_default().basename(wal)}) that is not checkpointed: the store is still open, or was not closed cleanly`;
    }
    return undefined;
}
const SIDECARS = ["-wal", "-shm", "-journal"];
/**
 * Moves `file` to `target`. Whatever was at `target` (and its SQLite
 * sidecars, which would otherwise be applied to the new file) is moved to
 * `<target>.before-restore.bak` first; returns that path when it did.
 */
function placeFile(file, target) {
    (0,external_node_fs_.mkdirSync)(external_node_path_default().dirname(target), { recursive: true });
    const backup = `${target}.before-restore.bak`;
    const present = [target, ...SIDECARS.map((s) => `${target}${s}`)].filter((p) => (0,external_node_fs_.existsSync)(p));
    if (present.length > 0) {
        for (const old of [backup, ...SIDECARS.map((s) => `${backup}${s}`)])
            (0,external_node_fs_.rmSync)(old, { force: true });
        for (const p of present)
            (0,external_node_fs_.renameSync)(p, `${backup}${p.slice(target.length)}`);
    }
    try {
        (0,external_node_fs_.renameSync)(file, target);
    }
    catch (error) {
        if (error.code !== "EXDEV")
            throw error;
        const temporary = `${target}.${(0,external_node_crypto_.randomUUID)()}.tmp`;
        (0,external_node_fs_.copyFileSync)(file, temporary);
        (0,external_node_fs_.renameSync)(temporary, target);
        (0,external_node_fs_.unlinkSync)(file);
    }
    return (0,external_node_fs_.existsSync)(backup) ? backup : undefined;
}
function sha256File(file) {
    return (0,external_node_crypto_.createHash)("sha256").update((0,external_node_fs_.readFileSync)(file)).digest("hex");
}
/**
 * Runs a client call with a deadline while watching what it prints. The call
 * is not cancelled at the deadline (the clients can't be); it is abandoned,
 * and its late lines still go to `clientLog`.
 */
async function watchClient(work, timeoutMs, clientLog) {
    const capture = startCapture(clientLog);
    let promise;
    try {
        promise = work();
    }
    catch (error) {
        endCapture(capture);
        return { kind: "error", message: errorMessage(error), status: statusOf(error), ...reported(capture) };
    }
    const settled = promise.then((value) => ({ kind: "done", value }), (error) => ({ kind: "error", error }));
    void settled.finally(() => endCapture(capture));
    let timer;
    const expired = new Promise((resolve) => {
        timer = setTimeout(() => resolve({ kind: "timeout" }), timeoutMs);
        timer.unref();
    });
    const outcome = await Promise.race([settled, expired]);
    clearTimeout(timer);
    const so = reported(capture);
    if (outcome.kind === "timeout")
        return { kind: "timeout", ...so };
    if (outcome.kind === "error") {
        return { kind: "error", message: errorMessage(outcome.error), status: statusOf(outcome.error), ...so };
    }
    return { kind: "done", value: outcome.value, ...so };
}
function reported(capture) {
    return { problems: [...capture.problems], causes: [...capture.causes] };
}
const captures = new Set();
let originalWrite;
let wrapper;
let partialLine = "";
let delivering = false;
function startCapture(log) {
    const capture = { problems: [], causes: [], log };
    captures.add(capture);
    if (!wrapper) {
        const original = process.stdout.write;
        originalWrite = original;
        wrapper = function write(chunk, ...rest) {
            const active = [...captures];
            // Lines a clientLog writes to stdout itself are not captured again.
            if (active.length === 0 || delivering) {
                return original.call(this, chunk, ...rest);
            }
            const text = typeof chunk === "string"
                ? chunk
                : chunk instanceof Uint8Array
                    ? Buffer.from(chunk).toString("utf8")
                    : String(chunk);
            const lines = (partialLine + text).split(/\r?\n/);
            partialLine = lines.pop() ?? "";
            delivering = true;
            try {
                for (const line of lines) {
                    const problem = clientProblem(line);
                    const cause = /^::debug::Failed to reserve cache: (?:Error: )?(.*)$/.exec(line)?.[1];
                    for (const c of active) {
                        if (problem)
                            c.problems.push(problem);
                        if (cause)
                            c.causes.push(unescapeCommand(cause));
                        c.log?.(line);
                    }
                }
            }
            finally {
                delivering = false;
            }
            if (active.every((c) => c.log)) {
                const callback = rest.find((arg) => typeof arg === "function");
                callback?.();
                return true;
            }
            return original.call(this, chunk, ...rest);
        };
        process.stdout.write = wrapper;
    }
    return capture;
}
function endCapture(capture) {
    if (!captures.delete(capture) || captures.size > 0)
        return;
    partialLine = "";
    // Put the original back unless someone wrapped stdout after us (then ours stays, passing through).
    if (wrapper && process.stdout.write === wrapper && originalWrite) {
        process.stdout.write = originalWrite;
        wrapper = undefined;
        originalWrite = undefined;
    }
}
/** The failure a client line reports (`::warning::…`, `::error::…`, `Failed to save: …`), unescaped. */
function clientProblem(line) {
    const command = /^::(warning|error)(?: [^:]*)?::(.*)$/.exec(line);
    const text = command
        ? unescapeCommand(command[2])
        : /^Failed to (save|restore):/.test(line)
            ? line
            : undefined;
    return text?.replace(/^Failed to (save|restore): /, "");
}
/**
 * A client line with its annotation demoted to debug: for a `clientLog` that
 * prints the clients' lines while the caller reports their failures itself
 * (from the result's warnings), so that each shows once.
 */
function demoteAnnotation(line) {
    return line.replace(/^::(warning|error|notice)(?: [^:]*)?::/, "::debug::");
}
function unescapeCommand(text) {
    return text.replace(/%0D/gi, "\r").replace(/%0A/gi, "\n").replace(/%25/g, "%").split("\n")[0].trim();
}
function clientWarning(transport, message, evidence) {
    return { transport, reason: classify(evidence), message: oneLine(message) };
}
function classify(text) {
    if (/\b40[13]\b|permission_denied|unauthenticated|cache (read|write) denied|Forbidden|AuthenticationFailed|AuthorizationPermissionMismatch|Bad credentials/i.test(text)) {
        return "forbidden";
    }
    if (/ECONNREFUSED|ECONNRESET|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|Unable to make request|socket hang up|fetch failed|\b50[0234]\b/i.test(text)) {
        return "unavailable";
    }
    return "failed";
}
async function rest(deadline, call) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), Math.max(1, deadline - Date.now()));
    timer.unref();
    try {
        return { ok: true, value: await call(controller.signal) };
    }
    catch (error) {
        return {
            ok: false,
            status: statusOf(error),
            message: errorMessage(error),
            timedOut: controller.signal.aborted,
        };
    }
    finally {
        clearTimeout(timer);
    }
}
function restFailure(failure, what) {
    if (failure.timedOut) {
        return {
            transport: "artifact",
            reason: "timeout",
            message: `The GitHub API did not answer in time to ${what}.`,
        };
    }
    return (restWarning(failure.status, what, failure.message) ?? {
        transport: "artifact",
        reason: classify(failure.message),
        message: oneLine(`Could not ${what}: ${failure.message}`),
    });
}
function restWarning(status, what, message) {
    if (status === 403) {
        return {
            transport: "artifact",
            reason: "forbidden",
            permission: "actions: read",
            message: `The GitHub API refused to ${what} (403): add \`actions: read\` to the workflow's \`permissions:\` so state can be restored from artifacts.`,
        };
    }
    if (status === 401) {
        return {
            transport: "artifact",
            reason: "forbidden",
            message: `The GitHub API refused the token (401) when asked to ${what}: check the \`github-token\` input.`,
        };
    }
    if (status !== undefined && status >= 500) {
        return {
            transport: "artifact",
            reason: classify(`${status} ${message}`),
            message: oneLine(`Could not ${what}: ${message}`),
        };
    }
    return undefined;
}
// ---- small helpers -----------------------------------------------------------
function statusOf(error) {
    const status = error?.status;
    return typeof status === "number" ? status : undefined;
}
function errorMessage(error) {
    return oneLine(error instanceof Error ? error.message : String(error));
}
function oneLine(text) {
    return (text
        .split(/\r?\n/)
        .find((line) => line.trim() !== "")
        ?.trim() ?? text.trim());
}
function seconds(ms) {
    return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
function capitalize(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
}


/***/ })

};
