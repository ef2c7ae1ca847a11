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

module.exports = Converter;
module.exports.Store = Store;
