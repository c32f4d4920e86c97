export const id = 56;
export const ids = [56];
export const modules = {

/***/ 60905:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ll: () => (/* binding */ STATE_ARTIFACT_NAME),
/* harmony export */   az: () => (/* binding */ TRANSPORT_MANIFEST),
/* harmony export */   fZ: () => (/* binding */ STATE_FILE_NAME),
/* harmony export */   kL: () => (/* binding */ manifestMismatch),
/* harmony export */   kr: () => (/* binding */ writeTransportManifest)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/**
 * What a state artifact holds: `state.db` and `ods-state.json` (the manifest:
 * format, project, environment, cache key, run, size, sha256), how the
 * manifest is written next to the staged file, and how a downloaded one is
 * checked against the scope and the file.
 */



const STATE_ARTIFACT_NAME = "ods-state";
const TRANSPORT_MANIFEST = "ods-state.json";
const MANIFEST_FORMAT = "ods-state-transport/1";
const STATE_FILE_NAME = "state.db";
/** Writes the manifest of `stateFile` into its folder; returns the manifest's path. */
function writeTransportManifest(stateFile, fields) {
    const manifest = node_path__WEBPACK_IMPORTED_MODULE_2___default().join(node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(stateFile), TRANSPORT_MANIFEST);
    (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.writeFileSync)(manifest, `${JSON.stringify({
        format: MANIFEST_FORMAT,
        project: fields.project,
        environment: fields.environment,
        cache_key: fields.cacheKey,
        run_id: fields.runId,
        run_attempt: fields.runAttempt,
        bytes: (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.statSync)(stateFile).size,
        sha256: sha256File(stateFile),
    }, null, 2)}\n`);
    return manifest;
}
/** What is wrong with a downloaded artifact for `scope` (said of the artifact), or undefined; an artifact without a manifest passes. */
function manifestMismatch(manifestFile, stateFile, scope) {
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_1__.existsSync)(manifestFile))
        return undefined;
    let manifest;
    try {
        manifest = JSON.parse((0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)(manifestFile, "utf8"));
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
function sha256File(file) {
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)("sha256").update((0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)(file)).digest("hex");
}


/***/ }),

/***/ 17369:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   N: () => (/* binding */ uploadArtifactFiles),
/* harmony export */   h: () => (/* binding */ uploadStateArtifact)
/* harmony export */ });
/* harmony import */ var _actions_artifact__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(37296);
/* harmony import */ var _client_call_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(51263);
/* harmony import */ var _message_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(44672);
/* harmony import */ var _transport_warning_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(46769);
/**
 * Uploading an artifact with @actions/artifact, kept for the repository's
 * (or the given) retention: the state artifact (the staged `state.db` and its
 * manifest), and the plan page (../plan-page-upload.ts). A service that is
 * down, slow or refuses is a warning, never a throw.
 */




function uploadStateArtifact(name, files, root, params, timeoutMs, watch, warnings) {
    return uploadArtifactFiles("State", { name, files, root, retentionDays: params.retentionDays }, timeoutMs, watch, warnings);
}
/** Uploads `files` (under `root`) as the artifact `name`; `what` starts the warning ("State was not uploaded …"). */
async function uploadArtifactFiles(what, artifact, timeoutMs, watch, warnings) {
    const { name, files, root, retentionDays } = artifact;
    const call = await (0,_client_call_js__WEBPACK_IMPORTED_MODULE_1__/* .callClient */ .w)(() => new _actions_artifact__WEBPACK_IMPORTED_MODULE_0__/* .DefaultArtifactClient */ .t9().uploadArtifact(name, files, root, retentionDays === undefined ? {} : { retentionDays }), timeoutMs, watch);
    if (call.kind === "timeout") {
        const reason = `the artifact service did not answer within ${(0,_message_text_js__WEBPACK_IMPORTED_MODULE_2__/* .seconds */ .YA)(timeoutMs)}`;
        warnings.push({
            transport: "artifact",
            reason: "timeout",
            message: `${what} was not uploaded as an artifact: ${reason}.`,
        });
        return { saved: false, name, reason };
    }
    if (call.kind === "error") {
        warnings.push((0,_transport_warning_js__WEBPACK_IMPORTED_MODULE_3__/* .clientWarning */ .w)("artifact", `${what} was not uploaded as the \`${name}\` artifact: ${call.message}`, call.message));
        return { saved: false, name, reason: call.message };
    }
    if (call.value.id === undefined) {
        const reason = "the artifact service returned no artifact id";
        warnings.push({
            transport: "artifact",
            reason: "failed",
            message: `${what} was not uploaded as an artifact: ${reason}.`,
        });
        return { saved: false, name, reason };
    }
    return { saved: true, name, artifactId: call.value.id, size: call.value.size ?? 0 };
}


