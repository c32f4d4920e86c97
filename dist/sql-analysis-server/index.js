import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 441:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  tq: () => (/* binding */ loadAnalyzeSql)
});

// UNUSED EXPORTS: MAX_COLUMN_FACTS_SQL_LENGTH, analyzeSqlOver, loadAnalyzeSqlFrom

;// CONCATENATED MODULE: ./src/runtime/blank-sql-comments.ts
/**
 * Compiled SQL with its comments blanked out, for the SQL parser
 * (src/runtime/sql-analyzer.ts): @polyglot-sql/sdk 0.12.1 drops a bare
 * column that follows a `--` comment inside a CTE from that CTE's output
 * columns (`with r as (select id as a,\n -- c\n tax_rate from s) select *
 * from r` gives `a` alone; with a schema it names it `_col_1`), which
 * bench/sql-parse-bench.ts measured on jaffle-shop-duckdb and planetkart.
 *
 * Each comment becomes as many spaces (line breaks kept), so every offset
 * the parser reports still points into the original text. Quoted strings
 * and identifiers (`'…'`, `"…"`, `` `…` ``) are skipped whole; a doubled
 * quote is two quoted runs side by side, and a backslash escape (BigQuery)
 * at worst ends a run early and leaves a comment-like text as it is, which
 * the parser then reads as the comment it is or rejects. Nothing else
 * changes: a `--` or `/*` outside quotes opens a comment in every dialect
 * the analyzer maps (BigQuery's `#` comments are left to the parser).
 */
function blank_sql_comments_blankSqlComments(sql) {
    if (!sql.includes("--") && !sql.includes("/*"))
        return sql;
    const out = sql.split("");
    let i = 0;
    while (i < sql.length) {
        const ch = sql[i];
        if (ch === "'" || ch === '"' || ch === "`") {
            const close = sql.indexOf(ch, i + 1);
            i = close < 0 ? sql.length : close + 1;
            continue;
        }
        if (ch === "-" && sql[i + 1] === "-") {
            while (i < sql.length && sql[i] !== "\n")
                out[i++] = " ";
            continue;
        }
        if (ch === "/" && sql[i + 1] === "*") {
            const close = sql.indexOf("*/", i + 2);
            const end = close < 0 ? sql.length : close + 2;
            for (; i < end; i++)
                if (sql[i] !== "\n")
                    out[i] = " ";
            continue;
        }
        i++;
    }
    return out.join("");
}

