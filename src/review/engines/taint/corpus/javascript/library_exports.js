// npm-style library modules: exported helpers whose parameters the package's callers control
// (library input, confidence low), each beside the fixed version a maintainer would ship.
const cp = require("child_process");
const fs = require("fs");
const path = require("path");

// A `which`-like helper exported as the module itself.
module.exports = function findBinary(name) {
  return cp.execSync("which " + name).toString().trim(); // vuln: command-injection
};

module.exports.findBinarySafe = function (name) {
  return cp.execFileSync("which", [name]).toString().trim(); // safe: command-injection argument array
};

// An ffmpeg wrapper building its command line from the caller's file name and options.
exports.convert = function convert(file, opts) {
  const out = opts.output || file.replace(/\.\w+$/, ".mp3");
  cp.exec(`ffmpeg -y -i ${file} -b:a ${opts.bitrate} ${out}`, () => {}); // vuln: command-injection
};

exports.convertSafe = function convertSafe(file, opts) {
  const out = opts.output || file.replace(/\.\w+$/, ".mp3");
  cp.execFile("ffmpeg", ["-y", "-i", file, "-b:a", String(opts.bitrate), out], () => {}); // safe: command-injection argument array
};

// A scheduler: the caller's callback runs later; code built from their text is evaluated (in a browser).
exports.later = function later(task, ms) {
  setTimeout(task, ms); // safe: code-injection caller's callback passed on unchanged
};

exports.laterCall = function laterCall(name, ms) {
  setTimeout("window." + name + "()", ms); // vuln: code-injection
};

// A git helper that checks its argument against an allow-list pattern and throws otherwise.
function checkout(ref) {
  if (!/^[\w./-]+$/.test(ref)) throw new Error("invalid ref: " + ref);
  return cp.execSync("git checkout " + ref); // safe: command-injection allow-list then throw
}

function checkoutLoose(ref) {
  if (!/^[\w./-]+$/.test(ref)) console.warn("odd ref " + ref);
  return cp.execSync("git checkout " + ref); // vuln: command-injection check without leaving
}

// A CLI wrapper: the check fails into process.exit.
function runTool(target) {
  if (!/^[a-z0-9.-]+$/i.test(target)) {
    console.error("bad target");
    process.exit(2);
  }
  cp.execSync("nslookup " + target); // safe: command-injection allow-list then exit
}

// Only constant text reaches the shell: nothing the caller passes is in it.
function version(flags) {
  const opts = flags || {};
  return cp.execSync("node --version", { cwd: opts.cwd }); // safe: command-injection constant
}

// A file reader joining the caller's relative path under a root.
function readAsset(root, rel) {
  return fs.readFileSync(path.join(root, rel), "utf8"); // vuln: path-traversal
}

function readAssetSafe(root, rel) {
  const base = path.resolve(root);
  const abs = path.resolve(base, rel);
  if (!abs.startsWith(base + path.sep)) throw new Error("outside root");
  return fs.readFileSync(abs, "utf8"); // safe: path-traversal containment then throw
}

function readAssetIndexOf(root, rel) {
  const abs = path.resolve(root, rel);
  if (abs.indexOf(path.resolve(root)) !== 0) return null;
  return fs.readFileSync(abs, "utf8"); // safe: path-traversal containment by indexOf then return
}

function readAssetStripped(root, rel) {
  let clean = rel;
  while (clean.includes("../")) clean = clean.replace("../", "");
  return fs.readFileSync(path.join(root, clean), "utf8"); // safe: path-traversal sanitising loop
}

function readAssetChecked(root, rel) {
  if (!allowPath(rel, root)) {
    return null;
  }
  return fs.readFileSync(path.join(root, rel), "utf8"); // safe: path-traversal custom check then return
}

function readAssetValidated(root, rel) {
  validateRelativePath(rel);
  return fs.readFileSync(path.join(root, rel), "utf8"); // safe: path-traversal validator that throws
}

