// A release helper's git and npm wrappers, promisified: the callback-less exec takes its command as exec does.
"use strict";
const util = require("util");
const cp = require("child_process");
const { exec, execFile } = require("child_process");
const execAsync = util.promisify(cp.exec);
const run = util.promisify(exec);
const runFile = util.promisify(execFile);

async function tagRelease(repo, tag) {
  await execAsync(`git -C ${repo} tag ${tag}`); // vuln: command-injection
  await execAsync("git -C . push --tags"); // safe: command-injection constant command
}

async function latestVersion(pkg) {
  const { stdout } = await run("npm view " + pkg + " version"); // vuln: command-injection
  return stdout.trim();
}

async function latestVersionFixed(pkg) {
  const { stdout } = await runFile("npm", ["view", pkg, "version"]); // safe: command-injection no shell
  return stdout.trim();
}

async function headOf(repo) {
  const { stdout } = await runFile("git", ["-C", repo, "rev-parse", "HEAD"]); // safe: command-injection no shell
  return stdout.trim();
}

module.exports = { tagRelease, latestVersion, latestVersionFixed, headOf };
