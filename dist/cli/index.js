#!/usr/bin/env node
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 909:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {


const fs = __nccwpck_require__(896);
const path = __nccwpck_require__(928);
const util = __nccwpck_require__(952);
const SqliteError = __nccwpck_require__(483);

let DEFAULT_ADDON;

function Database(filenameGiven, options) {
	if (new.target == null) {
		return new Database(filenameGiven, options);
	}

	// Apply defaults
	let buffer;
	if (Buffer.isBuffer(filenameGiven)) {
		buffer = filenameGiven;
		filenameGiven = ':memory:';
	}
	if (filenameGiven == null) filenameGiven = '';
	if (options == null) options = {};

	// Validate arguments
	if (typeof filenameGiven !== 'string') throw new TypeError('Expected first argument to be a string');
	if (typeof options !== 'object') throw new TypeError('Expected second argument to be an options object');
	if ('readOnly' in options) throw new TypeError('Misspelled option "readOnly" should be "readonly"');
	if ('memory' in options) throw new TypeError('Option "memory" was removed in v7.0.0 (use ":memory:" filename instead)');

	// Interpret options
	const filename = filenameGiven.trim();
	const anonymous = filename === '' || filename === ':memory:';
	const readonly = util.getBooleanOption(options, 'readonly');
	const fileMustExist = util.getBooleanOption(options, 'fileMustExist');
	const timeout = 'timeout' in options ? options.timeout : 5000;
	const verbose = 'verbose' in options ? options.verbose : null;
	const nativeBinding = 'nativeBinding' in options ? options.nativeBinding : null;

	// Validate interpreted options
	if (readonly && anonymous && !buffer) throw new TypeError('In-memory/temporary databases cannot be readonly');
	if (!Number.isInteger(timeout) || timeout < 0) throw new TypeError('Expected the "timeout" option to be a positive integer');
	if (timeout > 0x7fffffff) throw new RangeError('Option "timeout" cannot be greater than 2147483647');
	if (verbose != null && typeof verbose !== 'function') throw new TypeError('Expected the "verbose" option to be a function');
	if (nativeBinding != null && typeof nativeBinding !== 'string' && typeof nativeBinding !== 'object') throw new TypeError('Expected the "nativeBinding" option to be a string or addon object');

	// Load the native addon
	let addon;
	if (nativeBinding == null) {
		addon = DEFAULT_ADDON || (DEFAULT_ADDON = __WEBPACK_EXTERNAL_createRequire(import.meta.url)(__nccwpck_require__.ab + "build/Release/better_sqlite3.node"));
	} else if (typeof nativeBinding === 'string') {
		// See <https://webpack.js.org/api/module-variables/#__non_webpack_require__-webpack-specific>
		const requireFunc = typeof __WEBPACK_EXTERNAL_createRequire(import.meta.url) === 'function' ? eval("require") : __WEBPACK_EXTERNAL_createRequire(import.meta.url);
		addon = requireFunc(path.resolve(nativeBinding).replace(/(\.node)?$/, '.node'));
	} else {
		// See <https://github.com/WiseLibs/better-sqlite3/issues/972>
		addon = nativeBinding;
	}

	if (!addon.isInitialized) {
		addon.setErrorConstructor(SqliteError);
		addon.isInitialized = true;
	}

	// Make sure the specified directory exists
	if (!anonymous && !filename.startsWith('file:') && !fs.existsSync(path.dirname(filename))) {
		throw new TypeError('Cannot open database because the directory does not exist');
	}

	Object.defineProperties(this, {
		[util.cppdb]: { value: new addon.Database(filename, filenameGiven, anonymous, readonly, fileMustExist, timeout, verbose || null, buffer || null) },
		...wrappers.getters,
	});
}

const wrappers = __nccwpck_require__(463);
Database.prototype.prepare = wrappers.prepare;
Database.prototype.transaction = __nccwpck_require__(695);
Database.prototype.pragma = __nccwpck_require__(127);
Database.prototype.backup = __nccwpck_require__(17);
Database.prototype.serialize = __nccwpck_require__(161);
Database.prototype.function = __nccwpck_require__(943);
Database.prototype.aggregate = __nccwpck_require__(96);
Database.prototype.table = __nccwpck_require__(355);
Database.prototype.loadExtension = wrappers.loadExtension;
Database.prototype.exec = wrappers.exec;
Database.prototype.close = wrappers.close;
Database.prototype.defaultSafeIntegers = wrappers.defaultSafeIntegers;
Database.prototype.unsafeMode = wrappers.unsafeMode;
Database.prototype[util.inspect] = __nccwpck_require__(595);

module.exports = Database;


/***/ }),

/***/ 918:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {


/* unused reexport */ __nccwpck_require__(909);
/* unused reexport */ __nccwpck_require__(483);


/***/ }),

