// npm-style helpers whose parameters come in every shape a signature allows (rest, destructured,
// defaulted), beside the fixed version a maintainer would ship. All are library input (confidence low).
const cp = require("child_process");
const fs = require("fs");
const path = require("path");

// A git wrapper taking its arguments as a rest parameter and joining them into one shell line.
function git(...args) {
  return cp.execSync("git " + args.join(" ")).toString(); // vuln: command-injection
}

function gitArgv(...args) {
  return cp.execFileSync("git", args).toString(); // safe: command-injection argument array
}

// A command runner: the program and its arguments, the rest spread back into the line.
const run = (cmd, ...rest) => cp.execSync([cmd, ...rest].join(" "), { stdio: "inherit" }); // vuln: command-injection

const runArgv = (cmd, ...rest) => cp.execFileSync("npx", [cmd, ...rest], { stdio: "inherit" }); // safe: command-injection argument array

// A rest parameter read element by element.
function tag(...names) {
  cp.execSync(`git tag -a ${names[0]} -m "${names[1]}"`); // vuln: command-injection
}

function tagArgv(...names) {
  cp.execFileSync("git", ["tag", "-a", names[0], "-m", names[1]]); // safe: command-injection argument array
}

// Options objects destructured in the signature (a clone helper of a scaffolding tool).
function clone({ repo, dest }) {
  cp.execSync(`git clone --depth 1 ${repo} ${dest}`); // vuln: command-injection
}

function cloneArgv({ repo, dest }) {
  cp.execFileSync("git", ["clone", "--depth", "1", repo, dest]); // vuln: argument-injection no command runs, but an option can
}

// Renamed and nested properties, with a default for the whole object.
function checkoutBranch({ branch: name, opts: { remote } } = {}) {
  cp.execSync("git checkout -b " + name + " " + remote + "/" + name); // vuln: command-injection
}

function checkoutBranchChecked({ branch: name, opts: { remote } } = {}) {
  if (!/^[\w./-]+$/.test(name) || !/^[\w-]+$/.test(remote)) throw new TypeError("invalid ref");
  cp.execSync("git checkout -b " + name + " " + remote + "/" + name); // safe: command-injection allow-list then throw
}

// The rest of an options object after the known keys (`{ cwd, ...flags }`), turned into `--key=value` flags.
function lint({ cwd, ...flags }) {
  const line = Object.keys(flags).map((k) => `--${k}=${flags[k]}`);
  return cp.execSync("eslint " + line.join(" "), { cwd }); // vuln: command-injection
}

function lintArgv({ cwd, ...flags }) {
  const argv = Object.keys(flags).map((k) => `--${k}=${flags[k]}`);
  return cp.execFileSync("eslint", argv, { cwd }); // safe: command-injection argument array
}

// A pair given as an array (`[from, to]`), destructured in the signature.
function move([from, to]) {
  return cp.execSync(`mv ${from} ${to}`); // vuln: command-injection
}

function moveSafe([from, to]) {
  fs.renameSync(from, to); // safe: path-traversal caller's paths passed on unchanged
}

// Defaults: a caller still passes whatever they like.
function listDir(dir = ".", pattern = "*") {
  return cp.execSync(`ls ${dir}/${pattern}`).toString(); // vuln: command-injection
}

function listDirSafe(dir = ".", pattern = "*") {
  const ok = /^[\w.*-]+$/.test(pattern) && /^[\w./-]+$/.test(dir);
  if (!ok) return "";
  return cp.execSync(`ls ${dir}/${pattern}`).toString(); // safe: command-injection allow-list then return
}

// A config loader: a default file name joined under the package's own folder.
function loadPreset(name = "default") {
  return fs.readFileSync(path.join(__dirname, "presets", name + ".json"), "utf8"); // vuln: path-traversal
}

function loadPresetSafe(name = "default") {
  return fs.readFileSync(path.join(__dirname, "presets", path.basename(name) + ".json"), "utf8"); // safe: path-traversal sanitized
}

// A timer count is a number whatever its default: no command is built from the caller's text.
function sleep(seconds = 1) {
  cp.execSync("sleep " + Number(seconds)); // safe: command-injection number
}

// A class whose methods are arrow functions in fields; `_name` ones are its own.
class Docker {
  constructor(bin, ...globalFlags) {
    this.bin = bin;
    cp.execSync(`${bin} ${globalFlags.join(" ")} version`); // vuln: command-injection
  }

  run = (image, ...cmd) => cp.execSync(`docker run --rm ${image} ${cmd.join(" ")}`); // vuln: command-injection

  runArgv = (image, ...cmd) => cp.execFileSync("docker", ["run", "--rm", image, ...cmd]); // safe: command-injection argument array

  _exec = (...line) => cp.execSync(line.join(" ")); // safe: command-injection private field is no entry point
}

module.exports = {
  Docker,
  git,
  gitArgv,
  run,
  runArgv,
  tag,
  tagArgv,
  clone,
  cloneArgv,
  checkoutBranch,
  checkoutBranchChecked,
  lint,
  lintArgv,
  move,
  moveSafe,
  listDir,
  listDirSafe,
  loadPreset,
  loadPresetSafe,
  sleep,
};

// A shell helper exported as an arrow function on module.exports.
module.exports.sh = (cmd, ...rest) => cp.execSync(`${cmd} ${rest.join(" ")}`); // vuln: command-injection

module.exports.shArgv = (cmd, ...rest) => cp.execFileSync(cmd, rest); // safe: command-injection argument array

// Older packages read their variadic arguments from `arguments`.
module.exports.npm = function npm() {
  const args = Array.prototype.slice.call(arguments);
  return cp.execSync("npm " + args.join(" ")).toString(); // vuln: command-injection
};

module.exports.npmArgv = function npmArgv() {
  const args = Array.prototype.slice.call(arguments);
  return cp.execFileSync("npm", args).toString(); // safe: command-injection argument array
};

// A DNS helper that shells out to a lookup script: the record type is checked against a list with
// ES5's indexOf (an absent type is allowed and leaves the line without one); the host name is not.
const RECORD_TYPES = ["A", "AAAA", "MX", "TXT", "SRV"];

module.exports.resolveSync = function resolveSync(hostname, type) {
  if (typeof type !== "undefined" && RECORD_TYPES.indexOf(type) === -1) return null;
  return cp.execSync(`node lookup.js ${type || ""}`).toString(); // safe: command-injection allow-list then return
};

module.exports.resolveHostSync = function resolveHostSync(hostname, type) {
  if (typeof type !== "undefined" && RECORD_TYPES.indexOf(type) === -1) return null;
  return cp.execSync(`node lookup.js ${hostname} ${type || ""}`).toString(); // vuln: command-injection
};

module.exports.resolveLoggedSync = function resolveLoggedSync(hostname, type) {
  if (RECORD_TYPES.indexOf(type) < 0) console.warn("unknown record type", type);
  return cp.execSync(`node lookup.js ${type}`).toString(); // vuln: command-injection
};
