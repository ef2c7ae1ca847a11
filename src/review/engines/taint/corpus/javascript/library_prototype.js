// An older-style package: a constructor with methods on its prototype, a static helper, and a
// prototype given as an object. Public methods take the package's callers' values (library input,
// confidence low); `_name` methods are private by convention and are no entry point.
var childProcess = require("child_process");
var fs = require("fs");
var path = require("path");

function Converter(options) {
  this.bin = (options && options.bin) || "convert";
}

Converter.prototype.resize = function (file, size) {
  return childProcess.execSync(this.bin + " " + file + " -resize " + size); // vuln: command-injection
};

Converter.prototype.resizeSafe = function (file, size) {
  return childProcess.execFileSync(this.bin, [file, "-resize", String(size)]); // safe: command-injection argument array
};

Converter.prototype.identify = function () {
  return childProcess.execSync(this.bin + " -list format").toString(); // vuln: command-injection
};

Converter.prototype._run = function (args) {
  return childProcess.execSync(args.join(" ")); // safe: command-injection private method is no entry point
};

Converter.version = function (bin) {
  return childProcess.execSync(bin + " -version").toString(); // vuln: command-injection
};

function Store(dir) {
  this.dir = dir;
}

Store.prototype = {
  read: function (name) {
    return fs.readFileSync(path.join(this.dir, name), "utf8"); // vuln: path-traversal
  },
  readChecked: function (name) {
    if (name.indexOf("..") !== -1) throw new Error("bad name");
    return fs.readFileSync(path.join(this.dir, name), "utf8"); // safe: path-traversal deny-list then throw
  },
};

// A class keeping its caller's options for later calls: the fields are library input in every public method.
class Repo {
  constructor(dir, options) {
    this.dir = dir;
    this.remote = (options && options.remote) || "origin";
    this.shell = "/bin/sh";
  }
  pull() {
    return childProcess.execSync("cd " + this.dir + " && git pull " + this.remote); // vuln: command-injection
  }
  pullSafe() {
    return childProcess.execFileSync("git", ["-C", this.dir, "pull", this.remote]); // vuln: argument-injection no command runs, but an option can
  }
  shellPath() {
    return childProcess.execSync(this.shell + " -c true"); // safe: command-injection field the constructor sets to a constant
  }
}

// A template compiler copying the options it knows into an object of its own, kept whole for compile().
function Template(text, opts) {
  opts = opts || {};
  var options = {};
  options.localsName = opts.localsName || "locals";
  options.strict = !!opts.strict;
  options.escapeName = "escapeFn";
  this.text = text;
  this.opts = options;
}

Template.prototype.compile = function () {
  var opts = this.opts;
  var src = (opts.strict ? '"use strict";\n' : "") + "return " + JSON.stringify(this.text) + ";";
  return new Function(opts.localsName + ", escapeFn", src); // vuln: code-injection
};

Template.prototype.compileEscaped = function () {
  return new Function(this.opts.escapeName, "return 1;"); // safe: code-injection field the constructor sets to a constant
};

module.exports = Converter;
module.exports.Store = Store;
module.exports.Repo = Repo;
module.exports.Template = Template;
