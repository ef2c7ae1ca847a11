// File helpers of npm packages (link, remove a tree, load a module file): the caller names the file, and
// a value the helper only makes absolute, stringifies or walks into by directory entries stays theirs. Each
// beside a helper that builds a path from a name under a base it should keep.
const fs = require("fs");
const Path = require("path");

// `ln -f`: the destination the caller named is removed first.
exports.link = function link(src, dest, force) {
  dest = Path.resolve(process.cwd(), String(dest));
  if (force && fs.existsSync(dest)) fs.unlinkSync(dest); // safe: path-traversal the caller's own path made absolute
  fs.symlinkSync(src, dest);
};

exports.unlinkUnder = function unlinkUnder(base, name) {
  const target = Path.resolve(base, "links", name);
  fs.unlinkSync(target); // vuln: path-traversal
};

// A recursive delete: names joined under the directory are the directory's own entries.
const removeTree = function (top) {
  if (!fs.existsSync(top)) return;
  fs.readdirSync(top).forEach((entry) => { // safe: path-traversal a directory the walk reached through its own entries
    const child = Path.join(top, entry);
    if (fs.lstatSync(child).isDirectory()) removeTree(child);
    else fs.unlinkSync(child); // safe: path-traversal directory entries under the caller's directory
  });
  fs.rmdirSync(top);
};
module.exports.removeTree = removeTree;

exports.removeNamed = function removeNamed(top, names) {
  for (const entry of names) {
    const child = Path.join(top, entry);
    fs.unlinkSync(child); // vuln: path-traversal
  }
};

// A loader that reads the file the caller names, after resolving it and reporting through a callback.
exports.load = function load(filename, done) {
  const resolved = Path.resolve(filename);
  report(resolved, (err) => done(err + " while loading " + resolved));
  return fs.readFileSync(resolved, "utf8"); // safe: path-traversal the caller's own path made absolute
};

function report(file, cb) {
  cb(file);
}

// A CLI prints its banner and version from files; a config file's command is still run.
exports.show = function show(file) {
  const text = fs.readFileSync(file, "utf8");
  console.log(text); // safe: log-injection a file's contents printed as they are
};
exports.runConfigured = function runConfigured(file) {
  const conf = JSON.parse(fs.readFileSync(file, "utf8"));
  require("child_process").execSync("sh -c '" + conf.command + "'"); // vuln: command-injection
};

// A config reader handing the caller's file to its own loader: the caller's path, opened as asked. A name joined
// under the package's data directory, handed to another loader, is a path the package builds.
exports.readConfig = function readConfig(file, options) {
  return loadConfigFile(file, options);
};
function loadConfigFile(configPath, options) {
  return JSON.parse(fs.readFileSync(configPath, options && options.encoding)); // safe: path-traversal the caller's own path handed on through a helper
}
exports.readPreset = function readPreset(name) {
  return loadPresetFile(Path.join(__dirname, "presets", name));
};
function loadPresetFile(presetPath) {
  return JSON.parse(fs.readFileSync(presetPath, "utf8")); // vuln: path-traversal
}

// An extractor handing a helper its options: the directory it was configured with beside an entry's mode and name.
// The configured directory is the caller's setting; the entry's name joined under it is not.
class Extractor {
  constructor(opt) {
    this.cwd = opt.cwd;
  }
  makeDir(mode) {
    return makeTree({ cwd: this.cwd, mode });
  }
  makeEntryDir(name, mode) {
    return makeTree({ cwd: Path.join(this.cwd, name), mode });
  }
}
function makeTree(opt) {
  fs.mkdirSync(opt.cwd, { recursive: true, mode: opt.mode }); // vuln: path-traversal an entry's name joined under the directory
}
exports.Extractor = Extractor;

// A recursive copy by index over a listing (`cp -r`): each entry's name joined under the destination the caller
// named. A name the caller passes joined the same way is theirs to escape with.
exports.copyTree = function copyTree(sourceDir, destDir) {
  fs.mkdirSync(destDir, { recursive: true });
  var files = fs.readdirSync(sourceDir);
  for (var i = 0; i < files.length; i++) {
    var srcFile = sourceDir + "/" + files[i];
    var destFile = destDir + "/" + files[i];
    fs.copyFileSync(srcFile, destFile); // safe: path-traversal listing entries joined by index
  }
};
exports.copyNamed = function copyNamed(sourceDir, destDir, names) {
  for (var i = 0; i < names.length; i++) {
    var destFile = destDir + "/" + names[i];
    fs.copyFileSync(sourceDir, destFile); // vuln: path-traversal names the caller passes
  }
};
