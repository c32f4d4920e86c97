export const id = 906;
export const ids = [906];
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

/***/ 58906:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  restoreState: () => (/* binding */ restoreState)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/store/sqlite-file-checks.ts
var sqlite_file_checks = __webpack_require__(74004);
// EXTERNAL MODULE: ./node_modules/@actions/artifact/lib/artifact.js + 86 modules
var artifact = __webpack_require__(37296);
// EXTERNAL MODULE: ./node_modules/@octokit/rest/dist-src/index.js + 1 modules
var dist_src = __webpack_require__(11303);
// EXTERNAL MODULE: ./src/github/state-transport/message-text.ts
var message_text = __webpack_require__(44672);
// EXTERNAL MODULE: ./src/github/state-transport/transport-warning.ts
var transport_warning = __webpack_require__(46769);
;// CONCATENATED MODULE: ./src/github/state-transport/github-rest.ts
/**
 * The GitHub REST API as the artifact fallback uses it: a client for the
 * repository, calls with a deadline, and what a refusal means in a warning
 * (403: the workflow lacks `actions: read`; 401: the token).
 */



/** A REST client for `github`; what Octokit warns about goes to `notes`. */
function restClient(github, notes) {
    return new dist_src/* Octokit */.E({
        auth: github.token,
        baseUrl: github.apiUrl.replace(/\/+$/, ""),
        log: { debug() { }, info() { }, warn: (m) => notes.push(m), error() { } },
    });
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
            status: (0,message_text/* statusOf */.c2)(error),
            message: (0,message_text/* errorMessage */.gJ)(error),
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
        reason: (0,transport_warning/* classify */.L)(failure.message),
        message: (0,message_text/* oneLine */.TN)(`Could not ${what}: ${failure.message}`),
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
            reason: (0,transport_warning/* classify */.L)(`${status} ${message}`),
            message: (0,message_text/* oneLine */.TN)(`Could not ${what}: ${message}`),
        };
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/github/state-transport/artifact-choice.ts

const DEFAULT_MAX_CANDIDATES = 10;
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

// EXTERNAL MODULE: ./src/github/state-transport/artifact-contents.ts
var artifact_contents = __webpack_require__(60905);
// EXTERNAL MODULE: ./src/github/state-transport/client-call.ts
var client_call = __webpack_require__(51263);
// EXTERNAL MODULE: ./src/github/state-transport/transport-options.ts
var transport_options = __webpack_require__(22987);
;// CONCATENATED MODULE: ./src/github/state-transport/artifact-restore.ts
/**
 * Restoring from the newest qualifying `ods-state` artifact (see
 * artifact-choice.ts): downloaded with @actions/artifact's
 * `downloadArtifact({ findBy })`, which checks the digest, into a folder of
 * its own under the temp dir, and used only when it holds `state.db` and its
 * manifest (when there is one) names this scope and the file's sha256.
 */