;// CONCATENATED MODULE: ./src/runtime/column-facts-analysis.ts
const SET_OPERATIONS = ["union", "intersect", "except"];
class Unsupported extends Error {
}
/** The node without comments or source positions, unquoted function names upper-cased: none changes what the SQL means. */
function withoutComments(node) {
    return JSON.parse(JSON.stringify(node, (key, value) => {
        if (key === "span")
            return undefined;
        if (key.endsWith("comments"))
            return Array.isArray(value) ? [] : value;
        // An unquoted function name is case-insensitive: `date_trunc` and `DATE_TRUNC` are one function.
        if (key === "function" && value && typeof value.name === "string" && !value.quoted)
            return { ...value, name: value.name.toUpperCase() };
        return value;
    }));
}
function render(sdk, node, dialect) {
    const out = sdk.generate([withoutComments(node)], dialect);
    if (!out.success || !out.sql?.[0])
        throw new Unsupported(`cannot render: ${out.error}`);
    return out.sql[0];
}
function identifier(node) {
    if (!node)
        return null;
    return node.quoted ? `"${node.name}"` : node.name;
}
function setOperationOf(node) {
    for (const kind of SET_OPERATIONS)
        if (node?.[kind])
            return { kind, body: node[kind] };
    return null;
}
/** The SELECTs of a statement, left to right, and its set operation's kind and ALL. */
function flatten(node, into, ops) {
    const op = setOperationOf(node);
    if (op !== null) {
        ops.push({ kind: op.kind, all: op.body.all === true });
        flatten(op.body.left, into, ops);
        flatten(op.body.right, into, ops);
        return;
    }
    if (node?.subquery?.this) {
        flatten(node.subquery.this, into, ops);
        return;
    }
    if (node?.paren?.this) {
        flatten(node.paren.this, into, ops);
        return;
    }
    if (!node?.select)
        throw new Unsupported(`a set operation branch that is not a SELECT (${Object.keys(node ?? {})[0]})`);
    into.push(node.select);
}
function relationsOf(select) {
    const sources = [
        ...(select.from?.expressions ?? []),
        ...(select.joins ?? []).map((join) => join.this),
    ];
    const relations = sources.map((source) => {
        const table = source?.table;
        if (!table)
            return { name: Object.keys(source ?? {})[0] ?? "unknown", kind: "derived_table" };
        const parts = [table.catalog?.name, table.schema?.name, table.name?.name].filter((part) => part);
        return {
            name: parts.join("."),
            alias: table.alias?.name ?? null,
            kind: "table",
            catalog: table.catalog?.name ?? null,
            schema: table.schema?.name ?? null,
            table: table.name?.name ?? null,
        };
    });
    if ((select.lateral_views ?? []).length > 0)
        relations.push({ name: "lateral view", kind: "virtual" });
    return relations;
}
function isWindowed(expression) {
    const inner = expression?.alias?.this ?? expression;
    return Boolean(inner?.window_function);
}
function starOf(expression) {
    if (expression?.star)
        return { table: identifier(expression.star.table) };
    if (expression?.column?.name?.name === "*" || expression?.column?.this?.star)
        return { table: identifier(expression.column.table) };
    return null;
}
function nameOf(expression) {
    return expression?.alias?.alias?.name ?? expression?.column?.name?.name ?? null;
}
/**
 * The analysis' fact for each projection of the parse. With no star, they go
 * by position; with one, the analysis lists the columns it expanded from a
 * CTE among them, so explicit projections go by name.
 */
function factsFor(projections, facts) {
    const stars = projections.some((expression) => starOf(expression) !== null);
    if (!stars) {
        if (facts.length !== projections.length)
            throw new Unsupported("the analysis and the parse disagree on the projections");
        return [...facts];
    }
    return projections.map((expression) => {
        const star = starOf(expression);
        if (star !== null)
            return { name: "*", isStar: true, starTable: star.table, upstream: [] };
        const name = nameOf(expression)?.toLowerCase();
        const named = facts.filter((fact) => !fact.isStar && (fact.name ?? "").toLowerCase() === name);
        const explicit = named.filter((fact) => !(fact.upstream ?? []).every((ref) => ref.sourceKind === "cte" && (ref.column ?? "").toLowerCase() === name) || named.length === 1);
        if (explicit.length !== 1)
            throw new Unsupported(`cannot tell projection ${name} from a star's columns`);
        return explicit[0];
    });
}
function branchOf(sdk, select, projections, dialect, analysed) {
    const facts = factsFor(projections, analysed);
    const clauses = {
        select: { ...select, expressions: [{ literal: { literal_type: "number", value: "1" } }], with: null },
    };
    return {
        projections: projections.map((expression, index) => ({
            name: facts[index].name ?? null,
            isStar: facts[index].isStar === true,
            starTable: facts[index].starTable ?? null,
            sql: render(sdk, expression, dialect),
            upstream: facts[index].upstream ?? [],
        })),
        rowSetSql: render(sdk, clauses, dialect),
        distinct: select.distinct === true || Boolean(select.distinct_on),
        aggregates: projections.some((expression) => !isWindowed(expression) && sdk.ast.hasAggregates(expression)),
        relations: relationsOf(select),
    };
}
/** One statement in an SDK dialect (`duckdb`, `postgresql`, …) as column facts read it; `{ ok: false }` for anything it cannot map. */
function columnFactsAnalysis(sdk, sql, dialect) {
    try {
        const analysed = sdk.analyzeQuery(sql, dialect);
        if (!analysed.success || !analysed.analysis)
            return { ok: false, error: analysed.error ?? "analysis failed" };
        const parsed = sdk.parse(sql, dialect);
        if (!parsed.success || !parsed.ast || parsed.ast.length !== 1)
            return { ok: false, error: parsed.error ?? "not one statement" };
        const statement = parsed.ast[0];
        const analysis = analysed.analysis;
        const selects = [];
        const ops = [];
        flatten(statement, selects, ops);
        if (new Set(ops.map((op) => `${op.kind}/${op.all}`)).size > 1)
            return { ok: false, error: "a set operation mixing kinds" };
        let branches;
        let setOperation = null;
        if (ops.length === 0) {
            branches = [branchOf(sdk, selects[0], selects[0].expressions, dialect, analysis.projections)];
        }
        else {
            const op = analysis.setOperations[0];
            if (analysis.setOperations.length !== 1 || op === undefined || op.branches.length !== selects.length) {
                return { ok: false, error: "set operation branches the analysis does not list one by one" };
            }
            branches = selects.map((select, index) => branchOf(sdk, select, select.expressions, dialect, op.branches[index]?.projections ?? []));
            const body = setOperationOf(statement)?.body;
            const clauses = JSON.stringify({
                order_by: body?.order_by ?? null,
                limit: body?.limit ?? null,
                offset: body?.offset ?? null,
                by_name: body?.by_name ?? null,
            }, (key, value) => (key === "span" || key.endsWith("comments") ? undefined : value));
            setOperation = { kind: ops[0]?.kind ?? "union", all: ops[0]?.all ?? false, clausesSql: clauses };
        }
        return {
            ok: true,
            analysis: {
                shape: analysis.shape,
                ctes: analysis.cteFacts.map((cte) => ({ name: cte.name, bodySql: cte.bodySql })),
                branches,
                setOperation,
                baseTables: analysis.baseTables,
                columnUses: (analysis.columnUses ?? []).map((use) => ({
                    context: use.context,
                    scopePath: use.scopePath,
                    expressionSql: use.expressionSql,
                    references: use.references,
                })),
            },
        };
    }
    catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
}

