// A build tool's helpers running commands through cross-spawn (the module is the function, `.sync` its
// synchronous twin), beside the same helpers given an argument array or a fixed program.
const spawn = require("cross-spawn");
const express = require("express");

const app = express();

function runScript(script) {
  return spawn.sync(`npm run ${script}`, { shell: true, stdio: "inherit" }); // vuln: command-injection
}

function runScriptArgs(script) {
  return spawn.sync("npm", ["run", script], { stdio: "inherit" }); // safe: command-injection argument array
}

function lint(files) {
  return spawn(`eslint ${files.join(" ")}`, [], { shell: true }); // vuln: command-injection
}

function lintArgs(files) {
  return spawn("eslint", ["--", ...files], { stdio: "inherit" }); // safe: command-injection argument array
}

function shellLine(line) {
  return spawn("sh", ["-c", line]); // vuln: command-injection
}

function cloneRepo(url, dir) {
  return spawn.sync("git", ["clone", url, dir]); // vuln: argument-injection
}

function cloneRepoSafe(url, dir) {
  return spawn.sync("git", ["clone", "--", url, dir]); // safe: argument-injection operands after --
}

app.get("/tools/version", (req, res) => {
  const child = spawn(req.query.tool, ["--version"]); // vuln: command-injection
  child.stdout.pipe(res);
});

app.get("/tools/node", (req, res) => {
  const child = spawn(process.execPath, ["--version"]); // safe: command-injection fixed program
  child.stdout.pipe(res);
});

module.exports = { runScript, runScriptArgs, lint, lintArgs, shellLine, cloneRepo, cloneRepoSafe };