/***/ 96:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {


const { getBooleanOption, cppdb } = __nccwpck_require__(952);

module.exports = function defineAggregate(name, options) {
	// Validate arguments
	if (typeof name !== 'string') throw new TypeError('Expected first argument to be a string');
	if (typeof options !== 'object' || options === null) throw new TypeError('Expected second argument to be an options object');
	if (!name) throw new TypeError('User-defined function name cannot be an empty string');

	// Interpret options
	const start = 'start' in options ? options.start : null;
	const step = getFunctionOption(options, 'step', true);
	const inverse = getFunctionOption(options, 'inverse', false);
	const result = getFunctionOption(options, 'result', false);
	const safeIntegers = 'safeIntegers' in options ? +getBooleanOption(options, 'safeIntegers') : 2;
	const deterministic = getBooleanOption(options, 'deterministic');
	const directOnly = getBooleanOption(options, 'directOnly');
	const varargs = getBooleanOption(options, 'varargs');
	let argCount = -1;

	// Determine argument count
	if (!varargs) {
		argCount = Math.max(getLength(step), inverse ? getLength(inverse) : 0);
		if (argCount > 0) argCount -= 1;
		if (argCount > 100) throw new RangeError('User-defined functions cannot have more than 100 arguments');
	}

	this[cppdb].aggregate(start, step, inverse, result, name, argCount, safeIntegers, deterministic, directOnly);
	return this;
};

const getFunctionOption = (options, key, required) => {
	const value = key in options ? options[key] : null;
	if (typeof value === 'function') return value;
	if (value != null) throw new TypeError(`Expected the "${key}" option to be a function`);
	if (required) throw new TypeError(`Missing required option "${key}"`);
	return null;
};

const getLength = ({ length }) => {
	if (Number.isInteger(length) && length >= 0) return length;
	throw new TypeError('Expected function.length to be a positive integer');
};


/***/ }),

/***/ 17:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {


const fs = __nccwpck_require__(896);
const path = __nccwpck_require__(928);
const { promisify } = __nccwpck_require__(23);
const { cppdb } = __nccwpck_require__(952);
const fsAccess = promisify(fs.access);

module.exports = async function backup(filename, options) {
	if (options == null) options = {};

	// Validate arguments
	if (typeof filename !== 'string') throw new TypeError('Expected first argument to be a string');
	if (typeof options !== 'object') throw new TypeError('Expected second argument to be an options object');

	// Interpret options
	filename = filename.trim();
	const attachedName = 'attached' in options ? options.attached : 'main';
	const handler = 'progress' in options ? options.progress : null;

	// Validate interpreted options
	if (!filename) throw new TypeError('Backup filename cannot be an empty string');
	if (filename === ':memory:') throw new TypeError('Invalid backup filename ":memory:"');
	if (typeof attachedName !== 'string') throw new TypeError('Expected the "attached" option to be a string');
	if (!attachedName) throw new TypeError('The "attached" option cannot be an empty string');
	if (handler != null && typeof handler !== 'function') throw new TypeError('Expected the "progress" option to be a function');

	// Make sure the specified directory exists
	await fsAccess(path.dirname(filename)).catch(() => {
		throw new TypeError('Cannot save backup because the directory does not exist');
	});

	const isNewFile = await fsAccess(filename).then(() => false, () => true);
	return runBackup(this[cppdb].backup(this, attachedName, filename, isNewFile), handler || null);
};

const runBackup = (backup, handler) => {
	let rate = 0;
	let useDefault = true;

	return new Promise((resolve, reject) => {
		setImmediate(function step() {
			try {
				const progress = backup.transfer(rate);
				if (!progress.remainingPages) {
					backup.close();
					resolve(progress);
					return;
				}
				if (useDefault) {
					useDefault = false;
					rate = 100;
				}
				if (handler) {
					const ret = handler(progress);
					if (ret !== undefined) {
						if (typeof ret === 'number' && ret === ret) rate = Math.max(0, Math.min(0x7fffffff, Math.round(ret)));
						else throw new TypeError('Expected progress callback to return a number or undefined');
					}
				}
				setImmediate(step);
			} catch (err) {
				backup.close();
				reject(err);
			}
		});
	});
};


/***/ }),

/***/ 943:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {


const { getBooleanOption, cppdb } = __nccwpck_require__(952);

module.exports = function defineFunction(name, options, fn) {
	// Apply defaults
	if (options == null) options = {};
	if (typeof options === 'function') { fn = options; options = {}; }

	// Validate arguments
	if (typeof name !== 'string') throw new TypeError('Expected first argument to be a string');
	if (typeof fn !== 'function') throw new TypeError('Expected last argument to be a function');
	if (typeof options !== 'object') throw new TypeError('Expected second argument to be an options object');
	if (!name) throw new TypeError('User-defined function name cannot be an empty string');

	// Interpret options
	const safeIntegers = 'safeIntegers' in options ? +getBooleanOption(options, 'safeIntegers') : 2;
	const deterministic = getBooleanOption(options, 'deterministic');
	const directOnly = getBooleanOption(options, 'directOnly');
	const varargs = getBooleanOption(options, 'varargs');
	let argCount = -1;

	// Determine argument count
	if (!varargs) {
		argCount = fn.length;
		if (!Number.isInteger(argCount) || argCount < 0) throw new TypeError('Expected function.length to be a positive integer');
		if (argCount > 100) throw new RangeError('User-defined functions cannot have more than 100 arguments');
	}

	this[cppdb].function(fn, name, argCount, safeIntegers, deterministic, directOnly);
	return this;
};


/***/ }),

/***/ 595:
/***/ ((module) => {


const DatabaseInspection = function Database() {};

module.exports = function inspect(depth, opts) {
	return Object.assign(new DatabaseInspection(), this);
};



/***/ }),