;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
;// CONCATENATED MODULE: external "node:module"
const external_node_module_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:module");
;// CONCATENATED MODULE: external "node:path"
const external_node_path_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
var external_node_path_default = /*#__PURE__*/__nccwpck_require__.n(external_node_path_namespaceObject);
;// CONCATENATED MODULE: external "node:url"
const external_node_url_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");
;// CONCATENATED MODULE: ./src/runtime/polyglot-sdk.ts
/**
 * Loads @polyglot-sql/sdk 0.12.1 (a Rust port of sqlglot compiled to
 * WebAssembly) through its `manual` entry, once per process, for every user
 * of the parser (sql-analyzer.ts, column-facts-analyzer.ts).
 *
 * Why the manual entry: the default entry finds its 22.8 MB
 * `polyglot_sql.wasm` through `new URL(…, import.meta.url)`, which ncc
 * copies into the bundle re-encoded as UTF-8 (corrupt: "section was shorter
 * than expected"), and it replaces `globalThis.fetch` on Node. Here the bytes
 * are read from a file and handed to `init`:
 * - inside a bundle (`dist/<entry>/index.js`): `dist/wasm/polyglot_sql.wasm`,
 *   which scripts/bundle.mjs copies there;
 * - from the sources (tests, bench): the package's own file.
 *
 * Loading costs ≈ 0.3–0.4 s (WebAssembly compile) and the first analysis
 * ≈ 0.15 s more: load once, only when there is SQL to analyse.
 */




