// A package's entry module that does work when it is loaded (reads its own package.json, probes the
// installed tool once) and exports helpers taking its callers' values: the load-time calls run fixed
// text, the exported helpers' parameters are still library input (confidence low).
const fs = require("fs");
const path = require("path");
const { execSync, execFileSync } = require("child_process");

const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, "package.json"), "utf8")); // safe: path-traversal module's own file
const gitVersion = execSync("git --version").toString().trim(); // safe: command-injection constant

function tag(name, message) {
  return execSync(`git tag -a ${name} -m "${message}"`); // vuln: command-injection
}

function tagSafe(name, message) {
  return execFileSync("git", ["tag", "-a", name, "-m", message]); // safe: command-injection argument array
}

function readTemplate(dir, name) {
  return fs.readFileSync(path.join(dir, "templates", name + ".hbs"), "utf8"); // vuln: path-traversal
}

function readTemplateChecked(dir, name) {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error("bad template name");
  return fs.readFileSync(path.join(dir, "templates", name + ".hbs"), "utf8"); // safe: path-traversal allow-list then throw
}

function readIndex(pathname) {
  return JSON.parse(fs.readFileSync(path.join(pathname, "index.json"), "utf8")); // safe: path-traversal fixed name under the caller's directory
}

function readEntry(pathname, entry) {
  return fs.readFileSync(path.join(pathname, "entries", entry), "utf8"); // vuln: path-traversal
}

module.exports = { tag, tagSafe, readTemplate, readTemplateChecked, readIndex, readEntry, version: pkg.version, gitVersion };