async function restoreFromArtifact(params, watch, warnings, notes) {
    const name = params.artifactName ?? artifact_contents/* STATE_ARTIFACT_NAME */.Ll;
    const github = params.github;
    if (!github) {
        warnings.push({
            transport: "artifact",
            reason: "not_configured",
            message: `No GitHub token was given, so the \`${name}\` artifact could not be looked for.`,
        });
        return undefined;
    }
    const timeoutMs = params.timeoutMs ?? transport_options/* DEFAULT_TRANSPORT_TIMEOUT_MS */.N;
    const deadline = Date.now() + timeoutMs;
    const octokit = restClient(github, notes);
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
    const call = await (0,client_call/* callClient */.w)(() => new artifact/* DefaultArtifactClient */.t9().downloadArtifact(chosen.id, {
        path: dir,
        findBy: {
            token: github.token,
            repositoryOwner: github.owner,
            repositoryName: github.repo,
            workflowRunId: chosen.runId,
        },
        ...(chosen.digest ? { expectedHash: chosen.digest } : {}),
    }), Math.max(1, deadline - Date.now()), watch);
    const what = `the \`${name}\` artifact ${chosen.id} of run ${chosen.runId}`;
    if (call.kind === "timeout") {
        warnings.push({
            transport: "artifact",
            reason: "timeout",
            message: `Downloading ${what} did not finish within ${(0,message_text/* seconds */.YA)(timeoutMs)}.`,
        });
        return undefined;
    }
    if (call.kind === "error") {
        const warning = call.status === undefined ? undefined : restWarning(call.status, `download ${what}`, call.message);
        warnings.push(warning ?? (0,transport_warning/* clientWarning */.w)("artifact", `Downloading ${what} failed: ${call.message}`, call.message));
        return undefined;
    }
    if (call.value.digestMismatch) {
        warnings.push({
            transport: "artifact",
            reason: "invalid",
            message: `${(0,message_text/* capitalize */.ZH)(what)} does not match its recorded digest; it was not used.`,
        });
        return undefined;
    }
    const file = external_node_path_default().join(dir, artifact_contents/* STATE_FILE_NAME */.fZ);
    if (!(0,external_node_fs_.existsSync)(file)) {
        warnings.push({
            transport: "artifact",
            reason: "invalid",
            message: `${(0,message_text/* capitalize */.ZH)(what)} has no ${artifact_contents/* STATE_FILE_NAME */.fZ}; it was not used.`,
        });
        return undefined;
    }
    const mismatch = (0,artifact_contents/* manifestMismatch */.kL)(external_node_path_default().join(dir, artifact_contents/* TRANSPORT_MANIFEST */.az), file, params);
    if (mismatch) {
        warnings.push({
            transport: "artifact",
            reason: "invalid",
            message: `${(0,message_text/* capitalize */.ZH)(what)} ${mismatch}; it was not used.`,
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

// EXTERNAL MODULE: ./node_modules/@actions/cache/lib/cache.js + 91 modules
var cache = __webpack_require__(18091);
// EXTERNAL MODULE: ./src/github/state-transport/cache-keys.ts
var cache_keys = __webpack_require__(54088);
;// CONCATENATED MODULE: ./src/github/state-transport/cache-restore.ts
/**
 * Restoring from the Actions cache: the newest entry under this scope's key
 * prefix (see cache-keys.ts), staged at CACHE_STAGING_PATH and used only when
 * its key is this scope's and it holds the file.
 */








async function restoreFromCache(params, watch, warnings, notes) {
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
    const prefix = (0,cache_keys/* stateCacheKeyPrefix */.ZJ)(params);
    const staging = external_node_path_default().resolve(cache_keys/* CACHE_STAGING_PATH */.Pi);
    (0,external_node_fs_.rmSync)(external_node_path_default().dirname(staging), { recursive: true, force: true });
    const timeoutMs = params.timeoutMs ?? transport_options/* DEFAULT_TRANSPORT_TIMEOUT_MS */.N;
    const call = await (0,client_call/* callClient */.w)(() => cache/* restoreCache */.P3([cache_keys/* CACHE_STAGING_PATH */.Pi], prefix, [], {
        timeoutInMs: timeoutMs,
        segmentTimeoutInMs: timeoutMs,
    }), timeoutMs, watch);
    if (call.kind === "timeout") {
        warnings.push({
            transport: "cache",
            reason: "timeout",
            message: `The Actions cache did not answer within ${(0,message_text/* seconds */.YA)(timeoutMs)}; state was looked for elsewhere.`,
        });
        return undefined;
    }
    if (call.kind === "error") {
        warnings.push((0,transport_warning/* clientWarning */.w)("cache", `Restoring state from the Actions cache failed: ${call.message}`, call.message));
        return undefined;
    }
    const key = call.value;
    if (key === undefined) {
        const reported = call.problems.join(" ");
        if (reported) {
            warnings.push((0,transport_warning/* clientWarning */.w)("cache", `Restoring state from the Actions cache failed: ${call.problems[0]}`, reported));
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
            message: `The Actions cache entry \`${key}\` did not contain ${cache_keys/* CACHE_STAGING_PATH */.Pi}; it was not used.`,
        });
        return undefined;
    }
    notes.push(`Actions cache: found ${key}.`);
    return { source: { kind: "cache", key }, file: staging };
}

// EXTERNAL MODULE: ./src/github/state-transport/client-output-watch.ts + 1 modules
var client_output_watch = __webpack_require__(50251);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
;// CONCATENATED MODULE: ./src/github/state-transport/place-restored-file.ts
/**
 * Puts a restored file at the state path, moving whatever was there (and its
 * SQLite sidecars) aside first: nothing at the state path is deleted.
 */



const SIDECARS = ["-wal", "-shm", "-journal"];
/**
 * Moves `file` to `target`. Whatever was at `target` (and its SQLite
 * sidecars, which would otherwise be applied to the new file) is moved to
 * `<target>.before-restore.bak` first; returns that path when it did.
 */
function placeRestoredFile(file, target) {
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

;// CONCATENATED MODULE: ./src/github/state-transport/restore-source.ts
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

;// CONCATENATED MODULE: ./src/github/state-transport/restore-state.ts
/**
 * Restore: how `.ods/state.db` arrives from an earlier workflow run. Every
 * run restores: the Actions cache first (cache-restore.ts), then the newest
 * `ods-state` artifact of a successful default-branch run
 * (artifact-restore.ts), else nothing. A service that is down, slow or
 * refuses is a warning and the next source is tried; nothing here throws for
 * a service failure. The file found is put at the state path (what was there
 * is moved aside) and its header checked with the store's file checks: a file
 * that is not an ods-state database is reported with where it came from.
 */








async function restoreState(params) {
    const warnings = [];
    const notes = [];
    const watch = new client_output_watch/* ClientOutputWatch */.S(params.clientLog);
    const found = (await restoreFromCache(params, watch, warnings, notes)) ??
        (await restoreFromArtifact(params, watch, warnings, notes));
    if (!found) {
        notes.push("No saved state: every node will be built.");
        return { source: { kind: "none" }, warnings, notes };
    }
    const replaced = placeRestoredFile(found.file, params.statePath);
    (0,external_node_fs_.rmSync)(external_node_path_default().dirname(found.file), { recursive: true, force: true });
    const problem = (0,sqlite_file_checks/* stateFileHeaderProblem */.ik)(params.statePath);
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