/** Where the WebAssembly file is: next to the bundle, else the installed package's (throws when neither is there; the loaders below catch it). */
function polyglot_sdk_polyglotWasmFile() {
    const here = external_node_path_default().dirname((0,external_node_url_namespaceObject.fileURLToPath)(import.meta.url));
    const bundled = external_node_path_default().join(here, "..", "wasm", "polyglot_sql.wasm");
    if ((0,external_node_fs_namespaceObject.existsSync)(bundled))
        return bundled;
    return (0,external_node_module_namespaceObject.createRequire)(import.meta.url).resolve("@polyglot-sql/sdk/polyglot_sql.wasm");
}
let loaded;
/** The SDK loaded from polyglotWasmFile(), once per process (later calls share the first load; a failed load is tried again). */
function polyglot_sdk_loadPolyglotSdk() {
    loaded ??= polyglot_sdk_loadPolyglotSdkFrom(undefined).then((result) => {
        if (!result.ok)
            loaded = undefined;
        return result;
    });
    return loaded;
}
/**
 * The SDK loaded from `givenWasmFile` (default polyglotWasmFile()). The file
 * is read on every call, so a missing file is always reported; the SDK
 * itself compiles the WebAssembly only on the first successful call.
 */
/** WebAssembly, which the project's TypeScript libraries (no DOM) don't declare. */
const wasm = globalThis
    .WebAssembly;
async function polyglot_sdk_loadPolyglotSdkFrom(givenWasmFile) {
    let wasmFile = givenWasmFile ?? "polyglot_sql.wasm";
    try {
        wasmFile = givenWasmFile ?? polyglot_sdk_polyglotWasmFile();
        const sdk = (await __nccwpck_require__.e(/* import() */ 482).then(__nccwpck_require__.bind(__nccwpck_require__, 482)));
        // A string or URL would go to fetch(), which has no file: URLs on Node. Compiled here (off the main
        // thread), the module goes straight to WebAssembly.instantiate: a Response would be copied through
        // undici first (about 0.4 s of CPU for the 22.8 MB file).
        const module = await wasm.compile((0,external_node_fs_namespaceObject.readFileSync)(wasmFile));
        await sdk.init({ wasmUrl: module });
        return { ok: true, sdk };
    }
    catch (error) {
        return { ok: false, error: `the SQL parser did not load from ${wasmFile}: ${error.message}` };
    }
}

;// CONCATENATED MODULE: ./src/runtime/sql-analyzer.ts
/**
 * The SQL parser for column-level impact (issue 24,
 * docs/decisions/column-impact-parser.md): @polyglot-sql/sdk, a Rust port of
 * sqlglot compiled to WebAssembly, through its `manual` entry, loaded once
 * per process by polyglot-sdk.ts (which says why the manual entry and where
 * the WebAssembly file is).
 *
 * `analyze` never throws: a parse failure, a dialect the SDK lacks, or a
 * query past the guard below is `{ ok: false }`, which the planner reads as
 * "unknown" (BUILD).
 */


/**
 * Set-operation branches past which a query is not analysed: the SDK's
 * analysis grows about as the cube of the branches (measured with 7 columns:
 * 8 branches 0.16 s, 16 branches 0.9 s, 32 branches 5 s; parsing alone stays
 * under 20 ms), and tuva's 24- and 30-branch unions took 5–8 s each.
 * Counted on the comment-free text as UNION / INTERSECT / EXCEPT words (a
 * word inside a string counts too: that only gives up more often).
 */
