// A changelog tool that promisifies child_process members required in place, the way a one-file helper
// does: the promisified exec takes its command as exec does; execFile and spawn without a shell do not.
"use strict";
const { promisify } = require("util");
const execAsync = promisify(require("child_process").exec);
const execFileAsync = promisify(require("node:child_process").execFile);
const readFile = promisify(require("fs").readFile);

class Changelog {
  constructor(dir) {
    this.dir = dir;
  }

  async commitsSince(tag, format) {
    const { stdout } = await execAsync(`git log ${tag}..HEAD --format=${format}`, { cwd: this.dir }); // vuln: command-injection
    return stdout.split("\n");
  }

  async commitsSinceFixed(tag) {
    const { stdout } = await execFileAsync("git", ["log", `${tag}..HEAD`, "--format=%s"], { cwd: this.dir }); // safe: command-injection no shell
    return stdout.split("\n");
  }

  async lastTag() {
    const { stdout } = await execAsync("git describe --tags --abbrev=0", { cwd: this.dir }); // safe: command-injection constant command
    return stdout.trim();
  }

  async notes(name) {
    return readFile(`${this.dir}/notes/${name}.md`, "utf8"); // vuln: path-traversal
  }
}

module.exports = Changelog;