/***/ }),

/***/ 54088:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Pi: () => (/* binding */ CACHE_STAGING_PATH),
/* harmony export */   ZJ: () => (/* binding */ stateCacheKeyPrefix),
/* harmony export */   zW: () => (/* binding */ stateCacheKey)
/* harmony export */ });
/**
 * Cache entries of the state. The key is
 * `ods-state-v1-<project>-<environment>-<run id>-<attempt>` (project and
 * environment percent-encoded, `-` included, so that `prod` never
 * prefix-matches `prod-eu`'s keys). Restore asks for the prefix
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
 */
/** The cache entry's file, relative to the working directory (the workspace on a runner). */
const CACHE_STAGING_PATH = ".ods/transport/state.db";
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


/***/ }),

/***/ 51263:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   w: () => (/* binding */ callClient)
/* harmony export */ });
/* harmony import */ var _message_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(44672);

/**
 * Runs a client call with a deadline while watching what it prints. The call
 * is not cancelled at the deadline (the clients can't be); it is abandoned,
 * and its late lines still go to the watch's log.
 */
async function callClient(work, timeoutMs, watch) {
    const capture = watch.start();
    let promise;
    try {
        promise = work();
    }
    catch (error) {
        watch.end(capture);
        return { kind: "error", message: (0,_message_text_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error), status: (0,_message_text_js__WEBPACK_IMPORTED_MODULE_0__/* .statusOf */ .c2)(error), ...reported(capture) };
    }
    const settled = promise.then((value) => ({ kind: "done", value }), (error) => ({ kind: "error", error }));
    void settled.finally(() => watch.end(capture));
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
        return { kind: "error", message: (0,_message_text_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(outcome.error), status: (0,_message_text_js__WEBPACK_IMPORTED_MODULE_0__/* .statusOf */ .c2)(outcome.error), ...so };
    }
    return { kind: "done", value: outcome.value, ...so };
}
function reported(capture) {
    return { problems: [...capture.problems], causes: [...capture.causes] };
}


/***/ }),

/***/ 50251:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  S: () => (/* binding */ ClientOutputWatch)
});