/***/ 127:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {


const { getBooleanOption, cppdb } = __nccwpck_require__(952);

module.exports = function pragma(source, options) {
	if (options == null) options = {};
	if (typeof source !== 'string') throw new TypeError('Expected first argument to be a string');
	if (typeof options !== 'object') throw new TypeError('Expected second argument to be an options object');
	const simple = getBooleanOption(options, 'simple');

	const stmt = this[cppdb].prepare(`PRAGMA ${source}`, this, true);
	return simple ? stmt.pluck().get() : stmt.all();
};


/***/ }),

/***/ 161:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {


const { cppdb } = __nccwpck_require__(952);

module.exports = function serialize(options) {
	if (options == null) options = {};

	// Validate arguments
	if (typeof options !== 'object') throw new TypeError('Expected first argument to be an options object');

	// Interpret and validate options
	const attachedName = 'attached' in options ? options.attached : 'main';
	if (typeof attachedName !== 'string') throw new TypeError('Expected the "attached" option to be a string');
	if (!attachedName) throw new TypeError('The "attached" option cannot be an empty string');

	return this[cppdb].serialize(attachedName);
};


/***/ }),

/***/ 355:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {


const { cppdb } = __nccwpck_require__(952);

module.exports = function defineTable(name, factory) {
	// Validate arguments
	if (typeof name !== 'string') throw new TypeError('Expected first argument to be a string');
	if (!name) throw new TypeError('Virtual table module name cannot be an empty string');

	// Determine whether the module is eponymous-only or not
	let eponymous = false;
	if (typeof factory === 'object' && factory !== null) {
		eponymous = true;
		factory = defer(parseTableDefinition(factory, 'used', name));
	} else {
		if (typeof factory !== 'function') throw new TypeError('Expected second argument to be a function or a table definition object');
		factory = wrapFactory(factory);
	}

	this[cppdb].table(factory, name, eponymous);
	return this;
};

function wrapFactory(factory) {
	return function virtualTableFactory(moduleName, databaseName, tableName, ...args) {
		const thisObject = {
			module: moduleName,
			database: databaseName,
			table: tableName,
		};

		// Generate a new table definition by invoking the factory
		const def = apply.call(factory, thisObject, args);
		if (typeof def !== 'object' || def === null) {
			throw new TypeError(`Virtual table module "${moduleName}" did not return a table definition object`);
		}

		return parseTableDefinition(def, 'returned', moduleName);
	};
}

function parseTableDefinition(def, verb, moduleName) {
	// Validate required properties
	if (!hasOwnProperty.call(def, 'rows')) {
		throw new TypeError(`Virtual table module "${moduleName}" ${verb} a table definition without a "rows" property`);
	}
	if (!hasOwnProperty.call(def, 'columns')) {
		throw new TypeError(`Virtual table module "${moduleName}" ${verb} a table definition without a "columns" property`);
	}

	// Validate "rows" property
	const rows = def.rows;
	if (typeof rows !== 'function' || Object.getPrototypeOf(rows) !== GeneratorFunctionPrototype) {
		throw new TypeError(`Virtual table module "${moduleName}" ${verb} a table definition with an invalid "rows" property (should be a generator function)`);
	}

	// Validate "columns" property
	let columns = def.columns;
	if (!Array.isArray(columns) || !(columns = [...columns]).every(x => typeof x === 'string')) {
		throw new TypeError(`Virtual table module "${moduleName}" ${verb} a table definition with an invalid "columns" property (should be an array of strings)`);
	}
	if (columns.length !== new Set(columns).size) {
		throw new TypeError(`Virtual table module "${moduleName}" ${verb} a table definition with duplicate column names`);
	}
	if (!columns.length) {
		throw new RangeError(`Virtual table module "${moduleName}" ${verb} a table definition with zero columns`);
	}

	// Validate "parameters" property
	let parameters;
	if (hasOwnProperty.call(def, 'parameters')) {
		parameters = def.parameters;
		if (!Array.isArray(parameters) || !(parameters = [...parameters]).every(x => typeof x === 'string')) {
			throw new TypeError(`Virtual table module "${moduleName}" ${verb} a table definition with an invalid "parameters" property (should be an array of strings)`);
		}
	} else {
		parameters = inferParameters(rows);
	}
	if (parameters.length !== new Set(parameters).size) {
		throw new TypeError(`Virtual table module "${moduleName}" ${verb} a table definition with duplicate parameter names`);
	}
	if (parameters.length > 32) {
		throw new RangeError(`Virtual table module "${moduleName}" ${verb} a table definition with more than the maximum number of 32 parameters`);
	}
	for (const parameter of parameters) {
		if (columns.includes(parameter)) {
			throw new TypeError(`Virtual table module "${moduleName}" ${verb} a table definition with column "${parameter}" which was ambiguously defined as both a column and parameter`);
		}
	}

	// Validate "safeIntegers" option
	let safeIntegers = 2;
	if (hasOwnProperty.call(def, 'safeIntegers')) {
		const bool = def.safeIntegers;
		if (typeof bool !== 'boolean') {
			throw new TypeError(`Virtual table module "${moduleName}" ${verb} a table definition with an invalid "safeIntegers" property (should be a boolean)`);
		}
		safeIntegers = +bool;
	}

	// Validate "directOnly" option
	let directOnly = false;
	if (hasOwnProperty.call(def, 'directOnly')) {
		directOnly = def.directOnly;
		if (typeof directOnly !== 'boolean') {
			throw new TypeError(`Virtual table module "${moduleName}" ${verb} a table definition with an invalid "directOnly" property (should be a boolean)`);
		}
	}

	// Generate SQL for the virtual table definition
	const columnDefinitions = [
		...parameters.map(identifier).map(str => `${str} HIDDEN`),
		...columns.map(identifier),
	];
	return [
		`CREATE TABLE x(${columnDefinitions.join(', ')});`,
		wrapGenerator(rows, new Map(columns.map((x, i) => [x, parameters.length + i])), moduleName),
		parameters,
		safeIntegers,
		directOnly,
	];
}

function wrapGenerator(generator, columnMap, moduleName) {
	return function* virtualTable(...args) {
		/*
			We must defensively clone any buffers in the arguments, because
			otherwise the generator could mutate one of them, which would cause
			us to return incorrect values for hidden columns, potentially
			corrupting the database.
		 */
		const output = args.map(x => Buffer.isBuffer(x) ? Buffer.from(x) : x);
		for (let i = 0; i < columnMap.size; ++i) {
			output.push(null); // Fill with nulls to prevent gaps in array (v8 optimization)
		}
		for (const row of generator(...args)) {
			if (Array.isArray(row)) {
				extractRowArray(row, output, columnMap.size, moduleName);
				yield output;
			} else if (typeof row === 'object' && row !== null) {
				extractRowObject(row, output, columnMap, moduleName);
				yield output;
			} else {
				throw new TypeError(`Virtual table module "${moduleName}" yielded something that isn't a valid row object`);
			}
		}
	};
}

function extractRowArray(row, output, columnCount, moduleName) {
	if (row.length !== columnCount) {
		throw new TypeError(`Virtual table module "${moduleName}" yielded a row with an incorrect number of columns`);
	}
	const offset = output.length - columnCount;
	for (let i = 0; i < columnCount; ++i) {
		output[i + offset] = row[i];
	}
}

function extractRowObject(row, output, columnMap, moduleName) {
	let count = 0;
	for (const key of Object.keys(row)) {
		const index = columnMap.get(key);
		if (index === undefined) {
			throw new TypeError(`Virtual table module "${moduleName}" yielded a row with an undeclared column "${key}"`);
		}
		output[index] = row[key];
		count += 1;
	}
	if (count !== columnMap.size) {
		throw new TypeError(`Virtual table module "${moduleName}" yielded a row with missing columns`);
	}
}

function inferParameters({ length }) {
	if (!Number.isInteger(length) || length < 0) {
		throw new TypeError('Expected function.length to be a positive integer');
	}
	const params = [];
	for (let i = 0; i < length; ++i) {
		params.push(`$${i + 1}`);
	}
	return params;
}

const { hasOwnProperty } = Object.prototype;
const { apply } = Function.prototype;
const GeneratorFunctionPrototype = Object.getPrototypeOf(function*(){});
const identifier = str => `"${str.replace(/"/g, '""')}"`;
const defer = x => () => x;


/***/ }),

