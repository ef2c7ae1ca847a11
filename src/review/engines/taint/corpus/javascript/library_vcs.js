// A version-control wrapper a package exports: it runs git and hg without a shell, with the caller's repository
// URL, branch and path among the arguments. Without a shell nothing is parsed as a command, but git and hg read a
// value that starts with `-` as an option, and some options run commands (`--upload-pack`, `--config=alias…`).
const { execFile, spawn } = require("child_process");

exports.clone = function clone(url, dir, done) {
  execFile("git", ["clone", url, dir], done); // vuln: argument-injection
};

exports.cloneAfterSeparator = function (url, dir, done) {
  execFile("git", ["clone", "--depth", "1", "--", url, dir], done); // safe: argument-injection operands after --
};

exports.checkout = function (branch, done) {
  if (branch.startsWith("-")) return done(new Error(`not a branch: ${branch}`));
  const child = spawn("git", ["checkout", branch]); // safe: argument-injection rejected leading dash
  child.on("close", done);
};

exports.pull = function (source, done) {
  if (source.startsWith("--")) return done(new Error("no options"));
  execFile("hg", ["pull", source], done); // vuln: argument-injection
};

exports.fetchRef = function (ref, done) {
  if (ref[0] === "-") return done(new Error("bad ref"));
  execFile("git", ["fetch", "origin", ref], done); // safe: argument-injection rejected leading dash
};

exports.pushTo = function (remote, done) {
  if (/^-/.test(remote)) throw new Error("bad remote");
  execFile("git", ["push", remote], done); // safe: argument-injection rejected leading dash
};

// A route that lists a repository's branches: the URL comes from the query string.
exports.branches = function (req, res) {
  execFile("git", ["ls-remote", "--heads", req.query.url], (err, out) => res.send(out)); // vuln: argument-injection
};

exports.log = function (done) {
  execFile("git", ["log", "--oneline", "-n", "20"], done); // safe: argument-injection constant arguments
};

exports.grep = function (pattern, done) {
  execFile("grep", ["-r", pattern, "."], done); // safe: argument-injection a program without command-running options
};