const MAX_SET_OPERATIONS = 12;
/** UNION / INTERSECT / EXCEPT words in comment-free SQL, for the MAX_SET_OPERATIONS guard. */
function setOperationsIn(text) {
    return text.match(/\b(union|intersect|except)\b/gi)?.length ?? 0;
}
/** dbt adapter types the SDK has a dialect for; any other adapter is not analysed. */
const DIALECTS = {
    athena: "athena",
    bigquery: "bigquery",
    clickhouse: "clickhouse",
    databricks: "databricks",
    doris: "doris",
    duckdb: "duckdb",
    fabric: "fabric",
    materialize: "materialize",
    mysql: "mysql",
    oracle: "oracle",
    postgres: "postgresql",
    redshift: "redshift",
    risingwave: "risingwave",
    singlestore: "singlestore",
    snowflake: "snowflake",
    spark: "spark",
    sqlite: "sqlite",
    sqlserver: "tsql",
    starrocks: "starrocks",
    teradata: "teradata",
    trino: "trino",
};
/** The SDK's dialect for a dbt adapter type, or undefined when it has none. */
function sqlDialectOf(adapterType) {
    return DIALECTS[adapterType.toLowerCase()];
}
/** Where the WebAssembly file is: next to the bundle, else the installed package's. */
const sqlAnalyzerWasmFile = (/* unused pure expression or super */ null && (polyglotWasmFile));
/** Loads the parser from polyglotWasmFile() once per process (shared with every other user of the SDK). */
async function loadSqlAnalyzer() {
    return analyzerOf(await loadPolyglotSdk());
}
/** Loads the parser from `givenWasmFile` (default polyglotWasmFile()); the SDK itself initialises once per process. */
async function loadSqlAnalyzerFrom(givenWasmFile) {
    return analyzerOf(await loadPolyglotSdkFrom(givenWasmFile));
}
function analyzerOf(loaded) {
    if (!loaded.ok)
        return loaded;
    const sdk = loaded.sdk;
    return {
        ok: true,
        analyzer: { analyze: (sql, adapterType, schema) => analyzeWith(sdk, sql, adapterType, schema) },
    };
}
function analyzeWith(sdk, sql, adapterType, schema) {
    const dialect = sqlDialectOf(adapterType);
    if (dialect === undefined)
        return { ok: false, error: `no SQL dialect for the adapter ${adapterType}` };
    const text = blankSqlComments(sql);
    const setOperations = setOperationsIn(text);
    if (setOperations > MAX_SET_OPERATIONS) {
        return {
            ok: false,
            error: `${setOperations} set operations (more than ${MAX_SET_OPERATIONS}): not analysed`,
        };
    }
    try {
        // strict: false: a column the schema lacks is a warning, not a failure (catalogs lag behind the SQL).
        const options = { dialect, ...(schema ? { schema: { strict: false, tables: schema.tables } } : {}) };
        const result = sdk.analyzeQuery(text, options);
        if (result.success && result.analysis)
            return { ok: true, analysis: result.analysis };
        return { ok: false, error: result.error ?? "the SQL parser gave no analysis" };
    }
    catch (error) {
        return { ok: false, error: String(error.message ?? error) };
    }
}

;// CONCATENATED MODULE: ./src/runtime/column-facts-analyzer.ts




/**
 * Characters of SQL past which a statement is not analysed (its facts are
 * unknown). Measured with bench/column-facts-bench.ts on this 2-core machine,
 * `computeColumnFacts` per model, the set-operation guard on:
 * - every SQL model of the 16 real fixtures (579 models, 0.3–64k chars) with
 *   no size bound: all finish; median 5 ms, p95 97–167 ms, max 1.6–2.8 s
 *   (global-trade's 13k-char, 35-CTE mart_dataset_coverage_monthly and its
 *   24k-char stg_portwatch_daily); the largest (57–64k chars) take 0.2–0.9 s.
 *   Tuva's 52,946-char model, which never finished before the guards, has
 *   120 set operations: the set-operation guard refuses it at once.
 * - synthetic worst shape for its size, a chain of CTEs each reading the
 *   previous one (12 columns): 10k chars 0.6–2.3 s, 20k 5.9–6.1 s, 25k
 *   8.7–15.6 s, 30.5k 13.5–17.6 s, 41k 52 s. Wide projections grow gently
 *   (112k chars 1.7 s).
 * 20,000 keeps that worst shape near 6 s; it refuses 17 real models (15 of
 * global-trade, 2 of tuva; 11 of them have known facts unbounded, 6 would
 * still have them at 30,000). With it, over the 579 models: median
 * 4 ms, p95 63–116 ms, max 1.1–4.5 s (the 13k-char model above), total
 * 12–17 s; 333 known facts (344 unbounded). The ranges are runs on a
 * machine shared with other work. Length does not bound every shape:
 * CTEs that each join the two before them cost the SDK's analyzeQuery
 * exponential time (24 CTEs, 1.7k chars: 4 s; 26: 8.7 s): the action and
 * the CLI run this port in a process of their own that stops an analysis
 * past its time limit (sql-analysis-process/analysis-process.ts).
 */