/***/ 695:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {


const { cppdb } = __nccwpck_require__(952);
const controllers = new WeakMap();

module.exports = function transaction(fn) {
	if (typeof fn !== 'function') throw new TypeError('Expected first argument to be a function');

	const db = this[cppdb];
	const controller = getController(db, this);
	const { apply } = Function.prototype;

	// Each version of the transaction function has these same properties
	const properties = {
		default: { value: wrapTransaction(apply, fn, db, controller.default) },
		deferred: { value: wrapTransaction(apply, fn, db, controller.deferred) },
		immediate: { value: wrapTransaction(apply, fn, db, controller.immediate) },
		exclusive: { value: wrapTransaction(apply, fn, db, controller.exclusive) },
		database: { value: this, enumerable: true },
	};

	Object.defineProperties(properties.default.value, properties);
	Object.defineProperties(properties.deferred.value, properties);
	Object.defineProperties(properties.immediate.value, properties);
	Object.defineProperties(properties.exclusive.value, properties);

	// Return the default version of the transaction function
	return properties.default.value;
};

// Return the database's cached transaction controller, or create a new one
const getController = (db, self) => {
	let controller = controllers.get(db);
	if (!controller) {
		const shared = {
			commit: db.prepare('COMMIT', self, false),
			rollback: db.prepare('ROLLBACK', self, false),
			savepoint: db.prepare('SAVEPOINT `\t_bs3.\t`', self, false),
			release: db.prepare('RELEASE `\t_bs3.\t`', self, false),
			rollbackTo: db.prepare('ROLLBACK TO `\t_bs3.\t`', self, false),
		};
		controllers.set(db, controller = {
			default: Object.assign({ begin: db.prepare('BEGIN', self, false) }, shared),
			deferred: Object.assign({ begin: db.prepare('BEGIN DEFERRED', self, false) }, shared),
			immediate: Object.assign({ begin: db.prepare('BEGIN IMMEDIATE', self, false) }, shared),
			exclusive: Object.assign({ begin: db.prepare('BEGIN EXCLUSIVE', self, false) }, shared),
		});
	}
	return controller;
};

// Return a new transaction function by wrapping the given function
const wrapTransaction = (apply, fn, db, { begin, commit, rollback, savepoint, release, rollbackTo }) => function sqliteTransaction() {
	let before, after, undo;
	if (db.inTransaction) {
		before = savepoint;
		after = release;
		undo = rollbackTo;
	} else {
		before = begin;
		after = commit;
		undo = rollback;
	}
	before.run();
	try {
		const result = apply.call(fn, this, arguments);
		if (result && typeof result.then === 'function') {
			throw new TypeError('Transaction function cannot return a promise');
		}
		after.run();
		return result;
	} catch (ex) {
		if (db.inTransaction) {
			undo.run();
			if (undo !== rollback) after.run();
		}
		throw ex;
	}
};


/***/ }),