;// CONCATENATED MODULE: ./src/github/state-transport/client-lines.ts
/**
 * What the @actions clients print: the failures they report by printing
 * (`::warning::`, `::error::`, `Failed to …:`) rather than throwing, the cause
 * the cache client logs only under debug, and annotations demoted to debug.
 */
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
/** The cause of a failed cache reservation, which the cache client logs only under debug. */
function reserveCause(line) {
    const cause = /^::debug::Failed to reserve cache: (?:Error: )?(.*)$/.exec(line)?.[1];
    return cause ? unescapeCommand(cause) : undefined;
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

;// CONCATENATED MODULE: ./src/github/state-transport/client-output-watch.ts
/**
 * The @actions clients report their failures by printing (`::warning::`)
 * rather than throwing (restoreCache returns undefined for a miss and for a
 * failure alike). While a client call runs, the transport watches what is
 * written to stdout to learn why, and hands those lines to `clientLog` (or
 * lets them through when there is none).
 *
 * A watch belongs to one transport operation (one restore, one save): it
 * patches `process.stdout.write` only while one of its client calls runs, and
 * puts the original back when the last one ends. Nothing is kept in module
 * state; two operations at once each wrap what they found.
 */

/** On a wrapper a watch installed: what it writes to once its watch has ended (it only passes through then). */
const PASSES_THROUGH_TO = Symbol("ods-state.client-output-watch");
/** `write`, skipping wrappers of ended watches (they only pass through). */
function liveWrite(write) {
    let current = write;
    for (let next = current[PASSES_THROUGH_TO]?.(); next; next = current[PASSES_THROUGH_TO]?.()) {
        current = next;
    }
    return current;
}
class ClientOutputWatch {
    #log;
    #captures = new Set();
    /** Ends the patch of stdout; set while it is installed. */
    #uninstall;
    #partialLine = "";
    #delivering = false;
    /** `log` receives every line printed while a call is watched; without it the lines are printed as usual. */
    constructor(log) {
        this.#log = log;
    }
    /** Starts watching for one client call; end it with `end` when the call settles. */
    start() {
        const capture = { problems: [], causes: [] };
        this.#captures.add(capture);
        if (!this.#uninstall)
            this.#install();
        return capture;
    }
    end(capture) {
        if (!this.#captures.delete(capture) || this.#captures.size > 0)
            return;
        this.#partialLine = "";
        this.#uninstall?.();
        this.#uninstall = undefined;
    }
    #install() {
        const original = liveWrite(process.stdout.write);
        let ended = false;
        const watch = this;
        const wrapper = function write(chunk, ...rest) {
            // Lines a clientLog writes to stdout itself are not captured again.
            if (ended || watch.#captures.size === 0 || watch.#delivering) {
                return original.call(this, chunk, ...rest);
            }
            watch.#deliver(chunk);
            if (watch.#log) {
                const callback = rest.find((arg) => typeof arg === "function");
                callback?.();
                return true;
            }
            return original.call(this, chunk, ...rest);
        };
        wrapper[PASSES_THROUGH_TO] = () => (ended ? original : undefined);
        process.stdout.write = wrapper;
        this.#uninstall = () => {
            ended = true;
            // Put the original back unless someone wrapped stdout after us (then ours stays, passing through).
            if (process.stdout.write === wrapper)
                process.stdout.write = liveWrite(original);
        };
    }
    /** Splits what was written into lines and gives each to every running capture and to the log. */
    #deliver(chunk) {
        const active = [...this.#captures];
        const text = typeof chunk === "string"
            ? chunk
            : chunk instanceof Uint8Array
                ? Buffer.from(chunk).toString("utf8")
                : String(chunk);
        const lines = (this.#partialLine + text).split(/\r?\n/);
        this.#partialLine = lines.pop() ?? "";
        this.#delivering = true;
        try {
            for (const line of lines) {
                const problem = clientProblem(line);
                const cause = reserveCause(line);
                // Logged once per running call: a late line of an abandoned call shows with the current one.
                for (const capture of active) {
                    if (problem)
                        capture.problems.push(problem);
                    if (cause !== undefined)
                        capture.causes.push(cause);
                    this.#log?.(line);
                }
            }
        }
        finally {
            this.#delivering = false;
        }
    }
}


/***/ }),

/***/ 44672:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   TN: () => (/* binding */ oneLine),
/* harmony export */   YA: () => (/* binding */ seconds),
/* harmony export */   ZH: () => (/* binding */ capitalize),
/* harmony export */   c2: () => (/* binding */ statusOf),
/* harmony export */   gJ: () => (/* binding */ errorMessage)
/* harmony export */ });
/**
 * How things read in the transport's messages: an error's first line and
 * HTTP status, a duration, a sentence start.
 */
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


/***/ }),