function allowPath(rel, root) {
  return !path.isAbsolute(rel) && !path.relative(root, path.join(root, rel)).startsWith("..");
}

function validateRelativePath(rel) {
  if (rel.includes("..")) throw new Error("bad path");
}

// A static file server: the handler it returns joins the URL path under the served root.
function serveStatic(root) {
  return function (req, res) {
    const file = path.join(root, decodeURIComponent(req.url));
    fs.createReadStream(file).pipe(res); // vuln: path-traversal
  };
}

function serveStaticSafe(root) {
  const base = path.resolve(root);
  return function (req, res) {
    const file = path.resolve(base, "." + decodeURIComponent(req.url));
    if (!file.startsWith(base + path.sep)) {
      res.statusCode = 403;
      res.end();
      return;
    }
    fs.createReadStream(file).pipe(res); // safe: path-traversal containment then return
  };
}

// A database helper class: public methods build SQL from their arguments.
class UserStore {
  constructor(db) {
    this.db = db;
  }
  byName(name) {
    return this.db.query("SELECT * FROM users WHERE name = '" + name + "'"); // vuln: sql-injection
  }
  byNameSafe(name) {
    return this.db.query("SELECT * FROM users WHERE name = $1", [name]); // safe: sql-injection parameterized
  }
  page(limit) {
    return this.db.query("SELECT * FROM users LIMIT " + parseInt(limit, 10)); // safe: sql-injection number
  }
  _raw(sql) {
    return this.db.query(sql); // safe: sql-injection private method is no entry point
  }
  // A query builder's raw escape hatch (`rawQuery(sql)`): the SQL is the caller's own, passed on as given.
  rawQuery(sql, bindings) {
    return this.db.query(sql, bindings); // safe: sql-injection caller's query passed on unchanged
  }
  // An ORM's query runner: on one path the session's search path is put before the caller's SQL, a value of the
  // store's own, not literal text around the caller's (which would make it a query the runner built).
  runInSchema(sql) {
    if (this.schema) {
      sql = this.searchPathSql(this.schema) + sql;
    }
    return this.db.query(sql); // safe: sql-injection caller's query, after the store's own prefix
  }
  truncate(table) {
    return this.db.query(`TRUNCATE TABLE ${this.escapePath(table)}`); // safe: sql-injection builder's own identifier escaping
  }
  truncateLoose(table) {
    return this.db.query(`TRUNCATE TABLE ${table}`); // vuln: sql-injection
  }
  whereColumn(column, value) {
    return this.db.query(`SELECT * FROM users WHERE ${column} = ?`, [value]); // vuln: sql-injection
  }
}

// A Mongo helper: a string is no operator object.
async function findAccount(coll, id) {
  return coll.findOne({ _id: id }); // vuln: nosql-injection
}

async function findAccountSafe(coll, id) {
  return coll.findOne({ _id: String(id) }); // safe: nosql-injection converted to a string
}

// A store that runs the caller's own filter object: the query is theirs to write.
async function findAccounts(coll, filter) {
  return coll.find(filter); // safe: nosql-injection caller's filter passed on unchanged
}

async function findAccountToString(coll, id) {
  return coll.findOne({ _id: id.toString() }); // safe: nosql-injection converted to a string
}

module.exports.checkout = checkout;
module.exports.checkoutLoose = checkoutLoose;
module.exports.runTool = runTool;
module.exports.version = version;
module.exports.UserStore = UserStore;
Object.assign(module.exports, { serveStatic, serveStaticSafe });
module.exports = Object.assign(module.exports, {});
exports.readAsset = readAsset;
exports.readAssetSafe = readAssetSafe;
exports.readAssetIndexOf = readAssetIndexOf;
exports.readAssetStripped = readAssetStripped;
exports.readAssetChecked = readAssetChecked;
exports.readAssetValidated = readAssetValidated;
exports.findAccount = findAccount;
exports.findAccountSafe = findAccountSafe;
exports.findAccountToString = findAccountToString;
exports.findAccounts = findAccounts;