/***/ 463:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


const { cppdb } = __nccwpck_require__(952);

exports.prepare = function prepare(sql) {
	return this[cppdb].prepare(sql, this, false);
};

exports.exec = function exec(sql) {
	this[cppdb].exec(sql);
	return this;
};

exports.close = function close() {
	this[cppdb].close();
	return this;
};

exports.loadExtension = function loadExtension(...args) {
	this[cppdb].loadExtension(...args);
	return this;
};

exports.defaultSafeIntegers = function defaultSafeIntegers(...args) {
	this[cppdb].defaultSafeIntegers(...args);
	return this;
};

exports.unsafeMode = function unsafeMode(...args) {
	this[cppdb].unsafeMode(...args);
	return this;
};

exports.getters = {
	name: {
		get: function name() { return this[cppdb].name; },
		enumerable: true,
	},
	open: {
		get: function open() { return this[cppdb].open; },
		enumerable: true,
	},
	inTransaction: {
		get: function inTransaction() { return this[cppdb].inTransaction; },
		enumerable: true,
	},
	readonly: {
		get: function readonly() { return this[cppdb].readonly; },
		enumerable: true,
	},
	memory: {
		get: function memory() { return this[cppdb].memory; },
		enumerable: true,
	},
};


/***/ }),

/***/ 483:
/***/ ((module) => {


const descriptor = { value: 'SqliteError', writable: true, enumerable: false, configurable: true };

function SqliteError(message, code) {
	if (new.target !== SqliteError) {
		return new SqliteError(message, code);
	}
	if (typeof code !== 'string') {
		throw new TypeError('Expected second argument to be a string');
	}
	Error.call(this, message);
	descriptor.value = '' + message;
	Object.defineProperty(this, 'message', descriptor);
	Error.captureStackTrace(this, SqliteError);
	this.code = code;
}
Object.setPrototypeOf(SqliteError, Error);
Object.setPrototypeOf(SqliteError.prototype, Error.prototype);
Object.defineProperty(SqliteError.prototype, 'name', descriptor);
module.exports = SqliteError;


/***/ }),

/***/ 952:
/***/ ((__unused_webpack_module, exports) => {



exports.getBooleanOption = (options, key) => {
	let value = false;
	if (key in options && typeof (value = options[key]) !== 'boolean') {
		throw new TypeError(`Expected the "${key}" option to be a boolean`);
	}
	return value;
};

exports.cppdb = Symbol();
exports.inspect = Symbol.for('nodejs.util.inspect.custom');


/***/ }),

/***/ 581:
/***/ ((module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var _cli_run_cli_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(457);
/* harmony import */ var _errors_user_error_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(233);
/* harmony import */ var _store_sqlite_driver_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(290);
/**
 * The `ods-state` CLI entry point: the only place in the CLI that reads the
 * process environment. Everything else is in src/cli/ and takes a context.
 */



let sqliteDriver;
try {
    sqliteDriver = (0,_store_sqlite_driver_js__WEBPACK_IMPORTED_MODULE_2__/* .parseDriverPreference */ .nI)(process.env.ODS_SQLITE_DRIVER);
}
catch (error) {
    process.stderr.write(`${(0,_errors_user_error_js__WEBPACK_IMPORTED_MODULE_1__/* .isUserError */ .iU)(error) ? (0,_errors_user_error_js__WEBPACK_IMPORTED_MODULE_1__/* .formatUserError */ .XR)(error) : String(error)}\n`);
    process.exit(2);
}
process.exitCode = await (0,_cli_run_cli_js__WEBPACK_IMPORTED_MODULE_0__/* .runCli */ .a)(process.argv.slice(2), {
    cwd: process.cwd(),
    sqliteDriver,
    warehouse: process.env.ODS_WAREHOUSE || undefined,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    interactive: process.stderr.isTTY === true,
}, Boolean(process.env.ODS_DEBUG));

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 457:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  a: () => (/* binding */ runCli)
});

;// CONCATENATED MODULE: external "node:util"
const external_node_util_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");
// EXTERNAL MODULE: ./src/errors/user-error.ts + 1 modules
var user_error = __nccwpck_require__(233);
;// CONCATENATED MODULE: ./src/version.ts
/** The product version; a test keeps it equal to package.json's. */
const VERSION = "0.1.0";

;// CONCATENATED MODULE: ./src/cli/help.ts

