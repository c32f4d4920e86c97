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


module.exports = __nccwpck_require__(909);
module.exports.SqliteError = __nccwpck_require__(483);


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
/* harmony import */ var _cli_run_cli_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(832);
/* harmony import */ var _errors_user_error_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(233);
/* harmony import */ var _store_sqlite_driver_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(386);
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

/***/ 832:
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

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __nccwpck_require__(24);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __nccwpck_require__(760);
var external_node_path_default = /*#__PURE__*/__nccwpck_require__.n(external_node_path_);
;// CONCATENATED MODULE: external "node:crypto"
const external_node_crypto_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");
;// CONCATENATED MODULE: ./node_modules/zod/v4/core/util.js

// functions
function assertEqual(val) {
    return val;
}
function assertNotEqual(val) {
    return val;
}
function toZod() {
    return (schema) => schema;
}
function assertIs(_arg) { }
function assertNever(_x) {
    throw new Error("Unexpected value in exhaustive check");
}
function assert(_) { }
function getEnumValues(entries) {
    const numericValues = Object.values(entries).filter((v) => typeof v === "number");
    const values = Object.entries(entries)
        .filter(([k, _]) => numericValues.indexOf(+k) === -1)
        .map(([_, v]) => v);
    return values;
}
function joinValues(array, separator = "|") {
    return array.map((val) => stringifyPrimitive(val)).join(separator);
}
function jsonStringifyReplacer(_, value) {
    if (typeof value === "bigint")
        return value.toString();
    return value;
}
// the accessor lives on a shared prototype: an own accessor makes every box a dictionary-mode object (~360 B and a slow load per read against ~100 B and an inlined getter here)
class Cached {
    constructor(getter) {
        this._getter = getter;
        this._value = undefined;
    }
    get value() {
        const getter = this._getter;
        if (getter !== undefined) {
            this._value = getter();
            this._getter = undefined;
        }
        return this._value;
    }
}
function cached(getter) {
    return new Cached(getter);
}
function nullish(input) {
    return input === null || input === undefined;
}
function cleanRegex(source) {
    const start = source.startsWith("^") ? 1 : 0;
    const end = source.endsWith("$") ? source.length - 1 : source.length;
    return source.slice(start, end);
}
function floatSafeRemainder(val, step) {
    const ratio = val / step;
    const roundedRatio = Math.round(ratio);
    // `val` and `step` each round to a double before the division rounds again, so a true decimal multiple's quotient can sit up to 1.5 of these scaled epsilons from the integer. A 1x tolerance therefore rejected 2.03 as a multiple of 0.07; 4x covers the worst case with margin.
    const tolerance = 4 * Number.EPSILON * Math.max(Math.abs(ratio), 1);
    if (Math.abs(ratio - roundedRatio) < tolerance)
        return 0;
    return ratio - roundedRatio;
}
const EVALUATING = /* @__PURE__*/ (/* unused pure expression or super */ null && (Symbol("evaluating")));
function defineLazy(object, key, getter) {
    let value = undefined;
    Object.defineProperty(object, key, {
        get() {
            if (value === EVALUATING) {
                // Circular reference detected, return undefined to break the cycle
                return undefined;
            }
            if (value === undefined) {
                value = EVALUATING;
                value = getter();
            }
            return value;
        },
        set(v) {
            Object.defineProperty(object, key, {
                value: v,
                // configurable: true,
            });
            // object[key] = v;
        },
        configurable: true,
    });
}
function objectClone(obj) {
    return Object.create(Object.getPrototypeOf(obj), Object.getOwnPropertyDescriptors(obj));
}
function util_assignProp(target, prop, value) {
    Object.defineProperty(target, prop, {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
    });
}
/**
 * Whichever object a def's `shape` currently answers from: the one the caller passed until the first read, the frozen copy after it.
 *
 * Its keys and descriptors read without invoking anything, which is what lets a discriminated union check its discriminator, and the cycle walk read a shape, without resolving a getter that references the schema being constructed. A def that answers `shape` from an accessor of its own has none.
 */
function rawShape(def) {
    const desc = Object.getOwnPropertyDescriptor(def, "shape");
    return desc?.get ? desc.get.raw : desc?.value;
}
// where a builder reads its source's keys and descriptors, resolving only a shape a def answers for itself. A shape resolves by object spread, so only its enumerable keys are ever part of it.
function sourceShape(schema) {
    return rawShape(schema._zod.def) ?? schema._zod.def.shape;
}
// a key whose value is not settled yet, self-caching so every read after the first gets the same one
function deferProp(target, key, getter) {
    Object.defineProperty(target, key, {
        get() {
            const value = getter();
            util_assignProp(this, key, value);
            return value;
        },
        enumerable: true,
        configurable: true,
    });
}
// Writes a settled key. A plain assignment is much cheaper than `defineProperty` and produces the same descriptor, but it runs whatever setter already answers to the key — an accessor this shape deferred, or an inherited one, which `__proto__` has on every object and prototype pollution can add for any name.
function putProp(target, key, value) {
    if (key in target)
        util_assignProp(target, key, value);
    else
        target[key] = value;
}
/**
 * Copies `keys` of `source`'s shape onto `target`, each value passed through `wrap`.
 *
 * A key the source has resolved is copied through now, so the derived shape states it outright and nothing has to resolve it to learn what it holds. A key the source still defers stays deferred, and reads back through the source's own `shape`, so it resolves once and both shapes get that one schema.
 */
function mirrorShape(target, source, keys, wrap) {
    const raw = sourceShape(source);
    for (const key of keys) {
        const desc = Object.getOwnPropertyDescriptor(raw, key);
        if (!desc.enumerable)
            continue;
        if (desc.get) {
            deferProp(target, key, () => {
                const value = source._zod.def.shape[key];
                return wrap ? wrap(value, key) : value;
            });
        }
        else
            putProp(target, key, wrap ? wrap(desc.value, key) : desc.value);
    }
}
// same, for a plain shape a caller passed rather than a schema's
function mirrorProps(target, source) {
    for (const key of Reflect.ownKeys(source)) {
        const desc = Object.getOwnPropertyDescriptor(source, key);
        if (!desc.enumerable)
            continue;
        if (desc.get)
            deferProp(target, key, () => source[key]);
        else
            putProp(target, key, desc.value);
    }
}
function mergeDefs(...defs) {
    const mergedDescriptors = {};
    for (const def of defs) {
        const descriptors = Object.getOwnPropertyDescriptors(def);
        Object.assign(mergedDescriptors, descriptors);
    }
    return Object.defineProperties({}, mergedDescriptors);
}
function cloneDef(schema) {
    return mergeDefs(schema._zod.def);
}
function getElementAtPath(obj, path) {
    if (!path)
        return obj;
    return path.reduce((acc, key) => acc?.[key], obj);
}
function promiseAllObject(promisesObj) {
    const keys = Object.keys(promisesObj);
    const promises = keys.map((key) => promisesObj[key]);
    return Promise.all(promises).then((results) => {
        const resolvedObj = {};
        for (let i = 0; i < keys.length; i++) {
            resolvedObj[keys[i]] = results[i];
        }
        return resolvedObj;
    });
}
function randomString(length = 10) {
    const chars = "abcdefghijklmnopqrstuvwxyz";
    let str = "";
    for (let i = 0; i < length; i++) {
        str += chars[Math.floor(Math.random() * chars.length)];
    }
    return str;
}
function esc(str) {
    return JSON.stringify(str);
}
function slugify(input) {
    return input
        .toLowerCase()
        .trim()
        .replace(/[^\w\s-]/g, "")
        .replace(/[\s_-]+/g, "-")
        .replace(/^-+|-+$/g, "");
}
const captureStackTrace = ("captureStackTrace" in Error ? Error.captureStackTrace : (..._args) => { });
function util_isObject(data) {
    return typeof data === "object" && data !== null && !Array.isArray(data);
}
const util_allowsEval = /* @__PURE__*/ cached(() => {
    // Skip the probe under `jitless`: strict CSPs report the caught `new Function` as a `securitypolicyviolation` even though the throw is swallowed.
    if (globalConfig.jitless) {
        return false;
    }
    // @ts-ignore
    if (typeof navigator !== "undefined" && navigator?.userAgent?.includes("Cloudflare")) {
        return false;
    }
    try {
        const F = Function;
        new F("");
        return true;
    }
    catch (_) {
        return false;
    }
});
function isPlainObject(o) {
    if (util_isObject(o) === false)
        return false;
    // modified constructor
    const ctor = o.constructor;
    if (ctor === undefined)
        return true;
    if (typeof ctor !== "function")
        return true;
    // modified prototype
    const prot = ctor.prototype;
    if (util_isObject(prot) === false)
        return false;
    // ctor doesn't have static `isPrototypeOf`
    if (Object.prototype.hasOwnProperty.call(prot, "isPrototypeOf") === false) {
        return false;
    }
    return true;
}
function shallowClone(o) {
    if (isPlainObject(o))
        return { ...o };
    if (Array.isArray(o))
        return [...o];
    if (o instanceof Map)
        return new Map(o);
    if (o instanceof Set)
        return new Set(o);
    return o;
}
function numKeys(data) {
    let keyCount = 0;
    for (const key in data) {
        if (Object.prototype.hasOwnProperty.call(data, key)) {
            keyCount++;
        }
    }
    return keyCount;
}
const getParsedType = (data) => {
    const t = typeof data;
    switch (t) {
        case "undefined":
            return "undefined";
        case "string":
            return "string";
        case "number":
            return Number.isNaN(data) ? "nan" : "number";
        case "boolean":
            return "boolean";
        case "function":
            return "function";
        case "bigint":
            return "bigint";
        case "symbol":
            return "symbol";
        case "object":
            if (Array.isArray(data)) {
                return "array";
            }
            if (data === null) {
                return "null";
            }
            if (data.then && typeof data.then === "function" && data.catch && typeof data.catch === "function") {
                return "promise";
            }
            if (typeof Map !== "undefined" && data instanceof Map) {
                return "map";
            }
            if (typeof Set !== "undefined" && data instanceof Set) {
                return "set";
            }
            if (typeof Date !== "undefined" && data instanceof Date) {
                return "date";
            }
            // @ts-ignore
            if (typeof File !== "undefined" && data instanceof File) {
                return "file";
            }
            return "object";
        default:
            throw new Error(`Unknown data type: ${t}`);
    }
};
const propertyKeyTypes = /* @__PURE__*/ new Set(["string", "number", "symbol"]);
const primitiveTypes = /* @__PURE__*/ new Set([
    "string",
    "number",
    "bigint",
    "boolean",
    "symbol",
    "undefined",
]);
function escapeRegex(str) {
    return str.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
// zod-specific utils
function util_clone(inst, def, params) {
    const cl = new inst._zod.constr(def ?? inst._zod.def);
    if (!def || params?.parent)
        cl._zod.parent = inst;
    return cl;
}
function normalizeParams(_params) {
    const params = _params;
    if (!params)
        return {};
    if (typeof params === "string")
        return { error: () => params };
    if (params?.message !== undefined) {
        if (params?.error !== undefined)
            throw new Error("Cannot specify both `message` and `error` params");
        params.error = params.message;
    }
    delete params.message;
    if (typeof params.error === "string")
        return { ...params, error: () => params.error };
    return params;
}
function createTransparentProxy(getter) {
    let target;
    return new Proxy({}, {
        get(_, prop, receiver) {
            target ?? (target = getter());
            return Reflect.get(target, prop, receiver);
        },
        set(_, prop, value, receiver) {
            target ?? (target = getter());
            return Reflect.set(target, prop, value, receiver);
        },
        has(_, prop) {
            target ?? (target = getter());
            return Reflect.has(target, prop);
        },
        deleteProperty(_, prop) {
            target ?? (target = getter());
            return Reflect.deleteProperty(target, prop);
        },
        ownKeys(_) {
            target ?? (target = getter());
            return Reflect.ownKeys(target);
        },
        getOwnPropertyDescriptor(_, prop) {
            target ?? (target = getter());
            return Reflect.getOwnPropertyDescriptor(target, prop);
        },
        defineProperty(_, prop, descriptor) {
            target ?? (target = getter());
            return Reflect.defineProperty(target, prop, descriptor);
        },
    });
}
function stringifyPrimitive(value) {
    if (typeof value === "bigint")
        return value.toString() + "n";
    if (typeof value === "string")
        return `"${value}"`;
    return `${value}`;
}
function optionalKeys(shape) {
    return Object.keys(shape).filter((k) => {
        return shape[k]._zod.optin !== undefined && shape[k]._zod.optout === "optional";
    });
}
// Wrapped in a `@__PURE__` IIFE: esbuild never tree-shakes a top-level initializer that contains a member access on `Number`, so the bare object literal survived into every bundle.
const NUMBER_FORMAT_RANGES = /*@__PURE__*/ (() => ({
    safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    int32: [-2147483648, 2147483647],
    uint32: [0, 4294967295],
    float32: [-3.4028234663852886e38, 3.4028234663852886e38],
    float64: [-Number.MAX_VALUE, Number.MAX_VALUE],
}))();
const BIGINT_FORMAT_RANGES = {
    int64: [/* @__PURE__*/ BigInt("-9223372036854775808"), /* @__PURE__*/ BigInt("9223372036854775807")],
    uint64: [/* @__PURE__*/ BigInt(0), /* @__PURE__*/ BigInt("18446744073709551615")],
};
function pick(schema, mask) {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(".pick() cannot be used on object schemas containing refinements");
    }
    const newShape = {};
    mirrorShape(newShape, schema, maskedKeys(schema, mask));
    return util_clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
// the mask keys that select something, checked against the source's shape without resolving it
function maskedKeys(schema, mask) {
    const raw = sourceShape(schema);
    const keys = [];
    // `for...in` skips symbols, so a symbol in the mask would select nothing
    for (const key of Reflect.ownKeys(mask)) {
        if (!Object.getOwnPropertyDescriptor(raw, key)?.enumerable) {
            throw new Error(`Unrecognized key: "${String(key)}"`);
        }
        if (mask[key])
            keys.push(key);
    }
    return keys;
}
function omit(schema, mask) {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(".omit() cannot be used on object schemas containing refinements");
    }
    const omitted = new Set(maskedKeys(schema, mask));
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)).filter((key) => !omitted.has(key)));
    return util_clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
function extend(schema, shape) {
    if (!isPlainObject(shape)) {
        throw new Error("Invalid input to extend: expected a plain object");
    }
    const checks = schema._zod.def.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        // Only throw if new shape overlaps with existing shape. Use getOwnPropertyDescriptor to check key existence without accessing values
        const existingShape = sourceShape(schema);
        for (const key of Reflect.ownKeys(shape)) {
            if (Object.getOwnPropertyDescriptor(existingShape, key) !== undefined) {
                throw new Error("Cannot overwrite keys on object schemas containing refinements. Use `.safeExtend()` instead.");
            }
        }
    }
    return util_clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
// the source's keys, then the caller's overlaid on top
function extended(schema, shape) {
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)));
    mirrorProps(newShape, shape);
    return newShape;
}
function safeExtend(schema, shape) {
    if (!isPlainObject(shape)) {
        throw new Error("Invalid input to safeExtend: expected a plain object");
    }
    return util_clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function merge(a, b) {
    if (!b?._zod?.def) {
        throw new Error("Invalid input to merge: expected an object schema. To merge a plain shape, use `.extend()`.");
    }
    if (a._zod.def.checks?.length) {
        throw new Error(".merge() cannot be used on object schemas containing refinements. Use .safeExtend() instead.");
    }
    const newShape = {};
    mirrorShape(newShape, a, Reflect.ownKeys(sourceShape(a)));
    mirrorShape(newShape, b, Reflect.ownKeys(sourceShape(b)));
    const def = mergeDefs(a._zod.def, {
        shape: newShape,
        get catchall() {
            return b._zod.def.catchall;
        },
        checks: b._zod.def.checks ?? [],
    });
    return util_clone(a, def);
}
function partial(Class, schema, mask, name = "partial") {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(`.${name}() cannot be used on object schemas containing refinements`);
    }
    const selected = mask ? new Set(maskedKeys(schema, mask)) : undefined;
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), Class &&
        ((value, key) => (selected && !selected.has(key) ? value : new Class({ type: "optional", innerType: value }))));
    return util_clone(schema, mergeDefs(schema._zod.def, { shape: newShape, checks: [] }));
}
function required(Class, schema, mask) {
    const selected = mask ? new Set(maskedKeys(schema, mask)) : undefined;
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), (value, key) => 
    // overwrite with non-optional
    selected && !selected.has(key) ? value : new Class({ type: "nonoptional", innerType: value }));
    return util_clone(schema, mergeDefs(schema._zod.def, { shape: newShape }));
}
// invalid_type | too_big | too_small | invalid_format | not_multiple_of | unrecognized_keys | invalid_union | invalid_key | invalid_element | invalid_value | custom
function aborted(x, startIndex = 0) {
    if (x.aborted === true)
        return true;
    for (let i = startIndex; i < x.issues.length; i++) {
        if (x.issues[i]?.continue !== true) {
            return true;
        }
    }
    return false;
}
// Checks for explicit abort (continue === false), as opposed to implicit abort (continue === undefined). Used to respect `abort: true` in .refine() even for checks that have a `when` function.
function explicitlyAborted(x, startIndex = 0) {
    if (x.aborted === true)
        return true;
    for (let i = startIndex; i < x.issues.length; i++) {
        if (x.issues[i]?.continue === false) {
            return true;
        }
    }
    return false;
}
function prefixIssues(path, issues) {
    return issues.map((iss) => {
        var _a;
        (_a = iss).path ?? (_a.path = []);
        iss.path.unshift(path);
        return iss;
    });
}
function unwrapMessage(message) {
    return typeof message === "string" ? message : message?.message;
}
/* A check holds no link back to the schema it is attached to — the same check instance is shared by every clone of that schema — so the owner is stamped onto the issues a check just raised, at the only point where both are in scope. Runs on the failure path only; `start` is the issue count from before the check ran. */
/** The leading size checks of `defChecks` that set an upper bound, each paired with it. */
function sizeCaps(defChecks) {
    const caps = [];
    for (const ch of defChecks ?? []) {
        const d = ch._zod.def;
        // a later check may rewrite the value
        if (!/_(length|size)$|_equals$/.test(d.check))
            break;
        const max = d.maximum ?? d.length ?? d.size;
        if (max >= 0)
            caps.push([max, ch]);
    }
    return caps;
}
function attachSchema(issues, start, inst) {
    var _a;
    for (let i = start; i < issues.length; i++) {
        (_a = issues[i]).schema ?? (_a.schema = inst);
    }
}
function finalizeIssue(iss, ctx, config) {
    var _a;
    // A schema that raised an issue itself owns it outright, and outranks any stamp an enclosing check left in `attachSchema`. String formats and z.custom() are schema and check at once, so when they act as a check they defer to that stamp instead.
    const traits = iss.inst?._zod?.traits;
    if (traits?.has("$ZodType")) {
        if (traits.has("$ZodCheck"))
            (_a = iss).schema ?? (_a.schema = iss.inst);
        else
            iss.schema = iss.inst;
    }
    // Decreasing specificity, first map to return a message wins. `inst` is whatever raised the issue, so a check's own map outranks the owning schema's.
    const schemaError = iss.schema !== iss.inst ? iss.schema?._zod.def?.error : undefined;
    const message = iss.message
        ? iss.message
        : (unwrapMessage(iss.inst?._zod.def?.error?.(iss)) ??
            unwrapMessage(schemaError?.(iss)) ??
            unwrapMessage(ctx?.error?.(iss)) ??
            unwrapMessage(config.customError?.(iss)) ??
            unwrapMessage(config.localeError?.(iss)) ??
            "Invalid input");
    // an explicit own-key copy beats object rest with excluded keys, which v8 routes through a generic runtime call; Object.keys rather than for-in so an issue pushed with a prototype does not leak inherited keys, and an own __proto__ key is dropped rather than assigned through the setter
    const full = {};
    for (const k of Object.keys(iss)) {
        if (k === "inst" || k === "schema" || k === "continue" || k === "input" || k === "__proto__")
            continue;
        full[k] = iss[k];
    }
    full.path ?? (full.path = []);
    full.message = message;
    if (ctx?.reportInput) {
        full.input = iss.input;
    }
    return full;
}
function getSizableOrigin(input) {
    if (input instanceof Set)
        return "set";
    if (input instanceof Map)
        return "map";
    // @ts-ignore
    if (input instanceof File)
        return "file";
    return "unknown";
}
const highSurrogate = /[\uD800-\uDBFF]/;
// Code points in `str`: a surrogate pair counts once, a lone surrogate as itself. Hand-rolled because the string iterator allocates and runs ~250x slower on this path; the regex probe exits ~50x quicker for a string with no astral characters.
function codePointLength(str) {
    const units = str.length;
    if (!highSurrogate.test(str))
        return units;
    let count = units;
    for (let i = 0; i < units - 1; i++) {
        if ((str.charCodeAt(i) & 0xfc00) === 0xd800 && (str.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
            count--;
            i++;
        }
    }
    return count;
}
function getLengthableOrigin(input) {
    if (Array.isArray(input))
        return "array";
    if (typeof input === "string")
        return "string";
    return "unknown";
}
function parsedType(data) {
    const t = typeof data;
    switch (t) {
        case "number": {
            return Number.isNaN(data) ? "nan" : "number";
        }
        case "object": {
            if (data === null) {
                return "null";
            }
            if (Array.isArray(data)) {
                return "array";
            }
            const obj = data;
            if (obj && Object.getPrototypeOf(obj) !== Object.prototype && "constructor" in obj && obj.constructor) {
                return obj.constructor.name;
            }
        }
    }
    return t;
}
function util_issue(...args) {
    const [iss, input, inst] = args;
    if (typeof iss === "string") {
        return {
            message: iss,
            code: "custom",
            input,
            inst,
        };
    }
    return { ...iss };
}
function cleanEnum(obj) {
    return Object.entries(obj)
        .filter(([k, _]) => {
        // return true if NaN, meaning it's not a number, thus a string key
        return Number.isNaN(Number.parseInt(k, 10));
    })
        .map((el) => el[1]);
}
// Codec utility functions
function base64ToUint8Array(base64) {
    const binaryString = atob(base64);
    const bytes = new Uint8Array(binaryString.length);
    for (let i = 0; i < binaryString.length; i++) {
        bytes[i] = binaryString.charCodeAt(i);
    }
    return bytes;
}
function uint8ArrayToBase64(bytes) {
    let binaryString = "";
    for (let i = 0; i < bytes.length; i++) {
        binaryString += String.fromCharCode(bytes[i]);
    }
    return btoa(binaryString);
}
function base64urlToUint8Array(base64url) {
    const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
    const padding = "=".repeat((4 - (base64.length % 4)) % 4);
    return base64ToUint8Array(base64 + padding);
}
function uint8ArrayToBase64url(bytes) {
    return uint8ArrayToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=/g, "");
}
function hexToUint8Array(hex) {
    const cleanHex = hex.replace(/^0x/, "");
    if (cleanHex.length % 2 !== 0) {
        throw new Error("Invalid hex string length");
    }
    const bytes = new Uint8Array(cleanHex.length / 2);
    for (let i = 0; i < cleanHex.length; i += 2) {
        bytes[i / 2] = Number.parseInt(cleanHex.slice(i, i + 2), 16);
    }
    return bytes;
}
function uint8ArrayToHex(bytes) {
    return Array.from(bytes)
        .map((b) => b.toString(16).padStart(2, "0"))
        .join("");
}
// instanceof
class Class {
    constructor(..._args) { }
}
//////////    PROTOTYPE INSTALLERS     //////////
//
// Members live on the prototype and materialize per instance on first read, which keeps own-property count under the step where V8 stops using inline slots. Changing anything here means re-measuring runtime, memory and bundle size together — see "The three axes" in AGENTS.md.
/**
 * Installs a trait's members on its prototype. Each value builds that member for the instance on first read; the built value shadows the accessor as an own property, so a detached `const { parse } = schema` keeps working.
 *
 * Call this from a `proto` initializer, which runs once per prototype — never per instance.
 */
function members(proto, table) {
    for (const key in table) {
        const desc = Object.getOwnPropertyDescriptor(table, key);
        // a getter installs as written, so it stays live: `description` reads through to the registry on every access. not enumerable: an object literal's is, and a prototype member never was
        if (desc.get)
            Object.defineProperty(proto, key, { ...desc, enumerable: false });
        // a method materializes bound on first read, which is what keeps a detached member working: `const opt = schema.optional; opt()`
        else
            defineBound(proto, key, desc.value);
    }
}
/** Shadows a prototype member with an own value, so a getter that builds from the instance runs once. */
function own(inst, key, value, enumerable = true) {
    Object.defineProperty(inst, key, { configurable: true, writable: true, enumerable, value });
    return value;
}
/** Like {@link own}, for a member that was never an own data property and has to stay out of `Object.keys`. */
function hide(inst, key, value) {
    return own(inst, key, value, false);
}
/** Adds members a table derives from the instance: each builds on first read and shadows as own data, and assignment shadows the same way, as when these were own properties. */
function derived(computes, table) {
    for (const key in computes) {
        const compute = computes[key];
        // an object literal's accessor is configurable and enumerable, and `members` copies the descriptor as written
        Object.defineProperty(table, key, {
            configurable: true,
            enumerable: true,
            get() {
                return own(this, key, compute(this));
            },
            set(value) {
                own(this, key, value);
            },
        });
    }
    return table;
}
function defineBound(proto, key, fn) {
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // vitest's spyOn calls a prototype getter bare to find the function it wraps, so a nullish receiver answers the raw method
            return this == null ? fn : own(this, key, fn.bind(this));
        },
        set(value) {
            own(this, key, value);
        },
    });
}
/** Returns the prototype to install on, or `undefined` if this group is already installed on it. */
function claim(inst, sentinel) {
    const proto = Object.getPrototypeOf(inst);
    // Runs on every construction, so `in` rather than the costlier `hasOwnProperty.call`. Sentinels are keys the group itself defines.
    return sentinel in proto ? undefined : proto;
}
// The internals whose init chain is installing. A second call for the same one is a derived constructor overriding its base, so it must not construct another schema in between or the override is dropped.
let installing;
// Set while a getter is running, so a value that resolved through a recursion break is not memoized. One shared descriptor shadows the key for the duration, which costs no per-key allocation.
let broke = false;
const breaker = {
    configurable: true,
    get() {
        broke = true;
        return undefined;
    },
};
/**
 * Installs a lazily-derived internal on the `_zod` prototype of `inst`'s
 * constructor, computed from the internals object itself and cached there on
 * first read. One accessor per constructor rather than one per instance.
 */
function defineLazyInternal(inst, key, compute) {
    const proto = Object.getPrototypeOf(inst._zod);
    if (key in proto && installing !== inst._zod) {
        // A repeat construction: everything is installed already. Cleared here so the reference is not held past the first construction of every type.
        installing = undefined;
        return;
    }
    installing = inst._zod;
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // Shadowed before computing so a re-entrant read from a recursive schema resolves to undefined instead of running the getter again.
            Object.defineProperty(this, key, breaker);
            const outer = broke;
            broke = false;
            try {
                const value = compute(this);
                // A result that resolved through a recursion break is recomputed once the graph is complete; everything else memoizes, undefined included.
                if (broke)
                    delete this[key];
                else
                    Object.defineProperty(this, key, { configurable: true, writable: true, value });
                broke = broke || outer;
                return value;
            }
            catch (err) {
                // A compute that threw memoizes nothing, so a later read runs it again and fails the same way. The shadow goes with it, since leaving it installed would answer undefined for every later read.
                delete this[key];
                broke = broke || outer;
                throw err;
            }
        },
        set(value) {
            Object.defineProperty(this, key, { configurable: true, writable: true, value });
        },
    });
}
/**
 * Installs `key` on `inst`'s prototype, computed by `make` on first read and cached there as an own
 * data property. One accessor per constructor rather than one per instance, because an own accessor
 * puts every instance after the first into v8 dictionary mode. The key doubles as the sentinel.
 */
function installLazyProp(inst, key, make, enumerable) {
    const proto = claim(inst, key);
    if (!proto)
        return;
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // Shadowed before computing, so a re-entrant read from a self-referential shape resolves to undefined instead of running the getter again. A data property rather than an accessor: an own accessor is the dictionary-mode transition this exists to avoid.
            const desc = { configurable: true, writable: true, enumerable, value: undefined };
            Object.defineProperty(this, key, desc);
            // a compute that throws leaves the shadow behind, so later reads answer undefined instead of re-throwing; `defineLazy` did the same, and `defineLazyInternal`'s delete-on-catch would cost bytes in every bundle for a case only a throwing user getter reaches
            desc.value = make(this);
            Object.defineProperty(this, key, desc);
            return desc.value;
        },
        set(value) {
            Object.defineProperty(this, key, { configurable: true, writable: true, enumerable, value });
        },
    });
}
/** Marks the thunk `_catch` synthesises for a constant catch value. `Function.length` cannot tell that thunk from a user callback — rest and defaulted parameters both report arity 0 — and a user callback reads `ctx.error`, whose issues only finalize correctly against the caller's per-parse error map. Provenance can say what arity cannot. A plain string key rather than `Symbol.for`, whose call at module scope no bundler can prove pure — the same shape that anchored `urlCanParse` into every build. */
const CONSTANT_CATCH = "~constantCatch";
/** Wraps a constant catch value in a thunk tagged with {@link CONSTANT_CATCH}. */
function constantCatch(value) {
    const fn = () => value;
    fn[CONSTANT_CATCH] = true;
    return fn;
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/core.js
var _a;

/** A special constant with type `never` */
const NEVER = /*@__PURE__*/ Object.freeze({
    status: "aborted",
});
/* Shared descriptor for installing `_zod`; defineProperty reads it
 * synchronously, so reusing one object avoids a per-instance allocation. */
const _zodDesc = { value: undefined, enumerable: false };
// null where suppressing the capture would be unrecoverable: `parse()` puts the frames back with `captureStackTrace`, so without it the throw would lose its stack. also latched to null once `stackTraceLimit` proves unassignable, which a realm can do at any point by hardening Error
let _E = "captureStackTrace" in Error ? Error : null;
// v8 captures a stack trace inside the Error constructor, which dominates a failed parse; costs only the frames, and parse() restores those. the constructor must RUN: Object.create is cheaper and passes instanceof, but Error.isError and util.types.isNativeError check an internal slot
function newError(Definition) {
    const E = _E;
    if (E) {
        const saved = E.stackTraceLimit;
        if (typeof saved === "number") {
            try {
                E.stackTraceLimit = 0;
            }
            catch {
                _E = null;
                return new Definition();
            }
            try {
                return new Definition();
            }
            finally {
                E.stackTraceLimit = saved;
            }
        }
    }
    return new Definition();
}
function $constructor(name, initializer, 
/** This trait's members, installed once on every prototype that composes it. They cannot be declared in the initializer above: that runs per instance, and the prototype is shared. */
proto, params) {
    // Prototype for this constructor's `_zod` internals. Lazily-derived fields (`values`, `pattern`, `optin`, …) install here once rather than as an accessor on every instance.
    const zodProto = {};
    // Assigning the fields in the constructor body is what gives instances in-object slots; building the object literally and reparenting it costs a second allocation and a generic property copy.
    function Internals(def) {
        this.def = def;
        this.constr = _;
        this.traits = new Set();
    }
    Internals.prototype = zodProto;
    const protoMembers = proto;
    // One trait's members land on every prototype whose chain composes it, so the answer is per prototype rather than per trait.
    const initialized = protoMembers && new WeakSet();
    function init(inst, def) {
        if (!inst._zod) {
            _zodDesc.value = new Internals(def);
            try {
                Object.defineProperty(inst, "_zod", _zodDesc);
            }
            finally {
                // Cleared even on throw, so the shared descriptor never leaks one instance's internals into the next.
                _zodDesc.value = undefined;
            }
        }
        else if (inst._zod.traits.has(name)) {
            return;
        }
        inst._zod.traits.add(name);
        initializer(inst, def);
        if (initialized) {
            // `super(def)` from a user subclass gives `this` a prototype the subclass owns, and installing there would overwrite whatever the subclass declared. `constr` built the instance, so its prototype is the one below the subclass's that should carry the members. A receiver whose chain never reaches that prototype installs on its own, which for a plain object handed straight to `init` means `Object.prototype` — unchanged from before.
            const own = Object.getPrototypeOf(inst);
            const ctorProto = inst._zod.constr.prototype;
            let up = own;
            while (up && up !== ctorProto)
                up = Object.getPrototypeOf(up);
            const target = up ?? own;
            if (!initialized.has(target)) {
                initialized.add(target);
                members(target, protoMembers);
            }
        }
        // support prototype modifications; for-in avoids the array allocation of Object.keys on the (usually empty) prototype
        const proto = _.prototype;
        for (const k in proto) {
            if (!Object.prototype.hasOwnProperty.call(proto, k))
                continue;
            if (!(k in inst)) {
                inst[k] = proto[k].bind(inst);
            }
        }
    }
    // doesn't work if Parent has a constructor with arguments
    const Parent = params?.Parent ?? Object;
    class Definition extends Parent {
    }
    Object.defineProperty(Definition, "name", { value: name });
    function _(def) {
        const inst = params?.Parent ? newError(Definition) : this;
        init(inst, def);
        const deferred = inst._zod.deferred;
        if (deferred) {
            for (const fn of deferred) {
                fn();
            }
            // Released: initializers run once, and the list would otherwise be retained for the schema's lifetime.
            inst._zod.deferred = undefined;
        }
        // Global post-processor hook. Internal: installed by `import "zod/compile"` to enable AOT compilation for every constructed schema. Runs last, once the instance is fully built, because it hands the instance to compile(). The post-processor is expected to be reentrancy-guarded by its own implementation.
        const pp = globalThis.__zod_globalConfig?.postProcessor;
        if (pp)
            pp(inst);
        return inst;
    }
    Object.defineProperty(_, "init", { value: init });
    Object.defineProperty(_, Symbol.hasInstance, {
        value: (inst) => {
            if (params?.Parent && inst instanceof params.Parent)
                return true;
            return inst?._zod?.traits?.has(name);
        },
    });
    Object.defineProperty(_, "name", { value: name });
    return _;
}
//////////////////////////////   UTILITIES   ///////////////////////////////////////
const $brand = /*@__PURE__*/ (/* unused pure expression or super */ null && (Symbol("zod_brand")));
class $ZodAsyncError extends Error {
    constructor() {
        super(`Encountered Promise during synchronous parse. Use .parseAsync() instead.`);
    }
}
class $ZodEncodeError extends Error {
    constructor(name) {
        super(`Encountered unidirectional transform during encode: ${name}`);
        this.name = "ZodEncodeError";
    }
}
(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});
const globalConfig = globalThis.__zod_globalConfig;
function config(newConfig) {
    if (newConfig)
        Object.assign(globalConfig, newConfig);
    return globalConfig;
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/memoizer.js

class $ZodCyclicError extends Error {
    constructor() {
        super(`Cannot parse a reference cycle that closes through a transform`);
        this.name = "ZodCyclicError";
    }
}
/** Keyed off the context object every schema in one parse call already shares. */
const STATE = "~memo";
const NO_ISSUES = [];
// a value a cycle can close through
function isRef(value) {
    return value !== null && typeof value === "object";
}
// Receivers prefix paths in place, so the cache and every hand-out need their own copies.
function cloneIssues(issues) {
    return issues.map((iss) => (iss.path ? { ...iss, path: iss.path.slice() } : { ...iss }));
}
const recursive = /*@__PURE__*/ new WeakMap();
/** What the walk established, in order of certainty: ordered so the strongest answer among children wins. */
const NONE = 0;
const ASSUMED = 1;
const PROVEN = 2;
/** Whether this schema's subtree contains a cycle, so one parse can re-enter it. */
function isRecursive(inst, stack, resolve) {
    const cached = recursive.get(inst);
    if (cached !== undefined)
        return cached ? PROVEN : NONE;
    // Relative to the walk in progress, so not cached.
    if (stack.has(inst))
        return PROVEN;
    stack.add(inst);
    let result = NONE;
    const check = (child) => {
        if (result !== PROVEN && child?._zod) {
            const answer = isRecursive(child, stack, resolve);
            if (answer > result)
                result = answer;
        }
    };
    // `Reflect.ownKeys` rather than `Object.keys`, so a cycle through a declared symbol key is still seen
    const shape = (sh, spread) => {
        let answer = NONE;
        for (const key of Reflect.ownKeys(sh)) {
            const desc = Object.getOwnPropertyDescriptor(sh, key);
            // an object resolves its shape by spread, so a key it does not enumerate is never parsed; `z.properties` reads every own key and so keeps them all
            if (spread && !desc.enumerable)
                continue;
            // resolving runs user code, and a factory mints a fresh subtree per read, so an edge the walk can't follow counts as a cycle
            const child = desc.get ? ASSUMED : desc.value?._zod ? isRecursive(desc.value, stack, resolve) : NONE;
            if (child > answer)
                answer = child;
        }
        return answer;
    };
    const merge = (answer) => {
        if (answer > result)
            result = answer;
    };
    const def = inst._zod.def;
    const kind = def.type;
    switch (kind) {
        case "object": {
            const raw = rawShape(def);
            // a def with no raw shape answers `shape` from an accessor of its own, and running that can mint a whole fresh subtree
            merge(raw ? shape(raw, true) : ASSUMED);
            check(def.catchall);
            break;
        }
        case "array":
            check(def.element);
            break;
        case "tuple":
            for (const el of def.items)
                check(el);
            check(def.rest);
            break;
        case "record":
        case "map":
            check(def.keyType);
            check(def.valueType);
            break;
        case "set":
            check(def.valueType);
            break;
        case "union":
            for (const el of def.options)
                check(el);
            break;
        case "intersection":
            check(def.left);
            check(def.right);
            break;
        case "optional":
        case "nullable":
        case "default":
        case "prefault":
        case "catch":
        case "readonly":
        case "nonoptional":
        case "promise":
        case "success":
            check(def.innerType);
            break;
        case "pipe":
            check(def.in);
            check(def.out);
            break;
        case "function":
            check(def.input);
            check(def.output);
            break;
        // `$ZodLazy` caches its inner on the def, so a resolved edge is followed exactly
        case "lazy": {
            const inner = def._cachedInner ?? (resolve ? inst._zod.innerType : undefined);
            // walked with resolution off: one hop sees past the deferral, and a lazy that yields only another unresolved lazy is generative, so it stops there
            merge(inner ? isRecursive(inner, stack, false) : ASSUMED);
            break;
        }
        // a leaf by choice: `parts` are regex fragments, not data positions
        case "template_literal":
        // leaves
        case "string":
        case "number":
        case "int":
        case "boolean":
        case "bigint":
        case "symbol":
        case "undefined":
        case "null":
        case "void":
        case "never":
        case "any":
        case "unknown":
        case "date":
        case "nan":
        case "enum":
        case "literal":
        case "file":
        case "transform":
        case "custom":
            break;
        default: {
            // a new built-in kind becomes a compile error here
            kind;
            // a user-defined kind can still hold children, and only its author knows where, so fall back to scanning the def — skipping accessors, since reading one can run user code
            for (const key in def) {
                const desc = Object.getOwnPropertyDescriptor(def, key);
                if (!desc || desc.get)
                    continue;
                const value = desc.value;
                if (!value || typeof value !== "object")
                    continue;
                if (value._zod)
                    check(value);
                else if (Array.isArray(value))
                    for (const el of value)
                        check(el);
            }
        }
    }
    stack.delete(inst);
    return settle(inst, result);
}
/** An assumed answer must not outlive the resolution that settles it, so only a certain one is cached. */
function settle(inst, answer) {
    if (answer !== ASSUMED)
        recursive.set(inst, answer === PROVEN);
    return answer;
}
/**
 * Whether one parse can re-enter this schema, i.e. its subtree contains a cycle.
 * Exported for `z.compile`, which refuses to compile such a schema: cycle
 * breaking is driven from here off state keyed on the parse context, and a
 * generated fast path has no context to key on.
 */
function isRecursiveSchema(inst) {
    // z.compile never parses, so nothing would ever resolve a lazy for it; it runs once and already treats a throw here as recursive
    return isRecursive(inst, new Set(), true) !== NONE;
}
function bucketFor(state, inst) {
    let bucket = state.buckets.get(inst);
    if (!bucket) {
        bucket = new WeakMap();
        state.buckets.set(inst, bucket);
    }
    return bucket;
}
// Set immediately before delegating to core and cleared immediately after, so `alloc` registers only for a visit this module is driving.
let handoff;
// Allocated but unfinished entries. `alloc` and the matching pop both happen in the synchronous part of a parse, so they nest even when children are async, and one stack serves every schema.
const memoizer_open = [];
const memo = {
    alloc(_inst, payload, empty) {
        const bucket = handoff;
        if (!bucket)
            return empty;
        handoff = undefined;
        const entry = { value: empty, issues: null };
        bucket.set(payload.value, entry);
        memoizer_open.push(entry);
        return empty;
    },
    guard(inst) {
        var _a;
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred.push(() => {
            const base = inst._zod.parse;
            const wrapped = (payload, ctx) => {
                // The value is a placeholder a back-edge is still waiting on, so the cycle closes through this transform. Its output can't exist in time to bind.
                if (ctx.direction !== "backward" && isBackEdge(ctx, payload.value))
                    throw new $ZodCyclicError();
                return base(payload, ctx);
            };
            inst._zod.parse = wrapped;
            if (inst._zod.run === base)
                inst._zod.run = wrapped;
        });
    },
    attach(inst) {
        var _a;
        let isRecursiveInst;
        let rechecked = false;
        // a recursive schema is re-entered many times per parse and its bucket never changes
        let lastCtx;
        let lastBucket;
        // Wraps `parse` in a deferred so it sees the container's final parse. Core's own deferred copies `parse` into `run` when there are no checks, and it ran first, so `run` is patched to match; with checks, `run` reads `parse` dynamically.
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred.push(() => {
            const base = inst._zod.parse;
            const wrapped = (payload, ctx) => {
                if (isRecursiveInst === undefined) {
                    const walked = isRecursive(inst, new Set(), false);
                    if (walked === NONE) {
                        // Nothing here can ever fire, so take it back out.
                        inst._zod.parse = base;
                        if (inst._zod.run === wrapped)
                            inst._zod.run = base;
                        return base(payload, ctx);
                    }
                    // this parse resolves the deferred edges on its own path, so ask once more before latching
                    if (walked === PROVEN || rechecked)
                        isRecursiveInst = true;
                    else
                        rechecked = true;
                }
                const input = payload.value;
                if (!isRef(input))
                    return base(payload, ctx);
                let state = ctx[STATE];
                if (!state) {
                    state = { buckets: new WeakMap(), backEdges: undefined };
                    ctx[STATE] = state;
                }
                let bucket;
                if (lastCtx === ctx) {
                    bucket = lastBucket;
                }
                else {
                    bucket = bucketFor(state, inst);
                    lastCtx = ctx;
                    lastBucket = bucket;
                }
                const hit = bucket.get(input);
                if (hit) {
                    payload.value = hit.value;
                    if (hit.issues) {
                        if (hit.issues.length)
                            payload.issues.push(...cloneIssues(hit.issues));
                    }
                    else {
                        // Still being parsed: its own checks cover it, so skip them here.
                        payload.memo = true;
                        state.backEdges ?? (state.backEdges = new WeakSet());
                        state.backEdges.add(hit.value);
                    }
                    return payload;
                }
                handoff = bucket;
                const depth = memoizer_open.length;
                const result = base(payload, ctx);
                handoff = undefined;
                // A container that rejected its input outright allocated nothing.
                const entry = memoizer_open.length > depth ? memoizer_open.pop() : undefined;
                // Both paths written out so the sync one allocates no closure. It runs once per node, and capturing here cost more than everything else combined.
                if (result instanceof Promise) {
                    return result.then((r) => {
                        if (entry)
                            entry.issues = r.issues.length ? cloneIssues(r.issues) : NO_ISSUES;
                        return r;
                    });
                }
                if (entry)
                    entry.issues = result.issues.length ? cloneIssues(result.issues) : NO_ISSUES;
                return result;
            };
            inst._zod.parse = wrapped;
            if (inst._zod.run === base)
                inst._zod.run = wrapped;
        });
    },
};
/** The memoizer that gives containers cycle support. `zod` installs it by default; `zod/mini` opts in with `config({ memoizer: memoizer() })`. */
function memoizer() {
    return memo;
}
/** Whether this value is a node a back-edge resolved to before it finished. */
function isBackEdge(ctx, value) {
    const backEdges = ctx[STATE]?.backEdges;
    return backEdges !== undefined && isRef(value) && backEdges.has(value);
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/regexes.js

/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link cuid2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const cuid = /^[cC][0-9a-z]{6,}$/;
const cuid2 = /^[0-9a-z]+$/;
const ulid = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/;
const xid = /^[0-9a-vA-V]{20}$/;
const ksuid = /^[A-Za-z0-9]{27}$/;
const nanoid = /^[a-zA-Z0-9_-]{21}$/;
function nanoidOfLength(length) {
    return new RegExp(`^[a-zA-Z0-9_-]{${length}}$`);
}
/** ISO 8601-1 duration regex. Does not support the 8601-2 extensions like negative durations or fractional/negative components. */
const duration = /^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$/;
/** Implements ISO 8601-2 extensions like explicit +- prefixes, mixing weeks with other units, and fractional/negative components. */
const extendedDuration = /^[-+]?P(?!$)(?:(?:[-+]?\d+Y)|(?:[-+]?\d+[.,]\d+Y$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:(?:[-+]?\d+W)|(?:[-+]?\d+[.,]\d+W$))?(?:(?:[-+]?\d+D)|(?:[-+]?\d+[.,]\d+D$))?(?:T(?=[\d+-])(?:(?:[-+]?\d+H)|(?:[-+]?\d+[.,]\d+H$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:[-+]?\d+(?:[.,]\d+)?S)?)??$/;
/** A regex for any UUID-like identifier: 8-4-4-4-12 hex pattern */
const guid = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
/** Returns a regex for validating an RFC 9562/4122 UUID.
 *
 * @param version Optionally specify a version 1-8. If no version is specified, all versions are supported. */
const uuid = (version) => {
    if (!version)
        return /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
    return new RegExp(`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-${version}[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$`);
};
const uuid4 = /*@__PURE__*/ (/* unused pure expression or super */ null && (uuid(4)));
const uuid6 = /*@__PURE__*/ (/* unused pure expression or super */ null && (uuid(6)));
const uuid7 = /*@__PURE__*/ (/* unused pure expression or super */ null && (uuid(7)));
/** Practical email validation */
const email = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
/** Equivalent to the HTML5 input[type=email] validation implemented by browsers. Source: https://developer.mozilla.org/en-US/docs/Web/HTML/Element/input/email */
const html5Email = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** The classic emailregex.com regex for RFC 5322-compliant emails */
const rfc5322Email = /^(([^<>()\[\]\\.,;:\s@"]+(\.[^<>()\[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;
/** A loose regex that allows Unicode characters, enforces length limits, and that's about it. */
const unicodeEmail = /^[^\s@"]{1,64}@[^\s@]{1,255}$/u;
const idnEmail = (/* unused pure expression or super */ null && (unicodeEmail));
const browserEmail = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
// from https://thekevinscott.com/emojis-in-javascript/#writing-a-regular-expression
// Single character class, not an alternation: the two properties overlap (U+1F9B0-U+1F9B3), so `(A|B)+` backtracks exponentially on a failed match. The leading lookahead then demands one anchor — a pictograph, a regional indicator, or the enclosing keycap — because `\p{Emoji_Component}` on its own covers ASCII digits, `#`, `*`, ZWJ, variation selectors and skin tone modifiers, none of which is an emoji without a base.
const _emoji = `^(?=[\\s\\S]*[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20E3])[\\p{Extended_Pictographic}\\p{Emoji_Component}]+$`;
function emoji() {
    return new RegExp(_emoji, "u");
}
const ipv4 = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/;
const ipv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$/;
const mac = (delimiter) => {
    const escapedDelim = util.escapeRegex(delimiter ?? ":");
    return new RegExp(`^(?:[0-9A-F]{2}${escapedDelim}){5}[0-9A-F]{2}$|^(?:[0-9a-f]{2}${escapedDelim}){5}[0-9a-f]{2}$`);
};
const cidrv4 = /^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\/([0-9]|[1-2][0-9]|3[0-2])$/;
const cidrv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$/;
// https://stackoverflow.com/questions/7860392/determine-if-string-is-in-base64-using-javascript
const base64 = /^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$/;
const base64url = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$/;
// based on https://stackoverflow.com/questions/106179/regular-expression-to-match-dns-hostname-or-ip-address
// export const hostname: RegExp = /^([a-zA-Z0-9-]+\.)*[a-zA-Z0-9-]+$/;
const hostname = /^(?=.{1,253}\.?$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[-0-9a-zA-Z]{0,61}[0-9a-zA-Z])?)*\.?$/;
const domain = /^(?=.{1,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;
const httpProtocol = /^https?$/;
// https://blog.stevenlevithan.com/archives/validate-phone-number#r4-3 (regex sans spaces) E.164: leading digit must be 1-9; total digits (excluding '+') between 7-15
const e164 = /^\+[1-9]\d{6,14}$/;
// Credit card shape: 12–19 digits, optionally separated by single spaces or single hyphens. ISO/IEC 7812 caps the PAN at 19 digits; 12 is the shortest issued length (Maestro).
const creditCard = /^\d(?:[ -]?\d){11,18}$/;
// ISO 4217 alpha codes from the SIX list, regenerated by scripts/update-iso-4217.ts
const currencyCode = /^(?:AED|AFN|ALL|AMD|AOA|ARS|AUD|AWG|AZN|BAM|BBD|BDT|BHD|BIF|BMD|BND|BOB|BOV|BRL|BSD|BTN|BWP|BYN|BZD|CAD|CDF|CHE|CHF|CHW|CLF|CLP|CNY|COP|COU|CRC|CUP|CVE|CZK|DJF|DKK|DOP|DZD|EGP|ERN|ETB|EUR|FJD|FKP|GBP|GEL|GHS|GIP|GMD|GNF|GTQ|GYD|HKD|HNL|HTG|HUF|IDR|ILS|INR|IQD|IRR|ISK|JMD|JOD|JPY|KES|KGS|KHR|KMF|KPW|KRW|KWD|KYD|KZT|LAK|LBP|LKR|LRD|LSL|LYD|MAD|MDL|MGA|MKD|MMK|MNT|MOP|MRU|MUR|MVR|MWK|MXN|MXV|MYR|MZN|NAD|NGN|NIO|NOK|NPR|NZD|OMR|PAB|PEN|PGK|PHP|PKR|PLN|PYG|QAR|RON|RSD|RUB|RWF|SAR|SBD|SCR|SDG|SEK|SGD|SHP|SLE|SOS|SRD|SSP|STN|SVC|SYP|SZL|THB|TJS|TMT|TND|TOP|TRY|TTD|TWD|TZS|UAH|UGX|USD|USN|UYI|UYU|UYW|UZS|VED|VES|VND|VUV|WST|XAD|XAF|XAG|XAU|XBA|XBB|XBC|XBD|XCD|XCG|XDR|XOF|XPD|XPF|XPT|XSU|XTS|XUA|XXX|YER|ZAR|ZMW|ZWG)$/;
// iban electronic format: 2-letter country, check digits 02-98 (the only values `98 - remainder` can produce), 11-30 bban characters
const iban = /^[A-Z]{2}(?!00|01|99)\d{2}[A-Z0-9]{11,30}$/;
const dateSource = `(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))`;
/** Anchors a pattern source. The interpolation lives here rather than at the call site because
 * esbuild will not drop a `@__PURE__` call whose own argument interpolates a variable, but it
 * will drop `anchor(dateSource)`. Keeping it inline pinned `date` into every bundle. */
function regexes_anchor(source) {
    return new RegExp(`^${source}$`);
}
const date = /*@__PURE__*/ regexes_anchor(dateSource);
function timeSource(args) {
    const hhmm = `(?:[01]\\d|2[0-3]):[0-5]\\d`;
    const regex = typeof args.precision === "number"
        ? args.precision === -1
            ? `${hhmm}`
            : args.precision === 0
                ? `${hhmm}:[0-5]\\d`
                : `${hhmm}:[0-5]\\d\\.\\d{${args.precision}}`
        : args.seconds
            ? `${hhmm}:[0-5]\\d(?:\\.\\d+)?`
            : `${hhmm}(?::[0-5]\\d(?:\\.\\d+)?)?`;
    return regex;
}
function time(args) {
    return new RegExp(`^${timeSource(args)}$`);
}
// Adapted from https://stackoverflow.com/a/3143231
function datetime(args) {
    const opts = ["Z"];
    // if (args.offset) opts.push(`([+-]\\d{2}:\\d{2})`);
    if (args.offset)
        opts.push(`([+-](?:[01]\\d|2[0-3]):[0-5]\\d)`);
    // RFC 3339 mandates seconds wherever the time carries a `Z` or an offset, so only the unqualified form `local` adds may omit them
    const qualified = `${timeSource({ precision: args.precision, seconds: true })}(?:${opts.join("|")})`;
    const timeRegex = args.local ? `${qualified}|${timeSource({ precision: args.precision })}` : qualified;
    return new RegExp(`^${dateSource}T(?:${timeRegex})$`);
}
// the unbounded form of `string()` as a literal, so every plain string shares one instance instead of building its own
const anyString = /^[\s\S]{0,}$/;
const string = (params) => {
    const regex = params ? `[\\s\\S]{${params?.minimum ?? 0},${params?.maximum ?? ""}}` : `[\\s\\S]*`;
    return new RegExp(`^${regex}$`);
};
const bigint = /^-?\d+n?$/;
const integer = /^-?\d+$/;
const number = /^-?\d+(?:\.\d+)?$/;
const regexes_boolean = /^(?:true|false)$/i;
const _null = /^null$/i;

const _undefined = /^undefined$/i;

// regex for string with no uppercase letters
const lowercase = /^[^A-Z]*$/;
// regex for string with no lowercase letters
const uppercase = /^[^a-z]*$/;
// regex for hexadecimal strings (any length)
const hex = /^[0-9a-fA-F]*$/;
// Hash regexes for different algorithms and encodings
// Helper function to create base64 regex with exact length and padding
function fixedBase64(bodyLength, padding) {
    return new RegExp(`^[A-Za-z0-9+/]{${bodyLength}}${padding}$`);
}
// Helper function to create base64url regex with exact length (no padding)
function fixedBase64url(length) {
    return new RegExp(`^[A-Za-z0-9_-]{${length}}$`);
}
// MD5 (16 bytes): base64 = 24 chars total (22 + "==")
const md5_hex = /^[0-9a-fA-F]{32}$/;
const md5_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(22, "==")));
const md5_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(22)));
// SHA1 (20 bytes): base64 = 28 chars total (27 + "=")
const sha1_hex = /^[0-9a-fA-F]{40}$/;
const sha1_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(27, "=")));
const sha1_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(27)));
// SHA256 (32 bytes): base64 = 44 chars total (43 + "=")
const sha256_hex = /^[0-9a-fA-F]{64}$/;
const sha256_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(43, "=")));
const sha256_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(43)));
// SHA384 (48 bytes): base64 = 64 chars total (no padding)
const sha384_hex = /^[0-9a-fA-F]{96}$/;
const sha384_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(64, "")));
const sha384_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(64)));
// SHA512 (64 bytes): base64 = 88 chars total (86 + "==")
const sha512_hex = /^[0-9a-fA-F]{128}$/;
const sha512_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(86, "==")));
const sha512_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(86)));

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/checks.js
// import { $ZodType } from "./schemas.js";



const $ZodCheck = /*@__PURE__*/ $constructor("$ZodCheck", (inst, def) => {
    var _a;
    inst._zod ?? (inst._zod = {});
    inst._zod.def = def;
    (_a = inst._zod).onattach ?? (_a.onattach = []);
});
/** Default `when` for size-based checks: run only on non-nullish values with a `size`. */
const _whenHasSize = (payload) => {
    const val = payload.value;
    return !util.nullish(val) && val.size !== undefined;
};
/** Default `when` for length-based checks: run only on non-nullish values with a `length`. */
const _whenHasLength = (payload) => {
    const val = payload.value;
    return !nullish(val) && val.length !== undefined;
};
const numericOriginMap = {
    number: "number",
    bigint: "bigint",
    object: "date",
};
const $ZodCheckLessThan = /*@__PURE__*/ $constructor("$ZodCheckLessThan", (inst, def) => {
    $ZodCheck.init(inst, def);
    const origin = numericOriginMap[typeof def.value];
    inst._zod.check = (payload) => {
        if (def.inclusive ? payload.value <= def.value : payload.value < def.value) {
            return;
        }
        payload.issues.push({
            origin: numericOriginMap[typeof payload.value] ?? origin,
            code: "too_big",
            maximum: typeof def.value === "object" ? def.value.getTime() : def.value,
            input: payload.value,
            inclusive: def.inclusive,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckGreaterThan = /*@__PURE__*/ $constructor("$ZodCheckGreaterThan", (inst, def) => {
    $ZodCheck.init(inst, def);
    const origin = numericOriginMap[typeof def.value];
    inst._zod.check = (payload) => {
        if (def.inclusive ? payload.value >= def.value : payload.value > def.value) {
            return;
        }
        payload.issues.push({
            origin: numericOriginMap[typeof payload.value] ?? origin,
            code: "too_small",
            minimum: typeof def.value === "object" ? def.value.getTime() : def.value,
            input: payload.value,
            inclusive: def.inclusive,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckMultipleOf = 
/*@__PURE__*/ $constructor("$ZodCheckMultipleOf", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        if (typeof payload.value !== typeof def.value)
            throw new Error("Cannot mix number and bigint in multiple_of check.");
        const isMultiple = typeof payload.value === "bigint"
            ? // `value % 0n` throws, and nothing is a multiple of zero — the number branch already fails this way via NaN
                def.value !== BigInt(0) && payload.value % def.value === BigInt(0)
            : floatSafeRemainder(payload.value, def.value) === 0;
        if (isMultiple)
            return;
        payload.issues.push({
            origin: typeof payload.value,
            code: "not_multiple_of",
            divisor: def.value,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckNumberFormat = /*@__PURE__*/ $constructor("$ZodCheckNumberFormat", (inst, def) => {
    $ZodCheck.init(inst, def); // no format checks
    def.format = def.format || "float64";
    const isInt = def.format?.includes("int");
    const origin = isInt ? "int" : "number";
    const [minimum, maximum] = NUMBER_FORMAT_RANGES[def.format];
    inst._zod.check = (payload) => {
        const input = payload.value;
        if (isInt) {
            if (!Number.isInteger(input)) {
                // invalid_format issue
                // payload.issues.push({
                //   expected: def.format,
                //   format: def.format,
                //   code: "invalid_format",
                //   input,
                //   inst,
                // });
                // invalid_type issue
                payload.issues.push({
                    expected: origin,
                    format: def.format,
                    code: "invalid_type",
                    continue: false,
                    input,
                    inst,
                });
                return;
                // not_multiple_of issue
                // payload.issues.push({
                //   code: "not_multiple_of",
                //   origin: "number",
                //   input,
                //   inst,
                //   divisor: 1,
                // });
            }
            if (!Number.isSafeInteger(input)) {
                if (input > 0) {
                    // too_big
                    payload.issues.push({
                        input,
                        code: "too_big",
                        maximum: Number.MAX_SAFE_INTEGER,
                        note: "Integers must be within the safe integer range.",
                        inst,
                        origin,
                        inclusive: true,
                        continue: !def.abort,
                    });
                }
                else {
                    // too_small
                    payload.issues.push({
                        input,
                        code: "too_small",
                        minimum: Number.MIN_SAFE_INTEGER,
                        note: "Integers must be within the safe integer range.",
                        inst,
                        origin,
                        inclusive: true,
                        continue: !def.abort,
                    });
                }
                return;
            }
        }
        if (input < minimum) {
            payload.issues.push({
                origin: "number",
                input,
                code: "too_small",
                minimum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
        if (input > maximum) {
            payload.issues.push({
                origin: "number",
                input,
                code: "too_big",
                maximum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodCheckBigIntFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckBigIntFormat", (inst, def) => {
    $ZodCheck.init(inst, def); // no format checks
    const [minimum, maximum] = util.BIGINT_FORMAT_RANGES[def.format];
    inst._zod.check = (payload) => {
        const input = payload.value;
        if (input < minimum) {
            payload.issues.push({
                origin: "bigint",
                input,
                code: "too_small",
                minimum: minimum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
        if (input > maximum) {
            payload.issues.push({
                origin: "bigint",
                input,
                code: "too_big",
                maximum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
    };
})));
const $ZodCheckMaxSize = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMaxSize", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size <= def.maximum)
            return;
        payload.issues.push({
            origin: util.getSizableOrigin(input),
            code: "too_big",
            maximum: def.maximum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckMinSize = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMinSize", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size >= def.minimum)
            return;
        payload.issues.push({
            origin: util.getSizableOrigin(input),
            code: "too_small",
            minimum: def.minimum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckSizeEquals = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckSizeEquals", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size === def.size)
            return;
        const tooBig = size > def.size;
        payload.issues.push({
            origin: util.getSizableOrigin(input),
            ...(tooBig ? { code: "too_big", maximum: def.size } : { code: "too_small", minimum: def.size }),
            inclusive: true,
            exact: true,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckMaxLength = /*@__PURE__*/ $constructor("$ZodCheckMaxLength", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // Strings are measured in Unicode code points, not UTF-16 units. A code point is at most two units, so a string that already fits in units fits in code points; only an overflow has to be counted.
        const length = typeof input === "string" && units > def.maximum ? codePointLength(input) : units;
        if (length <= def.maximum)
            return;
        const origin = getLengthableOrigin(input);
        payload.issues.push({
            origin,
            code: "too_big",
            maximum: def.maximum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckMinLength = /*@__PURE__*/ $constructor("$ZodCheckMinLength", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // A code point is one or two UTF-16 units, so fewer units than the floor can never reach it and twice the floor always clears it. Only in between is the exact count in doubt.
        const length = typeof input === "string" && units >= def.minimum && units < def.minimum * 2
            ? codePointLength(input)
            : units;
        if (length >= def.minimum)
            return;
        const origin = getLengthableOrigin(input);
        payload.issues.push({
            origin,
            code: "too_small",
            minimum: def.minimum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckLengthEquals = /*@__PURE__*/ $constructor("$ZodCheckLengthEquals", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // A code point is one or two UTF-16 units, so outside `[length, length * 2]` units the target is missed either way — and missed in the same direction in both measures.
        const length = typeof input === "string" && units >= def.length && units <= def.length * 2
            ? codePointLength(input)
            : units;
        if (length === def.length)
            return;
        const origin = getLengthableOrigin(input);
        const tooBig = length > def.length;
        payload.issues.push({
            origin,
            ...(tooBig ? { code: "too_big", maximum: def.length } : { code: "too_small", minimum: def.length }),
            inclusive: true,
            exact: true,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckStringFormat = /*@__PURE__*/ $constructor("$ZodCheckStringFormat", (inst, def) => {
    var _a, _b;
    $ZodCheck.init(inst, def);
    if (def.pattern)
        (_a = inst._zod).check ?? (_a.check = (payload) => {
            def.pattern.lastIndex = 0;
            if (def.pattern.test(payload.value))
                return;
            payload.issues.push({
                origin: "string",
                code: "invalid_format",
                format: def.format,
                input: payload.value,
                ...(def.pattern ? { pattern: def.pattern.toString() } : {}),
                inst,
                continue: !def.abort,
            });
        });
    else
        (_b = inst._zod).check ?? (_b.check = () => { });
});
const $ZodCheckRegex = /*@__PURE__*/ $constructor("$ZodCheckRegex", (inst, def) => {
    $ZodCheckStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        def.pattern.lastIndex = 0;
        if (def.pattern.test(payload.value))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "regex",
            input: payload.value,
            pattern: def.pattern.toString(),
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckLowerCase = /*@__PURE__*/ $constructor("$ZodCheckLowerCase", (inst, def) => {
    def.pattern ?? (def.pattern = lowercase);
    $ZodCheckStringFormat.init(inst, def);
});
const $ZodCheckUpperCase = /*@__PURE__*/ $constructor("$ZodCheckUpperCase", (inst, def) => {
    def.pattern ?? (def.pattern = uppercase);
    $ZodCheckStringFormat.init(inst, def);
});
const $ZodCheckIncludes = /*@__PURE__*/ $constructor("$ZodCheckIncludes", (inst, def) => {
    $ZodCheck.init(inst, def);
    const escapedRegex = escapeRegex(def.includes);
    // `String.prototype.includes(sub, position)` matches `sub` at `position`
    // OR LATER, so the pattern must allow at least `position` leading chars
    // (`{N,}`), not exactly `position` chars (`{N}`).
    const pattern = new RegExp(typeof def.position === "number" ? `^.{${def.position},}${escapedRegex}` : escapedRegex);
    def.pattern = pattern;
    inst._zod.check = (payload) => {
        if (payload.value.includes(def.includes, def.position))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "includes",
            includes: def.includes,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckStartsWith = /*@__PURE__*/ $constructor("$ZodCheckStartsWith", (inst, def) => {
    $ZodCheck.init(inst, def);
    const pattern = new RegExp(`^${escapeRegex(def.prefix)}.*`);
    def.pattern ?? (def.pattern = pattern);
    inst._zod.check = (payload) => {
        if (payload.value.startsWith(def.prefix))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "starts_with",
            prefix: def.prefix,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckEndsWith = /*@__PURE__*/ $constructor("$ZodCheckEndsWith", (inst, def) => {
    $ZodCheck.init(inst, def);
    const pattern = new RegExp(`.*${escapeRegex(def.suffix)}$`);
    def.pattern ?? (def.pattern = pattern);
    inst._zod.check = (payload) => {
        if (payload.value.endsWith(def.suffix))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "ends_with",
            suffix: def.suffix,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
///////////////////////////////////
/////    $ZodCheckProperty    /////
///////////////////////////////////
function handleCheckPropertyResult(result, payload, property) {
    if (result.issues.length) {
        payload.issues.push(...prefixIssues(property, result.issues));
    }
}
const $ZodCheckProperty = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckProperty", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        const result = def.schema._zod.run({
            value: payload.value[def.property],
            issues: [],
        }, {});
        if (result instanceof Promise) {
            return result.then((result) => handleCheckPropertyResult(result, payload, def.property));
        }
        handleCheckPropertyResult(result, payload, def.property);
        return;
    };
})));
const $ZodCheckProperties = /*@__PURE__*/ $constructor("$ZodCheckProperties", (inst, def) => {
    $ZodCheck.init(inst, def);
    hide(inst, Symbol.iterator, function* () {
        yield inst;
    });
    // key and schema snapshotted together: reading one live and the other cached lets a later mutation of the caller's shape object pair a stale key with a missing schema
    let entries;
    inst._zod.check = (payload) => {
        // the base schema already typed the value, so only a nullish one is rejected here: the properties read on a primitive too, matching z.property() on a string's length
        if (payload.value == null) {
            payload.issues.push({ expected: "object", code: "invalid_type", input: payload.value, inst });
            return undefined;
        }
        entries ?? (entries = Reflect.ownKeys(def.shape).map((key) => [key, def.shape[key]]));
        const input = payload.value;
        let proms;
        for (const [key, schema] of entries) {
            const result = schema._zod.run({ value: input[key], issues: [] }, {});
            if (result instanceof Promise) {
                proms ?? (proms = []);
                proms.push(result.then((result) => handleCheckPropertyResult(result, payload, key)));
            }
            else {
                handleCheckPropertyResult(result, payload, key);
            }
        }
        if (proms)
            return Promise.all(proms).then(() => undefined);
        return undefined;
    };
});
const $ZodCheckMimeType = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMimeType", (inst, def) => {
    $ZodCheck.init(inst, def);
    const mimeSet = new Set(def.mime);
    inst._zod.check = (payload) => {
        if (mimeSet.has(payload.value.type))
            return;
        payload.issues.push({
            code: "invalid_value",
            values: def.mime,
            input: payload.value.type,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckOverwrite = /*@__PURE__*/ $constructor("$ZodCheckOverwrite", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        payload.value = def.tx(payload.value);
    };
});

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/doc.js
class Doc {
    constructor(args = [], closed = {}) {
        this.content = [];
        this.indent = 0;
        this.args = args;
        this.closed = closed;
    }
    // the compiler catches a child's throw and keeps writing into this doc, so the indent has to unwind with it
    indented(fn) {
        this.indent += 1;
        try {
            fn(this);
        }
        finally {
            this.indent -= 1;
        }
    }
    write(arg) {
        if (typeof arg === "function") {
            arg(this, { execution: "sync" });
            arg(this, { execution: "async" });
            return;
        }
        const content = arg;
        const lines = content.split("\n").filter((x) => x);
        const minIndent = Math.min(...lines.map((x) => x.length - x.trimStart().length));
        const dedented = lines.map((x) => x.slice(minIndent)).map((x) => " ".repeat(this.indent * 2) + x);
        for (const line of dedented) {
            this.content.push(line);
        }
    }
    compile() {
        const F = Function;
        const content = this?.content ?? [``];
        const factory = new F(...Object.keys(this.closed), `return function (${this.args.join(", ")}) {\n${content.join("\n")}\n};`);
        return factory(...Object.values(this.closed));
    }
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/versions.js
const version = {
    major: 4,
    minor: 6,
    patch: 7,
};

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/schemas.js







const $ZodType = /*@__PURE__*/ $constructor("$ZodType", (inst, def) => {
    var _a;
    inst ?? (inst = {});
    inst._zod.def = def; // set _def property
    inst._zod.bag = inst._zod.bag || {}; // initialize _bag object
    inst._zod.version = version;
    const defChecks = inst._zod.def.checks;
    // if inst is itself a checks.$ZodCheck, run it as a check
    const checks = inst._zod.traits.has("$ZodCheck")
        ? [inst, ...(defChecks ?? [])]
        : defChecks?.length
            ? [...defChecks]
            : [];
    for (const ch of checks) {
        for (const fn of ch._zod.onattach) {
            fn(inst);
        }
    }
    if (checks.length === 0) {
        // deferred initializer inst._zod.parse is not yet defined
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred?.push(() => {
            inst._zod.run = inst._zod.parse;
        });
    }
    else {
        const runChecks = (payload, checks, ctx) => {
            if (payload.memo)
                return payload;
            let isAborted = aborted(payload);
            let asyncResult;
            for (const ch of checks) {
                if (ch._zod.def.when) {
                    if (explicitlyAborted(payload))
                        continue;
                    const shouldRun = ch._zod.def.when(payload);
                    if (!shouldRun)
                        continue;
                }
                else if (isAborted) {
                    continue;
                }
                const currLen = payload.issues.length;
                const _ = ch._zod.check(payload);
                if (_ instanceof Promise && ctx?.async === false) {
                    throw new $ZodAsyncError();
                }
                if (asyncResult || _ instanceof Promise) {
                    asyncResult = (asyncResult ?? Promise.resolve()).then(async () => {
                        await _;
                        const nextLen = payload.issues.length;
                        if (nextLen === currLen)
                            return;
                        attachSchema(payload.issues, currLen, inst);
                        if (!isAborted)
                            isAborted = aborted(payload, currLen);
                    });
                }
                else {
                    const nextLen = payload.issues.length;
                    if (nextLen === currLen)
                        continue;
                    attachSchema(payload.issues, currLen, inst);
                    if (!isAborted)
                        isAborted = aborted(payload, currLen);
                }
            }
            if (asyncResult) {
                return asyncResult.then(() => {
                    return payload;
                });
            }
            return payload;
        };
        const handleCanaryResult = (canary, payload, ctx) => {
            // abort if the canary is aborted
            if (aborted(canary)) {
                canary.aborted = true;
                return canary;
            }
            // run checks first, then
            const checkResult = runChecks(payload, checks, ctx);
            if (checkResult instanceof Promise) {
                if (ctx.async === false)
                    throw new $ZodAsyncError();
                return checkResult.then((checkResult) => inst._zod.parse(checkResult, ctx));
            }
            return inst._zod.parse(checkResult, ctx);
        };
        inst._zod.run = (payload, ctx) => {
            if (ctx.skipChecks) {
                return inst._zod.parse(payload, ctx);
            }
            if (ctx.direction === "backward") {
                // run canary initial pass (no checks)
                const canary = inst._zod.parse({ value: payload.value, issues: [] }, { ...ctx, skipChecks: true });
                if (canary instanceof Promise) {
                    return canary.then((canary) => {
                        return handleCanaryResult(canary, payload, ctx);
                    });
                }
                return handleCanaryResult(canary, payload, ctx);
            }
            // forward
            const result = inst._zod.parse(payload, ctx);
            if (result instanceof Promise) {
                if (ctx.async === false)
                    throw new $ZodAsyncError();
                return result.then((result) => runChecks(result, checks, ctx));
            }
            return runChecks(result, checks, ctx);
        };
    }
}, {
    // Wrappers extend this by installing a richer factory over it; reading it eagerly would defeat the laziness.
    get "~standard"() {
        return hide(this, "~standard", standardProps(this));
    },
    set "~standard"(value) {
        own(this, "~standard", value);
    },
});
/** The Standard Schema surface for `inst`. Shared so wrappers can extend it without forcing it. */
// a Standard Schema result only reports issues, so a failure finalizes them straight off the raw payload: no ZodError, and no lazy result to read through
const toStandardResult = (r, ctx) => r.issues.length ? { issues: r.issues.map((iss) => finalizeIssue(iss, ctx, config())) } : { value: r.value };
async function validateAsync(inst, value) {
    const ctx = { async: true };
    return toStandardResult((await inst._zod.run({ value, issues: [] }, ctx)), ctx);
}
function standardProps(inst) {
    return {
        validate: (value) => {
            const ctx = { async: false };
            try {
                const r = inst._zod.run({ value, issues: [] }, ctx);
                if (!(r instanceof Promise))
                    return toStandardResult(r, ctx);
            }
            catch (_) { }
            // async function so a synchronously throwing check rejects instead of escaping validate
            return validateAsync(inst, value);
        },
        vendor: "zod",
        version: 1,
    };
}

const $ZodString = /*@__PURE__*/ $constructor("$ZodString", (inst, def) => {
    $ZodType.init(inst, def);
    // a format's own pattern, else unbounded; a template literal derives the check-aware form itself
    inst._zod.pattern = def.pattern ?? anyString;
    inst._zod.parse = (payload, _) => {
        if (def.coerce)
            try {
                payload.value = String(payload.value);
            }
            catch (_) { }
        if (typeof payload.value === "string")
            return payload;
        payload.issues.push({
            expected: "string",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
const $ZodStringFormat = /*@__PURE__*/ $constructor("$ZodStringFormat", (inst, def) => {
    // check initialization must come first
    $ZodCheckStringFormat.init(inst, def);
    $ZodString.init(inst, def);
});
const $ZodGUID = /*@__PURE__*/ $constructor("$ZodGUID", (inst, def) => {
    def.pattern ?? (def.pattern = guid);
    $ZodStringFormat.init(inst, def);
});
const $ZodUUID = /*@__PURE__*/ $constructor("$ZodUUID", (inst, def) => {
    if (def.version) {
        const versionMap = {
            v1: 1,
            v2: 2,
            v3: 3,
            v4: 4,
            v5: 5,
            v6: 6,
            v7: 7,
            v8: 8,
        };
        const v = versionMap[def.version];
        if (v === undefined)
            throw new Error(`Invalid UUID version: "${def.version}"`);
        def.pattern ?? (def.pattern = uuid(v));
    }
    else
        def.pattern ?? (def.pattern = uuid());
    $ZodStringFormat.init(inst, def);
});
const $ZodEmail = /*@__PURE__*/ $constructor("$ZodEmail", (inst, def) => {
    def.pattern ?? (def.pattern = email);
    $ZodStringFormat.init(inst, def);
});
/** The `://` guard rejected the input before the URL constructor saw it. */
const URL_BAD_FORMAT = 1;
/** The URL parser rejected the input. */
const URL_UNPARSEABLE = 2;
function canParseURL(input) {
    try {
        if (typeof URL !== "undefined" && typeof URL.canParse === "function")
            return URL.canParse(input);
        new URL(input);
        return true;
    }
    catch {
        return false;
    }
}
function validateURL(trimmed, def) {
    if (!("normalize" in def) && !("hostname" in def) && !("protocol" in def)) {
        return canParseURL(trimmed) || URL_UNPARSEABLE;
    }
    return parseURLObject(trimmed, def);
}
/** Parses a URL while preserving the non-normalizing HTTP guard. */
function parseURLObject(trimmed, def) {
    // When normalize is off, require :// for http/https URLs. This prevents strings like "http:example.com" or "https:/path" from being silently accepted
    if (!def.normalize && def.protocol?.source === httpProtocol.source && !/^https?:\/\//i.test(trimmed)) {
        return URL_BAD_FORMAT;
    }
    try {
        if (typeof URL !== "undefined") {
            const URLStatic = URL;
            if (typeof URLStatic.parse === "function")
                return URLStatic.parse(trimmed) ?? URL_UNPARSEABLE;
        }
        // @ts-ignore
        return new URL(trimmed);
    }
    catch {
        return URL_UNPARSEABLE;
    }
}
const asciiTabOrNewline = /[\t\n\r]/g;
/** The URL parser deletes every ASCII tab, LF and CR from its input before it parses, so `new URL("https://exa\nmple.com")` reports on `example.com`. Applying the same deletion to the returned value closes the half of that divergence which can move the host; the parser's other rewrite, stripping C0 controls at the edges, cannot. */
function stripTabAndNewline(value) {
    return value.replace(asciiTabOrNewline, "");
}
function urlHostnameOk(url, hostname) {
    hostname.lastIndex = 0;
    return hostname.test(url.hostname);
}
function urlProtocolOk(url, protocol) {
    protocol.lastIndex = 0;
    return protocol.test(url.protocol.endsWith(":") ? url.protocol.slice(0, -1) : url.protocol);
}
const $ZodURL = /*@__PURE__*/ $constructor("$ZodURL", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        try {
            // Trim whitespace from input
            const trimmed = payload.value.trim();
            const url = validateURL(trimmed, def);
            if (url === URL_BAD_FORMAT) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid URL format",
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
                return;
            }
            if (url === URL_UNPARSEABLE) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
                return;
            }
            if (url === true) {
                payload.value = stripTabAndNewline(trimmed);
                return;
            }
            if (def.hostname && !urlHostnameOk(url, def.hostname)) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid hostname",
                    pattern: def.hostname.source,
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
            }
            if (def.protocol && !urlProtocolOk(url, def.protocol)) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid protocol",
                    pattern: def.protocol.source,
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
            }
            // Set the output value based on normalize flag
            payload.value = def.normalize ? url.href : stripTabAndNewline(trimmed);
            return;
        }
        catch (_) {
            payload.issues.push({
                code: "invalid_format",
                format: "url",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodEmoji = /*@__PURE__*/ $constructor("$ZodEmoji", (inst, def) => {
    def.pattern ?? (def.pattern = emoji());
    $ZodStringFormat.init(inst, def);
});
const $ZodNanoID = /*@__PURE__*/ $constructor("$ZodNanoID", (inst, def) => {
    if (def.length !== undefined && (!Number.isInteger(def.length) || def.length < 1))
        throw new Error(`Invalid nanoid length: ${def.length}`);
    def.pattern ?? (def.pattern = def.length === undefined ? nanoid : nanoidOfLength(def.length));
    $ZodStringFormat.init(inst, def);
});
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link $ZodCUID2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const $ZodCUID = /*@__PURE__*/ $constructor("$ZodCUID", (inst, def) => {
    def.pattern ?? (def.pattern = cuid);
    $ZodStringFormat.init(inst, def);
});
const $ZodCUID2 = /*@__PURE__*/ $constructor("$ZodCUID2", (inst, def) => {
    def.pattern ?? (def.pattern = cuid2);
    $ZodStringFormat.init(inst, def);
});
const $ZodULID = /*@__PURE__*/ $constructor("$ZodULID", (inst, def) => {
    def.pattern ?? (def.pattern = ulid);
    $ZodStringFormat.init(inst, def);
});
const $ZodXID = /*@__PURE__*/ $constructor("$ZodXID", (inst, def) => {
    def.pattern ?? (def.pattern = xid);
    $ZodStringFormat.init(inst, def);
});
const $ZodKSUID = /*@__PURE__*/ $constructor("$ZodKSUID", (inst, def) => {
    def.pattern ?? (def.pattern = ksuid);
    $ZodStringFormat.init(inst, def);
});
const $ZodISODateTime = /*@__PURE__*/ $constructor("$ZodISODateTime", (inst, def) => {
    def.pattern ?? (def.pattern = datetime(def));
    $ZodStringFormat.init(inst, def);
});
const $ZodISODate = /*@__PURE__*/ $constructor("$ZodISODate", (inst, def) => {
    def.pattern ?? (def.pattern = date);
    $ZodStringFormat.init(inst, def);
});
const $ZodISOTime = /*@__PURE__*/ $constructor("$ZodISOTime", (inst, def) => {
    def.pattern ?? (def.pattern = time(def));
    $ZodStringFormat.init(inst, def);
});
const $ZodISODuration = /*@__PURE__*/ $constructor("$ZodISODuration", (inst, def) => {
    def.pattern ?? (def.pattern = duration);
    $ZodStringFormat.init(inst, def);
});
const $ZodIPv4 = /*@__PURE__*/ $constructor("$ZodIPv4", (inst, def) => {
    def.pattern ?? (def.pattern = ipv4);
    $ZodStringFormat.init(inst, def);
});
/** An IPv6 address is written with hex digits, colons and dots, and nothing else. The guard is what makes the check below an IPv6 check: `new URL("http://[...]")` parses an authority, not an address, so `@` and `\` re-delimit it and `"::@1\\"` validates against the host `0.0.0.1`. The URL parser also deletes ASCII tab, LF and CR rather than failing, which is how `"::1\n"` validated as `::1`. */
const ipv6Alphabet = /^[0-9a-fA-F:.]+$/;
function isValidIPv6(value) {
    if (!ipv6Alphabet.test(value))
        return false;
    return canParseURL(`http://[${value}]`);
}
const $ZodIPv6 = /*@__PURE__*/ $constructor("$ZodIPv6", (inst, def) => {
    def.pattern ?? (def.pattern = ipv6);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (!isValidIPv6(payload.value)) {
            payload.issues.push({
                code: "invalid_format",
                format: "ipv6",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodMAC = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodMAC", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.mac(def.delimiter));
    $ZodStringFormat.init(inst, def);
})));
const $ZodCIDRv4 = /*@__PURE__*/ $constructor("$ZodCIDRv4", (inst, def) => {
    def.pattern ?? (def.pattern = cidrv4);
    $ZodStringFormat.init(inst, def);
});
function isValidCIDRv6(value) {
    const parts = value.split("/");
    if (parts.length !== 2)
        return false;
    const [address, prefix] = parts;
    if (!prefix)
        return false;
    const prefixNum = Number(prefix);
    if (`${prefixNum}` !== prefix)
        return false;
    if (prefixNum < 0 || prefixNum > 128)
        return false;
    return isValidIPv6(address);
}
const $ZodCIDRv6 = /*@__PURE__*/ $constructor("$ZodCIDRv6", (inst, def) => {
    def.pattern ?? (def.pattern = cidrv6); // not used for validation
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (!isValidCIDRv6(payload.value)) {
            payload.issues.push({
                code: "invalid_format",
                format: "cidrv6",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
});
//////////////////////////////   ZodBase64   //////////////////////////////
function isValidBase64(data) {
    if (data === "")
        return true;
    // atob ignores whitespace, so reject it up front.
    if (/\s/.test(data))
        return false;
    if (data.length % 4 !== 0)
        return false;
    try {
        // @ts-ignore
        atob(data);
        return true;
    }
    catch {
        return false;
    }
}
// lax on purpose: the quantified regexes.base64 overflows the regex stack on multi-MB input and its leading ^$| alternation leaks through template-literal composition; isValidBase64 enforces length and padding
const base64Charset = /^[0-9a-zA-Z+/]*={0,2}$/;
const $ZodBase64 = /*@__PURE__*/ $constructor("$ZodBase64", (inst, def) => {
    def.pattern ?? (def.pattern = base64Charset);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidBase64(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "base64",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
//////////////////////////////   ZodBase64URL   //////////////////////////////
// lax on purpose: the quantified regexes.base64url overflows the regex stack on multi-MB input; isValidBase64 enforces length on the padded string
const base64urlCharset = /^[A-Za-z0-9_-]*$/;
function isValidBase64URL(data) {
    if (!base64urlCharset.test(data))
        return false;
    const base64 = data.replace(/[-_]/g, (c) => (c === "-" ? "+" : "/"));
    const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, "=");
    return isValidBase64(padded);
}
const $ZodBase64URL = /*@__PURE__*/ $constructor("$ZodBase64URL", (inst, def) => {
    def.pattern ?? (def.pattern = base64urlCharset);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidBase64URL(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "base64url",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodE164 = /*@__PURE__*/ $constructor("$ZodE164", (inst, def) => {
    def.pattern ?? (def.pattern = e164);
    $ZodStringFormat.init(inst, def);
});
//////////////////////////////   ZodCreditCard   //////////////////////////////
const CC_SANITIZE = /[- ]/g;
/** Luhn checksum on a digit-only string. Adapted from valibot (MIT). */
function isLuhnAlgo(digits) {
    let length = digits.length;
    let bit = 1;
    let sum = 0;
    while (length) {
        const value = digits.charCodeAt(--length) - 48;
        bit ^= 1;
        sum += bit ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][value] : value;
    }
    return sum % 10 === 0;
}
function isValidCreditCard(input) {
    if (!creditCard.test(input))
        return false;
    return isLuhnAlgo(input.replace(CC_SANITIZE, ""));
}
const $ZodCreditCard = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCreditCard", (inst, def) => {
    // Shape only — the Luhn check below is not expressible as a pattern, so consumers of `pattern` (JSON Schema, template literals) get the length and separator rules alone.
    def.pattern ?? (def.pattern = regexes.creditCard);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidCreditCard(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "credit_card",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
//////////////////////////////   ZodIBAN   //////////////////////////////
// iso 7064 mod 97-10 checksum without BigInt
function isIso7064Mod97(iban) {
    let remainder = 0;
    const len = iban.length;
    for (let i = 4; i < len; i++) {
        const code = iban.charCodeAt(i);
        remainder = (code >= 65 ? remainder * 100 + (code - 55) : remainder * 10 + (code - 48)) % 97;
    }
    for (let i = 0; i < 4; i++) {
        const code = iban.charCodeAt(i);
        remainder = (code >= 65 ? remainder * 100 + (code - 55) : remainder * 10 + (code - 48)) % 97;
    }
    return remainder === 1;
}
function isValidIBAN(input) {
    if (!iban.test(input))
        return false;
    return isIso7064Mod97(input);
}
const $ZodIBAN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodIBAN", (inst, def) => {
    // shape only — checksum is not expressible as a pattern
    def.pattern ?? (def.pattern = regexes.iban);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidIBAN(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "iban",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
//////////////////////////////   ZodJWT   //////////////////////////////
function isValidJWT(token, algorithm = null) {
    try {
        const tokensParts = token.split(".");
        if (tokensParts.length !== 3)
            return false;
        const [header] = tokensParts;
        if (!header)
            return false;
        // @ts-ignore
        const parsedHeader = JSON.parse(atob(header));
        if ("typ" in parsedHeader && parsedHeader?.typ !== "JWT")
            return false;
        if (!parsedHeader.alg)
            return false;
        if (algorithm && (!("alg" in parsedHeader) || parsedHeader.alg !== algorithm))
            return false;
        return true;
    }
    catch {
        return false;
    }
}
const $ZodJWT = /*@__PURE__*/ $constructor("$ZodJWT", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidJWT(payload.value, def.alg))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "jwt",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCustomStringFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCustomStringFormat", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (def.fn(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: def.format,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodNumber = /*@__PURE__*/ $constructor("$ZodNumber", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = number;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = Number(payload.value);
            }
            catch (_) { }
        const input = payload.value;
        if (typeof input === "number" && !Number.isNaN(input) && Number.isFinite(input)) {
            return payload;
        }
        const received = typeof input === "number"
            ? Number.isNaN(input)
                ? "NaN"
                : !Number.isFinite(input)
                    ? String(input)
                    : undefined
            : undefined;
        payload.issues.push({
            expected: "number",
            code: "invalid_type",
            input,
            inst,
            ...(received ? { received } : {}),
        });
        return payload;
    };
});
const $ZodNumberFormat = /*@__PURE__*/ $constructor("$ZodNumberFormat", (inst, def) => {
    $ZodCheckNumberFormat.init(inst, def);
    $ZodNumber.init(inst, def); // no format checks
});
const $ZodBoolean = /*@__PURE__*/ $constructor("$ZodBoolean", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes_boolean;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = Boolean(payload.value);
            }
            catch (_) { }
        const input = payload.value;
        if (typeof input === "boolean")
            return payload;
        payload.issues.push({
            expected: "boolean",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
});
const $ZodBigInt = /*@__PURE__*/ $constructor("$ZodBigInt", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = bigint;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = BigInt(payload.value);
            }
            catch (_) { }
        if (typeof payload.value === "bigint")
            return payload;
        payload.issues.push({
            expected: "bigint",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
const $ZodBigIntFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodBigIntFormat", (inst, def) => {
    checks.$ZodCheckBigIntFormat.init(inst, def);
    $ZodBigInt.init(inst, def); // no format checks
})));
const $ZodSymbol = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodSymbol", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "symbol")
            return payload;
        payload.issues.push({
            expected: "symbol",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodUndefined = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodUndefined", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes.undefined;
    inst._zod.values = new Set([undefined]);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "undefined")
            return payload;
        payload.issues.push({
            expected: "undefined",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodNull = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodNull", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes.null;
    inst._zod.values = new Set([null]);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (input === null)
            return payload;
        payload.issues.push({
            expected: "null",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodAny = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodAny", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload) => payload;
})));
const $ZodUnknown = /*@__PURE__*/ $constructor("$ZodUnknown", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload) => payload;
});
const $ZodNever = /*@__PURE__*/ $constructor("$ZodNever", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        payload.issues.push({
            expected: "never",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
const $ZodVoid = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodVoid", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "undefined")
            return payload;
        payload.issues.push({
            expected: "void",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodDate = /*@__PURE__*/ $constructor("$ZodDate", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce) {
            try {
                payload.value = new Date(payload.value);
            }
            catch (_err) { }
        }
        const input = payload.value;
        const isDate = input instanceof Date;
        const isValidDate = isDate && !Number.isNaN(input.getTime());
        if (isValidDate)
            return payload;
        payload.issues.push({
            expected: "date",
            code: "invalid_type",
            input,
            ...(isDate ? { received: "Invalid Date" } : {}),
            inst,
        });
        return payload;
    };
});
// an oversized container fails its leading size checks before any element is parsed
function capSize(inst, size) {
    const caps = sizeCaps(inst._zod.def.checks);
    if (!caps.length)
        return;
    const cap = Math.min(...caps.map((c) => c[0]));
    const parse = inst._zod.parse;
    inst._zod.parse = (payload, ctx) => {
        const n = size(payload.value);
        if (n > cap && !ctx?.skipChecks && ctx?.direction !== "backward") {
            for (const [max, ch] of sizeCaps(inst._zod.def.checks)) {
                if (n > max && ch._zod.def.when(payload)) {
                    const start = payload.issues.length;
                    ch._zod.check(payload);
                    // the value is still the raw input, so no later check may read it
                    payload.issues[start].continue = false;
                    attachSchema(payload.issues, start, inst);
                    return payload;
                }
            }
        }
        return parse(payload, ctx);
    };
}
const arraySize = (input) => (Array.isArray(input) ? input.length : -1);
const mapSize = (input) => (input instanceof Map ? input.size : -1);
const setSize = (input) => (input instanceof Set ? input.size : -1);
function handleArrayResult(result, final, index) {
    if (result.issues.length) {
        final.issues.push(...prefixIssues(index, result.issues));
    }
    final.value[index] = result.value;
}
const $ZodArray = /*@__PURE__*/ $constructor("$ZodArray", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!Array.isArray(input)) {
            payload.issues.push({
                expected: "array",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, Array(input.length), ctx) : Array(input.length);
        const proms = [];
        const abortEarly = ctx?.abortEarly;
        for (let i = 0; i < input.length; i++) {
            const item = input[i];
            const result = def.element._zod.run({
                value: item,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                proms.push(result.then((result) => handleArrayResult(result, payload, i)));
            }
            else {
                handleArrayResult(result, payload, i);
                // the element's payload is authoritative here, since handleArrayResult forwards every issue; an object's is not, because it drops a failed absent optional
                if (abortEarly && result.issues.length !== 0 && aborted(result))
                    break;
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => payload);
        }
        return payload; //handleArrayResultsAsync(parseResults, final);
    };
    capSize(inst, arraySize);
});
function handlePropertyResult(result, final, key, input, optin, optout) {
    const isPresent = key in input;
    const isOptionalOut = optout === "optional";
    // The middle rung means "absence permitted, nothing supplied in its place", so an absent key contributes nothing — whatever the schema made of `undefined` is invented, not substituted. Only `optional` reaches this with a value: `defaulted` substitutes, and a schema that isn't optional-out has to keep the key.
    if (!isPresent && isOptionalOut && optin === "optional") {
        return;
    }
    if (result.issues.length) {
        // For optional-in/out schemas, ignore errors on absent keys.
        if (optin !== undefined && isOptionalOut && !isPresent) {
            return;
        }
        final.issues.push(...prefixIssues(key, result.issues));
    }
    if (!isPresent && optin === undefined) {
        if (!result.issues.length) {
            final.issues.push({
                code: "invalid_type",
                expected: "nonoptional",
                input: undefined,
                path: [key],
            });
        }
        return;
    }
    if (result.value === undefined) {
        if (isPresent || (optin === "defaulted" && !isOptionalOut)) {
            final.value[key] = undefined;
        }
    }
    else {
        final.value[key] = result.value;
    }
}
// one shared instance; a fresh [] per schema cost 56 bytes retained
const NO_SYMBOL_KEYS = [];
function normalizeDef(def) {
    const keys = Object.keys(def.shape);
    const ownSymbols = Object.getOwnPropertySymbols(def.shape);
    const symbolKeys = ownSymbols.length ? ownSymbols : NO_SYMBOL_KEYS;
    // aliases `keys` when there are no symbols, so a string-only shape keeps one array
    const allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys;
    for (const k of allKeys) {
        if (!def.shape?.[k]?._zod?.traits?.has("$ZodType")) {
            throw new Error(`Invalid element at key "${String(k)}": expected a Zod schema`);
        }
    }
    const okeys = optionalKeys(def.shape);
    return {
        ...def,
        allKeys,
        symbolKeys,
        // string-only: handleCatchall matches it against `for...in`, which never yields a symbol
        keySet: new Set(keys),
        numKeys: keys.length,
        optionalKeys: new Set(okeys),
    };
}
function handleCatchall(proms, input, payload, ctx, def, inst, abortEarly) {
    const unrecognized = [];
    const keySet = def.keySet;
    const _catchall = def.catchall._zod;
    const t = _catchall.def.type;
    const optin = _catchall.optin;
    const optout = _catchall.optout;
    // starts at 0, not the current length: the shape phase already ran and may have aborted
    let seen = 0;
    for (const key in input) {
        if (abortEarly && payload.issues.length !== seen) {
            if (aborted(payload, seen))
                break;
            seen = payload.issues.length;
        }
        // Must precede the __proto__ branch: a declared key is not unrecognized, even though the shape loop deliberately strips __proto__ from the parsed output.
        if (keySet.has(key))
            continue;
        // Don't copy an undeclared __proto__ into the result; assignment to a plain {} would replace the result prototype. But in strict mode it is still an unknown key, so report it before skipping.
        if (key === "__proto__") {
            if (t === "never")
                unrecognized.push(key);
            continue;
        }
        if (t === "never") {
            unrecognized.push(key);
            continue;
        }
        const r = _catchall.run({ value: input[key], issues: [] }, ctx);
        if (r instanceof Promise) {
            proms.push(r.then((r) => handlePropertyResult(r, payload, key, input, optin, optout)));
        }
        else {
            handlePropertyResult(r, payload, key, input, optin, optout);
        }
    }
    if (unrecognized.length) {
        payload.issues.push({
            code: "unrecognized_keys",
            keys: unrecognized,
            input,
            inst,
            // Describes the shape of the input, not the validity of the parsed value, so it never aborts. The parse still fails; the schema's own checks just get to run first, and an enclosing intersection can reconcile the key against a sibling operand.
            continue: true,
        });
    }
    if (!proms.length)
        return payload;
    return Promise.all(proms).then(() => {
        return payload;
    });
}
const $ZodObject = /*@__PURE__*/ $constructor("$ZodObject", (inst, def) => {
    // requires cast because technically $ZodObject doesn't extend
    $ZodType.init(inst, def);
    const desc = Object.getOwnPropertyDescriptor(def, "shape");
    // a cloned def carries its source's accessor, which knows the shape it answers from; adopting that keeps the clone's keys readable without running it
    const sh = desc?.get ? desc.get.raw : (def.shape ?? {});
    if (sh) {
        // Freezes the shape on first read, so its getters resolve once and every later read sees the same schemas.
        const get = () => {
            const newSh = { ...sh };
            Object.defineProperty(def, "shape", { value: newSh });
            get.raw = newSh;
            return newSh;
        };
        get.raw = sh;
        Object.defineProperty(def, "shape", { get });
    }
    const _normalized = cached(() => normalizeDef(def));
    defineLazyInternal(inst, "propValues", (zod) => {
        const shape = zod.def.shape;
        const propValues = {};
        for (const key in shape) {
            const field = shape[key]._zod;
            if (field.values) {
                if (!Object.prototype.hasOwnProperty.call(propValues, key)) {
                    util_assignProp(propValues, key, new Set());
                }
                for (const v of field.values)
                    propValues[key].add(v);
                // An omittable slot reads back as undefined at a discriminator lookup, so it has to claim undefined: two options that can both omit the key are not discriminable on it.
                if (field.optin !== undefined)
                    propValues[key].add(undefined);
            }
        }
        return propValues;
    });
    const isObject = util_isObject;
    const catchall = def.catchall;
    let value;
    const memo = globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        value ?? (value = _normalized.value);
        const input = payload.value;
        if (!isObject(input)) {
            payload.issues.push({
                expected: "object",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
        const proms = [];
        const shape = value.shape;
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const key of value.allKeys) {
            if (abortEarly && payload.issues.length !== seen) {
                if (aborted(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            if (key === "__proto__")
                continue;
            const el = shape[key];
            const optin = el._zod.optin;
            const optout = el._zod.optout;
            const r = el._zod.run({ value: input[key], issues: [] }, ctx);
            if (r instanceof Promise) {
                proms.push(r.then((r) => handlePropertyResult(r, payload, key, input, optin, optout)));
            }
            else {
                handlePropertyResult(r, payload, key, input, optin, optout);
            }
        }
        if (!catchall) {
            return proms.length ? Promise.all(proms).then(() => payload) : payload;
        }
        return handleCatchall(proms, input, payload, ctx, _normalized.value, inst, abortEarly === true);
    };
});
const $ZodObjectJIT = /*@__PURE__*/ $constructor("$ZodObjectJIT", (inst, def) => {
    // requires cast because technically $ZodObject doesn't extend
    $ZodObject.init(inst, def);
    const superParse = inst._zod.parse;
    const _normalized = cached(() => normalizeDef(def));
    const memo = globalConfig.memoizer;
    const generateFastpass = (shape) => {
        const normalized = _normalized.value;
        const syms = normalized.symbolKeys;
        // a symbol has no source literal, so it is read as `syms[i]` off the closed-over scope
        const doc = new Doc(["payload", "ctx"], { shape, inst, memo, syms });
        const parseStr = (k) => `shape[${k}]._zod.run({ value: input[${k}], issues: [] }, ctx)`;
        // prefixes in place, like util.prefixIssues. newResult must land before the early return: a catchall runs after this and would otherwise write onto the caller's input
        const prefixStr = (id, k) => `
          let ${id}_ab = false;
          for (let i = 0; i < ${id}.issues.length; i++) {
            const iss = ${id}.issues[i];
            iss.path = iss.path ? [${k}, ...iss.path] : [${k}];
            payload.issues.push(iss);
            if (iss.continue !== true) ${id}_ab = true;
          }
          if (${id}_ab && ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }`;
        doc.write(`const input = payload.value;`);
        const ids = Object.create(null);
        let counter = 0;
        for (const key of normalized.allKeys) {
            ids[key] = `key_${counter++}`;
        }
        // A: preserve key order {
        doc.write(memo ? `const newResult = memo.alloc(inst, payload, {}, ctx);` : `const newResult = {};`);
        for (const key of normalized.allKeys) {
            if (key === "__proto__")
                continue;
            const id = ids[key];
            const k = typeof key === "symbol" ? `syms[${syms.indexOf(key)}]` : esc(key);
            const isPresent = `${k} in input`;
            const schema = shape[key];
            const optin = schema?._zod?.optin;
            const isOptionalIn = optin !== undefined;
            const isOptionalOut = schema?._zod?.optout === "optional";
            doc.write(`const ${id} = ${parseStr(k)};`);
            if (isOptionalIn && isOptionalOut) {
                // For optional-in/out schemas, ignore errors on absent keys — and, like the interpreted path, drop the value produced alongside them. The middle rung goes further: it permits absence without supplying anything in its place, so an absent key contributes nothing at all.
                const assign = optin === "optional" ? `${id}_present` : `${id}.value !== undefined || ${id}_present`;
                doc.write(`
        const ${id}_present = ${isPresent};
        if (!${id}.issues.length || ${id}_present) {
          if (${id}.issues.length) {${prefixStr(id, k)}
          }

          if (${assign}) {
            newResult[${k}] = ${id}.value;
          }
        }

      `);
            }
            else if (!isOptionalIn) {
                doc.write(`
        const ${id}_present = ${isPresent};
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
        if (!${id}_present && !${id}.issues.length) {
          payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: undefined,
            path: [${k}]
          });
          if (ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }
        }

        if (${id}_present) {
          newResult[${k}] = ${id}.value;
        }

      `);
            }
            else {
                doc.write(`
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
      `);
                if (optin === "defaulted") {
                    doc.write(`newResult[${k}] = ${id}.value;`);
                }
                else {
                    doc.write(`
        if (${id}.value !== undefined || ${isPresent}) {
          newResult[${k}] = ${id}.value;
        }
      `);
                }
            }
        }
        doc.write(`payload.value = newResult;`);
        doc.write(`return payload;`);
        // closing `shape` in is what pays: turbofan specializes the parser against that one shape object, so every `shape[k]._zod.run` folds to a known callee. as a parameter it stays a generic load and measures 13% slower even with the forwarding frame gone
        return doc.compile();
    };
    let fastpass;
    const isObject = util_isObject;
    const jit = !globalConfig.jitless;
    const allowsEval = util_allowsEval;
    const fastEnabled = jit && allowsEval.value; // && !def.catchall;
    const catchall = def.catchall;
    let value;
    inst._zod.parse = (payload, ctx) => {
        value ?? (value = _normalized.value);
        const input = payload.value;
        if (!isObject(input)) {
            payload.issues.push({
                expected: "object",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        if (jit && fastEnabled && ctx?.async === false && ctx.jitless !== true) {
            // always synchronous
            if (!fastpass)
                fastpass = generateFastpass(def.shape);
            payload = fastpass(payload, ctx);
            if (!catchall)
                return payload;
            return handleCatchall([], input, payload, ctx, value, inst, ctx?.abortEarly === true);
        }
        return superParse(payload, ctx);
    };
});
function handleUnionResults(results, final, inst, ctx) {
    for (const result of results) {
        if (result.issues.length === 0) {
            final.value = result.value;
            return final;
        }
    }
    const nonaborted = results.filter((r) => !aborted(r));
    if (nonaborted.length === 1) {
        final.value = nonaborted[0].value;
        return nonaborted[0];
    }
    final.issues.push({
        code: "invalid_union",
        input: final.value,
        inst,
        errors: results.map((result) => result.issues.map((iss) => finalizeIssue(iss, ctx, config()))),
    });
    return final;
}
const $ZodUnion = /*@__PURE__*/ $constructor("$ZodUnion", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "optin", (zod) => zod.def.options.some((o) => o._zod.optin === "defaulted")
        ? "defaulted"
        : zod.def.options.some((o) => o._zod.optin !== undefined)
            ? "optional"
            : undefined);
    defineLazyInternal(inst, "optout", (zod) => zod.def.options.some((o) => o._zod.optout === "optional") ? "optional" : undefined);
    defineLazyInternal(inst, "values", (zod) => {
        if (zod.def.options.every((o) => o._zod.values)) {
            return new Set(zod.def.options.flatMap((option) => Array.from(option._zod.values)));
        }
        return undefined;
    });
    defineLazyInternal(inst, "pattern", (zod) => {
        if (zod.def.options.every((o) => o._zod.pattern)) {
            const patterns = zod.def.options.map((o) => o._zod.pattern);
            return new RegExp(`^(${patterns.map((p) => cleanRegex(p.source)).join("|")})$`);
        }
        return undefined;
    });
    const first = def.options.length === 1 ? def.options[0]._zod.run : null;
    inst._zod.parse = (payload, ctx) => {
        if (first) {
            return first(payload, ctx);
        }
        let async = false;
        const results = [];
        for (const option of def.options) {
            const result = option._zod.run({
                value: payload.value,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                results.push(result);
                async = true;
            }
            else {
                if (result.issues.length === 0)
                    return result;
                results.push(result);
            }
        }
        if (!async)
            return handleUnionResults(results, payload, inst, ctx);
        return Promise.all(results).then((results) => {
            return handleUnionResults(results, payload, inst, ctx);
        });
    };
});
function handleExclusiveUnionResults(results, final, inst, ctx) {
    const matches = [];
    for (let i = 0; i < results.length; i++) {
        if (results[i].issues.length === 0)
            matches.push(i);
    }
    if (matches.length === 1) {
        final.value = results[matches[0]].value;
        return final;
    }
    if (matches.length === 0) {
        // No matches - same as regular union
        final.issues.push({
            code: "invalid_union",
            input: final.value,
            inst,
            errors: results.map((result) => result.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config()))),
        });
    }
    else {
        // Multiple matches - exclusive union failure
        final.issues.push({
            code: "invalid_union",
            input: final.value,
            inst,
            errors: [],
            inclusive: false,
            matches,
        });
    }
    return final;
}
const $ZodXor = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodXor", (inst, def) => {
    $ZodUnion.init(inst, def);
    def.inclusive = false;
    const first = def.options.length === 1 ? def.options[0]._zod.run : null;
    inst._zod.parse = (payload, ctx) => {
        if (first) {
            return first(payload, ctx);
        }
        let async = false;
        const results = [];
        for (const option of def.options) {
            const result = option._zod.run({
                value: payload.value,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                results.push(result);
                async = true;
            }
            else {
                results.push(result);
            }
        }
        if (!async)
            return handleExclusiveUnionResults(results, payload, inst, ctx);
        return Promise.all(results).then((results) => {
            return handleExclusiveUnionResults(results, payload, inst, ctx);
        });
    };
})));
/** Returns the option whose discriminator claims `value`, or throws if ambiguous. */
function getDiscriminatedOption(union, value) {
    const internals = union._zod;
    let map = internals.bag.optionsMap;
    if (!map) {
        map = discriminatorMap(internals.def);
        internals.bag.optionsMap = map;
    }
    const option = map.get(value);
    if (option === null)
        throw new Error(`Ambiguous discriminator value "${String(value)}"`);
    return option;
}
function discriminatorMap(def) {
    const map = new Map();
    for (const option of def.options) {
        const values = option._zod.propValues?.[def.discriminator];
        if (!values || values.size === 0)
            throw new Error(`Invalid discriminated union option at index "${def.options.indexOf(option)}"`);
        for (const value of values) {
            if (map.has(value)) {
                if (value !== undefined)
                    throw new Error(`Duplicate discriminator value "${String(value)}"`);
                // keep the collision marked so a later member cannot reclaim it
                map.set(value, null);
            }
            else {
                map.set(value, option);
            }
        }
    }
    return map;
}
const $ZodDiscriminatedUnion = 
/*@__PURE__*/
(/* unused pure expression or super */ null && (core.$constructor("$ZodDiscriminatedUnion", (inst, def) => {
    def.inclusive = false;
    $ZodUnion.init(inst, def);
    const _super = inst._zod.parse;
    util.defineLazyInternal(inst, "propValues", (zod) => {
        const propValues = {};
        let undefinedCount = 0;
        for (const option of zod.def.options) {
            const pv = option._zod.propValues;
            if (!pv || Object.keys(pv).length === 0)
                throw new Error(`Invalid discriminated union option at index "${zod.def.options.indexOf(option)}"`);
            if (pv[zod.def.discriminator]?.has(undefined))
                undefinedCount++;
            for (const [k, v] of Object.entries(pv)) {
                if (!Object.prototype.hasOwnProperty.call(propValues, k)) {
                    util.assignProp(propValues, k, new Set());
                }
                for (const val of v) {
                    propValues[k].add(val);
                }
            }
        }
        if (!zod.def.unionFallback && undefinedCount > 1)
            propValues[zod.def.discriminator]?.delete(undefined);
        return propValues;
    });
    // Checked now rather than in the lookup map below, so an option that lacks the discriminator fails at the `discriminatedUnion` call instead of on the first object parsed. Options whose shape cannot be enumerated without resolving it — pipes and lazies — are left to the map.
    def.options.forEach((option, i) => {
        const propShape = util.rawShape(option._zod.def);
        if (propShape && !Object.prototype.hasOwnProperty.call(propShape, def.discriminator)) {
            throw new Error(`Invalid discriminated union option at index "${i}"`);
        }
    });
    const disc = util.cached(() => discriminatorMap(def));
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!util.isObject(input)) {
            payload.issues.push({
                code: "invalid_type",
                expected: "object",
                input,
                inst,
            });
            return payload;
        }
        const value = input?.[def.discriminator];
        const opt = disc.value.get(value);
        // forward metadata cannot choose an encoder for an absent tag
        if (opt && (value !== undefined || ctx.direction !== "backward")) {
            return opt._zod.run(payload, ctx);
        }
        // Fall back to union matching when the fast discriminator path fails:
        // - explicitly enabled via unionFallback, or
        // - during backward direction (encode), since codec-based discriminators have different values in forward vs backward directions
        if (def.unionFallback || ctx.direction === "backward") {
            return _super(payload, ctx);
        }
        // no matching discriminator
        payload.issues.push({
            code: "invalid_union",
            errors: [],
            note: "No matching discriminator",
            discriminator: def.discriminator,
            options: Array.from(disc.value.keys()).filter((value) => disc.value.get(value) !== null),
            input,
            path: [def.discriminator],
            inst,
        });
        return payload;
    };
})));
const $ZodIntersection = /*@__PURE__*/ $constructor("$ZodIntersection", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        const left = def.left._zod.run({ value: input, issues: [] }, ctx);
        const right = def.right._zod.run({ value: input, issues: [] }, ctx);
        const async = left instanceof Promise || right instanceof Promise;
        if (async) {
            return Promise.all([left, right]).then(([left, right]) => {
                return handleIntersectionResults(payload, left, right);
            });
        }
        return handleIntersectionResults(payload, left, right);
    };
});
function mergeValues(a, b) {
    // const aType = parse.t(a);
    // const bType = parse.t(b);
    if (a === b) {
        return { valid: true, data: a };
    }
    if (a instanceof Date && b instanceof Date && +a === +b) {
        return { valid: true, data: a };
    }
    if (isPlainObject(a) && isPlainObject(b)) {
        const bKeys = Object.keys(b);
        const sharedKeys = Object.keys(a).filter((key) => bKeys.indexOf(key) !== -1);
        const newObj = { ...a, ...b };
        if (Object.prototype.hasOwnProperty.call(newObj, "__proto__"))
            delete newObj.__proto__;
        for (const key of sharedKeys) {
            if (key === "__proto__")
                continue;
            const sharedValue = mergeValues(a[key], b[key]);
            if (!sharedValue.valid) {
                return {
                    valid: false,
                    mergeErrorPath: [key, ...sharedValue.mergeErrorPath],
                };
            }
            newObj[key] = sharedValue.data;
        }
        return { valid: true, data: newObj };
    }
    if (Array.isArray(a) && Array.isArray(b)) {
        if (a.length !== b.length) {
            return { valid: false, mergeErrorPath: [] };
        }
        const newArray = [];
        for (let index = 0; index < a.length; index++) {
            const itemA = a[index];
            const itemB = b[index];
            const sharedValue = mergeValues(itemA, itemB);
            if (!sharedValue.valid) {
                return {
                    valid: false,
                    mergeErrorPath: [index, ...sharedValue.mergeErrorPath],
                };
            }
            newArray.push(sharedValue.data);
        }
        return { valid: true, data: newArray };
    }
    return { valid: false, mergeErrorPath: [] };
}
function handleIntersectionResults(result, left, right) {
    // Track which side(s) reject each key. A key rejection is reported only when BOTH sides reject it, so a key owned by one branch survives the other's key schema. strictObject reports these as unrecognized_keys; a record with an open key schema reports one invalid_key per key.
    const unrecKeys = new Map();
    let unrecIssue;
    const keyIssues = new Map();
    const collect = (iss, side) => {
        let keys;
        if (iss.code === "unrecognized_keys" && !iss.path?.length) {
            unrecIssue ?? (unrecIssue = iss);
            keys = iss.keys;
        }
        else if (iss.code === "invalid_key" && iss.origin === "record" && iss.path?.length === 1) {
            const k = String(iss.path[0]);
            if (!keyIssues.has(k))
                keyIssues.set(k, iss);
            keys = [k];
        }
        else {
            return false;
        }
        for (const k of keys) {
            if (!unrecKeys.has(k))
                unrecKeys.set(k, {});
            unrecKeys.get(k)[side] = true;
        }
        return true;
    };
    for (const iss of left.issues) {
        if (!collect(iss, "l"))
            result.issues.push(iss);
    }
    for (const iss of right.issues) {
        if (!collect(iss, "r"))
            result.issues.push(iss);
    }
    // Report only keys rejected by BOTH sides
    const bothKeys = [...unrecKeys].filter(([, f]) => f.l && f.r).map(([k]) => k);
    if (bothKeys.length) {
        const aggregated = unrecIssue ? bothKeys.filter((k) => unrecIssue.keys.includes(k)) : [];
        if (aggregated.length)
            result.issues.push({ ...unrecIssue, keys: aggregated });
        for (const k of bothKeys) {
            if (!aggregated.includes(k) && keyIssues.has(k))
                result.issues.push(keyIssues.get(k));
        }
    }
    const merged = mergeValues(left.value, right.value);
    if (!merged.valid) {
        if (aborted(result))
            return result;
        throw new Error(`Unmergable intersection. Error path: ` + `${JSON.stringify(merged.mergeErrorPath)}`);
    }
    result.value = merged.data;
    return result;
}
const $ZodTuple = /*@__PURE__*/ $constructor("$ZodTuple", (inst, def) => {
    $ZodType.init(inst, def);
    const items = def.items;
    const memo = globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!Array.isArray(input)) {
            payload.issues.push({
                input,
                inst,
                expected: "tuple",
                code: "invalid_type",
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, [], ctx) : [];
        const proms = [];
        const optinStart = getTupleOptStart(items, "optin");
        const optoutStart = getTupleOptStart(items, "optout");
        if (!def.rest) {
            if (input.length < optinStart) {
                payload.issues.push({
                    code: "too_small",
                    minimum: optinStart,
                    inclusive: true,
                    input,
                    inst,
                    origin: "array",
                });
                return payload;
            }
            if (input.length > items.length) {
                payload.issues.push({
                    code: "too_big",
                    maximum: items.length,
                    inclusive: true,
                    input,
                    inst,
                    origin: "array",
                });
            }
        }
        // Run every item in parallel, collecting results into an indexed array. The post-processing in `handleTupleResults` walks them in order so it can decide whether an absent optional-output error can truncate the tail or must be reported to preserve required output.
        const itemResults = new Array(items.length);
        // only tracked when there is a rest loop to skip
        const abortEarly = def.rest ? ctx?.abortEarly : undefined;
        let itemAborted = false;
        for (let i = 0; i < items.length; i++) {
            const r = items[i]._zod.run({ value: input[i], issues: [] }, ctx);
            if (r instanceof Promise) {
                proms.push(r.then((rr) => {
                    itemResults[i] = rr;
                }));
            }
            else {
                itemResults[i] = r;
                if (abortEarly && !itemAborted && r.issues.length)
                    itemAborted = aborted(r);
            }
        }
        // sound because rest is non-empty exactly when every fixed index is present, the one case handleTupleResults cannot discard an item's issues
        if (def.rest && !itemAborted) {
            let i = items.length - 1;
            const rest = input.slice(items.length);
            let seen = payload.issues.length;
            for (const el of rest) {
                if (abortEarly && payload.issues.length !== seen) {
                    if (aborted(payload, seen))
                        break;
                    seen = payload.issues.length;
                }
                i++;
                const result = def.rest._zod.run({ value: el, issues: [] }, ctx);
                if (result instanceof Promise) {
                    proms.push(result.then((r) => handleTupleResult(r, payload, i)));
                }
                else {
                    handleTupleResult(result, payload, i);
                }
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => handleTupleResults(itemResults, payload, items, input, optoutStart));
        }
        return handleTupleResults(itemResults, payload, items, input, optoutStart);
    };
});
function getTupleOptStart(items, key) {
    for (let i = items.length - 1; i >= 0; i--) {
        // optin is a three-rung ladder so any rung above `undefined` permits an absent slot; optout stays two-valued.
        const omittable = key === "optin" ? items[i]._zod.optin !== undefined : items[i]._zod.optout === "optional";
        if (!omittable)
            return i + 1;
    }
    return 0;
}
function handleTupleResult(result, final, index) {
    if (result.issues.length) {
        final.issues.push(...prefixIssues(index, result.issues));
    }
    final.value[index] = result.value;
}
function handleTupleResults(itemResults, final, items, input, optoutStart) {
    // Walk results in order. Mirror $ZodObject's swallow-on-absent-optional rule, but only after `optoutStart`: the first index where the output tuple tail can be absent.
    for (let i = 0; i < items.length; i++) {
        const r = itemResults[i];
        const isPresent = i < input.length;
        // The array analog of `handlePropertyResult`'s absent-key early return: the middle rung permits absence without supplying anything in its place, so the tail truncates here instead of materializing whatever the item made of `undefined`.
        if (!isPresent && i >= optoutStart && items[i]._zod.optin === "optional") {
            final.value.length = i;
            break;
        }
        if (r.issues.length) {
            if (!isPresent && i >= optoutStart) {
                final.value.length = i;
                break;
            }
            final.issues.push(...prefixIssues(i, r.issues));
        }
        final.value[i] = r.value;
    }
    // Drop trailing slots that produced `undefined` for absent input
    // (the array analog of an absent optional key on an object). The
    // `i >= input.length` floor is critical: an explicit `undefined`
    // *inside* the input must be preserved even when the schema is
    // optional-out (e.g. `z.string().or(z.undefined())` accepting an
    // explicit undefined value).
    for (let i = final.value.length - 1; i >= input.length; i--) {
        if (items[i]._zod.optout === "optional" && final.value[i] === undefined) {
            final.value.length = i;
        }
        else {
            break;
        }
    }
    return final;
}
const $ZodRecord = /*@__PURE__*/ $constructor("$ZodRecord", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!isPlainObject(input)) {
            payload.issues.push({
                expected: "record",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        // no guard in either loop below: a record's invalid_key aborts but an enclosing intersection can reconcile it, so a stopped loop hides keys the sibling does not own and the intersection then rejects nothing
        const proms = [];
        const values = def.keyType._zod.values;
        if (values && !def.partial) {
            payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
            const recordKeys = new Set();
            for (const key of values) {
                if (typeof key === "string" || typeof key === "number" || typeof key === "symbol") {
                    recordKeys.add(typeof key === "number" ? key.toString() : key);
                    // A declared __proto__ is stripped but is not an unrecognized key.
                    if (key === "__proto__")
                        continue;
                    const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
                    if (keyResult instanceof Promise) {
                        throw new Error("Async schemas not supported in object keys currently");
                    }
                    if (keyResult.issues.length) {
                        payload.issues.push({
                            code: "invalid_key",
                            origin: "record",
                            issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
                            input: key,
                            path: [key],
                            inst,
                        });
                        continue;
                    }
                    const outKey = keyResult.value;
                    if (outKey === "__proto__")
                        continue;
                    const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
                    if (result instanceof Promise) {
                        proms.push(result.then((result) => {
                            if (result.issues.length) {
                                payload.issues.push(...prefixIssues(key, result.issues));
                            }
                            payload.value[outKey] = result.value;
                        }));
                    }
                    else {
                        if (result.issues.length) {
                            payload.issues.push(...prefixIssues(key, result.issues));
                        }
                        payload.value[outKey] = result.value;
                    }
                }
            }
            let unrecognized;
            for (const key in input) {
                if (!recordKeys.has(key)) {
                    if (def.mode === "loose") {
                        // skip __proto__ so it can't replace the result prototype via the assignment setter on the plain {} we build into
                        if (key === "__proto__")
                            continue;
                        payload.value[key] = input[key];
                    }
                    else {
                        unrecognized = unrecognized ?? [];
                        unrecognized.push(key);
                    }
                }
            }
            if (unrecognized && unrecognized.length > 0) {
                payload.issues.push({
                    code: "unrecognized_keys",
                    input,
                    inst,
                    keys: unrecognized,
                    continue: true,
                });
            }
        }
        else {
            payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
            // An enumerable key schema declares which keys the record owns, so a key outside the set is unrecognized. A non-enumerable one (regex, refine) is a constraint every key must satisfy, so a failing key is invalid. Only the former is reconcilable against the other side of an intersection.
            let unrecognized;
            // Reflect.ownKeys for Symbol-key support; filter non-enumerable to match z.object()
            for (const key of Reflect.ownKeys(input)) {
                if (key === "__proto__")
                    continue;
                if (!Object.prototype.propertyIsEnumerable.call(input, key))
                    continue;
                let keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
                if (keyResult instanceof Promise) {
                    throw new Error("Async schemas not supported in object keys currently");
                }
                // Numeric string fallback: if key is a numeric string and failed, retry with Number(key). This handles z.number(), z.literal([1, 2, 3]), and unions containing numeric literals
                const checkNumericKey = typeof key === "string" && number.test(key) && keyResult.issues.length;
                if (checkNumericKey) {
                    const retryResult = def.keyType._zod.run({ value: Number(key), issues: [] }, ctx);
                    if (retryResult instanceof Promise) {
                        throw new Error("Async schemas not supported in object keys currently");
                    }
                    if (retryResult.issues.length === 0) {
                        keyResult = retryResult;
                    }
                }
                if (keyResult.issues.length) {
                    if (def.mode === "loose") {
                        // Pass through unchanged
                        payload.value[key] = input[key];
                    }
                    else if (values) {
                        unrecognized = unrecognized ?? [];
                        unrecognized.push(key);
                    }
                    else {
                        // Default "strict" behavior: error on invalid key
                        payload.issues.push({
                            code: "invalid_key",
                            origin: "record",
                            issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
                            input: key,
                            path: [key],
                            inst,
                        });
                    }
                    continue;
                }
                // the guard above tests the raw input key, but the key schema can normalize an ordinary key into __proto__; re-check the key we actually write under
                const outKey = keyResult.value;
                if (outKey === "__proto__")
                    continue;
                const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
                if (result instanceof Promise) {
                    proms.push(result.then((result) => {
                        if (result.issues.length) {
                            payload.issues.push(...prefixIssues(key, result.issues));
                        }
                        payload.value[outKey] = result.value;
                    }));
                }
                else {
                    if (result.issues.length) {
                        payload.issues.push(...prefixIssues(key, result.issues));
                    }
                    payload.value[outKey] = result.value;
                }
            }
            if (unrecognized && unrecognized.length > 0) {
                payload.issues.push({
                    code: "unrecognized_keys",
                    input,
                    inst,
                    keys: unrecognized,
                    continue: true,
                });
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => payload);
        }
        return payload;
    };
});
const $ZodMap = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodMap", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = core.globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!(input instanceof Map)) {
            payload.issues.push({
                expected: "map",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        const proms = [];
        payload.value = memo ? memo.alloc(inst, payload, new Map(), ctx) : new Map();
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const [key, value] of input) {
            if (abortEarly && payload.issues.length !== seen) {
                if (util.aborted(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
            const valueResult = def.valueType._zod.run({ value: value, issues: [] }, ctx);
            if (keyResult instanceof Promise || valueResult instanceof Promise) {
                proms.push(Promise.all([keyResult, valueResult]).then(([keyResult, valueResult]) => {
                    handleMapResult(keyResult, valueResult, payload, key, input, inst, ctx);
                }));
            }
            else {
                handleMapResult(keyResult, valueResult, payload, key, input, inst, ctx);
            }
        }
        if (proms.length)
            return Promise.all(proms).then(() => payload);
        return payload;
    };
    capSize(inst, mapSize);
})));
function handleMapResult(keyResult, valueResult, final, key, input, inst, ctx) {
    if (keyResult.issues.length) {
        if (util.propertyKeyTypes.has(typeof key)) {
            final.issues.push(...util.prefixIssues(key, keyResult.issues));
        }
        else {
            final.issues.push({
                code: "invalid_key",
                origin: "map",
                input,
                inst,
                issues: keyResult.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config())),
            });
        }
    }
    if (valueResult.issues.length) {
        if (util.propertyKeyTypes.has(typeof key)) {
            final.issues.push(...util.prefixIssues(key, valueResult.issues));
        }
        else {
            final.issues.push({
                origin: "map",
                code: "invalid_element",
                input,
                inst,
                key: key,
                issues: valueResult.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config())),
            });
        }
    }
    final.value.set(keyResult.value, valueResult.value);
}
const $ZodSet = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodSet", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = core.globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!(input instanceof Set)) {
            payload.issues.push({
                input,
                inst,
                expected: "set",
                code: "invalid_type",
            });
            return payload;
        }
        const proms = [];
        payload.value = memo ? memo.alloc(inst, payload, new Set(), ctx) : new Set();
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const item of input) {
            if (abortEarly && payload.issues.length !== seen) {
                if (util.aborted(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            const result = def.valueType._zod.run({ value: item, issues: [] }, ctx);
            if (result instanceof Promise) {
                proms.push(result.then((result) => handleSetResult(result, payload)));
            }
            else
                handleSetResult(result, payload);
        }
        if (proms.length)
            return Promise.all(proms).then(() => payload);
        return payload;
    };
    capSize(inst, setSize);
})));
function handleSetResult(result, final) {
    if (result.issues.length) {
        final.issues.push(...result.issues);
    }
    final.value.add(result.value);
}
const $ZodEnum = /*@__PURE__*/ $constructor("$ZodEnum", (inst, def) => {
    $ZodType.init(inst, def);
    const values = getEnumValues(def.entries);
    const valuesSet = new Set(values);
    inst._zod.values = valuesSet;
    defineLazyInternal(inst, "pattern", (zod) => {
        const patternValues = getEnumValues(zod.def.entries).filter((k) => propertyKeyTypes.has(typeof k));
        // unmatchable fallback, RE2-safe: an empty alternation would compile to /^()$/, which matches ""
        return new RegExp(patternValues.length ? `^(${patternValues.map((o) => escapeRegex(o.toString())).join("|")})$` : "^[^\\s\\S]$");
    });
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (valuesSet.has(input)) {
            return payload;
        }
        payload.issues.push({
            code: "invalid_value",
            values,
            input,
            inst,
        });
        return payload;
    };
});
const $ZodLiteral = /*@__PURE__*/ $constructor("$ZodLiteral", (inst, def) => {
    $ZodType.init(inst, def);
    const values = new Set(def.values);
    inst._zod.values = values;
    defineLazyInternal(inst, "pattern", (zod) => {
        const vals = zod.def.values;
        // unmatchable fallback, RE2-safe: an empty alternation would compile to /^()$/, which matches ""
        return new RegExp(vals.length
            ? `^(${vals
                .map((o) => typeof o === "string" ? escapeRegex(o) : o ? escapeRegex(o.toString()) : String(o))
                .join("|")})$`
            : "^[^\\s\\S]$");
    });
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (values.has(input)) {
            return payload;
        }
        payload.issues.push({
            code: "invalid_value",
            values: def.values,
            input,
            inst,
        });
        return payload;
    };
});
const $ZodFile = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodFile", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        // @ts-ignore
        if (input instanceof File)
            return payload;
        payload.issues.push({
            expected: "file",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodTransform = /*@__PURE__*/ $constructor("$ZodTransform", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.optin = "optional";
    globalConfig.memoizer?.guard(inst);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            throw new $ZodEncodeError(inst.constructor.name);
        }
        const _out = def.transform(payload.value, payload);
        if (ctx.async) {
            const output = _out instanceof Promise ? _out : Promise.resolve(_out);
            return output.then((output) => {
                payload.value = output;
                return payload;
            });
        }
        if (_out instanceof Promise) {
            throw new $ZodAsyncError();
        }
        payload.value = _out;
        return payload;
    };
});
function handleOptionalResult(payload, result) {
    // A substituting schema that still failed has no usable answer; yield undefined. Its issues are simply dropped: it ran on a payload of its own, so there is no shared array to truncate and nothing of the caller's to lose with it.
    payload.value = result.issues.length ? undefined : result.value;
    return payload;
}
const $ZodOptional = /*@__PURE__*/ $constructor("$ZodOptional", (inst, def) => {
    $ZodType.init(inst, def);
    // .optional() propagates absence rather than substituting for it, so a defaulted inner keeps its rung.
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
    inst._zod.optout = "optional";
    defineLazyInternal(inst, "values", (zod) => {
        const values = zod.def.innerType._zod.values;
        return values ? new Set([...values, undefined]) : undefined;
    });
    defineLazyInternal(inst, "pattern", (zod) => {
        const pattern = zod.def.innerType._zod.pattern;
        return pattern ? new RegExp(`^(${cleanRegex(pattern.source)})?$`) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        if (payload.value === undefined) {
            // Only the top rung substitutes a value for absence; everything else leaves it intact, which is what .optional() means.
            if (def.innerType._zod.optin !== "defaulted")
                return payload;
            // Its own payload, for the same reason $ZodCatch gets one: a pipe forwards an unrecognized key through the caller's issues array, and this must not read that as the substituting schema failing and drop it.
            const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
            if (result instanceof Promise)
                return result.then((result) => handleOptionalResult(payload, result));
            return handleOptionalResult(payload, result);
        }
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodExactOptional = /*@__PURE__*/ $constructor("$ZodExactOptional", (inst, def) => {
    // Call parent init - inherits optin/optout = "optional"
    $ZodOptional.init(inst, def);
    // Override values/pattern to NOT add undefined
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    defineLazyInternal(inst, "pattern", (zod) => zod.def.innerType._zod.pattern);
    // Override parse to just delegate (no undefined handling)
    inst._zod.parse = (payload, ctx) => {
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodNullable = /*@__PURE__*/ $constructor("$ZodNullable", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin);
    defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
    defineLazyInternal(inst, "pattern", (zod) => {
        const pattern = zod.def.innerType._zod.pattern;
        return pattern ? new RegExp(`^(${cleanRegex(pattern.source)}|null)$`) : undefined;
    });
    defineLazyInternal(inst, "values", (zod) => {
        return zod.def.innerType._zod.values ? new Set([...zod.def.innerType._zod.values, null]) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        // Forward direction (decode): allow null to pass through
        if (payload.value === null)
            return payload;
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodDefault = /*@__PURE__*/ $constructor("$ZodDefault", (inst, def) => {
    $ZodType.init(inst, def);
    // inst._zod.qin = "true";
    inst._zod.optin = "defaulted";
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply defaults for undefined input
        if (payload.value === undefined) {
            payload.value = def.defaultValue;
            /**
             * $ZodDefault returns the default value immediately in forward direction.
             * It doesn't pass the default value into the validator ("prefault"). There's no reason to pass the default value through validation. The validity of the default is enforced by TypeScript statically. Otherwise, it's the responsibility of the user to ensure the default is valid. In the case of pipes with divergent in/out types, you can specify the default on the `in` schema of your ZodPipe to set a "prefault" for the pipe.   */
            return payload;
        }
        // Forward direction: continue with default handling
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleDefaultResult(result, def));
        }
        return handleDefaultResult(result, def);
    };
});
function handleDefaultResult(payload, def) {
    if (payload.value === undefined) {
        payload.value = def.defaultValue;
    }
    return payload;
}
const $ZodPrefault = /*@__PURE__*/ $constructor("$ZodPrefault", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.optin = "defaulted";
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply prefault for undefined input
        if (payload.value === undefined) {
            payload.value = def.defaultValue;
        }
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodNonOptional = /*@__PURE__*/ $constructor("$ZodNonOptional", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "values", (zod) => {
        const v = zod.def.innerType._zod.values;
        return v ? new Set([...v].filter((x) => x !== undefined)) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleNonOptionalResult(result, inst));
        }
        return handleNonOptionalResult(result, inst);
    };
});
function handleNonOptionalResult(payload, inst) {
    if (!payload.issues.length && payload.value === undefined) {
        payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: payload.value,
            inst,
        });
    }
    return payload;
}
const $ZodSuccess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodSuccess", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            throw new core.$ZodEncodeError("ZodSuccess");
        }
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => {
                payload.value = result.issues.length === 0;
                return payload;
            });
        }
        payload.value = result.issues.length === 0;
        return payload;
    };
})));
function handleCatchResult(payload, result, def, ctx) {
    if (!result.issues.length) {
        payload.value = result.value;
        // The value carries up, so the flag describing it has to carry with it: a back-edge into a node still being parsed must not be frozen by an enclosing readonly, and its checks belong to the node itself. Guarded so the ordinary case adds no own property.
        if (result.memo)
            payload.memo = true;
        return payload;
    }
    // Spread the inner's own payload, not ours: `value` has to stay the input the catch was handed, and the inner ran on a payload of its own so its issues are already private to this call.
    payload.value = def.catchValue({
        ...result,
        value: payload.value,
        error: {
            issues: result.issues.map((iss) => finalizeIssue(iss, ctx, config())),
        },
        input: payload.value,
    });
    return payload;
}
const $ZodCatch = /*@__PURE__*/ $constructor("$ZodCatch", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
    defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply catch logic
        const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleCatchResult(payload, result, def, ctx));
        }
        return handleCatchResult(payload, result, def, ctx);
    };
});
const $ZodNaN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodNaN", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "number" || !Number.isNaN(payload.value)) {
            payload.issues.push({
                input: payload.value,
                inst,
                expected: "nan",
                code: "invalid_type",
            });
            return payload;
        }
        return payload;
    };
})));
const $ZodPipe = /*@__PURE__*/ $constructor("$ZodPipe", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values);
    defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin);
    defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout);
    defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            const right = def.out._zod.run(payload, ctx);
            if (right instanceof Promise) {
                return right.then((right) => handlePipeResult(right, def.in, ctx));
            }
            return handlePipeResult(right, def.in, ctx);
        }
        const left = def.in._zod.run(payload, ctx);
        if (left instanceof Promise) {
            return left.then((left) => handlePipeResult(left, def.out, ctx));
        }
        return handlePipeResult(left, def.out, ctx);
    };
});
function handlePipeResult(left, next, ctx) {
    // Any issue stops the pipe, so a failing refinement never feeds its transform. An unrecognized key is the exception: it describes the input's extra properties, not the value being piped, and an enclosing intersection may yet reconcile it.
    if (left.issues.some((iss) => iss.code !== "unrecognized_keys")) {
        // prevent further checks
        left.aborted = true;
        return left;
    }
    return next._zod.run({ value: left.value, issues: left.issues }, ctx);
}
const $ZodCodec = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCodec", (inst, def) => {
    $ZodType.init(inst, def);
    util.defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values);
    util.defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin);
    util.defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout);
    util.defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues);
    inst._zod.parse = (payload, ctx) => {
        const direction = ctx.direction || "forward";
        if (direction === "forward") {
            const left = def.in._zod.run(payload, ctx);
            if (left instanceof Promise) {
                return left.then((left) => handleCodecAResult(left, def, ctx));
            }
            return handleCodecAResult(left, def, ctx);
        }
        else {
            const right = def.out._zod.run(payload, ctx);
            if (right instanceof Promise) {
                return right.then((right) => handleCodecAResult(right, def, ctx));
            }
            return handleCodecAResult(right, def, ctx);
        }
    };
})));
function handleCodecAResult(result, def, ctx) {
    if (result.issues.length) {
        // prevent further checks
        result.aborted = true;
        return result;
    }
    const direction = ctx.direction || "forward";
    if (direction === "forward") {
        const transformed = def.transform(result.value, result);
        if (transformed instanceof Promise) {
            return transformed.then((value) => handleCodecTxResult(result, value, def.out, ctx));
        }
        return handleCodecTxResult(result, transformed, def.out, ctx);
    }
    else {
        const transformed = def.reverseTransform(result.value, result);
        if (transformed instanceof Promise) {
            return transformed.then((value) => handleCodecTxResult(result, value, def.in, ctx));
        }
        return handleCodecTxResult(result, transformed, def.in, ctx);
    }
}
function handleCodecTxResult(left, value, nextSchema, ctx) {
    // Check if transform added any issues
    if (left.issues.length) {
        left.aborted = true;
        return left;
    }
    return nextSchema._zod.run({ value, issues: left.issues }, ctx);
}
const $ZodPreprocess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodPreprocess", (inst, def) => {
    $ZodPipe.init(inst, def);
})));
const $ZodReadonly = /*@__PURE__*/ $constructor("$ZodReadonly", (inst, def) => {
    $ZodType.init(inst, def);
    defineLazyInternal(inst, "propValues", (zod) => zod.def.innerType._zod.propValues);
    defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    defineLazyInternal(inst, "optin", (zod) => zod.def.innerType?._zod?.optin);
    defineLazyInternal(inst, "optout", (zod) => zod.def.innerType?._zod?.optout);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then(handleReadonlyResult);
        }
        return handleReadonlyResult(result);
    };
});
function handleReadonlyResult(payload) {
    // A repeat visit hands back a node that is still being built; freezing it here would make the rest of its keys fail to assign.
    if (!payload.memo)
        payload.value = Object.freeze(payload.value);
    return payload;
}
// a leaf's pattern source with its own checks folded in: the last pattern-carrying check wins, else length bounds narrow the catch-all, else an integer format narrows the number form. the fold lives here instead of on `_zod.pattern` so a bundle without template literals never pays for it
function leafPattern(schema) {
    const def = schema._zod.def;
    let pattern = def.pattern;
    let isInt = !!def.format?.includes("int");
    let minimum;
    let maximum;
    for (const ch of def.checks ?? []) {
        const d = ch._zod.def;
        if (d.pattern)
            pattern = d.pattern;
        isInt || (isInt = !!d.format?.includes("int"));
        const lo = d.minimum ?? d.length;
        const hi = d.maximum ?? d.length;
        if (lo !== undefined && (minimum === undefined || lo > minimum))
            minimum = lo;
        if (hi !== undefined && (maximum === undefined || hi < maximum))
            maximum = hi;
    }
    if (pattern)
        return pattern.source;
    // an empty range matches nothing at runtime, and `{8,5}` is not a legal quantifier
    if (minimum !== undefined && maximum !== undefined && minimum > maximum)
        return "(?!)";
    if (minimum !== undefined || maximum !== undefined)
        return regexes.string({ minimum, maximum }).source;
    const own = schema._zod.pattern;
    return (isInt && own === regexes.number ? regexes.integer : own)?.source;
}
// a part's pattern source. a wrapper's pattern embeds its inner pattern's source verbatim, so the folded form is substituted in place without knowing the wrapper's own composition; a union's options are joined the way the union builds its own pattern
function partPattern(schema) {
    const def = schema._zod.def;
    const own = schema._zod.pattern?.source;
    // lazy resolves its inner on the internals, not the def
    const inner = def.innerType ?? schema._zod.innerType;
    if (inner) {
        const before = inner._zod.pattern?.source;
        const after = partPattern(inner);
        if (own && before && after && after !== before) {
            return own.replace(util.cleanRegex(before), () => util.cleanRegex(after));
        }
        return own;
    }
    if (def.options) {
        const sources = def.options.map(partPattern);
        if (sources.every(Boolean))
            return `^(${sources.map((s) => util.cleanRegex(s)).join("|")})$`;
    }
    return leafPattern(schema);
}
const $ZodTemplateLiteral = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodTemplateLiteral", (inst, def) => {
    $ZodType.init(inst, def);
    const regexParts = [];
    for (const part of def.parts) {
        if (typeof part === "object" && part !== null) {
            // is Zod schema
            const source = partPattern(part);
            if (!source) {
                throw new Error(`Invalid template literal part, no pattern found: ${[...part._zod.traits].shift()}`);
            }
            regexParts.push(util.cleanRegex(source));
        }
        else if (part === null || util.primitiveTypes.has(typeof part)) {
            regexParts.push(util.escapeRegex(`${part}`));
        }
        else {
            throw new Error(`Invalid template literal part: ${part}`);
        }
    }
    inst._zod.pattern = new RegExp(`^${regexParts.join("")}$`);
    inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "string") {
            payload.issues.push({
                input: payload.value,
                inst,
                expected: "string",
                code: "invalid_type",
            });
            return payload;
        }
        inst._zod.pattern.lastIndex = 0;
        if (!inst._zod.pattern.test(payload.value)) {
            payload.issues.push({
                input: payload.value,
                inst,
                code: "invalid_format",
                format: def.format ?? "template_literal",
                pattern: inst._zod.pattern.source,
            });
            return payload;
        }
        return payload;
    };
})));
const $ZodFunction = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodFunction", (inst, def) => {
    $ZodType.init(inst, def);
    // Defined, not assigned: the classic prototype exposes `_def` as a getter with no setter.
    Object.defineProperty(inst, "_def", { value: def });
    inst._zod.def = def;
    inst.implement = (func) => {
        if (typeof func !== "function") {
            throw new Error("implement() must be called with a function");
        }
        // Defined inline so the closure stays anonymous: binding it to a `const` first names it, which costs 256 bytes per implemented function.
        return Object.defineProperty(function (...args) {
            const parsedArgs = inst._def.input ? parse(inst._def.input, args) : args;
            const result = Reflect.apply(func, this, parsedArgs);
            if (inst._def.output) {
                return parse(inst._def.output, result);
            }
            return result;
        }, "_zod", { value: inst._zod, enumerable: false });
    };
    inst.implementAsync = (func) => {
        if (typeof func !== "function") {
            throw new Error("implementAsync() must be called with a function");
        }
        return Object.defineProperty(async function (...args) {
            const parsedArgs = inst._def.input ? await parseAsync(inst._def.input, args) : args;
            const result = await Reflect.apply(func, this, parsedArgs);
            if (inst._def.output) {
                return await parseAsync(inst._def.output, result);
            }
            return result;
        }, "_zod", { value: inst._zod, enumerable: false });
    };
    inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "function") {
            payload.issues.push({
                code: "invalid_type",
                expected: "function",
                input: payload.value,
                inst,
            });
            return payload;
        }
        // Check if output is a promise type to determine if we should use async implementation
        const hasPromiseOutput = inst._def.output && inst._def.output._zod.def.type === "promise";
        if (hasPromiseOutput) {
            payload.value = inst.implementAsync(payload.value);
        }
        else {
            payload.value = inst.implement(payload.value);
        }
        return payload;
    };
    inst.input = (...args) => {
        const F = inst.constructor;
        if (Array.isArray(args[0])) {
            return new F({
                type: "function",
                input: new $ZodTuple({
                    type: "tuple",
                    items: args[0],
                    rest: args[1],
                }),
                output: inst._def.output,
            });
        }
        return new F({
            type: "function",
            input: args[0],
            output: inst._def.output,
        });
    };
    inst.output = (output) => {
        const F = inst.constructor;
        return new F({
            type: "function",
            input: inst._def.input,
            output,
        });
    };
    return inst;
})));
const $ZodPromise = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodPromise", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        return Promise.resolve(payload.value).then((inner) => def.innerType._zod.run({ value: inner, issues: [] }, ctx));
    };
})));
const $ZodLazy = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodLazy", (inst, def) => {
    $ZodType.init(inst, def);
    // Cache the resolved inner type on the shared `def` so all clones of this lazy (e.g. via `.describe()`/`.meta()`) share the same inner instance, preserving identity for cycle detection on recursive schemas.
    util.defineLazy(inst._zod, "innerType", () => {
        const d = def;
        if (!d._cachedInner)
            d._cachedInner = def.getter();
        return d._cachedInner;
    });
    util.defineLazyInternal(inst, "pattern", (zod) => zod.innerType?._zod?.pattern);
    util.defineLazyInternal(inst, "propValues", (zod) => zod.innerType?._zod?.propValues);
    util.defineLazyInternal(inst, "optin", (zod) => zod.innerType?._zod?.optin ?? undefined);
    util.defineLazyInternal(inst, "optout", (zod) => zod.innerType?._zod?.optout ?? undefined);
    inst._zod.parse = (payload, ctx) => {
        const inner = inst._zod.innerType;
        return inner._zod.run(payload, ctx);
    };
})));
const $ZodCustom = /*@__PURE__*/ $constructor("$ZodCustom", (inst, def) => {
    $ZodCheck.init(inst, def);
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _) => {
        return payload;
    };
    inst._zod.check = (payload) => {
        const input = payload.value;
        const r = def.fn(input);
        if (r instanceof Promise) {
            return r.then((r) => handleRefineResult(r, payload, input, inst));
        }
        handleRefineResult(r, payload, input, inst);
        return;
    };
});
function handleRefineResult(result, payload, input, inst) {
    if (!result) {
        const _iss = {
            code: "custom",
            input,
            inst, // incorporates params.error into issue reporting
            path: [...(inst._zod.def.path ?? [])], // incorporates params.error into issue reporting
            continue: !inst._zod.def.abort,
            // params: inst._zod.def.params,
        };
        if (inst._zod.def.params)
            _iss.params = inst._zod.def.params;
        payload.issues.push(util_issue(_iss));
    }
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/registries.js
var registries_a;
const $output = /*@__PURE__*/ (/* unused pure expression or super */ null && (Symbol("ZodOutput")));
const $input = /*@__PURE__*/ (/* unused pure expression or super */ null && (Symbol("ZodInput")));
class $ZodRegistry {
    constructor() {
        this._map = new WeakMap();
        this._idmap = new Map();
    }
    add(schema, ..._meta) {
        const meta = _meta[0];
        this._map.set(schema, meta);
        if (meta && typeof meta === "object" && "id" in meta) {
            this._idmap.set(meta.id, schema);
        }
        return this;
    }
    clear() {
        this._map = new WeakMap();
        this._idmap = new Map();
        return this;
    }
    remove(schema) {
        const meta = this._map.get(schema);
        if (meta && typeof meta === "object" && "id" in meta) {
            this._idmap.delete(meta.id);
        }
        this._map.delete(schema);
        return this;
    }
    get(schema) {
        // return this._map.get(schema) as any;
        // inherit metadata
        const p = schema._zod.parent;
        if (p) {
            const pm = { ...(this.get(p) ?? {}) };
            delete pm.id; // do not inherit id
            const f = { ...pm, ...this._map.get(schema) };
            return Object.keys(f).length ? f : undefined;
        }
        return this._map.get(schema);
    }
    has(schema) {
        return this._map.has(schema);
    }
}
// registries
function registry() {
    return new $ZodRegistry();
}
(registries_a = globalThis).__zod_globalRegistry ?? (registries_a.__zod_globalRegistry = registry());
const globalRegistry = globalThis.__zod_globalRegistry;

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/api.js




function snapshotChecks(def) {
    if (def.checks)
        def.checks = [...def.checks];
    return def;
}
// @__NO_SIDE_EFFECTS__
function _string(Class, params) {
    return new Class(snapshotChecks({ type: "string", ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _coercedString(Class, params) {
    return new Class(snapshotChecks({ type: "string", coerce: true, ...util.normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _email(Class, params) {
    return new Class({
        type: "string",
        format: "email",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _guid(Class, params) {
    return new Class({
        type: "string",
        format: "guid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuid(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv4(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v4",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv6(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v6",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv7(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v7",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _url(Class, params) {
    return new Class({
        type: "string",
        format: "url",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function api_emoji(Class, params) {
    return new Class({
        type: "string",
        format: "emoji",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _nanoid(Class, params) {
    return new Class({
        type: "string",
        format: "nanoid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link _cuid2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
// @__NO_SIDE_EFFECTS__
function _cuid(Class, params) {
    return new Class({
        type: "string",
        format: "cuid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cuid2(Class, params) {
    return new Class({
        type: "string",
        format: "cuid2",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ulid(Class, params) {
    return new Class({
        type: "string",
        format: "ulid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _xid(Class, params) {
    return new Class({
        type: "string",
        format: "xid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ksuid(Class, params) {
    return new Class({
        type: "string",
        format: "ksuid",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ipv4(Class, params) {
    return new Class({
        type: "string",
        format: "ipv4",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ipv6(Class, params) {
    return new Class({
        type: "string",
        format: "ipv6",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _mac(Class, params) {
    return new Class({
        type: "string",
        format: "mac",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cidrv4(Class, params) {
    return new Class({
        type: "string",
        format: "cidrv4",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cidrv6(Class, params) {
    return new Class({
        type: "string",
        format: "cidrv6",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _base64(Class, params) {
    return new Class({
        type: "string",
        format: "base64",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _base64url(Class, params) {
    return new Class({
        type: "string",
        format: "base64url",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _e164(Class, params) {
    return new Class({
        type: "string",
        format: "e164",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _creditCard(Class, params) {
    return new Class({
        type: "string",
        format: "credit_card",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _iban(Class, params) {
    return new Class({
        type: "string",
        format: "iban",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _jwt(Class, params) {
    return new Class({
        type: "string",
        format: "jwt",
        check: "string_format",
        abort: false,
        ...normalizeParams(params),
    });
}
const TimePrecision = {
    Any: null,
    Minute: -1,
    Second: 0,
    Millisecond: 3,
    Microsecond: 6,
};
// @__NO_SIDE_EFFECTS__
function _isoDateTime(Class, params) {
    return new Class({
        type: "string",
        format: "datetime",
        check: "string_format",
        offset: false,
        local: false,
        precision: null,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoDate(Class, params) {
    return new Class({
        type: "string",
        format: "date",
        check: "string_format",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoTime(Class, params) {
    return new Class({
        type: "string",
        format: "time",
        check: "string_format",
        precision: null,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoDuration(Class, params) {
    return new Class({
        type: "string",
        format: "duration",
        check: "string_format",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _number(Class, params) {
    return new Class(snapshotChecks({ type: "number", checks: [], ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _coercedNumber(Class, params) {
    return new Class(snapshotChecks({ type: "number", coerce: true, checks: [], ...util.normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _int(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "safeint",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _float32(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "float32",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _float64(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "float64",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _int32(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "int32",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uint32(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "uint32",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _boolean(Class, params) {
    return new Class({
        type: "boolean",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _coercedBoolean(Class, params) {
    return new Class({
        type: "boolean",
        coerce: true,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _bigint(Class, params) {
    return new Class({
        type: "bigint",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _coercedBigint(Class, params) {
    return new Class({
        type: "bigint",
        coerce: true,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _int64(Class, params) {
    return new Class({
        type: "bigint",
        check: "bigint_format",
        abort: false,
        format: "int64",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uint64(Class, params) {
    return new Class({
        type: "bigint",
        check: "bigint_format",
        abort: false,
        format: "uint64",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _symbol(Class, params) {
    return new Class({
        type: "symbol",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function api_undefined(Class, params) {
    return new Class({
        type: "undefined",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function api_null(Class, params) {
    return new Class({
        type: "null",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _any(Class) {
    return new Class({
        type: "any",
    });
}
// @__NO_SIDE_EFFECTS__
function _unknown(Class) {
    return new Class({
        type: "unknown",
    });
}
// @__NO_SIDE_EFFECTS__
function _never(Class, params) {
    return new Class({
        type: "never",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _void(Class, params) {
    return new Class({
        type: "void",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _date(Class, params) {
    return new Class({
        type: "date",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _coercedDate(Class, params) {
    return new Class({
        type: "date",
        coerce: true,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _nan(Class, params) {
    return new Class({
        type: "nan",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _lt(value, params) {
    return new $ZodCheckLessThan({
        check: "less_than",
        ...normalizeParams(params),
        value,
        inclusive: false,
    });
}
// @__NO_SIDE_EFFECTS__
function _lte(value, params) {
    return new $ZodCheckLessThan({
        check: "less_than",
        ...normalizeParams(params),
        value,
        inclusive: true,
    });
}

// @__NO_SIDE_EFFECTS__
function _gt(value, params) {
    return new $ZodCheckGreaterThan({
        check: "greater_than",
        ...normalizeParams(params),
        value,
        inclusive: false,
    });
}
// @__NO_SIDE_EFFECTS__
function _gte(value, params) {
    return new $ZodCheckGreaterThan({
        check: "greater_than",
        ...normalizeParams(params),
        value,
        inclusive: true,
    });
}

// @__NO_SIDE_EFFECTS__
function _positive(params) {
    return _gt(0, params);
}
// negative
// @__NO_SIDE_EFFECTS__
function _negative(params) {
    return _lt(0, params);
}
// nonpositive
// @__NO_SIDE_EFFECTS__
function _nonpositive(params) {
    return _lte(0, params);
}
// nonnegative
// @__NO_SIDE_EFFECTS__
function _nonnegative(params) {
    return _gte(0, params);
}
// @__NO_SIDE_EFFECTS__
function _multipleOf(value, params) {
    return new $ZodCheckMultipleOf({
        check: "multiple_of",
        ...normalizeParams(params),
        value,
    });
}
// @__NO_SIDE_EFFECTS__
function _maxSize(maximum, params) {
    return new checks.$ZodCheckMaxSize({
        check: "max_size",
        ...util.normalizeParams(params),
        maximum,
    });
}
// @__NO_SIDE_EFFECTS__
function _minSize(minimum, params) {
    return new checks.$ZodCheckMinSize({
        check: "min_size",
        ...util.normalizeParams(params),
        minimum,
    });
}
// @__NO_SIDE_EFFECTS__
function _size(size, params) {
    return new checks.$ZodCheckSizeEquals({
        check: "size_equals",
        ...util.normalizeParams(params),
        size,
    });
}
// @__NO_SIDE_EFFECTS__
function _maxLength(maximum, params) {
    const ch = new $ZodCheckMaxLength({
        check: "max_length",
        ...normalizeParams(params),
        maximum,
    });
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _minLength(minimum, params) {
    return new $ZodCheckMinLength({
        check: "min_length",
        ...normalizeParams(params),
        minimum,
    });
}
// @__NO_SIDE_EFFECTS__
function _length(length, params) {
    return new $ZodCheckLengthEquals({
        check: "length_equals",
        ...normalizeParams(params),
        length,
    });
}
// @__NO_SIDE_EFFECTS__
function _regex(pattern, params) {
    return new $ZodCheckRegex({
        check: "string_format",
        format: "regex",
        ...normalizeParams(params),
        pattern,
    });
}
// @__NO_SIDE_EFFECTS__
function _lowercase(params) {
    return new $ZodCheckLowerCase({
        check: "string_format",
        format: "lowercase",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uppercase(params) {
    return new $ZodCheckUpperCase({
        check: "string_format",
        format: "uppercase",
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _includes(includes, params) {
    return new $ZodCheckIncludes({
        check: "string_format",
        format: "includes",
        ...normalizeParams(params),
        includes,
    });
}
// @__NO_SIDE_EFFECTS__
function _startsWith(prefix, params) {
    return new $ZodCheckStartsWith({
        check: "string_format",
        format: "starts_with",
        ...normalizeParams(params),
        prefix,
    });
}
// @__NO_SIDE_EFFECTS__
function _endsWith(suffix, params) {
    return new $ZodCheckEndsWith({
        check: "string_format",
        format: "ends_with",
        ...normalizeParams(params),
        suffix,
    });
}
// @__NO_SIDE_EFFECTS__
function _property(property, schema, params) {
    return new checks.$ZodCheckProperty({
        check: "property",
        property,
        schema,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _properties(shape, params) {
    return new $ZodCheckProperties({
        check: "properties",
        shape,
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _mime(types, params) {
    return new checks.$ZodCheckMimeType({
        check: "mime_type",
        mime: types,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _overwrite(tx) {
    return new $ZodCheckOverwrite({
        check: "overwrite",
        tx,
    });
}
// normalize
// @__NO_SIDE_EFFECTS__
function _normalize(form) {
    return _overwrite((input) => input.normalize(form));
}
// trim
// @__NO_SIDE_EFFECTS__
function _trim() {
    return _overwrite((input) => input.trim());
}
// toLowerCase
// @__NO_SIDE_EFFECTS__
function _toLowerCase() {
    return _overwrite((input) => input.toLowerCase());
}
// toUpperCase
// @__NO_SIDE_EFFECTS__
function _toUpperCase() {
    return _overwrite((input) => input.toUpperCase());
}
// slugify
// @__NO_SIDE_EFFECTS__
function _slugify() {
    return _overwrite((input) => slugify(input));
}
// @__NO_SIDE_EFFECTS__
function _array(Class, element, params) {
    return new Class({
        type: "array",
        element,
        // get element() {
        //   return element;
        // },
        ...normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _union(Class, options, params) {
    return new Class({
        type: "union",
        options,
        ...util.normalizeParams(params),
    });
}
function _xor(Class, options, params) {
    return new Class({
        type: "union",
        options,
        inclusive: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _discriminatedUnion(Class, discriminator, options, params) {
    return new Class({
        type: "union",
        options: options,
        discriminator,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _intersection(Class, left, right) {
    return new Class({
        type: "intersection",
        left,
        right,
    });
}
// export function _tuple(
//   Class: util.SchemaClass<schemas.$ZodTuple>,
//   items: [],
//   params?: string | $ZodTupleParams
// ): schemas.$ZodTuple<[], null>;
// @__NO_SIDE_EFFECTS__
function _tuple(Class, items, _paramsOrRest, _params) {
    const hasRest = _paramsOrRest instanceof schemas.$ZodType;
    const params = hasRest ? _params : _paramsOrRest;
    const rest = hasRest ? _paramsOrRest : null;
    return new Class({
        type: "tuple",
        items,
        rest,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _record(Class, keyType, valueType, params) {
    return new Class({
        type: "record",
        keyType,
        valueType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _map(Class, keyType, valueType, params) {
    return new Class({
        type: "map",
        keyType,
        valueType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _set(Class, valueType, params) {
    return new Class({
        type: "set",
        valueType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _enum(Class, values, params) {
    const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
    // if (Array.isArray(values)) {
    //   for (const value of values) {
    //     entries[value] = value;
    //   }
    // } else {
    //   Object.assign(entries, values);
    // }
    // const entries: util.EnumLike = {};
    // for (const val of values) {
    //   entries[val] = val;
    // }
    return new Class({
        type: "enum",
        entries,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
/** @deprecated This API has been merged into `z.enum()`. Use `z.enum()` instead.
 *
 * ```ts
 * enum Colors { red, green, blue }
 * z.enum(Colors);
 * ```
 */
function _nativeEnum(Class, entries, params) {
    return new Class({
        type: "enum",
        entries,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _literal(Class, value, params) {
    return new Class({
        type: "literal",
        values: Array.isArray(value) ? value : [value],
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _file(Class, params) {
    return new Class({
        type: "file",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _transform(Class, fn) {
    return new Class({
        type: "transform",
        transform: fn,
    });
}
// @__NO_SIDE_EFFECTS__
function _optional(Class, innerType) {
    return new Class({
        type: "optional",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _nullable(Class, innerType) {
    return new Class({
        type: "nullable",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _default(Class, innerType, defaultValue) {
    return new Class({
        type: "default",
        innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : util.shallowClone(defaultValue);
        },
    });
}
// @__NO_SIDE_EFFECTS__
function _nonoptional(Class, innerType, params) {
    return new Class({
        type: "nonoptional",
        innerType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _success(Class, innerType) {
    return new Class({
        type: "success",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _catch(Class, innerType, catchValue) {
    return new Class({
        type: "catch",
        innerType,
        catchValue: (typeof catchValue === "function" ? catchValue : util.constantCatch(catchValue)),
    });
}
// @__NO_SIDE_EFFECTS__
function _pipe(Class, in_, out) {
    return new Class({
        type: "pipe",
        in: in_,
        out,
    });
}
// @__NO_SIDE_EFFECTS__
function _readonly(Class, innerType) {
    return new Class({
        type: "readonly",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _templateLiteral(Class, parts, params) {
    return new Class({
        type: "template_literal",
        parts,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _lazy(Class, getter) {
    return new Class({
        type: "lazy",
        getter,
    });
}
// @__NO_SIDE_EFFECTS__
function _promise(Class, innerType) {
    return new Class({
        type: "promise",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _custom(Class, fn, _params) {
    const norm = normalizeParams(_params);
    norm.abort ?? (norm.abort = true); // default to abort:false
    const schema = new Class({
        type: "custom",
        check: "custom",
        fn: fn,
        ...norm,
    });
    return schema;
}
// same as _custom but defaults to abort:false
// @__NO_SIDE_EFFECTS__
function _refine(Class, fn, _params) {
    const schema = new Class({
        type: "custom",
        check: "custom",
        fn: fn,
        ...normalizeParams(_params),
    });
    return schema;
}
// @__NO_SIDE_EFFECTS__
function _superRefine(fn, params) {
    const ch = _check((payload) => {
        payload.addIssue = (issue) => {
            if (typeof issue === "string") {
                payload.issues.push(util_issue(issue, payload.value, ch._zod.def));
            }
            else {
                // for Zod 3 backwards compatibility
                const _issue = issue;
                if (_issue.fatal)
                    _issue.continue = false;
                _issue.code ?? (_issue.code = "custom");
                if (!("input" in _issue))
                    _issue.input = payload.value;
                _issue.inst ?? (_issue.inst = ch);
                _issue.continue ?? (_issue.continue = !ch._zod.def.abort); // abort is always undefined, so this is always true...
                payload.issues.push(util_issue(_issue));
            }
        };
        return fn(payload.value, payload);
    }, params);
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _check(fn, params) {
    const ch = new $ZodCheck({
        check: "custom",
        ...normalizeParams(params),
    });
    ch._zod.check = fn;
    return ch;
}
// @__NO_SIDE_EFFECTS__
function describe(description) {
    const ch = new $ZodCheck({ check: "describe" });
    ch._zod.onattach = [
        (inst) => {
            const existing = globalRegistry.get(inst) ?? {};
            globalRegistry.add(inst, { ...existing, description });
        },
    ];
    ch._zod.check = () => { }; // no-op check
    return ch;
}
// @__NO_SIDE_EFFECTS__
function meta(metadata) {
    const ch = new $ZodCheck({ check: "meta" });
    ch._zod.onattach = [
        (inst) => {
            const existing = globalRegistry.get(inst) ?? {};
            globalRegistry.add(inst, { ...existing, ...metadata });
        },
    ];
    ch._zod.check = () => { }; // no-op check
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _stringbool(Classes, _params) {
    const params = util.normalizeParams(_params);
    let truthyArray = params.truthy ?? ["true", "1", "yes", "on", "y", "enabled"];
    let falsyArray = params.falsy ?? ["false", "0", "no", "off", "n", "disabled"];
    if (params.case !== "sensitive") {
        truthyArray = truthyArray.map((v) => (typeof v === "string" ? v.toLowerCase() : v));
        falsyArray = falsyArray.map((v) => (typeof v === "string" ? v.toLowerCase() : v));
    }
    const truthySet = new Set(truthyArray);
    const falsySet = new Set(falsyArray);
    const _Codec = Classes.Codec ?? schemas.$ZodCodec;
    const _Boolean = Classes.Boolean ?? schemas.$ZodBoolean;
    const _String = Classes.String ?? schemas.$ZodString;
    const stringSchema = new _String({ type: "string", error: params.error });
    const booleanSchema = new _Boolean({ type: "boolean", error: params.error });
    const codec = new _Codec({
        type: "pipe",
        in: stringSchema,
        out: booleanSchema,
        transform: ((input, payload) => {
            let data = input;
            if (params.case !== "sensitive")
                data = data.toLowerCase();
            if (truthySet.has(data)) {
                return true;
            }
            else if (falsySet.has(data)) {
                return false;
            }
            else {
                payload.issues.push({
                    code: "invalid_value",
                    expected: "stringbool",
                    values: [...truthySet, ...falsySet],
                    input: payload.value,
                    inst: codec,
                    continue: false,
                });
                return {};
            }
        }),
        reverseTransform: ((input, _payload) => {
            if (input === true) {
                return truthyArray[0] || "true";
            }
            else {
                return falsyArray[0] || "false";
            }
        }),
        error: params.error,
    });
    codec._zod.bag.truthy = truthyArray;
    codec._zod.bag.falsy = falsyArray;
    codec._zod.bag.case = params.case ?? "insensitive";
    return codec;
}
// @__NO_SIDE_EFFECTS__
function _stringFormat(Class, format, fnOrRegex, _params = {}) {
    const params = util.normalizeParams(_params);
    const def = {
        check: "string_format",
        type: "string",
        format,
        fn: typeof fnOrRegex === "function" ? fnOrRegex : (val) => fnOrRegex.test(val),
        ...params,
    };
    if (fnOrRegex instanceof RegExp) {
        def.pattern = fnOrRegex;
    }
    const inst = new Class(def);
    return inst;
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/to-json-schema.js


function assignProps(target, ...sources) {
    for (const source of sources) {
        for (const key of Reflect.ownKeys(source)) {
            if (Object.prototype.propertyIsEnumerable.call(source, key)) {
                util_assignProp(target, key, source[key]);
            }
        }
    }
    return target;
}
// function initializeContext<T extends schemas.$ZodType>(inputs: JSONSchemaGeneratorParams<T>): ToJSONSchemaContext<T> {
//   return {
//     processor: inputs.processor,
//     metadataRegistry: inputs.metadata ?? globalRegistry,
//     target: inputs.target ?? "draft-2020-12",
//     unrepresentable: inputs.unrepresentable ?? "throw",
//   };
// }
function to_json_schema_initializeContext(params) {
    // Normalize target: convert old non-hyphenated versions to hyphenated versions
    let target = params?.target ?? "draft-2020-12";
    if (target === "draft-4")
        target = "draft-04";
    if (target === "draft-7")
        target = "draft-07";
    return {
        processors: params.processors ?? {},
        metadataRegistry: params?.metadata ?? globalRegistry,
        target,
        unrepresentable: params?.unrepresentable ?? "throw",
        override: params?.override ?? (() => { }),
        io: params?.io ?? "output",
        counter: 0,
        seen: new Map(),
        sharedDefsExtractedFor: undefined,
        sharedEmitDoneFor: undefined,
        cycles: params?.cycles ?? "ref",
        reused: params?.reused ?? "inline",
        intersections: [],
        deferred: [],
        external: params?.external ?? undefined,
    };
}
/**
 * Applies the `unrepresentable` setting at a site that has no JSON Schema equivalent. Throws
 * `message` unless the setting (or the handler's return value) says otherwise. Returns `true` if a
 * custom JSON Schema was written into `json`, in which case the caller must not write its own.
 */
function handleUnrepresentable(schema, ctx, json, params, message) {
    const result = typeof ctx.unrepresentable === "function"
        ? ctx.unrepresentable({ zodSchema: schema, path: params.path, message })
        : ctx.unrepresentable;
    if (result === "any")
        return false;
    if (result === undefined || result === "throw")
        throw new Error(message);
    Object.assign(json, result);
    return true;
}
// never rename this back to `process`: bundler polyfills inject a top-level `const process` that a lexical declaration of the same name collides with (#6397)
function to_json_schema_processSchema(schema, ctx, _params = { path: [], schemaPath: [] }) {
    var _a;
    const def = schema._zod.def;
    // check for schema in seens
    const seen = ctx.seen.get(schema);
    if (seen) {
        seen.count++;
        // check if cycle
        const isCycle = _params.schemaPath.includes(schema);
        if (isCycle) {
            seen.cycle = _params.path;
        }
        return seen.schema;
    }
    // initialize
    const result = { schema: {}, count: 1, cycle: undefined, path: _params.path };
    ctx.seen.set(schema, result);
    ctx.sharedDefsExtractedFor = undefined;
    ctx.sharedEmitDoneFor = undefined;
    // custom method overrides default behavior
    const overrideSchema = schema._zod.toJSONSchema?.();
    if (overrideSchema) {
        result.schema = overrideSchema;
    }
    else {
        const params = {
            ..._params,
            schemaPath: [..._params.schemaPath, schema],
            path: _params.path,
        };
        if (schema._zod.processJSONSchema) {
            schema._zod.processJSONSchema(ctx, result.schema, params);
        }
        else {
            const _json = result.schema;
            const processor = ctx.processors[def.type];
            if (!processor) {
                throw new Error(`[toJSONSchema]: Non-representable type encountered: ${def.type}`);
            }
            processor(schema, ctx, _json, params);
        }
        const parent = schema._zod.parent;
        if (parent) {
            // Also set ref if processor didn't (for inheritance)
            if (!result.ref)
                result.ref = parent;
            to_json_schema_processSchema(parent, ctx, params);
            ctx.seen.get(parent).isParent = true;
        }
    }
    // metadata
    const meta = ctx.metadataRegistry.get(schema);
    if (meta)
        assignProps(result.schema, meta);
    if (ctx.io === "input" && isTransforming(schema)) {
        // examples/defaults only apply to output type of pipe
        delete result.schema.examples;
        delete result.schema.default;
    }
    // set prefault as default
    if (ctx.io === "input" && "_prefault" in result.schema)
        (_a = result.schema).default ?? (_a.default = result.schema._prefault);
    delete result.schema._prefault;
    // pulling fresh from ctx.seen in case it was overwritten
    const _result = ctx.seen.get(schema);
    return _result.schema;
}
/** @deprecated Renamed to `processSchema`. An export alias declares no binding, so it is safe to keep. */

// Escape a reference token for use in a JSON Pointer fragment (RFC 6901): `~` becomes `~0` and `/` becomes `~1`. The `~` replacement must run first.
function encodeJSONPointerSegment(segment) {
    return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
function to_json_schema_extractDefs(ctx, schema
// params: EmitParams
) {
    // iterate over seen map;
    const root = ctx.seen.get(schema);
    if (!root)
        throw new Error("Unprocessed schema. This is a bug in Zod.");
    // With `external` set, every registered schema resolves through the external branch of `makeURI`, so the root branch below produces the same ref the external branch would — this pass is identical whichever schema it is called with, and only needs to run once.
    if (ctx.external && ctx.sharedDefsExtractedFor === ctx.external)
        return;
    // Track ids to detect duplicates across different schemas
    const idToSchema = new Map();
    for (const entry of ctx.seen.entries()) {
        const id = ctx.metadataRegistry.get(entry[0])?.id;
        if (id) {
            const existing = idToSchema.get(id);
            if (existing && existing !== entry[0]) {
                throw new Error(`Duplicate schema id "${id}" detected during JSON Schema conversion. Two different schemas cannot share the same id when converted together.`);
            }
            idToSchema.set(id, entry[0]);
        }
    }
    // returns a ref to the schema defId will be empty if the ref points to an external schema (or #)
    const makeURI = (entry) => {
        // comparing the seen objects because sometimes multiple schemas map to the same seen object. e.g. lazy
        // external is configured
        const defsSegment = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
        if (ctx.external) {
            const externalId = ctx.external.registry.get(entry[0])?.id; // ?? "__shared";// `__schema${ctx.counter++}`;
            // check if schema is in the external registry
            const uriGenerator = ctx.external.uri ?? ((id) => id);
            if (externalId) {
                return { ref: uriGenerator(externalId) };
            }
            // otherwise, add to __shared
            const id = entry[1].defId ?? entry[1].schema.id ?? `schema${ctx.counter++}`;
            entry[1].defId = id; // set defId so it will be reused if needed
            return { defId: id, ref: `${uriGenerator("__shared")}#/${defsSegment}/${encodeJSONPointerSegment(id)}` };
        }
        const uriPrefix = `#`;
        const defUriPrefix = `${uriPrefix}/${defsSegment}/`;
        // an id-less root has nowhere to be extracted to, so it stays inline and self-references as `#`
        if (entry[1] === root && !entry[1].schema.id) {
            return { ref: uriPrefix };
        }
        // self-contained schema
        const defId = entry[1].schema.id ?? `__schema${ctx.counter++}`;
        return { defId, ref: defUriPrefix + encodeJSONPointerSegment(defId) };
    };
    // stored cached version in `def` property remove all properties, set $ref
    const extractToDef = (entry) => {
        // if the schema is already a reference, do not extract it
        if (entry[1].schema.$ref) {
            return;
        }
        const seen = entry[1];
        const { ref, defId } = makeURI(entry);
        seen.def = { ...seen.schema };
        // defId won't be set if the schema is a reference to an external schema or if the schema is the root schema
        if (defId)
            seen.defId = defId;
        // wipe away all properties except $ref
        const schema = seen.schema;
        for (const key in schema) {
            delete schema[key];
        }
        schema.$ref = ref;
    };
    // throw on cycles
    // break cycles
    if (ctx.cycles === "throw") {
        for (const entry of ctx.seen.entries()) {
            const seen = entry[1];
            if (seen.cycle) {
                throw new Error("Cycle detected: " +
                    `#/${seen.cycle?.join("/")}/<root>` +
                    '\n\nSet the `cycles` parameter to `"ref"` to resolve cyclical schemas with defs.');
            }
        }
    }
    // extract schemas into $defs
    for (const entry of ctx.seen.entries()) {
        const seen = entry[1];
        // convert root schema to # $ref
        if (schema === entry[0]) {
            extractToDef(entry); // this has special handling for the root schema
            continue;
        }
        // extract schemas that are in the external registry
        if (ctx.external) {
            const ext = ctx.external.registry.get(entry[0])?.id;
            if (schema !== entry[0] && ext) {
                extractToDef(entry);
                continue;
            }
        }
        // extract schemas with `id` meta
        const id = ctx.metadataRegistry.get(entry[0])?.id;
        if (id) {
            extractToDef(entry);
            continue;
        }
        // break cycles
        if (seen.cycle) {
            // any
            extractToDef(entry);
            continue;
        }
        // extract reused schemas
        if (seen.count > 1) {
            if (ctx.reused === "ref") {
                extractToDef(entry);
            }
        }
    }
    if (ctx.external)
        ctx.sharedDefsExtractedFor = ctx.external;
}
/** Rewrites `anyOf: [{type: "a"}, {type: "b"}]` to `type: ["a", "b"]`, which every JSON Schema draft treats as equivalent and most consumers render far better for the nullable case. Only branches that are a bare type assertion qualify — anything carrying a constraint, `$ref`, `const` or metadata is left alone. Runs after `flattenRef`, so a branch an override decorated or `$defs` extraction turned into a `$ref` is no longer bare and correctly stays in `anyOf`. `oneOf` is excluded: `integer` and `number` overlap, so "exactly one" and "at least one" are not the same there. OpenAPI 3.0 is excluded: its `type` must be a single string. */
function compactTypeUnion(schema) {
    const options = schema.anyOf;
    if (!Array.isArray(options) || options.length === 0 || schema.type !== undefined)
        return;
    const types = [];
    for (const option of options) {
        if (!option || typeof option !== "object")
            return;
        // A branch that is itself a compactible union folds into this one — nested `anyOf` and a flat `type` array say the same thing. Compacting it first also makes the result independent of the order this pass walks the seen map in.
        compactTypeUnion(option);
        const keys = Object.keys(option);
        if (keys.length !== 1 || keys[0] !== "type")
            return;
        const type = option.type;
        for (const member of Array.isArray(type) ? type : [type]) {
            if (typeof member !== "string")
                return;
            if (!types.includes(member))
                types.push(member);
        }
    }
    delete schema.anyOf;
    // A `type` array must be non-empty and unique (metaschema); a single member is spelled as a bare string.
    schema.type = types.length === 1 ? types[0] : types;
}
/** Keywords `foldIntersection` knows how to combine. Anything else — `$ref`, `patternProperties`,
 * an annotation like `description` — makes a member unfoldable, so a constraint this does not
 * understand leaves the `allOf` alone instead of being silently dropped or misattributed. */
const FOLDABLE_KEYS = new Set(["type", "properties", "required", "additionalProperties"]);
const UNION_KEYS = ["oneOf", "anyOf"];
/** A member's constraint on a key it does not declare itself. A `catchall` states one; `false`, an absent `additionalProperties`, and the empty schema a loose object emits state nothing. */
function undeclaredConstraint(member) {
    const extra = member.additionalProperties;
    if (extra === undefined || extra === false || typeof extra !== "object" || extra === null)
        return null;
    return Object.keys(extra).length ? extra : null;
}
/** Combines object members into the single object they describe together, or returns `null` if any of them carries a keyword outside {@link FOLDABLE_KEYS}. */
function foldObjects(members) {
    const objects = [];
    for (const member of members) {
        // A boolean subschema is legal JSON Schema and carries no keywords to fold.
        if (typeof member !== "object" || member.type !== "object")
            return null;
        for (const key in member) {
            if (!FOLDABLE_KEYS.has(key))
                return null;
        }
        objects.push(member);
    }
    const properties = {};
    const required = new Set();
    for (const object of objects) {
        for (const key in object.properties) {
            // `in` would report a `__proto__` key as already present via the prototype chain and skip it.
            if (Object.prototype.hasOwnProperty.call(properties, key))
                continue;
            // Every member constrains this key: the ones that declare it say how, and a `catchall` member constrains it too even though it does not name it. The key has to satisfy all of them, which is the same intersection one level down.
            const parts = [];
            for (const other of objects) {
                const part = other.properties?.[key] ?? undeclaredConstraint(other);
                if (part === null || part === undefined)
                    continue;
                if (!parts.some((seen) => JSON.stringify(seen) === JSON.stringify(part)))
                    parts.push(part);
            }
            const merged = parts.length === 1
                ? parts[0]
                : (foldObjects(parts) ?? { allOf: parts });
            util_assignProp(properties, key, merged);
        }
        for (const key of object.required ?? [])
            required.add(key);
    }
    const folded = { type: "object", properties };
    if (required.size)
        folded.required = [...required];
    // A key no member declares is rejected only when every member rejects it, so the fold is closed only when every member is. Otherwise it carries whatever the `catchall` members demand of such a key.
    if (objects.every((object) => object.additionalProperties === false)) {
        folded.additionalProperties = false;
    }
    else {
        const constraints = [];
        for (const object of objects) {
            const constraint = undeclaredConstraint(object);
            if (constraint && !constraints.some((seen) => JSON.stringify(seen) === JSON.stringify(constraint)))
                constraints.push(constraint);
        }
        if (constraints.length === 1)
            folded.additionalProperties = constraints[0];
        else if (constraints.length > 1)
            folded.additionalProperties = { allOf: constraints };
    }
    return folded;
}
/** `additionalProperties` in an `allOf` member sees only that member's own `properties`, so two
 * closed object members reject each other's keys and the schema validates nothing. Zod's parser
 * pools the key sets instead — `handleIntersectionResults` reports a key as unrecognized only when
 * *every* side rejects it — so the emitted schema has to pool them too, and folding the members
 * into one object is the encoding that says so on every target.
 *
 * This runs from `finalize`, after `extractDefs`, which is what keeps it clear of the `$ref`
 * machinery: a member extracted into `$defs` is already a `$ref` by now and declines to fold, so it
 * keeps its reference and its own closedness rather than being inlined as a stale copy. */
function foldIntersection(json) {
    const allOf = json.allOf;
    if (!Array.isArray(allOf) || allOf.length < 2)
        return;
    // An `override` runs before this pass and may have written object keywords onto the intersection itself. Those are deliberate, so decline rather than overwrite them.
    for (const key of FOLDABLE_KEYS)
        if (key in json)
            return;
    // An intersection distributes over a union: `A & (X | Y)` is `(A & X) | (A & Y)`. Only the first union is distributed over; a second one stays among the members every branch folds against, where it fails the object check and declines the whole intersection rather than multiplying out.
    const unions = allOf.filter((m) => UNION_KEYS.some((k) => Array.isArray(m[k])));
    let folded = null;
    if (!unions.length) {
        folded = foldObjects(allOf);
    }
    else {
        const union = unions[0];
        const keyword = UNION_KEYS.find((k) => Array.isArray(union[k]));
        if (Object.keys(union).length !== 1)
            return;
        const rest = allOf.filter((m) => m !== union);
        const branches = union[keyword].map((branch) => foldObjects([...rest, branch]));
        if (branches.some((b) => !b))
            return;
        folded = { [keyword]: branches };
    }
    if (!folded)
        return;
    delete json.allOf;
    assignProps(json, folded);
}
function to_json_schema_finalize(ctx, schema) {
    const root = ctx.seen.get(schema);
    if (!root)
        throw new Error("Unprocessed schema. This is a bug in Zod.");
    // flatten refs - inherit properties from parent schemas
    const flattenRef = (zodSchema) => {
        const seen = ctx.seen.get(zodSchema);
        // already processed
        if (seen.ref === null)
            return;
        const schema = seen.def ?? seen.schema;
        const _cached = { ...schema };
        const ref = seen.ref;
        seen.ref = null; // prevent infinite recursion
        if (ref) {
            flattenRef(ref);
            const refSeen = ctx.seen.get(ref);
            const refSchema = refSeen.schema;
            // merge referenced schema into current
            if (refSchema.$ref && (ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0")) {
                // older drafts can't combine $ref with other properties
                schema.allOf = schema.allOf ?? [];
                schema.allOf.push(refSchema);
            }
            else {
                assignProps(schema, refSchema);
            }
            // restore child's own properties (child wins)
            assignProps(schema, _cached);
            const isParentRef = zodSchema._zod.parent === ref;
            // For parent chain, child is a refinement - remove parent-only properties
            if (isParentRef) {
                for (const key in schema) {
                    if (key === "$ref" || key === "allOf")
                        continue;
                    if (!(key in _cached)) {
                        delete schema[key];
                    }
                }
            }
            // When ref was extracted to $defs, remove properties that match the definition
            if (refSchema.$ref && refSeen.def) {
                for (const key in schema) {
                    if (key === "$ref" || key === "allOf")
                        continue;
                    if (key in refSeen.def && JSON.stringify(schema[key]) === JSON.stringify(refSeen.def[key])) {
                        delete schema[key];
                    }
                }
            }
        }
        // If parent was extracted (has $ref), propagate $ref to this schema. This handles cases like: readonly().meta({id}).describe() where processor sets ref to innerType but parent should be referenced
        const parent = zodSchema._zod.parent;
        if (parent && parent !== ref) {
            // Ensure parent is processed first so its def has inherited properties
            flattenRef(parent);
            const parentSeen = ctx.seen.get(parent);
            if (parentSeen?.schema.$ref) {
                schema.$ref = parentSeen.schema.$ref;
                // De-duplicate with parent's definition
                if (parentSeen.def) {
                    for (const key in schema) {
                        if (key === "$ref" || key === "allOf")
                            continue;
                        if (key in parentSeen.def && JSON.stringify(schema[key]) === JSON.stringify(parentSeen.def[key])) {
                            delete schema[key];
                        }
                    }
                }
            }
        }
        // execute overrides
        ctx.override({
            zodSchema: zodSchema,
            jsonSchema: schema,
            path: seen.path ?? [],
        });
    };
    // Flattening walks the whole map and clears each `ref` as it goes, so a second call over the same map is a no-op scan. Skip it outright once it has run for a registry conversion.
    if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
        for (const entry of [...ctx.seen.entries()].reverse()) {
            flattenRef(entry[0]);
        }
        if (ctx.target !== "openapi-3.0") {
            for (const entry of ctx.seen.entries()) {
                compactTypeUnion(entry[1].def ?? entry[1].schema);
            }
        }
        for (const rewrite of ctx.deferred)
            rewrite();
        // After flattening, every member that was extracted is a `$ref`, so the fold sees the final shape. A schema that inherits an intersection — through `z.lazy`, or any `ref` chain — holds the same `allOf` array, so fold by array identity to catch every copy.
        if (ctx.intersections.length) {
            const carriers = new Map();
            for (const seen of ctx.seen.values()) {
                for (const json of [seen.schema, seen.def]) {
                    const allOf = json?.allOf;
                    if (!Array.isArray(allOf))
                        continue;
                    const existing = carriers.get(allOf);
                    if (existing)
                        existing.push(json);
                    else
                        carriers.set(allOf, [json]);
                }
            }
            for (const allOf of ctx.intersections) {
                for (const json of carriers.get(allOf) ?? [])
                    foldIntersection(json);
            }
        }
    }
    const result = {};
    if (ctx.target === "draft-2020-12") {
        result.$schema = "https://json-schema.org/draft/2020-12/schema";
    }
    else if (ctx.target === "draft-07") {
        result.$schema = "http://json-schema.org/draft-07/schema#";
    }
    else if (ctx.target === "draft-04") {
        result.$schema = "http://json-schema.org/draft-04/schema#";
    }
    else if (ctx.target === "openapi-3.0") {
        // OpenAPI 3.0 schema objects should not include a $schema property
    }
    else {
        // Arbitrary string values are allowed but won't have a $schema property set
    }
    if (ctx.external?.uri) {
        const id = ctx.external.registry.get(schema)?.id;
        if (!id)
            throw new Error("Schema is missing an `id` property");
        result.$id = ctx.external.uri(id);
    }
    // when the root was extracted into $defs, `root.schema` is the `$ref` wrapper and `root.def` is the body that now lives under $defs
    assignProps(result, root.defId ? root.schema : (root.def ?? root.schema));
    // The `id` in `.meta()` is a Zod-specific registration tag used to extract schemas into $defs — it is not user-facing JSON Schema metadata. Strip it from the output body where it would otherwise leak. The id is preserved implicitly via the $defs key (and via $ref paths).
    const rootMetaId = ctx.metadataRegistry.get(schema)?.id;
    if (rootMetaId !== undefined && result.id === rootMetaId)
        delete result.id;
    // build defs object. With `external`, `defs` is the shared object every schema writes into, so the same entries are reassigned on every call. Without it, `defs` is fresh per call and must be rebuilt.
    const defs = ctx.external?.defs ?? {};
    if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
        for (const entry of ctx.seen.entries()) {
            const seen = entry[1];
            if (seen.def && seen.defId) {
                if (seen.def.id === seen.defId)
                    delete seen.def.id;
                util_assignProp(defs, seen.defId, seen.def);
            }
        }
    }
    if (ctx.external)
        ctx.sharedEmitDoneFor = ctx.external;
    // set definitions in result
    if (ctx.external) {
    }
    else {
        if (Object.keys(defs).length > 0) {
            if (ctx.target === "draft-2020-12") {
                result.$defs = defs;
            }
            else {
                result.definitions = defs;
            }
        }
    }
    try {
        // this "finalizes" this schema and ensures all cycles are removed each call to finalize() is functionally independent though the seen map is shared
        const finalized = JSON.parse(JSON.stringify(result));
        Object.defineProperty(finalized, "~standard", {
            value: {
                ...schema["~standard"],
                jsonSchema: {
                    input: createStandardJSONSchemaMethod(schema, "input", ctx.processors),
                    output: createStandardJSONSchemaMethod(schema, "output", ctx.processors),
                },
            },
            enumerable: false,
            writable: false,
        });
        return finalized;
    }
    catch (_err) {
        throw new Error("Error converting schema to JSON.");
    }
}
function isTransforming(_schema, _ctx) {
    const ctx = _ctx ?? { seen: new Set() };
    if (ctx.seen.has(_schema))
        return false;
    ctx.seen.add(_schema);
    const def = _schema._zod.def;
    if (def.type === "transform")
        return true;
    if (def.type === "array")
        return isTransforming(def.element, ctx);
    if (def.type === "set")
        return isTransforming(def.valueType, ctx);
    if (def.type === "lazy")
        return isTransforming(def.getter(), ctx);
    if (def.type === "promise" ||
        def.type === "optional" ||
        def.type === "nonoptional" ||
        def.type === "nullable" ||
        def.type === "readonly" ||
        def.type === "default" ||
        def.type === "prefault" ||
        def.type === "catch") {
        return isTransforming(def.innerType, ctx);
    }
    if (def.type === "intersection") {
        return isTransforming(def.left, ctx) || isTransforming(def.right, ctx);
    }
    if (def.type === "record" || def.type === "map") {
        return isTransforming(def.keyType, ctx) || isTransforming(def.valueType, ctx);
    }
    if (def.type === "pipe") {
        if (_schema._zod.traits.has("$ZodCodec"))
            return true;
        return isTransforming(def.in, ctx) || isTransforming(def.out, ctx);
    }
    if (def.type === "object") {
        for (const key in def.shape) {
            if (isTransforming(def.shape[key], ctx))
                return true;
        }
        return false;
    }
    if (def.type === "union") {
        for (const option of def.options) {
            if (isTransforming(option, ctx))
                return true;
        }
        return false;
    }
    if (def.type === "tuple") {
        for (const item of def.items) {
            if (isTransforming(item, ctx))
                return true;
        }
        if (def.rest && isTransforming(def.rest, ctx))
            return true;
        return false;
    }
    return false;
}
/**
 * Creates a toJSONSchema method for a schema instance.
 * This encapsulates the logic of initializing context, processing, extracting defs, and finalizing.
 */
const createToJSONSchemaMethod = (schema, processors = {}) => (params) => {
    const ctx = to_json_schema_initializeContext({ ...params, processors });
    to_json_schema_processSchema(schema, ctx);
    to_json_schema_extractDefs(ctx, schema);
    return to_json_schema_finalize(ctx, schema);
};
const createStandardJSONSchemaMethod = (schema, io, processors = {}) => (params) => {
    const { libraryOptions, target } = params ?? {};
    const ctx = to_json_schema_initializeContext({ ...(libraryOptions ?? {}), target, io, processors });
    to_json_schema_processSchema(schema, ctx);
    to_json_schema_extractDefs(ctx, schema);
    return to_json_schema_finalize(ctx, schema);
};

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/json-schema-processors.js




const narrowMin = (agg, key, value) => {
    if (agg[key] === undefined || value > agg[key])
        agg[key] = value;
};
const narrowMax = (agg, key, value) => {
    if (agg[key] === undefined || value < agg[key])
        agg[key] = value;
};
const narrowBoth = (agg, value) => {
    narrowMin(agg, "minimum", value);
    narrowMax(agg, "maximum", value);
};
const addDivisor = (agg, value) => {
    agg.multipleOf ?? (agg.multipleOf = []);
    if (!agg.multipleOf.includes(value))
        agg.multipleOf.push(value);
};
const addPattern = (agg, pattern) => {
    agg.patterns ?? (agg.patterns = new Set());
    agg.patterns.add(pattern);
};
const intersectMime = (agg, mime) => {
    agg.mime = agg.mime ? agg.mime.filter((m) => mime.includes(m)) : [...mime];
};
// last-wins, matching the bag's historical write order; the flag keeps an integer format from being lost to a later float one
const setFormat = (agg, format) => {
    agg.format = format;
    if (format.includes("int"))
        agg.isInt = true;
};
const minContributor = (agg, def) => narrowMin(agg, "minimum", def.minimum);
const maxContributor = (agg, def) => narrowMax(agg, "maximum", def.maximum);
const formatContributor = (ranges) => (agg, def) => {
    setFormat(agg, def.format);
    const [minimum, maximum] = ranges[def.format];
    narrowMin(agg, "minimum", minimum);
    narrowMax(agg, "maximum", maximum);
};
const contributors = {
    greater_than: (agg, def) => narrowMin(agg, def.inclusive ? "minimum" : "exclusiveMinimum", def.value),
    less_than: (agg, def) => narrowMax(agg, def.inclusive ? "maximum" : "exclusiveMaximum", def.value),
    multiple_of: (agg, def) => addDivisor(agg, def.value),
    number_format: formatContributor(NUMBER_FORMAT_RANGES),
    bigint_format: formatContributor(BIGINT_FORMAT_RANGES),
    min_length: minContributor,
    max_length: maxContributor,
    length_equals: (agg, def) => narrowBoth(agg, def.length),
    min_size: minContributor,
    max_size: maxContributor,
    size_equals: (agg, def) => narrowBoth(agg, def.size),
    string_format: (agg, def) => {
        setFormat(agg, def.format);
        if (def.pattern)
            addPattern(agg, def.pattern);
        if (def.format === "base64" || def.format === "base64url")
            agg.contentEncoding = def.format;
        if (def.local || def.precision === -1)
            agg.laxFormat = true;
    },
    mime_type: (agg, def) => intersectMime(agg, def.mime),
};
function aggregateChecks(schema) {
    const agg = {};
    const def = schema._zod.def;
    // a format schema is its own first check, same rule as $ZodType init
    const list = schema._zod.traits.has("$ZodCheck")
        ? [schema, ...(def.checks ?? [])]
        : (def.checks ?? []);
    for (const ch of list)
        contributors[ch._zod.def.check]?.(agg, ch._zod.def);
    // reconcile with the bag so third-party onattach contributions still land; first-party residue is never tighter than the fold, so merging it back is idempotent for one and additive for the other
    const bag = schema._zod.bag;
    if (bag.minimum !== undefined)
        narrowMin(agg, "minimum", bag.minimum);
    if (bag.exclusiveMinimum !== undefined)
        narrowMin(agg, "exclusiveMinimum", bag.exclusiveMinimum);
    if (bag.maximum !== undefined)
        narrowMax(agg, "maximum", bag.maximum);
    if (bag.exclusiveMaximum !== undefined)
        narrowMax(agg, "exclusiveMaximum", bag.exclusiveMaximum);
    if (bag.multipleOf !== undefined)
        addDivisor(agg, bag.multipleOf);
    if (bag.format !== undefined) {
        agg.format ?? (agg.format = bag.format);
        if (bag.format.includes("int"))
            agg.isInt = true;
    }
    if (bag.mime)
        intersectMime(agg, bag.mime);
    for (const pattern of bag.patterns ?? [])
        addPattern(agg, pattern);
    return agg;
}
const formatMap = {
    guid: "uuid",
    url: "uri",
    datetime: "date-time",
    json_string: "json-string",
    regex: "", // do not set
};
// ==================== SIMPLE TYPE PROCESSORS ====================
// the runtime patterns are lax so parse paths never overflow the regex stack; the emitted schema swaps in the exact block forms, which zod itself never executes
const exactPatterns = new Map([
    [base64Charset, base64],
    [base64urlCharset, base64url],
]);
const exactPattern = (p) => exactPatterns.get(p) ?? p;
const stringProcessor = (schema, ctx, _json, _params) => {
    const json = _json;
    json.type = "string";
    const { minimum, maximum, format, patterns, contentEncoding, laxFormat } = aggregateChecks(schema);
    if (typeof minimum === "number")
        json.minLength = minimum;
    if (typeof maximum === "number")
        json.maxLength = maximum;
    // custom pattern overrides format
    if (format) {
        json.format = formatMap[format] ?? format;
        if (json.format === "")
            delete json.format; // empty format is not valid
        // `z.iso.time()` is never full-time, and `laxFormat` carries the datetime shapes that also accept what their keyword forbids
        if (format === "time" || laxFormat) {
            delete json.format;
        }
    }
    if (contentEncoding)
        json.contentEncoding = contentEncoding;
    if (patterns && patterns.size > 0) {
        const patternList = [...patterns].map(exactPattern);
        if (patternList.length === 1)
            json.pattern = patternList[0].source;
        else if (patternList.length > 1) {
            json.allOf = [
                ...patternList.map((regex) => ({
                    ...(ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0"
                        ? { type: "string" }
                        : {}),
                    pattern: regex.source,
                })),
            ];
        }
    }
};
const numberProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const { minimum, maximum, multipleOf, exclusiveMaximum, exclusiveMinimum, isInt } = aggregateChecks(schema);
    json.type = isInt ? "integer" : "number";
    // when both minimum and exclusiveMinimum exist, pick the more restrictive one
    const exMin = typeof exclusiveMinimum === "number" && exclusiveMinimum >= (minimum ?? Number.NEGATIVE_INFINITY);
    const exMax = typeof exclusiveMaximum === "number" && exclusiveMaximum <= (maximum ?? Number.POSITIVE_INFINITY);
    const legacy = ctx.target === "draft-04" || ctx.target === "openapi-3.0";
    if (exMin) {
        if (legacy) {
            json.minimum = exclusiveMinimum;
            json.exclusiveMinimum = true;
        }
        else {
            json.exclusiveMinimum = exclusiveMinimum;
        }
    }
    else if (typeof minimum === "number") {
        json.minimum = minimum;
    }
    if (exMax) {
        if (legacy) {
            json.maximum = exclusiveMaximum;
            json.exclusiveMaximum = true;
        }
        else {
            json.exclusiveMaximum = exclusiveMaximum;
        }
    }
    else if (typeof maximum === "number") {
        json.maximum = maximum;
    }
    if (multipleOf) {
        // JSON Schema requires a divisor strictly greater than zero, and a non-finite one does not survive JSON at all. A negative divisor accepts exactly what its absolute value accepts, so it still maps; zero, NaN and Infinity have no keyword form.
        const divisors = new Set();
        for (const divisor of multipleOf) {
            if (Number.isFinite(divisor) && divisor !== 0)
                divisors.add(Math.abs(divisor));
            else
                handleUnrepresentable(schema, ctx, json, params, `A multipleOf divisor of ${divisor} cannot be represented in JSON Schema`);
        }
        // chained divisors are a conjunction the keyword cannot carry alone, so extras ride an allOf, same as stacked patterns
        const [first, ...rest] = divisors;
        if (first !== undefined)
            json.multipleOf = first;
        if (rest.length)
            json.allOf = [...(json.allOf ?? []), ...rest.map((m) => ({ multipleOf: m }))];
    }
};
const booleanProcessor = (_schema, _ctx, json, _params) => {
    json.type = "boolean";
};
const bigintProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "BigInt cannot be represented in JSON Schema");
};
const symbolProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Symbols cannot be represented in JSON Schema");
};
const nullProcessor = (_schema, ctx, json, _params) => {
    if (ctx.target === "openapi-3.0") {
        json.type = "string";
        json.nullable = true;
        json.enum = [null];
    }
    else {
        json.type = "null";
    }
};
const undefinedProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Undefined cannot be represented in JSON Schema");
};
const voidProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Void cannot be represented in JSON Schema");
};
const neverProcessor = (_schema, _ctx, json, _params) => {
    json.not = {};
};
const anyProcessor = (_schema, _ctx, _json, _params) => {
    // empty schema accepts anything
};
const unknownProcessor = (_schema, _ctx, _json, _params) => {
    // empty schema accepts anything
};
const dateProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Date cannot be represented in JSON Schema");
};
const enumProcessor = (schema, _ctx, json, _params) => {
    const def = schema._zod.def;
    const values = getEnumValues(def.entries);
    // an empty enum accepts nothing, same as z.never()
    if (values.length === 0) {
        json.not = {};
        return;
    }
    // Number enums can have both string and number values
    if (values.every((v) => typeof v === "number"))
        json.type = "number";
    if (values.every((v) => typeof v === "string"))
        json.type = "string";
    json.enum = values;
};
const literalProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    // a literal with no values accepts nothing, same as z.never()
    if (def.values.length === 0) {
        json.not = {};
        return;
    }
    const vals = [];
    for (const val of def.values) {
        if (val === undefined) {
            // a custom schema replaces the whole literal, so there is nothing left to accumulate
            if (handleUnrepresentable(schema, ctx, json, params, "Literal `undefined` cannot be represented in JSON Schema"))
                return;
            // otherwise do not add to vals
        }
        else if (typeof val === "bigint") {
            if (handleUnrepresentable(schema, ctx, json, params, "BigInt literals cannot be represented in JSON Schema"))
                return;
            vals.push(Number(val));
        }
        else {
            vals.push(val);
        }
    }
    if (vals.length === 0) {
        // do nothing (an undefined literal was stripped)
    }
    else if (vals.length === 1) {
        const val = vals[0];
        json.type = val === null ? "null" : typeof val;
        if (ctx.target === "draft-04" || ctx.target === "openapi-3.0") {
            json.enum = [val];
        }
        else {
            json.const = val;
        }
    }
    else {
        if (vals.every((v) => typeof v === "number"))
            json.type = "number";
        if (vals.every((v) => typeof v === "string"))
            json.type = "string";
        if (vals.every((v) => typeof v === "boolean"))
            json.type = "boolean";
        if (vals.every((v) => v === null))
            json.type = "null";
        json.enum = vals;
    }
};
const nanProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "NaN cannot be represented in JSON Schema");
};
const templateLiteralProcessor = (schema, _ctx, json, _params) => {
    const _json = json;
    const pattern = schema._zod.pattern;
    if (!pattern)
        throw new Error("Pattern not found in template literal");
    _json.type = "string";
    _json.pattern = pattern.source;
};
const fileProcessor = (schema, _ctx, json, _params) => {
    const _json = json;
    _json.type = "string";
    _json.format = "binary";
    _json.contentEncoding = "binary";
    const { minimum, maximum, mime } = aggregateChecks(schema);
    if (minimum !== undefined)
        _json.minLength = minimum;
    if (maximum !== undefined)
        _json.maxLength = maximum;
    if (!mime)
        return;
    // an empty intersection means the mime checks share no value, so nothing passes at runtime; `anyOf` must be non-empty, so the false schema is `not: {}`
    if (mime.length === 0)
        _json.not = {};
    else if (mime.length === 1)
        _json.contentMediaType = mime[0];
    // only contentMediaType differs, so the shared props stay at the root
    else
        _json.anyOf = mime.map((m) => ({ contentMediaType: m }));
};
const successProcessor = (_schema, _ctx, json, _params) => {
    json.type = "boolean";
};
const customProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Custom types cannot be represented in JSON Schema");
};
const functionProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Function types cannot be represented in JSON Schema");
};
const transformProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Transforms cannot be represented in JSON Schema");
};
const mapProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Map cannot be represented in JSON Schema");
};
const setProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Set cannot be represented in JSON Schema");
};
// ==================== COMPOSITE TYPE PROCESSORS ====================
const arrayProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    const { minimum, maximum } = aggregateChecks(schema);
    if (typeof minimum === "number")
        json.minItems = minimum;
    if (typeof maximum === "number")
        json.maxItems = maximum;
    json.type = "array";
    json.items = to_json_schema_processSchema(def.element, ctx, {
        ...params,
        path: [...params.path, "items"],
    });
};
// Transform and catch set `optin = "optional"` at runtime so the parser lets them observe an
// absent key, but their declared input type stays required. An input JSON Schema describes the
// declared type, so resolve past them to the schema that actually carries the optionality.
// Used by both `objectProcessor` (for `required`) and `tupleProcessor` (for `minItems`); see
// wiki/optionality.md, "The JSON Schema emitter reads the *static* value".
function inputOptin(schema) {
    const def = schema._zod.def;
    if (def.type === "pipe" && def.in._zod.traits.has("$ZodTransform")) {
        return inputOptin(def.out);
    }
    if (def.type === "catch") {
        return inputOptin(def.innerType);
    }
    return schema._zod.optin;
}
const objectProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    const shape = def.shape;
    // dropping it while still emitting `additionalProperties: false` would emit a schema that rejects data this one requires
    const symbolKeys = Object.getOwnPropertySymbols(shape);
    if (symbolKeys.length &&
        handleUnrepresentable(schema, ctx, json, params, "Symbol keys cannot be represented in JSON Schema")) {
        return;
    }
    json.type = "object";
    json.properties = {};
    for (const key in shape) {
        // assignProp so a __proto__ key becomes an own property instead of hitting the inherited setter on the plain {} we build into
        util_assignProp(json.properties, key, to_json_schema_processSchema(shape[key], ctx, {
            ...params,
            path: [...params.path, "properties", key],
        }));
    }
    // required keys
    const requiredKeys = [];
    for (const key of Object.keys(shape)) {
        const field = def.shape[key];
        if (ctx.io === "input" ? inputOptin(field) === undefined : field._zod.optout === undefined) {
            requiredKeys.push(key);
        }
    }
    if (requiredKeys.length > 0) {
        json.required = requiredKeys;
    }
    // catchall
    if (def.catchall?._zod.def.type === "never") {
        // strict
        json.additionalProperties = false;
    }
    else if (!def.catchall) {
        // regular
        if (ctx.io === "output")
            json.additionalProperties = false;
    }
    else if (def.catchall) {
        json.additionalProperties = to_json_schema_processSchema(def.catchall, ctx, {
            ...params,
            path: [...params.path, "additionalProperties"],
        });
    }
};
const unionProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    // Exclusive unions (inclusive === false) use oneOf (exactly one match) instead of anyOf (one or more matches). This includes both z.xor() and discriminated unions
    const isExclusive = def.inclusive === false;
    const options = def.options.map((x, i) => to_json_schema_processSchema(x, ctx, {
        ...params,
        path: [...params.path, isExclusive ? "oneOf" : "anyOf", i],
    }));
    if (isExclusive) {
        json.oneOf = options;
    }
    else {
        json.anyOf = options;
    }
};
const intersectionProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    const a = to_json_schema_processSchema(def.left, ctx, {
        ...params,
        path: [...params.path, "allOf", 0],
    });
    const b = to_json_schema_processSchema(def.right, ctx, {
        ...params,
        path: [...params.path, "allOf", 1],
    });
    const isSimpleIntersection = (val) => "allOf" in val && Object.keys(val).length === 1;
    const allOf = [
        ...(isSimpleIntersection(a) ? a.allOf : [a]),
        ...(isSimpleIntersection(b) ? b.allOf : [b]),
    ];
    json.allOf = allOf;
    // Recorded innermost first, so a nested intersection has already folded by the time this one is considered. The array is the handle rather than the schema, because a wrapper that inherits this schema shares the same array; `finalize` folds every object holding it. See `foldIntersection`.
    ctx.intersections.push(allOf);
};
const tupleProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    json.type = "array";
    const prefixPath = ctx.target === "draft-2020-12" ? "prefixItems" : "items";
    const restPath = ctx.target === "draft-2020-12" ? "items" : ctx.target === "openapi-3.0" ? "items" : "additionalItems";
    const prefixItems = def.items.map((x, i) => to_json_schema_processSchema(x, ctx, {
        ...params,
        path: [...params.path, prefixPath, i],
    }));
    const rest = def.rest
        ? to_json_schema_processSchema(def.rest, ctx, {
            ...params,
            path: [...params.path, restPath, ...(ctx.target === "openapi-3.0" ? [def.items.length] : [])],
        })
        : null;
    let minItems = def.items.length;
    while (minItems > 0) {
        const item = def.items[minItems - 1];
        const optional = ctx.io === "input" ? inputOptin(item) !== undefined : item._zod.optout === "optional";
        if (!optional)
            break;
        minItems--;
    }
    const maxItems = def.items.length;
    const isClosed = !def.rest;
    if (ctx.target === "draft-2020-12") {
        json.prefixItems = prefixItems;
        if (isClosed) {
            json.items = false;
        }
        else if (rest) {
            json.items = rest;
        }
        if (minItems > 0)
            json.minItems = minItems;
        if (isClosed)
            json.maxItems = maxItems;
    }
    else if (ctx.target === "openapi-3.0") {
        json.items = {
            anyOf: prefixItems,
        };
        if (rest) {
            json.items.anyOf.push(rest);
        }
        if (minItems > 0)
            json.minItems = minItems;
        if (isClosed)
            json.maxItems = maxItems;
    }
    else {
        json.items = prefixItems;
        if (isClosed) {
            json.additionalItems = false;
        }
        else if (rest) {
            json.additionalItems = rest;
        }
        if (minItems > 0)
            json.minItems = minItems;
        if (isClosed)
            json.maxItems = maxItems;
    }
    // explicit user-defined length checks take precedence
    const { minimum, maximum } = aggregateChecks(schema);
    if (typeof minimum === "number")
        json.minItems = minimum;
    if (typeof maximum === "number")
        json.maxItems = maximum;
};
/** JSON object keys are always strings, so a numeric record key schema is re-expressed over the
 * numeric-string form the record parser matches. Deferred to `finalize`, after the flatten: a key
 * behind a wrapper only carries its own `type` before then, and a union key only has its branches.
 *
 * A numeric bound cannot apply to a property name, so `minimum` and its siblings are dropped rather
 * than carried over: keeping them beside `type: "string"` reproduces the match-nothing schema this
 * exists to fix. A key that carries one therefore emits wider than the record parses — `z.record(z.number().min(5), V)`
 * accepts `"3"` — which is the deliberate trade, since throwing on it would reject an ordinary schema
 * outright. */
function stringifyKeyNames(bySchema, json, visited) {
    // an extracted key that rewrites cannot go on sharing its definition — the string form a key position needs is not the number form every other reference wants — so it inlines. One that does not rewrite keeps the `$ref`.
    if (json.$ref) {
        // a recursive key holds its own reference inside its definition, so a node already on the path is left alone rather than resolved again
        if (visited.has(json))
            return json;
        visited.add(json);
        const def = bySchema.get(json)?.def;
        if (!def)
            return json;
        const inlined = stringifyKeyNames(bySchema, def, visited);
        return inlined === def ? json : inlined;
    }
    for (const keyword of ["anyOf", "oneOf"]) {
        const branches = json[keyword];
        if (!Array.isArray(branches))
            continue;
        const mapped = branches.map((branch) => stringifyKeyNames(bySchema, branch, visited));
        // rebuilding regardless would detach a key that had nothing to re-express, dropping its `$ref` and leaking the internal `id`
        if (mapped.some((branch, i) => branch !== branches[i]))
            json = { ...json, [keyword]: mapped };
    }
    // a member that already admits a string leaves the key unconstrained, so the node's own type re-expresses only when every member is numeric
    const types = Array.isArray(json.type) ? json.type : [json.type];
    const numericType = !types.includes("string") && types.some((t) => t === "number" || t === "integer");
    // a heterogeneous key carries no type at all, so its numeric members are caught here instead
    const values = json.enum ?? (json.const !== undefined ? [json.const] : undefined);
    if (!numericType && !values?.some((v) => typeof v === "number"))
        return json;
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, format, id, ...rest } = json;
    if (rest.enum)
        rest.enum = rest.enum.map((v) => (typeof v === "number" ? String(v) : v));
    else if (typeof rest.const === "number")
        rest.const = String(rest.const);
    // a heterogeneous key keeps its absent type: the stringified members already say what a key may be
    if (!numericType)
        return rest;
    rest.type = "string";
    if (!values)
        rest.pattern = (types.includes("number") ? number : integer).source;
    return rest;
}
/** Every record of one conversion, so the carriers are found in a single pass rather than once per record. */
const pendingRecords = new WeakMap();
function rewriteKeyNames(ctx) {
    // an extracted key is resolved by the object `extractToDef` left in its place, so the map is built once rather than searched per reference. `_zod.toJSONSchema` can hand the same object to two schemas, so the first entry carrying a body wins, as a search would have found it.
    const bySchema = new Map();
    for (const entry of ctx.seen.values()) {
        if (entry.def && !bySchema.has(entry.schema))
            bySchema.set(entry.schema, entry);
    }
    const rewrites = new Map();
    for (const record of pendingRecords.get(ctx) ?? []) {
        const seen = ctx.seen.get(record);
        const names = (seen?.def ?? seen?.schema)?.propertyNames;
        if (!names || names === true || rewrites.has(names))
            continue;
        const rewritten = stringifyKeyNames(bySchema, names, new Set());
        if (rewritten !== names)
            rewrites.set(names, rewritten);
    }
    if (!rewrites.size)
        return;
    // the flatten has already copied each record's own properties onto every wrapper by reference, and an extracted body is another such copy, so every carrier holding a rewritten key is updated together
    for (const entry of ctx.seen.values()) {
        for (const carrier of [entry.schema, entry.def]) {
            const rewritten = carrier && rewrites.get(carrier.propertyNames);
            if (rewritten)
                carrier.propertyNames = rewritten;
        }
    }
}
const recordProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    json.type = "object";
    // For looseRecord with regex patterns, use patternProperties. This correctly represents "only validate keys matching the pattern" semantics and composes well with allOf (intersections)
    const keyType = def.keyType;
    const patterns = aggregateChecks(keyType).patterns;
    if (def.mode === "loose" && patterns && patterns.size > 0) {
        // Use patternProperties for looseRecord with regex patterns
        const valueSchema = to_json_schema_processSchema(def.valueType, ctx, {
            ...params,
            path: [...params.path, "patternProperties", "*"],
        });
        json.patternProperties = {};
        for (const pattern of patterns) {
            util_assignProp(json.patternProperties, exactPattern(pattern).source, valueSchema);
        }
    }
    else {
        // Default behavior: use propertyNames + additionalProperties
        if (ctx.target === "draft-07" || ctx.target === "draft-2020-12") {
            json.propertyNames = to_json_schema_processSchema(def.keyType, ctx, {
                ...params,
                path: [...params.path, "propertyNames"],
            });
            let pending = pendingRecords.get(ctx);
            if (!pending) {
                pending = [];
                pendingRecords.set(ctx, pending);
                ctx.deferred.push(() => rewriteKeyNames(ctx));
            }
            pending.push(schema);
        }
        json.additionalProperties = to_json_schema_processSchema(def.valueType, ctx, {
            ...params,
            path: [...params.path, "additionalProperties"],
        });
    }
    // Add required for keys with discrete values (enum, literal, etc.)
    const keyValues = keyType._zod.values;
    // Every key shares one value schema, so an optional-in value makes the whole key set omittable on input. Output keeps them: the exhaustive branch assigns every key, even one whose value came back undefined.
    const omittableOnInput = ctx.io === "input" && inputOptin(def.valueType) !== undefined;
    if (keyValues && !def.partial && !omittableOnInput) {
        const validKeyValues = [...keyValues].filter((v) => typeof v === "string" || typeof v === "number");
        if (validKeyValues.length > 0) {
            json.required = validKeyValues.map(String);
        }
    }
};
const nullableProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    const inner = to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    if (ctx.target === "openapi-3.0") {
        seen.ref = def.innerType;
        json.nullable = true;
    }
    else {
        json.anyOf = [inner, { type: "null" }];
    }
};
const nonoptionalProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
};
/** Round-trips a default value through JSON so the emitted schema is guaranteed to be valid JSON.
 * A BigInt has no reliable encoding, so it goes through `unrepresentable` like any other
 * unrepresentable value. Returns a sentinel when the caller must not write a default of its own. */
const UNREPRESENTABLE_DEFAULT = Symbol();
function serializeDefaultValue(value, schema, ctx, json, params) {
    let unrepresentable = false;
    const serialized = JSON.stringify(value, (_, val) => {
        if (typeof val !== "bigint")
            return val;
        unrepresentable = true;
        return null;
    });
    if (!unrepresentable)
        return JSON.parse(serialized);
    handleUnrepresentable(schema, ctx, json, params, "BigInt defaults cannot be represented in JSON Schema");
    return UNREPRESENTABLE_DEFAULT;
}
const defaultProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
    if (value !== UNREPRESENTABLE_DEFAULT)
        json.default = value;
};
const prefaultProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    if (ctx.io !== "input")
        return;
    const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
    if (value !== UNREPRESENTABLE_DEFAULT)
        json._prefault = value;
};
const catchProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    let catchValue;
    try {
        catchValue = def.catchValue(undefined);
    }
    catch {
        handleUnrepresentable(schema, ctx, json, params, "Dynamic catch values are not supported in JSON Schema");
        return;
    }
    json.default = catchValue;
};
const pipeProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    const inIsTransform = def.in._zod.traits.has("$ZodTransform");
    const innerType = ctx.io === "input" ? (inIsTransform ? def.out : def.in) : def.out;
    to_json_schema_processSchema(innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = innerType;
};
const readonlyProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    json.readOnly = true;
};
const promiseProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
};
const optionalProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
};
const lazyProcessor = (schema, ctx, _json, params) => {
    const innerType = schema._zod.innerType;
    to_json_schema_processSchema(innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = innerType;
};
// ==================== ALL PROCESSORS ====================
const allProcessors = {
    string: stringProcessor,
    number: numberProcessor,
    boolean: booleanProcessor,
    bigint: bigintProcessor,
    symbol: symbolProcessor,
    null: nullProcessor,
    undefined: undefinedProcessor,
    void: voidProcessor,
    never: neverProcessor,
    any: anyProcessor,
    unknown: unknownProcessor,
    date: dateProcessor,
    enum: enumProcessor,
    literal: literalProcessor,
    nan: nanProcessor,
    template_literal: templateLiteralProcessor,
    file: fileProcessor,
    success: successProcessor,
    custom: customProcessor,
    function: functionProcessor,
    transform: transformProcessor,
    map: mapProcessor,
    set: setProcessor,
    array: arrayProcessor,
    object: objectProcessor,
    union: unionProcessor,
    intersection: intersectionProcessor,
    tuple: tupleProcessor,
    record: recordProcessor,
    nullable: nullableProcessor,
    nonoptional: nonoptionalProcessor,
    default: defaultProcessor,
    prefault: prefaultProcessor,
    catch: catchProcessor,
    pipe: pipeProcessor,
    readonly: readonlyProcessor,
    promise: promiseProcessor,
    optional: optionalProcessor,
    lazy: lazyProcessor,
};
function toJSONSchema(input, params) {
    if ("_idmap" in input) {
        // Registry case
        const registry = input;
        const ctx = initializeContext({ ...params, processors: allProcessors });
        const defs = {};
        // First pass: process all schemas to build the seen map
        for (const entry of registry._idmap.entries()) {
            const [_, schema] = entry;
            processSchema(schema, ctx);
        }
        const schemas = {};
        const external = {
            registry,
            uri: params?.uri,
            defs,
        };
        // Update the context with external configuration
        ctx.external = external;
        // Second pass: emit each schema
        for (const entry of registry._idmap.entries()) {
            const [key, schema] = entry;
            extractDefs(ctx, schema);
            assignProp(schemas, key, finalize(ctx, schema));
        }
        if (Object.keys(defs).length > 0) {
            const defsSegment = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
            schemas.__shared = {
                [defsSegment]: defs,
            };
        }
        return { schemas };
    }
    // Single schema case
    const ctx = initializeContext({ ...params, processors: allProcessors });
    processSchema(input, ctx);
    extractDefs(ctx, input);
    return finalize(ctx, input);
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/locales/en.js

const error = () => {
    const Sizable = {
        string: { unit: "characters", verb: "to have" },
        file: { unit: "bytes", verb: "to have" },
        array: { unit: "items", verb: "to have" },
        set: { unit: "items", verb: "to have" },
        map: { unit: "entries", verb: "to have" },
    };
    function getSizing(origin) {
        return Sizable[origin] ?? null;
    }
    const FormatDictionary = {
        regex: "input",
        email: "email address",
        url: "URL",
        emoji: "emoji",
        uuid: "UUID",
        uuidv4: "UUIDv4",
        uuidv6: "UUIDv6",
        nanoid: "nanoid",
        guid: "GUID",
        cuid: "cuid",
        cuid2: "cuid2",
        ulid: "ULID",
        xid: "XID",
        ksuid: "KSUID",
        datetime: "ISO datetime",
        date: "ISO date",
        time: "ISO time",
        duration: "ISO duration",
        ipv4: "IPv4 address",
        ipv6: "IPv6 address",
        mac: "MAC address",
        cidrv4: "IPv4 range",
        cidrv6: "IPv6 range",
        base64: "base64-encoded string",
        base64url: "base64url-encoded string",
        json_string: "JSON string",
        e164: "E.164 number",
        currency_code: "currency code",
        credit_card: "credit card number",
        iban: "IBAN",
        jwt: "JWT",
        template_literal: "input",
    };
    // type names: missing keys = do not translate (use raw value via ?? fallback)
    const TypeDictionary = {
        // Compatibility: "nan" -> "NaN" for display
        nan: "NaN",
        // All other type names omitted - they fall back to raw values via ?? operator
    };
    function getTypeName(type, input) {
        if (type === "number" && typeof input === "number" && !Number.isFinite(input)) {
            return String(input);
        }
        return TypeDictionary[type] ?? type;
    }
    return (issue) => {
        switch (issue.code) {
            case "invalid_type": {
                const expected = getTypeName(issue.expected);
                const receivedType = parsedType(issue.input);
                const received = getTypeName(receivedType, issue.input);
                return `Invalid input: expected ${expected}, received ${received}`;
            }
            case "invalid_value":
                if (issue.values.length === 1)
                    return `Invalid input: expected ${stringifyPrimitive(issue.values[0])}`;
                return `Invalid option: expected one of ${joinValues(issue.values, "|")}`;
            case "too_big": {
                const adj = issue.exact ? "exactly " : issue.inclusive ? "<=" : "<";
                const sizing = getSizing(issue.origin);
                if (sizing)
                    return `Too big: expected ${issue.origin ?? "value"} to have ${adj}${issue.maximum.toString()} ${sizing.unit ?? "elements"}`;
                return `Too big: expected ${issue.origin ?? "value"} to be ${adj}${issue.maximum.toString()}`;
            }
            case "too_small": {
                const adj = issue.exact ? "exactly " : issue.inclusive ? ">=" : ">";
                const sizing = getSizing(issue.origin);
                if (sizing) {
                    return `Too small: expected ${issue.origin} to have ${adj}${issue.minimum.toString()} ${sizing.unit}`;
                }
                return `Too small: expected ${issue.origin} to be ${adj}${issue.minimum.toString()}`;
            }
            case "invalid_format": {
                const _issue = issue;
                if (_issue.format === "starts_with") {
                    return `Invalid string: must start with "${_issue.prefix}"`;
                }
                if (_issue.format === "ends_with")
                    return `Invalid string: must end with "${_issue.suffix}"`;
                if (_issue.format === "includes")
                    return `Invalid string: must include "${_issue.includes}"`;
                if (_issue.format === "regex")
                    return `Invalid string: must match pattern ${_issue.pattern}`;
                return `Invalid ${FormatDictionary[_issue.format] ?? issue.format}`;
            }
            case "not_multiple_of":
                return `Invalid number: must be a multiple of ${issue.divisor}`;
            case "unrecognized_keys":
                return `Unrecognized key${issue.keys.length > 1 ? "s" : ""}: ${joinValues(issue.keys, ", ")}`;
            case "invalid_key":
                return `Invalid key in ${issue.origin}`;
            case "invalid_union":
                if (issue.options && Array.isArray(issue.options) && issue.options.length > 0) {
                    const opts = issue.options.map((o) => `'${o}'`).join(" | ");
                    return `Invalid discriminator value. Expected ${opts}`;
                }
                if (issue.inclusive === false) {
                    return "Invalid input: more than one option matched";
                }
                return "Invalid input";
            case "invalid_element":
                return `Invalid value in ${issue.origin}`;
            default:
                return `Invalid input`;
        }
    };
};
/* harmony default export */ function en() {
    return {
        localeError: error(),
    };
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/errors.js


/* Computing the message eagerly is expensive (pretty-printed JSON of all
 * issues), so defer it until first read. The accessor functions and
 * descriptors are shared across instances to keep error construction
 * cheap; the computed message is cached on the internals object. The
 * setter preserves plain assignment semantics for consumers that
 * overwrite `message`. */
function _getMessage() {
    const internals = this._zod;
    internals.message ?? (internals.message = JSON.stringify(internals.def, jsonStringifyReplacer, 2));
    return internals.message;
}
function _setMessage(value) {
    this._zod.message = value;
}
const _messageDesc = {
    get: _getMessage,
    set: _setMessage,
    enumerable: true,
    configurable: true,
};
const _issuesDesc = { value: undefined, enumerable: false };
/* Prototypes that already carry the lazy `toString`. Seeded with the
 * intrinsics so that `init` on a foreign object — it accepts any object —
 * can never install an accessor onto a prototype we do not own. */
const _installedToString = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
const initializer = (inst, def) => {
    inst.name = "$ZodError";
    // `_zod` is already non-enumerable: $constructor's init defined it with this same descriptor
    _issuesDesc.value = def;
    Object.defineProperty(inst, "issues", _issuesDesc);
    // Clear the shared slot; a retained `value` pins the last error's issues.
    _issuesDesc.value = undefined;
    Object.defineProperty(inst, "message", _messageDesc);
    /* `toString` lives as a non-enumerable lazy getter on the shared
     * prototype; on first access it caches a per-instance closure so
     * detached usage still works. */
    const proto = Object.getPrototypeOf(inst);
    if (!_installedToString.has(proto)) {
        _installedToString.add(proto);
        Object.defineProperty(proto, "toString", {
            configurable: true,
            enumerable: false,
            get() {
                const value = () => this.message;
                Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
                return value;
            },
            set(value) {
                Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
            },
        });
    }
};
const $ZodError = $constructor("$ZodError", initializer);
const $ZodRealError = $constructor("$ZodError", initializer, undefined, {
    Parent: Error,
});
/** Get-or-create `obj[key]` as an own data property. A path segment naming an inherited member
 * ("toString", "constructor") would otherwise read through to the prototype, and assigning
 * "__proto__" would hit the setter instead of creating a key. */
function node(obj, key, make) {
    if (!Object.prototype.hasOwnProperty.call(obj, key)) {
        if (key === "__proto__") {
            Object.defineProperty(obj, key, { value: make(), writable: true, enumerable: true, configurable: true });
        }
        else {
            obj[key] = make();
        }
    }
    return obj[key];
}
function flattenError(error, mapper = (issue) => issue.message) {
    const fieldErrors = {};
    const formErrors = [];
    for (const sub of error.issues) {
        if (sub.path.length > 0) {
            node(fieldErrors, sub.path[0], () => []).push(mapper(sub));
        }
        else {
            formErrors.push(mapper(sub));
        }
    }
    return { formErrors, fieldErrors };
}
function formatError(error, mapper = (issue) => issue.message) {
    const fieldErrors = { _errors: [] };
    const processError = (error, path = []) => {
        for (const issue of error.issues) {
            if (issue.code === "invalid_union" && issue.errors.length) {
                issue.errors.map((issues) => processError({ issues }, [...path, ...issue.path]));
            }
            else if (issue.code === "invalid_key") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else if (issue.code === "invalid_element") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else {
                const fullpath = [...path, ...issue.path];
                if (fullpath.length === 0) {
                    fieldErrors._errors.push(mapper(issue));
                }
                else {
                    let curr = fieldErrors;
                    let i = 0;
                    while (i < fullpath.length) {
                        const el = fullpath[i];
                        const terminal = i === fullpath.length - 1;
                        // `_errors` is reserved by this legacy format, so merge a matching path segment into the current node instead of treating its array as a child.
                        if (el === "_errors") {
                            if (terminal)
                                curr._errors.push(mapper(issue));
                            i++;
                            continue;
                        }
                        // A path element may collide with an inherited property name such as
                        // "__proto__" or "constructor". Truthiness checks read the prototype
                        // (so no node is created, then ._errors.push throws), and bracket
                        // assignment of "__proto__" hits the setter instead of creating an
                        // own key. Guard the read with hasOwnProperty and create the node
                        // with defineProperty so any path element becomes a real own key.
                        if (!Object.prototype.hasOwnProperty.call(curr, el)) {
                            Object.defineProperty(curr, el, {
                                value: { _errors: [] },
                                enumerable: true,
                                writable: true,
                                configurable: true,
                            });
                        }
                        const node = curr[el];
                        if (terminal) {
                            node._errors.push(mapper(issue));
                        }
                        curr = node;
                        i++;
                    }
                }
            }
        }
    };
    processError(error);
    return fieldErrors;
}
function treeifyError(error, mapper = (issue) => issue.message) {
    const result = { errors: [] };
    const processError = (error, path = []) => {
        var _a;
        for (const issue of error.issues) {
            if (issue.code === "invalid_union" && issue.errors.length) {
                // regular union error
                issue.errors.map((issues) => processError({ issues }, [...path, ...issue.path]));
            }
            else if (issue.code === "invalid_key") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else if (issue.code === "invalid_element") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else {
                const fullpath = [...path, ...issue.path];
                if (fullpath.length === 0) {
                    result.errors.push(mapper(issue));
                    continue;
                }
                let curr = result;
                let i = 0;
                while (i < fullpath.length) {
                    const el = fullpath[i];
                    const terminal = i === fullpath.length - 1;
                    if (typeof el === "string") {
                        curr.properties ?? (curr.properties = {});
                        // el may collide with an inherited property name ("__proto__",
                        // "constructor", ...); ??= reads the prototype so the node is never
                        // created and curr.errors.push throws. Guard with hasOwnProperty and
                        // create the node with defineProperty so "__proto__" becomes a real
                        // own key rather than invoking the prototype setter.
                        if (!Object.prototype.hasOwnProperty.call(curr.properties, el)) {
                            Object.defineProperty(curr.properties, el, {
                                value: { errors: [] },
                                enumerable: true,
                                writable: true,
                                configurable: true,
                            });
                        }
                        curr = curr.properties[el];
                    }
                    else {
                        curr.items ?? (curr.items = []);
                        (_a = curr.items)[el] ?? (_a[el] = { errors: [] });
                        curr = curr.items[el];
                    }
                    if (terminal) {
                        curr.errors.push(mapper(issue));
                    }
                    i++;
                }
            }
        }
    };
    processError(error);
    return result;
}
/** Format a ZodError as a human-readable string in the following form.
 *
 * From
 *
 * ```ts
 * ZodError {
 *   issues: [
 *     {
 *       expected: 'string',
 *       code: 'invalid_type',
 *       path: [ 'username' ],
 *       message: 'Invalid input: expected string'
 *     },
 *     {
 *       expected: 'number',
 *       code: 'invalid_type',
 *       path: [ 'favoriteNumbers', 1 ],
 *       message: 'Invalid input: expected number'
 *     }
 *   ];
 * }
 * ```
 *
 * to
 *
 * ```
 * username
 *   ✖ Expected number, received string at "username
 * favoriteNumbers[0]
 *   ✖ Invalid input: expected number
 * ```
 */
function toDotPath(_path) {
    const segs = [];
    const path = _path.map((seg) => (typeof seg === "object" ? seg.key : seg));
    for (const seg of path) {
        if (typeof seg === "number")
            segs.push(`[${seg}]`);
        else if (typeof seg === "symbol")
            segs.push(`[${JSON.stringify(String(seg))}]`);
        else if (/[^\w$]/.test(seg))
            segs.push(`[${JSON.stringify(seg)}]`);
        else {
            if (segs.length)
                segs.push(".");
            segs.push(seg);
        }
    }
    return segs.join("");
}
function prettifyError(error) {
    const lines = [];
    // sort by path length
    const issues = [...error.issues].sort((a, b) => (a.path ?? []).length - (b.path ?? []).length);
    // Process each issue
    for (const issue of issues) {
        lines.push(`✖ ${issue.message}`);
        if (issue.path?.length)
            lines.push(`  → at ${toDotPath(issue.path)}`);
    }
    // Convert Map to formatted string
    return lines.join("\n");
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/parse.js



// Always both keys, so the `_params` read site in `_parse` sees one object shape rather than two.
function finalizeParams(callee, params) {
    return { callee: params?.callee ?? callee, Err: params?.Err };
}
const _parse = (_Err) => {
    const fn = (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
        const result = schema._zod.run({ value, issues: [] }, ctx);
        if (result instanceof Promise) {
            throw new $ZodAsyncError();
        }
        if (result.issues.length) {
            const e = new (_params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
            captureStackTrace(e, _params?.callee ?? fn);
            throw e;
        }
        return result.value;
    };
    return fn;
};
const parse_parse = /* @__PURE__*/ _parse($ZodRealError);
const _parseAsync = (_Err) => {
    const fn = async (schema, value, _ctx, params) => {
        const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
        let result = schema._zod.run({ value, issues: [] }, ctx);
        if (result instanceof Promise)
            result = await result;
        if (result.issues.length) {
            const e = new (params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
            captureStackTrace(e, params?.callee ?? fn);
            throw e;
        }
        return result.value;
    };
    return fn;
};
const parse_parseAsync = /* @__PURE__*/ _parseAsync($ZodRealError);
const _safeParse = (_Err) => (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
    const result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise) {
        throw new $ZodAsyncError();
    }
    return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
const safeParse = /* @__PURE__*/ _safeParse($ZodRealError);
// the error is built on the first read of `error`: finalizing the issues and constructing the instance is most of a failing parse, and a caller that only branches on `success` never pays it. a getter in the literal keeps this small; the alternative, one shared accessor descriptor plus a hidden state slot, reads ~15% faster but costs ~75 B gzipped in every bundle
function failure(Err, issues, ctx) {
    let error;
    return {
        success: false,
        get error() {
            if (!error) {
                error = new Err(issues.map((iss) => finalizeIssue(iss, ctx, config())));
                // finalizeIssue drops `input`, so the built error holds nothing; keeping the raw issues past this point pins the parsed value for the life of the result
                issues = undefined;
                ctx = undefined;
            }
            return error;
        },
        set error(e) {
            error = e;
            // a replacement makes the getter's branch unreachable, so the captures have to go here too
            issues = undefined;
            ctx = undefined;
        },
    };
}
const _safeParseAsync = (_Err) => async (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
        result = await result;
    return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
const safeParseAsync = /* @__PURE__*/ _safeParseAsync($ZodRealError);
// registry mirrors of the compiler's sentinels, so this module never imports the compiler
const COMPILE_INVALID = /* @__PURE__ */ Symbol.for("zod.compile.invalid");
const COMPILE_FALLBACK = /* @__PURE__ */ Symbol.for("zod.compile.fallback");
// Deliberately tiny, because v8 will not inline a body carrying the fallback's object literals and throw. Everything that is not the compiled happy path lives in validateFallback, and that split is worth ~35% on a compiled schema.
const validate = ((schema, value, _ctx) => {
    const validator = schema._zod.bag.validator;
    if (validator !== undefined) {
        if (validator(value) !== COMPILE_INVALID)
            return true;
        // a definite sentinel means the runtime would reject, so skip the re-parse; a ctx can still change the answer
        if (validator.definite === true && _ctx === undefined)
            return false;
    }
    return validateFallback(schema, value, _ctx);
});
function validateFallback(schema, value, _ctx) {
    const ctx = _ctx
        ? { ..._ctx, async: false, abortEarly: true }
        : { async: false, abortEarly: true };
    const fallbackRun = schema._zod.bag.fallbackRun;
    let result;
    if (fallbackRun) {
        // skip nested fast paths on the fallback, so user callbacks keep the at-most-twice bound
        ctx[COMPILE_FALLBACK] = true;
        result = fallbackRun({ value, issues: [] }, ctx);
    }
    else {
        result = schema._zod.run({ value, issues: [] }, ctx);
    }
    if (result instanceof Promise) {
        throw new $ZodAsyncError();
    }
    return result.issues.length === 0;
}
// no fast path: the compiler keeps async parses on the runtime, because a promise-returning callback that is not declared async compiles to a throw
const parse_validateAsync = async (schema, value, _ctx) => {
    const ctx = _ctx
        ? { ..._ctx, async: true, abortEarly: true }
        : { async: true, abortEarly: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
        result = await result;
    return result.issues.length === 0;
};
const _encode = (_Err) => {
    const parse = _parse(_Err);
    const fn = (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
        return parse(schema, value, ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const encode = /* @__PURE__*/ _encode($ZodRealError);
const _decode = (_Err) => {
    const parse = _parse(_Err);
    const fn = (schema, value, _ctx, _params) => {
        return parse(schema, value, _ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const decode = /* @__PURE__*/ _decode($ZodRealError);
const _encodeAsync = (_Err) => {
    const parseAsync = _parseAsync(_Err);
    const fn = async (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
        return (await parseAsync(schema, value, ctx, finalizeParams(fn, _params)));
    };
    return fn;
};
const encodeAsync = /* @__PURE__*/ _encodeAsync($ZodRealError);
const _decodeAsync = (_Err) => {
    const parseAsync = _parseAsync(_Err);
    const fn = async (schema, value, _ctx, _params) => {
        return await parseAsync(schema, value, _ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const decodeAsync = /* @__PURE__*/ _decodeAsync($ZodRealError);
const _safeEncode = (_Err) => (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return _safeParse(_Err)(schema, value, ctx);
};
const safeEncode = /* @__PURE__*/ _safeEncode($ZodRealError);
const _safeDecode = (_Err) => (schema, value, _ctx) => {
    return _safeParse(_Err)(schema, value, _ctx);
};
const safeDecode = /* @__PURE__*/ _safeDecode($ZodRealError);
const _safeEncodeAsync = (_Err) => async (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return _safeParseAsync(_Err)(schema, value, ctx);
};
const safeEncodeAsync = /* @__PURE__*/ _safeEncodeAsync($ZodRealError);
const _safeDecodeAsync = (_Err) => async (schema, value, _ctx) => {
    return _safeParseAsync(_Err)(schema, value, _ctx);
};
const safeDecodeAsync = /* @__PURE__*/ _safeDecodeAsync($ZodRealError);

;// CONCATENATED MODULE: ./node_modules/zod/v4/classic/errors.js



/* Prototypes that already carry the lazy helper methods. Seeded with the
 * intrinsics so that `init` on a foreign object — it accepts any object —
 * can never install an accessor onto a prototype we do not own. */
const _installedErrorProtos = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
/* Helper methods live as non-enumerable lazy getters on the shared
 * prototype instead of own properties on every instance. On first
 * access the getter allocates the per-instance closure and caches it
 * as a non-enumerable own property, so detached usage still works and
 * the allocation only happens for methods actually touched. */
function _lazyMethod(proto, key, make) {
    Object.defineProperty(proto, key, {
        configurable: true,
        enumerable: false,
        get() {
            const value = make(this);
            Object.defineProperty(this, key, { value, configurable: true, writable: true });
            return value;
        },
        set(value) {
            Object.defineProperty(this, key, { value, configurable: true, writable: true });
        },
    });
}
const errors_initializer = (inst, issues) => {
    $ZodError.init(inst, issues);
    inst.name = "ZodError";
    const proto = Object.getPrototypeOf(inst);
    if (_installedErrorProtos.has(proto))
        return;
    _installedErrorProtos.add(proto);
    _lazyMethod(proto, "format", (self) => (mapper) => formatError(self, mapper));
    _lazyMethod(proto, "flatten", (self) => (mapper) => flattenError(self, mapper));
    _lazyMethod(proto, "addIssue", (self) => (issue) => {
        self.issues.push(issue);
        self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
    });
    _lazyMethod(proto, "addIssues", (self) => (issues) => {
        self.issues.push(...issues);
        self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
    });
    Object.defineProperty(proto, "isEmpty", {
        configurable: true,
        enumerable: false,
        get() {
            return this.issues.length === 0;
        },
    });
};
const ZodError = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodError", errors_initializer)));
const ZodRealError = /*@__PURE__*/ $constructor("ZodError", errors_initializer, undefined, {
    Parent: Error,
});
// /** @deprecated Use `z.core.$ZodErrorMapCtx` instead. */
// export type ErrorMapCtx = core.$ZodErrorMapCtx;

;// CONCATENATED MODULE: ./node_modules/zod/v4/classic/parse.js


const classic_parse_parse = /* @__PURE__ */ _parse(ZodRealError);
const classic_parse_parseAsync = /* @__PURE__ */ _parseAsync(ZodRealError);
const parse_safeParse = /* @__PURE__ */ _safeParse(ZodRealError);
const parse_safeParseAsync = /* @__PURE__ */ _safeParseAsync(ZodRealError);

// Codec functions
const parse_encode = /* @__PURE__ */ _encode(ZodRealError);
const parse_decode = /* @__PURE__ */ _decode(ZodRealError);
const parse_encodeAsync = /* @__PURE__ */ _encodeAsync(ZodRealError);
const parse_decodeAsync = /* @__PURE__ */ _decodeAsync(ZodRealError);
const parse_safeEncode = /* @__PURE__ */ _safeEncode(ZodRealError);
const parse_safeDecode = /* @__PURE__ */ _safeDecode(ZodRealError);
const parse_safeEncodeAsync = /* @__PURE__ */ _safeEncodeAsync(ZodRealError);
const parse_safeDecodeAsync = /* @__PURE__ */ _safeDecodeAsync(ZodRealError);

;// CONCATENATED MODULE: ./node_modules/zod/v4/classic/schemas.js








// Register English as the default locale on first ZodType construction. Hooked into the `ZodType` `$constructor` (rather than a top-level `config(en())` in `external.ts`) so bundlers honoring `sideEffects: false` can't tree-shake it out — see #5953, #5725. An explicit `z.config(z.locales.xx())` call wins regardless of order, since this only sets the default when none is present.
function _ensureDefaultLocale() {
    if (!globalConfig.localeError)
        config(en());
}
// the default memoizer is read by the core container init, which runs before `ZodType.init`, so each container calls this first
function _ensureDefaultMemoizer() {
    if (!globalConfig.memoizer)
        config({ memoizer: memoizer() });
}
const ZodType = /*@__PURE__*/ $constructor("ZodType", (inst, def) => {
    _ensureDefaultLocale();
    $ZodType.init(inst, def);
    inst.def = def;
    inst.type = def.type;
    return inst;
}, {
    check(...chks) {
        const def = this.def;
        return this.clone(mergeDefs(def, {
            checks: [
                ...(def.checks ?? []),
                ...chks.map((ch) => typeof ch === "function" ? { _zod: { check: ch, def: { check: "custom" }, onattach: [] } } : ch),
            ],
        }), { parent: true });
    },
    with(...chks) {
        return this.check(...chks);
    },
    clone(def, params) {
        return util_clone(this, def, params);
    },
    brand() {
        return this;
    },
    register(reg, meta) {
        reg.add(this, meta);
        return this;
    },
    refine(check, params) {
        return this.check(refine(check, params));
    },
    superRefine(refinement, params) {
        return this.check(superRefine(refinement, params));
    },
    overwrite(fn) {
        return this.check(_overwrite(fn));
    },
    optional() {
        return optional(this);
    },
    exactOptional() {
        return exactOptional(this);
    },
    nullable() {
        return nullable(this);
    },
    nullish() {
        return optional(nullable(this));
    },
    nonoptional(params) {
        return nonoptional(this, params);
    },
    array() {
        return array(this);
    },
    or(arg) {
        return union([this, arg]);
    },
    and(arg) {
        return intersection(this, arg);
    },
    transform(tx) {
        return pipe(this, transform(tx));
    },
    default(d) {
        return schemas_default(this, d);
    },
    prefault(d) {
        return prefault(this, d);
    },
    catch(params) {
        return schemas_catch(this, params);
    },
    pipe(target) {
        return pipe(this, target);
    },
    readonly() {
        return readonly(this);
    },
    describe(description) {
        const cl = this.clone();
        globalRegistry.add(cl, { description });
        return cl;
    },
    meta(...args) {
        // overloaded: meta() returns the registered metadata, meta(data) returns a clone with `data` registered. The mapped type picks up the second overload, so we accept variadic any-args and return `any` to satisfy both at runtime.
        if (args.length === 0)
            return globalRegistry.get(this);
        const cl = this.clone();
        globalRegistry.add(cl, args[0]);
        return cl;
    },
    isOptional() {
        return this.safeParse(undefined).success;
    },
    isNullable() {
        return this.safeParse(null).success;
    },
    apply(fn, ...args) {
        return args.length === 0 ? fn(this) : fn(this, ...args);
    },
    // Overrides core's `~standard` to add `jsonSchema`. Must stay a prototype entry: redefining it per instance demotes instances to dictionary mode.
    get "~standard"() {
        return hide(this, "~standard", {
            ...standardProps(this),
            jsonSchema: {
                input: createStandardJSONSchemaMethod(this, "input"),
                output: createStandardJSONSchemaMethod(this, "output"),
            },
        });
    },
    set "~standard"(value) {
        own(this, "~standard", value);
    },
    parse: function _parse(data, params) {
        return classic_parse_parse(this, data, params, { callee: _parse });
    },
    parseAsync: async function _parseAsync(data, params) {
        return await classic_parse_parseAsync(this, data, params, { callee: _parseAsync });
    },
    safeParse(data, params) {
        return parse_safeParse(this, data, params);
    },
    async safeParseAsync(data, params) {
        return parse_safeParseAsync(this, data, params);
    },
    // `spa` is an alias: same function object as `safeParseAsync`, as before.
    get spa() {
        return this?.safeParseAsync;
    },
    set spa(value) {
        own(this, "spa", value);
    },
    validate(data, params) {
        return validate(this, data, params);
    },
    validateAsync(data, params) {
        return parse_validateAsync(this, data, params);
    },
    encode: function _encode(data, params) {
        return parse_encode(this, data, params, { callee: _encode });
    },
    decode: function _decode(data, params) {
        return parse_decode(this, data, params, { callee: _decode });
    },
    encodeAsync: async function _encodeAsync(data, params) {
        return await parse_encodeAsync(this, data, params, { callee: _encodeAsync });
    },
    decodeAsync: async function _decodeAsync(data, params) {
        return await parse_decodeAsync(this, data, params, { callee: _decodeAsync });
    },
    safeEncode(data, params) {
        return parse_safeEncode(this, data, params);
    },
    safeDecode(data, params) {
        return parse_safeDecode(this, data, params);
    },
    async safeEncodeAsync(data, params) {
        return parse_safeEncodeAsync(this, data, params);
    },
    async safeDecodeAsync(data, params) {
        return parse_safeDecodeAsync(this, data, params);
    },
    toJSONSchema(params) {
        return createToJSONSchemaMethod(this, {})(params);
    },
    // Reads through to the registry on every access, so it must not cache.
    get description() {
        return globalRegistry.get(this)?.description;
    },
    // No setter: `schema._def = x` throws, as it did when `_def` was a non-writable own property.
    get _def() {
        return this._zod.def;
    },
});
/** @internal */
const _ZodString = /*@__PURE__*/ $constructor("_ZodString", (inst, def) => {
    $ZodString.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => stringProcessor(inst, ctx, json, params);
}, 
/*@__PURE__*/ derived({
    format: (inst) => aggregateChecks(inst).format ?? null,
    minLength: (inst) => aggregateChecks(inst).minimum ?? null,
    maxLength: (inst) => aggregateChecks(inst).maximum ?? null,
}, {
    regex(...args) {
        return this.check(_regex(...args));
    },
    includes(...args) {
        return this.check(_includes(...args));
    },
    startsWith(...args) {
        return this.check(_startsWith(...args));
    },
    endsWith(...args) {
        return this.check(_endsWith(...args));
    },
    min(...args) {
        return this.check(_minLength(...args));
    },
    max(...args) {
        return this.check(_maxLength(...args));
    },
    length(...args) {
        return this.check(_length(...args));
    },
    nonempty(...args) {
        return this.check(_minLength(1, ...args));
    },
    lowercase(params) {
        return this.check(_lowercase(params));
    },
    uppercase(params) {
        return this.check(_uppercase(params));
    },
    trim() {
        return this.check(_trim());
    },
    normalize(...args) {
        return this.check(_normalize(...args));
    },
    toLowerCase() {
        return this.check(_toLowerCase());
    },
    toUpperCase() {
        return this.check(_toUpperCase());
    },
    slugify() {
        return this.check(_slugify());
    },
}));
const ZodString = /*@__PURE__*/ $constructor("ZodString", (inst, def) => {
    $ZodString.init(inst, def);
    _ZodString.init(inst, def);
}, {
    email(params) {
        return this.check(_email(ZodEmail, params));
    },
    url(params) {
        return this.check(_url(ZodURL, params));
    },
    jwt(params) {
        return this.check(_jwt(ZodJWT, params));
    },
    emoji(params) {
        return this.check(api_emoji(ZodEmoji, params));
    },
    guid(params) {
        return this.check(_guid(ZodGUID, params));
    },
    uuid(params) {
        return this.check(_uuid(ZodUUID, params));
    },
    uuidv4(params) {
        return this.check(_uuidv4(ZodUUID, params));
    },
    uuidv6(params) {
        return this.check(_uuidv6(ZodUUID, params));
    },
    uuidv7(params) {
        return this.check(_uuidv7(ZodUUID, params));
    },
    nanoid(params) {
        return this.check(_nanoid(ZodNanoID, params));
    },
    cuid(params) {
        return this.check(_cuid(ZodCUID, params));
    },
    cuid2(params) {
        return this.check(_cuid2(ZodCUID2, params));
    },
    ulid(params) {
        return this.check(_ulid(ZodULID, params));
    },
    base64(params) {
        return this.check(_base64(ZodBase64, params));
    },
    base64url(params) {
        return this.check(_base64url(ZodBase64URL, params));
    },
    xid(params) {
        return this.check(_xid(ZodXID, params));
    },
    ksuid(params) {
        return this.check(_ksuid(ZodKSUID, params));
    },
    ipv4(params) {
        return this.check(_ipv4(ZodIPv4, params));
    },
    ipv6(params) {
        return this.check(_ipv6(ZodIPv6, params));
    },
    cidrv4(params) {
        return this.check(_cidrv4(ZodCIDRv4, params));
    },
    cidrv6(params) {
        return this.check(_cidrv6(ZodCIDRv6, params));
    },
    e164(params) {
        return this.check(_e164(ZodE164, params));
    },
    datetime(params) {
        return this.check(_isoDateTime(ZodISODateTime, params));
    },
    date(params) {
        return this.check(_isoDate(ZodISODate, params));
    },
    time(params) {
        return this.check(_isoTime(ZodISOTime, params));
    },
    duration(params) {
        return this.check(_isoDuration(ZodISODuration, params));
    },
});
function schemas_string(params) {
    return _string(ZodString, params);
}
const ZodStringFormat = /*@__PURE__*/ $constructor("ZodStringFormat", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    _ZodString.init(inst, def);
});
const ZodISODateTime = /*@__PURE__*/ $constructor("ZodISODateTime", (inst, def) => {
    $ZodISODateTime.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodISODate = /*@__PURE__*/ $constructor("ZodISODate", (inst, def) => {
    $ZodISODate.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodISOTime = /*@__PURE__*/ $constructor("ZodISOTime", (inst, def) => {
    $ZodISOTime.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodISODuration = /*@__PURE__*/ $constructor("ZodISODuration", (inst, def) => {
    $ZodISODuration.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodEmail = /*@__PURE__*/ $constructor("ZodEmail", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodEmail.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_email(params) {
    return core._email(ZodEmail, params);
}
const ZodGUID = /*@__PURE__*/ $constructor("ZodGUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodGUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_guid(params) {
    return core._guid(ZodGUID, params);
}
const ZodUUID = /*@__PURE__*/ $constructor("ZodUUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodUUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_uuid(params) {
    return core._uuid(ZodUUID, params);
}
function uuidv4(params) {
    return core._uuidv4(ZodUUID, params);
}
// ZodUUIDv6
function uuidv6(params) {
    return core._uuidv6(ZodUUID, params);
}
// ZodUUIDv7
function uuidv7(params) {
    return core._uuidv7(ZodUUID, params);
}
const ZodURL = /*@__PURE__*/ $constructor("ZodURL", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodURL.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function url(params) {
    return core._url(ZodURL, params);
}
function httpUrl(params) {
    return core._url(ZodURL, {
        protocol: regexes.httpProtocol,
        hostname: regexes.domain,
        ...util.normalizeParams(params),
    });
}
const ZodEmoji = /*@__PURE__*/ $constructor("ZodEmoji", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodEmoji.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_emoji(params) {
    return core._emoji(ZodEmoji, params);
}
const ZodNanoID = /*@__PURE__*/ $constructor("ZodNanoID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodNanoID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_nanoid(params) {
    return core._nanoid(ZodNanoID, params);
}
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link ZodCUID2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const ZodCUID = /*@__PURE__*/ $constructor("ZodCUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodCUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
/**
 * Validates a CUID v1 string.
 *
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link cuid2 | `z.cuid2()`} instead.
 * See https://github.com/paralleldrive/cuid.
 */
function schemas_cuid(params) {
    return core._cuid(ZodCUID, params);
}
const ZodCUID2 = /*@__PURE__*/ $constructor("ZodCUID2", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodCUID2.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_cuid2(params) {
    return core._cuid2(ZodCUID2, params);
}
const ZodULID = /*@__PURE__*/ $constructor("ZodULID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodULID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_ulid(params) {
    return core._ulid(ZodULID, params);
}
const ZodXID = /*@__PURE__*/ $constructor("ZodXID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodXID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_xid(params) {
    return core._xid(ZodXID, params);
}
const ZodKSUID = /*@__PURE__*/ $constructor("ZodKSUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodKSUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_ksuid(params) {
    return core._ksuid(ZodKSUID, params);
}
const ZodIPv4 = /*@__PURE__*/ $constructor("ZodIPv4", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodIPv4.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_ipv4(params) {
    return core._ipv4(ZodIPv4, params);
}
const ZodMAC = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMAC", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    core.$ZodMAC.init(inst, def);
    ZodStringFormat.init(inst, def);
})));
function schemas_mac(params) {
    return core._mac(ZodMAC, params);
}
const ZodIPv6 = /*@__PURE__*/ $constructor("ZodIPv6", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodIPv6.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_ipv6(params) {
    return core._ipv6(ZodIPv6, params);
}
const ZodCIDRv4 = /*@__PURE__*/ $constructor("ZodCIDRv4", (inst, def) => {
    $ZodCIDRv4.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_cidrv4(params) {
    return core._cidrv4(ZodCIDRv4, params);
}
const ZodCIDRv6 = /*@__PURE__*/ $constructor("ZodCIDRv6", (inst, def) => {
    $ZodCIDRv6.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_cidrv6(params) {
    return core._cidrv6(ZodCIDRv6, params);
}
const ZodBase64 = /*@__PURE__*/ $constructor("ZodBase64", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodBase64.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_base64(params) {
    return core._base64(ZodBase64, params);
}
const ZodBase64URL = /*@__PURE__*/ $constructor("ZodBase64URL", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodBase64URL.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_base64url(params) {
    return core._base64url(ZodBase64URL, params);
}
const ZodE164 = /*@__PURE__*/ $constructor("ZodE164", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodE164.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_e164(params) {
    return core._e164(ZodE164, params);
}
const ZodCreditCard = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodCreditCard", (inst, def) => {
    core.$ZodCreditCard.init(inst, def);
    ZodStringFormat.init(inst, def);
})));
function schemas_creditCard(params) {
    return core._creditCard(ZodCreditCard, params);
}
const ZodIBAN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodIBAN", (inst, def) => {
    core.$ZodIBAN.init(inst, def);
    ZodStringFormat.init(inst, def);
})));
function schemas_iban(params) {
    return core._iban(ZodIBAN, params);
}
const ZodJWT = /*@__PURE__*/ $constructor("ZodJWT", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodJWT.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function jwt(params) {
    return core._jwt(ZodJWT, params);
}
const ZodCustomStringFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodCustomStringFormat", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    core.$ZodCustomStringFormat.init(inst, def);
    ZodStringFormat.init(inst, def);
})));
function stringFormat(format, fnOrRegex, _params = {}) {
    return core._stringFormat(ZodCustomStringFormat, format, fnOrRegex, _params);
}
function schemas_hostname(_params) {
    return core._stringFormat(ZodCustomStringFormat, "hostname", regexes.hostname, _params);
}
function schemas_hex(_params) {
    return core._stringFormat(ZodCustomStringFormat, "hex", regexes.hex, _params);
}
function schemas_currencyCode(_params) {
    return core._stringFormat(ZodCustomStringFormat, "currency_code", regexes.currencyCode, _params);
}
function hash(alg, params) {
    const enc = params?.enc ?? "hex";
    const format = `${alg}_${enc}`;
    const regex = core.regexes[format];
    if (!regex)
        throw new Error(`Unrecognized hash format: ${format}`);
    return core._stringFormat(ZodCustomStringFormat, format, regex, params);
}
const ZodNumber = /*@__PURE__*/ $constructor("ZodNumber", (inst, def) => {
    $ZodNumber.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => numberProcessor(inst, ctx, json, params);
    inst.isFinite = true;
}, 
/*@__PURE__*/ derived({
    minValue: (inst) => {
        const { minimum, exclusiveMinimum } = aggregateChecks(inst);
        return Math.max(minimum ?? Number.NEGATIVE_INFINITY, exclusiveMinimum ?? Number.NEGATIVE_INFINITY);
    },
    maxValue: (inst) => {
        const { maximum, exclusiveMaximum } = aggregateChecks(inst);
        return Math.min(maximum ?? Number.POSITIVE_INFINITY, exclusiveMaximum ?? Number.POSITIVE_INFINITY);
    },
    isInt: (inst) => {
        const { isInt, multipleOf } = aggregateChecks(inst);
        return !!isInt || !!multipleOf?.some(Number.isSafeInteger);
    },
    format: (inst) => aggregateChecks(inst).format ?? null,
}, {
    gt(value, params) {
        return this.check(_gt(value, params));
    },
    gte(value, params) {
        return this.check(_gte(value, params));
    },
    min(value, params) {
        return this.check(_gte(value, params));
    },
    lt(value, params) {
        return this.check(_lt(value, params));
    },
    lte(value, params) {
        return this.check(_lte(value, params));
    },
    max(value, params) {
        return this.check(_lte(value, params));
    },
    int(params) {
        return this.check(schemas_int(params));
    },
    safe(params) {
        return this.check(schemas_int(params));
    },
    positive(params) {
        return this.check(_gt(0, params));
    },
    nonnegative(params) {
        return this.check(_gte(0, params));
    },
    negative(params) {
        return this.check(_lt(0, params));
    },
    nonpositive(params) {
        return this.check(_lte(0, params));
    },
    multipleOf(value, params) {
        return this.check(_multipleOf(value, params));
    },
    step(value, params) {
        return this.check(_multipleOf(value, params));
    },
    finite() {
        return this;
    },
}));
function schemas_number(params) {
    return _number(ZodNumber, params);
}
const ZodNumberFormat = /*@__PURE__*/ $constructor("ZodNumberFormat", (inst, def) => {
    $ZodNumberFormat.init(inst, def);
    ZodNumber.init(inst, def);
});
function schemas_int(params) {
    return _int(ZodNumberFormat, params);
}
function float32(params) {
    return core._float32(ZodNumberFormat, params);
}
function float64(params) {
    return core._float64(ZodNumberFormat, params);
}
function int32(params) {
    return core._int32(ZodNumberFormat, params);
}
function uint32(params) {
    return core._uint32(ZodNumberFormat, params);
}
const ZodBoolean = /*@__PURE__*/ $constructor("ZodBoolean", (inst, def) => {
    $ZodBoolean.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => booleanProcessor(inst, ctx, json, params);
});
function schemas_boolean(params) {
    return _boolean(ZodBoolean, params);
}
const ZodBigInt = /*@__PURE__*/ $constructor("ZodBigInt", (inst, def) => {
    $ZodBigInt.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => bigintProcessor(inst, ctx, json, params);
}, 
/*@__PURE__*/ derived({
    minValue: (inst) => aggregateChecks(inst).minimum ?? null,
    maxValue: (inst) => aggregateChecks(inst).maximum ?? null,
    format: (inst) => aggregateChecks(inst).format ?? null,
}, {
    gte(value, params) {
        return this.check(_gte(value, params));
    },
    min(value, params) {
        return this.check(_gte(value, params));
    },
    gt(value, params) {
        return this.check(_gt(value, params));
    },
    lt(value, params) {
        return this.check(_lt(value, params));
    },
    lte(value, params) {
        return this.check(_lte(value, params));
    },
    max(value, params) {
        return this.check(_lte(value, params));
    },
    positive(params) {
        return this.check(_gt(BigInt(0), params));
    },
    negative(params) {
        return this.check(_lt(BigInt(0), params));
    },
    nonpositive(params) {
        return this.check(_lte(BigInt(0), params));
    },
    nonnegative(params) {
        return this.check(_gte(BigInt(0), params));
    },
    multipleOf(value, params) {
        return this.check(_multipleOf(value, params));
    },
}));
function schemas_bigint(params) {
    return core._bigint(ZodBigInt, params);
}
const ZodBigIntFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodBigIntFormat", (inst, def) => {
    core.$ZodBigIntFormat.init(inst, def);
    ZodBigInt.init(inst, def);
})));
function int64(params) {
    return core._int64(ZodBigIntFormat, params);
}
function uint64(params) {
    return core._uint64(ZodBigIntFormat, params);
}
const ZodSymbol = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodSymbol", (inst, def) => {
    core.$ZodSymbol.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.symbolProcessor(inst, ctx, json, params);
})));
function symbol(params) {
    return core._symbol(ZodSymbol, params);
}
const ZodUndefined = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodUndefined", (inst, def) => {
    core.$ZodUndefined.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.undefinedProcessor(inst, ctx, json, params);
})));
function schemas_undefined(params) {
    return core._undefined(ZodUndefined, params);
}

const ZodNull = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodNull", (inst, def) => {
    core.$ZodNull.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.nullProcessor(inst, ctx, json, params);
})));
function schemas_null(params) {
    return core._null(ZodNull, params);
}

const ZodAny = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodAny", (inst, def) => {
    core.$ZodAny.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.anyProcessor(inst, ctx, json, params);
})));
function any() {
    return core._any(ZodAny);
}
const ZodUnknown = /*@__PURE__*/ $constructor("ZodUnknown", (inst, def) => {
    $ZodUnknown.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => unknownProcessor(inst, ctx, json, params);
});
function unknown() {
    return _unknown(ZodUnknown);
}
const ZodNever = /*@__PURE__*/ $constructor("ZodNever", (inst, def) => {
    $ZodNever.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => neverProcessor(inst, ctx, json, params);
});
function never(params) {
    return _never(ZodNever, params);
}
const ZodVoid = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodVoid", (inst, def) => {
    core.$ZodVoid.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.voidProcessor(inst, ctx, json, params);
})));
function schemas_void(params) {
    return core._void(ZodVoid, params);
}

const ZodDate = /*@__PURE__*/ $constructor("ZodDate", (inst, def) => {
    $ZodDate.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => dateProcessor(inst, ctx, json, params);
    inst.min = (value, params) => inst.check(_gte(value, params));
    inst.max = (value, params) => inst.check(_lte(value, params));
}, 
/*@__PURE__*/ derived({
    minDate: (inst) => {
        const { minimum } = aggregateChecks(inst);
        return minimum ? new Date(minimum) : null;
    },
    maxDate: (inst) => {
        const { maximum } = aggregateChecks(inst);
        return maximum ? new Date(maximum) : null;
    },
}, {}));
function schemas_date(params) {
    return core._date(ZodDate, params);
}
const ZodArray = /*@__PURE__*/ $constructor("ZodArray", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodArray.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => arrayProcessor(inst, ctx, json, params);
    inst.element = def.element;
}, {
    min(n, params) {
        return this.check(_minLength(n, params));
    },
    nonempty(params) {
        return this.check(_minLength(1, params));
    },
    max(n, params) {
        return this.check(_maxLength(n, params));
    },
    length(n, params) {
        return this.check(_length(n, params));
    },
    unwrap() {
        return this.element;
    },
});
function array(element, params) {
    return _array(ZodArray, element, params);
}
// .keyof
function keyof(schema) {
    const shape = schema._zod.def.shape;
    return schemas_enum(Object.keys(shape));
}
const ZodObject = /*@__PURE__*/ $constructor("ZodObject", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodObjectJIT.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => objectProcessor(inst, ctx, json, params);
    installLazyProp(inst, "shape", (self) => self._zod.def.shape, false);
}, {
    keyof() {
        return schemas_enum(Object.keys(this._zod.def.shape));
    },
    catchall(catchall) {
        // `mergeDefs` rather than a spread: spreading reads `shape`, and resolving it can mint a whole fresh subtree
        return this.clone(mergeDefs(this._zod.def, { catchall: catchall }));
    },
    passthrough() {
        return this.clone(mergeDefs(this._zod.def, { catchall: unknown() }));
    },
    loose() {
        return this.clone(mergeDefs(this._zod.def, { catchall: unknown() }));
    },
    strict() {
        return this.clone(mergeDefs(this._zod.def, { catchall: never() }));
    },
    strip() {
        return this.clone(mergeDefs(this._zod.def, { catchall: undefined }));
    },
    extend(incoming) {
        return extend(this, incoming);
    },
    safeExtend(incoming) {
        return safeExtend(this, incoming);
    },
    merge(other) {
        return merge(this, other);
    },
    pick(mask) {
        return pick(this, mask);
    },
    omit(mask) {
        return omit(this, mask);
    },
    partial(...args) {
        return partial(ZodOptional, this, args[0]);
    },
    exactPartial(...args) {
        return partial(ZodExactOptional, this, args[0], "exactPartial");
    },
    required(...args) {
        return required(ZodNonOptional, this, args[0]);
    },
});
function object(shape, params) {
    const def = {
        type: "object",
        shape: shape ?? {},
        ...normalizeParams(params),
    };
    return new ZodObject(def);
}
// strictObject
function strictObject(shape, params) {
    return new ZodObject({
        type: "object",
        shape,
        catchall: never(),
        ...util.normalizeParams(params),
    });
}
// looseObject
function looseObject(shape, params) {
    return new ZodObject({
        type: "object",
        shape,
        catchall: unknown(),
        ...normalizeParams(params),
    });
}
const ZodUnion = /*@__PURE__*/ $constructor("ZodUnion", (inst, def) => {
    $ZodUnion.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => unionProcessor(inst, ctx, json, params);
    inst.options = def.options;
});
function union(options, params) {
    return new ZodUnion({
        type: "union",
        options: options,
        ...normalizeParams(params),
    });
}
const ZodXor = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodXor", (inst, def) => {
    ZodUnion.init(inst, def);
    core.$ZodXor.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.unionProcessor(inst, ctx, json, params);
    inst.options = def.options;
})));
/** Creates an exclusive union (XOR) where exactly one option must match.
 * Unlike regular unions that succeed when any option matches, xor fails if
 * zero or more than one option matches the input. */
function xor(options, params) {
    return new ZodXor({
        type: "union",
        options: options,
        inclusive: false,
        ...util.normalizeParams(params),
    });
}
const ZodDiscriminatedUnion = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodDiscriminatedUnion", (inst, def) => {
    ZodUnion.init(inst, def);
    core.$ZodDiscriminatedUnion.init(inst, def);
})));
function discriminatedUnion(discriminator, options, params) {
    // const [options, params] = args;
    return new ZodDiscriminatedUnion({
        type: "union",
        options: options,
        discriminator,
        ...util.normalizeParams(params),
    });
}
const ZodIntersection = /*@__PURE__*/ $constructor("ZodIntersection", (inst, def) => {
    $ZodIntersection.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => intersectionProcessor(inst, ctx, json, params);
});
function intersection(left, right) {
    return new ZodIntersection({
        type: "intersection",
        left: left,
        right: right,
    });
}
const ZodTuple = /*@__PURE__*/ $constructor("ZodTuple", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodTuple.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => tupleProcessor(inst, ctx, json, params);
}, {
    rest(rest) {
        return this.clone({
            ...this._zod.def,
            rest: rest,
        });
    },
    partial() {
        const def = this._zod.def;
        // a refinement was authored against the full arity; partialing would run it on a shorter array
        if (def.checks?.length)
            throw new Error(".partial() cannot be used on tuple schemas containing refinements");
        return this.clone({
            ...def,
            items: def.items.map((item) => new ZodOptional({ type: "optional", innerType: item })),
        });
    },
});
function tuple(items, _paramsOrRest, _params) {
    const hasRest = _paramsOrRest instanceof core.$ZodType;
    const params = hasRest ? _params : _paramsOrRest;
    const rest = hasRest ? _paramsOrRest : null;
    return new ZodTuple({
        type: "tuple",
        items: items,
        rest,
        ...util.normalizeParams(params),
    });
}
const ZodRecord = /*@__PURE__*/ $constructor("ZodRecord", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodRecord.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => recordProcessor(inst, ctx, json, params);
    inst.keyType = def.keyType;
    inst.valueType = def.valueType;
});
function record(keyType, valueType, params) {
    // v3-compat: z.record(valueType, params?) — defaults keyType to z.string()
    if (!valueType || !valueType._zod) {
        return new ZodRecord({
            type: "record",
            keyType: schemas_string(),
            valueType: keyType,
            ...normalizeParams(valueType),
        });
    }
    return new ZodRecord({
        type: "record",
        keyType,
        valueType: valueType,
        ...normalizeParams(params),
    });
}
// type alksjf = core.output<core.$ZodRecordKey>;
function partialRecord(keyType, valueType, params) {
    return new ZodRecord({
        type: "record",
        keyType,
        valueType: valueType,
        ...util.normalizeParams(params),
        partial: true,
    });
}
function looseRecord(keyType, valueType, params) {
    return new ZodRecord({
        type: "record",
        keyType,
        valueType: valueType,
        mode: "loose",
        ...util.normalizeParams(params),
    });
}
const ZodMap = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMap", (inst, def) => {
    _ensureDefaultMemoizer();
    core.$ZodMap.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.mapProcessor(inst, ctx, json, params);
    inst.keyType = def.keyType;
    inst.valueType = def.valueType;
    inst.min = (...args) => inst.check(core._minSize(...args));
    inst.nonempty = (params) => inst.check(core._minSize(1, params));
    inst.max = (...args) => inst.check(core._maxSize(...args));
    inst.size = (...args) => inst.check(core._size(...args));
})));
function map(keyType, valueType, params) {
    return new ZodMap({
        type: "map",
        keyType: keyType,
        valueType: valueType,
        ...util.normalizeParams(params),
    });
}
const ZodSet = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodSet", (inst, def) => {
    _ensureDefaultMemoizer();
    core.$ZodSet.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.setProcessor(inst, ctx, json, params);
    inst.min = (...args) => inst.check(core._minSize(...args));
    inst.nonempty = (params) => inst.check(core._minSize(1, params));
    inst.max = (...args) => inst.check(core._maxSize(...args));
    inst.size = (...args) => inst.check(core._size(...args));
})));
function set(valueType, params) {
    return new ZodSet({
        type: "set",
        valueType: valueType,
        ...util.normalizeParams(params),
    });
}
const ZodEnum = /*@__PURE__*/ $constructor("ZodEnum", (inst, def) => {
    $ZodEnum.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => enumProcessor(inst, ctx, json, params);
    inst.enum = def.entries;
    // reuse the parsed value set so a numeric TS enum's reverse-mapping keys stay out
    inst.options = [...inst._zod.values];
    const keys = new Set(Object.keys(def.entries));
    inst.extract = (values, params) => {
        const newEntries = {};
        for (const value of values) {
            if (keys.has(value)) {
                newEntries[value] = def.entries[value];
            }
            else
                throw new Error(`Key ${value} not found in enum`);
        }
        return new ZodEnum({
            ...def,
            checks: [],
            ...normalizeParams(params),
            entries: newEntries,
        });
    };
    inst.exclude = (values, params) => {
        const newEntries = { ...def.entries };
        for (const value of values) {
            if (keys.has(value)) {
                delete newEntries[value];
            }
            else
                throw new Error(`Key ${value} not found in enum`);
        }
        return new ZodEnum({
            ...def,
            checks: [],
            ...normalizeParams(params),
            entries: newEntries,
        });
    };
});
function schemas_enum(values, params) {
    const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
    return new ZodEnum({
        type: "enum",
        entries,
        ...normalizeParams(params),
    });
}

/** @deprecated This API has been merged into `z.enum()`. Use `z.enum()` instead.
 *
 * ```ts
 * enum Colors { red, green, blue }
 * z.enum(Colors);
 * ```
 */
function nativeEnum(entries, params) {
    return new ZodEnum({
        type: "enum",
        entries,
        ...util.normalizeParams(params),
    });
}
const ZodLiteral = /*@__PURE__*/ $constructor("ZodLiteral", (inst, def) => {
    $ZodLiteral.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => literalProcessor(inst, ctx, json, params);
    inst.values = new Set(def.values);
    Object.defineProperty(inst, "value", {
        get() {
            if (def.values.length > 1) {
                throw new Error("This schema contains multiple valid literal values. Use `.values` instead.");
            }
            return def.values[0];
        },
    });
});
function literal(value, params) {
    return new ZodLiteral({
        type: "literal",
        values: Array.isArray(value) ? value : [value],
        ...normalizeParams(params),
    });
}
const ZodFile = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodFile", (inst, def) => {
    core.$ZodFile.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.fileProcessor(inst, ctx, json, params);
    inst.min = (size, params) => inst.check(core._minSize(size, params));
    inst.max = (size, params) => inst.check(core._maxSize(size, params));
    inst.mime = (types, params) => inst.check(core._mime(Array.isArray(types) ? types : [types], params));
})));
function file(params) {
    return core._file(ZodFile, params);
}
const ZodTransform = /*@__PURE__*/ $constructor("ZodTransform", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodTransform.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => transformProcessor(inst, ctx, json, params);
    inst._zod.parse = (payload, _ctx) => {
        if (_ctx.direction === "backward") {
            throw new $ZodEncodeError(inst.constructor.name);
        }
        payload.addIssue = (issue) => {
            if (typeof issue === "string") {
                payload.issues.push(util_issue(issue, payload.value, def));
            }
            else {
                // for Zod 3 backwards compatibility
                const _issue = issue;
                if (_issue.fatal)
                    _issue.continue = false;
                _issue.code ?? (_issue.code = "custom");
                if (!("input" in _issue))
                    _issue.input = payload.value;
                _issue.inst ?? (_issue.inst = inst);
                // _issue.continue ??= true;
                payload.issues.push(util_issue(_issue));
            }
        };
        const output = def.transform(payload.value, payload);
        if (output instanceof Promise) {
            return output.then((output) => {
                payload.value = output;
                return payload;
            });
        }
        payload.value = output;
        return payload;
    };
});
function transform(fn) {
    return new ZodTransform({
        type: "transform",
        transform: fn,
    });
}
const ZodOptional = /*@__PURE__*/ $constructor("ZodOptional", (inst, def) => {
    $ZodOptional.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function optional(innerType) {
    return new ZodOptional({
        type: "optional",
        innerType: innerType,
    });
}
const ZodExactOptional = /*@__PURE__*/ $constructor("ZodExactOptional", (inst, def) => {
    $ZodExactOptional.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function exactOptional(innerType) {
    return new ZodExactOptional({
        type: "optional",
        innerType: innerType,
    });
}
const ZodNullable = /*@__PURE__*/ $constructor("ZodNullable", (inst, def) => {
    $ZodNullable.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => nullableProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function nullable(innerType) {
    return new ZodNullable({
        type: "nullable",
        innerType: innerType,
    });
}
// nullish
function schemas_nullish(innerType) {
    return optional(nullable(innerType));
}
const ZodDefault = /*@__PURE__*/ $constructor("ZodDefault", (inst, def) => {
    $ZodDefault.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => defaultProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
    inst.removeDefault = inst.unwrap;
});
function schemas_default(innerType, defaultValue) {
    return new ZodDefault({
        type: "default",
        innerType: innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : shallowClone(defaultValue);
        },
    });
}
const ZodPrefault = /*@__PURE__*/ $constructor("ZodPrefault", (inst, def) => {
    $ZodPrefault.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => prefaultProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function prefault(innerType, defaultValue) {
    return new ZodPrefault({
        type: "prefault",
        innerType: innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : shallowClone(defaultValue);
        },
    });
}
const ZodNonOptional = /*@__PURE__*/ $constructor("ZodNonOptional", (inst, def) => {
    $ZodNonOptional.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => nonoptionalProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function nonoptional(innerType, params) {
    return new ZodNonOptional({
        type: "nonoptional",
        innerType: innerType,
        ...normalizeParams(params),
    });
}
const ZodSuccess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodSuccess", (inst, def) => {
    core.$ZodSuccess.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.successProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
})));
function success(innerType) {
    return new ZodSuccess({
        type: "success",
        innerType: innerType,
    });
}
const ZodCatch = /*@__PURE__*/ $constructor("ZodCatch", (inst, def) => {
    $ZodCatch.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => catchProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
    inst.removeCatch = inst.unwrap;
});
function schemas_catch(innerType, catchValue) {
    return new ZodCatch({
        type: "catch",
        innerType: innerType,
        catchValue: (typeof catchValue === "function" ? catchValue : constantCatch(catchValue)),
    });
}

const ZodNaN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodNaN", (inst, def) => {
    core.$ZodNaN.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.nanProcessor(inst, ctx, json, params);
})));
function nan(params) {
    return core._nan(ZodNaN, params);
}
const ZodPipe = /*@__PURE__*/ $constructor("ZodPipe", (inst, def) => {
    $ZodPipe.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => pipeProcessor(inst, ctx, json, params);
    inst.in = def.in;
    inst.out = def.out;
});
function pipe(in_, out) {
    return new ZodPipe({
        type: "pipe",
        in: in_,
        out: out,
        // ...util.normalizeParams(params),
    });
}
const ZodCodec = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodCodec", (inst, def) => {
    ZodPipe.init(inst, def);
    core.$ZodCodec.init(inst, def);
})));
function codec(in_, out, params) {
    return new ZodCodec({
        type: "pipe",
        in: in_,
        out: out,
        transform: params.decode,
        reverseTransform: params.encode,
    });
}
function invertCodec(codec) {
    const def = codec._zod.def;
    return new ZodCodec({
        type: "pipe",
        in: def.out,
        out: def.in,
        transform: def.reverseTransform,
        reverseTransform: def.transform,
    });
}
const ZodPreprocess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodPreprocess", (inst, def) => {
    ZodPipe.init(inst, def);
    core.$ZodPreprocess.init(inst, def);
})));
const ZodReadonly = /*@__PURE__*/ $constructor("ZodReadonly", (inst, def) => {
    $ZodReadonly.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => readonlyProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function readonly(innerType) {
    return new ZodReadonly({
        type: "readonly",
        innerType: innerType,
    });
}
const ZodTemplateLiteral = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodTemplateLiteral", (inst, def) => {
    core.$ZodTemplateLiteral.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.templateLiteralProcessor(inst, ctx, json, params);
})));
function templateLiteral(parts, params) {
    return new ZodTemplateLiteral({
        type: "template_literal",
        parts,
        ...util.normalizeParams(params),
    });
}
const ZodLazy = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodLazy", (inst, def) => {
    core.$ZodLazy.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.lazyProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.getter();
})));
function lazy(getter) {
    return new ZodLazy({
        type: "lazy",
        getter: getter,
    });
}
const ZodPromise = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodPromise", (inst, def) => {
    core.$ZodPromise.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.promiseProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
})));
function promise(innerType) {
    return new ZodPromise({
        type: "promise",
        innerType: innerType,
    });
}
const ZodFunction = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodFunction", (inst, def) => {
    core.$ZodFunction.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.functionProcessor(inst, ctx, json, params);
})));
function _function(params) {
    return new ZodFunction({
        type: "function",
        input: Array.isArray(params?.input) ? tuple(params?.input) : (params?.input ?? array(unknown())),
        output: params?.output ?? unknown(),
    });
}

const ZodCustom = /*@__PURE__*/ $constructor("ZodCustom", (inst, def) => {
    $ZodCustom.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => customProcessor(inst, ctx, json, params);
});
// custom checks
function check(fn) {
    const ch = new core.$ZodCheck({
        check: "custom",
        // ...util.normalizeParams(params),
    });
    ch._zod.check = fn;
    return ch;
}
function custom(fn, _params) {
    return _custom(ZodCustom, fn ?? (() => true), _params);
}
function refine(fn, _params = {}) {
    return _refine(ZodCustom, fn, _params);
}
// superRefine
function superRefine(fn, params) {
    return _superRefine(fn, params);
}
// Re-export describe and meta from core
const schemas_describe = describe;
const schemas_meta = meta;
const ZodInstanceOf = /*@__PURE__*/ $constructor("ZodInstanceOf", (inst, def) => {
    ZodCustom.init(inst, def);
}, {
    properties(shape, params) {
        // asserts in place, so the narrowed output type is truthful without a wrapper
        return this.check(_properties(shape, params));
    },
});
function _instanceof(cls, params = {}) {
    const inst = new ZodInstanceOf({
        type: "custom",
        check: "custom",
        fn: (data) => data instanceof cls,
        abort: true,
        ...util.normalizeParams(params),
    });
    inst._zod.bag.Class = cls;
    // Override check to emit invalid_type instead of custom
    inst._zod.check = (payload) => {
        if (!(payload.value instanceof cls)) {
            payload.issues.push({
                code: "invalid_type",
                expected: cls.name,
                input: payload.value,
                inst,
                path: [...(inst._zod.def.path ?? [])],
            });
        }
    };
    return inst;
}

// stringbool
const stringbool = (...args) => core._stringbool({
    Codec: ZodCodec,
    Boolean: ZodBoolean,
    String: ZodString,
}, ...args);
function json(params) {
    const jsonSchema = lazy(() => {
        return union([schemas_string(params), schemas_number(), schemas_boolean(), schemas_null(), array(jsonSchema), record(schemas_string(), jsonSchema)]);
    });
    return jsonSchema;
}
// preprocess
function preprocess(fn, schema) {
    return new ZodPreprocess({
        type: "pipe",
        in: transform(fn),
        out: schema,
    });
}

;// CONCATENATED MODULE: ./src/state/run-record.ts

/** One entry of the run ledger: every run ODS recorded (or refused), with what it produced. */
const runRecordSchema = object({
    run_id: schemas_string(),
    scope: schemas_string(),
    /** dbt's invocation_id of the run's results, when it came from dbt. */
    invocation_id: schemas_string().nullable(),
    /** dbt's command, e.g. `build`, `run`. */
    command: schemas_string(),
    started_at: schemas_string(),
    ended_at: schemas_string().nullable(),
    /**
     * `success`: every selected node built; `partial`: some failed (the run still
     * produced a snapshot advancing what succeeded); `failed`: nothing recorded
     * from it; `refused`: `record` refused it and wrote nothing (see `detail`).
     */
    status: schemas_enum(["success", "partial", "failed", "refused"]),
    /** The snapshot this run produced, when it produced one. */
    snapshot_id: schemas_string().nullable(),
    /** Why the run failed or was refused, in words (optional; no secrets). */
    detail: schemas_string().optional(),
});

;// CONCATENATED MODULE: ./src/state/scope.ts
function scopeKey(scope) {
    return `${scope.project}/${scope.environment}`;
}
/**
 * Why `scope` can't name a line of history, or undefined when it can. The
 * project may not contain `/` (dbt project names never do), so a key splits
 * back at its first `/`; the environment may (e.g. a branch name).
 */
function scopeProblem(scope) {
    if (typeof scope?.project !== "string" || scope.project === "")
        return "the project name is empty";
    if (scope.project.includes("/"))
        return `the project name \`${scope.project}\` contains "/"`;
    if (typeof scope.environment !== "string" || scope.environment === "")
        return "the environment name is empty";
    return undefined;
}
/** The scope a key names, or undefined when `key` is not `<project>/<environment>`. */
function parseScopeKey(key) {
    const slash = key.indexOf("/");
    if (slash <= 0 || slash === key.length - 1)
        return undefined;
    return { project: key.slice(0, slash), environment: key.slice(slash + 1) };
}

;// CONCATENATED MODULE: ./src/store/migrations.ts
/**
 * The SQLite layout of the state database, as numbered migrations.
 *
 * - `PRAGMA application_id` marks the file as an ods-state database, so that
 *   a random SQLite file is never mistaken for state (or written to).
 * - `PRAGMA user_version` is the layout version: the number of the last
 *   migration applied. A file with a higher number than this code knows was
 *   written by a newer version and is refused.
 * - The `migrations` table records each migration applied, when, and by
 *   which ods-state version.
 *
 * Migrations are applied in one `BEGIN IMMEDIATE` transaction: all of them or
 * none. The version is read again inside the transaction, so two processes
 * opening an old file at once migrate it once. Before migrating a file that
 * holds data, the store writes a copy next to it (sqlite-store.ts).
 *
 * A migration is never edited once released: a change is a new migration.
 */

/** "ODSS" in ASCII: the application id of an ods-state database. */
const APPLICATION_ID = 0x4f445353;
const MIGRATIONS = [
    {
        version: 1,
        name: "snapshots: content-addressed node entries, snapshots, heads",
        sql: `
      CREATE TABLE migrations (
        version    INTEGER PRIMARY KEY,
        name       TEXT NOT NULL,
        applied_at TEXT NOT NULL,
        applied_by TEXT NOT NULL
      );
      -- One row per distinct node entry ([node id, node state] as JSON), shared by
      -- every snapshot that contains it; hash is the SHA-256 of body.
      CREATE TABLE entries (
        id   INTEGER PRIMARY KEY,
        hash TEXT NOT NULL UNIQUE,
        body TEXT NOT NULL
      );
      -- Immutable snapshots. header is the document without its nodes; entries is
      -- the JSON array of entries.id in document order; digest seals header and
      -- entry hashes (snapshot-codec.ts). parent is the head this one replaced
      -- (it may since have been pruned, so it is not a foreign key).
      CREATE TABLE snapshots (
        seq            INTEGER PRIMARY KEY AUTOINCREMENT,
        id             TEXT NOT NULL UNIQUE,
        scope          TEXT NOT NULL,
        parent         TEXT,
        committed_at   TEXT NOT NULL,
        run_id         TEXT NOT NULL,
        schema_version TEXT NOT NULL,
        node_count     INTEGER NOT NULL,
        header         TEXT NOT NULL,
        entries        TEXT NOT NULL,
        digest         TEXT NOT NULL
      );
      CREATE INDEX snapshots_by_scope ON snapshots (scope, seq);
      -- The head of each scope, moved by compare-and-swap.
      CREATE TABLE heads (
        scope       TEXT PRIMARY KEY,
        snapshot_id TEXT NOT NULL REFERENCES snapshots (id),
        moved_at    TEXT NOT NULL
      );
    `,
    },
    {
        version: 2,
        name: "run ledger",
        sql: `
      -- Every run recorded, refused or failed ones too. snapshot_id is the snapshot
      -- the run produced; it is kept as a record after retention prunes that
      -- snapshot, so it is not a foreign key.
      CREATE TABLE runs (
        seq           INTEGER PRIMARY KEY AUTOINCREMENT,
        scope         TEXT NOT NULL,
        run_id        TEXT NOT NULL,
        invocation_id TEXT,
        command       TEXT NOT NULL,
        started_at    TEXT NOT NULL,
        ended_at      TEXT,
        status        TEXT NOT NULL,
        snapshot_id   TEXT,
        detail        TEXT,
        recorded_at   TEXT NOT NULL,
        UNIQUE (scope, run_id)
      );
      CREATE INDEX runs_by_scope ON runs (scope, seq);
    `,
    },
];
/** The layout version this code writes: the last migration's number. */
const LAYOUT_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;
function readLayout(connection) {
    const applicationId = connection.get("PRAGMA application_id")?.application_id ?? 0;
    const version = connection.get("PRAGMA user_version")?.user_version ?? 0;
    const tables = connection.get("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")?.n ?? 0;
    return { applicationId: Number(applicationId), version: Number(version), tables: Number(tables) };
}
/**
 * Applies the migrations after the file's version up to `target` (default:
 * all), in one transaction. Returns the versions before and after. The caller
 * has checked that the file is an ods-state database (or a blank one) and not
 * newer than this code.
 */
function applyMigrations(connection, target = LAYOUT_VERSION, now = () => new Date()) {
    connection.exec("BEGIN IMMEDIATE");
    try {
        const from = readLayout(connection).version;
        if (from >= target) {
            connection.exec("COMMIT");
            return { from, to: from };
        }
        for (const migration of MIGRATIONS) {
            if (migration.version <= from || migration.version > target)
                continue;
            connection.exec(migration.sql);
            connection.run("INSERT INTO migrations (version, name, applied_at, applied_by) VALUES (?, ?, ?, ?)", migration.version, migration.name, now().toISOString(), `ods-state ${VERSION}`);
        }
        connection.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
        connection.exec(`PRAGMA user_version = ${target}`);
        connection.exec("COMMIT");
        return { from, to: target };
    }
    catch (error) {
        try {
            connection.exec("ROLLBACK");
        }
        catch {
            // The transaction is already gone; the original error is what matters.
        }
        throw error;
    }
}

// EXTERNAL MODULE: ./src/store/sqlite-driver.ts + 2 modules
var sqlite_driver = __nccwpck_require__(386);
;// CONCATENATED MODULE: ./src/store/open-database.ts



/** How long a writer waits for another writer's lock before giving up. */
const BUSY_TIMEOUT_MS = 10_000;
/**
 * Opens (creating when needed) a SQLite database file for reading and
 * writing, in WAL mode so that readers run during a commit, with a busy
 * timeout so that two writers queue instead of failing at once.
 */
function openDatabaseFile(file, preference = "auto", options = {}) {
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const connection = openSqlite(file, {}, preference);
    try {
        setBusyTimeout(connection, options);
        configureForWriting(connection);
        return connection;
    }
    catch (error) {
        connection.close();
        throw error;
    }
}
/** Sets the busy timeout: changes nothing in the file. */
function setBusyTimeout(connection, options = {}) {
    connection.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? BUSY_TIMEOUT_MS))}`);
}
/**
 * WAL mode (persistent: it is written to the file's header), full syncs and
 * foreign keys. Separate from opening so that a caller can first check that
 * the file is one it should change at all.
 */
function configureForWriting(connection) {
    const mode = connection.get("PRAGMA journal_mode = WAL");
    if (mode?.journal_mode.toLowerCase() !== "wal") {
        throw new Error(`SQLite refused WAL mode for ${connection.file} (journal_mode is ${mode?.journal_mode})`);
    }
    connection.exec("PRAGMA synchronous = FULL");
    connection.exec("PRAGMA foreign_keys = ON");
    // After a checkpoint, shrink the write-ahead log back to 4 MiB instead of
    // keeping it as large as the largest transaction ever was.
    connection.exec(`PRAGMA journal_size_limit = ${4 * 1024 * 1024}`);
}
function journalMode(connection) {
    return connection.get("PRAGMA journal_mode")?.journal_mode ?? "unknown";
}

;// CONCATENATED MODULE: ./src/store/retention.ts
/**
 * Retention, shared by every store so that they prune identically.
 *
 * Per scope, a snapshot is kept while any of these holds:
 * - it is among the newest `keepSnapshots` snapshots of the scope;
 * - it is the scope's head;
 * - one of the newest `keepSnapshots` ledger rows of the scope refers to it.
 * Everything older is deleted on commit. Ledger rows are small and are kept
 * longer, the newest `keepRuns` per scope; an older row than the pinning
 * window keeps the id of the snapshot it produced as a record, and reads back
 * with `snapshot_retained: false` once that snapshot is pruned. So the file is
 * bounded by `keepSnapshots` snapshots and `keepRuns` rows per scope, however
 * many runs there are.
 */
/** Ids of the scope's snapshots to delete. `snapshots` and `ledger` are newest first. */
function snapshotsToPrune(snapshots, head, ledger, keepSnapshots) {
    if (snapshots.length <= keepSnapshots)
        return [];
    const keep = new Set(snapshots.slice(0, keepSnapshots));
    if (head !== undefined)
        keep.add(head);
    for (const id of ledger.slice(0, keepSnapshots))
        if (id !== null)
            keep.add(id);
    return snapshots.filter((id) => !keep.has(id));
}

;// CONCATENATED MODULE: ./src/state/fast-validate.ts
function defOf(schema) {
    const def = schema?._zod?.def;
    return typeof def === "object" && def !== null && typeof def.type === "string"
        ? def
        : undefined;
}
/** True when `def` has no keys but `allowed` and no checks (refinements, formats, lengths...). */
function plain(def, allowed) {
    for (const key of Object.keys(def)) {
        if (key === "checks") {
            if (!Array.isArray(def.checks) || def.checks.length > 0)
                return false;
            continue;
        }
        if (!allowed.includes(key))
            return false;
    }
    return true;
}
function fast_validate_isPlainObject(value) {
    if (typeof value !== "object" || value === null)
        return false;
    const proto = Object.getPrototypeOf(value);
    return proto === Object.prototype || proto === null;
}
const isString = (value) => typeof value === "string";
function compile(schema) {
    const def = defOf(schema);
    if (!def)
        return undefined;
    switch (def.type) {
        case "string":
            return plain(def, ["type"]) ? isString : undefined;
        case "number":
            // zod 4's z.number() refuses NaN and the infinities; JSON has neither.
            return plain(def, ["type"])
                ? (value) => typeof value === "number" && Number.isFinite(value)
                : undefined;
        case "boolean":
            return plain(def, ["type"]) ? (value) => typeof value === "boolean" : undefined;
        case "array": {
            if (!plain(def, ["type", "element"]))
                return undefined;
            const element = compile(def.element);
            return (element &&
                ((value) => {
                    if (!Array.isArray(value))
                        return false;
                    // By index, not every(): a hole in a sparse array is an undefined element to zod.
                    for (let index = 0; index < value.length; index++)
                        if (!element(value[index]))
                            return false;
                    return true;
                }));
        }
        case "enum": {
            if (!plain(def, ["type", "entries"]))
                return undefined;
            const values = Object.values(def.entries);
            if (!values.every((value) => typeof value === "string"))
                return undefined;
            const allowed = new Set(values);
            return (value) => typeof value === "string" && allowed.has(value);
        }
        case "nullable": {
            if (!plain(def, ["type", "innerType"]))
                return undefined;
            const inner = compile(def.innerType);
            return inner && ((value) => value === null || inner(value));
        }
        case "record": {
            if (!plain(def, ["type", "keyType", "valueType"]))
                return undefined;
            const keyDef = defOf(def.keyType);
            if (keyDef?.type !== "string" || !plain(keyDef, ["type"]))
                return undefined;
            const valueCheck = compile(def.valueType);
            if (!valueCheck)
                return undefined;
            const strings = valueCheck === isString;
            return (value) => {
                if (!fast_validate_isPlainObject(value))
                    return false;
                // for-in: a plain object from JSON has no enumerable inherited keys.
                for (const key in value) {
                    const item = value[key];
                    if (key === "__proto__" || (strings ? typeof item !== "string" : !valueCheck(item)))
                        return false;
                }
                return true;
            };
        }
        case "object": {
            if (!plain(def, ["type", "shape", "catchall"]))
                return undefined;
            const fields = [];
            for (const [key, field] of Object.entries(def.shape)) {
                const fieldDef = defOf(field);
                if (!fieldDef)
                    return undefined;
                const optional = fieldDef.type === "optional";
                if (optional && !plain(fieldDef, ["type", "innerType"]))
                    return undefined;
                const check = compile(optional ? fieldDef.innerType : field);
                if (!check)
                    return undefined;
                fields.push({ key, check, string: check === isString, optional });
            }
            return (value) => {
                if (!fast_validate_isPlainObject(value))
                    return false;
                let present = 0;
                for (let index = 0; index < fields.length; index++) {
                    const field = fields[index];
                    const item = value[field.key];
                    if (item === undefined) {
                        // Absent is fine when optional; present-but-undefined is left to zod.
                        if (!field.optional || Object.hasOwn(value, field.key))
                            return false;
                        continue;
                    }
                    if (!Object.hasOwn(value, field.key))
                        return false;
                    present++;
                    if (field.string ? typeof item !== "string" : !field.check(item))
                        return false;
                }
                // No key beyond the known ones (nothing for zod to strip).
                let keys = 0;
                for (const _ in value)
                    keys++;
                return keys === present;
            };
        }
        default:
            return undefined;
    }
}
/**
 * Compiles a fast checker for `schema`, or returns undefined when the schema
 * uses anything the checker can't decide exactly as zod does.
 */
function compileFastCheck(schema) {
    return compile(schema);
}

;// CONCATENATED MODULE: ./src/state/schema-version.ts
const PATTERN = /^(\d{1,4})\.(\d{1,4})$/;
function parseSchemaVersion(text) {
    const match = PATTERN.exec(text);
    if (!match)
        return undefined;
    return { major: Number(match[1]), minor: Number(match[2]) };
}
function formatSchemaVersion(version) {
    return `${version.major}.${version.minor}`;
}
/** True when a reader of version `reader` can read a document of version `document`. */
function canRead(reader, document) {
    return reader.major === document.major && document.minor <= reader.minor;
}

;// CONCATENATED MODULE: ./src/state/snapshot.ts
/**
 * The persisted state: what ODS has seen built successfully, per scope.
 * Snapshots are immutable JSON documents; every field added after 1.0 is
 * optional so that older documents still read.
 *
 * 1.0 nodes with fingerprints, builds, upstream evidence
 * 1.1 target identity (ADR-0017), tested builds
 * 1.2 tested sources
 */



const SNAPSHOT_SCHEMA_VERSION = { major: 1, minor: 2 };
const exactnessSchema = schemas_enum(["exact", "semantic", "proxy", "inferred", "none"]);
/** A fingerprint: component name -> SHA-256 hex, plus the digest over the sorted components. */
const fingerprintSchema = object({
    scheme: schemas_string(),
    digest: schemas_string(),
    components: record(schemas_string(), schemas_string()),
});
/** A version of upstream data, e.g. a source's max_loaded_at, with when it was observed. */
const dataVersionSchema = object({
    value: schemas_string(),
    exactness: exactnessSchema,
    observed_at: schemas_string(),
});
/** Where a node's build went. `database` is null where the engine has none. */
const relationSchema = object({
    database: schemas_string().nullable(),
    schema: schemas_string(),
    identifier: schemas_string(),
});
/** The last passing run of a node's (or source's) checks, against the checks digest it had then. */
const testRecordSchema = object({
    run_id: schemas_string(),
    at: schemas_string(),
    checks_digest: schemas_string().optional(),
});
const nodeStateSchema = object({
    fingerprint: fingerprintSchema,
    version_key: schemas_string().optional(),
    /** Digest of the raw file text, outside the fingerprint: lets a REUSE say "only formatting changed". */
    raw_digest: schemas_string().optional(),
    run_id: schemas_string(),
    built_at: schemas_string(),
    materialized: schemas_string().optional(),
    relation: relationSchema.nullable().optional(),
    /** The run whose build of each parent node this build read. */
    parents: record(schemas_string(), schemas_string()),
    /** The version of each source this build saw (absent: no evidence for that source). */
    sources: record(schemas_string(), dataVersionSchema),
    tested: testRecordSchema.optional(),
    /** Set when the build was made elsewhere (a PR environment) and promoted by this run. */
    promoted_by: schemas_string().optional(),
    /** The sql component over the portable SQL (relation names as placeholders): compared when planning a PR environment. */
    portable_sql: schemas_string().optional(),
    /** Seconds dbt took to build it (run_results execution_time), for "reuse saves about …". */
    duration_s: schemas_number().optional(),
});
const sourceStateSchema = object({
    tested: testRecordSchema.optional(),
    version: dataVersionSchema.optional(),
});
/** A non-secret identity of the dbt target a build went to (ADR-0017). */
const targetIdentitySchema = object({
    name: schemas_string().optional(),
    adapter_type: schemas_string(),
    database: schemas_string().nullable().optional(),
    schema: schemas_string().nullable().optional(),
});
const snapshotSchema = object({
    schema_version: schemas_string(),
    project: schemas_string(),
    environment: schemas_string(),
    /** The run that produced this snapshot. */
    run_id: schemas_string(),
    created_at: schemas_string(),
    target: targetIdentitySchema.optional(),
    nodes: record(schemas_string(), nodeStateSchema),
    sources: record(schemas_string(), sourceStateSchema).optional(),
});
/** Decides exactly as snapshotSchema does for documents with only known keys (see fast-validate.ts). */
const fastSnapshotCheck = compileFastCheck(snapshotSchema);
/**
 * Validates a snapshot document, refusing versions this reader cannot read.
 * Pure: the caller turns a failure into an error naming its file.
 *
 * A document that has exactly the schema's shape (no unknown keys) is returned
 * as is, without a copy: zod's output would be deep-equal to it, and checking
 * it that way is ~20x faster on a 10,000-node snapshot. Anything else goes
 * through zod, which strips unknown keys (into a new object) or reports every
 * problem. Callers that keep mutating `document` afterwards should copy it.
 */
function readSnapshotDocument(document) {
    const declared = typeof document === "object" && document !== null
        ? document.schema_version
        : undefined;
    const version = typeof declared === "string" ? parseSchemaVersion(declared) : undefined;
    if (!version) {
        return {
            ok: false,
            problem: "version_invalid",
            detail: `schema_version is ${JSON.stringify(declared)}, not MAJOR.MINOR`,
        };
    }
    if (!canRead(SNAPSHOT_SCHEMA_VERSION, version)) {
        return {
            ok: false,
            problem: "version_newer",
            detail: `document schema_version ${declared} cannot be read by this version (reads ${SNAPSHOT_SCHEMA_VERSION.major}.0 to ${formatSchemaVersion(SNAPSHOT_SCHEMA_VERSION)})`,
        };
    }
    if (fastSnapshotCheck?.(document))
        return { ok: true, snapshot: document };
    const parsed = snapshotSchema.safeParse(document);
    if (!parsed.success) {
        const detail = parsed.error.issues
            .slice(0, 20)
            .map((issue) => `$.${issue.path.join(".")}: ${issue.message}`)
            .join("; ");
        return { ok: false, problem: "invalid", detail };
    }
    return { ok: true, snapshot: parsed.data };
}

;// CONCATENATED MODULE: ./src/store/store-errors.ts
/**
 * The errors a store raises about its file, each naming the file and saying
 * what to do with that exact path.
 */


function quote(file) {
    return /^[\w./@:+-]+$/.test(file) ? file : `'${file.replaceAll("'", "'\\''")}'`;
}
function recoveryHint(file) {
    const path = quote(file);
    return `Run \`ods-state doctor --state ${path}\` to see what is wrong. Then restore the newest good backup next to it (\`${path}.*.bak\`), or run \`ods-state reset --state ${path}\`, which moves the damaged file aside and lets the next run start from no state (every node is built). See docs/state-recovery.md.`;
}
function damaged(file, detail, problems = []) {
    return new user_error/* UserError */.yo("state_corrupt", `The state database ${file} is damaged: ${detail}`, {
        file,
        hint: recoveryHint(file),
        problems,
    });
}
function newerLayout(file, found, known) {
    return new user_error/* UserError */.yo("state_newer", `The state database ${file} has layout version ${found}, written by a newer ods-state; this ods-state (${VERSION}) knows layout versions up to ${known}. It was not opened.`, {
        file,
        hint: `Upgrade ods-state to the version that wrote it (or newer), or restore a backup written by this version (\`${quote(file)}.*.bak\`). Do not reset it unless you mean to lose what it records.`,
    });
}
function newerDocument(file, subject, detail) {
    return new user_error/* UserError */.yo("state_newer", `${subject} in ${file} was written by a newer ods-state: ${detail}.`, {
        file,
        hint: "Upgrade ods-state to the version that wrote it (or newer), or restore a backup written by this version.",
    });
}
function foreign(file, detail) {
    return new user_error/* UserError */.yo("state_foreign", `${file} is not an ods-state database: ${detail}.`, { file });
}
function locked(file, waitedMs) {
    return new user_error/* UserError */.yo("state_locked", `The state database ${file} is locked by another writer; waited ${waitedMs} ms.`, { file });
}

;// CONCATENATED MODULE: ./src/store/snapshot-codec.ts
/**
 * How a snapshot document is stored: a header (the document without its
 * nodes) and one content-addressed entry per node, `[node id, node state]`
 * as JSON, keyed by its SHA-256. Consecutive snapshots share most of their
 * nodes (a run rebuilds a few and carries the rest over), so each entry is
 * stored once however many snapshots use it, and 30 retained snapshots of a
 * 10,000-node project cost little more than one.
 *
 * A root digest over the header and every entry body, in order, seals the
 * snapshot: any byte changed in the header, an entry or the list of entries
 * is found on read, and reading refuses rather than returns something other
 * than what was committed. (Entry hashes are only the key that lets commits
 * share entries; an entry is reused only when its body is byte-equal.)
 */



/** Identifies the encoding in the root digest, so a future encoding can't be mistaken for this one. */
const ROOT_DOMAIN = "ods-state snapshot v1\n";
function sha256Hex(text) {
    return (0,external_node_crypto_namespaceObject.createHash)("sha256").update(text).digest("hex");
}
/** The content address of one entry body. */
const entryHash = sha256Hex;
/**
 * The root digest: SHA-256 over the header and every body, in order, each
 * preceded by its length so that no two sequences hash alike. One pass over
 * the bytes, so verifying a read costs ~1 ms per MB.
 */
function rootDigest(header, bodies) {
    const hash = (0,external_node_crypto_namespaceObject.createHash)("sha256").update(ROOT_DOMAIN).update(`${header.length}\n`).update(header);
    for (const body of bodies)
        hash.update(`\n${body.length}\n`).update(body);
    return hash.digest("hex");
}
function encodeSnapshot(snapshot) {
    const { nodes, ...rest } = snapshot;
    const header = JSON.stringify(rest);
    const bodies = [];
    for (const id of Object.keys(nodes))
        bodies.push(JSON.stringify([id, nodes[id]]));
    return { header, bodies, digest: rootDigest(header, bodies), nodeCount: bodies.length };
}
/**
 * Reassembles a document from its stored parts, verifying the root digest.
 * The result is unvalidated JSON: the caller validates it
 * (readSnapshotDocument) before trusting it.
 */
function decodeSnapshot(header, bodies, digest) {
    if (rootDigest(header, bodies) !== digest) {
        return {
            ok: false,
            detail: "its contents do not match the digest they were committed with (the header, a node entry or the list of entries changed)",
        };
    }
    let document;
    try {
        const parsed = JSON.parse(header);
        if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
            return { ok: false, detail: "the snapshot header is not a JSON object" };
        }
        document = parsed;
    }
    catch (error) {
        return { ok: false, detail: `the snapshot header is not JSON (${error.message})` };
    }
    const nodes = {};
    for (let index = 0; index < bodies.length; index++) {
        let parsed;
        try {
            parsed = JSON.parse(bodies[index]);
        }
        catch (error) {
            return { ok: false, detail: `node entry ${index} is not JSON (${error.message})` };
        }
        if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== "string") {
            return { ok: false, detail: `node entry ${index} is not [node id, node state]` };
        }
        const id = parsed[0];
        if (Object.hasOwn(nodes, id))
            return { ok: false, detail: `node ${id} appears twice` };
        if (id === "__proto__") {
            Object.defineProperty(nodes, id, {
                value: parsed[1],
                enumerable: true,
                writable: true,
                configurable: true,
            });
        }
        else {
            nodes[id] = parsed[1];
        }
    }
    document.nodes = nodes;
    return { ok: true, document };
}
/** Decodes and validates stored parts; never throws. */
function verifyParts(parts) {
    const decoded = decodeSnapshot(parts.header, parts.bodies, parts.digest);
    if (!decoded.ok)
        return { ok: false, kind: "damaged", detail: decoded.detail, problems: [] };
    const read = readSnapshotDocument(decoded.document);
    if (!read.ok) {
        if (read.problem === "version_newer")
            return { ok: false, kind: "newer", detail: read.detail, problems: [] };
        return {
            ok: false,
            kind: "damaged",
            detail: `the document fails its schema (${read.problem === "version_invalid" ? read.detail : "see below"})`,
            problems: read.problem === "invalid"
                ? read.detail.split("; ").map((line) => {
                    const colon = line.indexOf(": ");
                    return colon < 0
                        ? { path: "$", message: line }
                        : { path: line.slice(0, colon), message: line.slice(colon + 2) };
                })
                : [],
        };
    }
    const scope = `${read.snapshot.project}/${read.snapshot.environment}`;
    if (scope !== parts.scope) {
        return {
            ok: false,
            kind: "damaged",
            detail: `the document is for ${scope} but is stored under ${parts.scope}`,
            problems: [],
        };
    }
    return { ok: true, snapshot: read.snapshot };
}
/** Decodes and validates stored parts, or throws the error that names `location`. */
function materialize(location, parts) {
    const result = verifyParts(parts);
    const subject = `snapshot ${parts.id} of ${parts.scope}`;
    if (!result.ok) {
        throw result.kind === "newer"
            ? newerDocument(location, `The ${subject}`, result.detail)
            : damaged(location, `${subject}: ${result.detail}.`, result.problems);
    }
    return {
        id: parts.id,
        scope: parts.scope,
        parent: parts.parent,
        committed_at: parts.committed_at,
        snapshot: result.snapshot,
    };
}

;// CONCATENATED MODULE: ./src/store/state-store.ts
/**
 * The StateStore contract: where ODS keeps what was last built successfully,
 * one line of immutable snapshots per scope (`<project>/<environment>`), a
 * head per scope moved by compare-and-swap, and a ledger of every run.
 *
 * Every method returns a Promise so that a remote store can implement the
 * same contract later; the SQLite and in-memory stores resolve at once.
 * Both pass test/store/conformance.test.ts, which is the contract's
 * executable definition.
 */





const DEFAULT_KEEP_SNAPSHOTS = 30;
const DEFAULT_KEEP_RUNS = 1000;
/**
 * The head moved since the caller read it: another run committed first.
 * Recognisable by `instanceof ConflictError` or by `code === "state_conflict"`.
 */
class ConflictError extends user_error/* UserError */.yo {
    scope;
    expected;
    actual;
    constructor(scope, expected, actual, file) {
        super("state_conflict", `The head of ${scope} is ${actual === null ? "empty" : `snapshot ${actual}`}, not ${expected === null ? "empty" : `snapshot ${expected}`} as this run expected${file ? ` (in ${file})` : ""}: another run committed first. Nothing was written.`, file === undefined ? {} : { file });
        this.name = "ConflictError";
        this.scope = scope;
        this.expected = expected;
        this.actual = actual;
    }
}
function isConflict(error) {
    return error instanceof UserError && error.code === "state_conflict";
}
/** A caller handed the store something it must not persist. A bug, not a user error. */
class InvalidSnapshotError extends Error {
    constructor(message) {
        super(message);
        this.name = "InvalidSnapshotError";
    }
}
/** A new opaque snapshot id. */
function newSnapshotId() {
    return (0,external_node_crypto_namespaceObject.randomUUID)();
}
function resolveRetention(options = {}) {
    const keepSnapshots = options.keepSnapshots ?? DEFAULT_KEEP_SNAPSHOTS;
    const keepRuns = options.keepRuns ?? DEFAULT_KEEP_RUNS;
    for (const [name, value] of [
        ["keepSnapshots", keepSnapshots],
        ["keepRuns", keepRuns],
    ]) {
        if (!Number.isInteger(value) || value < 1) {
            throw new RangeError(`${name} must be a whole number of at least 1 (got ${value})`);
        }
    }
    return { keepSnapshots, keepRuns };
}
/**
 * Checks the arguments of a commit before anything is written. Returns the
 * scope key and the snapshot as the schema reads it (unknown keys stripped),
 * which is what gets stored.
 */
function validateCommit(scope, snapshot, run) {
    const problem = scopeProblem(scope);
    if (problem)
        throw new InvalidSnapshotError(`Invalid scope: ${problem}.`);
    const key = scopeKey(scope);
    const read = readSnapshotDocument(snapshot);
    if (!read.ok) {
        throw new InvalidSnapshotError(`Refusing to commit a snapshot this version could not read back: ${read.detail}`);
    }
    if (snapshot.project !== scope.project || snapshot.environment !== scope.environment) {
        throw new InvalidSnapshotError(`The snapshot is for ${snapshot.project}/${snapshot.environment} but is being committed to ${key}.`);
    }
    if (run)
        validateRun(run, key);
    return { key, snapshot: read.snapshot };
}
function validateRun(run, expectedScope) {
    const parsed = runRecordSchema.safeParse(run);
    if (!parsed.success) {
        throw new InvalidSnapshotError(`Invalid run record: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`);
    }
    if (run.run_id === "")
        throw new InvalidSnapshotError("A run record needs a run_id.");
    const scope = parseScopeKey(run.scope);
    const problem = scope ? scopeProblem(scope) : "it is not <project>/<environment>";
    if (problem)
        throw new InvalidSnapshotError(`Invalid run scope ${run.scope}: ${problem}.`);
    if (expectedScope !== undefined && run.scope !== expectedScope) {
        throw new InvalidSnapshotError(`The run is for scope ${run.scope} but is being committed to ${expectedScope}.`);
    }
}
function duplicateRun(run, file) {
    return new user_error/* UserError */.yo("record_refused", `Run ${run.run_id} is already in the ledger of ${run.scope}${file ? ` (in ${file})` : ""}; nothing was written.`, {
        ...(file === undefined ? {} : { file }),
        hint: "A run is recorded once. If this is a re-run, give it its own run id (for example, include the attempt number).",
    });
}
function unknownRunSnapshot(run, file) {
    return new user_error/* UserError */.yo("record_refused", `Run ${run.run_id} says it produced snapshot ${run.snapshot_id}, which is not a snapshot of ${run.scope}${file ? ` in ${file}` : ""}; nothing was written.`, {
        ...(file === undefined ? {} : { file }),
        hint: "Record the run through commit() to attach a new snapshot, or with the id of a snapshot of the same scope.",
    });
}

;// CONCATENATED MODULE: ./src/store/sqlite-store.ts
/**
 * The SQLite state store: `.ods/state.db` by default.
 *
 * - One file, WAL mode (readers run during a commit), a busy timeout (writers
 *   queue), `synchronous = FULL`. Every write is one `BEGIN IMMEDIATE`
 *   transaction: the head is read and moved under the write lock, so two
 *   processes committing on the same parent give one success and one
 *   Conflict, and a crash leaves the old head or the new one.
 * - A new file is built at a temporary path and linked into place, so the
 *   state file either doesn't exist or is a complete, initialised database.
 * - Opening checks that the file is SQLite, passes `PRAGMA quick_check`, is an
 *   ods-state database (application id) and not newer than this code (layout
 *   version); an older one is copied next to itself, then migrated.
 * - Reads verify every hash and validate the document: damage is an error
 *   naming the file, never a guess.
 * - Retention (retention.ts) runs in the commit's transaction; node entries no
 *   snapshot uses any more are deleted with the last snapshot that used them.
 *
 * See docs/state-recovery.md for what people do when something goes wrong.
 */













/** Where the state lives unless `--state` says otherwise, relative to the working directory. */
const DEFAULT_STATE_FILE = external_node_path_default().join(".ods", "state.db");
const SQLITE_MAGIC = "SQLite format 3\0";
/** Below this many free pages, pruning leaves them for the next commit to reuse. */
const VACUUM_MIN_FREE_PAGES = 256;
/** Runs `fn`, turning driver errors into errors that name `file`. */
function guard(file, fn, busyTimeoutMs = BUSY_TIMEOUT_MS) {
    try {
        return fn();
    }
    catch (error) {
        throw translate(file, error, busyTimeoutMs);
    }
}
function translate(file, error, busyTimeoutMs = BUSY_TIMEOUT_MS) {
    if (error instanceof user_error/* UserError */.yo || error instanceof InvalidSnapshotError)
        return error;
    const failure = (0,sqlite_driver/* classifySqliteError */.Lw)(error);
    const message = error instanceof Error ? error.message : String(error);
    switch (failure) {
        case "corrupt":
            return damaged(file, `SQLite reports ${message}.`);
        case "notadb":
            return damaged(file, `SQLite reports ${message} (the file is not a readable SQLite database).`);
        case "ioerr":
            return damaged(file, `SQLite could not read it (${message}).`);
        case "busy":
            return locked(file, busyTimeoutMs);
        case "readonly":
        case "cantopen":
            return new user_error/* UserError */.yo("file_unreadable", `The state database ${file} can't be opened for writing: ${message}.`, {
                file,
                hint: "Check that the file and its folder exist and are writable by this job (SQLite also writes STATE-wal and STATE-shm next to it).",
            });
        default:
            return error;
    }
}
/** A backup file name next to `file`: `state.db.<reason>-20261130T120000Z.bak`, never an existing one. */
function backupPath(file, reason, now = new Date()) {
    const stamp = now
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d+Z$/, "Z");
    let candidate = `${file}.${reason}-${stamp}.bak`;
    for (let n = 2; (0,external_node_fs_.existsSync)(candidate) || (0,external_node_fs_.existsSync)(`${candidate}-wal`); n++) {
        candidate = `${file}.${reason}-${stamp}-${n}.bak`;
    }
    return candidate;
}
/** Backups next to `file` (written by backup, migration or reset), newest first. */
function listBackups(file) {
    const dir = external_node_path_default().dirname(file);
    const base = external_node_path_default().basename(file);
    let names;
    try {
        names = (0,external_node_fs_.readdirSync)(dir);
    }
    catch {
        return [];
    }
    return names
        .filter((name) => name.startsWith(`${base}.`) && name.endsWith(".bak"))
        .map((name) => {
        const full = external_node_path_default().join(dir, name);
        const stat = (0,external_node_fs_.statSync)(full);
        return { path: full, bytes: stat.size, modified: stat.mtime };
    })
        .sort((a, b) => b.modified.getTime() - a.modified.getTime() || b.path.localeCompare(a.path));
}
function fsyncPath(target) {
    let fd;
    try {
        fd = (0,external_node_fs_.openSync)(target, "r");
        (0,external_node_fs_.fsyncSync)(fd);
    }
    catch {
        // Some filesystems refuse fsync on directories; the rename is still atomic.
    }
    finally {
        if (fd !== undefined)
            (0,external_node_fs_.closeSync)(fd);
    }
}
function tempPath(file, purpose) {
    return `${file}.${purpose}-${process.pid}-${(0,external_node_crypto_namespaceObject.randomBytes)(4).toString("hex")}.tmp`;
}
/** Moves `from` to `to` without ever replacing an existing `to`. */
function moveNoReplace(from, to) {
    (0,external_node_fs_.linkSync)(from, to);
    (0,external_node_fs_.unlinkSync)(from);
    fsyncPath(external_node_path_default().dirname(to));
}
/** What the first bytes of `file` say, before SQLite is asked. */
function inspectHeader(file) {
    const size = (0,external_node_fs_.statSync)(file).size;
    if (size === 0)
        return { problem: "the file is empty (0 bytes): it was truncated", size };
    const fd = (0,external_node_fs_.openSync)(file, "r");
    try {
        const buffer = Buffer.alloc(100);
        const read = (0,external_node_fs_.readSync)(fd, buffer, 0, 100, 0);
        const magic = buffer.subarray(0, Math.min(read, 16)).toString("latin1");
        if (!SQLITE_MAGIC.startsWith(magic) || read < 16 || magic !== SQLITE_MAGIC) {
            return {
                problem: read < 16 && SQLITE_MAGIC.startsWith(magic)
                    ? `the file is ${size} bytes, shorter than a SQLite header: it was truncated`
                    : "the file is not a SQLite database (its first bytes are not the SQLite header)",
                size,
            };
        }
        if (read < 100)
            return { problem: `the file is ${size} bytes, shorter than a SQLite header: it was truncated`, size };
        const pageSize = buffer.readUInt16BE(16) === 1 ? 65536 : buffer.readUInt16BE(16);
        if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) {
            return { problem: `the SQLite header is damaged (page size ${pageSize})`, size };
        }
        if (size % pageSize !== 0) {
            return {
                problem: `the file is ${size} bytes, not a whole number of ${pageSize}-byte pages: it was truncated or appended to`,
                size,
            };
        }
        return { problem: undefined, size };
    }
    finally {
        (0,external_node_fs_.closeSync)(fd);
    }
}
/** Runs `PRAGMA quick_check` (or integrity_check) and returns what it found, if anything. */
function pageCheck(connection, full = false) {
    const pragma = full ? "integrity_check" : "quick_check";
    const rows = connection.all(`PRAGMA ${pragma}(20)`);
    const lines = rows.map((row) => String(Object.values(row)[0]));
    return lines.length === 1 && lines[0] === "ok" ? [] : lines;
}
/**
 * Creates a new, initialised state database at `file`: built at a temporary
 * path, then linked into place only if nothing is there yet.
 */
function createDatabase(file, driver, now) {
    (0,external_node_fs_.mkdirSync)(external_node_path_default().dirname(file), { recursive: true });
    if ((0,external_node_fs_.existsSync)(`${file}-wal`)) {
        throw damaged(file, `its write-ahead log ${file}-wal is there but the database file is not: the database was removed or moved while the log stayed.`);
    }
    const temp = tempPath(file, "creating");
    try {
        const connection = (0,sqlite_driver/* openSqlite */.Lf)(temp, {}, driver);
        try {
            connection.exec("PRAGMA auto_vacuum = INCREMENTAL");
            connection.exec("PRAGMA synchronous = FULL");
            applyMigrations(connection, LAYOUT_VERSION, now);
        }
        finally {
            connection.close();
        }
        fsyncPath(temp);
        try {
            (0,external_node_fs_.linkSync)(temp, file);
            fsyncPath(external_node_path_default().dirname(file));
        }
        catch (error) {
            // Another process created it first: use theirs.
            if (error.code !== "EEXIST")
                throw error;
        }
    }
    finally {
        (0,external_node_fs_.rmSync)(temp, { force: true });
        (0,external_node_fs_.rmSync)(`${temp}-journal`, { force: true });
    }
}
/** Writes a consistent copy of the open database to `to` (temporary file, then rename). */
function vacuumInto(connection, file, to) {
    if ((0,external_node_fs_.existsSync)(to))
        throw new user_error/* UserError */.yo("usage", `Refusing to overwrite ${to}: it exists.`, { file: to });
    (0,external_node_fs_.mkdirSync)(external_node_path_default().dirname(external_node_path_default().resolve(to)), { recursive: true });
    const temp = tempPath(to, "copying");
    try {
        guard(file, () => connection.run("VACUUM INTO ?", temp));
        fsyncPath(temp);
        moveNoReplace(temp, to);
    }
    finally {
        (0,external_node_fs_.rmSync)(temp, { force: true });
    }
}
function parseEntryIds(text) {
    try {
        const value = JSON.parse(text);
        return Array.isArray(value) && value.every((id) => Number.isSafeInteger(id))
            ? value
            : undefined;
    }
    catch {
        return undefined;
    }
}
/**
 * Loads a snapshot row's entries in document order. Returns a description of
 * what is missing instead when the row refers to entries that are not there.
 */
function loadParts(connection, row) {
    const ids = parseEntryIds(row.entries);
    if (!ids)
        return "its list of node entries is not a JSON array of entry ids";
    const byId = loadBodies(connection, row.entries);
    const bodies = [];
    for (const id of ids) {
        const body = byId.get(id);
        if (body === undefined)
            return `node entry ${id} it refers to is missing`;
        bodies.push(body);
    }
    return {
        id: row.id,
        scope: row.scope,
        parent: row.parent,
        committed_at: row.committed_at,
        header: row.header,
        bodies,
        digest: row.digest,
        entryIds: ids,
    };
}
/** Entry bodies by id, for a snapshot's list of entry ids (JSON text). */
function loadBodies(connection, entries) {
    const byId = new Map();
    for (const entry of connection.all("SELECT e.id, e.body FROM json_each(?) AS j JOIN entries AS e ON e.id = j.value", entries)) {
        byId.set(Number(entry.id), entry.body);
    }
    return byId;
}
function toLedgerEntry(row) {
    return {
        run_id: row.run_id,
        scope: row.scope,
        invocation_id: row.invocation_id,
        command: row.command,
        started_at: row.started_at,
        ended_at: row.ended_at,
        status: row.status,
        snapshot_id: row.snapshot_id,
        ...(row.detail === null ? {} : { detail: row.detail }),
        recorded_at: row.recorded_at,
        snapshot_retained: Boolean(row.retained),
    };
}
const RUN_COLUMNS = `r.scope, r.run_id, r.invocation_id, r.command, r.started_at, r.ended_at, r.status,
  r.snapshot_id, r.detail, r.recorded_at,
  EXISTS (SELECT 1 FROM snapshots s WHERE s.id = r.snapshot_id) AS retained`;
/**
 * The checks behind `check()` and `ods-state doctor`, on an open connection.
 * Read-only; runs in one read transaction so a concurrent commit can't make a
 * healthy file look damaged.
 */
function runChecks(connection, file, full) {
    const problems = [];
    const fix = recoveryHint(file);
    const report = {
        ok: true,
        location: file,
        layout_version: undefined,
        scopes: 0,
        snapshots: 0,
        runs: 0,
        problems,
    };
    const error = (subject, message, action = fix) => problems.push({ severity: "error", subject, message, action });
    const finish = () => {
        report.ok = !problems.some((problem) => problem.severity === "error");
        return report;
    };
    try {
        connection.exec("BEGIN");
    }
    catch (caught) {
        error(file, `The file can't be read: ${caught.message}.`);
        return finish();
    }
    try {
        const pages = pageCheck(connection, full);
        for (const line of pages)
            error(file, `SQLite's ${full ? "integrity" : "quick"} check: ${line}.`);
        const layout = readLayout(connection);
        report.layout_version = layout.version;
        if (layout.applicationId !== APPLICATION_ID) {
            error(file, `It is not an ods-state database (application id ${layout.applicationId}).`, "Point --state at the state database, or move this file away.");
            return finish();
        }
        if (layout.version > LAYOUT_VERSION) {
            problems.push({
                severity: "error",
                subject: file,
                message: `It has layout version ${layout.version}, written by a newer ods-state; this version knows up to ${LAYOUT_VERSION}.`,
                action: "Upgrade ods-state, or restore a backup written by this version. It is not damaged: don't reset it.",
            });
            return finish();
        }
        if (layout.version < LAYOUT_VERSION) {
            problems.push({
                severity: "warning",
                subject: file,
                message: `It has layout version ${layout.version}; this ods-state writes ${LAYOUT_VERSION}.`,
                action: "Nothing to do: the next run that writes state copies it next to itself, then migrates it.",
            });
        }
        if (pages.length > 0)
            return finish();
        const hasRuns = layout.version >= 2;
        const heads = connection.all("SELECT h.scope, h.snapshot_id, EXISTS (SELECT 1 FROM snapshots s WHERE s.id = h.snapshot_id) AS present FROM heads h ORDER BY h.scope");
        for (const head of heads) {
            if (!head.present)
                error(head.scope, `The head points to snapshot ${head.snapshot_id}, which is missing.`);
        }
        const rows = connection.all("SELECT id, scope, parent, committed_at, header, entries, digest FROM snapshots ORDER BY seq");
        report.snapshots = rows.length;
        const used = new Set();
        for (const row of rows) {
            const parts = loadParts(connection, row);
            if (typeof parts === "string") {
                error(`snapshot ${row.id} (${row.scope})`, `The snapshot is incomplete: ${parts}.`);
                continue;
            }
            for (const id of parseEntryIds(row.entries) ?? [])
                used.add(id);
            const verified = verifyParts(parts);
            if (!verified.ok) {
                if (verified.kind === "newer") {
                    error(`snapshot ${row.id} (${row.scope})`, `The document was written by a newer ods-state: ${verified.detail}.`, "Upgrade ods-state, or restore a backup written by this version.");
                }
                else {
                    const detail = verified.problems
                        .slice(0, 5)
                        .map((problem) => `${problem.path}: ${problem.message}`)
                        .join("; ");
                    error(`snapshot ${row.id} (${row.scope})`, `${verified.detail}${detail ? `: ${detail}` : ""}.`);
                }
            }
        }
        let entryCount = 0;
        for (const entry of connection.all("SELECT id, hash, body FROM entries")) {
            entryCount++;
            if (entryHash(entry.body) !== entry.hash) {
                error(`node entry ${entry.id}`, `The entry does not match its hash ${entry.hash.slice(0, 12)}: it was changed in place.`);
            }
        }
        const orphans = entryCount - used.size;
        if (orphans > 0) {
            problems.push({
                severity: "warning",
                subject: file,
                message: `${orphans} node entries are used by no snapshot.`,
                action: "Nothing to do: they take space only, and the next commit that prunes removes them.",
            });
        }
        let scopes = new Set(heads.map((head) => head.scope));
        if (hasRuns) {
            const runs = connection.all(`SELECT ${RUN_COLUMNS} FROM runs r ORDER BY r.seq`);
            report.runs = runs.length;
            scopes = new Set([...scopes, ...runs.map((run) => run.scope)]);
            for (const run of runs) {
                const parsed = runRecordSchema.safeParse(toLedgerEntry(run));
                if (!parsed.success) {
                    error(`run ${run.run_id} (${run.scope})`, `The ledger row fails its schema: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}.`);
                }
            }
        }
        report.scopes = scopes.size;
    }
    catch (caught) {
        const translated = translate(file, caught);
        error(file, translated instanceof Error ? translated.message : String(translated));
    }
    finally {
        try {
            connection.exec("COMMIT");
        }
        catch {
            // Read transaction; nothing to keep.
        }
    }
    return finish();
}
class SqliteStateStore {
    location;
    driver;
    connection;
    keepSnapshots;
    keepRuns;
    now;
    busyTimeoutMs;
    closed = false;
    /**
     * The entry ids and bodies of the snapshot this store last read or
     * committed. Snapshots and the entries they use are immutable while the
     * snapshot exists, so a commit on top of it (the usual latest() then
     * commit()) compares its nodes with these instead of reading them again.
     */
    recent;
    constructor(connection, file, options) {
        this.connection = connection;
        this.location = file;
        this.driver = connection.driver;
        const retention = resolveRetention(options);
        this.keepSnapshots = retention.keepSnapshots;
        this.keepRuns = retention.keepRuns;
        this.now = options.now ?? (() => new Date());
        this.busyTimeoutMs = options.busyTimeoutMs ?? BUSY_TIMEOUT_MS;
    }
    /**
     * Opens the state database at `file` for reading and writing, creating it
     * when it doesn't exist (unless `create: false`), migrating an older one
     * (after writing a copy next to it). Refuses a damaged, foreign or newer
     * file with an error that names it.
     */
    static async open(file, options = {}) {
        const resolved = external_node_path_default().resolve(file);
        const driver = options.driver ?? "auto";
        const now = options.now ?? (() => new Date());
        resolveRetention(options);
        if (!(0,external_node_fs_.existsSync)(resolved)) {
            if (options.create === false) {
                throw new user_error/* UserError */.yo("file_missing", `There is no state database at ${resolved}.`, { file: resolved });
            }
            guard(resolved, () => createDatabase(resolved, driver, now));
            options.log?.(`Created the state database ${resolved}.`);
        }
        const header = inspectHeader(resolved);
        if (header.problem)
            throw damaged(resolved, `${header.problem}.`);
        // Opened plainly first: nothing is changed in the file (not even its journal
        // mode) until it is known to be a healthy ods-state database of a known layout.
        const connection = guard(resolved, () => (0,sqlite_driver/* openSqlite */.Lf)(resolved, { mustExist: true }, driver));
        try {
            guard(resolved, () => setBusyTimeout(connection, options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs }));
            const pages = guard(resolved, () => pageCheck(connection));
            if (pages.length > 0) {
                throw damaged(resolved, "SQLite's quick check found damaged pages.", pages.map((line) => ({ path: "quick_check", message: line })));
            }
            const layout = guard(resolved, () => readLayout(connection));
            if (layout.applicationId !== APPLICATION_ID) {
                if (layout.applicationId !== 0 || layout.version !== 0 || layout.tables > 0) {
                    throw foreign(resolved, layout.applicationId === 0
                        ? `it is a SQLite database with ${layout.tables} tables and no ods-state marker`
                        : `its application id is ${layout.applicationId}, not ods-state's ${APPLICATION_ID}`);
                }
            }
            else if (layout.version > LAYOUT_VERSION) {
                throw newerLayout(resolved, layout.version, LAYOUT_VERSION);
            }
            guard(resolved, () => configureForWriting(connection));
            if (layout.version < LAYOUT_VERSION) {
                const holdsData = layout.tables > 0 && SqliteStateStore.holdsData(connection, layout.version);
                if (holdsData) {
                    const copy = backupPath(resolved, `pre-migration-v${layout.version}`, now());
                    vacuumInto(connection, resolved, copy);
                    options.log?.(`Migrating the state database ${resolved} from layout ${layout.version} to ${LAYOUT_VERSION}; a copy of it is at ${copy}.`);
                }
                guard(resolved, () => applyMigrations(connection, LAYOUT_VERSION, now), options.busyTimeoutMs);
            }
            return new SqliteStateStore(connection, resolved, options);
        }
        catch (error) {
            connection.close();
            throw error;
        }
    }
    static holdsData(connection, version) {
        const tables = version >= 2 ? ["snapshots", "runs"] : ["snapshots"];
        return tables.some((table) => connection.get(`SELECT 1 FROM ${table} LIMIT 1`) !== undefined);
    }
    guard(fn) {
        if (this.closed)
            throw new Error(`The state store ${this.location} is closed.`);
        return guard(this.location, fn, this.busyTimeoutMs);
    }
    /** Runs `fn` in a read transaction: one consistent view of the file. */
    read(fn) {
        return this.guard(() => {
            this.connection.exec("BEGIN");
            try {
                return fn();
            }
            finally {
                this.connection.exec("COMMIT");
            }
        });
    }
    /** Runs `fn` in a write transaction taken at once (`BEGIN IMMEDIATE`). */
    write(fn) {
        return this.guard(() => {
            this.connection.exec("BEGIN IMMEDIATE");
            try {
                const result = fn();
                this.connection.exec("COMMIT");
                return result;
            }
            catch (error) {
                try {
                    this.connection.exec("ROLLBACK");
                }
                catch {
                    // Already rolled back by SQLite; the original error is what matters.
                }
                throw error;
            }
        });
    }
    snapshotRow(where, key) {
        const columns = "s.id, s.scope, s.parent, s.committed_at, s.header, s.entries, s.digest";
        return where === "id"
            ? this.connection.get(`SELECT ${columns} FROM snapshots s WHERE s.id = ?`, key)
            : this.connection.get(`SELECT ${columns} FROM heads h JOIN snapshots s ON s.id = h.snapshot_id WHERE h.scope = ?`, key);
    }
    partsOrDamage(row) {
        const parts = loadParts(this.connection, row);
        if (typeof parts === "string") {
            throw damaged(this.location, `snapshot ${row.id} of ${row.scope} is incomplete: ${parts}.`);
        }
        return parts;
    }
    /** Remembers a snapshot's entries once they are verified (see `recent`). */
    remember(parts, snapshot) {
        this.recent = { id: parts.id, ids: parts.entryIds, bodies: [...parts.bodies] };
        return snapshot;
    }
    async latest(scope) {
        const key = checkedScope(scope);
        const parts = this.read(() => {
            const head = this.connection.get("SELECT snapshot_id FROM heads WHERE scope = ?", key);
            if (!head)
                return undefined;
            const row = this.snapshotRow("id", head.snapshot_id);
            if (!row) {
                throw damaged(this.location, `the head of ${key} points to snapshot ${head.snapshot_id}, which is missing.`);
            }
            return this.partsOrDamage(row);
        });
        return parts && this.remember(parts, materialize(this.location, parts));
    }
    async get(id) {
        const parts = this.read(() => {
            const row = this.snapshotRow("id", id);
            return row && this.partsOrDamage(row);
        });
        return parts && materialize(this.location, parts);
    }
    async commit(scope, expectedParent, snapshot, run) {
        const { key, snapshot: valid } = validateCommit(scope, snapshot, run);
        // The expensive part (serialising and hashing every node) happens before the write lock is taken.
        const encoded = encodeSnapshot(valid);
        const id = newSnapshotId();
        let committedIds = [];
        const result = this.write(() => {
            const committedAt = this.now().toISOString();
            const head = this.connection.get("SELECT snapshot_id FROM heads WHERE scope = ?", key)
                ?.snapshot_id ?? null;
            if (head !== expectedParent)
                throw new ConflictError(key, expectedParent, head, this.location);
            if (run && this.connection.get("SELECT 1 FROM runs WHERE scope = ? AND run_id = ?", key, run.run_id)) {
                throw duplicateRun(run, this.location);
            }
            const ids = this.storeEntries(encoded.bodies, head);
            committedIds = ids;
            this.connection.run(`INSERT INTO snapshots (id, scope, parent, committed_at, run_id, schema_version, node_count, header, entries, digest)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, id, key, head, committedAt, valid.run_id, valid.schema_version, encoded.nodeCount, encoded.header, JSON.stringify(ids), encoded.digest);
            this.connection.run(`INSERT INTO heads (scope, snapshot_id, moved_at) VALUES (?, ?, ?)
         ON CONFLICT (scope) DO UPDATE SET snapshot_id = excluded.snapshot_id, moved_at = excluded.moved_at`, key, id, committedAt);
            if (run)
                this.insertRun({ ...run, snapshot_id: id }, committedAt);
            const pruned = this.prune(key);
            return { id, scope: key, parent: head, committed_at: committedAt, pruned };
        });
        this.recent = { id, ids: committedIds, bodies: encoded.bodies };
        return result;
    }
    /**
     * Stores the entry bodies that aren't stored yet; returns every entry's id,
     * in order. An entry is reused only when its body is byte-equal to a stored
     * one: first the parent's at the same position (a run changes few nodes and
     * keeps their order), else any stored entry with the same hash.
     */
    storeEntries(bodies, parent) {
        let parentIds = [];
        let parentBodies = [];
        if (parent !== null && this.recent?.id === parent) {
            parentIds = this.recent.ids;
            parentBodies = this.recent.bodies;
        }
        else if (parent !== null) {
            const row = this.connection.get("SELECT entries FROM snapshots WHERE id = ?", parent);
            if (row) {
                const byId = loadBodies(this.connection, row.entries);
                parentIds = parseEntryIds(row.entries) ?? [];
                parentBodies = parentIds.map((id) => byId.get(id));
            }
        }
        const ids = [];
        for (let index = 0; index < bodies.length; index++) {
            const body = bodies[index];
            if (parentBodies[index] === body) {
                ids.push(parentIds[index]);
                continue;
            }
            const hash = entryHash(body);
            const inserted = this.connection.get("INSERT INTO entries (hash, body) VALUES (?, ?) ON CONFLICT (hash) DO NOTHING RETURNING id", hash, body);
            if (inserted) {
                ids.push(Number(inserted.id));
                continue;
            }
            // Stored already (by an older snapshot): reuse it, if it is byte-equal.
            const existing = this.connection.get("SELECT id, body FROM entries WHERE hash = ?", hash);
            if (existing.body !== body) {
                throw damaged(this.location, `node entry ${existing.id} does not match its hash ${hash.slice(0, 12)}.`);
            }
            ids.push(Number(existing.id));
        }
        return ids;
    }
    insertRun(run, recordedAt) {
        this.connection.run(`INSERT INTO runs (scope, run_id, invocation_id, command, started_at, ended_at, status, snapshot_id, detail, recorded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, run.scope, run.run_id, run.invocation_id, run.command, run.started_at, run.ended_at, run.status, run.snapshot_id, run.detail ?? null, recordedAt);
    }
    /** Applies retention to `scope` (inside the caller's write transaction); returns how many snapshots went. */
    prune(scope) {
        const snapshots = this.connection
            .all("SELECT id FROM snapshots WHERE scope = ? ORDER BY seq DESC", scope)
            .map((row) => row.id);
        let pruned = 0;
        if (snapshots.length > this.keepSnapshots) {
            const head = this.connection.get("SELECT snapshot_id FROM heads WHERE scope = ?", scope)?.snapshot_id;
            const ledger = this.connection
                .all("SELECT snapshot_id FROM runs WHERE scope = ? ORDER BY seq DESC LIMIT ?", scope, this.keepSnapshots)
                .map((row) => row.snapshot_id);
            const doomed = snapshotsToPrune(snapshots, head, ledger, this.keepSnapshots);
            if (doomed.length > 0) {
                const candidates = new Set();
                for (const id of doomed) {
                    const row = this.connection.get("SELECT entries FROM snapshots WHERE id = ?", id);
                    for (const entry of parseEntryIds(row?.entries ?? "[]") ?? [])
                        candidates.add(entry);
                    this.connection.run("DELETE FROM snapshots WHERE id = ?", id);
                }
                pruned = doomed.length;
                // Entries still used by any snapshot (of any scope) stay.
                for (const row of this.connection.all("SELECT entries FROM snapshots")) {
                    if (candidates.size === 0)
                        break;
                    const ids = parseEntryIds(row.entries);
                    if (!ids)
                        throw damaged(this.location, "a snapshot's list of node entries is not a JSON array.");
                    for (const entry of ids)
                        candidates.delete(entry);
                }
                for (const entry of candidates)
                    this.connection.run("DELETE FROM entries WHERE id = ?", entry);
            }
        }
        this.connection.run(`DELETE FROM runs WHERE scope = ? AND seq <= (
         SELECT seq FROM runs WHERE scope = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)`, scope, scope, this.keepRuns);
        if (pruned > 0)
            this.releaseFreePages();
        return pruned;
    }
    /** Gives free pages back to the file system when there are many (auto_vacuum = INCREMENTAL). */
    releaseFreePages() {
        const free = Number(this.connection.get("PRAGMA freelist_count")?.freelist_count ?? 0);
        const total = Number(this.connection.get("PRAGMA page_count")?.page_count ?? 0);
        if (free >= VACUUM_MIN_FREE_PAGES && free * 4 >= total) {
            this.connection.all(`PRAGMA incremental_vacuum(${free})`);
        }
    }
    async history(scope, limit) {
        const key = checkedScope(scope);
        return this.read(() => this.connection
            .all(`SELECT s.id, s.scope, s.parent, s.committed_at, s.run_id, s.schema_version, s.node_count,
                  EXISTS (SELECT 1 FROM heads h WHERE h.snapshot_id = s.id) AS head
           FROM snapshots s WHERE s.scope = ? ORDER BY s.seq DESC LIMIT ?`, key, limitOf(limit))
            .map((row) => ({ ...row, node_count: Number(row.node_count), head: Boolean(row.head) })));
    }
    async scopes() {
        return this.read(() => this.connection
            .all(`WITH names AS (SELECT scope FROM heads UNION SELECT scope FROM runs UNION SELECT scope FROM snapshots)
           SELECT n.scope,
                  h.snapshot_id AS head,
                  (SELECT committed_at FROM snapshots s WHERE s.id = h.snapshot_id) AS head_committed_at,
                  (SELECT count(*) FROM snapshots s WHERE s.scope = n.scope) AS snapshots,
                  (SELECT count(*) FROM runs r WHERE r.scope = n.scope) AS runs
           FROM names n LEFT JOIN heads h ON h.scope = n.scope ORDER BY n.scope`)
            .map((row) => ({
            scope: row.scope,
            head: row.head ?? undefined,
            head_committed_at: row.head_committed_at ?? undefined,
            snapshots: Number(row.snapshots),
            runs: Number(row.runs),
        })));
    }
    async recordRun(run) {
        validateRun(run);
        const parsed = runRecordSchema.parse(run);
        this.write(() => {
            if (this.connection.get("SELECT 1 FROM runs WHERE scope = ? AND run_id = ?", run.scope, run.run_id)) {
                throw duplicateRun(run, this.location);
            }
            if (run.snapshot_id !== null &&
                !this.connection.get("SELECT 1 FROM snapshots WHERE id = ? AND scope = ?", run.snapshot_id, run.scope)) {
                throw unknownRunSnapshot(run, this.location);
            }
            this.insertRun(parsed, this.now().toISOString());
            this.prune(run.scope);
        });
    }
    async runs(scope, limit) {
        const key = checkedScope(scope);
        return this.read(() => this.connection
            .all(`SELECT ${RUN_COLUMNS} FROM runs r WHERE r.scope = ? ORDER BY r.seq DESC LIMIT ?`, key, limitOf(limit))
            .map(toLedgerEntry));
    }
    async check(options = {}) {
        if (this.closed)
            throw new Error(`The state store ${this.location} is closed.`);
        return runChecks(this.connection, this.location, options.full ?? false);
    }
    /** Writes a consistent copy of the database to `to` (default: a `.bak` next to it); returns its path. */
    async backup(to) {
        const target = to ? external_node_path_default().resolve(to) : backupPath(this.location, "backup", this.now());
        if (this.closed)
            throw new Error(`The state store ${this.location} is closed.`);
        vacuumInto(this.connection, this.location, target);
        return target;
    }
    async close() {
        if (this.closed)
            return;
        this.closed = true;
        try {
            this.connection.exec("PRAGMA wal_checkpoint(TRUNCATE)");
        }
        catch {
            // Another connection is reading; SQLite checkpoints later.
        }
        this.connection.close();
    }
}
function checkedScope(scope) {
    const problem = scopeProblem(scope);
    if (problem)
        throw new InvalidSnapshotError(`Invalid scope: ${problem}.`);
    return scopeKey(scope);
}
function limitOf(limit) {
    if (limit === undefined)
        return -1;
    if (!Number.isInteger(limit) || limit < 0)
        throw new RangeError(`limit must be a whole number (got ${limit})`);
    return limit;
}
/**
 * Inspects the state file without changing it (doctor): never migrates,
 * never creates, never throws for damage; everything found is in the report.
 */
async function inspectStateFile(file, options = {}) {
    const resolved = external_node_path_default().resolve(file);
    const emptyReport = (problems = []) => ({
        ok: !problems.some((problem) => problem.severity === "error"),
        location: resolved,
        layout_version: undefined,
        scopes: 0,
        snapshots: 0,
        runs: 0,
        problems,
    });
    const size = (target) => ((0,external_node_fs_.existsSync)(target) ? (0,external_node_fs_.statSync)(target).size : 0);
    const base = {
        file: resolved,
        backups: listBackups(resolved),
        bytes: size(resolved),
        walBytes: size(`${resolved}-wal`),
    };
    if (!(0,external_node_fs_.existsSync)(resolved)) {
        const problems = [];
        if ((0,external_node_fs_.existsSync)(`${resolved}-wal`)) {
            problems.push({
                severity: "error",
                subject: resolved,
                message: `Its write-ahead log ${resolved}-wal is there but the database file is not.`,
                action: `Put the database file back (restore it from a backup), or move ${resolved}-wal away to start from no state.`,
            });
        }
        return { ...base, exists: false, report: emptyReport(problems) };
    }
    const header = inspectHeader(resolved);
    if (header.problem) {
        return {
            ...base,
            exists: true,
            report: emptyReport([
                {
                    severity: "error",
                    subject: resolved,
                    message: `${capitalise(header.problem)}.`,
                    action: recoveryHint(resolved),
                },
            ]),
        };
    }
    let connection;
    try {
        connection = (0,sqlite_driver/* openSqlite */.Lf)(resolved, { readonly: true, mustExist: true }, options.driver ?? "auto");
    }
    catch (error) {
        return {
            ...base,
            exists: true,
            report: emptyReport([
                {
                    severity: "error",
                    subject: resolved,
                    message: `It can't be opened: ${error.message}.`,
                    action: recoveryHint(resolved),
                },
            ]),
        };
    }
    try {
        connection.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
        return { ...base, exists: true, report: runChecks(connection, resolved, options.full ?? true) };
    }
    finally {
        connection.close();
    }
}
function capitalise(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
}
/**
 * Writes a consistent copy of the state file to `to` while others may be
 * reading or writing it (SQLite's `VACUUM INTO` reads one transaction's
 * view). Opens read-only: never migrates. Refuses a damaged or newer file.
 */
async function backupStateFile(file, to, options = {}) {
    const resolved = external_node_path_default().resolve(file);
    if (!(0,external_node_fs_.existsSync)(resolved)) {
        throw new user_error/* UserError */.yo("file_missing", `There is no state database at ${resolved} to back up.`, {
            file: resolved,
        });
    }
    const header = inspectHeader(resolved);
    if (header.problem)
        throw damaged(resolved, `${header.problem}.`);
    const connection = guard(resolved, () => (0,sqlite_driver/* openSqlite */.Lf)(resolved, { readonly: true, mustExist: true }, options.driver ?? "auto"));
    try {
        connection.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
        const layout = guard(resolved, () => readLayout(connection));
        if (layout.applicationId !== APPLICATION_ID)
            throw foreign(resolved, `its application id is ${layout.applicationId}`);
        if (layout.version > LAYOUT_VERSION)
            throw newerLayout(resolved, layout.version, LAYOUT_VERSION);
        const pages = guard(resolved, () => pageCheck(connection));
        if (pages.length > 0) {
            throw damaged(resolved, "SQLite's quick check found damaged pages; a copy would carry the damage.", pages.map((line) => ({ path: "quick_check", message: line })));
        }
        const target = to
            ? external_node_path_default().resolve(to)
            : backupPath(resolved, "backup", (options.now ?? (() => new Date()))());
        vacuumInto(connection, resolved, target);
        return target;
    }
    finally {
        connection.close();
    }
}
/**
 * Moves the state file (and its write-ahead log) aside, so that the next run
 * starts from no state. Nothing is deleted: the copy keeps every byte, damaged
 * or not, and can be opened or restored by moving it back. Returns where it
 * went, or undefined when there was no file. Run it when nothing else is
 * using the state.
 */
function resetStateFile(file, now = new Date()) {
    const resolved = external_node_path_default().resolve(file);
    if (!(0,external_node_fs_.existsSync)(resolved)) {
        if ((0,external_node_fs_.existsSync)(`${resolved}-wal`)) {
            const copy = backupPath(resolved, "reset", now);
            moveNoReplace(`${resolved}-wal`, `${copy}-wal`);
            (0,external_node_fs_.rmSync)(`${resolved}-shm`, { force: true });
            return { moved: `${copy}-wal`, wal: true };
        }
        return { moved: undefined, wal: false };
    }
    const copy = backupPath(resolved, "reset", now);
    // The database file first: a process opening the state between the two moves
    // finds a log without its database and refuses, instead of starting over on it.
    (0,external_node_fs_.renameSync)(resolved, copy);
    let wal = false;
    if ((0,external_node_fs_.existsSync)(`${resolved}-wal`) && (0,external_node_fs_.statSync)(`${resolved}-wal`).size === 0)
        (0,external_node_fs_.rmSync)(`${resolved}-wal`);
    if ((0,external_node_fs_.existsSync)(`${resolved}-wal`)) {
        (0,external_node_fs_.renameSync)(`${resolved}-wal`, `${copy}-wal`);
        wal = true;
    }
    (0,external_node_fs_.rmSync)(`${resolved}-shm`, { force: true });
    fsyncPath(external_node_path_default().dirname(resolved));
    return { moved: copy, wal };
}

;// CONCATENATED MODULE: ./src/cli/commands/state-file.ts
/**
 * What the state commands (history, doctor, backup, reset) share: the
 * `--state PATH` option, resolved against the context's working directory.
 */


const STATE_OPTION = { state: { type: "string" } };
const STATE_OPTION_HELP = `the state database; default ${DEFAULT_STATE_FILE} in the working directory`;
function stateFile(values, context) {
    const value = values.state;
    return external_node_path_default().resolve(context.cwd, typeof value === "string" && value !== "" ? value : DEFAULT_STATE_FILE);
}
/** A path as the user would type it from the working directory, when it is under it. */
function shown(file, context) {
    const relative = external_node_path_default().relative(context.cwd, file);
    return relative !== "" && !relative.startsWith("..") && !external_node_path_default().isAbsolute(relative) ? relative : file;
}
function formatBytes(bytes) {
    if (bytes < 1024)
        return `${bytes} B`;
    if (bytes < 1024 * 1024)
        return `${(bytes / 1024).toFixed(1)} KiB`;
    return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
function count(n, noun) {
    return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

;// CONCATENATED MODULE: ./src/cli/commands/backup.ts




const backupCommand = {
    name: "backup",
    summary: "write a consistent copy of the state database, even while runs read or write it",
    usage: ["backup [--state PATH] [--to PATH]"],
    optionHelp: {
        state: STATE_OPTION_HELP,
        to: "where to write the copy (must not exist); default STATE.backup-<UTC time>.bak next to the state",
    },
    options: { ...STATE_OPTION, to: { type: "string" } },
    examples: ["ods-state backup", "ods-state backup --to /backups/state-$(date +%F).db"],
    async run(values, _positionals, context) {
        const file = stateFile(values, context);
        const to = typeof values.to === "string" ? external_node_path_default().resolve(context.cwd, values.to) : undefined;
        const written = await backupStateFile(file, to, { driver: context.sqliteDriver });
        context.stdout(`Wrote a consistent copy of ${shown(file, context)} to ${shown(written, context)} (${formatBytes((0,external_node_fs_.statSync)(written).size)}).\nTo restore it: move the damaged or unwanted state aside (ods-state reset), then copy the backup to ${shown(file, context)}.\n`);
        return 0;
    },
};

;// CONCATENATED MODULE: ./src/dbt/fingerprint/digest.ts

/** SHA-256 of UTF-8 text, lower-case hex. */
function sha256(text) {
    return (0,external_node_crypto_namespaceObject.createHash)("sha256").update(text, "utf8").digest("hex");
}
/** SHA-256 of the concatenation of `parts` (text as UTF-8), lower-case hex, without joining them first. */
function sha256Of(...parts) {
    const hash = (0,external_node_crypto_namespaceObject.createHash)("sha256");
    for (const part of parts) {
        if (typeof part === "string")
            hash.update(part, "utf8");
        else
            hash.update(part);
    }
    return hash.digest("hex");
}

;// CONCATENATED MODULE: ./src/dbt/fingerprint/fingerprint.ts

const SCHEME = "dbt/2";
/** The components of scheme dbt/2, in the order they are explained. */
const COMPONENT_NAMES = (/* unused pure expression or super */ null && ([
    "scheme",
    "sql",
    "file",
    "compiled_code",
    "config",
    "macros",
    "contract",
    "relation",
    "engine",
]));
/** Digest over the components, sorted by name: `name\0digest\n` each. */
function combineComponents(components) {
    const lines = Object.keys(components)
        .sort()
        .map((name) => `${name}\0${components[name]}\n`);
    return sha256(lines.join(""));
}
function makeFingerprint(components, scheme = SCHEME) {
    const sorted = {};
    for (const name of Object.keys(components).sort())
        sorted[name] = components[name];
    return { scheme, digest: combineComponents(sorted), components: sorted };
}
/** What differs from `before` to `after`, each list sorted by name. */
function diffFingerprints(before, after) {
    const changed = [];
    const added = [];
    const removed = [];
    for (const name of Object.keys(after.components).sort()) {
        const old = before.components[name];
        if (old === undefined)
            added.push(name);
        else if (old !== after.components[name])
            changed.push(name);
    }
    for (const name of Object.keys(before.components).sort()) {
        if (after.components[name] === undefined)
            removed.push(name);
    }
    return { changed, added, removed };
}
function isEmptyDiff(diff) {
    return diff.changed.length === 0 && diff.added.length === 0 && diff.removed.length === 0;
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/compile.js






/** @internal Sentinel the compiled fast path returns when validation fails. */
const INVALID = Symbol.for("zod.compile.invalid");
// Set on the parse ctx when a compiled wrapper falls back to the runtime, so nested compiled wrappers skip their fast paths for the rest of that parse.
const FALLBACK_FLAG = Symbol.for("zod.compile.fallback");
/** Raised when the schema contains async refinements or transforms. Surfaces only under `compile(schema, { strict: true })`. */
class ZodCompileAsyncError extends Error {
    constructor(message = "z.compile does not support async refinements, transforms, or checks") {
        super(message);
        this.name = "ZodCompileAsyncError";
    }
}
/**
 * Raised when the schema contains a feature whose semantics the fast path
 * can't fully model. Both the shim in `zod/compile` and the default
 * `compile()` fall back to the runtime parser for that schema; only
 * `compile(schema, { strict: true })` lets it surface.
 */
class ZodCompileUnsupportedError extends Error {
    constructor(feature, islandable = true) {
        super(`z.compile does not support ${feature}; this schema must use the runtime parser`);
        this.name = "ZodCompileUnsupportedError";
        this.islandable = islandable;
    }
}
/**
 * Build the validator `validate` calls: the same codegen as the parser with the output construction
 * dropped. A schema the flag cannot express reuses the parser, which still answers correctly — it
 * just builds a value nothing reads.
 */
function compileValidator(schema, parser) {
    try {
        return compileFn(schema, { assertOnly: true });
    }
    catch {
        return parser;
    }
}
/**
 * AOT-compile a Zod schema. Returns a clone whose `_zod.run` calls a generated
 * fast path first and falls back to the original runtime parser on failure.
 *
 * - Forward direction only. Backward (encode), async, and `skipChecks` paths
 *   bypass the fast path and use the runtime directly.
 * - Never throws. A schema the fast path can't model is returned unchanged and
 *   keeps using the runtime parser. Pass `{ strict: true }` to get the refusal
 *   as a thrown `ZodCompileUnsupportedError` / `ZodCompileAsyncError` instead.
 * - The original schema is unchanged. The clone shares children by reference.
 */
function compile_compile(schema, options) {
    try {
        const parser = compileFn(schema);
        const clone = withParser(schema, parser);
        // withParser leaves the parser as its own validator; the generated assert-only variant is better when we have one
        clone._zod.bag.validator = compileValidator(schema, parser);
        return clone;
    }
    catch (err) {
        if (options?.strict)
            throw err;
        // a schema we can't compile still has to work, so hand it back untouched on the runtime parser — the same silent fallback global mode already does
        return schema;
    }
}
/**
 * Install an already-generated parser as a schema's fast path. Returns a clone; the original is
 * unchanged.
 *
 * The parser takes the input and returns the parsed value, or `INVALID` to hand the parse to the
 * runtime. It must be synchronous and forward-direction, and it must build fresh output rather than
 * return its input — Zod cannot check either, and a wrong *success* is returned to the caller as-is.
 *
 * `compile()` is the ordinary entry point. This is for a build-time or native compiler that produces
 * a parser where `new Function` is unavailable.
 */
function withParser(schema, parser) {
    // generated code never receives the parse context, so only the runtime can close a reference cycle; compileFn refuses these too
    if (isRecursiveSchema(schema)) {
        throw new ZodCompileUnsupportedError("a schema whose subtree contains a reference cycle");
    }
    const clone = util_clone(schema);
    // Capture the source-of-truth runtime eagerly. If schema._zod.run is itself a shim installed by global-mode (`__originalRun` set), unwrap past it. Otherwise capturing the live property lazily would let a later self- replacement of schema._zod.run feed our wrapper back into itself.
    const liveRun = schema._zod.run;
    const originalRun = liveRun.__originalRun ?? liveRun;
    // Delegate to the *original* schema's run on bypass/fallback, not the clone's. The original closed over its own `inst` at construction time, and issue payloads use that reference to derive things like the class name for `z.instanceof(Test)`; calling the clone's freshly-initialized run would push issues with `inst === clone` and diverge from the original schema's error messages.
    const wrapped = (payload, ctx) => {
        if (ctx?.async ||
            ctx?.direction === "backward" ||
            ctx?.skipChecks ||
            ctx?.[FALLBACK_FLAG]) {
            return originalRun(payload, ctx);
        }
        // A memoized back-edge: only the runtime can close a reference cycle, and a transform on one must raise $ZodCyclicError from its own parse.
        if (ctx && isBackEdge(ctx, payload.value)) {
            return originalRun(payload, ctx);
        }
        const out = parser(payload.value);
        if (out !== INVALID) {
            payload.value = out;
            return payload;
        }
        // Mark this parse as runtime-driven: under global mode every nested schema carries its own compiled wrapper, and without the flag the parent's runtime fallback re-enters each child's fast path, running user callbacks a third time on invalid input.
        if (ctx)
            ctx[FALLBACK_FLAG] = true;
        return originalRun(payload, ctx);
    };
    // Let later compiles of (or through) this run unwrap to the true runtime — both the global shim and repeated z.compile calls rely on this. The bag also carries the parser and the validator, so the standalone validate can skip the payload and wrapper on the happy path.
    wrapped.__originalRun = originalRun;
    clone._zod.bag.fallbackRun = originalRun;
    // a supplied parser answers `validate` too: one implementation means parse and validate cannot disagree, and its undefined `definite` keeps the runtime re-parse on every rejection
    clone._zod.bag.validator = parser;
    clone._zod.run = wrapped;
    // The fast parse/safeParse closures fall back through the source schema's methods. If the source is shim- or wrapper-managed, those methods route into a compiled run and would execute user callbacks a third time on invalid input — the plain method → wrapper path is exactly 2x, so skip.
    if (!liveRun.__originalRun)
        installCompiledUserMethods(clone, schema, parser);
    return clone;
}
function installCompiledUserMethods(target, source, parser) {
    const targetAny = target;
    const sourceAny = source;
    if (typeof sourceAny.safeParse === "function") {
        const originalSafeParse = sourceAny.safeParse;
        targetAny.safeParse = (data, params) => {
            const out = parser(data);
            if (out !== INVALID) {
                return { success: true, data: out };
            }
            return originalSafeParse(data, params);
        };
    }
    if (typeof sourceAny.parse === "function") {
        const originalParse = sourceAny.parse;
        targetAny.parse = (data, params) => {
            const out = parser(data);
            if (out !== INVALID) {
                return out;
            }
            return originalParse(data, params);
        };
    }
}
/**
 * @internal Generate the standalone compiled function: a parser by default, a validator under
 * `assertOnly`. Returns the parsed value, `true` where nothing reads the output, or `INVALID`. Consumers use `compile()`.
 */
function compileFn(schema, options) {
    // Cycle-breaking is keyed on the parse context, which generated code never receives. `shape` can be a getter that throws (z.pick() with an unrecognized mask key), so treat "can't tell" as recursive.
    let recursive = true;
    try {
        recursive = isRecursiveSchema(schema);
    }
    catch { }
    if (recursive) {
        throw new ZodCompileUnsupportedError("a schema whose subtree contains a reference cycle");
    }
    const ctx = {
        constants: new Map(),
        constantCounter: 0,
        varCounter: 0,
        definite: true,
    };
    const doc = new Doc(["input"]);
    const outputAccessor = generateCheck(doc, ctx, schema, "input", !options?.assertOnly);
    // In assert mode a root that built nothing has already returned INVALID on every failure, so reaching the end means valid.
    doc.write(outputAccessor === null ? `return true;` : `return ${outputAccessor};`);
    // Build the function with hoisted constants Always include INVALID as the first constant
    const constantNames = ["INVALID", ...ctx.constants.keys()];
    const constantValues = [INVALID, ...ctx.constants.values()];
    const code = doc.content.join("\n");
    const fullCode = options?.debug
        ? constantNames.length > 0
            ? `// Constants: ${constantNames.join(", ")}\n${code}`
            : code
        : "";
    const F = Function;
    const factoryCode = `return (input) => {\n${code}\n}`;
    let fn;
    try {
        const factory = new F(...constantNames, factoryCode);
        fn = factory(...constantValues);
    }
    catch (err) {
        // Malformed generated code (or a CSP environment rejecting `new Function`) surfaces as a typed error so the global shim falls back to the runtime instead of crashing with a raw SyntaxError/EvalError.
        throw new ZodCompileUnsupportedError(`this schema (generated code failed to evaluate: ${err.message})`);
    }
    if (options?.debug) {
        fn.code = fullCode;
    }
    fn.definite = ctx.definite;
    return fn;
}
function addConstant(ctx, value) {
    // Check if we already have this constant
    for (const [name, v] of ctx.constants) {
        if (v === value)
            return name;
    }
    const name = `c${ctx.constantCounter++}`;
    ctx.constants.set(name, value);
    return name;
}
/** Hoists a user-supplied callback. Anything the schema's author wrote can throw, and generated code can reject an earlier sibling before ever reaching it, so this clears `definite` — a rejection is then no longer proof that the interpreter would have rejected rather than thrown. */
function addUserConstant(ctx, fn) {
    ctx.definite = false;
    return addConstant(ctx, fn);
}
function newVar(ctx) {
    return `v${ctx.varCounter++}`;
}
// Runs a child schema as a black box: its value, or INVALID for a failure or an async run.
function runtimeRun(schema, value) {
    const result = schema._zod.run({ value, issues: [] }, {});
    if (result && typeof result.then === "function")
        return INVALID;
    const r = result;
    return r.issues.length === 0 ? r.value : INVALID;
}
// `null` means the node built no value because nothing reads it. The overloads keep that case out of the 20-odd callers that always want one, so only a caller passing needsValue has to handle it.
function compileChild(doc, ctx, schema, accessor, needsValue = true) {
    const contentLen = doc.content.length;
    const constantCount = ctx.constants.size;
    const constantCounter = ctx.constantCounter;
    const varCounter = ctx.varCounter;
    try {
        return generateCheck(doc, ctx, schema, accessor, needsValue);
    }
    catch (err) {
        if (!(err instanceof ZodCompileUnsupportedError) || !err.islandable)
            throw err;
        doc.content.length = contentLen;
        if (ctx.constants.size > constantCount) {
            const trailing = Array.from(ctx.constants.keys()).slice(constantCount);
            for (const k of trailing)
                ctx.constants.delete(k);
        }
        ctx.constantCounter = constantCounter;
        ctx.varCounter = varCounter;
        return emitRuntimeIsland(doc, ctx, schema, accessor);
    }
}
function emitRuntimeIsland(doc, ctx, schema, accessor) {
    // an islanded child answers INVALID for an async run too, which the interpreter throws for
    ctx.definite = false;
    const schemaConst = addConstant(ctx, schema);
    const runConst = addConstant(ctx, runtimeRun);
    const outVar = newVar(ctx);
    doc.write(`const ${outVar} = ${runConst}(${schemaConst}, ${accessor});`);
    doc.write(`if (${outVar} === INVALID) return INVALID;`);
    return outVar;
}
// Check classes whose `when` is auto-defaulted at init (checks.ts `when ??=`).
const WHEN_DEFAULTED_CHECKS = new Set([
    "max_size",
    "min_size",
    "size_equals",
    "max_length",
    "min_length",
    "length_equals",
]);
function generateChecks(doc, ctx, schema, accessor) {
    const schemaChecks = schema._zod.def.checks;
    if (!schemaChecks || schemaChecks.length === 0)
        return accessor;
    // Track current accessor - may change if overwrite checks are encountered
    let currentAccessor = accessor;
    for (const check of schemaChecks) {
        const def = check._zod.def;
        // A custom `when` skips a check the fast path always runs; the one auto-defaulted on size/length classes matches its bail-on-first-failure.
        if (def.when && !WHEN_DEFAULTED_CHECKS.has(def.check)) {
            throw new ZodCompileUnsupportedError(`check with a custom "when" condition`);
        }
        switch (def.check) {
            case "greater_than":
                generateGreaterThanCheck(doc, ctx, def, currentAccessor);
                break;
            case "less_than":
                generateLessThanCheck(doc, ctx, def, currentAccessor);
                break;
            case "multiple_of":
                generateMultipleOfCheck(doc, ctx, def, currentAccessor);
                break;
            case "number_format":
                generateNumberFormatCheck(doc, def, currentAccessor);
                break;
            case "min_length": {
                const min = numericOperand(def.minimum, "min_length");
                const len = codePointLengthVar(doc, ctx, currentAccessor, `${currentAccessor}.length >= ${min} && ${currentAccessor}.length < ${def.minimum * 2}`);
                doc.write(`if (${len} < ${min}) return INVALID;`);
                break;
            }
            case "max_length": {
                const max = numericOperand(def.maximum, "max_length");
                const len = codePointLengthVar(doc, ctx, currentAccessor, `${currentAccessor}.length > ${max}`);
                doc.write(`if (${len} > ${max}) return INVALID;`);
                break;
            }
            case "length_equals": {
                const exact = numericOperand(def.length, "length_equals");
                const len = codePointLengthVar(doc, ctx, currentAccessor, `${currentAccessor}.length >= ${exact} && ${currentAccessor}.length <= ${def.length * 2}`);
                doc.write(`if (${len} !== ${exact}) return INVALID;`);
                break;
            }
            case "min_size":
                doc.write(`if (${currentAccessor}.size < ${numericOperand(def.minimum, "min_size")}) return INVALID;`);
                break;
            case "max_size":
                doc.write(`if (${currentAccessor}.size > ${numericOperand(def.maximum, "max_size")}) return INVALID;`);
                break;
            case "size_equals":
                doc.write(`if (${currentAccessor}.size !== ${numericOperand(def.size, "size_equals")}) return INVALID;`);
                break;
            case "string_format":
                currentAccessor = generateStringFormatCheck(doc, ctx, def, currentAccessor);
                break;
            case "custom":
                currentAccessor = generateCustomRefineCheck(doc, ctx, check, currentAccessor);
                break;
            case "bigint_format":
                generateBigIntFormatCheck(doc, def, currentAccessor);
                break;
            case "mime_type":
                generateMimeTypeCheck(doc, ctx, def, currentAccessor);
                break;
            case "property":
                generatePropertyCheck(doc, ctx, def, currentAccessor);
                break;
            case "properties":
                generatePropertiesChecks(doc, ctx, def, currentAccessor);
                break;
            case "overwrite": {
                // Overwrite transforms the value - create new variable for transformed result
                const newAccessor = newVar(ctx);
                generateOverwriteCheck(doc, ctx, check, currentAccessor, newAccessor);
                currentAccessor = newAccessor;
                break;
            }
            default: {
                void def;
                throw new ZodCompileUnsupportedError(`check type ${def.check}`);
            }
        }
    }
    return currentAccessor;
}
// Emit the length operand for a length check, mirroring `$ZodCheckMinLength` and friends: strings measure in code points, everything else in `.length`. `inDoubt` is the caller's cheap UTF-16 bound test — outside it the unit count already settles the comparison, so the scan is skipped.
function codePointLengthVar(doc, ctx, accessor, inDoubt) {
    const cpLen = addConstant(ctx, codePointLength);
    const v = newVar(ctx);
    doc.write(`const ${v} = typeof ${accessor} === "string" && ${inDoubt} ? ${cpLen}(${accessor}) : ${accessor}.length;`);
    return v;
}
// Emit a source operand for a gt/lt bound. Numbers inline; Dates hoist as a constant (relational operators compare via valueOf). NaN and Invalid Date bounds can't compile to a comparison that matches runtime semantics.
/**
 * A count bound reaches generated source verbatim, so a non-number would be
 * emitted as code rather than as a value — `min('0) {} evil(); if (0')` writes an
 * arbitrary statement into the function body. TypeScript types these as `number`
 * and fromJSONSchema guards them, so this is a backstop rather than a live hole,
 * but generated source is the one place a wrong type stops being a type error.
 */
function numericOperand(value, label) {
    if (typeof value !== "number" || !Number.isFinite(value)) {
        throw new ZodCompileUnsupportedError(`${label} bound of type ${typeof value}`);
    }
    return `${value}`;
}
function comparisonOperand(ctx, value) {
    if (typeof value === "bigint")
        return `${value}n`;
    if (typeof value === "number") {
        if (Number.isNaN(value))
            throw new ZodCompileUnsupportedError("comparison check with NaN bound");
        return `${value}`;
    }
    if (value instanceof Date) {
        if (Number.isNaN(value.getTime())) {
            throw new ZodCompileUnsupportedError("comparison check with Invalid Date bound");
        }
        return addConstant(ctx, value);
    }
    throw new ZodCompileUnsupportedError(`comparison check bound of type ${typeof value}`);
}
function generateGreaterThanCheck(doc, ctx, def, accessor) {
    const op = def.inclusive ? "<" : "<=";
    doc.write(`if (${accessor} ${op} ${comparisonOperand(ctx, def.value)}) return INVALID;`);
}
function generateLessThanCheck(doc, ctx, def, accessor) {
    const op = def.inclusive ? ">" : ">=";
    doc.write(`if (${accessor} ${op} ${comparisonOperand(ctx, def.value)}) return INVALID;`);
}
function generateMultipleOfCheck(doc, ctx, def, accessor) {
    if (typeof def.value === "bigint") {
        // a zero divisor has no compiled form: `x % 0n` throws
        if (def.value === BigInt(0))
            throw new ZodCompileUnsupportedError("multiple_of check with a zero divisor");
        doc.write(`if (${accessor} % ${def.value}n !== 0n) return INVALID;`);
    }
    else {
        // Float `%` has well-known precision issues for sub-integer steps
        // (`1.5 % 0.1`, `2.5e-7 % 1e-7`). Defer to util.floatSafeRemainder so the
        // exact tolerance logic stays in one place — single function call is fine
        // since `multipleOf` runs at most once per number.
        const remainder = addConstant(ctx, floatSafeRemainder);
        doc.write(`if (${remainder}(${accessor}, ${numericOperand(def.value, "multiple_of")}) !== 0) return INVALID;`);
    }
}
function generateNumberFormatCheck(doc, def, accessor) {
    const format = def.format;
    switch (format) {
        case "safeint":
            doc.write(`if (!Number.isSafeInteger(${accessor})) return INVALID;`);
            break;
        case "int32":
            doc.write(`if (!Number.isInteger(${accessor}) || ${accessor} < -2147483648 || ${accessor} > 2147483647) return INVALID;`);
            break;
        case "uint32":
            doc.write(`if (!Number.isInteger(${accessor}) || ${accessor} < 0 || ${accessor} > 4294967295) return INVALID;`);
            break;
        case "float32":
            // Float32 range per util.NUMBER_FORMAT_RANGES
            doc.write(`if (!Number.isFinite(${accessor}) || ${accessor} < -3.4028234663852886e38 || ${accessor} > 3.4028234663852886e38) return INVALID;`);
            break;
        case "float64":
            doc.write(`if (!Number.isFinite(${accessor})) return INVALID;`);
            break;
        default: {
            void format;
            throw new ZodCompileUnsupportedError(`number format ${format}`);
        }
    }
}
function generateBigIntFormatCheck(doc, def, accessor) {
    const format = def.format;
    if (!format)
        return; // undefined format means no range check
    switch (format) {
        case "int64":
            doc.write(`if (${accessor} < -9223372036854775808n || ${accessor} > 9223372036854775807n) return INVALID;`);
            break;
        case "uint64":
            doc.write(`if (${accessor} < 0n || ${accessor} > 18446744073709551615n) return INVALID;`);
            break;
        default: {
            void format;
            throw new ZodCompileUnsupportedError(`bigint format ${format}`);
        }
    }
}
function generateMimeTypeCheck(doc, ctx, def, accessor) {
    const mimeTypes = def.mime;
    if (mimeTypes && mimeTypes.length > 0) {
        const mimeSet = addConstant(ctx, new Set(mimeTypes));
        doc.write(`if (!${mimeSet}.has(${accessor}.type)) return INVALID;`);
    }
}
// asserts each named property in place; children compile assert-only because z.properties never rebuilds its input
function generatePropertiesChecks(doc, ctx, def, accessor) {
    // a custom `when` gates the assertion at runtime; inside a union a wrongly-run branch is absorbed as a branch failure rather than falling back, so refuse at codegen
    if (def.when) {
        throw new ZodCompileUnsupportedError(`check with a custom "when" condition`);
    }
    // matches the runtime gate: the base schema already typed the value, so only a nullish one is rejected
    doc.write(`if (${accessor} == null) return INVALID;`);
    const shape = def.shape;
    for (const key of Reflect.ownKeys(shape)) {
        // a symbol has no source literal, so it is hoisted as a constant
        const keyExpr = typeof key === "symbol" ? addConstant(ctx, key) : esc(key);
        // cache the property read so a getter runs exactly once, matching the runtime
        const inputVar = newVar(ctx);
        doc.write(`const ${inputVar} = ${accessor}[${keyExpr}];`);
        compileChild(doc, ctx, shape[key], inputVar, false);
    }
}
function generatePropertyCheck(doc, ctx, def, accessor) {
    const propAccessor = `${accessor}[${JSON.stringify(def.property)}]`;
    generateCheck(doc, ctx, def.schema, propAccessor);
}
function generateOverwriteCheck(doc, ctx, check, currentAccessor, newAccessor) {
    const tx = check._zod.def.tx;
    if (!tx) {
        throw new ZodCompileUnsupportedError("overwrite check without a transform function");
    }
    // Check for async transform
    if (isAsyncFunction(tx)) {
        throw new ZodCompileAsyncError("z.compile: async overwrite transforms are not supported");
    }
    // Hoist the transform function as a constant and apply it
    const txConst = addConstant(ctx, tx);
    doc.write(`const ${newAccessor} = ${txConst}(${currentAccessor});`);
}
/** A predicate that hands back a thenable is an async check reached synchronously, and the interpreter throws `$ZodAsyncError` for it. Returning INVALID instead would be a bail-out, and a union reads a bail-out as a rejected branch and answers with a later one — so the throw has to survive into generated code. */
function throwAsync() {
    throw new $ZodAsyncError();
}
/** Shared `addIssue` for the spoofed payloads a refine, check or transform receives. Allocating one per call — a fresh closure plus a `this`-bound method on a fresh literal — pinned every payload-allocating schema at ~2.7M ops/sec against 135M for a plain object literal. It captures nothing per call; it only reaches `this.issues`. */
function pushIssue(issue) {
    this.issues.push(issue);
}
function generateCustomRefineCheck(doc, ctx, check, accessor) {
    const def = check._zod.def;
    if (def.fn) {
        // Simple predicate function (from .refine())
        if (isAsyncFunction(def.fn)) {
            throw new ZodCompileAsyncError("z.compile: async .refine() predicates are not supported");
        }
        const fnConst = addUserConstant(ctx, def.fn);
        const throwAsyncConst = addConstant(ctx, throwAsync);
        const resVar = newVar(ctx);
        doc.write(`const ${resVar} = ${fnConst}(${accessor});`);
        // A thenable is truthy, so it would otherwise read as a pass. It is not a rejection either: the interpreter throws, and INVALID inside a union would just hand the parse to the next branch.
        doc.write(`if (${resVar} instanceof Promise) ${throwAsyncConst}();`);
        doc.write(`if (!${resVar}) return INVALID;`);
        // A `.refine()` predicate only answers yes or no; it cannot rewrite the value.
        return accessor;
    }
    if (check._zod.check) {
        if (isAsyncFunction(check._zod.check)) {
            throw new ZodCompileAsyncError("z.compile: async .superRefine() / check functions are not supported");
        }
        // SuperRefine or other check function - need to spoof context Create a helper that runs the check and returns true if no issues
        const checkFn = check._zod.check;
        // `$RefinementCtx` extends the parse payload, so a check may rewrite
        // `ctx.value` as well as push issues — `.superRefine((v, ctx) => { ctx.value =
        // v.trim() })` is a value transform. Returning only a boolean discarded that
        // write and emitted the untrimmed input. Hand the value back and thread it on.
        const helperFn = (value) => {
            const fakePayload = { value, issues: [], addIssue: pushIssue };
            const result = checkFn(fakePayload);
            // Throw rather than return INVALID: the interpreter throws here, and a union would read INVALID as a rejected branch.
            if (result instanceof Promise)
                throwAsync();
            return fakePayload.issues.length === 0 ? fakePayload.value : INVALID;
        };
        const helperConst = addUserConstant(ctx, helperFn);
        const outVar = newVar(ctx);
        doc.write(`const ${outVar} = ${helperConst}(${accessor});`);
        doc.write(`if (${outVar} === INVALID) return INVALID;`);
        return outVar;
    }
    throw new ZodCompileUnsupportedError("custom check without a predicate or check function");
}
/**
 * Built-in formats that validate with nothing but `def.pattern`, so compiling
 * the regex reproduces the runtime exactly. Deliberately an allowlist: a format
 * missing from it loses its fast path, while a format wrongly added to it
 * silently accepts input the runtime rejects. Formats that layer extra
 * validation over a shape-only pattern (`credit_card`, `base64`, `ipv6`, …) are
 * handled above by hoisting the runtime validator itself.
 */
const PATTERN_IS_COMPLETE = new Set([
    "cidrv4",
    "cuid",
    "cuid2",
    "date",
    "datetime",
    "duration",
    "e164",
    "email",
    "emoji",
    "ends_with",
    "guid",
    "includes",
    "ipv4",
    "ksuid",
    "lowercase",
    "mac",
    "nanoid",
    "regex",
    "starts_with",
    "time",
    "ulid",
    "uppercase",
    "uuid",
    "xid",
]);
function generateStringFormatCheck(doc, ctx, def, accessor, needsValue = true) {
    // Some string formats do runtime validation beyond their advertised pattern. For cheap pure utility checks, hoist the runtime function and call it so the fast path stays correct without cloning the utility logic into codegen.
    const fmt = def.format;
    if (fmt === "base64") {
        const validator = addConstant(ctx, isValidBase64);
        doc.write(`if (!${validator}(${accessor})) return INVALID;`);
        return accessor;
    }
    if (fmt === "base64url") {
        const validator = addConstant(ctx, isValidBase64URL);
        doc.write(`if (!${validator}(${accessor})) return INVALID;`);
        return accessor;
    }
    if (fmt === "jwt") {
        const validator = addConstant(ctx, isValidJWT);
        const alg = addConstant(ctx, def.alg ?? null);
        doc.write(`if (!${validator}(${accessor}, ${alg})) return INVALID;`);
        return accessor;
    }
    if (fmt === "ipv6") {
        const validator = addConstant(ctx, isValidIPv6);
        doc.write(`if (!${validator}(${accessor})) return INVALID;`);
        return accessor;
    }
    if (fmt === "cidrv6") {
        const validator = addConstant(ctx, isValidCIDRv6);
        doc.write(`if (!${validator}(${accessor})) return INVALID;`);
        return accessor;
    }
    if (fmt === "credit_card") {
        const validator = addConstant(ctx, isValidCreditCard);
        doc.write(`if (!${validator}(${accessor})) return INVALID;`);
        return accessor;
    }
    if (fmt === "iban") {
        const validator = addConstant(ctx, isValidIBAN);
        doc.write(`if (!${validator}(${accessor})) return INVALID;`);
        return accessor;
    }
    const formatDef = def;
    if (fmt === "url" ||
        fmt === "httpurl" ||
        formatDef.normalize ||
        formatDef.hostname !== undefined ||
        formatDef.protocol !== undefined) {
        // Same three predicates the runtime calls, in the same order, so there is no second URL implementation to drift. Which options exist is known now, so the calls the runtime makes conditionally are emitted conditionally instead.
        const parseConst = addConstant(ctx, validateURL);
        const defConst = addConstant(ctx, def);
        const trimVar = newVar(ctx);
        const urlVar = newVar(ctx);
        doc.write(`const ${trimVar} = ${accessor}.trim();`);
        doc.write(`const ${urlVar} = ${parseConst}(${trimVar}, ${defConst});`);
        doc.write(`if (typeof ${urlVar} === "number") return INVALID;`);
        if (formatDef.hostname !== undefined) {
            const hostnameConst = addConstant(ctx, urlHostnameOk);
            doc.write(`if (!${hostnameConst}(${urlVar}, ${defConst}.hostname)) return INVALID;`);
        }
        if (formatDef.protocol !== undefined) {
            const protocolConst = addConstant(ctx, urlProtocolOk);
            doc.write(`if (!${protocolConst}(${urlVar}, ${defConst}.protocol)) return INVALID;`);
        }
        if (!needsValue)
            return null;
        const outputVar = newVar(ctx);
        const outputExpr = formatDef.normalize ? `${urlVar}.href` : `${addConstant(ctx, stripTabAndNewline)}(${trimVar})`;
        doc.write(`const ${outputVar} = ${outputExpr};`);
        return outputVar;
    }
    // A custom string format carries the predicate the runtime actually calls. Hoist and call it instead of testing `def.pattern`: the two only coincide when the format was built from a RegExp, and relying on that coupling is how supplemental validation gets dropped.
    const customFn = def.fn;
    if (customFn) {
        if (isAsyncFunction(customFn))
            throw new ZodCompileUnsupportedError(`async string format ${fmt}`);
        const fnConst = addConstant(ctx, customFn);
        doc.write(`if (!${fnConst}(${accessor})) return INVALID;`);
        return accessor;
    }
    // Formats whose `pattern` IS the whole check. An allowlist rather than `if (def.pattern)`, because credit_card, base64 and ipv6 carry a shape-only pattern and validate the rest separately.
    if (PATTERN_IS_COMPLETE.has(fmt) && def.pattern) {
        const patternConst = addConstant(ctx, def.pattern);
        doc.write(`${patternConst}.lastIndex = 0;`);
        doc.write(`if (!${patternConst}.test(${accessor})) return INVALID;`);
        return accessor;
    }
    const format = def.format;
    switch (format) {
        case "regex":
            // A regex check with a pattern returned above. Reaching here means there is no pattern to test, and accepting unconditionally would pass every input, so hand the schema back to the runtime.
            throw new ZodCompileUnsupportedError("regex format without a pattern");
        case "lowercase":
            doc.write(`if (${accessor} !== ${accessor}.toLowerCase()) return INVALID;`);
            break;
        case "uppercase":
            doc.write(`if (${accessor} !== ${accessor}.toUpperCase()) return INVALID;`);
            break;
        case "includes":
            doc.write(`if (!${accessor}.includes(${esc(def.includes)})) return INVALID;`);
            break;
        case "starts_with": {
            const prefix = def.prefix;
            doc.write(`if (${accessor}.slice(0, ${prefix.length}) !== ${esc(prefix)}) return INVALID;`);
            break;
        }
        case "ends_with": {
            const suffix = def.suffix;
            doc.write(`if (${accessor}.slice(-${suffix.length}) !== ${esc(suffix)}) return INVALID;`);
            break;
        }
        default: {
            void format;
            throw new ZodCompileUnsupportedError(`string format ${format}`);
        }
    }
    return accessor;
}
function generateCheck(doc, ctx, schema, accessor, needsValue = true) {
    const def = schema._zod.def;
    const type = def.type;
    // A coercing schema would compile to the bare type test and reject what it should convert; inside a union that reads as a rejected branch, so refuse at codegen.
    if (def.coerce) {
        throw new ZodCompileUnsupportedError(`coercion (z.coerce.${type}())`);
    }
    // A node builds its output when its caller reads one, or when it carries checks of its own, since a check reads what was built. One polarity for the whole walk: this is what the node does, and it is what its children are told they need.
    const buildsValue = needsValue || !!def.checks?.length;
    let typeAccessor;
    switch (type) {
        case "string":
            typeAccessor = generateStringCheck(doc, ctx, schema, accessor, buildsValue);
            break;
        case "number":
            typeAccessor = generateNumberCheck(doc, schema, accessor);
            break;
        case "boolean":
            typeAccessor = generateBooleanCheck(doc, accessor);
            break;
        case "bigint":
            typeAccessor = generateBigIntCheck(doc, schema, accessor);
            break;
        case "symbol":
            typeAccessor = generateSymbolCheck(doc, accessor);
            break;
        case "undefined":
            typeAccessor = generateUndefinedCheck(doc, accessor);
            break;
        case "null":
            typeAccessor = generateNullCheck(doc, accessor);
            break;
        case "any":
        case "unknown":
            // No check needed - pass through
            typeAccessor = accessor;
            break;
        case "never":
            doc.write("return INVALID;");
            typeAccessor = accessor;
            break;
        case "void":
            typeAccessor = generateVoidCheck(doc, accessor);
            break;
        case "nan":
            typeAccessor = generateNaNCheck(doc, accessor);
            break;
        case "date":
            typeAccessor = generateDateCheck(doc, accessor);
            break;
        case "object":
            typeAccessor = generateObjectCheck(doc, ctx, schema, accessor, buildsValue);
            break;
        case "optional":
            typeAccessor = generateOptionalCheck(doc, ctx, schema, accessor, buildsValue);
            break;
        case "nullable":
            typeAccessor = generateNullableCheck(doc, ctx, schema, accessor, buildsValue);
            break;
        case "array":
            typeAccessor = generateArrayCheck(doc, ctx, schema, accessor, buildsValue);
            break;
        case "literal":
            typeAccessor = generateLiteralCheck(doc, ctx, schema, accessor);
            break;
        case "enum":
            typeAccessor = generateEnumCheck(doc, ctx, schema, accessor);
            break;
        case "readonly": {
            const innerOut = generateWrapperCheck(doc, ctx, schema, accessor);
            // Runtime freezes the parsed value (schemas.ts handleReadonlyResult).
            const frozenVar = newVar(ctx);
            doc.write(`const ${frozenVar} = Object.freeze(${innerOut});`);
            typeAccessor = frozenVar;
            break;
        }
        case "success":
            // Runtime output is `issues.length === 0`. The fast path only reaches
            // here when the inner check passed (failure returns INVALID and the
            // runtime fallback reproduces the inner issues), so the output is
            // always `true`.
            generateWrapperCheck(doc, ctx, schema, accessor);
            typeAccessor = "true";
            break;
        case "default":
        case "prefault":
            typeAccessor = generateDefaultCheck(doc, ctx, schema, accessor);
            break;
        case "nonoptional":
            typeAccessor = generateNonOptionalCheck(doc, ctx, schema, accessor);
            break;
        case "tuple":
            typeAccessor = generateTupleCheck(doc, ctx, schema, accessor);
            break;
        case "union":
            typeAccessor = generateUnionCheck(doc, ctx, schema, accessor);
            break;
        case "intersection":
            typeAccessor = generateIntersectionCheck(doc, ctx, schema, accessor);
            break;
        case "record":
            typeAccessor = generateRecordCheck(doc, ctx, schema, accessor);
            break;
        case "map":
            typeAccessor = generateMapCheck(doc, ctx, schema, accessor);
            break;
        case "set":
            typeAccessor = generateSetCheck(doc, ctx, schema, accessor);
            break;
        case "file":
            typeAccessor = generateFileCheck(doc, accessor);
            break;
        case "template_literal":
            typeAccessor = generateTemplateLiteralCheck(doc, ctx, schema, accessor);
            break;
        case "lazy":
            typeAccessor = generateLazyCheck(doc, ctx, schema, accessor);
            break;
        case "pipe":
            typeAccessor = generatePipeCheck(doc, ctx, schema, accessor);
            break;
        case "custom":
            typeAccessor = generateCustomCheck(doc, ctx, schema, accessor);
            break;
        case "transform":
            typeAccessor = generateTransformCheck(doc, ctx, schema, accessor);
            break;
        case "catch":
            typeAccessor = generateCatchCheck(doc, ctx, schema, accessor);
            break;
        default: {
            void type;
            throw new ZodCompileUnsupportedError(`schema type ${type}`);
        }
    }
    // a node that built nothing has no checks to run: not building requires an empty check list
    if (typeAccessor === null)
        return null;
    // Generate checks after the type-specific validation (may transform value)
    return generateChecks(doc, ctx, schema, typeAccessor);
}
function generateStringCheck(doc, ctx, schema, accessor, needsValue = true) {
    doc.write(`if (typeof ${accessor} !== "string") return INVALID;`);
    // z.email() carries its format on the def, z.string().email() in def.checks; both route here so the format table has no second copy to drift from.
    const def = schema._zod.def;
    if (def.format === undefined)
        return accessor;
    return generateStringFormatCheck(doc, ctx, def, accessor, needsValue);
}
function generateNumberCheck(doc, schema, accessor) {
    // Runtime z.number() rejects NaN and ±Infinity. Number.isFinite covers both.
    doc.write(`if (typeof ${accessor} !== "number" || !Number.isFinite(${accessor})) return INVALID;`);
    // Mini factories like z.int(), z.int32(), z.uint32(), z.float32() bake a number_format check into the schema def itself (not into def.checks). Apply the same constraint here.
    const def = schema._zod.def;
    if (def.check === "number_format" && def.format) {
        generateNumberFormatCheck(doc, { format: def.format }, accessor);
    }
    return accessor;
}
function generateBooleanCheck(doc, accessor) {
    doc.write(`if (typeof ${accessor} !== "boolean") return INVALID;`);
    return accessor;
}
function generateBigIntCheck(doc, schema, accessor) {
    doc.write(`if (typeof ${accessor} !== "bigint") return INVALID;`);
    // Handle bigint format (int64, uint64) directly on the schema def
    const def = schema._zod.def;
    if (def.format) {
        switch (def.format) {
            case "int64":
                doc.write(`if (${accessor} < -9223372036854775808n || ${accessor} > 9223372036854775807n) return INVALID;`);
                break;
            case "uint64":
                doc.write(`if (${accessor} < 0n || ${accessor} > 18446744073709551615n) return INVALID;`);
                break;
        }
    }
    return accessor;
}
function generateSymbolCheck(doc, accessor) {
    doc.write(`if (typeof ${accessor} !== "symbol") return INVALID;`);
    return accessor;
}
function generateUndefinedCheck(doc, accessor) {
    doc.write(`if (${accessor} !== undefined) return INVALID;`);
    return accessor;
}
function generateNullCheck(doc, accessor) {
    doc.write(`if (${accessor} !== null) return INVALID;`);
    return accessor;
}
function generateVoidCheck(doc, accessor) {
    doc.write(`if (${accessor} !== undefined) return INVALID;`);
    return accessor;
}
function generateNaNCheck(doc, accessor) {
    doc.write(`if (typeof ${accessor} !== "number" || !Number.isNaN(${accessor})) return INVALID;`);
    return accessor;
}
function generateDateCheck(doc, accessor) {
    doc.write(`if (!(${accessor} instanceof Date) || Number.isNaN(${accessor}.getTime())) return INVALID;`);
    return accessor;
}
function generateObjectCheck(doc, ctx, schema, accessor, buildsValue = true) {
    const def = schema._zod.def;
    // Check that input is a non-null, non-array object
    doc.write(`if (typeof ${accessor} !== "object" || ${accessor} === null || Array.isArray(${accessor})) return INVALID;`);
    const shape = def.shape;
    const keys = Object.keys(shape);
    const symbolKeys = Object.getOwnPropertySymbols(shape);
    // a symbol has no source literal, so it is hoisted as a constant; `keys` stays string-only where the emitted code uses `for...in`
    const allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys;
    const keyExpr = (k) => (typeof k === "symbol" ? addConstant(ctx, k) : esc(k));
    const propKey = (k) => (typeof k === "symbol" ? `[${keyExpr(k)}]` : esc(k));
    const propShape = shape;
    // `__proto__` as an own shape key can't be expressed in an output object literal (the literal form sets the prototype instead of an own property).
    if (keys.includes("__proto__")) {
        throw new ZodCompileUnsupportedError('object shape key "__proto__"');
    }
    // Map from key to output accessor for that property
    const propOutputs = new Map();
    // Validate each property and collect output accessors
    for (const key of allKeys) {
        const propSchema = propShape[key];
        const kx = keyExpr(key);
        // Always cache the property read: the runtime reads input[key] exactly once, so a getter must not be re-read by checks or output assembly.
        const inputVar = newVar(ctx);
        doc.write(`const ${inputVar} = ${accessor}[${kx}];`);
        if (propSchema._zod.optin !== undefined) {
            // Any optin rung means the key may be omitted. The runtime runs the property anyway and ignores issues only when the key is genuinely absent, which is what makes exactOptional compositional.
            const outputVar = newVar(ctx);
            doc.write(`let ${outputVar} = (() => {`);
            doc.indented((d) => {
                const outputAccessor = compileChild(d, ctx, propSchema, inputVar);
                d.write(`return ${outputAccessor};`);
            });
            doc.write(`})();`);
            if (propSchema._zod.optout === "optional") {
                doc.write(`if (${outputVar} === INVALID) {`);
                doc.indented((d) => {
                    d.write(`if (${kx} in ${accessor}) return INVALID;`);
                    d.write(`${outputVar} = undefined;`);
                });
                doc.write(`}`);
            }
            else {
                doc.write(`if (${outputVar} === INVALID) return INVALID;`);
            }
            propOutputs.set(key, outputVar);
        }
        else {
            if (requiresPresenceCheck(propSchema)) {
                doc.write(`if (!(${kx} in ${accessor})) return INVALID;`);
            }
            // Generate check and get output accessor
            const outputAccessor = compileChild(doc, ctx, propSchema, inputVar, buildsValue);
            if (outputAccessor !== null)
                propOutputs.set(key, outputAccessor);
        }
    }
    // Handle catchall
    const catchall = def.catchall;
    let unknownKeysMode = "none";
    if (catchall) {
        const catchallType = catchall._zod.def.type;
        if (catchallType === "never") {
            // Strict: one `for...in`, as the runtime does, so inherited enumerable keys count. An undeclared `__proto__` is reported here and excluded only from the output (#6221); an own-key count would wrongly reject a class instance.
            const condition = keys.map((k) => `k !== ${esc(k)}`).join(" && ") || "true";
            doc.write(`for (const k in ${accessor}) {`);
            doc.indented((d) => {
                d.write(`if (${condition}) return INVALID;`);
            });
            doc.write(`}`);
        }
        else if ((catchallType === "unknown" || catchallType === "any") && !catchall._zod.def.checks?.length) {
            unknownKeysMode = "passthrough";
        }
        else {
            unknownKeysMode = "schema";
        }
    }
    // else: strip mode (no catchall) - unknown keys ignored, only include known keys
    // defaulted required outputs keep their keys even when undefined
    const outputVar = newVar(ctx);
    const hasConditionalKeys = allKeys.some((k) => mayOmitUndefined(propShape[k]) || dropsWhenAbsent(propShape[k]));
    // Assert mode: every declared key is validated above, so the output literal and the unknown-key copy are pure waste. A `never` catchall already emitted its rejection loop; a schema catchall still has to validate the values it would otherwise have stored.
    if (!buildsValue) {
        if (unknownKeysMode === "schema") {
            const knownSet = keys.length > 0 ? addConstant(ctx, new Set(keys)) : null;
            doc.write(`for (const k in ${accessor}) {`);
            doc.indented((d) => {
                d.write(`if (k === "__proto__") continue;`);
                if (knownSet)
                    d.write(`if (${knownSet}.has(k)) continue;`);
                const valVar = newVar(ctx);
                d.write(`const ${valVar} = ${accessor}[k];`);
                compileChild(d, ctx, catchall, valVar, false);
            });
            doc.write(`}`);
        }
        return null;
    }
    if (!hasConditionalKeys) {
        const propLiterals = allKeys.map((k) => `${propKey(k)}: ${propOutputs.get(k)}`).join(", ");
        doc.write(`const ${outputVar} = { ${propLiterals} };`);
    }
    else {
        doc.write(`const ${outputVar} = {};`);
        for (const k of allKeys) {
            const kx = keyExpr(k);
            const out = propOutputs.get(k);
            if (dropsWhenAbsent(propShape[k])) {
                doc.write(`if (${kx} in ${accessor}) ${outputVar}[${kx}] = ${out};`);
            }
            else if (mayOmitUndefined(propShape[k])) {
                doc.write(`if (${out} !== undefined || ${kx} in ${accessor}) ${outputVar}[${kx}] = ${out};`);
            }
            else {
                doc.write(`${outputVar}[${kx}] = ${out};`);
            }
        }
    }
    if (unknownKeysMode !== "none") {
        // Unknown keys are written directly into the output after shape keys — for...in (like the runtime) so inherited enumerables participate.
        const knownSet = keys.length > 0 ? addConstant(ctx, new Set(keys)) : null;
        doc.write(`for (const k in ${accessor}) {`);
        doc.indented((d) => {
            // Skip __proto__: assigning obj["__proto__"] on a plain {} replaces the prototype via the setter rather than adding an own property. Mirrors the runtime catchall fix (#5898).
            d.write(`if (k === "__proto__") continue;`);
            if (knownSet)
                d.write(`if (${knownSet}.has(k)) continue;`);
            if (unknownKeysMode === "passthrough") {
                d.write(`${outputVar}[k] = ${accessor}[k];`);
            }
            else {
                const valVar = newVar(ctx);
                d.write(`const ${valVar} = ${accessor}[k];`);
                const catchallOut = compileChild(d, ctx, catchall, valVar);
                d.write(`${outputVar}[k] = ${catchallOut};`);
            }
        });
        doc.write(`}`);
    }
    return outputVar;
}
function generateOptionalCheck(doc, ctx, schema, accessor, buildsValue = true) {
    const def = schema._zod.def;
    if (isExactOptional(schema)) {
        return generateCheck(doc, ctx, def.innerType, accessor, buildsValue);
    }
    // Same question $ZodOptional asks: only the top rung of the optin ladder substitutes a value for an absent input, so only it is worth running on `undefined`. Every other rung leaves the value intact, which is the skip branch below.
    if (def.innerType._zod.optin === "defaulted") {
        const outputVar = newVar(ctx);
        const branchVar = newVar(ctx);
        doc.write(`let ${outputVar};`);
        doc.write(`if (${accessor} === undefined) {`);
        doc.indented((d) => {
            d.write(`const ${branchVar} = (() => {`);
            d.indented((d2) => {
                const innerOutput = generateCheck(d2, ctx, def.innerType, accessor);
                d2.write(`return ${innerOutput};`);
            });
            d.write(`})();`);
            d.write(`if (${branchVar} !== INVALID) ${outputVar} = ${branchVar};`);
        });
        doc.write(`} else {`);
        doc.indented((d) => {
            const innerOutput = generateCheck(d, ctx, def.innerType, accessor);
            d.write(`${outputVar} = ${innerOutput};`);
        });
        doc.write(`}`);
        return outputVar;
    }
    const outputVar = buildsValue ? newVar(ctx) : null;
    if (outputVar)
        doc.write(`let ${outputVar};`);
    doc.write(`if (${accessor} !== undefined) {`);
    doc.indented((d) => {
        const innerOutput = generateCheck(d, ctx, def.innerType, accessor, buildsValue);
        if (outputVar && innerOutput !== null)
            d.write(`${outputVar} = ${innerOutput};`);
    });
    doc.write(`}`);
    return outputVar;
}
function isExactOptional(schema) {
    return schema._zod.traits?.has("$ZodExactOptional") === true;
}
// A value-level fast path reads an absent key as `undefined`, so z.undefined(), z.any() and unions containing undefined would accept a missing property the runtime rejects.
function requiresPresenceCheck(schema) {
    return schema._zod.optin === undefined && fastPathAcceptsAbsence(schema);
}
function fastPathAcceptsAbsence(schema) {
    // An island is handed `input[key]` and cannot tell absent from explicitly undefined, so report absence-accepting and let the object emit the presence guard (#6405).
    if (schema._zod.def.coerce)
        return true;
    const def = schema._zod.def;
    switch (def.type) {
        case "any":
        case "unknown":
        case "undefined":
        case "void":
        case "default":
        case "prefault":
        case "transform":
        case "custom":
        case "lazy":
            return true;
        case "string":
        case "number":
        case "boolean":
        case "bigint":
        case "symbol":
        case "null":
        case "never":
        case "nan":
        case "date":
        case "object":
        case "array":
        case "tuple":
        case "record":
        case "map":
        case "set":
        case "file":
        case "template_literal":
            return false;
        case "nonoptional":
            // Normally rejects an absent key, but not when something inside supplies a value for it: `.default(v).optional().nonoptional()` accepts absence and yields v. Defer to the inner — over-reporting here only costs a presence check, and a fast path that wrongly rejects still falls back to the runtime.
            return def.innerType ? fastPathAcceptsAbsence(def.innerType) : false;
        case "literal":
            return !!def.values?.includes(undefined);
        case "enum":
            return !!schema._zod.values?.has(undefined);
        case "optional":
        case "nullable":
        case "readonly":
        case "success":
            return def.innerType ? fastPathAcceptsAbsence(def.innerType) : true;
        case "catch":
            // catch always produces a value (inner may fail → catchValue substitutes), so it accepts an absent key regardless of inner.
            return true;
        case "union":
            return def.options ? def.options.some(fastPathAcceptsAbsence) : true;
        case "intersection":
            if (!def.left || !def.right)
                return true;
            return fastPathAcceptsAbsence(def.left) && fastPathAcceptsAbsence(def.right);
        case "pipe":
            return def.in ? fastPathAcceptsAbsence(def.in) : true;
        default:
            return true;
    }
}
/** The middle rung permits absence without supplying anything in its place, so an absent key contributes nothing — mirrors the leading gate in `handlePropertyResult`. */
function dropsWhenAbsent(schema) {
    return schema._zod.optin === "optional" && schema._zod.optout === "optional";
}
function mayOmitUndefined(schema) {
    return (schema._zod.optin !== "defaulted" || schema._zod.optout === "optional") && mayOutputUndefined(schema);
}
// whether a schema's success-path output can be undefined
function mayOutputUndefined(schema) {
    const def = schema._zod.def;
    switch (def.type) {
        case "string":
        case "number":
        case "boolean":
        case "bigint":
        case "symbol":
        case "null":
        case "nan":
        case "date":
        case "object":
        case "array":
        case "tuple":
        case "record":
        case "map":
        case "set":
        case "file":
        case "template_literal":
        case "never":
        case "success":
            return false;
        case "literal":
            return !!def.values?.includes(undefined);
        case "enum":
            return !!schema._zod.values?.has(undefined);
        case "optional":
            return true;
        case "nullable":
        case "readonly":
        case "nonoptional":
            return def.innerType ? mayOutputUndefined(def.innerType) : true;
        case "union":
            return def.options ? def.options.some(mayOutputUndefined) : true;
        case "intersection":
            return !def.left || !def.right || mayOutputUndefined(def.left) || mayOutputUndefined(def.right);
        case "pipe":
            return def.out ? mayOutputUndefined(def.out) : true;
        default:
            // any/unknown/undefined/void/default/prefault/transform/custom/lazy/catch
            return true;
    }
}
function generateNullableCheck(doc, ctx, schema, accessor, buildsValue = true) {
    const def = schema._zod.def;
    const outputVar = buildsValue ? newVar(ctx) : null;
    if (outputVar)
        doc.write(`let ${outputVar} = null;`);
    doc.write(`if (${accessor} !== null) {`);
    doc.indented((d) => {
        const innerOutput = generateCheck(d, ctx, def.innerType, accessor, buildsValue);
        if (outputVar && innerOutput !== null)
            d.write(`${outputVar} = ${innerOutput};`);
    });
    doc.write(`}`);
    return outputVar;
}
function generateSizeGate(doc, schema, size) {
    for (const [max, check] of sizeCaps(schema._zod.def.checks)) {
        doc.write(`if (${size} > ${numericOperand(max, check._zod.def.check)}) return INVALID;`);
    }
}
function generateArrayCheck(doc, ctx, schema, accessor, buildsValue = true) {
    const def = schema._zod.def;
    doc.write(`if (!Array.isArray(${accessor})) return INVALID;`);
    generateSizeGate(doc, schema, `${accessor}.length`);
    // Build a new array with validated/transformed elements.
    const outputVar = buildsValue ? newVar(ctx) : null;
    const iVar = newVar(ctx);
    const elemVar = newVar(ctx);
    if (outputVar)
        doc.write(`const ${outputVar} = new Array(${accessor}.length);`);
    doc.write(`for (let ${iVar} = 0; ${iVar} < ${accessor}.length; ${iVar}++) {`);
    doc.indented((d) => {
        d.write(`const ${elemVar} = ${accessor}[${iVar}];`);
        const elemOutput = compileChild(d, ctx, def.element, elemVar, buildsValue);
        if (outputVar && elemOutput !== null)
            d.write(`${outputVar}[${iVar}] = ${elemOutput};`);
    });
    doc.write(`}`);
    return outputVar;
}
function generateLiteralCheck(doc, ctx, schema, accessor) {
    const def = schema._zod.def;
    const values = def.values;
    // Anything but a single value goes through Set.has: multi-value so every value participates, empty so nothing does — values[0] would be undefined and compile to an `!== undefined` check that accepts it. Single-value stays inlined for speed.
    if (values.length !== 1) {
        const literalSet = addConstant(ctx, new Set(values));
        doc.write(`if (!${literalSet}.has(${accessor})) return INVALID;`);
        return accessor;
    }
    const value = values[0];
    // `$ZodLiteral` matches with `values.has`, i.e. SameValueZero, so NaN matches itself. `x !== NaN` is true for every input, which would reject everything — hand it to the same Set form the multi-value path uses.
    if (typeof value === "number" && Number.isNaN(value)) {
        const literalSet = addConstant(ctx, new Set(values));
        doc.write(`if (!${literalSet}.has(${accessor})) return INVALID;`);
        return accessor;
    }
    if (typeof value === "string") {
        doc.write(`if (${accessor} !== ${esc(value)}) return INVALID;`);
    }
    else if (typeof value === "number" || typeof value === "boolean") {
        doc.write(`if (${accessor} !== ${value}) return INVALID;`);
    }
    else if (value === null) {
        doc.write(`if (${accessor} !== null) return INVALID;`);
    }
    else if (value === undefined) {
        doc.write(`if (${accessor} !== undefined) return INVALID;`);
    }
    else if (typeof value === "bigint") {
        doc.write(`if (${accessor} !== ${value}n) return INVALID;`);
    }
    else {
        throw new ZodCompileUnsupportedError(`literal type ${typeof value}`);
    }
    return accessor;
}
function generateEnumCheck(doc, ctx, schema, accessor) {
    const values = schema._zod.values;
    // z.partialRecord and friends clear `_zod.values`, leaving no set to test membership against. Throw rather than emit INVALID so a union falls back whole instead of counting a false rejection.
    if (!values) {
        throw new ZodCompileUnsupportedError("enum schema without enumerated values");
    }
    const enumSet = addConstant(ctx, values);
    doc.write(`if (!${enumSet}.has(${accessor})) return INVALID;`);
    return accessor;
}
function generateWrapperCheck(doc, ctx, schema, accessor) {
    const def = schema._zod.def;
    return generateCheck(doc, ctx, def.innerType, accessor);
}
function generateDefaultCheck(doc, ctx, schema, accessor) {
    const def = schema._zod.def;
    // `defaultValue` is an accessor on schemas built through the classic/mini
    // factories and a plain data property on ones rebuilt programmatically
    // (deepPartial and friends). Read it off the def either way — taking only
    // `descriptor.get` silently dropped the default for the second kind, so
    // `.default(v)` compiled to `undefined` instead of `v`.
    const descriptor = Object.getOwnPropertyDescriptor(schema._zod.def, "defaultValue");
    const defaultGetter = descriptor
        ? () => schema._zod.def.defaultValue
        : undefined;
    // prefault differs from default: undefined-input is first replaced with the prefault value, then run through the inner schema.
    if (schema._zod.def.type === "prefault") {
        if (!defaultGetter) {
            return generateCheck(doc, ctx, def.innerType, accessor);
        }
        const defaultFn = addConstant(ctx, defaultGetter);
        const inputVar = newVar(ctx);
        doc.write(`let ${inputVar} = ${accessor};`);
        doc.write(`if (${accessor} === undefined) ${inputVar} = ${defaultFn}();`);
        return generateCheck(doc, ctx, def.innerType, inputVar);
    }
    const outputVar = newVar(ctx);
    // Default allows undefined (replaces with default value), otherwise validates inner type
    if (defaultGetter) {
        const defaultFn = addConstant(ctx, defaultGetter);
        const cloneFn = addConstant(ctx, shallowClone);
        doc.write(`let ${outputVar};`);
        doc.write(`if (${accessor} === undefined) {`);
        doc.indented((d) => {
            // Shallow-clone the default so callers can mutate the result without affecting subsequent parses (#5855 — also covers Map/Set).
            d.write(`${outputVar} = ${cloneFn}(${defaultFn}());`);
        });
        doc.write(`} else {`);
        doc.indented((d) => {
            const innerOutput = generateCheck(d, ctx, def.innerType, accessor);
            d.write(`${outputVar} = ${innerOutput} === undefined ? ${cloneFn}(${defaultFn}()) : ${innerOutput};`);
        });
        doc.write(`}`);
    }
    else {
        doc.write(`let ${outputVar};`);
        doc.write(`if (${accessor} !== undefined) {`);
        doc.indented((d) => {
            const innerOutput = generateCheck(d, ctx, def.innerType, accessor);
            d.write(`${outputVar} = ${innerOutput};`);
        });
        doc.write(`}`);
    }
    return outputVar;
}
function generateNonOptionalCheck(doc, ctx, schema, accessor) {
    const def = schema._zod.def;
    // The runtime inspects what the inner produced, not what it was given: a catch can turn a defined input into undefined, a default an absent one into a value.
    const innerOutput = generateCheck(doc, ctx, def.innerType, accessor);
    const outputVar = newVar(ctx);
    doc.write(`const ${outputVar} = ${innerOutput};`);
    doc.write(`if (${outputVar} === undefined) return INVALID;`);
    return outputVar;
}
function generateTupleCheck(doc, ctx, schema, accessor) {
    const def = schema._zod.def;
    const items = def.items;
    const rest = def.rest;
    doc.write(`if (!Array.isArray(${accessor})) return INVALID;`);
    // Mirror the runtime's getTupleOptStart: find the first index where every subsequent slot accepts `undefined` (i.e. is optional on input). Anything shorter than this is too_small; trailing absent slots are legal.
    const optinStart = compile_getTupleOptStart(items, "optin");
    const optoutStart = compile_getTupleOptStart(items, "optout");
    // Length bounds
    if (rest) {
        // With rest: minimum length is the last required input slot
        doc.write(`if (${accessor}.length < ${optinStart}) return INVALID;`);
    }
    else {
        // No rest: input must be in [optinStart, items.length]
        doc.write(`if (${accessor}.length < ${optinStart} || ${accessor}.length > ${items.length}) return INVALID;`);
    }
    // Build the output in assignment order so absent optional-output tail slots can truncate while default/prefault slots still fill missing positions.
    const outputVar = newVar(ctx);
    doc.write(`const ${outputVar} = [];`);
    // Validate and collect each fixed item
    for (let i = 0; i < items.length; i++) {
        const itemSchema = items[i];
        if (i >= optoutStart) {
            doc.write(`if (${outputVar}.length === ${i}) {`);
            doc.indented((d) => {
                d.write(`if (${i} < ${accessor}.length) {`);
                d.indented((d2) => {
                    const elemVar = newVar(ctx);
                    d2.write(`const ${elemVar} = ${accessor}[${i}];`);
                    const elemOutput = compileChild(d2, ctx, itemSchema, elemVar);
                    d2.write(`${outputVar}[${i}] = ${elemOutput};`);
                });
                d.write(`} else {`);
                d.indented((d2) => {
                    // Middle rung: absence supplies nothing in its place, so truncate rather than running the item on `undefined` and keeping what it invents. Mirrors the leading gate in `handleTupleResults`.
                    if (dropsWhenAbsent(itemSchema)) {
                        d2.write(`${outputVar}.length = ${i};`);
                        return;
                    }
                    const elemVar = newVar(ctx);
                    const branchVar = newVar(ctx);
                    d2.write(`const ${elemVar} = undefined;`);
                    d2.write(`const ${branchVar} = (() => {`);
                    d2.indented((d3) => {
                        const elemOutput = compileChild(d3, ctx, itemSchema, elemVar);
                        d3.write(`return ${elemOutput};`);
                    });
                    d2.write(`})();`);
                    d2.write(`if (${branchVar} === INVALID || ${branchVar} === undefined) ${outputVar}.length = ${i};`);
                    d2.write(`else ${outputVar}[${i}] = ${branchVar};`);
                });
                d.write(`}`);
            });
            doc.write(`}`);
        }
        else {
            const elemVar = newVar(ctx);
            doc.write(`const ${elemVar} = ${accessor}[${i}];`);
            const elemOutput = compileChild(doc, ctx, itemSchema, elemVar);
            doc.write(`${outputVar}[${i}] = ${elemOutput};`);
        }
    }
    // Validate and collect rest elements if present
    if (rest) {
        const iVar = newVar(ctx);
        const elemVar = newVar(ctx);
        doc.write(`for (let ${iVar} = ${items.length}; ${iVar} < ${accessor}.length; ${iVar}++) {`);
        doc.indented((d) => {
            d.write(`const ${elemVar} = ${accessor}[${iVar}];`);
            const elemOutput = compileChild(d, ctx, rest, elemVar);
            d.write(`${outputVar}[${iVar}] = ${elemOutput};`);
        });
        doc.write(`}`);
    }
    return outputVar;
}
function compile_getTupleOptStart(items, key) {
    for (let i = items.length - 1; i >= 0; i--) {
        // Mirrors the runtime: optin is a three-rung ladder so any rung above `undefined` permits an absent slot; optout stays two-valued.
        const omittable = key === "optin" ? items[i]._zod.optin !== undefined : items[i]._zod.optout === "optional";
        if (!omittable)
            return i + 1;
    }
    return 0;
}
function generateUnionCheck(doc, ctx, schema, accessor) {
    const def = schema._zod.def;
    const options = def.options;
    if (def.discriminator) {
        return generateDiscriminatedUnionCheck(doc, ctx, def, accessor);
    }
    // z.xor requires *exactly one* option to match. Match-counting in the fast path is only sound if every branch is exactly as strict as the runtime — any falsely-rejecting branch silently turns a multi-match rejection into an accept. Force the runtime for this rare combinator.
    if (def.inclusive === false) {
        throw new ZodCompileUnsupportedError("exclusive unions (z.xor)");
    }
    if (options.length === 0) {
        doc.write("return INVALID;");
        return accessor;
    }
    if (options.length === 1) {
        return generateCheck(doc, ctx, options[0], accessor);
    }
    // Check if all options are bare literals - use Set optimization. A literal option carrying checks (e.g. .refine) must take the general path or the Set would accept values its checks reject.
    const allLiterals = options.every((opt) => opt._zod.def.type === "literal" && !opt._zod.def.checks?.length);
    if (allLiterals) {
        const values = new Set(options.flatMap((opt) => opt._zod.def.values));
        const valuesConst = addConstant(ctx, values);
        doc.write(`if (!${valuesConst}.has(${accessor})) return INVALID;`);
        return accessor;
    }
    // General case: try each option until one succeeds Use IIFEs that return the output or INVALID
    const outputVar = newVar(ctx);
    doc.write(`let ${outputVar};`);
    for (let i = 0; i < options.length; i++) {
        const opt = options[i];
        if (i === 0) {
            doc.write(`${outputVar} = (() => {`);
        }
        else {
            doc.write(`if (${outputVar} === INVALID) ${outputVar} = (() => {`);
        }
        doc.indented((d) => {
            // Generate check inside IIFE - returns INVALID on failure
            const branchOutput = generateCheck(d, ctx, opt, accessor);
            d.write(`return ${branchOutput};`);
        });
        doc.write(`})();`);
    }
    doc.write(`if (${outputVar} === INVALID) return INVALID;`);
    return outputVar;
}
function generateDiscriminatedUnionCheck(doc, ctx, def, accessor) {
    if (def.unionFallback) {
        throw new ZodCompileUnsupportedError("discriminated union with unionFallback");
    }
    if (def.options.length === 0) {
        doc.write("return INVALID;");
        return accessor;
    }
    const discVar = newVar(ctx);
    const outputVar = newVar(ctx);
    doc.write(`const ${discVar} = ${accessor}?.[${esc(def.discriminator)}];`);
    doc.write(`let ${outputVar};`);
    let firstBranch = true;
    const claimed = new Set();
    for (const option of def.options) {
        const values = option._zod.propValues?.[def.discriminator];
        if (!values || values.size === 0) {
            throw new ZodCompileUnsupportedError("discriminated union option without static discriminator values");
        }
        // let the interpreter handle collisions instead of compiling first-match dispatch
        for (const value of values) {
            if (claimed.has(value)) {
                throw new ZodCompileUnsupportedError(`duplicate discriminator value ${String(value)}`);
            }
            claimed.add(value);
        }
        const conditions = Array.from(values, (value) => literalEquality(ctx, discVar, value));
        const prefix = firstBranch ? "if" : "else if";
        doc.write(`${prefix} (${conditions.join(" || ")}) {`);
        doc.indented((d) => {
            const branchOutput = generateCheck(d, ctx, option, accessor);
            d.write(`${outputVar} = ${branchOutput};`);
        });
        doc.write(`}`);
        firstBranch = false;
    }
    doc.write(`else { return INVALID; }`);
    return outputVar;
}
function literalEquality(ctx, accessor, value) {
    if (typeof value === "string")
        return `${accessor} === ${esc(value)}`;
    if (typeof value === "number") {
        if (Number.isNaN(value))
            return `Number.isNaN(${accessor})`;
        return `${accessor} === ${value}`;
    }
    if (typeof value === "boolean")
        return `${accessor} === ${value}`;
    if (value === null)
        return `${accessor} === null`;
    if (value === undefined)
        return `${accessor} === undefined`;
    if (typeof value === "bigint")
        return `${accessor} === ${value}n`;
    if (typeof value === "symbol") {
        const symbolConst = addConstant(ctx, value);
        return `${accessor} === ${symbolConst}`;
    }
    throw new ZodCompileUnsupportedError(`literal discriminator value ${String(value)}`);
}
function generateIntersectionCheck(doc, ctx, schema, accessor) {
    const def = schema._zod.def;
    // An unmergeable merge, and a child failing before the merge is even reached, both return INVALID for a case the interpreter answers with a throw.
    ctx.definite = false;
    const leftOutput = compileChild(doc, ctx, def.left, accessor);
    const rightOutput = compileChild(doc, ctx, def.right, accessor);
    // Hoist the runtime merge helper so recursive object/array merge semantics stay in one place. If the merge is invalid, return INVALID and let the runtime fallback construct canonical errors.
    const mergeConst = addConstant(ctx, mergeValues);
    const mergedVar = newVar(ctx);
    doc.write(`const ${mergedVar} = ${mergeConst}(${leftOutput}, ${rightOutput});`);
    doc.write(`if (!${mergedVar}.valid) return INVALID;`);
    return `${mergedVar}.data`;
}
function generateRecordCheck(doc, ctx, schema, accessor) {
    const def = schema._zod.def;
    // Use util.isPlainObject (rejects Date, Map, Set, class instances, etc.) to match runtime behavior. Hoisted call instead of inline so this stays a single source of truth with the runtime parser.
    const isPlainObjectConst = addConstant(ctx, isPlainObject);
    doc.write(`if (!${isPlainObjectConst}(${accessor})) return INVALID;`);
    const outputVar = newVar(ctx);
    const kVar = newVar(ctx);
    const valVar = newVar(ctx);
    doc.write(`const ${outputVar} = {};`);
    // Exhaustive record. The runtime gates this on `values && !def.partial`, since z.partialRecord keeps its value set but makes every key optional; a loose record passes unrecognized keys through, which the per-key scan cannot express.
    const recordDef = def;
    const keyValues = recordDef.partial ? undefined : def.keyType._zod.values;
    if (keyValues) {
        const inputKeys = [];
        for (const key of keyValues) {
            if (!(typeof key === "string" || typeof key === "number" || typeof key === "symbol")) {
                throw new ZodCompileUnsupportedError(`record key value ${String(key)}`);
            }
            const inputKey = typeof key === "number" ? key.toString() : key;
            if (inputKey === "__proto__") {
                // `out["__proto__"] = v` would hit the prototype setter on the output.
                throw new ZodCompileUnsupportedError('record key "__proto__"');
            }
            inputKeys.push(inputKey);
            const keyConst = addConstant(ctx, key);
            const outKey = generateCheck(doc, ctx, def.keyType, keyConst);
            // Read the property once. Passing the raw expression let compileChild validate one read while the output write performed a second, so a getter could hand back a value nothing had checked.
            const valueVar = newVar(ctx);
            doc.write(`const ${valueVar} = ${accessor}[${literalPropertyKey(ctx, inputKey)}];`);
            const valOutput = compileChild(doc, ctx, def.valueType, valueVar);
            doc.write(`${outputVar}[${outKey}] = ${valOutput};`);
        }
        // `mode: "loose"` changes only what happens to unrecognized keys, so it belongs here rather than the per-present-key scan. Passing them through matches the runtime, which skips `__proto__`.
        const knownKeysConst = addConstant(ctx, new Set(inputKeys));
        doc.write(`for (const ${kVar} in ${accessor}) {`);
        doc.indented((d) => {
            d.write(`if (${knownKeysConst}.has(${kVar})) continue;`);
            if (recordDef.mode === "loose") {
                d.write(`if (${kVar} !== "__proto__") ${outputVar}[${kVar}] = ${accessor}[${kVar}];`);
            }
            else {
                d.write(`return INVALID;`);
            }
        });
        doc.write(`}`);
        return outputVar;
    }
    // The bare-string shortcut below only tests `typeof key === "string"`, so it
    // is correct exclusively for a `z.string()` carrying nothing else. A string
    // *format* lives on the def rather than in `checks` — `z.record(z.email(), …)`
    // reads as a plain string here — and coercion rewrites the key, so both have
    // to take the general path or the shortcut accepts keys the runtime rejects.
    const keyDef = def.keyType._zod.def;
    const keyIsBareString = keyDef.type === "string" && keyDef.format === undefined && !keyDef.coerce && (keyDef.checks?.length ?? 0) === 0;
    if (!keyIsBareString) {
        // A key schema with no value set is a constraint every key must satisfy
        // (`z.email()`, `z.string().min(3)`, `z.number()`, a template literal).
        // The runtime runs it against each own enumerable key and writes the value
        // under the key it produced, so compile it once and call it per key.
        const isLoose = def.mode === "loose";
        // the key compiles in its own context, so carry its verdict out: a key schema that can answer INVALID undecidably makes this validator undecidable too
        const keyFn = compileFn(def.keyType);
        if (keyFn.definite === false)
            ctx.definite = false;
        const keyFast = addConstant(ctx, keyFn);
        const numericConst = addConstant(ctx, number);
        const outKeyVar = newVar(ctx);
        // the body runs once per string key and once per symbol key, since a key schema can accept symbols
        emitOwnKeys(doc, ctx, accessor, kVar, (d) => {
            d.write(`let ${outKeyVar} = ${keyFast}(${kVar});`);
            // Numeric-string retry, mirroring the runtime: a key the schema rejects as a string is tried again as a number, so z.record(z.number(), …) matches the numeric keys JavaScript stringified on the way in.
            d.write(`if (${outKeyVar} === INVALID && typeof ${kVar} === "string" && ${numericConst}.test(${kVar})) ${outKeyVar} = ${keyFast}(Number(${kVar}));`);
            if (isLoose) {
                // A loose record keeps a key its schema rejects, copying the value across unvalidated rather than failing the parse.
                d.write(`if (${outKeyVar} === INVALID) { ${outputVar}[${kVar}] = ${accessor}[${kVar}]; continue; }`);
            }
            else {
                d.write(`if (${outKeyVar} === INVALID) return INVALID;`);
            }
            // The guard above tested the input key, but the schema can normalize an ordinary key into __proto__; re-check the one actually written under.
            d.write(`if (${outKeyVar} === "__proto__") continue;`);
            // Read once: the raw expression would be evaluated again by the output write below, so an accessor could return an unvalidated second value.
            const valueVar = newVar(ctx);
            d.write(`const ${valueVar} = ${accessor}[${kVar}];`);
            const valOutput = compileChild(d, ctx, def.valueType, valueVar);
            d.write(`${outputVar}[${outKeyVar}] = ${valOutput};`);
        });
        return outputVar;
    }
    // Plain z.string() keys: every own enumerable string key's value is validated, and an own enumerable symbol key fails the string key schema, as it does in the runtime's Reflect.ownKeys walk.
    emitOwnKeys(doc, ctx, accessor, kVar, (d) => {
        d.write(`const ${valVar} = ${accessor}[${kVar}];`);
        const valOutput = compileChild(d, ctx, def.valueType, valVar);
        d.write(`${outputVar}[${kVar}] = ${valOutput};`);
    }, `return INVALID;`);
    return outputVar;
}
// Walks the own enumerable keys of a plain object in Reflect.ownKeys order — strings from getOwnPropertyNames, then symbols — instead of Reflect.ownKeys, whose accumulator made that walk 3–6x the cost of the loop it fed. Both snapshots are taken before any value is read and every key is rechecked with propertyIsEnumerable when visited, exactly the runtime's walk, so a getter that adds, deletes, hides or reveals a key mid-walk sees the runtime's verdict; for-in and Object.keys were no faster and each lost a case (for-in enumerates the prototype chain after the own keys, Object.keys drops a key that is non-enumerable at snapshot time). `body` is written once for the string loop and once for the symbol loop unless `onSymbol` replaces the latter.
function emitOwnKeys(doc, ctx, accessor, kVar, body, onSymbol) {
    const propIsEnumerableConst = addConstant(ctx, Object.prototype.propertyIsEnumerable);
    const symsVar = newVar(ctx);
    const keysVar = newVar(ctx);
    const iVar = newVar(ctx);
    doc.write(`const ${symsVar} = Object.getOwnPropertySymbols(${accessor});`);
    doc.write(`const ${keysVar} = Object.getOwnPropertyNames(${accessor});`);
    doc.write(`for (let ${iVar} = 0; ${iVar} < ${keysVar}.length; ${iVar}++) {`);
    doc.indented((d) => {
        d.write(`const ${kVar} = ${keysVar}[${iVar}];`);
        d.write(`if (${kVar} === "__proto__" || !${propIsEnumerableConst}.call(${accessor}, ${kVar})) continue;`);
        body(d);
    });
    doc.write(`}`);
    doc.write(`for (let ${iVar} = 0; ${iVar} < ${symsVar}.length; ${iVar}++) {`);
    doc.indented((d) => {
        d.write(`const ${kVar} = ${symsVar}[${iVar}];`);
        d.write(`if (!${propIsEnumerableConst}.call(${accessor}, ${kVar})) continue;`);
        if (onSymbol)
            d.write(onSymbol);
        else
            body(d);
    });
    doc.write(`}`);
}
function literalPropertyKey(ctx, key) {
    if (typeof key === "string")
        return esc(key);
    return addConstant(ctx, key);
}
function generateMapCheck(doc, ctx, schema, accessor) {
    const def = schema._zod.def;
    doc.write(`if (!(${accessor} instanceof Map)) return INVALID;`);
    generateSizeGate(doc, schema, `${accessor}.size`);
    const outputVar = newVar(ctx);
    const kVar = newVar(ctx);
    const valVar = newVar(ctx);
    doc.write(`const ${outputVar} = new Map();`);
    doc.write(`for (const [${kVar}, ${valVar}] of ${accessor}) {`);
    doc.indented((d) => {
        const keyOutput = generateCheck(d, ctx, def.keyType, kVar);
        const valOutput = generateCheck(d, ctx, def.valueType, valVar);
        d.write(`${outputVar}.set(${keyOutput}, ${valOutput});`);
    });
    doc.write(`}`);
    return outputVar;
}
function generateSetCheck(doc, ctx, schema, accessor) {
    const def = schema._zod.def;
    doc.write(`if (!(${accessor} instanceof Set)) return INVALID;`);
    generateSizeGate(doc, schema, `${accessor}.size`);
    const outputVar = newVar(ctx);
    const valVar = newVar(ctx);
    doc.write(`const ${outputVar} = new Set();`);
    doc.write(`for (const ${valVar} of ${accessor}) {`);
    doc.indented((d) => {
        const valOutput = generateCheck(d, ctx, def.valueType, valVar);
        d.write(`${outputVar}.add(${valOutput});`);
    });
    doc.write(`}`);
    return outputVar;
}
function generateFileCheck(doc, accessor) {
    // Runtime $ZodFile is a bare `instanceof File`, including the implicit global lookup. The previous duck-typed fallback accepted arbitrary {name, size} objects in File-less environments — behavior the runtime never had.
    doc.write(`if (!(${accessor} instanceof File)) return INVALID;`);
    return accessor;
}
function generateTemplateLiteralCheck(doc, ctx, schema, accessor) {
    doc.write(`if (typeof ${accessor} !== "string") return INVALID;`);
    // Template literal schemas have a pre-computed pattern in _zod.pattern
    const pattern = schema._zod.pattern;
    if (pattern) {
        const patternConst = addConstant(ctx, pattern);
        doc.write(`${patternConst}.lastIndex = 0;`);
        doc.write(`if (!${patternConst}.test(${accessor})) return INVALID;`);
    }
    return accessor;
}
function generateLazyCheck(doc, ctx, schema, accessor) {
    // For lazy schemas, we use a cached parser that falls back to runtime Zod parsing This handles recursive schemas correctly by avoiding infinite compilation loops
    const def = schema._zod.def;
    const getterConst = addUserConstant(ctx, def.getter);
    const cacheConst = addConstant(ctx, { parser: null });
    doc.write(`if (!${cacheConst}.parser) {`);
    doc.indented((d) => {
        d.write(`const inner = ${getterConst}();`);
        d.write(`${cacheConst}.parser = function(input) {`);
        d.indented((d2) => {
            // Use runtime Zod parsing - this correctly handles recursive schemas Pass an empty ctx like runtimeRun does — runtime parsers read ctx.skipChecks/ctx.direction unconditionally and crash on undefined.
            d2.write(`const result = inner._zod.run({ value: input, issues: [] }, {});`);
            d2.write(`return result.issues.length === 0 ? result.value : INVALID;`);
        });
        d.write(`};`);
    });
    doc.write(`}`);
    const outputVar = newVar(ctx);
    doc.write(`const ${outputVar} = ${cacheConst}.parser(${accessor});`);
    doc.write(`if (${outputVar} === INVALID) return INVALID;`);
    return outputVar;
}
function generatePipeCheck(doc, ctx, schema, accessor) {
    const def = schema._zod.def;
    // Validate input type first
    const inputOutput = generateCheck(doc, ctx, def.in, accessor);
    if (def.transform) {
        // Apply transform and validate output. The transform may read its second `payload` argument (codec transforms like z.stringbool() push issues there) so wrap the call in a helper that spoofs a payload. Pushed issues signal INVALID and the wrapper falls back to the runtime, and a plain function handing back a promise answers INVALID too — union parity, but not a decidable rejection at the top level.
        if (isAsyncFunction(def.transform)) {
            throw new ZodCompileAsyncError("z.compile: async transforms in pipes are not supported");
        }
        const transformFn = def.transform;
        const helperFn = (value) => {
            // `addIssue` has to be here: a transform reporting through it is reporting, not failing. Without it the call threw a TypeError that the old catch swallowed into a fallback, so every ctx.addIssue transform quietly lost its fast path and the real error was never visible.
            const fakePayload = { value, issues: [], addIssue: pushIssue };
            // A throw is deliberately not caught. The interpreter lets one propagate out of the whole parse; swallowing it into INVALID turned a thrown error into a merely-rejected union branch, so a later branch answered instead.
            const result = transformFn(value, fakePayload);
            if (result instanceof Promise)
                return INVALID;
            return fakePayload.issues.length === 0 ? result : INVALID;
        };
        const helperConst = addUserConstant(ctx, helperFn);
        const transformedVar = newVar(ctx);
        doc.write(`const ${transformedVar} = ${helperConst}(${inputOutput});`);
        doc.write(`if (${transformedVar} === INVALID) return INVALID;`);
        return generateCheck(doc, ctx, def.out, transformedVar);
    }
    else {
        // No transform - validate output type on same value
        return generateCheck(doc, ctx, def.out, inputOutput);
    }
}
function isAsyncFunction(fn) {
    return (typeof fn === "function" &&
        (fn.constructor.name === "AsyncFunction" ||
            fn[Symbol.toStringTag] === "AsyncFunction"));
}
function generateCustomCheck(doc, ctx, schema, accessor) {
    const def = schema._zod.def;
    if (def.fn) {
        // Check for async function
        if (isAsyncFunction(def.fn)) {
            throw new ZodCompileAsyncError("z.compile: async custom predicates are not supported");
        }
        // Custom schema with a predicate function (e.g. z.instanceof). `isAsyncFunction` above is syntactic, so a plain function returning a promise reaches here, and a promise is truthy — it would read as a pass where the interpreter throws.
        const fnConst = addUserConstant(ctx, def.fn);
        const throwAsyncConst = addConstant(ctx, throwAsync);
        const resVar = newVar(ctx);
        doc.write(`const ${resVar} = ${fnConst}(${accessor});`);
        doc.write(`if (${resVar} instanceof Promise) ${throwAsyncConst}();`);
        doc.write(`if (!${resVar}) return INVALID;`);
    }
    else {
        throw new ZodCompileUnsupportedError("custom schema without a predicate function");
    }
    return accessor;
}
// Runtime helper for a compiled `catch`: runs the inner schema once and returns its value when it succeeded. Anything else — a failure the catch would handle, or an async inner — returns INVALID so the interpreter takes over.
function runtimeCatch(innerSchema, catchValue, value) {
    const result = innerSchema._zod.run({ value, issues: [] }, {});
    if (result && typeof result.then === "function")
        return INVALID;
    const r = result;
    if (r.issues.length === 0)
        return r.value;
    // Only reached for a catch value that ignores the parse context — codegen refuses the rest — so there are no issues to finalize and nothing here needs the caller's error map.
    return catchValue();
}
function generateCatchCheck(doc, ctx, schema, accessor) {
    const def = schema._zod.def;
    // An untagged catchValue is a user callback, and one reading `ctx.error` needs the caller's per-parse error map. Catch *succeeds*, so a wrong message there is unobservable — refuse at codegen, and not islandable either, since `runtimeRun` has no context to hand it.
    if (!def.catchValue[CONSTANT_CATCH]) {
        throw new ZodCompileUnsupportedError("catch with a callback (only a constant catch value compiles)", false);
    }
    const outputVar = newVar(ctx);
    doc.write(`let ${outputVar} = (() => {`);
    doc.indented((d) => {
        const innerOut = compileChild(d, ctx, def.innerType, accessor);
        d.write(`return ${innerOut};`);
    });
    doc.write(`})();`);
    const innerConst = addConstant(ctx, def.innerType);
    const catchConst = addUserConstant(ctx, def.catchValue);
    const catchHelperConst = addConstant(ctx, runtimeCatch);
    doc.write(`if (${outputVar} === INVALID) {`);
    doc.indented((d) => {
        d.write(`${outputVar} = ${catchHelperConst}(${innerConst}, ${catchConst}, ${accessor});`);
        d.write(`if (${outputVar} === INVALID) return INVALID;`);
    });
    doc.write(`}`);
    return outputVar;
}
function generateTransformCheck(doc, ctx, schema, accessor) {
    const def = schema._zod.def;
    if (def.transform) {
        // Check for async transform
        if (isAsyncFunction(def.transform)) {
            throw new ZodCompileAsyncError("z.compile: async transforms are not supported");
        }
        // Create a helper that runs the transform and returns the result or INVALID on error
        const transformFn = def.transform;
        const helperFn = (value) => {
            const fakePayload = { value, issues: [], addIssue: pushIssue };
            // As in the pipe helper: a throw propagates, because the interpreter lets it out of the whole parse rather than treating it as a failed branch.
            const result = transformFn(value, fakePayload);
            if (result instanceof Promise)
                return INVALID;
            return fakePayload.issues.length === 0 ? result : INVALID;
        };
        const helperConst = addUserConstant(ctx, helperFn);
        const outputVar = newVar(ctx);
        doc.write(`const ${outputVar} = ${helperConst}(${accessor});`);
        doc.write(`if (${outputVar} === INVALID) return INVALID;`);
        return outputVar;
    }
    return accessor;
}

;// CONCATENATED MODULE: ./src/dbt/artifacts/parse-artifact.ts

/** How an artifact kind is called in messages. */
const KIND_NOUN = {
    manifest: "dbt manifest",
    "run-results": "dbt run results file",
    sources: "dbt sources (freshness) file",
};
/** The file dbt writes for each kind, for hints. */
const KIND_FILE = {
    manifest: "manifest.json",
    "run-results": "run_results.json",
    sources: "sources.json",
};
/* ------------------------------------------------------------------ JSON */
/**
 * Parses the text of an artifact. A file that is not JSON (empty, truncated,
 * a syntax error) is a `UserError("artifact_not_json")` naming the file and
 * the line, column and character offset of the problem.
 */
function parseArtifactJson(text, file) {
    // A byte-order mark is not JSON whitespace, but editors on Windows add one.
    const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    try {
        return JSON.parse(body);
    }
    catch (error) {
        throw notJsonError(body, file, error instanceof Error ? error.message : String(error));
    }
}
function notJsonError(text, file, engineMessage) {
    if (text.trim() === "") {
        return new user_error/* UserError */.yo("artifact_not_json", `${file} is empty (${text.length === 0 ? "0 bytes" : "only whitespace"}), not a JSON document.`, { file });
    }
    const atEnd = /end of JSON input/i.test(engineMessage);
    const explicit = /at position (\d+)/.exec(engineMessage);
    let position;
    let what;
    if (atEnd) {
        position = text.length;
        what = "the document ends before it is complete; the file looks truncated";
    }
    else if (explicit?.[1] !== undefined) {
        position = Number(explicit[1]);
        what = describeEngineMessage(engineMessage);
    }
    else {
        // V8 gives no position for "Unexpected token": find it ourselves.
        position = locateJsonError(text);
        what = describeEngineMessage(engineMessage);
    }
    const { line, column } = lineAndColumn(text, position);
    const truncatedTail = !atEnd && position >= text.length ? "; the file looks truncated" : "";
    return new user_error/* UserError */.yo("artifact_not_json", `${file} is not valid JSON: ${what}${truncatedTail} (line ${line}, column ${column}, character ${position}).`, { file });
}
/** V8's wording without the position and the echoed text, lower-cased at the start. */
function describeEngineMessage(message) {
    let m = message.replace(/\s*(?:in JSON )?at position \d+.*$/s, "");
    m = m.replace(/^(Unexpected token '.+?'), ".*" is not valid JSON$/s, "$1");
    m = m.replace(/ is not valid JSON$/, "");
    return m.length > 0 ? m.charAt(0).toLowerCase() + m.slice(1) : "syntax error";
}
/** 1-based line and column of a character offset. */
function lineAndColumn(text, position) {
    let line = 1;
    let lineStart = 0;
    for (let i = text.indexOf("\n"); i !== -1 && i < position; i = text.indexOf("\n", i + 1)) {
        line += 1;
        lineStart = i + 1;
    }
    return { line, column: position - lineStart + 1 };
}
/**
 * Offset of the first JSON syntax error in `text` (which JSON.parse rejected).
 * Only used when the engine's message carries no position.
 */
function locateJsonError(text) {
    let i = 0;
    const n = text.length;
    const ws = () => {
        while (i < n) {
            const c = text.charCodeAt(i);
            if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09)
                i += 1;
            else
                break;
        }
    };
    const literal = (word) => {
        if (text.startsWith(word, i)) {
            i += word.length;
            return true;
        }
        return false;
    };
    const string = () => {
        i += 1; // opening quote
        while (i < n) {
            const c = text.charCodeAt(i);
            if (c === 0x22) {
                i += 1;
                return true;
            }
            if (c < 0x20)
                return false;
            if (c === 0x5c) {
                const e = text.charAt(i + 1);
                if (e === "u") {
                    if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
                        return false;
                    i += 6;
                }
                else if ('"\\/bfnrt'.includes(e) && e !== "") {
                    i += 2;
                }
                else {
                    i += 1;
                    return false;
                }
            }
            else {
                i += 1;
            }
        }
        return false;
    };
    const number = () => {
        const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
        if (m === null)
            return false;
        i += m[0].length;
        return true;
    };
    // A state machine with an explicit stack, so deep nesting or long arrays cannot overflow.
    const stack = [];
    let state = "value";
    for (;;) {
        ws();
        if (state === "value") {
            const c = text.charAt(i);
            if (c === "{" || c === "[") {
                i += 1;
                ws();
                if (text.charAt(i) === (c === "{" ? "}" : "]")) {
                    i += 1;
                    state = "after";
                }
                else {
                    stack.push(c);
                    state = c === "{" ? "key" : "value";
                }
                continue;
            }
            let ok;
            if (c === '"')
                ok = string();
            else if (c === "t")
                ok = literal("true");
            else if (c === "f")
                ok = literal("false");
            else if (c === "n")
                ok = literal("null");
            else if (c === "-" || (c >= "0" && c <= "9"))
                ok = number();
            else
                ok = false;
            if (!ok)
                return Math.min(i, n);
            state = "after";
        }
        else if (state === "key") {
            if (text.charAt(i) !== '"' || !string())
                return Math.min(i, n);
            ws();
            if (text.charAt(i) !== ":")
                return Math.min(i, n);
            i += 1;
            state = "value";
        }
        else {
            const top = stack[stack.length - 1];
            if (top === undefined)
                return i; // trailing content after the document
            const c = text.charAt(i);
            if (c === ",") {
                i += 1;
                state = top === "{" ? "key" : "value";
            }
            else if ((top === "{" && c === "}") || (top === "[" && c === "]")) {
                i += 1;
                stack.pop();
            }
            else {
                return Math.min(i, n);
            }
        }
    }
}
/* ---------------------------------------------------------------- paths */
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** `$.nodes["model.x.y"].config.materialized`, `$.results[3].status`. */
function formatJsonPath(path) {
    let out = "$";
    for (const segment of path) {
        if (typeof segment === "number")
            out += `[${segment}]`;
        else if (typeof segment === "string" && IDENTIFIER.test(segment))
            out += `.${segment}`;
        else
            out += `[${JSON.stringify(String(segment))}]`;
    }
    return out;
}
/* ------------------------------------------------------------- problems */
/** Describes a JSON value for a message: `number (42)`, `string ("abc")`, `null`, `array`. */
function describeValue(value) {
    if (value === undefined)
        return "nothing";
    if (value === null)
        return "null";
    if (Array.isArray(value))
        return "an array";
    switch (typeof value) {
        case "string": {
            const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
            return `string ${JSON.stringify(shown)}`;
        }
        case "number":
        case "boolean":
            return `${typeof value} ${String(value)}`;
        case "object":
            return "an object";
        default:
            return typeof value;
    }
}
function valueAt(root, path) {
    let current = root;
    for (const segment of path) {
        if (current === null || typeof current !== "object")
            return undefined;
        current = current[segment];
    }
    return current;
}
const TYPE_WORDS = {
    object: "an object",
    array: "an array",
    record: "an object",
    string: "a string",
    number: "a number",
    int: "an integer",
    boolean: "a boolean",
    null: "null",
};
function expectedWord(expected) {
    return TYPE_WORDS[expected] ?? expected;
}
/** Every `expected` type of a union's branches, for "expected a string or an object". */
function unionExpectations(issue) {
    if (issue.code !== "invalid_union")
        return [];
    const out = [];
    for (const branch of issue.errors) {
        for (const inner of branch) {
            if (inner.path.length > 0)
                continue;
            if (inner.code === "invalid_type")
                out.push(expectedWord(inner.expected));
            else if (inner.code === "invalid_value")
                out.push(inner.values.map((v) => JSON.stringify(v)).join(" or "));
        }
    }
    return [...new Set(out)];
}
/**
 * Collects problems across a whole artifact so that one error lists every
 * one of them, each with its JSON path.
 */
class Problems {
    list = [];
    add(path, message) {
        this.list.push({ path: formatJsonPath(path), message });
    }
    /** Adds zod's issues for `value`, which sits at `prefix` in the document. */
    addIssues(prefix, value, issues) {
        for (const issue of issues)
            this.addIssue(prefix, value, issue, []);
    }
    addIssue(prefix, value, issue, base) {
        const at = [...base, ...issue.path];
        if (issue.code === "invalid_union") {
            // A branch whose issues are all nested matched the value's type (an
            // object where a string or an object is allowed): its issues say what
            // is wrong inside, which is more useful than "expected a string".
            const nested = issue.errors.find((branch) => branch.length > 0 && branch.every((i) => i.path.length > 0));
            if (nested !== undefined) {
                for (const inner of nested)
                    this.addIssue(prefix, value, inner, at);
                return;
            }
        }
        this.add([...prefix, ...at], issueMessage(issue, valueAt(value, at)));
    }
    get empty() {
        return this.list.length === 0;
    }
    /** Throws `artifact_invalid` listing every problem, if there are any. */
    throwIfAny(file, kind, version) {
        if (this.empty)
            return;
        const count = this.list.length;
        const noun = version === null ? KIND_NOUN[kind] : `${KIND_NOUN[kind]} (${version})`;
        throw new user_error/* UserError */.yo("artifact_invalid", `${file} does not have the shape of a ${noun}: ${count} ${count === 1 ? "problem" : "problems"} found.`, { file, problems: [...this.list] });
    }
}
function issueMessage(issue, found) {
    switch (issue.code) {
        case "invalid_type":
            if (found === undefined)
                return `missing (expected ${expectedWord(issue.expected)})`;
            return `expected ${expectedWord(issue.expected)}, found ${describeValue(found)}`;
        case "invalid_value":
            return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}, found ${describeValue(found)}`;
        case "invalid_union": {
            const options = unionExpectations(issue);
            const expected = options.length > 0 ? options.join(" or ") : "another shape";
            if (found === undefined)
                return `missing (expected ${expected})`;
            return `expected ${expected}, found ${describeValue(found)}`;
        }
        case "custom": {
            const expected = issue.params?.expected;
            if (typeof expected === "string") {
                if (found === undefined)
                    return `missing (expected ${expectedWord(expected)})`;
                return `expected ${expectedWord(expected)}, found ${describeValue(found)}`;
            }
            return issue.message;
        }
        default:
            return issue.message;
    }
}
/**
 * `validateAt` for schemas whose output is their input's known fields
 * unchanged (no defaults, transforms or coercion): a valid value is returned
 * as it is, typed as the schema's output, without zod building a copy of it
 * (a 10,000-node manifest's copies were most of what validation allocated).
 * The caller reads only the schema's fields, so unknown keys don't matter;
 * arrays and objects are the document's own, never modified. Anything
 * invalid goes through zod as before, for its issues.
 */
function acceptAt(schema, value, at, problems) {
    if (schema.validate(value))
        return value;
    return validateAt(schema, value, at, problems);
}
/** Validates `value` (found at `at`) with `schema`; records its issues and returns undefined when it is invalid. */
function validateAt(schema, value, at, problems) {
    const result = schema.safeParse(value);
    if (result.success)
        return result.data;
    problems.addIssues(at, value, result.error.issues);
    return undefined;
}
/* --------------------------------------------------------------- shapes */
function parse_artifact_isPlainObject(value) {
    return value !== null && typeof value === "object" && !Array.isArray(value);
}
/**
 * The document's top level must be an object; anything else cannot be
 * examined further, so it is refused at once.
 */
function requireTopObject(doc, file, kind) {
    if (parse_artifact_isPlainObject(doc))
        return doc;
    const problems = new Problems();
    problems.add([], `expected an object (the ${KIND_NOUN[kind]}), found ${describeValue(doc)}`);
    problems.throwIfAny(file, kind, null);
    throw new Error("unreachable");
}
/**
 * Validates each entry of a `{ id: entry }` collection with a small schema,
 * so that a 100 MB manifest is never validated (or copied) as one value.
 * Problems go to `problems` with the path `$.<key>["<id>"]…`; valid entries
 * are handed to `accept` in document order.
 */
function eachEntry(root, key, problems, options, visit) {
    const collection = root[key];
    if (collection === undefined) {
        if (options.required)
            problems.add([key], "missing (expected an object keyed by unique_id)");
        return;
    }
    if (!parse_artifact_isPlainObject(collection)) {
        problems.add([key], `expected an object keyed by unique_id, found ${describeValue(collection)}`);
        return;
    }
    for (const id in collection) {
        visit(id, collection[id]);
    }
}
/* -------------------------------------------------------------- version */
/** `https://schemas.getdbt.com/dbt/manifest/v12.json` -> kind and version. */
const SCHEMA_URL = /\/dbt\/([a-z][a-z-]*)\/(v\d+)\.json$/;
/** What dbt versions wrote each supported schema, for messages. */
const WRITTEN_BY = {
    "manifest/v11": "dbt 1.7",
    "manifest/v12": "dbt 1.8 and later",
    "run-results/v5": "dbt 1.7",
    "run-results/v6": "dbt 1.8 and later",
    "sources/v3": "dbt 1.0 and later",
};
/**
 * Reads `metadata.dbt_schema_version`. An unsupported version of the right
 * artifact is refused at once (`artifact_version_unsupported`: the rest of the
 * file has another shape); a missing or malformed one is recorded as a
 * problem so that it is reported with every other problem of the file.
 */
function readHeader(root, file, kind, supported, problems) {
    const metadata = root.metadata;
    if (metadata === undefined) {
        problems.add(["metadata"], "missing (expected an object with dbt_schema_version)");
        return { version: null, url: null, metadata: null };
    }
    if (!parse_artifact_isPlainObject(metadata)) {
        problems.add(["metadata"], `expected an object, found ${describeValue(metadata)}`);
        return { version: null, url: null, metadata: null };
    }
    const url = metadata.dbt_schema_version;
    if (typeof url !== "string") {
        problems.add(["metadata", "dbt_schema_version"], url === undefined
            ? `missing (expected a schema URL such as "https://schemas.getdbt.com/dbt/${kind}/${supported.at(-1)}.json")`
            : `expected a string, found ${describeValue(url)}`);
        return { version: null, url: null, metadata };
    }
    const match = SCHEMA_URL.exec(url);
    if (match === null) {
        problems.add(["metadata", "dbt_schema_version"], `expected a dbt schema URL such as "https://schemas.getdbt.com/dbt/${kind}/${supported.at(-1)}.json", found ${describeValue(url)}`);
        return { version: null, url, metadata };
    }
    const [, foundKind, foundVersion] = match;
    if (foundKind !== kind) {
        const other = Object.keys(KIND_NOUN).find((k) => k === foundKind);
        const what = other === undefined ? `a dbt "${foundKind}" artifact` : `a ${KIND_NOUN[other]}`;
        throw new user_error/* UserError */.yo("artifact_invalid", `${file} is ${what} (${url}), not a ${KIND_NOUN[kind]}.`, {
            file,
            problems: [
                {
                    path: formatJsonPath(["metadata", "dbt_schema_version"]),
                    message: `declares ${foundKind} ${foundVersion}, expected ${kind} ${supported.join(" or ")}`,
                },
            ],
            hint: `Pass the ${KIND_FILE[kind]} that dbt writes in its target/ folder.`,
        });
    }
    if (!supported.includes(foundVersion)) {
        const dbtVersion = typeof metadata.dbt_version === "string" ? `, written by dbt ${metadata.dbt_version}` : "";
        const list = supported.map((v) => `${v} (${WRITTEN_BY[`${kind}/${v}`] ?? "dbt"})`).join(", ");
        throw new user_error/* UserError */.yo("artifact_version_unsupported", `${file} is a ${KIND_NOUN[kind]} of schema version ${foundVersion}${dbtVersion}; supported ${kind} versions: ${list}.`, { file });
    }
    return { version: foundVersion, url, metadata };
}

;// CONCATENATED MODULE: ./src/dbt/artifacts/run-results.ts
/**
 * dbt's run_results.json (schema v5, dbt 1.7; v6, dbt 1.8 and later),
 * reduced to what `record` reads: which command ran, whether it was an
 * `--empty` run, and each result's status and timing.
 *
 * Of `args` only `which` (dbt Fusion also writes `command`), `empty` and
 * `full_refresh` are kept: the rest can hold `vars`, which are never kept.
 */


const RUN_RESULTS_VERSIONS = ["v5", "v6"];
const optStr = schemas_string().nullish();
const metadataSchema = object({
    // dbt_schema_version is checked by readHeader.
    dbt_version: optStr,
    generated_at: optStr,
    invocation_id: optStr,
    invocation_started_at: optStr,
});
const argsSchema = object({
    which: optStr,
    command: optStr,
    empty: schemas_boolean().nullish(),
    full_refresh: schemas_boolean().nullish(),
})
    .nullish();
const resultSchema = compile_compile(object({
    unique_id: schemas_string(),
    status: schemas_string(),
    timing: array(object({
        name: schemas_string(),
        started_at: optStr,
        completed_at: optStr,
    }))
        .nullish(),
    execution_time: schemas_number().nullish(),
    thread_id: optStr,
    message: optStr,
    failures: schemas_number().nullish(),
    relation_name: optStr,
}));
function readMetadata(header, problems) {
    if (header.metadata === null)
        return null;
    const raw = validateAt(metadataSchema, header.metadata, ["metadata"], problems);
    if (raw === undefined || header.version === null || header.url === null)
        return null;
    return {
        schemaVersion: header.version,
        schemaUrl: header.url,
        dbtVersion: raw.dbt_version ?? null,
        generatedAt: raw.generated_at ?? null,
        invocationId: raw.invocation_id ?? null,
        invocationStartedAt: raw.invocation_started_at ?? null,
    };
}
/**
 * Reads run_results.json from its text (`file` is for messages only).
 * Errors: `artifact_not_json`, `artifact_version_unsupported` (v4 and
 * older), `artifact_invalid` (every problem with its JSON path).
 */
function loadRunResults(text, file) {
    const root = requireTopObject(parseArtifactJson(text, file), file, "run-results");
    const problems = new Problems();
    const header = readHeader(root, file, "run-results", RUN_RESULTS_VERSIONS, problems);
    const metadata = readMetadata(header, problems);
    const args = validateAt(argsSchema, root.args, ["args"], problems);
    const elapsed = root.elapsed_time;
    if (elapsed !== undefined && elapsed !== null && typeof elapsed !== "number") {
        problems.add(["elapsed_time"], `expected a number, found ${describeValue(elapsed)}`);
    }
    const results = [];
    const list = root.results;
    if (list === undefined) {
        problems.add(["results"], "missing (expected an array of results)");
    }
    else if (!Array.isArray(list)) {
        problems.add(["results"], `expected an array of results, found ${describeValue(list)}`);
    }
    else {
        for (let i = 0; i < list.length; i += 1) {
            const raw = validateAt(resultSchema, list[i], ["results", i], problems);
            if (raw === undefined)
                continue;
            results.push({
                uniqueId: raw.unique_id,
                status: raw.status,
                timing: (raw.timing ?? []).map((t) => ({
                    name: t.name,
                    startedAt: t.started_at ?? null,
                    completedAt: t.completed_at ?? null,
                })),
                executionTime: raw.execution_time ?? null,
                threadId: raw.thread_id ?? null,
                message: raw.message ?? null,
                failures: raw.failures ?? null,
                relationName: raw.relation_name ?? null,
            });
        }
    }
    problems.throwIfAny(file, "run-results", header.version);
    if (metadata === null)
        throw new Error("unreachable: run results metadata without a recorded problem");
    return {
        file,
        metadata,
        args: {
            which: args?.which ?? args?.command ?? null,
            empty: args?.empty ?? null,
            fullRefresh: args?.full_refresh ?? null,
        },
        elapsedTime: typeof elapsed === "number" ? elapsed : null,
        results,
    };
}

;// CONCATENATED MODULE: ./src/dbt/artifacts/sources.ts
/**
 * dbt's sources.json (schema v3, written by `dbt source freshness`): the
 * measured `max_loaded_at` of each checked source, ODS's semantic data
 * version for it (ADR-0013, change evidence).
 */


const SOURCES_VERSIONS = ["v3"];
const sources_optStr = schemas_string().nullish();
const sources_metadataSchema = object({
    // dbt_schema_version is checked by readHeader.
    dbt_version: sources_optStr,
    generated_at: sources_optStr,
    invocation_id: sources_optStr,
    invocation_started_at: sources_optStr,
});
const timeSchema = object({
    count: schemas_number().nullish(),
    period: schemas_enum(["minute", "hour", "day"]).nullish(),
})
    .nullish();
const sources_resultSchema = compile_compile(object({
    unique_id: schemas_string(),
    status: schemas_string(),
    max_loaded_at: sources_optStr,
    snapshotted_at: sources_optStr,
    max_loaded_at_time_ago_in_s: schemas_number().nullish(),
    criteria: object({
        warn_after: timeSchema,
        error_after: timeSchema,
        filter: sources_optStr,
    })
        .nullish(),
    // dbt writes a message; its schema also allows a number.
    error: union([schemas_string(), schemas_number()]).nullish(),
    execution_time: schemas_number().nullish(),
}));
function threshold(raw) {
    if (raw === null || raw === undefined)
        return null;
    if (raw.count === null || raw.count === undefined || raw.period === null || raw.period === undefined)
        return null;
    return { count: raw.count, period: raw.period };
}
function sources_readMetadata(header, problems) {
    if (header.metadata === null)
        return null;
    const raw = validateAt(sources_metadataSchema, header.metadata, ["metadata"], problems);
    if (raw === undefined || header.version === null || header.url === null)
        return null;
    return {
        schemaVersion: header.version,
        schemaUrl: header.url,
        dbtVersion: raw.dbt_version ?? null,
        generatedAt: raw.generated_at ?? null,
        invocationId: raw.invocation_id ?? null,
        invocationStartedAt: raw.invocation_started_at ?? null,
    };
}
/**
 * Reads sources.json from its text (`file` is for messages only).
 * Errors: `artifact_not_json`, `artifact_version_unsupported`,
 * `artifact_invalid` (every problem with its JSON path).
 */
function loadSources(text, file) {
    const root = requireTopObject(parseArtifactJson(text, file), file, "sources");
    const problems = new Problems();
    const header = readHeader(root, file, "sources", SOURCES_VERSIONS, problems);
    const metadata = sources_readMetadata(header, problems);
    const elapsed = root.elapsed_time;
    if (elapsed !== undefined && elapsed !== null && typeof elapsed !== "number") {
        problems.add(["elapsed_time"], `expected a number, found ${describeValue(elapsed)}`);
    }
    const results = [];
    const list = root.results;
    if (list === undefined) {
        problems.add(["results"], "missing (expected an array of results)");
    }
    else if (!Array.isArray(list)) {
        problems.add(["results"], `expected an array of results, found ${describeValue(list)}`);
    }
    else {
        for (let i = 0; i < list.length; i += 1) {
            const raw = validateAt(sources_resultSchema, list[i], ["results", i], problems);
            if (raw === undefined)
                continue;
            const c = raw.criteria;
            results.push({
                uniqueId: raw.unique_id,
                status: raw.status,
                maxLoadedAt: raw.max_loaded_at ?? null,
                snapshottedAt: raw.snapshotted_at ?? null,
                maxLoadedAtTimeAgoInS: raw.max_loaded_at_time_ago_in_s ?? null,
                criteria: c === null || c === undefined
                    ? null
                    : {
                        warnAfter: threshold(c.warn_after),
                        errorAfter: threshold(c.error_after),
                        filter: c.filter ?? null,
                    },
                error: raw.error === null || raw.error === undefined ? null : String(raw.error),
                executionTime: raw.execution_time ?? null,
            });
        }
    }
    problems.throwIfAny(file, "sources", header.version);
    if (metadata === null)
        throw new Error("unreachable: sources metadata without a recorded problem");
    return { file, metadata, elapsedTime: typeof elapsed === "number" ? elapsed : null, results };
}

;// CONCATENATED MODULE: ./src/dbt/artifacts/manifest-fast-check.ts
/**
 * Hand-written checks for the manifest's entry schemas (manifest.ts), for
 * speed: a 10,000-node manifest has ~10,000 entries, and zod's compiled
 * validator spent ~15 µs on each.
 *
 * Each check is at least as strict as its schema: it returns true only for a
 * value the schema accepts (and may return false for some the schema accepts
 * too, e.g. non-plain objects). The caller validates with zod whenever a check
 * returns false, so what is accepted, and every message about what isn't,
 * stays zod's. test/dbt/manifest-fast-check.test.ts holds each check to that
 * over every fixture's entries and mutated copies of them.
 */
function isObject(value) {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}
function manifest_fast_check_isString(value) {
    return typeof value === "string";
}
/** `z.string().nullish()` */
function isOptString(value) {
    return value === undefined || value === null || typeof value === "string";
}
/** `z.boolean().nullish()` */
function isOptBoolean(value) {
    return value === undefined || value === null || typeof value === "boolean";
}
/** `z.number().nullish()` (zod refuses infinite numbers, which JSON.parse gives for 1e400). */
function isOptNumber(value) {
    return value === undefined || value === null || (typeof value === "number" && Number.isFinite(value));
}
/** `z.array(z.string())` */
function isStringList(value) {
    if (!Array.isArray(value))
        return false;
    for (let i = 0; i < value.length; i++)
        if (typeof value[i] !== "string")
            return false;
    return true;
}
function isOptStringList(value) {
    return value === undefined || value === null || isStringList(value);
}
/** `z.array(z.unknown()).nullish()` */
function isOptArray(value) {
    return value === undefined || value === null || Array.isArray(value);
}
/** objectSchema.nullish(): a plain object kept by reference. */
function isOptObject(value) {
    return value === undefined || value === null || isObject(value);
}
/** `z.union([z.string(), strList]).nullish()` */
function isOptTags(value) {
    return value === undefined || value === null || typeof value === "string" || isStringList(value);
}
/** `z.union([z.string(), z.number()]).nullish()` */
function isOptVersion(value) {
    return (value === undefined ||
        value === null ||
        typeof value === "string" ||
        (typeof value === "number" && Number.isFinite(value)));
}
/** dependsOnSchema: `{ nodes?: string[] | null, macros?: string[] | null } | null | undefined` */
function isOptDependsOn(value) {
    if (value === undefined || value === null)
        return true;
    return isObject(value) && isOptStringList(value.nodes) && isOptStringList(value.macros);
}
/** fileHashSchema.nullish(): `{ name: string, checksum: string }` */
function isOptFileHash(value) {
    if (value === undefined || value === null)
        return true;
    return isObject(value) && manifest_fast_check_isString(value.name) && manifest_fast_check_isString(value.checksum);
}
function isOptContract(value) {
    if (value === undefined || value === null)
        return true;
    return (isObject(value) &&
        isOptBoolean(value.enforced) &&
        isOptBoolean(value.alias_types) &&
        isOptString(value.checksum));
}
/** `z.record(z.string(), columnSchema).nullish()` */
function isOptColumns(value) {
    if (value === undefined || value === null)
        return true;
    if (!isObject(value))
        return false;
    for (const key in value) {
        if (!Object.hasOwn(value, key))
            return false;
        const column = value[key];
        if (!isObject(column) ||
            !isOptString(column.name) ||
            !isOptString(column.data_type) ||
            !isOptArray(column.constraints) ||
            !isOptBoolean(column.quote)) {
            return false;
        }
    }
    return true;
}
const BUILDABLE_TYPES = new Set(["model", "seed", "snapshot"]);
/** buildableSchema */
function isBuildable(v) {
    return (isObject(v) &&
        manifest_fast_check_isString(v.unique_id) &&
        BUILDABLE_TYPES.has(v.resource_type) &&
        manifest_fast_check_isString(v.name) &&
        manifest_fast_check_isString(v.package_name) &&
        manifest_fast_check_isString(v.path) &&
        manifest_fast_check_isString(v.original_file_path) &&
        isStringList(v.fqn) &&
        isOptString(v.database) &&
        manifest_fast_check_isString(v.schema) &&
        manifest_fast_check_isString(v.alias) &&
        isOptString(v.relation_name) &&
        isOptString(v.language) &&
        isOptString(v.raw_code) &&
        isOptString(v.compiled_code) &&
        isOptFileHash(v.checksum) &&
        isOptObject(v.config) &&
        isOptDependsOn(v.depends_on) &&
        isOptContract(v.contract) &&
        isOptColumns(v.columns) &&
        isOptArray(v.constraints) &&
        isOptTags(v.tags) &&
        isOptVersion(v.version));
}
/** hookSchema: a string or `{ sql: string, transaction?: boolean | null, index?: number | null }` */
function isHook(value) {
    if (typeof value === "string")
        return true;
    return (isObject(value) && manifest_fast_check_isString(value.sql) && isOptBoolean(value.transaction) && isOptNumber(value.index));
}
function isOptHooks(value) {
    if (value === undefined || value === null)
        return true;
    if (!Array.isArray(value))
        return false;
    for (let i = 0; i < value.length; i++)
        if (!isHook(value[i]))
            return false;
    return true;
}
/** nodeConfigFieldsSchema */
function isNodeConfigFields(v) {
    return (isObject(v) && isOptString(v.materialized) && isOptHooks(v["pre-hook"]) && isOptHooks(v["post-hook"]));
}
/** dataTestSchema */
function isDataTest(v) {
    if (!isObject(v))
        return false;
    const meta = v.test_metadata;
    return (manifest_fast_check_isString(v.unique_id) &&
        v.resource_type === "test" &&
        manifest_fast_check_isString(v.name) &&
        manifest_fast_check_isString(v.package_name) &&
        isOptString(v.original_file_path) &&
        (meta === undefined ||
            meta === null ||
            (isObject(meta) && manifest_fast_check_isString(meta.name) && isOptString(meta.namespace) && isOptObject(meta.kwargs))) &&
        isOptString(v.language) &&
        isOptString(v.raw_code) &&
        isOptString(v.compiled_code) &&
        isOptFileHash(v.checksum) &&
        isOptObject(v.config) &&
        isOptDependsOn(v.depends_on) &&
        isOptString(v.attached_node) &&
        isOptString(v.column_name));
}
const PERIODS = new Set(["minute", "hour", "day"]);
/** timeSchema */
function isOptTime(value) {
    if (value === undefined || value === null)
        return true;
    return (isObject(value) &&
        isOptNumber(value.count) &&
        (value.period === undefined || value.period === null || PERIODS.has(value.period)));
}
/** freshnessSchema */
function isOptFreshness(value) {
    if (value === undefined || value === null)
        return true;
    return (isObject(value) &&
        isOptTime(value.warn_after) &&
        isOptTime(value.error_after) &&
        isOptString(value.filter));
}
/** sourceSchema */
function isSource(v) {
    if (!isObject(v))
        return false;
    const config = v.config;
    return (manifest_fast_check_isString(v.unique_id) &&
        manifest_fast_check_isString(v.name) &&
        manifest_fast_check_isString(v.source_name) &&
        manifest_fast_check_isString(v.package_name) &&
        isOptString(v.original_file_path) &&
        isOptStringList(v.fqn) &&
        isOptString(v.database) &&
        manifest_fast_check_isString(v.schema) &&
        manifest_fast_check_isString(v.identifier) &&
        isOptString(v.relation_name) &&
        isOptString(v.loaded_at_field) &&
        isOptString(v.loaded_at_query) &&
        isOptFreshness(v.freshness) &&
        (config === undefined ||
            config === null ||
            (isObject(config) &&
                isOptFreshness(config.freshness) &&
                isOptString(config.loaded_at_field) &&
                isOptString(config.loaded_at_query))) &&
        isOptTags(v.tags));
}
/** macroSchema */
function isMacro(v) {
    if (!isObject(v))
        return false;
    const dependsOn = v.depends_on;
    return (manifest_fast_check_isString(v.unique_id) &&
        manifest_fast_check_isString(v.name) &&
        manifest_fast_check_isString(v.package_name) &&
        isOptString(v.original_file_path) &&
        manifest_fast_check_isString(v.macro_sql) &&
        (dependsOn === undefined ||
            dependsOn === null ||
            (isObject(dependsOn) && isOptStringList(dependsOn.macros))));
}

;// CONCATENATED MODULE: ./src/dbt/artifacts/manifest.ts
/**
 * dbt's manifest.json (schema v11 and v12), reduced to what ODS plans with.
 *
 * The document is parsed once; each entry of `nodes`, `sources`, `macros`,
 * `unit_tests` and `functions` is validated on its own with a small schema
 * that names only the fields ODS reads (unknown fields are accepted, since
 * dbt adds some every release and dbt Fusion writes extra ones), and turned
 * into a compact record. Exposures, metrics, semantic models, saved queries,
 * docs, groups, selectors, disabled nodes and dbt's own parent/child maps are
 * not read.
 *
 * Records use camelCase; `config` is dbt's resolved config object as written
 * (keys as dbt spells them), so that fingerprints can drop the keys that do
 * not change what gets built.
 */



const MANIFEST_VERSIONS = ["v11", "v12"];
/* --------------------------------------------------------------- schemas */
const str = schemas_string();
const strList = array(schemas_string());
const manifest_optStr = schemas_string().nullish();
const versionSchema = union([schemas_string(), schemas_number()]).nullish();
/** dbt writes a list; a single string is accepted as a list of one. */
const tagsSchema = union([schemas_string(), strList]).nullish();
const dependsOnSchema = object({
    nodes: strList.nullish(),
    macros: strList.nullish(),
})
    .nullish();
const fileHashSchema = object({ name: str, checksum: str });
const hookSchema = union([
    schemas_string(),
    object({
        sql: str,
        transaction: schemas_boolean().nullish(),
        index: schemas_number().nullish(),
    }),
]);
/**
 * The config keys ODS interprets, validated on their own: the config object
 * itself is kept as written (by reference), every other key untouched.
 */
const nodeConfigFieldsSchema = object({
    materialized: schemas_string().nullish(),
    "pre-hook": array(hookSchema).nullish(),
    "post-hook": array(hookSchema).nullish(),
});
/** An object kept as written (by reference, not copied): configs and arguments ODS hashes whole. */
const objectSchema = custom(parse_artifact_isPlainObject, {
    params: { expected: "object" },
});
const looseConfigSchema = objectSchema.nullish();
const contractSchema = object({
    enforced: schemas_boolean().nullish(),
    alias_types: schemas_boolean().nullish(),
    checksum: manifest_optStr,
})
    .nullish();
const columnSchema = object({
    name: manifest_optStr,
    data_type: manifest_optStr,
    constraints: array(unknown()).nullish(),
    quote: schemas_boolean().nullish(),
});
const buildableSchema = object({
    unique_id: str,
    resource_type: schemas_enum(["model", "seed", "snapshot"]),
    name: str,
    package_name: str,
    path: str,
    original_file_path: str,
    fqn: strList,
    database: manifest_optStr,
    schema: str,
    alias: str,
    relation_name: manifest_optStr,
    language: manifest_optStr,
    raw_code: manifest_optStr,
    compiled_code: manifest_optStr,
    checksum: fileHashSchema.nullish(),
    config: objectSchema.nullish(),
    depends_on: dependsOnSchema,
    contract: contractSchema,
    columns: record(schemas_string(), columnSchema).nullish(),
    constraints: array(unknown()).nullish(),
    tags: tagsSchema,
    version: versionSchema,
});
const dataTestSchema = object({
    unique_id: str,
    resource_type: literal("test"),
    name: str,
    package_name: str,
    original_file_path: manifest_optStr,
    test_metadata: object({
        name: str,
        namespace: manifest_optStr,
        kwargs: objectSchema.nullish(),
    })
        .nullish(),
    language: manifest_optStr,
    raw_code: manifest_optStr,
    compiled_code: manifest_optStr,
    checksum: fileHashSchema.nullish(),
    config: looseConfigSchema,
    depends_on: dependsOnSchema,
    attached_node: manifest_optStr,
    column_name: manifest_optStr,
});
const otherNodeSchema = object({
    unique_id: str,
    resource_type: str,
    package_name: manifest_optStr,
    depends_on: dependsOnSchema,
});
const unitTestSchema = object({
    unique_id: str,
    name: str,
    package_name: str,
    original_file_path: manifest_optStr,
    model: str,
    given: array(unknown()).nullish(),
    expect: unknown(),
    overrides: objectSchema.nullish(),
    config: looseConfigSchema,
    depends_on: dependsOnSchema,
    version: versionSchema,
    checksum: union([schemas_string(), fileHashSchema]).nullish(),
});
const manifest_timeSchema = object({
    count: schemas_number().nullish(),
    period: schemas_enum(["minute", "hour", "day"]).nullish(),
})
    .nullish();
const freshnessSchema = object({
    warn_after: manifest_timeSchema,
    error_after: manifest_timeSchema,
    filter: manifest_optStr,
})
    .nullish();
const sourceSchema = object({
    unique_id: str,
    name: str,
    source_name: str,
    package_name: str,
    original_file_path: manifest_optStr,
    fqn: strList.nullish(),
    database: manifest_optStr,
    schema: str,
    identifier: str,
    relation_name: manifest_optStr,
    loaded_at_field: manifest_optStr,
    loaded_at_query: manifest_optStr,
    freshness: freshnessSchema,
    config: looseObject({
        freshness: freshnessSchema,
        loaded_at_field: manifest_optStr,
        loaded_at_query: manifest_optStr,
    })
        .nullish(),
    tags: tagsSchema,
});
const macroSchema = object({
    unique_id: str,
    name: str,
    package_name: str,
    original_file_path: manifest_optStr,
    macro_sql: str,
    depends_on: object({ macros: strList.nullish() }).nullish(),
});
const manifest_metadataSchema = object({
    // dbt_schema_version is checked by readHeader.
    dbt_version: manifest_optStr,
    adapter_type: manifest_optStr,
    project_name: manifest_optStr,
    project_id: manifest_optStr,
    invocation_id: manifest_optStr,
    generated_at: manifest_optStr,
    invocation_started_at: manifest_optStr,
});
/**
 * The entry schemas run once per node, source and macro: `z.compile` gives
 * each a generated fast path (4-5x faster than the interpreter on real
 * manifests) and falls back to the ordinary parser, with its messages, when an
 * entry is invalid.
 */
const compiled = {
    buildable: compile_compile(buildableSchema),
    nodeConfigFields: compile_compile(nodeConfigFieldsSchema),
    dataTest: compile_compile(dataTestSchema),
    otherNode: compile_compile(otherNodeSchema),
    unitTest: compile_compile(unitTestSchema),
    source: compile_compile(sourceSchema),
    macro: compile_compile(macroSchema),
};
/** The entry schemas, for tests that hold the hand-written checks to them. */
const MANIFEST_ENTRY_SCHEMAS = {
    buildable: buildableSchema,
    nodeConfigFields: nodeConfigFieldsSchema,
    dataTest: dataTestSchema,
    source: sourceSchema,
    macro: macroSchema,
};
/**
 * acceptAt behind a hand-written check at least as strict as the schema
 * (manifest-fast-check.ts): what it passes is valid; anything else is
 * validated by zod, which decides and words every problem.
 */
function checkedAt(check, schema, value, at, problems) {
    if (check(value))
        return value;
    return acceptAt(schema, value, at, problems);
}
/* ------------------------------------------------------------ conversion */
const manifest_NONE = Object.freeze([]);
function deps(raw) {
    return { nodes: raw?.nodes ?? manifest_NONE, macros: raw?.macros ?? manifest_NONE };
}
function tags(raw) {
    if (raw === null || raw === undefined)
        return manifest_NONE;
    return typeof raw === "string" ? [raw] : raw;
}
function hooks(raw) {
    if (raw === null || raw === undefined || raw.length === 0)
        return manifest_NONE;
    return raw.map((h) => typeof h === "string"
        ? { sql: h, transaction: true, index: null }
        : { sql: h.sql, transaction: h.transaction ?? true, index: h.index ?? null });
}
function checksum(raw) {
    return raw === null || raw === undefined ? null : { name: raw.name, value: raw.checksum };
}
const DEFAULT_MATERIALIZATION = {
    seed: "seed",
    snapshot: "snapshot",
};
function toNode(raw, fields) {
    const config = raw.config ?? null;
    const columns = [];
    if (raw.columns) {
        for (const key in raw.columns) {
            const c = raw.columns[key];
            if (c === undefined)
                continue;
            columns.push({
                name: c.name ?? key,
                dataType: c.data_type ?? null,
                constraints: c.constraints ?? manifest_NONE,
                quote: c.quote ?? null,
            });
        }
    }
    return {
        uniqueId: raw.unique_id,
        resourceType: raw.resource_type,
        name: raw.name,
        packageName: raw.package_name,
        path: raw.path,
        originalFilePath: raw.original_file_path,
        fqn: raw.fqn,
        language: raw.language ?? (raw.resource_type === "seed" ? null : "sql"),
        rawCode: raw.raw_code ?? null,
        compiledCode: raw.compiled_code ?? null,
        checksum: checksum(raw.checksum),
        config,
        materialized: fields?.materialized ?? DEFAULT_MATERIALIZATION[raw.resource_type] ?? null,
        preHooks: hooks(fields?.["pre-hook"]),
        postHooks: hooks(fields?.["post-hook"]),
        dependsOn: deps(raw.depends_on),
        contract: raw.contract === null || raw.contract === undefined
            ? null
            : {
                enforced: raw.contract.enforced ?? false,
                aliasTypes: raw.contract.alias_types ?? null,
                checksum: raw.contract.checksum ?? null,
            },
        columns,
        constraints: raw.constraints ?? manifest_NONE,
        relation: {
            database: raw.database ?? null,
            schema: raw.schema,
            identifier: raw.alias,
            relationName: raw.relation_name ?? null,
        },
        tags: tags(raw.tags),
        version: raw.version ?? null,
    };
}
function toDataTest(raw) {
    const meta = raw.test_metadata;
    return {
        uniqueId: raw.unique_id,
        kind: meta ? "generic" : "singular",
        name: raw.name,
        packageName: raw.package_name,
        originalFilePath: raw.original_file_path ?? null,
        testMetadata: meta
            ? { name: meta.name, namespace: meta.namespace ?? null, kwargs: meta.kwargs ?? {} }
            : null,
        language: raw.language ?? null,
        rawCode: raw.raw_code ?? null,
        compiledCode: raw.compiled_code ?? null,
        checksum: checksum(raw.checksum),
        config: raw.config ?? null,
        dependsOn: deps(raw.depends_on),
        attachedNode: raw.attached_node ?? null,
        columnName: raw.column_name ?? null,
    };
}
/** dbt-core writes a string; dbt Fusion a FileHash, `{ name: "none", checksum: "" }` when it has none. */
function unitTestChecksum(raw) {
    if (raw === null || raw === undefined)
        return null;
    if (typeof raw === "string")
        return raw === "" ? null : raw;
    return raw.name === "none" || raw.checksum === "" ? null : raw.checksum;
}
function toUnitTest(raw) {
    return {
        uniqueId: raw.unique_id,
        name: raw.name,
        packageName: raw.package_name,
        originalFilePath: raw.original_file_path ?? null,
        model: raw.model,
        given: raw.given ?? manifest_NONE,
        expect: raw.expect,
        overrides: raw.overrides ?? null,
        config: raw.config ?? null,
        dependsOn: deps(raw.depends_on),
        version: raw.version ?? null,
        checksum: unitTestChecksum(raw.checksum),
    };
}
function manifest_threshold(raw) {
    if (raw === null || raw === undefined)
        return null;
    if (raw.count === null || raw.count === undefined || raw.period === null || raw.period === undefined)
        return null;
    return { count: raw.count, period: raw.period };
}
function freshness(raw) {
    if (raw === null || raw === undefined)
        return null;
    const warnAfter = manifest_threshold(raw.warn_after);
    const errorAfter = manifest_threshold(raw.error_after);
    if (warnAfter === null && errorAfter === null)
        return null;
    return { warnAfter, errorAfter, filter: raw.filter ?? null };
}
/**
 * The top-level fields are what dbt resolved and used; `config` is only a
 * fallback. (dbt 1.7-1.9 kept a YAML `config: freshness:` in config without
 * honouring it, while the top-level fields said what `dbt source freshness`
 * checks; from 1.10 both agree.)
 */
function toSource(raw) {
    const cfg = raw.config ?? null;
    return {
        uniqueId: raw.unique_id,
        sourceName: raw.source_name,
        name: raw.name,
        packageName: raw.package_name,
        originalFilePath: raw.original_file_path ?? null,
        fqn: raw.fqn ?? manifest_NONE,
        relation: {
            database: raw.database ?? null,
            schema: raw.schema,
            identifier: raw.identifier,
            relationName: raw.relation_name ?? null,
        },
        loadedAtField: (raw.loaded_at_field !== undefined ? raw.loaded_at_field : cfg?.loaded_at_field) ?? null,
        loadedAtQuery: (raw.loaded_at_query !== undefined ? raw.loaded_at_query : cfg?.loaded_at_query) ?? null,
        freshness: freshness(raw.freshness !== undefined ? raw.freshness : cfg?.freshness),
        tags: tags(raw.tags),
    };
}
function toMacro(raw) {
    return {
        uniqueId: raw.unique_id,
        name: raw.name,
        packageName: raw.package_name,
        originalFilePath: raw.original_file_path ?? null,
        macroSql: raw.macro_sql,
        dependsOn: { macros: raw.depends_on?.macros ?? manifest_NONE },
    };
}
/* ---------------------------------------------------------------- loader */
function checkKey(collection, key, uniqueId, problems) {
    if (uniqueId !== key) {
        problems.add([collection, key, "unique_id"], `${JSON.stringify(uniqueId)} differs from the entry's key`);
    }
}
function manifest_readMetadata(header, problems) {
    if (header.metadata === null)
        return null;
    const raw = validateAt(manifest_metadataSchema, header.metadata, ["metadata"], problems);
    if (raw === undefined || header.version === null || header.url === null)
        return null;
    return {
        schemaVersion: header.version,
        schemaUrl: header.url,
        dbtVersion: raw.dbt_version ?? null,
        adapterType: raw.adapter_type ?? null,
        projectName: raw.project_name ?? null,
        projectId: raw.project_id ?? null,
        invocationId: raw.invocation_id ?? null,
        generatedAt: raw.generated_at ?? null,
        invocationStartedAt: raw.invocation_started_at ?? null,
    };
}
const BUILDABLE = new Set(["model", "seed", "snapshot"]);
/**
 * Reads a manifest from its text. `file` is the path, used in messages only.
 *
 * Errors (all `UserError`): `artifact_not_json` (not JSON, truncated: names
 * the position), `artifact_version_unsupported` (a manifest version other
 * than v11 or v12), `artifact_invalid` (every problem, each with its JSON
 * path, e.g. `$.nodes["model.x.y"].config.materialized`).
 */
function loadManifest(text, file) {
    return readManifestDocument(parseArtifactJson(text, file), file);
}
/** `loadManifest` for a document already parsed from JSON (it is read, never modified). */
function readManifestDocument(doc, file) {
    const root = requireTopObject(doc, file, "manifest");
    const problems = new Problems();
    const header = readHeader(root, file, "manifest", MANIFEST_VERSIONS, problems);
    const metadata = manifest_readMetadata(header, problems);
    const nodes = new Map();
    const dataTests = new Map();
    const unitTests = new Map();
    const otherNodes = new Map();
    const sources = new Map();
    const macros = new Map();
    eachEntry(root, "nodes", problems, { required: true }, (id, value) => {
        const at = ["nodes", id];
        if (!parse_artifact_isPlainObject(value)) {
            problems.add(at, `expected an object (a node), found ${describeValue(value)}`);
            return;
        }
        const type = value.resource_type;
        if (BUILDABLE.has(type)) {
            const config = value.config;
            const fields = parse_artifact_isPlainObject(config)
                ? checkedAt(isNodeConfigFields, compiled.nodeConfigFields, config, [...at, "config"], problems)
                : null;
            const raw = checkedAt(isBuildable, compiled.buildable, value, at, problems);
            if (raw === undefined || fields === undefined)
                return;
            checkKey("nodes", id, raw.unique_id, problems);
            nodes.set(id, toNode(raw, fields));
        }
        else if (type === "test") {
            const raw = checkedAt(isDataTest, compiled.dataTest, value, at, problems);
            if (raw === undefined)
                return;
            checkKey("nodes", id, raw.unique_id, problems);
            dataTests.set(id, toDataTest(raw));
        }
        else {
            const raw = acceptAt(compiled.otherNode, value, at, problems);
            if (raw === undefined)
                return;
            checkKey("nodes", id, raw.unique_id, problems);
            otherNodes.set(id, {
                uniqueId: raw.unique_id,
                resourceType: raw.resource_type,
                packageName: raw.package_name ?? null,
                dependsOn: deps(raw.depends_on),
            });
        }
    });
    eachEntry(root, "sources", problems, { required: true }, (id, value) => {
        const raw = checkedAt(isSource, compiled.source, value, ["sources", id], problems);
        if (raw === undefined)
            return;
        checkKey("sources", id, raw.unique_id, problems);
        sources.set(id, toSource(raw));
    });
    eachEntry(root, "macros", problems, { required: true }, (id, value) => {
        const raw = checkedAt(isMacro, compiled.macro, value, ["macros", id], problems);
        if (raw === undefined)
            return;
        checkKey("macros", id, raw.unique_id, problems);
        macros.set(id, toMacro(raw));
    });
    // v11 (dbt 1.7) has no unit tests.
    eachEntry(root, "unit_tests", problems, { required: false }, (id, value) => {
        const raw = acceptAt(compiled.unitTest, value, ["unit_tests", id], problems);
        if (raw === undefined)
            return;
        checkKey("unit_tests", id, raw.unique_id, problems);
        unitTests.set(id, toUnitTest(raw));
    });
    // User-defined functions (dbt 1.11 and later): recognised as references, not planned.
    eachEntry(root, "functions", problems, { required: false }, (id, value) => {
        const raw = acceptAt(compiled.otherNode, value, ["functions", id], problems);
        if (raw === undefined)
            return;
        checkKey("functions", id, raw.unique_id, problems);
        otherNodes.set(id, {
            uniqueId: raw.unique_id,
            resourceType: raw.resource_type,
            packageName: raw.package_name ?? null,
            dependsOn: deps(raw.depends_on),
        });
    });
    problems.throwIfAny(file, "manifest", header.version);
    if (metadata === null)
        throw new Error("unreachable: manifest metadata without a recorded problem");
    return { file, metadata, nodes, dataTests, unitTests, otherNodes, sources, macros };
}

;// CONCATENATED MODULE: ./src/dbt/fingerprint/canonical-json.ts
/**
 * Canonical JSON: object keys sorted by code unit, no whitespace, `undefined`
 * members dropped. The same value always gives the same bytes, on every
 * machine, whatever order dbt wrote the keys in.
 */
function canonicalJson(value) {
    return write(value, undefined);
}
/** canonicalJson of `record` without the top-level keys in `omit` (as if they were absent). */
function canonicalJsonWithout(record, omit) {
    return write(record, omit);
}
// Built by concatenation, one string per value: V8 joins the pieces lazily and
// flattens the result once, when it is hashed.
function write(value, omit) {
    if (value === null || typeof value !== "object") {
        // Non-finite numbers and undefined become null, as JSON.stringify does inside arrays.
        return value === undefined ? "null" : (JSON.stringify(value) ?? "null");
    }
    if (Array.isArray(value)) {
        let out = "[";
        for (let index = 0; index < value.length; index++) {
            if (index > 0)
                out += ",";
            out += write(value[index], undefined);
        }
        return `${out}]`;
    }
    const record = value;
    const keys = Object.keys(record).sort();
    let out = "{";
    let first = true;
    for (const key of keys) {
        const item = record[key];
        if (item === undefined || omit?.has(key))
            continue;
        if (!first)
            out += ",";
        first = false;
        out += `${JSON.stringify(key)}:${write(item, undefined)}`;
    }
    return `${out}}`;
}

;// CONCATENATED MODULE: ./src/dbt/fingerprint/macro-index.ts

/** Adapters whose macros build on another adapter's package. */
const INHERITED_ADAPTER_PACKAGES = {
    redshift: ["dbt_postgres"],
    databricks: ["dbt_spark"],
    materialize: ["dbt_postgres"],
    timescaledb: ["dbt_postgres"],
};
/** Names dbt resolves through the project first: they decide where and under which name a node is built. */
const GENERATE_NAME_MACROS = [
    "generate_database_name",
    "generate_schema_name",
    "generate_alias_name",
];
function enginePackages(adapterType) {
    const packages = new Set(["dbt"]);
    if (adapterType) {
        packages.add(`dbt_${adapterType}`);
        for (const inherited of INHERITED_ADAPTER_PACKAGES[adapterType] ?? [])
            packages.add(inherited);
    }
    return packages;
}
class MacroIndex {
    engine;
    macros;
    digests = new Map();
    closures = new Map();
    digestedClosures = new Map();
    materializations = new Map();
    nameOverrides;
    byName = new Map();
    adapterType;
    constructor(macros, adapterType) {
        this.macros = macros;
        this.adapterType = adapterType;
        this.engine = enginePackages(adapterType);
        for (const macro of macros.values()) {
            const list = this.byName.get(macro.name);
            if (list)
                list.push(macro);
            else
                this.byName.set(macro.name, [macro]);
        }
    }
    isEngine(id) {
        const macro = this.macros.get(id);
        return macro !== undefined && this.engine.has(macro.packageName);
    }
    get(id) {
        return this.macros.get(id);
    }
    /** SHA-256 of a macro's source. */
    sourceDigest(id) {
        let digest = this.digests.get(id);
        if (digest === undefined) {
            const macro = this.macros.get(id);
            if (!macro)
                return undefined;
            digest = sha256(macro.macroSql);
            this.digests.set(id, digest);
        }
        return digest;
    }
    /**
     * The project and package macros reachable from `roots` (engine macros are
     * walked through, since they may call a project override, but not kept),
     * and the ids that the manifest lacks.
     */
    closure(roots) {
        const user = new Set();
        const missing = new Set();
        for (const root of roots) {
            const one = this.closureOf(root);
            for (const id of one.user)
                user.add(id);
            for (const id of one.missing)
                missing.add(id);
        }
        return { user: [...user].sort(), missing: [...missing].sort() };
    }
    /**
     * `closure(roots)` and the digest of the sources of its project and package
     * macros (SHA-256 over `id\0digest\n` each, in order), cached per set of
     * roots: most nodes of a project share theirs.
     */
    digestedClosure(roots) {
        const list = [...roots];
        const key = JSON.stringify([...list].sort());
        let result = this.digestedClosures.get(key);
        if (result === undefined) {
            const closure = this.closure(list);
            const digest = sha256(closure.user.map((id) => `${id}\0${this.sourceDigest(id)}\n`).join(""));
            result = { closure, digest };
            this.digestedClosures.set(key, result);
        }
        return result;
    }
    closureOf(root) {
        const cached = this.closures.get(root);
        if (cached)
            return cached;
        const seen = new Set([root]);
        const stack = [root];
        const user = [];
        const missing = [];
        while (stack.length > 0) {
            const id = stack.pop();
            const macro = this.macros.get(id);
            if (!macro) {
                missing.push(id);
                continue;
            }
            if (!this.engine.has(macro.packageName))
                user.push(id);
            for (const dep of macro.dependsOn.macros) {
                if (!seen.has(dep)) {
                    seen.add(dep);
                    stack.push(dep);
                }
            }
        }
        const result = { user: user.sort(), missing: missing.sort() };
        this.closures.set(root, result);
        return result;
    }
    /**
     * The macros that can implement materialization `name` on this adapter:
     * `materialization_<name>_<adapter>` and `materialization_<name>_default`
     * in any package. Empty when the manifest has none.
     */
    materializationMacros(name) {
        const cached = this.materializations.get(name);
        if (cached)
            return [...cached];
        const ids = [];
        for (const suffix of [this.adapterType ?? "default", "default"]) {
            for (const macro of this.byName.get(`materialization_${name}_${suffix}`) ?? [])
                ids.push(macro.uniqueId);
        }
        const result = [...new Set(ids)].sort();
        this.materializations.set(name, result);
        return [...result];
    }
    /** Project and package overrides of the `generate_*_name` macros (dbt's defaults are engine). */
    generateNameOverrides() {
        if (this.nameOverrides)
            return [...this.nameOverrides];
        const ids = [];
        for (const name of GENERATE_NAME_MACROS) {
            for (const macro of this.byName.get(name) ?? []) {
                if (!this.engine.has(macro.packageName))
                    ids.push(macro.uniqueId);
            }
        }
        this.nameOverrides = ids.sort();
        return [...this.nameOverrides];
    }
}

;// CONCATENATED MODULE: ./src/dbt/hook-scan.ts
/**
 * Hook scan (ADR-0013, "Hooks (#218)"). dbt stores pre- and post-hooks
 * unrendered; the hook text and the macros it calls are fingerprinted, but
 * not what a hook reads when it runs. A node with hooks is always built when a
 * hook, or a project or package macro the node uses, mentions `var`,
 * `env_var`, `target`, `flags`, `builtins`, `context`, `run_query` or
 * `statement` in any form: called, aliased (`{% set t = target %}`), indexed
 * (`context['var']`), qualified (`target.schema`, `builtins.var`), or even
 * inside a string (`context["env_var"]`). `invocation_id` and
 * `run_started_at` alone are not reported: they change every run by design.
 *
 * Decisions where the ADR is silent (each reports more, never less):
 * - The whole text is scanned, not only the parts inside `{{ }}` / `{% %}`.
 *   Finding the Jinja parts would be one more parser to get exactly right
 *   (raw blocks, strings containing delimiters, unterminated tags); a mention
 *   in plain SQL (a column named `target`) only costs a rebuild.
 * - A mention is a whole word: a run of ASCII letters, digits and `_` equal
 *   to the name (`target_schema` and `my_var` are not mentions, `target.x`,
 *   `"var"` and `$target` are). Non-ASCII characters end a word, so `targetä`
 *   counts as `target` (Jinja would read a different identifier: reported
 *   anyway).
 * - Case-sensitive, as Jinja names are: `TARGET` can't reach `target`, and a
 *   name built at run time (`context["TAR" | lower ~ "get"]`) needs `context`
 *   or `builtins`, which are on the list themselves.
 *
 * Pure and linear: one pass over the text, a slice only for words that could
 * be one of the names.
 */
/** The names whose mention makes a node with hooks build every run, sorted. */
const ENVIRONMENT_NAMES = [
    "builtins",
    "context",
    "env_var",
    "flags",
    "run_query",
    "statement",
    "target",
    "var",
];
const NAMES = new Set(ENVIRONMENT_NAMES);
const MIN_LENGTH = 3;
const MAX_LENGTH = 9;
// First letters of the names: b c e f r s t v.
const FIRST = new Uint8Array(128);
for (const name of ENVIRONMENT_NAMES)
    FIRST[name.charCodeAt(0)] = 1;
function isWordChar(c) {
    return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}
/** The sorted distinct environment names `text` mentions (see the file comment). */
function scanEnvironmentReads(text) {
    const found = new Set();
    const n = text.length;
    let i = 0;
    while (i < n) {
        const c = text.charCodeAt(i);
        if (!isWordChar(c)) {
            i++;
            continue;
        }
        let j = i + 1;
        while (j < n && isWordChar(text.charCodeAt(j)))
            j++;
        const length = j - i;
        if (length >= MIN_LENGTH && length <= MAX_LENGTH && FIRST[c] === 1) {
            const word = text.slice(i, j);
            if (NAMES.has(word))
                found.add(word);
        }
        i = j;
    }
    return ENVIRONMENT_NAMES.filter((name) => found.has(name));
}
/** Whether `text` mentions any of the environment names. */
function readsEnvironment(text) {
    return scanEnvironmentReads(text).length > 0;
}

;// CONCATENATED MODULE: ./src/dbt/jinja-purity.ts
/**
 * Jinja purity check (ADR-0013, "Fingerprints", the exception to "SQL models
 * usually have no file component"). A model's `{{ }}` and `{% %}` may only use
 * `if`, `elif`, `else`, `for`, `set` and their end tags, call `ref`, `source`,
 * `config`, `var`, `env_var` or `is_incremental`, and read names. Anything else
 * could run SQL the compiled code doesn't show, so the model keeps its `file`
 * component. It is an allow-list: whatever isn't recognised is impure, with a
 * reason naming the first offending construct.
 *
 * Decisions where the ADR is silent (each keeps `file`, never drops it):
 * - `{# #}` comments are ignored; whitespace control (`{{-`, `-}}`, `{%+`,
 *   `+%}` …) is accepted. Unbalanced brackets, unterminated strings or
 *   delimiters, a stray `}` and unknown characters (non-ASCII outside strings
 *   too) are "cannot parse: …". So are block tags that don't nest (`endif`
 *   without `if`, an `if` never closed): dbt couldn't have compiled them.
 * - Filters (`x | upper`) are calls of a function. Only Jinja's built-in
 *   filters that transform values and dbt's `as_*` conversions are accepted,
 *   with arguments (`| replace('a', 'b')`); everything else, including `attr`
 *   and `random`, is impure ("filter `attr`"). dbt can't register filters of
 *   its own, so a filter can't be a macro.
 * - Tests (`x is defined`, `x is divisibleby(3)`) are Jinja's built-in tests,
 *   all pure; an unknown test name is impure.
 * - `(` is allowed right after a pure name that isn't an attribute
 *   (`ref(`, not `x.ref(`), after an accepted filter or test name, and as
 *   grouping (at the start, after an operator, `(`, `[`, `{`, `,`, `:`, `=`
 *   or a keyword `and or not in is if else`). After `)`, `]`, `}` or a
 *   literal it is an indirect call.
 * - Rebinding: a pure name bound by `{% set %}` or `{% for %}` (also in a
 *   tuple, or as the root of `{% set ref.x = … %}`) is impure. Keyword
 *   arguments (`config(ref=…)`) don't bind names.
 * - `{% raw %}`, `{% snapshot %}`, `{% break %}` and every other tag are
 *   impure ("tag `raw`"), as the ADR's list says. Snapshots wrapped in
 *   `{% snapshot %}` therefore always keep `file`.
 *
 * Linear time: one pass over the text; each tag is tokenized once.
 */
/** The functions a model may call. */
const PURE_CALLS = new Set([
    "ref",
    "source",
    "config",
    "var",
    "env_var",
    "is_incremental",
]);
/** Jinja's built-in filters that only transform values, and dbt's conversions. */
const PURE_FILTERS = new Set([
    "abs",
    "as_bool",
    "as_native",
    "as_number",
    "as_text",
    "batch",
    "capitalize",
    "center",
    "count",
    "d",
    "default",
    "dictsort",
    "e",
    "escape",
    "filesizeformat",
    "first",
    "float",
    "forceescape",
    "format",
    "groupby",
    "indent",
    "int",
    "items",
    "join",
    "last",
    "length",
    "list",
    "lower",
    "map",
    "max",
    "min",
    "pprint",
    "reject",
    "rejectattr",
    "replace",
    "reverse",
    "round",
    "safe",
    "select",
    "selectattr",
    "slice",
    "sort",
    "string",
    "striptags",
    "sum",
    "title",
    "tojson",
    "trim",
    "truncate",
    "unique",
    "upper",
    "urlencode",
    "urlize",
    "wordcount",
    "wordwrap",
    "xmlattr",
]);
/** Jinja's built-in tests (all pure). */
const JINJA_TESTS = new Set([
    "boolean",
    "callable",
    "defined",
    "divisibleby",
    "eq",
    "equalto",
    "escaped",
    "even",
    "false",
    "filter",
    "float",
    "ge",
    "greaterthan",
    "gt",
    "in",
    "integer",
    "iterable",
    "le",
    "lessthan",
    "lower",
    "lt",
    "mapping",
    "ne",
    "none",
    "number",
    "odd",
    "sameas",
    "sequence",
    "string",
    "test",
    "true",
    "undefined",
    "upper",
]);
/** Names that are operators in Jinja expressions: `(` after them is grouping. */
const KEYWORDS = new Set(["and", "or", "not", "in", "is", "if", "else"]);
// Token kinds.
const NAME = 1;
const NUM = 2;
const STR = 3;
const OP = 4;
function impure(reason) {
    return { pure: false, reason };
}
function cannotParse(what) {
    return { pure: false, reason: `cannot parse: ${what}` };
}
const OPEN_CLOSE = { "(": ")", "[": "]", "{": "}" };
const TWO_CHAR_OPS = new Set(["**", "//", "==", "!=", "<=", ">="]);
const ONE_CHAR_OPS = "+-*/%~<>=.,:|()[]{};";
function isNameStart(c) {
    return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
function isNameChar(c) {
    return isNameStart(c) || (c >= 48 && c <= 57);
}
function isDigit(c) {
    return c >= 48 && c <= 57;
}
function isSpace(c) {
    return c === 32 || (c >= 9 && c <= 13);
}
/**
 * Tokenizes one tag's body starting at `pos` up to its closer (`}}` or `%}`,
 * optionally preceded by `-` or `+`). Returns the tokens and the index just
 * past the closer, or the reason it can't.
 */
function tokenizeTag(text, pos, closer, opener) {
    const n = text.length;
    const tokens = [];
    const stack = [];
    let i = pos;
    while (i < n) {
        const c = text.charCodeAt(i);
        if (stack.length === 0) {
            // `}}` / `%}` close the tag only when brackets are balanced (as Jinja's lexer does).
            const at = c === 45 || c === 43 ? i + 1 : i; // `-` or `+` before the closer
            if (text.charCodeAt(at) === closer && text.charCodeAt(at + 1) === 125) {
                return { tokens, end: at + 2 };
            }
        }
        if (isSpace(c)) {
            i++;
            continue;
        }
        if (isNameStart(c)) {
            let j = i + 1;
            while (j < n && isNameChar(text.charCodeAt(j)))
                j++;
            tokens.push({ kind: NAME, text: text.slice(i, j) });
            i = j;
            continue;
        }
        if (isDigit(c)) {
            let j = i + 1;
            while (j < n && (isDigit(text.charCodeAt(j)) || text.charCodeAt(j) === 95))
                j++;
            if (text.charCodeAt(j) === 46 && isDigit(text.charCodeAt(j + 1))) {
                j += 2;
                while (j < n && (isDigit(text.charCodeAt(j)) || text.charCodeAt(j) === 95))
                    j++;
            }
            const e = text.charCodeAt(j) | 0x20;
            if (e === 101) {
                let k = j + 1;
                const sign = text.charCodeAt(k);
                if (sign === 43 || sign === 45)
                    k++;
                if (isDigit(text.charCodeAt(k))) {
                    j = k + 1;
                    while (j < n && (isDigit(text.charCodeAt(j)) || text.charCodeAt(j) === 95))
                        j++;
                }
            }
            tokens.push({ kind: NUM, text: text.slice(i, j) });
            i = j;
            continue;
        }
        if (c === 39 || c === 34) {
            let j = i + 1;
            for (;;) {
                if (j >= n)
                    return cannotParse("unterminated string");
                const q = text.charCodeAt(j);
                if (q === c)
                    break;
                j += q === 92 ? 2 : 1; // backslash escapes the next character
            }
            tokens.push({ kind: STR, text: text.slice(i, j + 1) });
            i = j + 1;
            continue;
        }
        const two = text.slice(i, i + 2);
        if (TWO_CHAR_OPS.has(two)) {
            tokens.push({ kind: OP, text: two });
            i += 2;
            continue;
        }
        const ch = text[i];
        if (c < 128 && ONE_CHAR_OPS.includes(ch)) {
            const close = OPEN_CLOSE[ch];
            if (close !== undefined) {
                stack.push(close);
            }
            else if (ch === ")" || ch === "]" || ch === "}") {
                if (stack.pop() !== ch)
                    return cannotParse(`unbalanced \`${ch}\``);
            }
            tokens.push({ kind: OP, text: ch });
            i++;
            continue;
        }
        if (c >= 128)
            return cannotParse("non-ASCII character outside a string");
        return cannotParse(ch === "`" ? "character `` ` ``" : `character \`${ch}\``);
    }
    return cannotParse(`unterminated \`${opener}\``);
}
function isOp(t, op) {
    return t !== undefined && t.kind === OP && t.text === op;
}
function isName(t, name) {
    return t !== undefined && t.kind === NAME && t.text === name;
}
/** Whether the name at `i` is a test name (`is x`, `is not x`). */
function inTestPosition(tokens, i, from) {
    if (i - 1 < from)
        return false;
    if (isName(tokens[i - 1], "is"))
        return true;
    return i - 2 >= from && isName(tokens[i - 1], "not") && isName(tokens[i - 2], "is");
}
/** `a.b.c` for the attribute chain ending at the name at `i`, `….c` when it starts elsewhere. */
function attributeChain(tokens, i, from) {
    const parts = [tokens[i].text];
    let k = i - 1;
    while (k - 1 >= from && isOp(tokens[k], ".") && tokens[k - 1]?.kind === NAME) {
        parts.push(tokens[k - 1].text);
        k -= 2;
    }
    let chain = parts.reverse().join(".");
    if (k >= from && isOp(tokens[k], "."))
        chain = `….${chain}`;
    return chain;
}
/** Checks the expression tokens in [from, to): calls, filters, tests. */
function checkExpression(tokens, from, to) {
    for (let i = from; i < to; i++) {
        const t = tokens[i];
        const prev = i - 1 >= from ? tokens[i - 1] : undefined;
        if (t.kind === NAME) {
            if (isOp(prev, "|")) {
                if (!PURE_FILTERS.has(t.text))
                    return impure(`filter \`${t.text}\``);
            }
            else if (inTestPosition(tokens, i, from) && !(t.text === "not" && isName(prev, "is"))) {
                if (!JINJA_TESTS.has(t.text))
                    return impure(`test \`${t.text}\``);
            }
            continue;
        }
        if (t.kind !== OP || t.text !== "(")
            continue;
        if (prev === undefined)
            continue; // grouping at the start
        if (prev.kind === OP) {
            if (prev.text === ")" || prev.text === "]" || prev.text === "}") {
                return impure(`indirect call after \`${prev.text}\``);
            }
            continue; // grouping after an operator or an opening bracket
        }
        if (prev.kind !== NAME)
            return impure("indirect call of a literal");
        const before = i - 2 >= from ? tokens[i - 2] : undefined;
        if (isOp(before, "."))
            return impure(`method call \`${attributeChain(tokens, i - 1, from)}\``);
        if (isOp(before, "|"))
            continue; // an accepted filter's arguments
        if (inTestPosition(tokens, i - 1, from))
            continue; // an accepted test's arguments
        if (KEYWORDS.has(prev.text))
            continue; // grouping after `and`, `not`, `if` …
        if (PURE_CALLS.has(prev.text))
            continue;
        return impure(`call of \`${prev.text}\``);
    }
    return undefined;
}
/** Checks assignment targets in [from, to) (`set`, `for`): names, tuples, `ns.attr`. */
function checkTargets(tokens, from, to) {
    if (from >= to)
        return cannotParse("missing assignment target");
    for (let i = from; i < to; i++) {
        const t = tokens[i];
        if (t.kind === NAME) {
            if (isOp(tokens[i - 1], ".") && i - 1 >= from)
                continue; // attribute of a namespace
            if (PURE_CALLS.has(t.text))
                return impure(`rebinding \`${t.text}\``);
            continue;
        }
        if (t.kind === OP && (t.text === "," || t.text === "(" || t.text === ")" || t.text === "."))
            continue;
        return cannotParse(`unexpected \`${t.text}\` in an assignment target`);
    }
    return undefined;
}
/** Index of the first token in [from, to) at bracket depth 0 matching `pred`, or -1. */
function findTopLevel(tokens, from, to, pred) {
    let depth = 0;
    for (let i = from; i < to; i++) {
        const t = tokens[i];
        if (t.kind === OP) {
            if (t.text === "(" || t.text === "[" || t.text === "{")
                depth++;
            else if (t.text === ")" || t.text === "]" || t.text === "}")
                depth--;
        }
        if (depth === 0 && pred(t))
            return i;
    }
    return -1;
}
/** Checks one `{% %}` statement; updates the block stack. */
function checkStatement(tokens, blocks) {
    const head = tokens[0];
    if (head === undefined)
        return cannotParse("`{% %}` without a tag name");
    if (head.kind !== NAME)
        return cannotParse(`\`{% ${head.text}\``);
    const n = tokens.length;
    const top = blocks[blocks.length - 1];
    switch (head.text) {
        case "if":
            blocks.push("if");
            return checkExpression(tokens, 1, n);
        case "elif":
            if (top !== "if")
                return cannotParse("`elif` outside `if`");
            return checkExpression(tokens, 1, n);
        case "else":
            if (top !== "if" && top !== "for")
                return cannotParse("`else` outside `if` or `for`");
            if (n > 1)
                return cannotParse("`else` followed by an expression");
            return undefined;
        case "endif":
        case "endfor":
        case "endset": {
            const opened = head.text.slice(3);
            if (top !== opened)
                return cannotParse(`\`${head.text}\` without \`${opened}\``);
            if (n > 1)
                return cannotParse(`\`${head.text}\` followed by an expression`);
            blocks.pop();
            return undefined;
        }
        case "for": {
            const inAt = findTopLevel(tokens, 1, n, (t) => t.kind === NAME && t.text === "in");
            if (inAt < 0)
                return cannotParse("`for` without `in`");
            blocks.push("for");
            return checkTargets(tokens, 1, inAt) ?? checkExpression(tokens, inAt + 1, n);
        }
        case "set": {
            const eqAt = findTopLevel(tokens, 1, n, (t) => t.kind === OP && t.text === "=");
            if (eqAt >= 0)
                return checkTargets(tokens, 1, eqAt) ?? checkExpression(tokens, eqAt + 1, n);
            // A block assignment, `{% set x %}…{% endset %}`, optionally filtered: `{% set x | upper %}`.
            const pipeAt = findTopLevel(tokens, 1, n, (t) => t.kind === OP && t.text === "|");
            const targetEnd = pipeAt < 0 ? n : pipeAt;
            blocks.push("set");
            return checkTargets(tokens, 1, targetEnd) ?? checkExpression(tokens, targetEnd, n);
        }
        default:
            return impure(`tag \`${head.text}\``);
    }
}
function checkJinjaPurity(rawCode) {
    const n = rawCode.length;
    const blocks = [];
    let i = 0;
    for (;;) {
        const brace = rawCode.indexOf("{", i);
        if (brace < 0 || brace + 1 >= n)
            break;
        const kind = rawCode.charCodeAt(brace + 1);
        if (kind === 35) {
            // {# comment #}: ignored, up to the first `#}`.
            const close = rawCode.indexOf("#}", brace + 2);
            if (close < 0)
                return cannotParse("unterminated `{#`");
            i = close + 2;
            continue;
        }
        if (kind !== 123 && kind !== 37) {
            i = brace + 1;
            continue;
        }
        let pos = brace + 2;
        const ctl = rawCode.charCodeAt(pos);
        if (ctl === 45 || ctl === 43)
            pos++; // `{{-`, `{%+` …
        const isVariable = kind === 123;
        const tag = tokenizeTag(rawCode, pos, isVariable ? 125 : 37, isVariable ? "{{" : "{%");
        if ("pure" in tag)
            return tag;
        const problem = isVariable
            ? tag.tokens.length === 0
                ? cannotParse("empty `{{ }}`")
                : checkExpression(tag.tokens, 0, tag.tokens.length)
            : checkStatement(tag.tokens, blocks);
        if (problem !== undefined)
            return problem;
        i = tag.end;
    }
    const open = blocks[blocks.length - 1];
    if (open !== undefined)
        return cannotParse(`unclosed \`{% ${open} %}\``);
    return { pure: true };
}

;// CONCATENATED MODULE: ./src/dbt/sql-normaliser.ts
/**
 * Formatting-insensitive form of compiled SQL (ADR-0013, "Normalising SQL",
 * #209). The compiled SQL is split into tokens and the tokens are rejoined
 * with single spaces; comments are dropped, optimizer hints are kept. Nothing
 * else changes: identifiers, keywords and literals keep their case and
 * spelling. It is an allow-list: whatever could mean different things in
 * different dialects makes it give up (`ok: false`), and the caller hashes
 * the raw text instead, so formatting counts and only more gets built.
 *
 * The one property that matters: two inputs that normalise to the same text
 * mean the same thing (or one of them is a syntax error, the case the ADR
 * accepts, e.g. `count (*)` in MySQL without IGNORE_SPACE).
 *
 * Tokens:
 * - a word: a run of ASCII letters, digits and `_` (keywords, identifiers,
 *   numbers);
 * - a quoted string or identifier, `'…'` or `"…"`, verbatim;
 * - one of `( ) , ; = < > + - * / % | : !`, one character per token, so
 *   `<=` and `< =` are the same (one of them is a syntax error in every
 *   dialect that has `<=`);
 * - an optimizer hint `/*+ … *\/`, verbatim (inner whitespace counts);
 * - `.` is glued to both neighbours: `a.b`, `1.5`, `"db"."schema"."t"`,
 *   `t.*` each stay one token. Whitespace or a comment next to a `.` gives up,
 *   so the output keeps every `.` exactly where the input had it.
 *
 * Decisions where the ADR is silent (each one builds more, never less):
 * - Non-ASCII gives up everywhere, inside quotes and comments too: some
 *   lexers end a `--` comment at U+0085 or U+2028, and nothing here can tell
 *   which. Control characters other than tab and line feed give up
 *   everywhere for the same reason (Python's `splitlines` ends lines at
 *   `\v`, `\f`, `\x1c`…); "ASCII whitespace" is space, tab, LF and CR LF.
 * - A `\r` not followed by `\n` gives up everywhere, quotes included.
 * - `--` must be followed by a space (0x20). `--` followed by a tab, a line
 *   break or the end of the input gives up (MySQL needs whitespace there;
 *   the ADR says "a following space", so be literal).
 * - A line comment may contain anything ASCII and printable (it is dropped);
 *   so may a block comment, except `/*` (nested comments give up). A `--`
 *   comment ends at `\n`; one that runs to the end of the input is fine.
 * - Doubled-quote escapes (`'it''s'`, `"a""b"`) are a quote touching a
 *   quote: they give up.
 * - Backtick is not on the allow-list: `` `x` `` gives up as a character.
 * - "Two literals separated only by whitespace": both quote kinds count
 *   (`"` is a string in MySQL and BigQuery), and comments and hints count as
 *   whitespace there (PostgreSQL continues `'a'` into a `'b'` on a later line
 *   even across a `-- c` comment). So a quoted token that follows another
 *   with nothing but whitespace and comments between always gives up
 *   (`"db"."t"` is fine: the `.` is between them).
 * - "`.` next to whitespace": a comment or hint next to a `.` counts as
 *   whitespace (`a./*c*\/b` gives up).
 * - Exponents: a word that starts a number (`1e`, `1.5e`, `1.e`) followed by
 *   `+` or `-` and a digit keeps the sign in the token (`1e-5`), because in
 *   MySQL `1e - 5` is a column named `1e` minus 5. `1e -5` stays three
 *   tokens, as MySQL reads it.
 * - An empty input, or one with only comments, normalises to "".
 *
 * Linear time: one pass over the characters. The output is ASCII (anything
 * else gives up), so tokens are copied byte by byte into a reused buffer, with
 * one space between them: no string per token, and `normaliseSqlBytes` hands
 * the bytes to a hash without making a string at all (fingerprints hash tens
 * of megabytes of compiled SQL at 10,000 nodes).
 */
/** Stable reasons, so callers and tests can match on them. */
const GIVE_UP = {
    nonAscii: "non-ASCII character",
    control: "control character",
    backslash: "backslash in a quoted string",
    tripleQuote: "triple quote",
    quoteTouching: "quote touching a word or quote",
    dashDash: "`--` without a following space",
    slashSlash: "`//`",
    nestedComment: "nested block comment",
    loneCr: "lone carriage return",
    adjacentLiterals: "two literals separated only by whitespace",
    dotSpace: "`.` next to whitespace",
    unterminatedQuote: "unterminated quote",
    unterminatedComment: "unterminated comment",
};
/** The reason for a character outside the allow-list, e.g. "character `[`". */
function characterReason(ch) {
    return ch === "`" ? "character `` ` ``" : `character \`${ch}\``;
}
/** The reason for a block comment opening that isn't accepted, e.g. "block comment opening `/*!`". */
function commentOpeningReason(ch) {
    return ch === "`" ? "block comment opening `` /*` ``" : `block comment opening \`/*${ch}\``;
}
// Character classes of ASCII code units; 0 is a printable character not on the allow-list.
const WORD = 1;
const SPACE = 2; // space, tab, line feed
const PUNCT = 3;
const DOT = 4;
const QUOTE = 5;
const CONTROL = 6;
const CR = 7;
const CLASS = new Uint8Array(128);
for (let c = 0; c < 32; c++)
    CLASS[c] = CONTROL;
CLASS[127] = CONTROL;
for (let c = 48; c <= 57; c++)
    CLASS[c] = WORD;
for (let c = 65; c <= 90; c++)
    CLASS[c] = WORD;
for (let c = 97; c <= 122; c++)
    CLASS[c] = WORD;
CLASS[95] = WORD; // _
CLASS[32] = SPACE;
CLASS[9] = SPACE;
CLASS[10] = SPACE;
CLASS[13] = CR;
for (const ch of "(),;=<>+-*/%|:!")
    CLASS[ch.charCodeAt(0)] = PUNCT;
CLASS[46] = DOT;
CLASS[39] = QUOTE; // '
CLASS[34] = QUOTE; // "
const LF = 10;
const TAB = 9;
const SP = 32;
const DASH = 45;
const SLASH = 47;
const STAR = 42;
const PLUS = 43;
const EQUALS = 61;
const BACKSLASH = 92;
const CR_CODE = 13;
const DOT_CODE = 46;
function sql_normaliser_isDigit(c) {
    return c >= 48 && c <= 57;
}
/** Whitespace for the `.` rule: space, tab, LF, CR (a lone CR gives up anyway). */
function isSpaceLike(c) {
    return c === SP || c === TAB || c === LF || c === CR_CODE;
}
/** The normalised text's bytes (ASCII), reused by every call: valid until the next one. */
let scratch = new Uint8Array(1 << 16);
/** Per output token: where it starts and ends in the input, and where it starts in the output. */
let tokenStarts = new Int32Array(1 << 12);
let tokenEnds = new Int32Array(1 << 12);
let tokenOut = new Int32Array(1 << 12);
let tokenCount = 0;
const decoder = new TextDecoder("latin1");
function normaliseSql(sql) {
    const length = normaliseIntoScratch(sql);
    if (typeof length === "string")
        return { ok: false, reason: length };
    // ASCII only: latin1 decodes it byte for byte.
    return { ok: true, text: decoder.decode(scratch.subarray(0, length)) };
}
/** normaliseSql's text as bytes (ASCII, so also its UTF-8), without making a string. */
function normaliseSqlBytes(sql) {
    const length = normaliseIntoScratch(sql);
    if (typeof length === "string")
        return { ok: false, reason: length };
    return { ok: true, bytes: scratch.subarray(0, length) };
}
/**
 * The tokens of the last successful normaliseSqlBytes call, in order: token
 * `t` is `input.slice(starts[t], ends[t])`, copied to the output at
 * `outStarts[t]`. Views of reused buffers: valid until the next call.
 */
function lastTokens() {
    return { count: tokenCount, starts: tokenStarts, ends: tokenEnds, outStarts: tokenOut };
}
/**
 * Why the comment or quote body character at `k` gives up, or undefined when
 * it is fine there (inside quotes and comments anything printable ASCII is).
 */
function bodyProblem(sql, k, c) {
    if (c >= 128)
        return GIVE_UP.nonAscii;
    if (c === CR_CODE)
        return sql.charCodeAt(k + 1) === LF ? undefined : GIVE_UP.loneCr;
    if ((c < 32 && c !== TAB && c !== LF) || c === 127)
        return GIVE_UP.control;
    return undefined;
}
/** Writes the normalised text into `scratch`; its length, or why it gives up. */
function normaliseIntoScratch(sql) {
    try {
        return scan(sql);
    }
    finally {
        input = "";
    }
}
function scan(sql) {
    const n = sql.length;
    // A token and the space before it never outgrow two bytes per input character.
    if (scratch.length < 2 * n + 1)
        scratch = new Uint8Array(Math.max(2 * n + 1, scratch.length * 2));
    // At most one token per input character.
    if (tokenStarts.length < n + 1) {
        const size = Math.max(n + 1, tokenStarts.length * 2);
        tokenStarts = new Int32Array(size);
        tokenEnds = new Int32Array(size);
        tokenOut = new Int32Array(size);
    }
    input = sql;
    written = 0;
    tokenCount = 0;
    curStart = -1;
    curEnd = -1;
    prevAtomWasDot = false;
    // The last atom was a quoted literal; whitespace and comments since don't reset it.
    let afterQuote = false;
    // Index just past the last comment or hint (for the `.` rule).
    let commentEnd = -1;
    let i = 0;
    while (i < n) {
        const c = sql.charCodeAt(i);
        if (c >= 128)
            return GIVE_UP.nonAscii;
        const cls = CLASS[c];
        if (cls === SPACE) {
            i++;
            continue;
        }
        if (cls === CR) {
            if (sql.charCodeAt(i + 1) !== LF)
                return GIVE_UP.loneCr;
            i += 2;
            continue;
        }
        if (cls === WORD) {
            const start = i;
            let j = i + 1;
            while (j < n && CLASS[sql.charCodeAt(j)] === WORD)
                j++;
            const numeric = sql_normaliser_isDigit(c) ||
                (start >= 2 && sql.charCodeAt(start - 1) === DOT_CODE && sql_normaliser_isDigit(sql.charCodeAt(start - 2)));
            if (numeric) {
                // Keep an exponent's sign in the token: `1e-5`, `1.5E+10`.
                for (;;) {
                    const last = sql.charCodeAt(j - 1) | 0x20; // lower case
                    const sign = sql.charCodeAt(j);
                    if (last !== 101 || (sign !== PLUS && sign !== DASH) || !sql_normaliser_isDigit(sql.charCodeAt(j + 1)))
                        break;
                    j += 2;
                    while (j < n && CLASS[sql.charCodeAt(j)] === WORD)
                        j++;
                }
            }
            emit(start, j, false);
            afterQuote = false;
            i = j;
            continue;
        }
        if (cls === QUOTE) {
            if (i > 0) {
                const p = sql.charCodeAt(i - 1);
                if (p < 128 && (CLASS[p] === WORD || CLASS[p] === QUOTE))
                    return GIVE_UP.quoteTouching;
            }
            if (sql.charCodeAt(i + 1) === c && sql.charCodeAt(i + 2) === c)
                return GIVE_UP.tripleQuote;
            if (afterQuote)
                return GIVE_UP.adjacentLiterals;
            let k = i + 1;
            for (;;) {
                if (k >= n)
                    return GIVE_UP.unterminatedQuote;
                const q = sql.charCodeAt(k);
                if (q === c)
                    break;
                if (q === BACKSLASH)
                    return GIVE_UP.backslash;
                const problem = bodyProblem(sql, k, q);
                if (problem !== undefined)
                    return problem;
                k++;
            }
            const after = sql.charCodeAt(k + 1); // NaN at the end of the input
            if (after < 128 && (CLASS[after] === WORD || CLASS[after] === QUOTE)) {
                return GIVE_UP.quoteTouching;
            }
            emit(i, k + 1, false);
            afterQuote = true;
            i = k + 1;
            continue;
        }
        if (cls === DOT) {
            if (i > 0 && (isSpaceLike(sql.charCodeAt(i - 1)) || commentEnd === i))
                return GIVE_UP.dotSpace;
            const next = sql.charCodeAt(i + 1);
            const next2 = sql.charCodeAt(i + 2);
            if (isSpaceLike(next) || (next === DASH && next2 === DASH) || (next === SLASH && next2 === STAR)) {
                return GIVE_UP.dotSpace;
            }
            emit(i, i + 1, true);
            afterQuote = false;
            i++;
            continue;
        }
        if (cls === PUNCT) {
            const next = sql.charCodeAt(i + 1);
            if (c === DASH && next === DASH) {
                if (sql.charCodeAt(i + 2) !== SP)
                    return GIVE_UP.dashDash;
                if (i > 0 && sql.charCodeAt(i - 1) === DOT_CODE)
                    return GIVE_UP.dotSpace;
                // A line comment: dropped, up to (not including) the line feed.
                let k = i + 3;
                while (k < n) {
                    const q = sql.charCodeAt(k);
                    if (q === LF)
                        break;
                    const problem = bodyProblem(sql, k, q);
                    if (problem !== undefined)
                        return problem;
                    k++;
                }
                commentEnd = k;
                i = k;
                continue;
            }
            if (c === SLASH && next === SLASH)
                return GIVE_UP.slashSlash;
            if (c === SLASH && next === STAR) {
                if (i > 0 && sql.charCodeAt(i - 1) === DOT_CODE)
                    return GIVE_UP.dotSpace;
                const opener = sql.charCodeAt(i + 2);
                if (Number.isNaN(opener))
                    return GIVE_UP.unterminatedComment;
                const hint = opener === PLUS;
                if (!hint &&
                    opener !== STAR &&
                    opener !== DASH &&
                    opener !== EQUALS &&
                    opener !== SP &&
                    opener !== TAB &&
                    opener !== LF &&
                    opener !== CR_CODE &&
                    opener > 32 &&
                    opener < 127) {
                    return commentOpeningReason(sql[i + 2]);
                }
                // Other openings (control, non-ASCII) are caught by the body check below.
                let k = i + 2;
                let end = -1;
                while (k < n) {
                    const q = sql.charCodeAt(k);
                    if (q === STAR && sql.charCodeAt(k + 1) === SLASH) {
                        end = k + 2;
                        break;
                    }
                    if (q === SLASH && sql.charCodeAt(k + 1) === STAR)
                        return GIVE_UP.nestedComment;
                    const problem = bodyProblem(sql, k, q);
                    if (problem !== undefined)
                        return problem;
                    k++;
                }
                if (end < 0)
                    return GIVE_UP.unterminatedComment;
                if (sql.charCodeAt(end) === DOT_CODE)
                    return GIVE_UP.dotSpace;
                // A hint is a token of its own, verbatim; it counts as a comment for
                // the `.` and adjacent-literal rules (dialects without hints read it so).
                if (hint)
                    emit(i, end, false);
                commentEnd = end;
                i = end;
                continue;
            }
            emit(i, i + 1, false);
            afterQuote = false;
            i++;
            continue;
        }
        if (cls === CONTROL)
            return GIVE_UP.control;
        return characterReason(sql[i]);
    }
    if (curStart >= 0)
        flush(curStart, curEnd);
    return written;
}
// The normalisation in progress. Module state, not closures made per call: a
// closure per call is a new call target each time, which throws optimized
// code away (V8 deoptimizes on "wrong call target") thousands of times.
let input = "";
let written = 0;
/** The token being built: [curStart, curEnd) of the input (tokens are slices). */
let curStart = -1;
let curEnd = -1;
let prevAtomWasDot = false;
/** Adds an atom: glued to the token being built across a `.`, else it starts the next token. */
function emit(start, end, isDot) {
    if (curStart >= 0 && curEnd === start && (isDot || prevAtomWasDot)) {
        curEnd = end;
    }
    else {
        if (curStart >= 0)
            flush(curStart, curEnd);
        curStart = start;
        curEnd = end;
    }
    prevAtomWasDot = isDot;
}
/** Copies a finished token to the output, after a space unless it is the first. */
function flush(start, end) {
    const buf = scratch;
    const sql = input;
    let o = written;
    if (o > 0)
        buf[o++] = SP;
    const t = tokenCount++;
    tokenStarts[t] = start;
    tokenEnds[t] = end;
    tokenOut[t] = o;
    for (let k = start; k < end; k++)
        buf[o++] = sql.charCodeAt(k);
    written = o;
}

;// CONCATENATED MODULE: ./src/dbt/fingerprint/node-fingerprint.ts






/** Config keys that describe a node without changing what gets built. */
const CONFIG_KEYS_IGNORED = ["tags", "meta", "docs", "state", "freshness"];
const SQL_LIKE = new Set(["model", "snapshot"]);
const IGNORED_CONFIG_KEYS = new Set(CONFIG_KEYS_IGNORED);
/** Components every node of a manifest shares, computed once. */
const SCHEME_DIGEST = sha256(SCHEME);
const NOT_ENFORCED_CONTRACT_DIGEST = sha256(canonicalJson({ enforced: false }));
const engineDigests = new WeakMap();
function engineDigest(metadata) {
    let digest = engineDigests.get(metadata);
    if (digest === undefined) {
        digest = sha256(canonicalJson({ dbt_version: metadata.dbtVersion, adapter: metadata.adapterType }));
        engineDigests.set(metadata, digest);
    }
    return digest;
}
function fingerprintNode(graph, node, macros) {
    const n = node.node;
    const components = {};
    const incomplete = [];
    const metadata = graph.metadata;
    let normaliserGaveUp = null;
    let fileReason = null;
    let portableSql = null;
    components.scheme = SCHEME_DIGEST;
    components.engine = engineDigest(metadata);
    // canonicalJson({ database, schema, identifier }), keys in canonical order.
    components.relation = sha256(`{"database":${JSON.stringify(n.relation.database)},"identifier":${JSON.stringify(n.relation.identifier)},"schema":${JSON.stringify(n.relation.schema)}}`);
    if (n.config === null)
        incomplete.push("no recorded config");
    else
        components.config = configDigest(graph, n.config);
    const checksumProblem = checksumIssue(n);
    if (checksumProblem)
        incomplete.push(checksumProblem);
    const ephemerals = node.ephemerals.map((id) => graph.ephemerals.get(id).node);
    const isPython = n.language === "python";
    if (SQL_LIKE.has(n.resourceType) && !isPython) {
        if (n.compiledCode === null) {
            incomplete.push("no compiled SQL: run `dbt compile` (or `dbt build`) so the manifest records it");
        }
        else {
            const sql = sqlDigest(n.compiledCode);
            components.sql = sql.digest;
            normaliserGaveUp = sql.gaveUp;
            const names = portableNames(graph, node);
            portableSql =
                (sql.normalised ? portableFromTokens(n.compiledCode, sql.normalised, names) : null) ??
                    sqlDigest(replaceNames(n.compiledCode, names)).digest;
        }
        fileReason = impurity(n, ephemerals);
    }
    else if (isPython) {
        if (n.compiledCode === null)
            incomplete.push("no compiled code: run `dbt compile` so the manifest records it");
        else
            components.compiled_code = sha256(n.compiledCode);
        fileReason = "Python model";
    }
    else {
        fileReason = n.resourceType === "seed" ? "seed" : `${n.resourceType} without compiled SQL`;
    }
    if (fileReason !== null) {
        const checksums = [n, ...(isPython || n.resourceType === "seed" ? [] : ephemerals)].map((x) => [
            x.uniqueId,
            x.checksum?.name ?? null,
            x.checksum?.value ?? null,
        ]);
        components.file = sha256(canonicalJson(checksums));
    }
    // Macros: the node's own, those of the ephemeral models it inlines, its
    // materialization and the generate_*_name overrides.
    const materialization = n.materialized ?? (n.resourceType === "model" ? "view" : n.resourceType);
    const { implementations, closure, digest: macrosDigest, } = nodeMacros(macros, n, ephemerals, materialization);
    if (implementations === 0)
        incomplete.push(`no macro in the artifacts implements materialization \`${materialization}\``);
    for (const id of closure.missing)
        incomplete.push(`macro \`${id}\` is missing from the artifacts`);
    components.macros = macrosDigest;
    components.contract = n.contract?.enforced
        ? sha256(canonicalJson(contractOf(n)))
        : NOT_ENFORCED_CONTRACT_DIGEST;
    return {
        components,
        incomplete,
        environmentReads: environmentReads(n, closure.user, macros),
        rawDigest: n.rawCode === null ? null : sha256(n.rawCode),
        normaliserGaveUp,
        fileReason,
        portableSql,
    };
}
/** Config digests per project, by the config's JSON: most nodes of a project share their config. */
const configDigests = new WeakMap();
/**
 * SHA-256 of the config's canonical JSON without the ignored keys. Two
 * configs with the same JSON.stringify are the same JSON value with the keys
 * in the same order, so they have the same canonical JSON: the digest is
 * cached by that text.
 */
function configDigest(graph, config) {
    let cache = configDigests.get(graph);
    if (cache === undefined) {
        cache = new Map();
        configDigests.set(graph, cache);
    }
    const key = JSON.stringify(config);
    let digest = cache.get(key);
    if (digest === undefined) {
        digest = sha256(canonicalJsonWithout(config, IGNORED_CONFIG_KEYS));
        cache.set(key, digest);
    }
    return digest;
}
/** Per MacroIndex: the macros part of a fingerprint, by what decides it. */
const nodeMacroCache = new WeakMap();
/**
 * The closure and digest of a node's macros: its own, those of the ephemeral
 * models it inlines, its materialization's and the generate_*_name
 * overrides. Cached by the node's and the ephemerals' `depends_on.macros` and
 * the materialization, which decide it.
 */
function nodeMacros(macros, n, ephemerals, materialization) {
    let cache = nodeMacroCache.get(macros);
    if (cache === undefined) {
        cache = new Map();
        nodeMacroCache.set(macros, cache);
    }
    let key = `${materialization}\u0000${JSON.stringify(n.dependsOn.macros)}`;
    for (const ephemeral of ephemerals)
        key += `\u0000${JSON.stringify(ephemeral.dependsOn.macros)}`;
    let result = cache.get(key);
    if (result === undefined) {
        const roots = new Set(n.dependsOn.macros);
        for (const ephemeral of ephemerals)
            for (const id of ephemeral.dependsOn.macros)
                roots.add(id);
        const implementations = macros.materializationMacros(materialization);
        for (const id of implementations)
            roots.add(id);
        for (const id of macros.generateNameOverrides())
            roots.add(id);
        const { closure, digest } = macros.digestedClosure(roots);
        result = { implementations: implementations.length, closure, digest };
        cache.set(key, result);
    }
    return result;
}
/**
 * SHA-256 of `normalised\0<normalised text>`, or of `raw\0<text>` when the
 * normaliser gives up. `normalised`: the normalised bytes (valid until the
 * next normalisation).
 */
function sqlDigest(text) {
    const normalised = normaliseSqlBytes(text);
    return normalised.ok
        ? { digest: sha256Of(NORMALISED_PREFIX, normalised.bytes), gaveUp: null, normalised: normalised.bytes }
        : { digest: sha256Of(RAW_PREFIX, text), gaveUp: normalised.reason, normalised: null };
}
const NORMALISED_PREFIX = "normalised\0";
const RAW_PREFIX = "raw\0";
/**
 * The compiled SQL with the rendered names of the node's own relation and
 * of every planned node it reads replaced by a placeholder per unique_id:
 * the same code compiled for another schema (a pull request's environment)
 * gives the same text. Sources keep their names: they are the same data in
 * every environment, and a moved source is a real change.
 */
function portableSqlText(graph, node) {
    return replaceNames(node.node.compiledCode ?? "", portableNames(graph, node));
}
const PLACEHOLDER_PREFIX = "ods_relation_";
const placeholders = new Map();
/** `ods_relation_<16 hex of the id's SHA-256>`. */
function placeholderOf(id) {
    let placeholder = placeholders.get(id);
    if (placeholder === undefined) {
        placeholder = `${PLACEHOLDER_PREFIX}${sha256(id).slice(0, 16)}`;
        placeholders.set(id, placeholder);
    }
    return placeholder;
}
/** The rendered names the portable SQL replaces, with their placeholders, longest first (ties: node, then parents). */
function portableNames(graph, node) {
    const names = [];
    const own = node.node.relation.relationName;
    if (own)
        names.push([own, placeholderOf(node.id)]);
    for (const id of node.parents) {
        const relationName = graph.nodes.get(id)?.node.relation.relationName;
        if (relationName)
            names.push([relationName, placeholderOf(id)]);
    }
    names.sort((a, b) => b[0].length - a[0].length);
    return names;
}
/** Each name replaced everywhere by its placeholder, one name after the other. */
function replaceNames(text, names) {
    let out = text;
    for (const [name, placeholder] of names)
        out = out.split(name).join(placeholder);
    return out;
}
/** A word character of the normaliser ([A-Za-z0-9_]). */
function isWordCode(c) {
    return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
/**
 * The portable sql component from the tokens of the compiled SQL's
 * normalisation (the last one made), without normalising the portable text
 * again; null when that can't be shown to give the same digest, and the
 * caller normalises the portable text instead.
 *
 * It gives the same digest when every occurrence of a name that the
 * replacement replaces is a whole token of the normalised SQL: the
 * replacement then swaps that token for a word, and a word where a token
 * stood, with no `.`, word or quote touching it (tokens never border those),
 * tokenizes as one token and gives up nowhere the original didn't. Names
 * must start and end with a character that isn't a word character (quoted
 * names: `"db"."schema"."t"`) and not contain a placeholder, so that no
 * replacement can create an occurrence of a later name that isn't in the
 * compiled SQL. Anything else (unquoted names, a name inside a literal, a
 * comment or a longer token) returns null.
 */
function portableFromTokens(sql, normalised, names) {
    const { count, starts, ends, outStarts } = lastTokens();
    // Replaced regions of the compiled SQL, as token indexes, with their placeholders.
    const replaced = [];
    const claimedStart = [];
    const claimedEnd = [];
    for (const [name, placeholder] of names) {
        if (isWordCode(name.charCodeAt(0)) ||
            isWordCode(name.charCodeAt(name.length - 1)) ||
            name.includes(PLACEHOLDER_PREFIX)) {
            return null;
        }
        const earlier = claimedStart.length;
        // split(): left to right, non-overlapping, in the text earlier names left.
        let nextFree = 0;
        for (let at = sql.indexOf(name); at !== -1; at = sql.indexOf(name, at + 1)) {
            const end = at + name.length;
            let gone = false;
            for (let k = 0; k < earlier; k++) {
                if (claimedStart[k] < end && at < claimedEnd[k]) {
                    gone = true;
                    break;
                }
            }
            if (gone || at < nextFree)
                continue;
            const token = tokenStartingAt(starts, count, at);
            if (token < 0 || ends[token] !== end)
                return null;
            replaced.push([token, placeholder]);
            claimedStart.push(at);
            claimedEnd.push(end);
            nextFree = end;
        }
    }
    if (replaced.length === 0)
        return sha256Of(NORMALISED_PREFIX, normalised);
    replaced.sort((a, b) => a[0] - b[0]);
    const parts = [NORMALISED_PREFIX];
    let copied = 0;
    for (const [token, placeholder] of replaced) {
        const out = outStarts[token];
        parts.push(normalised.subarray(copied, out), placeholder);
        copied = out + (ends[token] - starts[token]);
    }
    parts.push(normalised.subarray(copied));
    return sha256Of(...parts);
}
/** The index of the token that starts at `position`, or -1 (tokens are in input order). */
function tokenStartingAt(starts, count, position) {
    let low = 0;
    let high = count - 1;
    while (low <= high) {
        const mid = (low + high) >>> 1;
        const start = starts[mid];
        if (start === position)
            return mid;
        if (start < position)
            low = mid + 1;
        else
            high = mid - 1;
    }
    return -1;
}
function checksumIssue(n) {
    const checksum = n.checksum;
    if (checksum === null || checksum.name === "none" || checksum.value === "")
        return "no content checksum";
    if (checksum.name === "path")
        return "dbt recorded only a path checksum (files over 1 MiB), not the content";
    return null;
}
/** Why a SQL model keeps its file component (impure Jinja or no raw code), or null. */
function impurity(n, ephemerals) {
    for (const x of [n, ...ephemerals]) {
        const whose = x === n ? "its" : `ephemeral model \`${x.name}\`'s`;
        if (x.rawCode === null)
            return `${whose} raw code is not recorded`;
        const purity = checkJinjaPurity(x.rawCode);
        if (!purity.pure)
            return `${whose} Jinja may run SQL the compiled code doesn't show (${purity.reason})`;
    }
    return null;
}
function contractOf(n) {
    if (!n.contract?.enforced)
        return { enforced: false };
    return {
        enforced: true,
        alias_types: n.contract.aliasTypes,
        columns: n.columns.map((column) => ({
            name: column.name,
            data_type: column.dataType,
            constraints: column.constraints,
        })),
        constraints: n.constraints,
    };
}
/**
 * ADR-0013 #218: a node with hooks reads the environment when a hook, or a
 * project or package macro it uses, mentions var, env_var, target, flags,
 * builtins, context, run_query or statement.
 */
function environmentReads(n, userMacros, macros) {
    if (n.preHooks.length === 0 && n.postHooks.length === 0)
        return [];
    const reads = [];
    const hooks = [
        ...n.preHooks.map((hook, i) => ({ where: `pre-hook ${i + 1}`, sql: hook.sql })),
        ...n.postHooks.map((hook, i) => ({ where: `post-hook ${i + 1}`, sql: hook.sql })),
    ];
    for (const hook of hooks) {
        const names = scanEnvironmentReads(hook.sql);
        if (names.length > 0)
            reads.push({ where: hook.where, names });
    }
    for (const id of userMacros) {
        const names = scanEnvironmentReads(macros.get(id).macroSql);
        if (names.length > 0)
            reads.push({ where: `macro ${id}`, names });
    }
    return reads;
}

;// CONCATENATED MODULE: ./src/dbt/fingerprint/project-fingerprints.ts





function fingerprintProject(graph) {
    const macros = new MacroIndex(graph.macros, graph.metadata.adapterType);
    const result = new Map();
    for (const id of graph.order) {
        const node = graph.nodes.get(id);
        const parts = fingerprintNode(graph, node, macros);
        const fingerprint = makeFingerprint(parts.components);
        // The components without `relation`, the sql one on the portable SQL.
        const codeComponents = {};
        for (const name in fingerprint.components) {
            if (name !== "relation")
                codeComponents[name] = fingerprint.components[name];
        }
        if (parts.portableSql !== null)
            codeComponents.sql = parts.portableSql;
        const parentKeys = node.parents.map((parent) => [parent, result.get(parent).versionKey]);
        const sourceKeys = node.sources.map((sourceId) => {
            const relation = graph.sources.get(sourceId)?.source.relation;
            return [sourceId, relation ? [relation.database, relation.schema, relation.identifier] : null];
        });
        const unknown = node.unknownParents.map((parent) => parent.id);
        const versionKey = sha256(canonicalJson({ components: codeComponents, parents: parentKeys, sources: sourceKeys, unknown }));
        result.set(id, {
            id,
            fingerprint,
            versionKey,
            complete: parts.incomplete.length === 0,
            incomplete: parts.incomplete,
            environmentReads: parts.environmentReads,
            rawDigest: parts.rawDigest,
            normaliserGaveUp: parts.normaliserGaveUp,
            fileReason: parts.fileReason,
            portableSql: parts.portableSql,
        });
    }
    return result;
}

;// CONCATENATED MODULE: ./src/dbt/graph.ts
/**
 * The project graph ODS plans over, built from a loaded manifest.
 *
 * - Planned nodes: models (SQL and Python), seeds and snapshots. Ephemeral
 *   models, analyses, operations and tests are not planned.
 * - Ephemeral models are inlined into their readers' compiled SQL, so a reader
 *   depends on the ephemeral model's parents instead, transitively; each node
 *   lists the ephemeral models it passes through (their code and macros are
 *   part of what it builds).
 * - A parent that is neither a planned node, an ephemeral model nor a source
 *   (absent from the manifest, or a function, analysis, …) is kept as an
 *   unknown parent: the planner builds such a node (ADR-0013 rule 6).
 * - Data tests and unit tests are checks attached to every node, source or
 *   ephemeral model they read.
 * - A dependency cycle is `UserError("graph_cycle")` naming its nodes in order.
 *
 * Deterministic: every map and list is ordered by unique_id (code-unit
 * order, not locale), except `order`, which is by DAG depth, then id.
 * Exposures, metrics, semantic models and saved queries are not part of it.
 */

const PLANNED = new Set(["model", "seed", "snapshot"]);
/** True for a model whose materialization is `ephemeral`. */
function isEphemeral(node) {
    return node.resourceType === "model" && node.materialized === "ephemeral";
}
function sortedIds(map) {
    return [...map.keys()].sort();
}
function uniqueSorted(ids) {
    return [...new Set(ids)].sort();
}
function freeze(w) {
    return {
        parents: [...w.parents].sort(),
        sources: [...w.sources].sort(),
        unknownParents: [...w.unknown.keys()]
            .sort()
            .map((id) => ({ id, resourceType: w.unknown.get(id) ?? null })),
        ephemerals: [...w.ephemerals].sort(),
    };
}
/**
 * Orders the model/seed/snapshot nodes (ephemeral included) so that every
 * node comes after the nodes it depends on, or throws `graph_cycle` naming
 * the first cycle found (deterministically: ids and edges in sorted order).
 */
function topologicalOrder(nodes, ids, file) {
    const edges = new Map();
    for (const id of ids) {
        const deps = nodes.get(id)?.dependsOn.nodes ?? [];
        edges.set(id, uniqueSorted(deps.filter((d) => nodes.has(d))));
    }
    const state = new Map(); // 1: on the stack, 2: done
    const order = [];
    for (const root of ids) {
        if (state.has(root))
            continue;
        // Iterative DFS: [id, index of the next edge to follow].
        const stack = [[root, 0]];
        state.set(root, 1);
        while (stack.length > 0) {
            const top = stack[stack.length - 1];
            const [id, next] = top;
            const out = edges.get(id) ?? [];
            if (next < out.length) {
                top[1] = next + 1;
                const dep = out[next];
                const s = state.get(dep);
                if (s === undefined) {
                    state.set(dep, 1);
                    stack.push([dep, 0]);
                }
                else if (s === 1) {
                    throw cycleError(stack.map(([n]) => n), dep, file);
                }
            }
            else {
                stack.pop();
                state.set(id, 2);
                order.push(id);
            }
        }
    }
    return order;
}
/**
 * `path` is the DFS stack (each node depends on the next); `back` is on it
 * and the last node depends on it. The cycle is reported in data-flow order
 * (each node is read by the next, as dbt prints it), starting at its
 * smallest id.
 */
function cycleError(path, back, file) {
    const members = path.slice(path.indexOf(back));
    const flow = [...members].reverse(); // now each node is read by the next, and the last is read by the first
    let start = 0;
    for (let i = 1; i < flow.length; i += 1) {
        if (flow[i] < flow[start])
            start = i;
    }
    const cycle = [...flow.slice(start), ...flow.slice(0, start)];
    const shown = [...cycle, cycle[0]].join(" → ");
    return new user_error/* UserError */.yo("graph_cycle", `${file} has a dependency cycle between ${cycle.length === 1 ? "a node and itself" : `${cycle.length} nodes`}: ${shown} (each is read by the next).`, { file });
}
/**
 * Builds the project graph. Throws `UserError("graph_cycle")` when models,
 * seeds and snapshots (ephemeral models included) depend on each other in a
 * cycle.
 */
function buildGraph(manifest) {
    const all = manifest.nodes;
    const allIds = sortedIds(all);
    const topo = topologicalOrder(all, allIds, manifest.file);
    const kindOf = (id) => manifest.dataTests.has(id)
        ? "test"
        : manifest.unitTests.has(id)
            ? "unit_test"
            : (manifest.otherNodes.get(id)?.resourceType ?? null);
    const resolvedEphemeral = new Map();
    const resolvedPlanned = new Map();
    const depth = new Map();
    // Parents come before readers in `topo`, so one pass resolves everything.
    for (const id of topo) {
        const node = all.get(id);
        const w = { parents: new Set(), sources: new Set(), unknown: new Map(), ephemerals: new Set() };
        for (const dep of node.dependsOn.nodes) {
            const parent = all.get(dep);
            if (parent !== undefined) {
                const inlined = resolvedEphemeral.get(dep);
                if (inlined !== undefined) {
                    w.ephemerals.add(dep);
                    for (const x of inlined.parents)
                        w.parents.add(x);
                    for (const x of inlined.sources)
                        w.sources.add(x);
                    for (const [x, t] of inlined.unknown)
                        w.unknown.set(x, t);
                    for (const x of inlined.ephemerals)
                        w.ephemerals.add(x);
                }
                else {
                    w.parents.add(dep);
                }
            }
            else if (manifest.sources.has(dep)) {
                w.sources.add(dep);
            }
            else {
                w.unknown.set(dep, kindOf(dep));
            }
        }
        if (isEphemeral(node)) {
            resolvedEphemeral.set(id, w);
        }
        else {
            resolvedPlanned.set(id, w);
            let d = 0;
            for (const p of w.parents)
                d = Math.max(d, (depth.get(p) ?? 0) + 1);
            depth.set(id, d);
        }
    }
    // Checks, in id order, so every list they are added to stays sorted.
    const checks = new Map();
    const checkIds = [...manifest.dataTests.keys(), ...manifest.unitTests.keys()].sort();
    const checksOf = new Map();
    for (const id of checkIds) {
        const dataTest = manifest.dataTests.get(id);
        const unitTest = manifest.unitTests.get(id);
        const reads = uniqueSorted((dataTest ?? unitTest)?.dependsOn.nodes ?? []);
        if (dataTest !== undefined)
            checks.set(id, { id, kind: "data_test", test: dataTest, reads });
        else if (unitTest !== undefined)
            checks.set(id, { id, kind: "unit_test", test: unitTest, reads });
        for (const target of reads) {
            if (all.has(target) || manifest.sources.has(target)) {
                let list = checksOf.get(target);
                if (list === undefined) {
                    list = [];
                    checksOf.set(target, list);
                }
                list.push(id);
            }
        }
    }
    // Children and readers, in id order.
    const plannedIds = allIds.filter((id) => resolvedPlanned.has(id));
    const children = new Map();
    const sourceReaders = new Map();
    const ephemeralReaders = new Map();
    const push = (map, key, value) => {
        const list = map.get(key);
        if (list === undefined)
            map.set(key, [value]);
        else
            list.push(value);
    };
    const frozen = new Map();
    for (const id of plannedIds) {
        const inputs = freeze(resolvedPlanned.get(id));
        frozen.set(id, inputs);
        for (const p of inputs.parents)
            push(children, p, id);
        for (const s of inputs.sources)
            push(sourceReaders, s, id);
        for (const e of inputs.ephemerals)
            push(ephemeralReaders, e, id);
    }
    const NONE = Object.freeze([]);
    const nodes = new Map();
    for (const id of plannedIds) {
        nodes.set(id, {
            id,
            node: all.get(id),
            ...frozen.get(id),
            children: children.get(id) ?? NONE,
            checks: checksOf.get(id) ?? NONE,
            depth: depth.get(id) ?? 0,
        });
    }
    const ephemerals = new Map();
    for (const id of allIds) {
        const w = resolvedEphemeral.get(id);
        if (w === undefined)
            continue;
        ephemerals.set(id, {
            id,
            node: all.get(id),
            ...freeze(w),
            readers: ephemeralReaders.get(id) ?? NONE,
            checks: checksOf.get(id) ?? NONE,
        });
    }
    const sources = new Map();
    for (const id of sortedIds(manifest.sources)) {
        sources.set(id, {
            id,
            source: manifest.sources.get(id),
            readers: sourceReaders.get(id) ?? NONE,
            checks: checksOf.get(id) ?? NONE,
        });
    }
    const order = [...plannedIds].sort((a, b) => {
        const da = depth.get(a) ?? 0;
        const db = depth.get(b) ?? 0;
        return da !== db ? da - db : a < b ? -1 : a > b ? 1 : 0;
    });
    return {
        file: manifest.file,
        metadata: manifest.metadata,
        nodes,
        order,
        ephemerals,
        sources,
        checks,
        macros: manifest.macros,
        manifest,
    };
}
/**
 * Every macro reachable from `roots` through `dependsOn.macros`, sorted, and
 * the ids referenced (roots included) that the manifest does not have.
 */
function macroClosure(macros, roots) {
    const seen = new Set();
    const missing = new Set();
    const queue = [];
    for (const root of roots) {
        if (!seen.has(root)) {
            seen.add(root);
            queue.push(root);
        }
    }
    while (queue.length > 0) {
        const id = queue.pop();
        const macro = macros.get(id);
        if (macro === undefined) {
            missing.add(id);
            continue;
        }
        for (const dep of macro.dependsOn.macros) {
            if (!seen.has(dep)) {
                seen.add(dep);
                queue.push(dep);
            }
        }
    }
    return {
        ids: [...seen].filter((id) => !missing.has(id)).sort(),
        missing: [...missing].sort(),
    };
}
/** Whether a manifest node is planned (a model that is not ephemeral, a seed or a snapshot). */
function isPlanned(node) {
    return PLANNED.has(node.resourceType) && !isEphemeral(node);
}

;// CONCATENATED MODULE: ./src/dbt/load-project.ts
/**
 * From the text of a manifest to what planning needs: the loaded manifest,
 * the project graph and every planned node's fingerprint. Parses once.
 */



function loadProject(manifestText, file) {
    const manifest = loadManifest(manifestText, file);
    const graph = buildGraph(manifest);
    return { manifest, graph, fingerprints: fingerprintProject(graph) };
}

;// CONCATENATED MODULE: ./src/files/read-text-file.ts


/**
 * Reads a UTF-8 text file named by a flag or an input, with errors that name
 * the file and the flag or input it came from.
 */
function readTextFile(file, from) {
    let stats;
    try {
        stats = (0,external_node_fs_.statSync)(file);
    }
    catch (error) {
        const code = error.code;
        if (code === "ENOENT" || code === "ENOTDIR") {
            throw new user_error/* UserError */.yo("file_missing", `${file} (given by ${from}) does not exist.`, {
                file,
                input: from,
            });
        }
        throw new user_error/* UserError */.yo("file_unreadable", `${file} (given by ${from}) cannot be read: ${code ?? String(error)}.`, {
            file,
            input: from,
        });
    }
    if (stats.isDirectory()) {
        throw new user_error/* UserError */.yo("file_unreadable", `${file} (given by ${from}) is a directory, not a file.`, {
            file,
            input: from,
        });
    }
    try {
        return (0,external_node_fs_.readFileSync)(file, "utf8");
    }
    catch (error) {
        const code = error.code;
        throw new user_error/* UserError */.yo("file_unreadable", `${file} (given by ${from}) cannot be read: ${code ?? String(error)}.`, {
            file,
            input: from,
        });
    }
}

;// CONCATENATED MODULE: ./src/cli/project-inputs.ts
/**
 * Reading what the plan and record commands need from files named by flags:
 * the manifest (parsed once), run_results.json, sources.json, and the state
 * database. The pure core gets text and data; this is the file edge.
 */








const DEFAULT_ENVIRONMENT = "prod";
const DEFAULT_STATE = ".ods/state.db";
function resolveFlagPath(context, value, fallback) {
    return external_node_path_default().resolve(context.cwd, value ?? fallback);
}
function readProject(context, manifest) {
    const file = resolveFlagPath(context, manifest, "target/manifest.json");
    return loadProject(readTextFile(file, "--manifest"), file);
}
function readRunResults(context, value) {
    const file = resolveFlagPath(context, value, "target/run_results.json");
    return loadRunResults(readTextFile(file, "--run-results"), file);
}
function readSourcesIfGiven(context, value) {
    if (value === undefined)
        return null;
    const file = resolveFlagPath(context, value, value);
    return loadSources(readTextFile(file, "--sources"), file);
}
function scopeOf(project, environment) {
    const name = project.manifest.metadata.projectName;
    if (!name) {
        throw new user_error/* UserError */.yo("artifact_invalid", `${project.manifest.file} has no project name (metadata.project_name).`, {
            file: project.manifest.file,
            hint: "Regenerate the manifest with `dbt compile`; ODS keeps state per project and can't share it between unrelated projects.",
        });
    }
    return { project: name, environment: environment ?? DEFAULT_ENVIRONMENT };
}
function targetOf(project, scope, target) {
    return {
        name: target ?? scope.environment,
        adapter_type: project.manifest.metadata.adapterType ?? "unknown",
    };
}
/** Opens the state database for reading; undefined when the file doesn't exist (plan never creates it). */
async function openExistingState(context, file) {
    if (!(0,external_node_fs_.existsSync)(file))
        return undefined;
    return SqliteStateStore.open(file, {
        driver: context.sqliteDriver,
        create: false,
        log: (line) => context.stderr(`${line}\n`),
    });
}
async function openStateForWriting(context, file) {
    return SqliteStateStore.open(file, {
        driver: context.sqliteDriver,
        log: (line) => context.stderr(`${line}\n`),
    });
}

;// CONCATENATED MODULE: ./src/cli/commands/diff.ts



const diffCommand = {
    name: "diff",
    summary: "component diff of a node's fingerprint between the state and the manifest",
    usage: ["diff NODE --manifest PATH [--state DB] [--environment NAME]"],
    optionHelp: {
        manifest: "dbt's manifest.json; default target/manifest.json",
        state: `the state database; default ${DEFAULT_STATE}`,
        environment: "the state scope's environment; default prod",
    },
    options: { manifest: { type: "string" }, state: { type: "string" }, environment: { type: "string" } },
    positionals: { name: "NODE (a name or unique_id)", required: true },
    examples: ["ods-state diff stg_orders --manifest target/manifest.json"],
    async run(values, positionals, context) {
        const project = readProject(context, values.manifest);
        const scope = scopeOf(project, values.environment);
        const wanted = positionals[0];
        const matches = [...project.graph.nodes.values()].filter((node) => node.id === wanted || node.node.name === wanted);
        if (matches.length !== 1) {
            throw new user_error/* UserError */.yo("usage", matches.length === 0
                ? `No planned node is called \`${wanted}\` in ${project.manifest.file}.`
                : `\`${wanted}\` names ${matches.length} nodes: ${matches.map((m) => m.id).join(", ")}.`, { hint: "Give a model, seed or snapshot name or its unique_id." });
        }
        const id = matches[0].id;
        const current = project.fingerprints.get(id);
        const store = await openExistingState(context, resolveFlagPath(context, values.state, DEFAULT_STATE));
        const latest = store ? await store.latest(scope) : undefined;
        await store?.close();
        const recorded = latest?.snapshot.nodes[id];
        if (!recorded) {
            context.stdout(`${id}: no recorded build in ${scope.project}/${scope.environment}; every component is new.\n`);
            return 0;
        }
        const diff = diffFingerprints(recorded.fingerprint, current.fingerprint);
        const lines = [`${id}: recorded by run ${recorded.run_id} at ${recorded.built_at}`];
        for (const name of [
            ...new Set([
                ...Object.keys(recorded.fingerprint.components),
                ...Object.keys(current.fingerprint.components),
            ]),
        ].sort()) {
            const before = recorded.fingerprint.components[name];
            const after = current.fingerprint.components[name];
            const status = before === undefined
                ? "added"
                : after === undefined
                    ? "removed"
                    : before === after
                        ? "same"
                        : "changed";
            lines.push(`  ${name.padEnd(14)} ${status.padEnd(8)} ${(before ?? "-").slice(0, 12)} → ${(after ?? "-").slice(0, 12)}`);
        }
        const changed = diff.changed.length + diff.added.length + diff.removed.length;
        lines.push(changed === 0
            ? "The fingerprint is unchanged."
            : `${changed} component${changed === 1 ? "" : "s"} differ.`);
        if (changed === 0 &&
            recorded.raw_digest &&
            current.rawDigest &&
            recorded.raw_digest !== current.rawDigest) {
            lines.push("The raw code differs: only formatting changed.");
        }
        context.stdout(`${lines.join("\n")}\n`);
        return 0;
    },
};

;// CONCATENATED MODULE: ./src/cli/commands/doctor.ts


const doctorCommand = {
    name: "doctor",
    summary: "check the state database and say what is wrong and what to do (exit 1 when damaged)",
    usage: ["doctor [--state PATH] [--quick]"],
    optionHelp: {
        state: STATE_OPTION_HELP,
        quick: "SQLite's quick_check instead of the full integrity_check (faster on large files)",
    },
    options: { ...STATE_OPTION, quick: { type: "boolean" } },
    examples: ["ods-state doctor", "ods-state doctor --state .ods/state.db --quick"],
    async run(values, _positionals, context) {
        const file = stateFile(values, context);
        const inspection = await inspectStateFile(file, { driver: context.sqliteDriver, full: !values.quick });
        const { report } = inspection;
        const lines = [];
        if (!inspection.exists && report.problems.length === 0) {
            lines.push(`There is no state database at ${shown(file, context)}: nothing to check.`, "Without state every node is built; the next run that records state creates the file.", "If state was expected here, check --state, or restore a backup (see below and docs/state-recovery.md).");
        }
        else {
            const facts = inspection.exists
                ? `${formatBytes(inspection.bytes)}${inspection.walBytes > 0 ? ` + ${formatBytes(inspection.walBytes)} write-ahead log` : ""}${report.layout_version === undefined ? "" : `, layout ${report.layout_version}`}`
                : "missing";
            lines.push(`Checked ${shown(file, context)} (${facts}): ${count(report.scopes, "scope")}, ${count(report.snapshots, "snapshot")}, ${count(report.runs, "run")}.`);
            const errors = report.problems.filter((problem) => problem.severity === "error");
            const warnings = report.problems.filter((problem) => problem.severity === "warning");
            if (report.problems.length === 0)
                lines.push("No problems found.");
            else if (errors.length > 0)
                lines.push(`The state is damaged: ${errors.length} error${errors.length === 1 ? "" : "s"}, ${warnings.length} warning${warnings.length === 1 ? "" : "s"}.`);
            else
                lines.push(`The state is sound: ${warnings.length} warning${warnings.length === 1 ? "" : "s"}.`);
            for (const problem of report.problems) {
                lines.push("", `${problem.severity}: ${problem.subject}`, `  ${problem.message}`, `  what to do: ${problem.action}`);
            }
        }
        if (inspection.backups.length > 0) {
            lines.push("", "Backups next to it (newest first):");
            for (const backup of inspection.backups) {
                lines.push(`  ${shown(backup.path, context)}  ${formatBytes(backup.bytes)}  ${backup.modified.toISOString()}`);
            }
            if (!report.ok) {
                lines.push(`To restore one: ods-state reset --state ${shown(file, context)} (moves the damaged file aside), then copy the backup to ${shown(file, context)}.`);
            }
        }
        context.stdout(`${lines.join("\n")}\n`);
        return report.ok ? 0 : 1;
    },
};

;// CONCATENATED MODULE: ./src/comment/markdown-escape.ts
/**
 * Escaping for everything the comment shows that came from the manifest, the
 * state or the planner's messages: node names, paths, schemas, SQL, messages.
 * All of it is untrusted. Pure string functions; the rules, per context:
 *
 * - Every string is first normalised (`cleanText`): line breaks and tabs
 *   become spaces, other control characters and the bidirectional overrides
 *   (Trojan Source) become U+FFFD, and it is cut to a length (by code point,
 *   never inside a surrogate pair) with "…".
 * - Markdown text (`mdText`) and inline code (`mdCode`): `& < >` and the
 *   backtick and `$` (GitHub math) become entities; `\ * _ [ ] | ~` are
 *   backslash-escaped (`|` also inside tables). `@` is followed by a
 *   zero-width joiner in text, so `@org/team` can't mention anyone; inside
 *   `<code>` it is `&#64;`, which GitHub never turns into a mention there
 *   (its mention filter skips code) and which copies back as `@`. `#` is
 *   followed by a zero-width joiner in text, so `#12` can't cross-reference an
 *   issue. Inline code is the `<code>` element, not backticks: inside a
 *   backtick span nothing can be escaped, so an `<img …>` in a name would stay
 *   raw in the markdown (harmless to GitHub, but then the markdown is only as
 *   safe as every renderer it is pasted into).
 * - Code blocks (`codeBlock`): a fenced block when the text only has
 *   characters from a short allow-list (so it gets highlighting and GitHub's
 *   copy button); otherwise `<pre><code>` with every other character as an
 *   entity. Line breaks are kept there.
 * - The hidden marker (`markerToken`): percent-encoding of everything but
 *   `[A-Za-z0-9_.-]`, so it can't hold `-->` and is injective (project `a`
 *   never matches the marker of project `a b`).
 * - Mermaid labels (`mermaidLabel`): everything outside `[A-Za-z0-9 _.,:/-]`
 *   becomes mermaid's `#<decimal>;` entity, so quotes, brackets, `#`, `;`,
 *   backticks and `<` can't leave the label or the code fence.
 * - Links (`safeUrl`): only `https://` (or `http://`) URLs without spaces,
 *   quotes, angle brackets, backticks or parentheses; anything else is dropped.
 */
/** Longest name shown (code points); longer names end in "…". */
const MAX_NAME = 120;
/** Longest message shown (code points). */
const MAX_MESSAGE = 400;
const LINE_BREAK = /\r\n|[\n\r\t\v\f\u0085\u2028\u2029]/g;
// C0 and C1 controls (ESC included: no terminal escapes), DEL, bidi marks,
// embeddings, overrides and isolates, the BOM.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
/** One line of plain text: no line breaks or control characters, at most `max` code points. */
function cleanText(text, max = MAX_MESSAGE) {
    const flat = text.replace(LINE_BREAK, " ").replace(UNSAFE, "\ufffd");
    return truncate(flat, max);
}
/** Cuts to `max` code points, ending in "…" when cut. Never splits a surrogate pair. */
function truncate(text, max) {
    if (text.length <= max)
        return text;
    const points = Array.from(text);
    if (points.length <= max)
        return text;
    return points.slice(0, Math.max(1, max - 1)).join("") + "…";
}
const ZWJ = "\u200d";
const TEXT_ESCAPES = {
    "&": "&amp;",
    "<": "&lt;",
    ">": "&gt;",
    "`": "&#96;",
    $: "&#36;",
    "\\": "\\\\",
    "*": "\\*",
    _: "\\_",
    "[": "\\[",
    "]": "\\]",
    "|": "\\|",
    "~": "\\~",
    "@": `@${ZWJ}`,
    "#": `#${ZWJ}`,
};
const CODE_ESCAPES = { ...TEXT_ESCAPES, "@": "&#64;", "#": "&#35;" };
const TEXT_SPECIAL = /[&<>`$\\*_[\]|~@#]/g;
/** Untrusted text inside markdown prose (not at the start of a line). */
function mdText(text, max = MAX_MESSAGE) {
    return cleanText(text, max).replace(TEXT_SPECIAL, (c) => TEXT_ESCAPES[c]);
}
/** Untrusted text as inline code: `<code>…</code>` with its content escaped. */
function mdCode(text, max = MAX_NAME) {
    return `<code>${cleanText(text, max).replace(TEXT_SPECIAL, (c) => CODE_ESCAPES[c])}</code>`;
}
/**
 * A planner message, where names are in backticks: text parts as `mdText`,
 * backticked parts as `mdCode`. A name that itself holds backticks splits
 * wrongly, but every part is escaped either way.
 */
function mdMessage(message, max = MAX_MESSAGE) {
    return splitBackticks(cleanText(message, max))
        .map((part) => (typeof part === "string" ? escapeCleanText(part) : mdCodeClean(part.code)))
        .join("");
}
function escapeCleanText(text) {
    return text.replace(TEXT_SPECIAL, (c) => TEXT_ESCAPES[c]);
}
function mdCodeClean(text) {
    return `<code>${text.replace(TEXT_SPECIAL, (c) => CODE_ESCAPES[c])}</code>`;
}
/** Text and code parts of a message that marks names with backticks. */
function splitBackticks(message) {
    const parts = [];
    const pieces = message.split("`");
    // An odd number of backticks leaves the last piece unclosed: it is text.
    const closed = pieces.length % 2 === 1 ? pieces.length : pieces.length - 1;
    for (let i = 0; i < pieces.length; i++) {
        const piece = pieces[i];
        if (i % 2 === 1 && i < closed)
            parts.push({ code: piece });
        else if (piece !== "")
            parts.push(i % 2 === 1 ? "`" + piece : piece);
    }
    return parts;
}
// Characters a fenced code block may show as they are. Everything else (the
// backtick, `<`, `>`, `&`, `@`, `|`, `[`, `]`, `#`, `$`, `\`, non-ASCII…)
// sends the block through <pre> with entities.
const FENCE_SAFE = /^[A-Za-z0-9 _\-.,:;=+*/'"(){}%!?\n]*$/;
/**
 * An untrusted text as a code block; other control characters become U+FFFD.
 * With `multiline` (an example query), line breaks are kept as lines; without
 * it (a shell command, where a line break can only come from a name), a line
 * break sends the text through <pre>, as the entity `&#10;`: it shows as a
 * break and is copied as one, but the markdown never gets an untrusted line.
 */
function codeBlock(text, language = "", max = 20_000, multiline = true) {
    const lines = text
        .replace(/\r\n?/g, "\n")
        .split("\n")
        .map((line) => line.replace(UNSAFE, "\ufffd").replace(/[\t\v\f\u0085\u2028\u2029]/g, " "));
    const body = truncate(lines.join("\n"), max);
    if (FENCE_SAFE.test(body) && (multiline || !body.includes("\n")))
        return "```" + language + "\n" + body + "\n```";
    const escaped = Array.from(body)
        .map((c) => (c === "\n" && multiline) || /[A-Za-z0-9 _\-.,:;=+/'"(){}%!?]/.test(c) ? c : `&#${c.codePointAt(0)};`)
        .join("");
    return `<pre><code>${escaped}</code></pre>`;
}
/** The project as it appears in the hidden marker: percent-encoded, never `-->`. */
function markerToken(text) {
    return Array.from(new TextEncoder().encode(text))
        .map((byte) => {
        const c = String.fromCharCode(byte);
        return /[A-Za-z0-9_.-]/.test(c) && byte < 128
            ? c
            : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    })
        .join("");
}
const MERMAID_SAFE = /[A-Za-z0-9 _.,:/-]/;
/** Untrusted text as the inside of a quoted mermaid label. */
function mermaidLabel(text, max = 60) {
    return Array.from(cleanText(text, max))
        .map((c) => (MERMAID_SAFE.test(c) ? c : `#${c.codePointAt(0)};`))
        .join("");
}
/** The URL when it is a plain http(s) URL that can't break a markdown link; otherwise undefined. */
function safeUrl(url) {
    if (url === undefined)
        return undefined;
    return /^https?:\/\/[^\s<>"'`()[\]\\]+$/.test(url) && url.length <= 2000 ? url : undefined;
}

;// CONCATENATED MODULE: ./src/state/plan.ts
/** Version of the plan document (`ods-state plan --format json`, the action's plan file). */
const PLAN_SCHEMA_VERSION = "1.0";
/** Stable reason codes. A BUILD reason is `code` class (the output may change shape) or `data` class. */
const BUILD_REASONS = {
    no_state: "code",
    target_changed: "code",
    never_built: "code",
    code_incomplete: "code",
    scheme_changed: "code",
    code_changed: "code",
    parent_code_changed: "code",
    unknown_parent: "code",
    hook_reads_environment: "data",
    no_declared_inputs: "data",
    policy_unmet: "data",
    missing_data_evidence: "data",
    new_upstream_data: "data",
};
const REUSE_REASONS = (/* unused pure expression or super */ null && ([
    "unchanged",
    "formatting_only",
    "within_lag_tolerance",
    "quorum_not_met",
]));

;// CONCATENATED MODULE: ./src/comment/words.ts
/**
 * Words: a sentence as text parts and code parts (names), so that one
 * phrasing renders to markdown (names as escaped `<code>`) and to plain text
 * (names in backticks, control characters removed) alike. Plus the formats
 * of durations, times and counts both renderers share. Pure.
 */

function code(text) {
    return { code: text };
}
/** A planner message as words: its backticked parts are names. */
function messageWords(message) {
    return splitBackticks(message);
}
function wordsToMarkdown(words) {
    return words.map((w) => (typeof w === "string" ? mdText(w) : mdCode(w.code))).join("");
}
function wordsToPlain(words) {
    return words
        .map((w) => (typeof w === "string" ? cleanText(w) : "`" + cleanText(w.code, MAX_NAME) + "`"))
        .join("");
}
/** `a`, `a and b`, `a, b and c`; past `limit` items, `a, b and 3 more`. */
function joinWords(items, limit = 3, conjunction = "and") {
    const shown = items.length > limit ? items.slice(0, limit - 1) : items;
    const rest = items.length - shown.length;
    const out = [];
    shown.forEach((item, i) => {
        if (i > 0)
            out.push(i === shown.length - 1 && rest === 0 ? ` ${conjunction} ` : ", ");
        out.push(...item);
    });
    if (rest > 0)
        out.push(` ${conjunction} ${rest} more`);
    return out;
}
/** `1,234` */
function formatCount(n) {
    return n.toLocaleString("en-US");
}
/** `1 node`, `2 nodes` */
function plural(n, one, many = `${one}s`) {
    return `${formatCount(n)} ${n === 1 ? one : many}`;
}
/** A duration in words: `under 1 s`, `42 s`, `4 min 10 s`, `12 min`, `1 h 5 min`. */
function formatDuration(seconds) {
    if (!Number.isFinite(seconds) || seconds < 0)
        return "unknown";
    if (seconds < 1)
        return "under 1 s";
    const s = Math.round(seconds);
    if (s < 60)
        return `${s} s`;
    if (s < 600) {
        const m = Math.floor(s / 60);
        const rest = s % 60;
        return rest === 0 ? `${m} min` : `${m} min ${rest} s`;
    }
    const minutes = Math.round(s / 60);
    if (minutes < 60)
        return `${minutes} min`;
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
/** An ISO 8601 time as `2025-03-01 06:12 UTC`; anything unparsable as given (cleaned). */
function formatTime(iso) {
    const ms = Date.parse(iso);
    if (Number.isNaN(ms))
        return cleanText(iso, 40);
    const d = new Date(ms).toISOString();
    return `${d.slice(0, 10)} ${d.slice(11, 16)} UTC`;
}
/** `in 2 h 10 min` / `2 h ago` between two ISO times, or undefined when either is unparsable. */
function formatRelative(at, now) {
    const a = Date.parse(at);
    const b = Date.parse(now);
    if (Number.isNaN(a) || Number.isNaN(b))
        return undefined;
    const delta = (a - b) / 1000;
    if (Math.abs(delta) < 60)
        return "now";
    return delta > 0 ? `in ${formatDuration(delta)}` : `${formatDuration(-delta)} ago`;
}
/** The first 7 characters of a commit sha (cleaned). */
function shortSha(sha) {
    return cleanText(sha, 40).slice(0, 7);
}

;// CONCATENATED MODULE: ./src/comment/reason-phrases.ts


/** The fingerprint components (scheme dbt/2) as a reviewer says them. */
const COMPONENT_LABELS = {
    scheme: "fingerprint scheme",
    sql: "compiled SQL",
    file: "file",
    compiled_code: "compiled Python code",
    config: "config",
    macros: "macros it uses",
    contract: "contract",
    relation: "target relation",
    engine: "dbt version or adapter",
};
/**
 * The names the hook scan reports (src/dbt/hook-scan.ts ENVIRONMENT_NAMES;
 * kept here so comment/ depends only on state/, and a test keeps them equal).
 */
const HOOK_ENVIRONMENT_NAMES = [
    "builtins",
    "context",
    "env_var",
    "flags",
    "run_query",
    "statement",
    "target",
    "var",
];
/** Codes whose planner message says more than any phrasing from data could. */
const MESSAGE_FIRST = new Set([
    "code_incomplete",
    "policy_unmet",
    "missing_data_evidence",
    "target_changed",
]);
const RESOURCE_PREFIXES = ["model.", "seed.", "snapshot.", "analysis.", "test.", "unit_test.", "operation."];
/** A unique id as a reviewer reads it: `stg_orders`, `pkg.model`, `raw.orders` for a source. */
function displayId(id, project) {
    if (id.startsWith("source.")) {
        const parts = id.split(".");
        return parts.length > 3 ? parts.slice(2).join(".") : id;
    }
    const prefix = RESOURCE_PREFIXES.find((p) => id.startsWith(p));
    if (!prefix)
        return id;
    const rest = id.slice(prefix.length);
    const dot = rest.indexOf(".");
    if (dot < 0)
        return rest;
    const pkg = rest.slice(0, dot);
    const name = rest.slice(dot + 1);
    return pkg === project ? name : `${pkg}.${name}`;
}
/** An entry's name as shown: its name, `.vN` for a model version, the package when it isn't the project's. */
function entryLabel(entry, project) {
    let name = entry.name;
    const version = /\.v(\d+)$/.exec(entry.unique_id);
    if (version && !name.endsWith(version[0]))
        name += version[0];
    return entry.package_name && entry.package_name !== project ? `${entry.package_name}.${name}` : name;
}
/** Whether a reason builds for code (the output may change shape) rather than for data. */
function isCodeReason(reasonCode) {
    return BUILD_REASONS[reasonCode] === "code";
}
/**
 * Whether a subject is an id or a bare name (`model.shop.orders`, `orders`),
 * as Reason.subjects documents, rather than a phrase (`post-hook 1`,
 * "source `raw.orders` (a → b)").
 */
function isId(subject) {
    return /^[^\s`]+$/.test(subject);
}
function names(subjects, project) {
    return (subjects ?? []).map((s) => (isId(s) ? [code(displayId(s, project))] : messageWords(s)));
}
function componentLabels(list) {
    return list.map((c) => {
        const label = COMPONENT_LABELS[c];
        return label ? [label] : [code(c)];
    });
}
/**
 * A planner message as a clause after a name: first letter lower-cased
 * unless it starts an acronym (`SQL`), no final period. Formatting only.
 */
function asClause(message) {
    let text = message.trim();
    if (text.endsWith(".") && !text.endsWith(".."))
        text = text.slice(0, -1);
    if (/^[A-Z](?![A-Z0-9])/.test(text))
        text = text[0].toLowerCase() + text.slice(1);
    return text;
}
/** Phrases one reason; falls back to the planner's message. */
function phraseReason(reason, entry, context) {
    const message = reason.message
        ? messageWords(asClause(reason.message))
        : [reason.code.replaceAll("_", " ")];
    if (MESSAGE_FIRST.has(reason.code) && reason.message)
        return message;
    const subjects = names(reason.subjects, context.project);
    switch (reason.code) {
        case "no_state":
            return ["no recorded state"];
        case "never_built":
            return ["never built by ODS"];
        case "scheme_changed":
            return ["the fingerprint scheme changed: every node is built once"];
        case "code_changed": {
            const { changed = [], added = [], removed = [] } = reason.components ?? {};
            const parts = [];
            if (changed.length)
                parts.push([...joinWords(componentLabels(changed), 9), " changed"]);
            if (added.length)
                parts.push([...joinWords(componentLabels(added), 9), " now fingerprinted"]);
            if (removed.length)
                parts.push([...joinWords(componentLabels(removed), 9), " no longer fingerprinted"]);
            if (parts.length === 0)
                return message;
            return parts.flatMap((p, i) => (i === 0 ? p : ["; ", ...p]));
        }
        case "parent_code_changed":
            if (subjects.length === 0)
                return message;
            return [
                subjects.length === 1 ? "parent " : "parents ",
                ...joinWords(subjects),
                subjects.length === 1 ? " changes code" : " change code",
            ];
        case "unknown_parent":
            if (subjects.length === 0)
                return message;
            return ["reads ", ...joinWords(subjects), ", which ODS doesn't know"];
        case "no_declared_inputs":
            return ["reads no declared model or source, so ODS can't tell when its data changes"];
        case "hook_reads_environment": {
            const read = (reason.subjects ?? []).filter((s) => HOOK_ENVIRONMENT_NAMES.includes(s));
            const where = (reason.subjects ?? []).filter((s) => !HOOK_ENVIRONMENT_NAMES.includes(s));
            // Only where (`post-hook 1`), not what it reads: the message names both.
            if (read.length === 0 && reason.message)
                return message;
            if (read.length === 0 && where.length === 0)
                return message;
            const reader = where.length ? joinWords(where.map((w) => [code(w)])) : ["a hook"];
            const verb = where.length > 1 ? " read " : " reads ";
            return read.length
                ? [
                    ...reader,
                    verb,
                    ...joinWords(read.map((r) => [code(r)]), 4),
                ]
                : [...reader, verb, "the environment"];
        }
        case "new_upstream_data": {
            // Subjects that are not ids (phrases with details) say less than the message.
            if (!(reason.subjects ?? []).every(isId))
                return message;
            const sources = (reason.subjects ?? []).filter((s) => s.startsWith("source."));
            const parents = (reason.subjects ?? []).filter((s) => !s.startsWith("source."));
            if (sources.length === 0 && parents.length === 0)
                return message;
            const parts = [];
            if (sources.length)
                parts.push([
                    sources.length === 1 ? "new data in source " : "new data in sources ",
                    ...joinWords(names(sources, context.project)),
                    " since the last build",
                ]);
            if (parents.length)
                parts.push([
                    parents.length === 1 ? "parent " : "parents ",
                    ...joinWords(names(parents, context.project)),
                    parents.length === 1 ? " has new data" : " have new data",
                ]);
            return parts.flatMap((p, i) => (i === 0 ? p : ["; ", ...p]));
        }
        case "unchanged": {
            const run = entry.last_build?.run_id;
            return run ? ["code and inputs unchanged since run ", code(run)] : message;
        }
        case "formatting_only":
            return ["only formatting changed"];
        case "within_lag_tolerance": {
            if (!reason.due_at)
                return message;
            const relative = formatRelative(reason.due_at, context.plannedAt);
            return [
                "new upstream data, within lag tolerance: due ",
                relative && relative !== "now"
                    ? `${relative} (${formatTime(reason.due_at)})`
                    : `at ${formatTime(reason.due_at)}`,
            ];
        }
        case "quorum_not_met":
            if (!reason.quorum)
                return message;
            return [
                `new data in ${reason.quorum.changed} of ${reason.quorum.total} inputs; built once all have new data (`,
                code("require_fresh_data_from: all"),
                ")",
            ];
        default:
            return message;
    }
}
/** All reasons of an entry, joined with "; ". */
function phraseEntry(entry, context) {
    const out = [];
    entry.reasons.forEach((reason, i) => {
        if (i > 0)
            out.push("; ");
        out.push(...phraseReason(reason, entry, context));
    });
    return out;
}
/** Short labels per reason code, for counts ("parent changes code: 9,000"). */
const REASON_TITLES = {
    no_state: "no state found",
    target_changed: "state from another target",
    never_built: "never built by ODS",
    code_incomplete: "code can't be fully fingerprinted",
    scheme_changed: "fingerprint scheme changed",
    code_changed: "code changed",
    parent_code_changed: "a parent changes code",
    unknown_parent: "a parent ODS doesn't know",
    hook_reads_environment: "a hook reads the environment",
    no_declared_inputs: "no declared inputs",
    policy_unmet: "policy can't be honoured",
    missing_data_evidence: "missing data evidence",
    new_upstream_data: "new upstream data",
    unchanged: "unchanged",
    formatting_only: "only formatting changed",
    within_lag_tolerance: "within lag tolerance",
    quorum_not_met: "waiting for fresh data from all inputs",
};
/** The reason code an entry is counted under: its first reason's. */
function primaryCode(entry) {
    return entry.reasons[0]?.code;
}
function phraseContext(plan) {
    return { project: plan.project, plannedAt: plan.planned_at };
}

;// CONCATENATED MODULE: ./src/comment/lineage.ts



const NODE_BUDGET = 80;
const EDGE_BUDGET = 400;
const MAX_CHARS = 40_000;
/** Folder depths tried when grouping: the full directory, then its first three, two, one parts. */
const FOLDER_DEPTHS = [Number.POSITIVE_INFINITY, 3, 2];
const CLASS_DEFS = {
    build_code: "fill:#ffebe9,stroke:#cf222e,color:#1f2328",
    build_data: "fill:#fff8c5,stroke:#9a6700,color:#1f2328",
    reuse: "fill:#dafbe1,stroke:#1a7f37,color:#1f2328",
    outside: "fill:#f6f8fa,stroke:#8c959f,color:#1f2328,stroke-dasharray:4 3",
    failed: "fill:#cf222e,stroke:#82071e,color:#ffffff",
    skipped: "fill:#eaeef2,stroke:#6e7781,color:#1f2328,stroke-dasharray:2 2",
};
const CLASS_WORDS = {
    build_code: "built for code",
    build_data: "built for data",
    reuse: "reused",
    outside: "outside the plan",
    failed: "failed",
    skipped: "skipped",
};
/**
 * The picture at `level` 0 (the most detailed that fits) or 1 (grouped, the
 * compact form for long comments); undefined when there is nothing to draw
 * (no BUILD node, or no entry carries its parents).
 */
function buildLineage(plan, outcome, level = 0) {
    const entries = plan.entries;
    if (!entries.some((e) => e.parents !== undefined))
        return undefined;
    const byId = new Map(entries.map((e) => [e.unique_id, e]));
    const children = new Map();
    for (const e of entries)
        for (const p of e.parents ?? []) {
            const list = children.get(p);
            if (list)
                list.push(e.unique_id);
            else
                children.set(p, [e.unique_id]);
        }
    // The impacted set: BUILD nodes and their descendants in the plan, in plan order.
    const impacted = new Set();
    const stack = entries.filter((e) => e.action === "BUILD").map((e) => e.unique_id);
    if (stack.length === 0)
        return undefined;
    while (stack.length) {
        const id = stack.pop();
        if (impacted.has(id))
            continue;
        impacted.add(id);
        for (const c of children.get(id) ?? [])
            if (byId.has(c) && !impacted.has(c))
                stack.push(c);
    }
    const inner = entries.filter((e) => impacted.has(e.unique_id)).map((e) => e.unique_id);
    const ring = [
        ...new Set(inner.flatMap((id) => (byId.get(id).parents ?? []).filter((p) => !impacted.has(p)))),
    ].sort();
    const classes = new Map();
    const classOf = (id) => {
        const known = classes.get(id);
        if (known !== undefined)
            return known;
        const cls = computeClass(id);
        classes.set(id, cls);
        return cls;
    };
    const computeClass = (id) => {
        const e = byId.get(id);
        if (!e)
            return "outside";
        if (!impacted.has(id))
            return "reuse";
        if (e.action === "REUSE")
            return "reuse";
        const status = outcome?.nodes[id]?.status;
        if (status === "failed")
            return "failed";
        if (status === "skipped")
            return "skipped";
        const first = e.reasons[0]?.code;
        return first && !isCodeReason(first) ? "build_data" : "build_code";
    };
    const all = [...ring, ...inner];
    const ringSet = new Set(ring);
    const parentsInPicture = (id) => (byId.get(id)?.parents ?? []).filter((p) => impacted.has(p) || ringSet.has(p));
    const dirs = new Map();
    const folders = new Map();
    const label = (id) => {
        const e = byId.get(id);
        return e ? entryLabel(e, plan.project) : displayId(id, plan.project);
    };
    const attempts = [];
    if (level === 0) {
        attempts.push(() => {
            if (all.length > NODE_BUDGET)
                return undefined;
            const boxes = all.map((id) => ({ id, label: label(id), cls: classOf(id), shape: shapeOf(id) }));
            const edges = [];
            for (const id of inner)
                for (const p of parentsInPicture(id))
                    edges.push([p, id]);
            if (edges.length > EDGE_BUDGET)
                return undefined;
            return draw(boxes, edges, "full", all.length);
        });
        attempts.push(() => {
            // Changed nodes drawn one by one; everything else grouped.
            const changed = inner.filter((id) => byId.get(id).action === "BUILD" &&
                !(byId.get(id).parents ?? []).some((p) => byId.get(p)?.action === "BUILD" && impacted.has(p)));
            if (changed.length > NODE_BUDGET / 2)
                return undefined;
            for (const depth of FOLDER_DEPTHS) {
                const result = grouped(new Set(changed), "folder", "changed_and_groups", depth);
                if (result)
                    return result;
            }
            return undefined;
        });
    }
    for (const depth of FOLDER_DEPTHS)
        attempts.push(() => grouped(new Set(), "folder", "groups", depth));
    attempts.push(() => grouped(new Set(), "package", "groups"));
    attempts.push(() => grouped(new Set(), "package", "groups", Number.POSITIVE_INFINITY, true));
    for (const attempt of attempts) {
        const result = attempt();
        if (result && result.boxes <= NODE_BUDGET && result.mermaid.length <= MAX_CHARS)
            return result;
    }
    return undefined;
    function shapeOf(id) {
        return id.startsWith("source.") ? "source" : "box";
    }
    function folderOf(id, by, depth) {
        const cacheKey = by === "package" ? "package" : String(depth);
        let cache = folders.get(cacheKey);
        if (!cache) {
            cache = new Map();
            folders.set(cacheKey, cache);
        }
        const known = cache.get(id);
        if (known !== undefined)
            return known;
        const folder = computeFolder(id, by, depth);
        cache.set(id, folder);
        return folder;
    }
    function computeFolder(id, by, depth) {
        if (by === "package") {
            const e = byId.get(id);
            if (e)
                return e.package_name || plan.project;
        }
        const e = byId.get(id);
        if (!e) {
            if (id.startsWith("source.")) {
                const parts = id.split(".");
                return by === "folder" ? `source ${parts[2] ?? "?"}` : `sources of ${parts[1] ?? "?"}`;
            }
            return by === "folder" ? `outside: ${id.split(".")[1] ?? "?"}` : "outside the plan";
        }
        if (by === "package")
            return e.package_name || plan.project;
        if (e.path) {
            let parts = dirs.get(id);
            if (!parts) {
                parts = e.path.replaceAll("\\", "/").split("/").slice(0, -1);
                dirs.set(id, parts);
            }
            const dir = parts.slice(0, depth).join("/");
            return e.package_name && e.package_name !== plan.project ? `${e.package_name}/${dir}` : dir || ".";
        }
        return `${e.package_name || plan.project} ${e.relation.schema}`;
    }
    function grouped(individual, by, mode, depth = Number.POSITIVE_INFINITY, mergeSmallest = false) {
        const groupOf = new Map();
        const groups = new Map();
        for (const id of all) {
            if (individual.has(id))
                continue;
            const cls = classOf(id);
            const folder = folderOf(id, by, depth);
            const key = folder + "\u0000" + cls;
            groupOf.set(id, key);
            const g = groups.get(key);
            const source = id.startsWith("source.");
            if (g) {
                g.count++;
                g.sources &&= source;
            }
            else {
                groups.set(key, { key, folder, cls, count: 1, sources: source });
                // Too many groups already: this grouping can't be drawn.
                if (!mergeSmallest && groups.size > NODE_BUDGET - individual.size)
                    return undefined;
            }
        }
        let groupList = [...groups.values()];
        const room = NODE_BUDGET - individual.size;
        if (groupList.length > room) {
            if (!mergeSmallest)
                return undefined;
            // Keep the largest groups; the rest become one "other" box per class.
            const sorted = [...groupList].sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1));
            const keep = new Set(sorted.slice(0, Math.max(0, room - 6)).map((g) => g.key));
            const others = new Map();
            const moved = new Map();
            for (const g of groupList) {
                if (keep.has(g.key))
                    continue;
                const key = `\u0001other\u0000${g.cls}`;
                const o = others.get(g.cls) ?? { key, folder: "other packages", cls: g.cls, count: 0, sources: true };
                o.count += g.count;
                o.sources &&= g.sources;
                others.set(g.cls, o);
                moved.set(g.key, key);
            }
            for (const [id, k] of groupOf) {
                const to = moved.get(k);
                if (to)
                    groupOf.set(id, to);
            }
            groupList = [...groupList.filter((g) => keep.has(g.key)), ...others.values()];
        }
        const boxes = [];
        for (const id of all)
            if (individual.has(id))
                boxes.push({ id, label: label(id), cls: classOf(id), shape: shapeOf(id) });
        for (const g of groupList.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)))
            boxes.push({
                id: g.key,
                label: g.sources
                    ? `${g.folder}: ${plural(g.count, "table")}`
                    : `${g.folder}: ${plural(g.count, "node")} ${CLASS_WORDS[g.cls]}`,
                cls: g.cls,
                shape: "group",
            });
        const rep = (id) => (individual.has(id) ? id : groupOf.get(id));
        const seen = new Set();
        const edges = [];
        for (const id of inner)
            for (const p of parentsInPicture(id)) {
                const a = rep(p);
                const b = rep(id);
                if (a === b)
                    continue;
                const key = `${a}\u0002${b}`;
                if (seen.has(key))
                    continue;
                seen.add(key);
                edges.push([a, b]);
            }
        const result = draw(boxes, edges, mode, all.length);
        result.groupedBy = by;
        return result;
    }
}
function draw(boxes, edges, mode, impacted) {
    const ids = new Map();
    boxes.forEach((b, i) => {
        ids.set(b.id, `n${i + 1}`);
    });
    const lines = ["graph LR"];
    for (const b of boxes) {
        const text = mermaidLabel(b.label, b.shape === "group" ? 70 : 48);
        const [open, close] = b.shape === "source" ? ["([", "])"] : b.shape === "group" ? ["[[", "]]"] : ["[", "]"];
        lines.push(`  ${ids.get(b.id)}${open}"${text}"${close}`);
    }
    const kept = edges.slice(0, EDGE_BUDGET);
    for (const [a, b] of kept)
        lines.push(`  ${ids.get(a)} --> ${ids.get(b)}`);
    const used = Object.keys(CLASS_DEFS).filter((c) => boxes.some((b) => b.cls === c));
    for (const c of used)
        lines.push(`  classDef ${c} ${CLASS_DEFS[c]}`);
    for (const c of used)
        lines.push(`  class ${boxes
            .filter((b) => b.cls === c)
            .map((b) => ids.get(b.id))
            .join(",")} ${c}`);
    return {
        mermaid: lines.join("\n"),
        mode,
        impacted,
        boxes: boxes.length,
        edgesLeftOut: edges.length - kept.length,
        classes: used,
    };
}
const LEGEND_WORDS = {
    build_code: "red: built for a code change",
    build_data: "yellow: built for new data",
    reuse: "green: reused",
    outside: "grey, dashed: sources and nodes outside the plan",
    failed: "solid red: failed",
    skipped: "grey, dotted: skipped",
};
/** One line saying what the colours mean and, when grouped or cut, how. */
function lineageNotes(lineage) {
    const legend = lineage.classes.map((c) => LEGEND_WORDS[c]).join(" · ");
    const notes = [];
    if (lineage.mode !== "full") {
        const by = lineage.groupedBy === "package" ? "package" : "folder";
        notes.push(`The impacted subgraph has ${plural(lineage.impacted, "node")}, more than the ${NODE_BUDGET} a picture can show` +
            (lineage.mode === "changed_and_groups"
                ? `: the changed nodes are drawn one by one, the rest grouped per ${by} with counts.`
                : `: nodes are grouped per ${by} with counts.`));
    }
    if (lineage.edgesLeftOut > 0)
        notes.push(`${formatCount(lineage.edgesLeftOut)} of the arrows are left out to stay under mermaid's limits.`);
    return { legend, note: notes.length ? notes.join(" ") : undefined };
}

;// CONCATENATED MODULE: ./src/comment/render-comment.ts




/** What the comment aims at: under GitHub's 65,536 with room to spare. */
const COMMENT_LIMIT = 65_000;
/** GitHub's hard limit on a comment body. */
const GITHUB_COMMENT_MAX = 65_536;
/** The job summary may be up to 1 MiB per step; stay well under. */
const JOB_SUMMARY_LIMIT = 900_000;
/** Names shown per list in the environment block. */
const ENVIRONMENT_NAMES_SHOWN = 30;
/** Sources with running checks listed; the rest are counted. */
const CHECKS_SHOWN = 20;
/** Warnings shown; the rest are counted. */
const WARNINGS_SHOWN = 10;
/** The hidden marker the sticky upsert looks for: one comment per PR and per project. */
function commentMarker(project) {
    return `<!-- ods-state:plan project=${markerToken(project)} -->`;
}
/** The plan comment for a pull request (see the file comment for the layout and the size rule). */
function renderComment(plan, context = {}, options = {}) {
    return new CommentRenderer(plan, context, options).render();
}
/** The same markdown for GITHUB_STEP_SUMMARY: no marker, a larger limit. */
function renderJobSummary(plan, context = {}) {
    return renderComment(plan, context, { limit: JOB_SUMMARY_LIMIT, marker: false, target: "job_summary" });
}
/** Which sections go to which level, in order, until the comment fits. Level 1 of a list is "as much as fits". */
const CUTS = [
    ["reuse", 1],
    ["reuse", 2],
    ["build", 1],
    ["build", 2],
    ["lineage", 1],
    ["lineage", 2],
    ["command", 1],
    ["promotion", 1],
    ["promotion", 2],
    ["environment", 1],
];
/** Sections given back detail after cutting, most important first. */
const RESTORE = ["lineage", "build", "command", "promotion", "environment", "reuse"];
/** Sections whose level 1 fills the space left (the budget). */
const FITTING = new Set(["build", "reuse", "promotion"]);
const ORDER = [
    "note",
    "warnings",
    "build",
    "checks",
    "reuse",
    "lineage",
    "command",
    "environment",
    "promotion",
    "footer",
];
const SEPARATOR = "\n\n";
const STATUS_ICONS = {
    built: "✅",
    failed: "❌",
    skipped: "⏭️",
    not_run: "➖",
};
class CommentRenderer {
    project;
    phrase;
    build;
    reuse;
    byId;
    limit;
    target;
    jobSummaryUrl;
    artifactUrl;
    cut = false;
    buildLines;
    plan;
    context;
    options;
    constructor(plan, context, options) {
        this.plan = plan;
        this.context = context;
        this.options = options;
        this.project = context.project ?? plan.project;
        this.phrase = { ...phraseContext(plan), project: plan.project };
        this.build = plan.entries.filter((e) => e.action === "BUILD");
        this.reuse = plan.entries.filter((e) => e.action === "REUSE");
        this.byId = new Map(plan.entries.map((e) => [e.unique_id, e]));
        this.limit = options.limit ?? COMMENT_LIMIT;
        this.target = options.target ?? "comment";
        this.jobSummaryUrl = this.target === "comment" ? safeUrl(context.links?.jobSummary) : undefined;
        this.artifactUrl = safeUrl(context.links?.planArtifact);
    }
    render() {
        const levels = new Map(ORDER.map((s) => [s, 0]));
        let out = this.compose(levels);
        if (out.length <= this.limit)
            return out;
        this.cut = true;
        for (const [section, level] of CUTS) {
            levels.set(section, level);
            out = this.compose(levels);
            if (out.length <= this.limit)
                break;
        }
        if (out.length > this.limit)
            return this.minimal();
        // Cutting in order may have cut more than needed (a long command cut last
        // leaves room for the picture and the reasons): give back detail, most
        // important first, while it still fits.
        for (const section of RESTORE) {
            const current = levels.get(section);
            for (let level = 0; level < current; level++) {
                levels.set(section, level);
                const candidate = this.compose(levels);
                if (candidate.length <= this.limit) {
                    out = candidate;
                    break;
                }
                levels.set(section, current);
            }
        }
        return out;
    }
    // ---- composition -------------------------------------------------------
    compose(levels) {
        const head = this.head();
        const rendered = new Map();
        let used = head.length;
        for (const name of ORDER) {
            const level = levels.get(name);
            if (FITTING.has(name) && level === 1)
                continue;
            const text = this.section(name, level, Number.POSITIVE_INFINITY);
            rendered.set(name, text);
            if (text)
                used += text.length + SEPARATOR.length;
        }
        for (const name of ORDER) {
            const level = levels.get(name);
            if (!(FITTING.has(name) && level === 1))
                continue;
            // Its separator and the final newline count too.
            const budget = this.limit - used - SEPARATOR.length - 1;
            const text = this.section(name, level, budget);
            rendered.set(name, text);
            if (text)
                used += text.length + SEPARATOR.length;
        }
        const parts = [head, ...ORDER.map((name) => rendered.get(name)).filter((t) => t !== "")];
        return parts.join(SEPARATOR) + "\n";
    }
    sections = new Map();
    /** Sections are pure in (name, level, budget): each is rendered once. */
    section(name, level, budget) {
        if (name === "note")
            return this.cut ? this.shortenedNote() : "";
        const key = `${name}:${level}:${FITTING.has(name) && level === 1 ? budget : ""}`;
        let text = this.sections.get(key);
        if (text === undefined) {
            text = this.renderSection(name, level, budget);
            this.sections.set(key, text);
        }
        return text;
    }
    renderSection(name, level, budget) {
        switch (name) {
            case "note":
                return this.cut ? this.shortenedNote() : "";
            case "warnings":
                return this.warnings();
            case "build":
                return this.buildSection(level, budget);
            case "checks":
                return this.checksSection();
            case "reuse":
                return this.reuseSection(level, budget);
            case "lineage":
                return this.lineageSection(level);
            case "command":
                return this.commandSection(level);
            case "environment":
                return this.environmentSection(level);
            case "promotion":
                return this.promotionSection(level, budget);
            case "footer":
                return this.footer();
        }
    }
    /** The headline and the links, dropping parts whole (never cutting inside markup) until it fits. */
    minimal() {
        const tooLarge = "The plan is too large to summarise here.";
        const candidates = [
            [this.head(), this.shortenedNote(), tooLarge, this.footer()],
            [this.head(), this.shortenedNote(), tooLarge],
            [this.head(), tooLarge],
        ];
        for (const parts of candidates) {
            const text = parts.join(SEPARATOR) + "\n";
            if (text.length <= this.limit)
                return text;
        }
        const marker = this.options.marker !== false && this.target === "comment" ? commentMarker(this.project) + "\n" : "";
        return (marker +
            truncate(`ods-state plan: ${formatCount(this.build.length)} to build, ${formatCount(this.reuse.length)} to reuse.`, Math.max(1, this.limit - marker.length - 1)) +
            "\n");
    }
    // ---- head ----------------------------------------------------------------
    head() {
        const lines = [];
        if (this.options.marker !== false && this.target === "comment")
            lines.push(commentMarker(this.project));
        lines.push(`### ods-state plan for ${mdCode(this.project)}`);
        return [lines.join("\n"), this.headline(), this.compared()].join(SEPARATOR);
    }
    headline() {
        const outcome = this.context.outcome;
        const reuseSeconds = sumDurations(this.reuse);
        const buildSeconds = sumDurations(this.build);
        const total = reuseSeconds + buildSeconds;
        const reused = `${formatCount(this.reuse.length)} reused`;
        if (outcome) {
            const counts = this.outcomeCounts();
            const parts = [`${formatCount(counts.built)} built`];
            if (counts.failed)
                parts.push(`${formatCount(counts.failed)} failed`);
            if (counts.skipped)
                parts.push(`${formatCount(counts.skipped)} skipped`);
            if (counts.not_run)
                parts.push(`${formatCount(counts.not_run)} not run`);
            parts.push(reused);
            const tail = [];
            if (outcome.total_duration_s !== undefined)
                tail.push(`dbt ran for ${formatDuration(outcome.total_duration_s)}`);
            if (reuseSeconds > 0)
                tail.push(`reuse saved about ${approx(reuseSeconds)}`);
            return `**${parts.join(" · ")}**` + (tail.length ? ` — ${tail.join("; ")}.` : "");
        }
        if (this.build.length === 0 && this.reuse.length === 0)
            return "**Nothing selected** — the plan is empty.";
        const counts = `**${formatCount(this.build.length)} to build · ${formatCount(this.reuse.length)} to reuse**`;
        if (reuseSeconds <= 0 || total <= 0)
            return counts;
        const missing = this.build.filter((e) => e.last_duration_s === undefined).length;
        const caveat = missing > 0
            ? ` (${plural(missing, "node")} to build ${missing === 1 ? "has" : "have"} no recorded duration)`
            : "";
        return `${counts} — reuse saves about ${approx(reuseSeconds)} of ${approx(total)} of build time${caveat}.`;
    }
    compared() {
        const c = this.context;
        const env = c.base?.environment ?? this.plan.environment;
        const head = this.headReference();
        if (!this.plan.state.found) {
            return (`${head ? `${head}: no` : "No"} recorded state for **${mdText(env, MAX_NAME)}** yet, so every node is built. ` +
                "Once a run on the main branch records state, this comment shows what can be reused.");
        }
        const run = c.base?.runId ?? this.plan.state.run_id;
        const at = c.base?.recordedAt ?? this.plan.state.created_at;
        const details = [];
        if (c.base?.commit)
            details.push(`commit ${this.commitLink(c.base.commit)}`);
        if (at)
            details.push(`recorded ${formatTime(at)}`);
        const against = `**${mdText(env, MAX_NAME)}**` +
            (run ? ` at run ${mdCode(run)}` : "") +
            (details.length ? ` (${details.join(", ")})` : "");
        return head ? `${head} compared with ${against}.` : `Compared with ${against}.`;
    }
    headReference() {
        const c = this.context;
        const pr = Number.isSafeInteger(c.pullRequest) && c.pullRequest > 0 ? c.pullRequest : undefined;
        if (c.headSha)
            return `${pr ? "Head" : "Commit"} ${this.commitLink(c.headSha)}${pr ? ` of #${pr}` : ""}`;
        return pr ? `Pull request #${pr}` : undefined;
    }
    commitLink(sha) {
        const repo = safeUrl(this.context.repositoryUrl);
        const codeSha = mdCode(shortSha(sha));
        return repo && /^[0-9a-f]{7,64}$/i.test(sha)
            ? `[${codeSha}](${repo.replace(/\/+$/, "")}/commit/${sha})`
            : codeSha;
    }
    // ---- note, warnings, footer -------------------------------------------------
    fullPlanLinks() {
        const links = [];
        if (this.jobSummaryUrl)
            links.push(`[job summary](${this.jobSummaryUrl})`);
        if (this.artifactUrl)
            links.push(`[plan artifact](${this.artifactUrl})`);
        return links.length ? links.join(" · ") : undefined;
    }
    shortenedNote() {
        const links = this.fullPlanLinks();
        const where = links
            ? `The full plan: ${links}.`
            : this.target === "comment"
                ? "The full plan is in this run's job summary."
                : "The full plan is in `ods-state plan --format json`.";
        return `> [!NOTE]\n> This plan is too long for one ${this.target === "comment" ? "comment" : "summary"}, so parts of it are shortened. ${where}`;
    }
    warnings() {
        const warnings = this.plan.warnings;
        if (warnings.length === 0)
            return "";
        const lines = warnings
            .slice(0, WARNINGS_SHOWN)
            .map((w) => `> - ${mdMessage(w.message || WARNING_TITLES[w.code] || w.code)}`);
        if (warnings.length > WARNINGS_SHOWN)
            lines.push(`> - and ${plural(warnings.length - WARNINGS_SHOWN, "more warning")}.`);
        return ["> [!WARNING]", ...lines].join("\n");
    }
    footer() {
        const parts = [];
        const links = this.fullPlanLinks();
        if (links)
            parts.push(`Full plan: ${links}`);
        parts.push(`ods-state${this.context.toolVersion ? ` ${mdText(this.context.toolVersion, 40)}` : ""}`);
        parts.push(`planned ${formatTime(this.plan.planned_at)}`);
        return `<sub>${parts.join(" · ")}</sub>`;
    }
    // ---- BUILD --------------------------------------------------------------
    outcomeCounts() {
        const counts = { built: 0, failed: 0, skipped: 0, not_run: 0 };
        for (const e of this.build)
            counts[this.context.outcome?.nodes[e.unique_id]?.status ?? "not_run"]++;
        return counts;
    }
    buildHeading() {
        if (!this.context.outcome)
            return `### To build (${formatCount(this.build.length)})`;
        const c = this.outcomeCounts();
        const parts = [`${formatCount(c.built)} built`];
        if (c.failed)
            parts.push(`${formatCount(c.failed)} failed`);
        if (c.skipped)
            parts.push(`${formatCount(c.skipped)} skipped`);
        if (c.not_run)
            parts.push(`${formatCount(c.not_run)} not run`);
        return `### Built: ${parts.join(" · ")}`;
    }
    buildLine(entry) {
        const name = mdCode(entryLabel(entry, this.plan.project));
        const kind = entry.resource_type && entry.resource_type !== "model" ? ` (${mdText(entry.resource_type, 20)})` : "";
        const why = wordsToMarkdown(phraseEntry(entry, this.phrase));
        const outcome = this.context.outcome;
        if (!outcome)
            return `- ${name}${kind} — ${why}`;
        const result = outcome.nodes[entry.unique_id];
        const status = result?.status ?? "not_run";
        const duration = result?.duration_s !== undefined ? formatDuration(result.duration_s) : undefined;
        let what;
        if (status === "built")
            what = duration ? `built in ${duration}` : "built";
        else if (status === "failed")
            what =
                `**failed**${duration ? ` after ${duration}` : ""}` +
                    (result?.message ? `: ${mdMessage(result.message, 300)}` : "");
        else if (status === "skipped")
            what = "skipped";
        else
            what = "not run";
        return `- ${STATUS_ICONS[status]} ${name}${kind} — ${what} · ${why}`;
    }
    buildSection(level, budget) {
        if (this.build.length === 0) {
            return this.reuse.length ? "Nothing to build: every selected node is reused." : "";
        }
        const heading = this.buildHeading();
        if (!this.buildLines)
            this.buildLines = this.build.map((e) => this.buildLine(e));
        const lines = this.buildLines;
        if (level === 0) {
            const shared = this.sharedReason();
            if (shared !== undefined) {
                const names = this.build.map((e) => mdCode(entryLabel(e, this.plan.project))).join(", ");
                return [
                    heading,
                    `${plural(this.build.length, "node")}, all for the same reason: ${shared}.`,
                    names,
                ].join(SEPARATOR);
            }
            return [heading, lines.join("\n")].join(SEPARATOR);
        }
        const counts = countsByReason(this.build);
        const compact = [heading, `Too many to list here; by reason:\n${counts}`].join(SEPARATOR);
        if (level === 2)
            return compact;
        const intro = [heading, `By reason:\n${counts}`].join(SEPARATOR);
        const list = fitLines(lines, budget - intro.length - SEPARATOR.length, (rest) => `- … and ${plural(rest, "more node")}${this.seeFullPlan()}`);
        return list === undefined ? compact : [intro, list].join(SEPARATOR);
    }
    /** The reason every BUILD node shares (no state, a new scheme), before the run and past 3 nodes. */
    sharedReason() {
        if (!this.shared)
            this.shared = { value: this.findSharedReason() };
        return this.shared.value;
    }
    shared;
    findSharedReason() {
        if (this.context.outcome || this.build.length <= 3)
            return undefined;
        const code = primaryCode(this.build[0]);
        if (!code || !SHARED_CODES.has(code))
            return undefined;
        const first = wordsToMarkdown(phraseEntry(this.build[0], this.phrase));
        for (const e of this.build)
            if (wordsToMarkdown(phraseEntry(e, this.phrase)) !== first)
                return undefined;
        return first;
    }
    seeFullPlan() {
        const links = [];
        if (this.jobSummaryUrl)
            links.push(`the [job summary](${this.jobSummaryUrl})`);
        if (this.artifactUrl)
            links.push(`the [plan artifact](${this.artifactUrl})`);
        return links.length ? `: see ${links.join(" or ")}` : "";
    }
    // ---- source checks -------------------------------------------------------
    /** Sources whose checks (data tests) run with the build: bounded, never cut. */
    checksSection() {
        const checks = this.plan.source_checks ?? [];
        const run = checks.filter((c) => c.action === "RUN");
        if (run.length === 0)
            return "";
        const skipped = checks.length - run.length;
        const lines = run
            .slice(0, CHECKS_SHOWN)
            .map((c) => `- ${mdCode(c.name)} — ${mdMessage(c.reason.message)}`);
        if (run.length > CHECKS_SHOWN)
            lines.push(`- … and ${plural(run.length - CHECKS_SHOWN, "more source")}`);
        const heading = `**Source checks that run (${formatCount(run.length)})**${skipped ? `; ${formatCount(skipped)} skipped, unchanged` : ""}:`;
        return [heading, lines.join("\n")].join("\n");
    }
    // ---- REUSE --------------------------------------------------------------
    reuseSection(level, budget) {
        if (this.reuse.length === 0)
            return "";
        const notable = this.reuse.filter((e) => e.reasons.some((r) => r.code !== "unchanged"));
        const plain = this.reuse.filter((e) => !notable.includes(e));
        const byCode = new Map();
        for (const e of this.reuse) {
            const c = primaryCode(e);
            if (c)
                byCode.set(c, (byCode.get(c) ?? 0) + 1);
        }
        const summaryCounts = [...byCode.entries()]
            .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
            .map(([c, n]) => `${formatCount(n)} ${REUSE_WORDS[c] ?? REASON_TITLES[c]}`)
            .join(", ");
        const summary = `<details>\n<summary><b>To reuse (${formatCount(this.reuse.length)})</b>: ${summaryCounts}</summary>`;
        const relationNote = this.relationNote();
        const close = "</details>";
        const compact = [summary, `Too many to list here${this.seeFullPlan()}.`, close].join(SEPARATOR);
        if (level === 2)
            return compact;
        const notableLines = notable.map((e) => `- ${mdCode(entryLabel(e, this.plan.project))} — ${wordsToMarkdown(phraseEntry(e, this.phrase))}`);
        const plainGroups = groupUnchanged(plain, this.plan.project);
        if (level === 0) {
            const blocks = [summary];
            if (notableLines.length)
                blocks.push(notableLines.join("\n"));
            for (const g of plainGroups)
                blocks.push(g.heading + g.names.join(", ") + ".");
            if (relationNote)
                blocks.push(relationNote);
            blocks.push(close);
            return blocks.join(SEPARATOR);
        }
        // Level 1: as much as fits, notable nodes first.
        let room = budget -
            summary.length -
            close.length -
            3 * SEPARATOR.length -
            (relationNote ? relationNote.length + 2 : 0);
        const blocks = [summary];
        const notableFit = fitLines(notableLines, Math.min(room, Math.max(0, room - 200)), (rest) => `- … and ${plural(rest, "more")}`);
        if (notableFit === undefined)
            return compact;
        if (notableFit) {
            blocks.push(notableFit);
            room -= notableFit.length + SEPARATOR.length;
        }
        for (const g of plainGroups) {
            const names = fitItems(g.names, room - g.heading.length - 40);
            if (names === undefined) {
                blocks.push(`${g.heading}${plural(g.names.length, "node")}.`);
                room -= g.heading.length + 20;
                continue;
            }
            const text = g.heading + names.text + (names.rest ? ` and ${plural(names.rest, "more")}.` : ".");
            blocks.push(text);
            room -= text.length + SEPARATOR.length;
        }
        if (relationNote)
            blocks.push(relationNote);
        blocks.push(close);
        const text = blocks.join(SEPARATOR);
        return text.length <= budget ? text : compact;
    }
    relationNote() {
        const unchecked = this.reuse.filter((e) => !e.relation_check?.checked).length;
        if (unchecked === 0)
            return undefined;
        if (unchecked === this.reuse.length)
            return "<sub>Whether the reused relations still exist was not checked (no warehouse connection when planning).</sub>";
        return `<sub>Whether the relation still exists was not checked for ${plural(unchecked, "reused node")}.</sub>`;
    }
    // ---- lineage, command ------------------------------------------------------
    lineageSection(level) {
        if (level >= 2)
            return "";
        const lineage = buildLineage(this.plan, this.context.outcome, level);
        if (!lineage)
            return "";
        const { legend, note } = lineageNotes(lineage);
        const parts = ["### Lineage", "```mermaid\n" + lineage.mermaid + "\n```", `<sub>${legend}</sub>`];
        if (note)
            parts.push(note);
        return parts.join(SEPARATOR);
    }
    commandSection(level) {
        const command = this.plan.build_command;
        if (!command)
            return "";
        const heading = this.context.outcome ? "### dbt command for the build set" : "### Command";
        if (level >= 1)
            return [
                heading,
                `The command selects ${plural(this.build.length, "node")} and is too long for this comment: it is in the job summary and in the action's ${mdCode("select")} output.`,
            ].join(SEPARATOR);
        return [heading, codeBlock(command, "sh", 200_000, false)].join(SEPARATOR);
    }
    // ---- environment, promotion ----------------------------------------------
    nameOf(id) {
        const e = this.byId.get(id);
        return e ? entryLabel(e, this.plan.project) : displayId(id, this.plan.project);
    }
    nameList(ids, shown) {
        const names = ids.slice(0, shown).map((id) => mdCode(this.nameOf(id)));
        const rest = ids.length - names.length;
        return names.join(", ") + (rest > 0 ? ` and ${plural(rest, "more")}` : "");
    }
    environmentSection(level) {
        const env = this.context.environment;
        if (!env)
            return "";
        const parts = [`### PR environment ${mdCode(env.name)}`];
        const lines = [];
        if (env.schemas.length)
            lines.push(`Schemas: ${env.schemas
                .slice(0, ENVIRONMENT_NAMES_SHOWN)
                .map((s) => mdCode(s))
                .join(", ")}${env.schemas.length > ENVIRONMENT_NAMES_SHOWN ? ` and ${plural(env.schemas.length - ENVIRONMENT_NAMES_SHOWN, "more")}` : ""}.`);
        if (level >= 1) {
            lines.push(`${plural(env.builtHere.length, "node")} ${env.builtHere.length === 1 ? "is" : "are"} built here; ${plural(env.readsProd.length, "node")} ${env.readsProd.length === 1 ? "reads" : "read"} prod through pointer views.`);
        }
        else {
            if (env.builtHere.length)
                lines.push(`Built here (${formatCount(env.builtHere.length)}): ${this.nameList(env.builtHere, ENVIRONMENT_NAMES_SHOWN)}.`);
            if (env.readsProd.length)
                lines.push(`Read from prod through pointer views (${formatCount(env.readsProd.length)}): ${this.nameList(env.readsProd, ENVIRONMENT_NAMES_SHOWN)}.`);
        }
        parts.push(lines.join("<br>\n"));
        if (env.exampleQuery)
            parts.push("Try it:", codeBlock(env.exampleQuery, "sql", 2000));
        return parts.join(SEPARATOR);
    }
    promotionSection(level, budget) {
        const promotion = this.context.promotion;
        if (!promotion || promotion.nodes.length === 0)
            return "";
        const into = promotion.into ?? "prod";
        const yes = promotion.nodes.filter((n) => n.promotable);
        const no = promotion.nodes.filter((n) => !n.promotable);
        const heading = `### On merge into **${mdText(into, MAX_NAME)}**`;
        const intro = `${formatCount(yes.length)} of ${plural(promotion.nodes.length, "node")} built here can be promoted without a rebuild` +
            (no.length ? `; ${formatCount(no.length)} will be built on main.` : ".");
        const lines = [
            ...yes.map((n) => `- ${mdCode(this.nameOf(n.unique_id))} — **promote**: ${mdMessage(n.reason)}`),
            ...no.map((n) => `- ${mdCode(this.nameOf(n.unique_id))} — **build on main**: ${mdMessage(n.reason)}`),
        ];
        const compact = [heading, intro].join(SEPARATOR);
        if (level === 2)
            return compact;
        if (level === 0)
            return [heading, intro, lines.join("\n")].join(SEPARATOR);
        const list = fitLines(lines, budget - compact.length - SEPARATOR.length, (rest) => `- … and ${plural(rest, "more")}`);
        return list === undefined ? compact : [compact, list].join(SEPARATOR);
    }
}
/** Reasons that, when every BUILD node has them, are said once for all. */
const SHARED_CODES = new Set([
    "no_state",
    "scheme_changed",
    "target_changed",
    "never_built",
]);
const WARNING_TITLES = {
    no_state: "No state found",
    stale_source_freshness: "Source freshness is older than the last build",
    target_changed: "State from another target",
    no_sources_json: "No source freshness",
    scheme_changed: "Fingerprint scheme changed",
};
const REUSE_WORDS = {
    unchanged: "unchanged",
    formatting_only: "only reformatted",
    within_lag_tolerance: "within lag tolerance",
    quorum_not_met: "waiting for all inputs",
};
function sumDurations(entries) {
    let total = 0;
    for (const e of entries)
        if (e.last_duration_s !== undefined && Number.isFinite(e.last_duration_s) && e.last_duration_s > 0)
            total += e.last_duration_s;
    return total;
}
/** A duration for an estimate: whole minutes from one minute on. */
function approx(seconds) {
    if (seconds < 60)
        return formatDuration(seconds);
    if (seconds < 10 * 3600)
        return formatDuration(Math.round(seconds / 60) * 60);
    return formatDuration(Math.round(seconds / 3600) * 3600);
}
function countsByReason(entries) {
    const counts = new Map();
    for (const e of entries) {
        const code = primaryCode(e);
        const title = code ? REASON_TITLES[code] : "no reason given";
        counts.set(title, (counts.get(title) ?? 0) + 1);
    }
    return [...counts.entries()]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .map(([title, n]) => `- ${title}: ${formatCount(n)}`)
        .join("\n");
}
/**
 * As many whole lines as fit in `budget` characters, with a closing line for
 * the rest; undefined when not even the closing line fits.
 */
function fitLines(lines, budget, more) {
    let total = -1;
    for (const line of lines)
        total += line.length + 1;
    if (total <= budget)
        return lines.join("\n");
    const out = [];
    let used = 0;
    for (let i = 0; i < lines.length; i++) {
        const closing = more(lines.length - i);
        const next = lines[i].length + 1;
        if (used + next + closing.length > budget) {
            if (used + closing.length > budget)
                return undefined;
            out.push(closing);
            return out.join("\n");
        }
        out.push(lines[i]);
        used += next;
    }
    return out.join("\n");
}
/** As many comma-separated items as fit; undefined when none does. */
function fitItems(items, budget) {
    let used = 0;
    let n = 0;
    for (const item of items) {
        if (used + item.length + 2 > budget)
            break;
        used += item.length + 2;
        n++;
    }
    if (n === 0 && items.length > 0)
        return undefined;
    return { text: items.slice(0, n).join(", "), rest: items.length - n };
}
/** REUSE entries without a notable reason, grouped by the run they were last built in. */
function groupUnchanged(entries, project) {
    const groups = new Map();
    for (const e of entries) {
        const run = e.last_build?.run_id ?? "";
        const name = mdCode(entryLabel(e, project));
        const list = groups.get(run);
        if (list)
            list.push(name);
        else
            groups.set(run, [name]);
    }
    return [...groups.entries()]
        .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
        .map(([run, names]) => ({
        heading: run
            ? `Unchanged since run ${mdCode(run)} (${formatCount(names.length)}): `
            : `Unchanged (${formatCount(names.length)}): `,
        names,
    }));
}

;// CONCATENATED MODULE: ./src/comment/render-terminal.ts



/** Widest name column; longer names push their reason to the right. */
const NAME_COLUMN = 40;
function renderTerminal(plan) {
    const phrase = phraseContext(plan);
    const lines = [];
    const build = plan.entries.filter((e) => e.action === "BUILD");
    const reuse = plan.entries.filter((e) => e.action === "REUSE");
    const saves = reuse.reduce((sum, e) => sum + (e.last_duration_s ?? 0), 0);
    const total = saves + build.reduce((sum, e) => sum + (e.last_duration_s ?? 0), 0);
    lines.push(`ods-state plan for ${cleanText(plan.project, MAX_NAME)}: ${formatCount(build.length)} to build, ${formatCount(reuse.length)} to reuse` +
        (saves > 0 && total > 0
            ? ` (reuse saves about ${formatDuration(saves)} of ${formatDuration(total)})`
            : ""));
    const env = cleanText(plan.environment, MAX_NAME);
    lines.push(plan.state.found
        ? `compared with ${env}` +
            (plan.state.run_id ? ` at run ${cleanText(plan.state.run_id, MAX_NAME)}` : "") +
            (plan.state.created_at ? ` (recorded ${formatTime(plan.state.created_at)})` : "")
        : `no recorded state for ${env}: every node is built`);
    lines.push("");
    const labels = plan.entries.map((e) => cleanText(entryLabel(e, plan.project), MAX_NAME));
    const width = Math.min(NAME_COLUMN, Math.max(0, ...labels.map((l) => l.length)));
    plan.entries.forEach((entry, i) => {
        const label = labels[i];
        lines.push(`${entry.action}  ${label.padEnd(width)}  ${wordsToPlain(phraseEntry(entry, phrase))}`);
    });
    if (plan.entries.length === 0)
        lines.push("(no node selected)");
    for (const check of plan.source_checks ?? [])
        if (check.action === "RUN")
            lines.push(`CHECK  ${cleanText(check.name, MAX_NAME).padEnd(width)}  ${wordsToPlain(messageWords(check.reason.message))}`);
    const unchecked = reuse.filter((e) => !e.relation_check?.checked).length;
    if (unchecked > 0)
        lines.push("", `note: whether the relation still exists was not checked for ${plural(unchecked, "reused node")}`);
    if (plan.warnings.length) {
        lines.push("");
        for (const w of plan.warnings)
            lines.push(`warning: ${wordsToPlain(messageWords(w.message))}`);
    }
    if (plan.build_command)
        lines.push("", cleanText(plan.build_command, Number.POSITIVE_INFINITY));
    return lines.join("\n") + "\n";
}

;// CONCATENATED MODULE: ./src/planner/build-command.ts
/**
 * The dbt selector for a set of nodes: one `fqn:` selector per node (the
 * fqn is unique across packages and names model versions), each safe to
 * paste into a shell: left bare when it has only characters no shell
 * interprets, single-quoted otherwise.
 */
const SHELL_SAFE = /^[A-Za-z0-9_.:+/,=-]+$/;
function shellQuote(word) {
    return SHELL_SAFE.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
function nodeSelector(fqn) {
    return `fqn:${fqn.join(".")}`;
}
function selectorFor(fqns) {
    return fqns.map((fqn) => shellQuote(nodeSelector(fqn))).join(" ");
}
function buildCommand(select) {
    return select === "" ? null : `dbt build --select ${select}`;
}

;// CONCATENATED MODULE: ./src/planner/freshness-policy.ts
const UNIT_SECONDS = {
    s: 1,
    sec: 1,
    second: 1,
    seconds: 1,
    m: 60,
    min: 60,
    minute: 60,
    minutes: 60,
    h: 3600,
    hour: 3600,
    hours: 3600,
    d: 86400,
    day: 86400,
    days: 86400,
};
function parseDuration(text) {
    const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*$/i.exec(text);
    if (!match)
        return undefined;
    const unit = UNIT_SECONDS[match[2].toLowerCase()];
    if (unit === undefined)
        return undefined;
    return Number(match[1]) * unit;
}
function isRecord(value) {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}
function readFreshnessPolicy(config) {
    if (!config)
        return { ok: true, policy: null };
    const state = config.state;
    if (isRecord(state) && (state.lag_tolerance != null || state.require_fresh_data_from != null)) {
        let lagSeconds = 0;
        let lagText = null;
        if (state.lag_tolerance != null) {
            if (typeof state.lag_tolerance !== "string" && typeof state.lag_tolerance !== "number") {
                return { ok: false, problem: "`config.state.lag_tolerance` is not a duration such as `4h`" };
            }
            lagText = String(state.lag_tolerance);
            const seconds = typeof state.lag_tolerance === "number" ? state.lag_tolerance : parseDuration(lagText);
            if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0) {
                return {
                    ok: false,
                    problem: `\`config.state.lag_tolerance\` is \`${lagText}\`, not a duration such as \`4h\``,
                };
            }
            lagSeconds = seconds;
        }
        const require = state.require_fresh_data_from ?? "any";
        if (require !== "any" && require !== "all") {
            return {
                ok: false,
                problem: `\`config.state.require_fresh_data_from\` is \`${String(require)}\`; allowed: any, all`,
            };
        }
        return {
            ok: true,
            policy: { lagSeconds, lagText, requireAll: require === "all", source: "config.state" },
        };
    }
    const freshness = config.freshness;
    if (isRecord(freshness) && freshness.build_after != null) {
        const buildAfter = freshness.build_after;
        if (!isRecord(buildAfter)) {
            return { ok: false, problem: "`config.freshness.build_after` is not an object with count and period" };
        }
        const { count, period } = buildAfter;
        const updatesOn = buildAfter.updates_on ?? "any";
        if (updatesOn !== "any" && updatesOn !== "all") {
            return {
                ok: false,
                problem: `\`config.freshness.build_after.updates_on\` is \`${String(updatesOn)}\`; allowed: any, all`,
            };
        }
        let lagSeconds = 0;
        let lagText = null;
        if (count != null || period != null) {
            const unit = typeof period === "string" ? UNIT_SECONDS[period] : undefined;
            if (typeof count !== "number" || count < 0 || unit === undefined) {
                return {
                    ok: false,
                    problem: "`config.freshness.build_after` needs a non-negative `count` and a `period` of minute, hour or day",
                };
            }
            lagSeconds = count * unit;
            lagText = `${count} ${period}${count === 1 ? "" : "s"}`;
        }
        return {
            ok: true,
            policy: {
                lagSeconds,
                lagText,
                requireAll: updatesOn === "all",
                source: "config.freshness.build_after",
            },
        };
    }
    return { ok: true, policy: null };
}

;// CONCATENATED MODULE: ./src/planner/reason-words.ts
/** Words for fingerprint components, as reviewers read them ("compiled SQL and config changed"). */
const COMPONENT_WORDS = {
    scheme: "fingerprint scheme",
    sql: "compiled SQL",
    file: "file",
    compiled_code: "compiled Python code",
    config: "config",
    macros: "macros it uses",
    contract: "contract",
    relation: "target relation",
    engine: "dbt version or adapter",
};
function componentWords(names) {
    const words = names.map((name) => COMPONENT_WORDS[name] ?? name);
    if (words.length <= 1)
        return words.join("");
    return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}
function listWords(items, limit = 3) {
    const shown = items.slice(0, limit);
    const rest = items.length - shown.length;
    const text = shown.length <= 1 ? shown.join("") : `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}`;
    return rest > 0 ? `${shown.join(", ")} and ${rest} more` : text;
}
/** A name in running text: backticked; renderers escape it. */
function reason_words_code(name) {
    return `\`${name}\``;
}

;// CONCATENATED MODULE: ./src/planner/selection.ts
/**
 * dbt's common selection forms over the project graph: `name`, `+name`,
 * `name+`, `+name+`, `tag:x`, `path:models/staging`, `fqn:pkg.folder.name`,
 * `package:x`, and a dotted name (`pkg.model`, `model.v2`) as dbt reads it
 * (fqn). Several selectors (space-separated, or repeated) are a union.
 * Sources are selected only as the ancestors a `+name` selector reaches.
 */

function splitSelectors(values) {
    return values.flatMap((value) => value.split(/\s+/)).filter((part) => part.length > 0);
}
function selectNodes(graph, selectors) {
    const nodes = new Set();
    const sources = new Set();
    for (const raw of selectors) {
        let text = raw;
        const parentsToo = text.startsWith("+");
        if (parentsToo)
            text = text.slice(1);
        const childrenToo = text.endsWith("+");
        if (childrenToo)
            text = text.slice(0, -1);
        if (text.length === 0)
            throw badSelector(raw, "it selects nothing");
        const matched = match(graph, text, raw);
        for (const id of matched) {
            nodes.add(id);
            if (parentsToo)
                addAncestors(graph, id, nodes, sources);
            if (childrenToo)
                addDescendants(graph, id, nodes);
        }
    }
    return { nodes, sources };
}
function badSelector(raw, why) {
    return new user_error/* UserError */.yo("usage", `The selector \`${raw}\` is not supported: ${why}.`, {
        input: "select",
        hint: "Use node names, +name, name+, tag:, path:, fqn: or package: (several separated by spaces).",
    });
}
function match(graph, text, raw) {
    const colon = text.indexOf(":");
    const method = colon > 0 ? text.slice(0, colon) : null;
    const value = colon > 0 ? text.slice(colon + 1) : text;
    const out = [];
    for (const [id, graphNode] of graph.nodes) {
        const node = graphNode.node;
        let hit;
        switch (method) {
            case null:
                hit = value.includes(".")
                    ? fqnMatches(node.fqn, value) || nameWithVersion(node) === value
                    : node.name === value;
                if (!hit && value.includes("/"))
                    hit = pathMatches(node.originalFilePath, value);
                break;
            case "fqn":
                hit = fqnMatches(node.fqn, value);
                break;
            case "tag":
                hit = node.tags.includes(value);
                break;
            case "path":
                hit = pathMatches(node.originalFilePath, value);
                break;
            case "package":
                hit = node.packageName === value;
                break;
            case "resource_type":
                hit = node.resourceType === value;
                break;
            default:
                throw badSelector(raw, `the method \`${method}\` is not one ODS plans with`);
        }
        if (hit)
            out.push(id);
    }
    return out;
}
function nameWithVersion(node) {
    return node.version === null ? node.name : `${node.name}.v${node.version}`;
}
/** dbt's fqn matching: the selector's parts are a prefix of the fqn, or name the node (with its version). */
function fqnMatches(fqn, selector) {
    const parts = selector.split(".");
    if (parts.length > fqn.length)
        return false;
    for (let i = 0; i < parts.length; i++)
        if (fqn[i] !== parts[i])
            return false;
    return true;
}
function pathMatches(file, selector) {
    const wanted = selector.replace(/\/+$/, "");
    return file === wanted || file.startsWith(`${wanted}/`);
}
function addAncestors(graph, id, nodes, sources) {
    const stack = [id];
    const seen = new Set();
    while (stack.length > 0) {
        const current = graph.nodes.get(stack.pop());
        if (!current || seen.has(current.id))
            continue;
        seen.add(current.id);
        for (const source of current.sources)
            sources.add(source);
        for (const parent of current.parents) {
            nodes.add(parent);
            stack.push(parent);
        }
    }
}
function addDescendants(graph, id, nodes) {
    const stack = [id];
    while (stack.length > 0) {
        const current = graph.nodes.get(stack.pop());
        if (!current)
            continue;
        for (const child of current.children) {
            if (!nodes.has(child)) {
                nodes.add(child);
                stack.push(child);
            }
        }
    }
}

;// CONCATENATED MODULE: ./src/dbt/checks-digest.ts
/**
 * The digest of a node's (or source's) checks (ADR-0013, "Tested builds"):
 * every data test and unit test that reads it, with its definition
 * (arguments, SQL, config and the project and package macros it calls).
 * dbt's and the adapter's own macros are covered by the engine, since dbt
 * lists different ones depending on the command that wrote the manifest.
 * Null when there are no checks: nothing vouches for such a node.
 */


const IGNORED_CONFIG = new Set(["tags", "meta", "docs"]);
function checks_digest_config(value) {
    if (!value)
        return null;
    return Object.fromEntries(Object.entries(value).filter(([key]) => !IGNORED_CONFIG.has(key)));
}
function checksDigest(checks, macros) {
    if (checks.length === 0)
        return null;
    const definitions = [...checks]
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((check) => {
        const test = check.test;
        const closure = macros.closure(test.dependsOn.macros);
        const macroDigests = closure.user.map((id) => [id, macros.sourceDigest(id)]);
        if (check.kind === "data_test") {
            return {
                id: check.id,
                kind: check.kind,
                metadata: check.test.testMetadata,
                raw: check.test.rawCode,
                config: checks_digest_config(check.test.config),
                macros: macroDigests,
                missing: closure.missing,
            };
        }
        return {
            id: check.id,
            kind: check.kind,
            given: check.test.given,
            expect: check.test.expect,
            overrides: check.test.overrides,
            config: checks_digest_config(check.test.config),
            macros: macroDigests,
            missing: closure.missing,
        };
    });
    return sha256(canonicalJson(definitions));
}

;// CONCATENATED MODULE: ./src/planner/source-evidence.ts
function observedSourceVersions(sources) {
    const out = new Map();
    if (!sources)
        return out;
    for (const result of sources.results) {
        out.set(result.uniqueId, {
            value: result.maxLoadedAt,
            exactness: result.maxLoadedAt ? "semantic" : "none",
            observedAt: result.snapshottedAt ?? sources.metadata.generatedAt,
            status: result.status,
        });
    }
    return out;
}
const RANK = { exact: 4, semantic: 3, proxy: 2, inferred: 1, none: 0 };
function atLeastSemantic(exactness) {
    return RANK[exactness] >= RANK.semantic;
}
/** Compares two ISO 8601 instants; NaN-safe: unparsable instants compare as unknown (undefined). */
function compareInstants(a, b) {
    const x = Date.parse(a);
    const y = Date.parse(b);
    if (Number.isNaN(x) || Number.isNaN(y))
        return undefined;
    return x - y;
}
/** Two max_loaded_at values are the same version when they denote the same instant (or are the same text). */
function sameVersion(a, b) {
    if (a === b)
        return true;
    const difference = compareInstants(a, b);
    return difference === 0;
}

;// CONCATENATED MODULE: ./src/planner/source-checks.ts
/**
 * Tested sources (ADR-0013, #232): dbt build runs the tests defined on
 * sources; ODS builds no sources, so without this its selection would
 * silently drop raw-data checks. A source's checks run, first match wins,
 * when: there is no passing record (not_tested); the checks digest differs
 * (checks_changed); its data version now is below semantic, was observed no
 * later than the last pass, or the record has none (missing_data_evidence);
 * the version moved (new_upstream_data). Otherwise they are skipped
 * (unchanged). With a selection, only sources a `+name` selector reaches as
 * ancestors are considered, as in dbt.
 */


function planSourceChecks(graph, macros, snapshot, observed, inScope) {
    const entries = [];
    for (const [id, source] of [...graph.sources].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        if (source.checks.length === 0)
            continue;
        if (inScope && !inScope.has(id))
            continue;
        const name = `${source.source.sourceName}.${source.source.name}`;
        const checks = source.checks.map((c) => graph.checks.get(c)).filter((c) => c !== undefined);
        const digest = checksDigest(checks, macros);
        const record = snapshot?.sources?.[id];
        const current = observed.get(id);
        const run = (code, message) => ({
            source_id: id,
            name,
            action: "RUN",
            reason: { code, message },
            checks: checks.length,
        });
        const tested = record?.tested;
        if (!tested) {
            entries.push(run("not_tested", "Its checks have no passing run recorded (never passed, or failed last time)."));
        }
        else if (!tested.checks_digest || tested.checks_digest !== digest) {
            entries.push(run("checks_changed", "Its checks were added, removed or edited since they last passed."));
        }
        else if (!current?.value || !atLeastSemantic(current.exactness)) {
            entries.push(run("missing_data_evidence", "No max_loaded_at for it in sources.json: its data may have changed."));
        }
        else if (!current.observedAt || (compareInstants(current.observedAt, tested.at) ?? 0) <= 0) {
            entries.push(run("missing_data_evidence", `sources.json was observed before its checks last passed (${tested.at}).`));
        }
        else if (!record.version) {
            entries.push(run("missing_data_evidence", "No data version was recorded when its checks last passed."));
        }
        else if (!sameVersion(current.value, record.version.value)) {
            entries.push(run("new_upstream_data", `New data since its checks last passed (${record.version.value} → ${current.value}).`));
        }
        else {
            entries.push({
                source_id: id,
                name,
                action: "SKIP",
                reason: { code: "unchanged", message: `Checks and data unchanged since run ${tested.run_id}.` },
                checks: checks.length,
            });
        }
    }
    return entries;
}

;// CONCATENATED MODULE: ./src/planner/plan.ts
/**
 * plan(): for every planned node, BUILD or REUSE, and why (ADR-0013,
 * "Planning rules"). Pure and synchronous: the clock is a value passed in.
 *
 * Rules, first match wins, in DAG order:
 *  0. no state at all                                    BUILD no_state
 *  0. state recorded for another target (ADR-0017)       BUILD target_changed
 *  2. no snapshot entry                                  BUILD never_built
 *  3. code evidence incomplete                           BUILD code_incomplete
 *  4. fingerprint scheme differs / fingerprint differs   BUILD scheme_changed / code_changed
 *     a hook reads the environment (#218)                BUILD hook_reads_environment
 *  5. a parent is built because its code changed        BUILD parent_code_changed
 *  6. a parent ODS doesn't know                          BUILD unknown_parent
 *  7. no declared inputs (seeds excepted)                BUILD no_declared_inputs
 *  8. the freshness policy can't be honoured             BUILD policy_unmet
 *  9. missing data evidence                              BUILD missing_data_evidence
 * 10. new upstream data, then the policy:
 * 11.   require_fresh_data_from: all, some inputs unchanged  REUSE quorum_not_met
 * 12.   within lag_tolerance of the last build               REUSE within_lag_tolerance
 * 13.   otherwise                                            BUILD new_upstream_data
 * 14. otherwise                                          REUSE unchanged / formatting_only
 * 15. entries ordered by DAG depth, then id; 16. a cycle is an error (the graph refuses it).
 * 17. every REUSE says whether the relation's existence was checked.
 * 18. the dbt command for the BUILD set.
 * 1. nodes not selected are left out of the plan (their decisions still
 *    count for their children).
 */










const POINTER_NOTE = " The environment reads that build through a pointer view.";
const UNCHECKED = {
    checked: false,
    exactness: "none",
    message: "not checked: no warehouse connection, so the relation is trusted to still exist",
};
function displayName(graph, id) {
    const node = graph.nodes.get(id)?.node;
    if (node)
        return node.version === null ? node.name : `${node.name}.v${node.version}`;
    const source = graph.sources.get(id)?.source;
    if (source)
        return `${source.sourceName}.${source.name}`;
    return id;
}
function sameTarget(a, b, pointers) {
    if (!a || !b)
        return true;
    if (a.adapter_type !== b.adapter_type)
        return false;
    return pointers || (a.name ?? null) === (b.name ?? null);
}
function plan(input) {
    const { project, scope, state, now } = input;
    const graph = project.graph;
    const snapshot = state?.snapshot ?? null;
    const observed = observedSourceVersions(input.sources);
    const decisions = new Map();
    const warnings = [];
    const pointers = input.pointers === true;
    const pointerNote = pointers ? POINTER_NOTE : "";
    const targetChanged = snapshot !== null && !sameTarget(snapshot.target, input.target, pointers);
    if (!snapshot) {
        warnings.push({
            code: "no_state",
            message: `No state was found for ${scopeKey(scope)}: every node is built, and the run is recorded so the next plan can reuse.`,
        });
    }
    else if (targetChanged) {
        warnings.push({
            code: "target_changed",
            message: `The state of ${scopeKey(scope)} was recorded for target ${describeTarget(snapshot.target)}, not ${describeTarget(input.target)}: a build is reused only in the target it went to.`,
        });
    }
    const readsSources = [...graph.nodes.values()].some((node) => node.sources.length > 0);
    if (snapshot && !targetChanged && readsSources && !input.sources) {
        warnings.push({
            code: "no_sources_json",
            message: "No sources.json was given: nodes that read sources have no evidence of their data and are built. Run `dbt source freshness` before planning.",
        });
    }
    let staleSources = 0;
    for (const id of graph.order) {
        const node = graph.nodes.get(id);
        const decision = decide(node);
        decisions.set(id, decision);
    }
    function decide(node) {
        const id = node.id;
        const fp = project.fingerprints.get(id);
        const entry = snapshot?.nodes[id];
        const codeEvidence = {
            kind: "code",
            subject: id,
            value: fp.fingerprint.digest,
            recorded: entry?.fingerprint.digest ?? null,
            exactness: fp.complete ? "exact" : "none",
        };
        const build = (code, message, extra = {}, evidence = []) => ({
            action: "BUILD",
            reason: { code, message, ...extra },
            evidence: [codeEvidence, ...evidence],
        });
        if (!snapshot)
            return build("no_state", "No state found: built once so the run can be recorded.");
        if (targetChanged) {
            return build("target_changed", `Its last build went to target ${describeTarget(snapshot.target)}; this plan builds into ${describeTarget(input.target)}.`);
        }
        if (!entry)
            return build("never_built", `Never built by ODS in ${scopeKey(scope)}.`);
        if (!fp.complete) {
            return build("code_incomplete", `Its code can't be fingerprinted completely: ${fp.incomplete.join("; ")}.`);
        }
        if (entry.fingerprint.scheme !== SCHEME) {
            return build("scheme_changed", `The fingerprint scheme changed (${entry.fingerprint.scheme} → ${SCHEME}): every node is built once.`);
        }
        const diff = pointers ? portableDiff(entry, fp) : diffFingerprints(entry.fingerprint, fp.fingerprint);
        if (!isEmptyDiff(diff)) {
            const names = [...diff.changed, ...diff.added, ...diff.removed];
            return build("code_changed", `Its ${componentWords(names)} changed since run ${entry.run_id}.`, {
                components: diff,
            });
        }
        if (fp.environmentReads.length > 0) {
            const where = fp.environmentReads.map((read) => `${read.where} reads ${read.names.map(reason_words_code).join(", ")}`);
            return build("hook_reads_environment", `It has hooks, and ${listWords(where)}: what the hook does depends on the run, so the node is built every run.`, {
                subjects: [
                    ...fp.environmentReads.map((read) => read.where),
                    ...new Set(fp.environmentReads.flatMap((read) => read.names)),
                ],
            });
        }
        const codeParents = node.parents.filter((parent) => {
            const d = decisions.get(parent);
            return d?.action === "BUILD" && BUILD_REASONS[d.reason.code] === "code";
        });
        if (codeParents.length > 0) {
            return build("parent_code_changed", `Parent ${listWords(codeParents.map((p) => reason_words_code(displayName(graph, p))))} ${codeParents.length === 1 ? "is" : "are"} built for a code change, so its input may change shape.`, { subjects: codeParents });
        }
        if (node.unknownParents.length > 0) {
            const ids = node.unknownParents.map((parent) => parent.id);
            return build("unknown_parent", `It reads ${listWords(ids.map(reason_words_code))}, which ODS doesn't know (neither a node nor a source in the manifest).`, { subjects: ids });
        }
        const isSeed = node.node.resourceType === "seed";
        if (!isSeed && node.parents.length === 0 && node.sources.length === 0) {
            return build("no_declared_inputs", "It declares no inputs (no `ref` or `source`), so ODS can't tell when the data it reads changes.");
        }
        const policy = readFreshnessPolicy(node.node.config);
        if (!policy.ok)
            return build("policy_unmet", `Its freshness policy can't be honoured: ${policy.problem}.`);
        // Rule 9: evidence of every input's data, now and at the last build.
        const evidence = [];
        const missing = [];
        const moved = [];
        const movedIds = [];
        for (const sourceId of node.sources) {
            const current = observed.get(sourceId);
            const recorded = entry.sources[sourceId];
            const name = reason_words_code(displayName(graph, sourceId));
            evidence.push({
                kind: "source_version",
                subject: sourceId,
                value: current?.value ?? null,
                recorded: recorded?.value ?? null,
                exactness: current?.exactness ?? "none",
            });
            if (!current) {
                missing.push(`${name} has no freshness result${input.sources ? " in sources.json" : " (no sources.json)"}`);
            }
            else if (!current.value || !atLeastSemantic(current.exactness)) {
                missing.push(`${name} has no max_loaded_at (freshness status ${current.status})`);
            }
            else if (!current.observedAt || (compareInstants(current.observedAt, entry.built_at) ?? 0) <= 0) {
                staleSources++;
                missing.push(`${name} was last observed ${current.observedAt ?? "at an unknown time"}, not after its last build (${entry.built_at})`);
            }
            else if (!recorded) {
                missing.push(`no version of ${name} was recorded when it was last built`);
            }
            else if (!atLeastSemantic(recorded.exactness)) {
                missing.push(`the version of ${name} recorded at its last build is only ${recorded.exactness}`);
            }
            else if (!sameVersion(current.value, recorded.value)) {
                moved.push(`source ${name} (${recorded.value} → ${current.value})`);
                movedIds.push(sourceId);
            }
        }
        for (const parent of node.parents) {
            const read = entry.parents[parent];
            const parentState = snapshot.nodes[parent];
            const parentDecision = decisions.get(parent);
            evidence.push({
                kind: "parent_build",
                subject: parent,
                value: parentState?.run_id ?? null,
                recorded: read ?? null,
                exactness: read && parentState ? "exact" : "none",
            });
            const name = reason_words_code(displayName(graph, parent));
            if (read === undefined) {
                missing.push(`no record of which build of parent ${name} it read`);
            }
            else if (parentDecision?.action === "BUILD") {
                moved.push(`parent ${name} is built (${parentDecision.reason.code.replaceAll("_", " ")})`);
                movedIds.push(parent);
            }
            else if (parentState && parentState.run_id !== read) {
                moved.push(`parent ${name} was rebuilt by run ${parentState.run_id} after the build it read (run ${read})`);
                movedIds.push(parent);
            }
        }
        if (missing.length > 0) {
            return build("missing_data_evidence", `No evidence of its input data since its last build: ${listWords(missing)}.`, {}, evidence);
        }
        if (moved.length > 0) {
            const inputs = node.parents.length + node.sources.length;
            const p = policy.policy;
            if (p?.requireAll && moved.length < inputs) {
                return {
                    action: "REUSE",
                    reason: {
                        code: "quorum_not_met",
                        message: `New data in ${moved.length} of ${inputs} inputs (${listWords(moved)}); its policy (require_fresh_data_from: all) waits for every input.`,
                        quorum: { changed: moved.length, total: inputs },
                    },
                    evidence: [codeEvidence, ...evidence],
                };
            }
            if (p && p.lagSeconds > 0) {
                const builtAt = Date.parse(entry.built_at);
                const due = new Date(builtAt + p.lagSeconds * 1000);
                if (!Number.isNaN(builtAt) && Date.parse(now) < due.getTime()) {
                    const dueAt = due.toISOString();
                    return {
                        action: "REUSE",
                        reason: {
                            code: "within_lag_tolerance",
                            message: `New upstream data (${listWords(moved)}), but it was built ${entry.built_at}, within its lag tolerance of ${p.lagText}: due at ${dueAt}.`,
                            due_at: dueAt,
                        },
                        evidence: [codeEvidence, ...evidence],
                    };
                }
            }
            return build("new_upstream_data", `New upstream data: ${listWords(moved)}.`, { subjects: movedIds }, evidence);
        }
        const formattingOnly = fp.rawDigest !== null && entry.raw_digest !== undefined && entry.raw_digest !== fp.rawDigest;
        return {
            action: "REUSE",
            reason: formattingOnly
                ? {
                    code: "formatting_only",
                    message: `Only formatting changed since run ${entry.run_id}; code and inputs unchanged.${pointerNote}`,
                }
                : {
                    code: "unchanged",
                    message: `Code and inputs unchanged since run ${entry.run_id}.${pointerNote}`,
                },
            evidence: [codeEvidence, ...evidence],
        };
    }
    if (staleSources > 0) {
        warnings.push({
            code: "stale_source_freshness",
            message: `sources.json was observed before the last build of ${staleSources} input${staleSources === 1 ? "" : "s"}: it says nothing about data since then, so the nodes that read them are built. Run \`dbt source freshness\` right before planning.`,
        });
    }
    const selection = input.select.length > 0 ? selectNodes(graph, input.select) : null;
    const entries = [];
    for (const id of graph.order) {
        if (selection && !selection.nodes.has(id))
            continue;
        const node = graph.nodes.get(id);
        const decision = decisions.get(id);
        const recorded = snapshot && !targetChanged ? snapshot.nodes[id] : undefined;
        const n = node.node;
        const relation = {
            database: n.relation.database,
            schema: n.relation.schema,
            identifier: n.relation.identifier,
        };
        const entry = {
            unique_id: id,
            name: displayName(graph, id),
            resource_type: n.resourceType,
            package_name: n.packageName,
            materialized: n.materialized,
            depth: node.depth,
            action: decision.action,
            reasons: [decision.reason],
            evidence: decision.evidence,
            relation,
            parents: [...node.parents, ...node.sources],
        };
        if (decision.action === "REUSE")
            entry.relation_check = input.relationCheck ?? UNCHECKED;
        if (recorded) {
            entry.last_build = {
                run_id: recorded.run_id,
                built_at: recorded.built_at,
                relation: recorded.relation ?? null,
            };
            if (recorded.duration_s !== undefined)
                entry.last_duration_s = recorded.duration_s;
        }
        entries.push(entry);
    }
    const built = entries.filter((entry) => entry.action === "BUILD");
    const sourceChecks = planSourceChecks(graph, new MacroIndex(graph.macros, graph.metadata.adapterType), targetChanged ? null : snapshot, observed, selection?.sources ?? null);
    const nodeSelect = selectorFor(built.map((entry) => graph.nodes.get(entry.unique_id).node.fqn));
    const sourceSelect = sourceChecks
        .filter((check) => check.action === "RUN")
        .map((check) => shellQuote(`source:${check.name}`))
        .join(" ");
    const select = [nodeSelect, sourceSelect].filter((part) => part !== "").join(" ");
    return {
        schema_version: PLAN_SCHEMA_VERSION,
        scope: scopeKey(scope),
        project: scope.project,
        environment: scope.environment,
        planned_at: now,
        state: {
            found: snapshot !== null,
            snapshot_id: state?.id ?? null,
            run_id: snapshot?.run_id ?? null,
            created_at: snapshot?.created_at ?? null,
        },
        selection: [...input.select],
        ...(pointers ? { pointers: true } : {}),
        summary: { build: built.length, reuse: entries.length - built.length },
        entries,
        source_checks: sourceChecks,
        build_command: buildCommand(select),
        select,
        warnings,
    };
}
/**
 * For a pull request's environment: where the node is built, and the names of
 * the relations it reads, are not code changes (the environment points at the
 * recorded build). Compares the portable sql when both sides have it.
 */
function portableDiff(entry, fp) {
    const portable = (components, sql) => {
        const { relation: _relation, ...rest } = components;
        if (sql && rest.sql !== undefined)
            rest.sql = sql;
        return { scheme: SCHEME, digest: "", components: rest };
    };
    const bothPortable = Boolean(entry.portable_sql && fp.portableSql);
    return diffFingerprints(portable(entry.fingerprint.components, bothPortable ? entry.portable_sql : null), portable(fp.fingerprint.components, bothPortable ? fp.portableSql : null));
}
function describeTarget(target) {
    if (!target)
        return "(unknown)";
    return target.name ? `${target.name} (${target.adapter_type})` : target.adapter_type;
}

;// CONCATENATED MODULE: ./src/cli/commands/plan.ts







const PLAN_FORMATS = ["text", "json", "markdown"];
/** Plans the manifest against the scope's latest state; shared by plan, explain and diff. */
async function planFromFlags(values, context, now = new Date()) {
    const project = readProject(context, values.manifest);
    const scope = scopeOf(project, values.environment);
    const sources = readSourcesIfGiven(context, values.sources);
    const stateFile = resolveFlagPath(context, values.state, DEFAULT_STATE);
    const store = await openExistingState(context, stateFile);
    try {
        const latest = store ? await store.latest(scope) : undefined;
        return plan({
            project,
            scope,
            state: latest ? { id: latest.id, snapshot: latest.snapshot } : null,
            sources,
            select: splitSelectors(values.select ?? []),
            now: now.toISOString(),
            target: targetOf(project, scope, values.target),
            pointers: values.pointers === true,
        });
    }
    finally {
        await store?.close();
    }
}
const PLAN_OPTIONS = {
    manifest: { type: "string" },
    state: { type: "string" },
    environment: { type: "string" },
    target: { type: "string" },
    sources: { type: "string" },
    select: { type: "string", multiple: true },
    pointers: { type: "boolean" },
};
const PLAN_OPTION_HELP = {
    manifest: "dbt's manifest.json (after `dbt compile`); default target/manifest.json",
    state: `the state database; default ${DEFAULT_STATE} (not created when absent: no state, everything is built)`,
    environment: "the state scope's environment; default prod",
    target: "the dbt target this plan builds into (a build is reused only in its target); default: the environment",
    sources: "dbt's sources.json (`dbt source freshness`): evidence of new source data",
    select: "dbt selection: name, +name, name+, tag:, path:, fqn:, package: (repeatable)",
    pointers: "plan a pull request's environment (a manifest compiled with the CI target) over the scope's state: REUSE nodes are served by pointer views, so the relation may differ",
};
const planCommand = {
    name: "plan",
    summary: "say, node by node, what must be built and what can be reused, and why",
    usage: [
        "plan --manifest PATH [--state DB] [--environment NAME] [--sources PATH] [--select SEL]… [--format text|json|markdown]",
    ],
    optionHelp: {
        ...PLAN_OPTION_HELP,
        format: "text (default), json (versioned, docs/cli-formats.md) or markdown (the job summary the action writes)",
    },
    options: { ...PLAN_OPTIONS, format: { type: "string" } },
    examples: [
        "ods-state plan --manifest target/manifest.json --sources target/sources.json",
        "ods-state plan --manifest target/manifest.json --select +orders --format json > plan.json",
        "ods-state plan --manifest pr/manifest.json --environment prod --pointers   # a PR environment over prod's state",
        'dbt build --select "$(ods-state plan --format json | jq -r .select)"',
    ],
    async run(values, _positionals, context) {
        const format = values.format ?? "text";
        if (!PLAN_FORMATS.includes(format)) {
            throw new user_error/* UserError */.yo("usage", `--format is \`${format}\`; allowed: ${PLAN_FORMATS.join(", ")}.`, {
                input: "--format",
            });
        }
        const result = await planFromFlags(values, context);
        if (format === "json")
            context.stdout(`${JSON.stringify(result, null, 2)}\n`);
        else if (format === "markdown")
            context.stdout(renderJobSummary(result, { project: result.project, toolVersion: VERSION }));
        else
            context.stdout(renderTerminal(result));
        return 0;
    },
};

;// CONCATENATED MODULE: ./src/cli/commands/explain.ts


/** Finds a node by unique_id, name or `name.vN`; ambiguity is an error listing the candidates. */
function findEntry(plan, wanted) {
    const exact = plan.entries.find((entry) => entry.unique_id === wanted);
    if (exact)
        return exact;
    const named = plan.entries.filter((entry) => entry.name === wanted);
    if (named.length === 1)
        return named[0];
    if (named.length > 1) {
        throw new user_error/* UserError */.yo("usage", `\`${wanted}\` names ${named.length} nodes: ${named.map((e) => e.unique_id).join(", ")}.`, {
            hint: "Give the node's unique_id.",
        });
    }
    throw new user_error/* UserError */.yo("usage", `No planned node is called \`${wanted}\` in ${plan.scope}.`, {
        hint: "Give a model, seed or snapshot name or unique_id (ephemeral models are not planned; see their readers).",
    });
}
const explainCommand = {
    name: "explain",
    summary: "the decision for one node, with every piece of evidence it rests on",
    usage: ["explain NODE --manifest PATH [--state DB] [--sources PATH] [--environment NAME]"],
    optionHelp: { ...PLAN_OPTION_HELP },
    options: { ...PLAN_OPTIONS },
    positionals: { name: "NODE (a name or unique_id)", required: true },
    examples: ["ods-state explain orders --manifest target/manifest.json --sources target/sources.json"],
    async run(values, positionals, context) {
        const plan = await planFromFlags(values, context);
        const entry = findEntry(plan, positionals[0]);
        const lines = [
            `${entry.unique_id} (${entry.resource_type}${entry.materialized ? `, ${entry.materialized}` : ""})`,
            `decision: ${entry.action}`,
            ...entry.reasons.map((reason) => `reason: ${reason.code}: ${reason.message}`),
        ];
        if (entry.last_build)
            lines.push(`last build: run ${entry.last_build.run_id} at ${entry.last_build.built_at}`);
        lines.push("evidence:");
        for (const evidence of entry.evidence) {
            const recorded = evidence.recorded === undefined ? "" : `; recorded ${evidence.recorded ?? "nothing"}`;
            lines.push(`  ${evidence.kind} ${evidence.subject}: ${evidence.value ?? "none"}${recorded} (${evidence.exactness})`);
        }
        if (entry.relation_check)
            lines.push(`relation: ${entry.relation_check.message} (${entry.relation_check.exactness})`);
        context.stdout(`${lines.join("\n")}\n`);
        return 0;
    },
};

;// CONCATENATED MODULE: ./src/cli/commands/fingerprint.ts




/** Version of the `fingerprint --format json` document (docs/cli-formats.md). */
const FINGERPRINT_FORMAT_VERSION = "1.0";
function fingerprintDocument(fingerprints, manifest) {
    return {
        schema_version: FINGERPRINT_FORMAT_VERSION,
        manifest,
        nodes: [...fingerprints].map((node) => ({
            unique_id: node.id,
            digest: node.fingerprint.digest,
            version_key: node.versionKey,
            complete: node.complete,
            incomplete: node.incomplete,
            components: node.fingerprint.components,
        })),
    };
}
const fingerprintCommand = {
    name: "fingerprint",
    summary: "print the fingerprint (scheme dbt/2) and version key of every planned node",
    usage: ["fingerprint --manifest PATH [--format text|json]"],
    optionHelp: {
        manifest: "dbt's manifest.json (after `dbt compile`); default target/manifest.json",
        format: "text (default) or json (versioned, see docs/cli-formats.md)",
    },
    options: {
        manifest: { type: "string" },
        format: { type: "string" },
    },
    examples: [
        "ods-state fingerprint --manifest target/manifest.json",
        "ods-state fingerprint --manifest target/manifest.json --format json | jq '.nodes[] | select(.complete | not)'",
    ],
    run(values, _positionals, context) {
        const format = values.format ?? "text";
        if (format !== "text" && format !== "json") {
            throw new user_error/* UserError */.yo("usage", `--format is \`${format}\`; allowed: text, json.`, { input: "--format" });
        }
        const file = external_node_path_default().resolve(context.cwd, values.manifest ?? "target/manifest.json");
        const project = loadProject(readTextFile(file, "--manifest"), file);
        const metadata = project.manifest.metadata;
        if (format === "json") {
            const document = fingerprintDocument(project.fingerprints.values(), {
                project: metadata.projectName,
                dbt_version: metadata.dbtVersion,
                adapter: metadata.adapterType,
            });
            context.stdout(`${JSON.stringify(document, null, 2)}\n`);
            return 0;
        }
        const lines = [];
        let incomplete = 0;
        for (const node of project.fingerprints.values()) {
            lines.push(`${node.fingerprint.digest.slice(0, 12)}  ${node.versionKey.slice(0, 12)}  ${node.id}`);
            if (!node.complete) {
                incomplete++;
                for (const reason of node.incomplete)
                    lines.push(`    incomplete: ${reason}`);
            }
        }
        lines.push("", `${project.fingerprints.size} planned nodes of ${metadata.projectName ?? "an unnamed project"} (dbt ${metadata.dbtVersion ?? "?"}, ${metadata.adapterType ?? "?"}); ${incomplete} incomplete (always built).`, "Columns: fingerprint digest, version key, node.");
        context.stdout(`${lines.join("\n")}\n`);
        return 0;
    },
};

;// CONCATENATED MODULE: ./src/cli/commands/history.ts




const DEFAULT_LIMIT = 10;
const historyCommand = {
    name: "history",
    summary: "list the snapshots and runs recorded in the state database, newest first",
    usage: ["history [--state PATH] [--scope PROJECT/ENVIRONMENT] [--limit N] [--json]"],
    optionHelp: {
        state: STATE_OPTION_HELP,
        scope: "only this scope, e.g. jaffle_shop/prod; default every scope",
        limit: `snapshots and runs shown per scope; default ${DEFAULT_LIMIT}`,
        json: "print JSON instead of text",
    },
    options: {
        ...STATE_OPTION,
        scope: { type: "string" },
        limit: { type: "string" },
        json: { type: "boolean" },
    },
    examples: [
        "ods-state history",
        "ods-state history --scope jaffle_shop/prod --limit 30",
        "ods-state history --state ci-state/state.db --json",
    ],
    async run(values, _positionals, context) {
        const file = stateFile(values, context);
        const limit = values.limit === undefined ? DEFAULT_LIMIT : Number(values.limit);
        if (!Number.isInteger(limit) || limit < 1) {
            throw new user_error/* UserError */.yo("usage", `--limit is \`${values.limit}\`; it must be a whole number of at least 1.`, {
                input: "--limit",
            });
        }
        let only;
        if (typeof values.scope === "string") {
            only = parseScopeKey(values.scope);
            if (!only) {
                throw new user_error/* UserError */.yo("usage", `--scope is \`${values.scope}\`; it must be PROJECT/ENVIRONMENT.`, {
                    input: "--scope",
                    hint: "For example --scope jaffle_shop/prod; `ods-state history` without --scope lists every scope.",
                });
            }
        }
        const store = await SqliteStateStore.open(file, {
            driver: context.sqliteDriver,
            create: false,
            log: (line) => context.stderr(`${line}\n`),
        });
        try {
            const scopes = (await store.scopes()).filter((scope) => only === undefined || scope.scope === `${only.project}/${only.environment}`);
            const listed = [];
            for (const scope of scopes) {
                const key = parseScopeKey(scope.scope);
                listed.push({
                    scope: scope.scope,
                    head: scope.head ?? null,
                    snapshots: await store.history(key, limit),
                    runs: await store.runs(key, limit),
                });
            }
            if (values.json) {
                context.stdout(`${JSON.stringify({ schema_version: "1.0", state: file, scopes: listed }, null, 2)}\n`);
                return 0;
            }
            const lines = [`State: ${shown(file, context)}`];
            if (listed.length === 0) {
                lines.push(only
                    ? `Nothing is recorded for ${only.project}/${only.environment}.`
                    : "Nothing is recorded yet: the next run that records state starts the history.");
            }
            for (const [index, scope] of listed.entries()) {
                const summary = scopes[index];
                lines.push("", `${scope.scope}: ${summary.snapshots} snapshot${summary.snapshots === 1 ? "" : "s"} kept, ${summary.runs} run${summary.runs === 1 ? "" : "s"} in the ledger`);
                lines.push(scope.snapshots.length > 0 ? "  snapshots (newest first, * = head):" : "  no snapshot yet");
                for (const snapshot of scope.snapshots) {
                    lines.push(`  ${snapshot.head ? "*" : " "} ${snapshot.id}  ${snapshot.committed_at}  run ${snapshot.run_id}  ${snapshot.node_count} nodes  schema ${snapshot.schema_version}`);
                }
                if (summary.snapshots > scope.snapshots.length) {
                    lines.push(`    … ${summary.snapshots - scope.snapshots.length} older (--limit)`);
                }
                if (scope.runs.length > 0)
                    lines.push("  runs (newest first):");
                for (const run of scope.runs) {
                    const produced = run.snapshot_id === null
                        ? "no snapshot"
                        : `snapshot ${run.snapshot_id}${run.snapshot_retained ? "" : " (pruned)"}`;
                    lines.push(`    ${run.run_id}  ${run.status.padEnd(8)} ${run.command}  ${run.started_at} → ${run.ended_at ?? "?"}  ${produced}${run.invocation_id ? `  dbt ${run.invocation_id}` : ""}${run.detail ? `\n      ${run.detail}` : ""}`);
                }
                if (summary.runs > scope.runs.length)
                    lines.push(`    … ${summary.runs - scope.runs.length} older (--limit)`);
            }
            context.stdout(`${lines.join("\n")}\n`);
            return 0;
        }
        finally {
            await store.close();
        }
    },
};

;// CONCATENATED MODULE: ./src/planner/record.ts







/** dbt commands that build; anything else (compile, docs generate, test, …) builds nothing. */
const BUILDING_COMMANDS = ["build", "run", "seed", "snapshot"];
const NODE_SUCCESS = new Set(["success"]);
const CHECK_PASSED = new Set(["pass", "warn", "success"]);
const CHECK_FAILED = new Set(["fail", "error", "runtime error"]);
function refuse(message, file) {
    throw new user_error/* UserError */.yo("record_refused", message, { file });
}
/** When the run started: dbt's invocation_started_at, else the earliest timing, else generated_at minus elapsed. */
function runStartedAt(results) {
    if (results.metadata.invocationStartedAt)
        return results.metadata.invocationStartedAt;
    let earliest = null;
    for (const result of results.results) {
        for (const timing of result.timing) {
            const at = timing.startedAt ? Date.parse(timing.startedAt) : Number.NaN;
            if (!Number.isNaN(at) && (earliest === null || at < earliest))
                earliest = at;
        }
    }
    if (earliest !== null)
        return new Date(earliest).toISOString();
    if (results.metadata.generatedAt && results.elapsedTime !== null) {
        const end = Date.parse(results.metadata.generatedAt);
        if (!Number.isNaN(end))
            return new Date(end - results.elapsedTime * 1000).toISOString();
    }
    return null;
}
function completedAt(timing) {
    let latest = null;
    for (const t of timing) {
        const at = t.completedAt ? Date.parse(t.completedAt) : Number.NaN;
        if (!Number.isNaN(at) && (latest === null || at > latest))
            latest = at;
    }
    return latest === null ? null : new Date(latest).toISOString();
}
function record_record(input) {
    const { project, runResults, scope } = input;
    const file = runResults.file;
    const metadata = project.manifest.metadata;
    const command = runResults.args.which;
    if (!metadata.projectName) {
        refuse(`${project.manifest.file} has no project name: unrelated projects would share state.`, project.manifest.file);
    }
    if (!command || !BUILDING_COMMANDS.includes(command)) {
        refuse(`${file} comes from \`dbt ${command ?? "(unknown command)"}\`, which builds nothing (it reports nodes as successful without building them); only ${BUILDING_COMMANDS.join(", ")} are recorded.`, file);
    }
    if (runResults.args.empty) {
        refuse(`${file} comes from an \`--empty\` run: its tables hold no rows, so it is not a build to reuse.`, file);
    }
    const runId = runResults.metadata.invocationId;
    if (!runId)
        refuse(`${file} has no invocation_id, so the run can't be identified.`, file);
    if (runId !== metadata.invocationId) {
        refuse(`${file} is from dbt invocation ${runId}, but ${project.manifest.file} is from ${metadata.invocationId ?? "no invocation"}: record the manifest the run wrote (target/manifest.json of the same \`dbt build\`).`, file);
    }
    if (input.recordedRunIds.has(runId) || input.previous?.run_id === runId) {
        refuse(`Run ${runId} is already recorded in ${scopeKey(scope)}.`, file);
    }
    const startedAt = runStartedAt(runResults);
    if (!startedAt)
        refuse(`${file} records no start time, so ODS can't order it against the recorded state.`, file);
    const targetChanged = input.previous !== null &&
        input.target !== undefined &&
        input.previous.target !== undefined &&
        (input.previous.target.adapter_type !== input.target.adapter_type ||
            (input.previous.target.name ?? null) !== (input.target.name ?? null));
    const previous = input.previous && !targetChanged ? input.previous : null;
    if (previous) {
        let latestBuild = null;
        for (const state of Object.values(previous.nodes)) {
            if (latestBuild === null || (compareInstants(state.built_at, latestBuild) ?? 0) > 0)
                latestBuild = state.built_at;
        }
        if (latestBuild && (compareInstants(startedAt, latestBuild) ?? 0) < 0) {
            refuse(`Run ${runId} started ${startedAt}, before the recorded state of ${scopeKey(scope)} (a build finished ${latestBuild}): another run recorded newer builds meanwhile. Nothing was written; the nodes of this run are built again next time.`, file);
        }
    }
    // sources.json counts only when taken strictly before the run started.
    let sourceVersions = new Map();
    let sourcesIgnored = null;
    if (input.sources) {
        const taken = input.sources.metadata.generatedAt;
        if (!taken || (compareInstants(taken, startedAt) ?? 0) >= 0) {
            sourcesIgnored = `${input.sources.file} was taken ${taken ?? "at an unknown time"}, not before the run started (${startedAt}): its versions could include data that arrived after the build.`;
        }
        else {
            sourceVersions = new Map();
            for (const result of input.sources.results) {
                if (result.maxLoadedAt) {
                    sourceVersions.set(result.uniqueId, {
                        value: result.maxLoadedAt,
                        exactness: "semantic",
                        observed_at: result.snapshottedAt ?? taken,
                    });
                }
            }
        }
    }
    const graph = project.graph;
    const macros = new MacroIndex(graph.macros, metadata.adapterType);
    const statusOf = new Map(runResults.results.map((result) => [result.uniqueId, result]));
    const checksOf = (ids) => ids.map((id) => graph.checks.get(id)).filter(Boolean);
    const checksOutcome = (ids) => {
        if (ids.length === 0)
            return "not_run";
        let allPassed = true;
        for (const id of ids) {
            const status = statusOf.get(id)?.status;
            if (status !== undefined && CHECK_FAILED.has(status))
                return "failed";
            if (status === undefined || !CHECK_PASSED.has(status))
                allPassed = false;
        }
        return allPassed ? "passed" : "not_run";
    };
    const nodes = {};
    const built = [];
    const failed = [];
    const skipped = [];
    for (const id of graph.order) {
        const node = graph.nodes.get(id);
        const result = statusOf.get(id);
        const old = previous?.nodes[id];
        if (result && NODE_SUCCESS.has(result.status)) {
            const fp = project.fingerprints.get(id);
            const parents = {};
            for (const parent of node.parents) {
                const parentRun = nodes[parent]?.run_id;
                if (parentRun !== undefined)
                    parents[parent] = parentRun;
            }
            const sources = {};
            for (const sourceId of node.sources) {
                const version = sourceVersions.get(sourceId);
                if (version)
                    sources[sourceId] = version;
            }
            const n = node.node;
            const state = {
                fingerprint: fp.fingerprint,
                version_key: fp.versionKey,
                run_id: runId,
                built_at: completedAt(result.timing) ?? runResults.metadata.generatedAt ?? startedAt,
                materialized: n.materialized ?? undefined,
                relation: {
                    database: n.relation.database,
                    schema: n.relation.schema,
                    identifier: n.relation.identifier,
                },
                parents,
                sources,
            };
            if (fp.rawDigest !== null)
                state.raw_digest = fp.rawDigest;
            if (fp.portableSql !== null)
                state.portable_sql = fp.portableSql;
            if (result.executionTime !== null)
                state.duration_s = result.executionTime;
            const digest = checksDigest(checksOf(node.checks), macros);
            if (digest !== null && checksOutcome(node.checks) === "passed") {
                state.tested = { run_id: runId, at: state.built_at, checks_digest: digest };
            }
            nodes[id] = state;
            built.push(id);
        }
        else {
            if (result)
                (result.status === "skipped" ? skipped : failed).push(id);
            if (old) {
                const kept = { ...old };
                const ranAndFailed = result !== undefined && result.status !== "skipped";
                if (ranAndFailed || checksOutcome(node.checks) === "failed")
                    delete kept.tested;
                nodes[id] = kept;
            }
        }
    }
    // Tested sources.
    const sourceStates = { ...(previous?.sources ?? {}) };
    for (const [sourceId, source] of graph.sources) {
        const outcome = checksOutcome(source.checks);
        if (outcome === "failed")
            delete sourceStates[sourceId];
        else if (outcome === "passed") {
            const digest = checksDigest(checksOf(source.checks), macros);
            const next = {
                tested: { run_id: runId, at: startedAt, ...(digest ? { checks_digest: digest } : {}) },
            };
            const version = sourceVersions.get(sourceId);
            if (version)
                next.version = version;
            sourceStates[sourceId] = next;
        }
    }
    for (const sourceId of Object.keys(sourceStates))
        if (!graph.sources.has(sourceId))
            delete sourceStates[sourceId];
    const snapshot = {
        schema_version: formatSchemaVersion(SNAPSHOT_SCHEMA_VERSION),
        project: scope.project,
        environment: scope.environment,
        run_id: runId,
        created_at: input.now,
        nodes,
    };
    if (input.target)
        snapshot.target = input.target;
    if (Object.keys(sourceStates).length > 0)
        snapshot.sources = sourceStates;
    const status = failed.length === 0 && skipped.length === 0 ? "success" : built.length > 0 ? "partial" : "failed";
    const run = {
        run_id: runId,
        scope: scopeKey(scope),
        invocation_id: runId,
        command: command,
        started_at: startedAt,
        ended_at: runResults.metadata.generatedAt,
        status,
        snapshot_id: null,
    };
    return { snapshot, run, built, failed, skipped, sourcesIgnored };
}

;// CONCATENATED MODULE: ./src/cli/commands/record.ts


const recordCommand = {
    name: "record",
    summary: "commit a finished dbt run (build, run, seed, snapshot) as the scope's next state",
    usage: ["record --manifest PATH --run-results PATH [--sources PATH] [--state DB] [--environment NAME]"],
    optionHelp: {
        manifest: "the manifest.json the run wrote (same dbt invocation as the run results)",
        "run-results": "the run's run_results.json",
        sources: "sources.json taken strictly before the run started (otherwise it is not used)",
        state: `the state database; default ${DEFAULT_STATE} (created when absent)`,
        environment: "the state scope's environment; default prod",
        target: "the dbt target the run built into; default: the environment",
    },
    options: {
        manifest: { type: "string" },
        "run-results": { type: "string" },
        sources: { type: "string" },
        state: { type: "string" },
        environment: { type: "string" },
        target: { type: "string" },
    },
    examples: [
        "dbt source freshness && dbt build && ods-state record --manifest target/manifest.json --run-results target/run_results.json",
    ],
    async run(values, _positionals, context) {
        const project = readProject(context, values.manifest);
        const runResults = readRunResults(context, values["run-results"]);
        const sources = readSourcesIfGiven(context, values.sources);
        const scope = scopeOf(project, values.environment);
        const store = await openStateForWriting(context, resolveFlagPath(context, values.state, DEFAULT_STATE));
        try {
            const latest = await store.latest(scope);
            const ledger = await store.runs(scope);
            const outcome = record_record({
                project,
                runResults,
                sources,
                scope,
                previous: latest?.snapshot ?? null,
                recordedRunIds: new Set(ledger.map((run) => run.run_id)),
                target: targetOf(project, scope, values.target),
                now: new Date().toISOString(),
            });
            const committed = await store.commit(scope, latest?.id ?? null, outcome.snapshot, outcome.run);
            if (outcome.sourcesIgnored)
                context.stderr(`warning: ${outcome.sourcesIgnored}\n`);
            context.stdout(`Recorded run ${outcome.run.run_id} (dbt ${outcome.run.command}, ${outcome.run.status}) in ${committed.scope}: ` +
                `${outcome.built.length} built, ${outcome.failed.length} failed, ${outcome.skipped.length} skipped; snapshot ${committed.id}.\n`);
            return 0;
        }
        finally {
            await store.close();
        }
    },
};

;// CONCATENATED MODULE: ./src/cli/commands/reset.ts


const resetCommand = {
    name: "reset",
    summary: "move the state database aside (nothing is deleted) so the next run starts from no state",
    usage: ["reset [--state PATH]"],
    optionHelp: { state: STATE_OPTION_HELP },
    options: { ...STATE_OPTION },
    examples: ["ods-state reset", "ods-state reset --state .ods/state.db"],
    async run(values, _positionals, context) {
        const file = stateFile(values, context);
        const { moved, wal } = resetStateFile(file);
        if (moved === undefined) {
            context.stdout(`There is no state database at ${shown(file, context)}; nothing to reset.\n`);
            return 0;
        }
        const lines = [
            `Moved ${shown(file, context)} aside to ${shown(moved, context)}${wal ? ` (with its write-ahead log, ${shown(`${moved}-wal`, context)})` : ""}. Nothing was deleted.`,
            "The next run starts from no state: every node is built once, then state is recorded again.",
            `To undo, before the next run records anything: mv ${shown(moved, context)} ${shown(file, context)}${wal ? ` && mv ${shown(`${moved}-wal`, context)} ${shown(`${file}-wal`, context)}` : ""}`,
        ];
        context.stdout(`${lines.join("\n")}\n`);
        return 0;
    },
};

;// CONCATENATED MODULE: ./src/cli/registry.ts









/**
 * Every CLI command, in the order `--help` lists them. A command is added by
 * importing it here and listing it below; nowhere else.
 */
const COMMANDS = [
    planCommand,
    recordCommand,
    explainCommand,
    diffCommand,
    fingerprintCommand,
    historyCommand,
    doctorCommand,
    backupCommand,
    resetCommand,
];
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
    warehouse_invalid: {
        exit: 2,
        hint: "Give the warehouse as `--warehouse duckdb:PATH` or `--warehouse postgres://USER@HOST:PORT/DATABASE` (or set ODS_WAREHOUSE); put the password in PGPASSWORD or ~/.pgpass, not in the workflow file.",
    },
    warehouse_unavailable: {
        exit: 1,
        hint: "Check that the warehouse is reachable from the job and that the credentials are right; nothing was changed.",
    },
    warehouse_error: {
        exit: 1,
        hint: "The warehouse refused a statement. What ODS records is what the warehouse holds: fix the cause and run the command again to finish the job.",
    },
    identifier_refused: {
        exit: 1,
        hint: "Rename the model, schema or alias in the dbt project: ODS refuses names it could only pass to the warehouse by relying on escaping (double quotes, control characters) and names the warehouse would cut.",
    },
    environment_overlaps_prod: {
        exit: 1,
        hint: "Give the CI target its own schema, e.g. `schema: analytics_pr_{{ env_var('PR_NUMBER') }}` in the `ci` output of profiles.yml (or DBT_SCHEMA), and compile the pull request's manifest with `--target ci`.",
    },
    environment_refused: {
        exit: 1,
        hint: "Nothing was changed. The message names the node and the relation in the way; fix it in the dbt project or the warehouse and run the command again.",
    },
    environment_unknown: {
        exit: 1,
        hint: "Run `ods-state env list --warehouse …` to see the environments the registry knows.",
    },
    registry_newer: {
        exit: 1,
        hint: "The environment registry was written by a newer ods-state. Upgrade ods-state; the registry was left untouched.",
    },
    promotion_not_atomic: {
        exit: 1,
        hint: "This warehouse can't switch every table of a promotion at once. Pass --allow-non-atomic to use the staged and journaled protocol (readers may see a mix of versions while it switches), or let dbt build the nodes.",
    },
    promotion_refused: {
        exit: 1,
        hint: "Nothing was promoted; dbt builds the nodes instead. The message says which table or record is in the way.",
    },
    rollback_refused: {
        exit: 1,
        hint: "Run `ods-state env list --warehouse …` to see promotions and whether their replaced tables are still kept.",
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

/***/ 386:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  Lw: () => (/* binding */ classifySqliteError),
  Lf: () => (/* binding */ openSqlite),
  nI: () => (/* binding */ parseDriverPreference)
});

// UNUSED EXPORTS: DRIVER_PREFERENCES, nativeBindingName, selectDriver

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __nccwpck_require__(24);
;// CONCATENATED MODULE: external "node:module"
const external_node_module_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:module");
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __nccwpck_require__(760);
var external_node_path_default = /*#__PURE__*/__nccwpck_require__.n(external_node_path_);
;// CONCATENATED MODULE: external "node:url"
const external_node_url_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");
// EXTERNAL MODULE: ./node_modules/better-sqlite3/lib/index.js
var lib = __nccwpck_require__(918);
var lib_default = /*#__PURE__*/__nccwpck_require__.n(lib);
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
    const here = external_node_path_default().dirname((0,external_node_url_namespaceObject.fileURLToPath)(import.meta.url));
    const bundled = external_node_path_default().join(here, "..", "native", nativeBindingName());
    // From source: src/store/ -> node_modules/better-sqlite3. Built from parts so
    // that the bundler does not mistake it for an asset of the bundle.
    const fromSource = external_node_path_default().join(here, "..", "..", "node_modules", ["better", "sqlite3"].join("-"), "build", "Release");
    return [bundled, external_node_path_default().join(fromSource, "better_sqlite3.node")];
}
const loadedByPreference = new Map();
let announced;
function loadNative() {
    const requireAddon = (0,external_node_module_namespaceObject.createRequire)(import.meta.url);
    const found = bindingCandidates().find((candidate) => (0,external_node_fs_.existsSync)(candidate));
    if (found === undefined) {
        return { reason: `no native binding ${nativeBindingName()} was found` };
    }
    try {
        return { addon: requireAddon(found) };
    }
    catch (error) {
        const detail = error instanceof Error ? error.message.split("\n")[0] : String(error);
        return { reason: `the native binding ${external_node_path_default().basename(found)} failed to load (${detail})` };
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
            throw new user_error/* UserError */.yo("driver_unavailable", `The better-sqlite3 driver was requested but ${native.reason}.`);
        }
        else {
            loaded = { driver: "node:sqlite", fallbackReason: native.reason ?? "unknown" };
        }
    }
    if (loaded.driver === "node:sqlite" && !builtinSqlite()) {
        throw new user_error/* UserError */.yo("driver_unavailable", `No SQLite driver is available: ${loaded.fallbackReason}, and node:sqlite needs Node 22.5 or newer (this is ${process.version}).`);
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
    const db = new (lib_default())(file, {
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
    if (options.mustExist && !(0,external_node_fs_.existsSync)(file)) {
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
const PRIMARY_CODES = {
    5: "busy",
    6: "busy",
    8: "readonly",
    10: "ioerr",
    11: "corrupt",
    13: "full",
    14: "cantopen",
    26: "notadb",
};
const NAMED_CODES = [
    ["SQLITE_CORRUPT", "corrupt"],
    ["SQLITE_NOTADB", "notadb"],
    ["SQLITE_BUSY", "busy"],
    ["SQLITE_LOCKED", "busy"],
    ["SQLITE_READONLY", "readonly"],
    ["SQLITE_CANTOPEN", "cantopen"],
    ["SQLITE_FULL", "full"],
    ["SQLITE_IOERR", "ioerr"],
];
/**
 * Classifies an error thrown by either driver: better-sqlite3 names the code
 * (`SQLITE_CORRUPT_INDEX`), node:sqlite gives the extended number
 * (`errcode`). Undefined for anything that is not a SQLite failure.
 */
function classifySqliteError(error) {
    if (typeof error !== "object" || error === null)
        return undefined;
    const { code, errcode, message } = error;
    if (typeof code === "string") {
        for (const [prefix, failure] of NAMED_CODES)
            if (code.startsWith(prefix))
                return failure;
    }
    if (typeof errcode === "number") {
        const failure = PRIMARY_CODES[errcode & 0xff];
        if (failure)
            return failure;
    }
    if (typeof message === "string") {
        if (message.includes("database disk image is malformed"))
            return "corrupt";
        if (message.includes("file is not a database"))
            return "notadb";
        if (message.includes("database is locked"))
            return "busy";
    }
    return undefined;
}


/***/ }),

/***/ 896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 24:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

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
