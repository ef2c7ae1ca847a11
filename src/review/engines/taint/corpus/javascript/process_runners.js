// A build tool's helpers that run programs: the module under any name, a shell named as the program, and execa.
const cp = require("child_process");
const childProcess = require("node:child_process");
const execa = require("execa");

function thumbnail(file, size) {
  cp.spawnSync("convert " + file + " -resize " + size + " thumb.png", { shell: true }); // vuln: command-injection
  cp.spawnSync("convert", [file, "-resize", String(size), "thumb.png"]); // safe: command-injection argument list, no shell
}

function pack(dir) {
  childProcess.execFileSync("/bin/bash", ["-c", "tar czf out.tgz " + dir]); // vuln: command-injection
  childProcess.execFileSync("tar", ["czf", "out.tgz", "--", dir]); // safe: command-injection argument list, no shell
}

async function checkout(branch) {
  await execa.command("git checkout " + branch); // vuln: command-injection
  await execa("git", ["checkout", "--", branch]); // safe: command-injection argument list after --
}

module.exports = { thumbnail, pack, checkout };
