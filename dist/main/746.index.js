export const id = 746;
export const ids = [746];
export const modules = {

/***/ 746:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   uploadPlanPage: () => (/* binding */ uploadPlanPage)
/* harmony export */ });
/* harmony import */ var _state_transport_artifact_upload_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(17369);
/* harmony import */ var _state_transport_client_output_watch_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(50251);
/* harmony import */ var _state_transport_transport_options_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(22987);
/**
 * Uploading the full plan (the HTML page and the plan file) as an artifact
 * of the workflow run, so that the comment and the job summary can link to
 * it. Through the same @actions/artifact path as the state artifact
 * (state-transport/artifact-upload.ts: a deadline, the client's printed
 * failures collected): a service that is absent, down, slow or refusing is
 * a warning for the log, never a failed step.
 */



async function uploadPlanPage(params) {
    const warnings = [];
    const watch = new _state_transport_client_output_watch_js__WEBPACK_IMPORTED_MODULE_1__/* .ClientOutputWatch */ .S(params.clientLog);
    const saved = await (0,_state_transport_artifact_upload_js__WEBPACK_IMPORTED_MODULE_0__/* .uploadArtifactFiles */ .N)("The plan page", { name: params.name, files: params.files, root: params.root, retentionDays: params.retentionDays }, params.timeoutMs ?? _state_transport_transport_options_js__WEBPACK_IMPORTED_MODULE_2__/* .DEFAULT_TRANSPORT_TIMEOUT_MS */ .N, watch, warnings);
    if (saved.saved)
        return { uploaded: true, name: params.name, artifactId: saved.artifactId };
    return {
        uploaded: false,
        name: params.name,
        warning: warnings.map((w) => w.message).join(" ") ||
            `The plan page was not uploaded as the \`${params.name}\` artifact: ${saved.reason}.`,
    };
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