/***/ 44056:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  saveState: () => (/* binding */ saveState)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./node_modules/@actions/cache/lib/cache.js + 91 modules
var cache = __webpack_require__(18091);
// EXTERNAL MODULE: ./src/store/sqlite-file-checks.ts
var sqlite_file_checks = __webpack_require__(74004);
// EXTERNAL MODULE: ./src/github/state-transport/artifact-contents.ts
var artifact_contents = __webpack_require__(60905);
// EXTERNAL MODULE: ./src/github/state-transport/artifact-upload.ts
var artifact_upload = __webpack_require__(17369);
// EXTERNAL MODULE: ./src/github/state-transport/cache-keys.ts
var cache_keys = __webpack_require__(54088);
// EXTERNAL MODULE: ./src/github/state-transport/client-call.ts
var client_call = __webpack_require__(51263);
// EXTERNAL MODULE: ./src/github/state-transport/message-text.ts
var message_text = __webpack_require__(44672);
// EXTERNAL MODULE: ./src/github/state-transport/transport-warning.ts
var transport_warning = __webpack_require__(46769);
;// CONCATENATED MODULE: ./src/github/state-transport/cache-save.ts
/**
 * Saving to the Actions cache: the staged file at CACHE_STAGING_PATH under
 * this run attempt's own key (see cache-keys.ts).
 */





async function saveToCache(key, timeoutMs, watch, warnings) {
    const call = await (0,client_call/* callClient */.w)(() => cache/* saveCache */.Io([cache_keys/* CACHE_STAGING_PATH */.Pi], key), timeoutMs, watch);
    if (call.kind === "timeout") {
        const reason = `the Actions cache did not answer within ${(0,message_text/* seconds */.YA)(timeoutMs)}`;
        warnings.push({
            transport: "cache",
            reason: "timeout",
            message: `State was not saved to the Actions cache: ${reason}.`,
        });
        return { saved: false, key, reason };
    }
    if (call.kind === "error") {
        warnings.push((0,transport_warning/* clientWarning */.w)("cache", `State was not saved to the Actions cache: ${call.message}`, call.message));
        return { saved: false, key, reason: call.message };
    }
    if (call.value > 0)
        return { saved: true, key, entryId: call.value };
    // A failed reservation is printed as "another job may be creating this cache"; the cause is in a debug line.
    const reason = call.causes[0] ?? call.problems[0] ?? "the cache client gave no reason";
    const evidence = [...call.causes, ...call.problems].join(" ");
    warnings.push((0,transport_warning/* clientWarning */.w)("cache", `State was not saved to the Actions cache (key ${key}): ${reason}`, evidence));
    return { saved: false, key, reason };
}

// EXTERNAL MODULE: ./src/github/state-transport/client-output-watch.ts + 1 modules
var client_output_watch = __webpack_require__(50251);
// EXTERNAL MODULE: ./src/github/state-transport/transport-options.ts
var transport_options = __webpack_require__(22987);
;// CONCATENATED MODULE: ./src/github/state-transport/save-state.ts
/**
 * Save: how `.ods/state.db` is kept for later workflow runs. Default branch
 * only (a save from another branch breaks this module's contract and
 * throws), after a successful record: a new cache entry under this run
 * attempt's own key (cache-save.ts) and an `ods-state` artifact
 * (artifact-upload.ts). A file the store's file checks refuse (not an
 * ods-state database, a write-ahead log not checkpointed) is not saved. A
 * service that is down, slow or refuses is a warning; nothing here throws
 * for a service failure.
 */