function generalHelp(commands) {
    const width = Math.max(8, ...commands.map((command) => command.name.length));
    const lines = [
        `ods-state ${VERSION}: state-aware dbt CI. ODS decides what runs; dbt decides how.`,
        "",
        "Usage: ods-state COMMAND [options]",
        "",
        "Commands:",
        ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
        "",
        "Options:",
        "  -h, --help     show help (also `ods-state COMMAND --help`)",
        "  -V, --version  print the version",
        "",
        "Environment:",
        "  ODS_SQLITE_DRIVER  auto (default), better-sqlite3 or node:sqlite",
        "  ODS_WAREHOUSE      warehouse connection (duckdb:PATH or postgres://…), when --warehouse is not given",
        "",
        "Exit codes: 0 success, 1 error, 2 usage error.",
    ];
    return `${lines.join("\n")}\n`;
}
function commandHelp(command) {
    const lines = [`ods-state ${command.name}: ${command.summary}`, "", "Usage:"];
    for (const form of command.usage)
        lines.push(`  ods-state ${form}`);
    const names = Object.keys(command.optionHelp);
    if (names.length > 0) {
        lines.push("", "Options:");
        const width = Math.max(...names.map((name) => name.length + 2));
        for (const name of names)
            lines.push(`  ${`--${name}`.padEnd(width)}  ${command.optionHelp[name]}`);
    }
    if (command.examples.length > 0) {
        lines.push("", "Examples:");
        for (const example of command.examples)
            lines.push(`  ${example}`);
    }
    return `${lines.join("\n")}\n`;
}

;// CONCATENATED MODULE: ./src/cli/registry.ts
/**
 * Every CLI command, in the order `--help` lists them. A command is added by
 * importing it here and listing it below; nowhere else.
 */
const COMMANDS = [];
function findCommand(name) {
    return COMMANDS.find((command) => command.name === name);
}

;// CONCATENATED MODULE: ./src/cli/run-cli.ts





/**
 * Runs one CLI invocation and returns its exit code: 0 success, 1 error,
 * 2 usage. A UserError is one message with a hint; anything else is a bug and
 * says so, with the stack only when ODS_DEBUG is set.
 */
async function runCli(argv, context, debug = false) {
    const [first, ...rest] = argv;
    if (first === undefined || first === "-h" || first === "--help" || first === "help") {
        const topic = first === "help" ? rest[0] : undefined;
        const command = topic ? findCommand(topic) : undefined;
        context.stdout(command ? commandHelp(command) : generalHelp(COMMANDS));
        return 0;
    }
    if (first === "-V" || first === "--version" || first === "version") {
        context.stdout(`ods-state ${VERSION}\n`);
        return 0;
    }
    const command = findCommand(first);
    try {
        if (!command) {
            throw new user_error/* UserError */.yo("usage", `Unknown command \`${first}\`. Commands: ${COMMANDS.map((c) => c.name).join(", ")}.`);
        }
        if (rest.includes("--help") || rest.includes("-h")) {
            context.stdout(commandHelp(command));
            return 0;
        }
        let parsed;
        try {
            parsed = (0,external_node_util_namespaceObject.parseArgs)({
                args: [...rest],
                options: command.options,
                allowPositionals: command.positionals !== undefined,
                strict: true,
            });
        }
        catch (error) {
            const detail = error instanceof Error ? error.message : String(error);
            throw new user_error/* UserError */.yo("usage", `ods-state ${command.name}: ${detail}`, {
                hint: `Run \`ods-state ${command.name} --help\` for its options.`,
            });
        }
        if (command.positionals?.required && parsed.positionals.length === 0) {
            throw new user_error/* UserError */.yo("usage", `ods-state ${command.name}: missing ${command.positionals.name}.`, {
                hint: `Run \`ods-state ${command.name} --help\` for the usage.`,
            });
        }
        return await command.run(parsed.values, parsed.positionals, context);
    }
    catch (error) {
        if ((0,user_error/* isUserError */.iU)(error)) {
            context.stderr(`${(0,user_error/* formatUserError */.XR)(error)}\n`);
            return error.exitCode;
        }
        const message = error instanceof Error ? error.message : String(error);
        context.stderr(`error[internal]: ${message}\nhint: this is a bug in ods-state; please report it with the command you ran${debug ? "" : " (set ODS_DEBUG=1 for the stack)"}.\n`);
        if (debug && error instanceof Error && error.stack)
            context.stderr(`${error.stack}\n`);
        return 1;
    }
}


/***/ }),

/***/ 233:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  yo: () => (/* binding */ UserError),
  XR: () => (/* binding */ formatUserError),
  iU: () => (/* binding */ isUserError)
});

;// CONCATENATED MODULE: ./src/errors/catalogue.ts
/**
 * The catalogue of errors a user can act on. Each code is stable (tests and
 * users match on it); the hint says what to do. Messages are written where
 * the error is raised, because only there is the file or input known.
 */