const MAX_COLUMN_FACTS_SQL_LENGTH = 20_000;
/** The port over the SDK from polyglotWasmFile(), loaded once per process; never rejects. */
async function loadAnalyzeSql() {
    return analyzeSqlOf(await polyglot_sdk_loadPolyglotSdk());
}
/** The port over the SDK loaded from `wasmFile` (default polyglotWasmFile()); never rejects. */
async function loadAnalyzeSqlFrom(wasmFile) {
    return analyzeSqlOf(await loadPolyglotSdkFrom(wasmFile));
}
function analyzeSqlOf(loaded) {
    if (!loaded.ok)
        return loaded;
    return { ok: true, analyze: analyzeSqlOver(loaded.sdk) };
}
/** The guarded port over a loaded SDK; `maxLength` is for measuring (bench/column-facts-bench.ts). */
function analyzeSqlOver(sdk, maxLength = MAX_COLUMN_FACTS_SQL_LENGTH) {
    return (sql, dialect) => guardedAnalysis(sdk, sql, dialect, maxLength);
}
function guardedAnalysis(sdk, sql, dialect, maxLength) {
    try {
        if (!(sql.length <= maxLength)) {
            return {
                ok: false,
                error: `${sql.length} characters of SQL (more than ${maxLength}): not analysed`,
            };
        }
        const text = blank_sql_comments_blankSqlComments(sql);
        const setOperations = setOperationsIn(text);
        if (setOperations > MAX_SET_OPERATIONS) {
            return {
                ok: false,
                error: `${setOperations} set operations (more than ${MAX_SET_OPERATIONS}): not analysed`,
            };
        }
        return columnFactsAnalysis(sdk, text, dialect);
    }
    catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
}


/***/ }),

/***/ 786:
/***/ ((module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var _column_facts_analyzer_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(441);
/**
 * The child process of the SQL analysis process (analysis-process.ts): loads
 * @polyglot-sql/sdk, warms it on a statement that takes its common paths,
 * says `ready`, then answers each `analyse` request over the IPC channel with
 * the guarded column-facts analysis (column-facts-analyzer.ts). It
 * exits when its parent goes.
 *
 * It runs with `--liftoff-only`: V8's optimising tier recompiles the parser's
 * hot functions on a background thread, which on a 2-core runner costs more
 * CPU than a short-lived plan ever wins back (bench/COLUMN-IMPACT.md).
 */

/** Takes the paths most models take (CTEs, joins, aggregates, windows, filters, a union), so the first real model does not pay for compiling them. */
const WARM_UP_SQL = `with a as (select id, cast(amount as decimal(10, 2)) as amount, coalesce(name, 'x') as name from db.s.orders where status <> 'void'),
b as (select a.id, sum(a.amount) as total, count(*) as n, max(case when a.name like 'a%' then 1 else 0 end) as flag from a left join db.s.customers c on a.id = c.id group by 1),
c as (select id, total, row_number() over (partition by id order by total desc) as rn from b)
select id, total, rn from c where rn = 1 union all select id, total, 0 as rn from b`;
function send(message) {
    process.send?.(message);
}
process.on("disconnect", () => process.exit(0));
const loaded = await (0,_column_facts_analyzer_js__WEBPACK_IMPORTED_MODULE_0__/* .loadAnalyzeSql */ .tq)();
if (!loaded.ok) {
    send({ type: "failed", error: loaded.error });
    process.disconnect?.();
}
else {
    for (const dialect of ["duckdb", "snowflake"])
        loaded.analyze(WARM_UP_SQL, dialect);
    process.on("message", (message) => {
        if (message?.type !== "analyse")
            return;
        // The guarded analysis never throws: anything it cannot read is `{ ok: false }`.
        send({ type: "answer", id: message.id, result: loaded.analyze(message.sql, message.dialect) });
    });
    send({ type: "ready" });
}

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId](module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(786);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 