async function saveState(params) {
    if (params.branch !== params.defaultBranch) {
        throw new Error(`saveState is only for runs on the default branch (${params.defaultBranch}); this run is on ${params.branch}.`);
    }
    const key = (0,cache_keys/* stateCacheKey */.zW)(params, params.runId, params.runAttempt);
    const name = params.artifactName ?? artifact_contents/* STATE_ARTIFACT_NAME */.Ll;
    const warnings = [];
    const notes = [];
    let savedCache = { saved: false, key, reason: "not tried" };
    let savedArtifact = { saved: false, name, reason: "not tried" };
    const problem = (0,external_node_fs_.existsSync)(params.statePath)
        ? (0,sqlite_file_checks/* copyableStateFileProblem */.WV)(params.statePath)
        : "it does not exist";
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
    const staging = external_node_path_default().resolve(cache_keys/* CACHE_STAGING_PATH */.Pi);
    const stagingDir = external_node_path_default().dirname(staging);
    (0,external_node_fs_.rmSync)(stagingDir, { recursive: true, force: true });
    (0,external_node_fs_.mkdirSync)(stagingDir, { recursive: true });
    (0,external_node_fs_.copyFileSync)(params.statePath, staging);
    const manifest = (0,artifact_contents/* writeTransportManifest */.kr)(staging, {
        project: params.project,
        environment: params.environment,
        cacheKey: key,
        runId: params.runId,
        runAttempt: params.runAttempt,
    });
    const timeoutMs = params.timeoutMs ?? transport_options/* DEFAULT_TRANSPORT_TIMEOUT_MS */.N;
    const watch = new client_output_watch/* ClientOutputWatch */.S(params.clientLog);
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
            savedCache = await saveToCache(key, timeoutMs, watch, warnings);
            if (savedCache.saved)
                notes.push(`Actions cache: saved ${key} (entry ${savedCache.entryId}).`);
        }
        if (params.artifact === false) {
            savedArtifact = { saved: false, name, reason: "turned off" };
        }
        else {
            savedArtifact = await (0,artifact_upload/* uploadStateArtifact */.h)(name, [staging, manifest], stagingDir, params, timeoutMs, watch, warnings);
            if (savedArtifact.saved)
                notes.push(`Artifacts: uploaded \`${name}\` (artifact ${savedArtifact.artifactId}).`);
        }
    }
    finally {
        (0,external_node_fs_.rmSync)(stagingDir, { recursive: true, force: true });
    }
    return { cache: savedCache, artifact: savedArtifact, warnings, notes };
}


/***/ }),

/***/ 22987:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   N: () => (/* binding */ DEFAULT_TRANSPORT_TIMEOUT_MS)
/* harmony export */ });
/**
 * What every transport call (restore, save) takes: a time limit and where the
 * clients' lines go.
 *
 * What the clients read from the environment (the transport reads none of it,
 * the caller passes what it needs): @actions/cache ACTIONS_CACHE_SERVICE_V2,
 * ACTIONS_RESULTS_URL (ACTIONS_CACHE_URL for service v1), ACTIONS_RUNTIME_TOKEN,
 * ACTIONS_CACHE_MODE, GITHUB_SERVER_URL (any host but github.com, *.ghe.com or
 * *.localhost counts as GHES: cache v1, no artifacts), GITHUB_WORKSPACE (tar's
 * working directory), RUNNER_TEMP (archives), SEGMENT_DOWNLOAD_TIMEOUT_MINS;
 * @actions/artifact ACTIONS_RESULTS_URL, ACTIONS_RUNTIME_TOKEN (a JWT whose
 * `scp` claim carries the run's backend ids), GITHUB_SERVER_URL, GITHUB_API_URL
 * (read once, when @actions/github loads), GITHUB_WORKSPACE,
 * GITHUB_RETENTION_DAYS, ACTIONS_ARTIFACT_UPLOAD_TIMEOUT_MS.
 */
const DEFAULT_TRANSPORT_TIMEOUT_MS = 120_000;


/***/ }),

/***/ 46769:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ classify),
/* harmony export */   w: () => (/* binding */ clientWarning)
/* harmony export */ });
/* harmony import */ var _message_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(44672);
/**
 * What the transport reports instead of throwing: one warning per service
 * failure, with the reason a workflow author acts on.
 */

function clientWarning(transport, message, evidence) {
    return { transport, reason: classify(evidence), message: (0,_message_text_js__WEBPACK_IMPORTED_MODULE_0__/* .oneLine */ .TN)(message) };
}
/** The reason a failure's text (status, error code, client message) points to. */
function classify(text) {
    if (/\b40[13]\b|permission_denied|unauthenticated|cache (read|write) denied|Forbidden|AuthenticationFailed|AuthorizationPermissionMismatch|Bad credentials/i.test(text)) {
        return "forbidden";
    }
    if (/ECONNREFUSED|ECONNRESET|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|Unable to make request|socket hang up|fetch failed|\b50[0234]\b/i.test(text)) {
        return "unavailable";
    }
    return "failed";
}


/***/ })

};