const ERROR_CATALOGUE = {
    usage: { exit: 2, hint: "Run `ods-state --help` (or `ods-state COMMAND --help`) for the usage." },
    input_invalid: { exit: 2, hint: "Fix the value of the input named above in the workflow file." },
    file_missing: {
        exit: 1,
        hint: "Check the path; relative paths are resolved against the working directory.",
    },
    file_unreadable: {
        exit: 1,
        hint: "Check that the path is a readable file, not a directory, and that the job can read it.",
    },
    artifact_not_json: {
        exit: 1,
        hint: "The file is not valid JSON. Regenerate it with dbt (for example `dbt compile` or `dbt build`).",
    },
    artifact_invalid: {
        exit: 1,
        hint: "The file does not have the shape dbt writes. Regenerate it with a supported dbt version.",
    },
    artifact_version_unsupported: {
        exit: 1,
        hint: "Regenerate the artifact with a dbt version that writes a supported schema version.",
    },
    graph_cycle: { exit: 1, hint: "Remove the cycle from the dbt project: dbt itself refuses to build it." },
    state_corrupt: {
        exit: 1,
        hint: "Run `ods-state doctor --state PATH` to see what is wrong, restore the newest backup next to the file, or run `ods-state reset --state PATH` (it keeps a copy) and let the next run build everything.",
    },
    state_newer: {
        exit: 1,
        hint: "Upgrade ods-state to a version that knows this state, or restore a backup written by this version.",
    },
    state_foreign: {
        exit: 1,
        hint: "This SQLite file was not written by ods-state and was left untouched. Point --state at the state database (default .ods/state.db), or move this file away.",
    },
    state_locked: {
        exit: 1,
        hint: "Another process is writing the state database. Wait for it to finish, or use a `concurrency` group in the workflow.",
    },
    state_conflict: {
        exit: 1,
        hint: "Another run committed state first. Plan again against the new state; the nodes of this run are built again next time.",
    },
    record_refused: {
        exit: 1,
        hint: "Nothing was written. Record the results of a real `dbt build` (or run, seed, snapshot).",
    },
    driver_unavailable: {
        exit: 1,
        hint: "Reinstall with `npm ci` on Node 24, or unset ODS_SQLITE_DRIVER to let the fallback driver load.",
    },
};

;// CONCATENATED MODULE: ./src/errors/user-error.ts

/**
 * An error the user can act on: a stable code, a message that names the file
 * or input, and a hint that says what to do. Anything else that escapes is a
 * bug and is reported as such.
 */
class UserError extends Error {
    code;
    hint;
    file;
    input;
    problems;
    constructor(code, message, details = {}) {
        super(message);
        this.name = "UserError";
        this.code = code;
        this.hint = details.hint ?? ERROR_CATALOGUE[code].hint;
        this.file = details.file;
        this.input = details.input;
        this.problems = details.problems ?? [];
    }
    /** Process exit code: 2 for usage errors, 1 for everything else. */
    get exitCode() {
        return ERROR_CATALOGUE[this.code].exit;
    }
}
function isUserError(value) {
    return value instanceof UserError;
}
/** How many problems a message lists before it says "and N more". */
const PROBLEMS_SHOWN = 50;
/** Renders a UserError as plain text: message, every problem with its path, then the hint. */
function formatUserError(error) {
    const lines = [`error[${error.code}]: ${error.message}`];
    for (const problem of error.problems.slice(0, PROBLEMS_SHOWN)) {
        lines.push(`  - ${problem.path}: ${problem.message}`);
    }
    if (error.problems.length > PROBLEMS_SHOWN) {
        lines.push(`  … and ${error.problems.length - PROBLEMS_SHOWN} more problems`);
    }
    lines.push(`hint: ${error.hint}`);
    return lines.join("\n");
}


/***/ }),

/***/ 290:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  nI: () => (/* binding */ parseDriverPreference)
});

// UNUSED EXPORTS: DRIVER_PREFERENCES, nativeBindingName, openSqlite, selectDriver

;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
;// CONCATENATED MODULE: external "node:module"
const external_node_module_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:module");
;// CONCATENATED MODULE: external "node:path"
const external_node_path_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
;// CONCATENATED MODULE: external "node:url"
const external_node_url_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");
// EXTERNAL MODULE: ./node_modules/better-sqlite3/lib/index.js
var lib = __nccwpck_require__(918);
// EXTERNAL MODULE: ./src/errors/user-error.ts + 1 modules
var user_error = __nccwpck_require__(233);
;// CONCATENATED MODULE: ./src/store/sqlite-driver.ts
/**
 * The SQLite driver: better-sqlite3 with its native binding when one matching
 * this Node's ABI, platform and arch can be loaded, else Node's built-in
 * `node:sqlite`. Both are wrapped in one small synchronous interface, so the
 * store never knows which one it runs on.
 *
 * Where the binding comes from:
 * - inside a bundle (`dist/<entry>/index.js`): `dist/native/<name>.node`,
 *   committed next to the bundles and named by ABI, platform and arch;
 * - from source (tests): better-sqlite3's own `build/Release` in node_modules.
 * The addon is loaded with `createRequire` and handed over as an object
 * (`nativeBinding`), because the string form breaks inside an ESM bundle.
 */






const DRIVER_PREFERENCES = ["auto", "better-sqlite3", "node:sqlite"];
/** Parses the ODS_SQLITE_DRIVER setting; unset or empty is `auto`, anything unknown is refused. */
function parseDriverPreference(value) {
    if (value === undefined || value === "")
        return "auto";
    if (DRIVER_PREFERENCES.includes(value))
        return value;
    throw new user_error/* UserError */.yo("input_invalid", `ODS_SQLITE_DRIVER is \`${value}\`; allowed values: ${DRIVER_PREFERENCES.join(", ")}.`, {
        input: "ODS_SQLITE_DRIVER",
        hint: "Unset ODS_SQLITE_DRIVER or set it to one of the allowed values.",
    });
}
/** The file name of the native binding for this runtime, e.g. `better_sqlite3-node-v137-linux-x64.node`. */
function nativeBindingName(abi = process.versions.modules, platform = process.platform, arch = process.arch) {
    return `better_sqlite3-node-v${abi}-${platform}-${arch}.node`;
}
/** Where a binding for this runtime may be, first match wins. */
function bindingCandidates() {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const bundled = path.join(here, "..", "native", nativeBindingName());
    // From source: src/store/ -> node_modules/better-sqlite3. Built from parts so
    // that the bundler does not mistake it for an asset of the bundle.
    const fromSource = path.join(here, "..", "..", "node_modules", ["better", "sqlite3"].join("-"), "build", "Release");
    return [bundled, path.join(fromSource, "better_sqlite3.node")];
}
const loadedByPreference = new Map();
let announced;
function loadNative() {
    const requireAddon = createRequire(import.meta.url);
    const found = bindingCandidates().find((candidate) => existsSync(candidate));
    if (found === undefined) {
        return { reason: `no native binding ${nativeBindingName()} was found` };
    }
    try {
        return { addon: requireAddon(found) };
    }
    catch (error) {
        const detail = error instanceof Error ? error.message.split("\n")[0] : String(error);
        return { reason: `the native binding ${path.basename(found)} failed to load (${detail})` };
    }
}
function resolveDriver(preference) {
    const cached = loadedByPreference.get(preference);
    if (cached)
        return cached;
    let loaded;
    if (preference === "node:sqlite") {
        loaded = { driver: "node:sqlite", fallbackReason: "the node:sqlite driver was requested" };
    }
    else {
        const native = loadNative();
        if (native.addon) {
            loaded = { driver: "better-sqlite3", addon: native.addon };
        }
        else if (preference === "better-sqlite3") {
            throw new UserError("driver_unavailable", `The better-sqlite3 driver was requested but ${native.reason}.`);
        }
        else {
            loaded = { driver: "node:sqlite", fallbackReason: native.reason ?? "unknown" };
        }
    }
    if (loaded.driver === "node:sqlite" && !builtinSqlite()) {
        throw new UserError("driver_unavailable", `No SQLite driver is available: ${loaded.fallbackReason}, and node:sqlite needs Node 22.5 or newer (this is ${process.version}).`);
    }
    loadedByPreference.set(preference, loaded);
    return loaded;
}
function builtinSqlite() {
    try {
        return process.getBuiltinModule("node:sqlite");
    }
    catch {
        return undefined;
    }
}
/**
 * Decides which driver `preference` resolves to on this runtime and says so
 * through `log`, once per process and driver.
 */
function selectDriver(preference = "auto", log) {
    const loaded = resolveDriver(preference);
    if (log && announced !== loaded.driver) {
        announced = loaded.driver;
        log(loaded.driver === "better-sqlite3"
            ? `SQLite driver: better-sqlite3 (native binding for Node ABI ${process.versions.modules}, ${process.platform}-${process.arch})`
            : `SQLite driver: node:sqlite (built in), because ${loaded.fallbackReason}`);
    }
    return loaded.driver;
}
/** Opens `file` with the driver `preference` resolves to. */
function openSqlite(file, options = {}, preference = "auto") {
    const loaded = resolveDriver(preference);
    return loaded.driver === "better-sqlite3"
        ? openBetter(file, options, loaded.addon)
        : openBuiltin(file, options);
}
function openBetter(file, options, addon) {
    const db = new BetterSqlite3(file, {
        readonly: options.readonly ?? false,
        fileMustExist: options.mustExist ?? false,
        nativeBinding: addon,
    });
    const statements = new Map();
    const prepare = (sql) => {
        let statement = statements.get(sql);
        if (!statement) {
            statement = db.prepare(sql);
            statements.set(sql, statement);
        }
        return statement;
    };
    return {
        driver: "better-sqlite3",
        file,
        exec: (sql) => void db.exec(sql),
        run: (sql, ...params) => ({ changes: prepare(sql).run(...params).changes }),
        get: (sql, ...params) => prepare(sql).get(...params),
        all: (sql, ...params) => prepare(sql).all(...params),
        close: () => db.close(),
    };
}
function openBuiltin(file, options) {
    const sqlite = builtinSqlite();
    if (options.mustExist && !existsSync(file)) {
        throw Object.assign(new Error(`unable to open database file: ${file}`), { code: "SQLITE_CANTOPEN" });
    }
    const db = new sqlite.DatabaseSync(file, { readOnly: options.readonly ?? false });
    const statements = new Map();
    const prepare = (sql) => {
        let statement = statements.get(sql);
        if (!statement) {
            statement = db.prepare(sql);
            statements.set(sql, statement);
        }
        return statement;
    };
    return {
        driver: "node:sqlite",
        file,
        exec: (sql) => db.exec(sql),
        run: (sql, ...params) => ({ changes: Number(prepare(sql).run(...params).changes) }),
        get: (sql, ...params) => prepare(sql).get(...params),
        all: (sql, ...params) => prepare(sql).all(...params),
        close: () => db.close(),
    };
}


/***/ }),

/***/ 896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 928:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("path");

/***/ }),

/***/ 23:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util");

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
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(581);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 
