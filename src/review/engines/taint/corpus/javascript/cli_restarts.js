// A watcher that restarts its process and a wrapper CLI (cross-env's shape): the process's own arguments handed
// to a program run without a shell are the arguments it was given; a shell still parses a command string.
const { spawn, execSync } = require("child_process");

function restart() {
  const child = spawn(process.execPath, process.argv.slice(1), { stdio: "inherit" }); // safe: command-injection restart with its own arguments
  child.on("exit", (code) => process.exit(code));
}

function runWrapped() {
  const [command, ...args] = process.argv.slice(2);
  const proc = spawn(command, args, { stdio: "inherit" }); // safe: command-injection a wrapper runs the command it was given
  proc.on("exit", (code) => process.exit(code ?? 0));
}

function cleanBuild() {
  const dir = process.argv[2];
  execSync("rm -rf " + dir + "/dist"); // vuln: command-injection a shell parses the argument
  spawn("sh", ["-c", "du -sh " + dir]); // vuln: command-injection a shell's command string built from it
}

module.exports = { restart, runWrapped, cleanBuild };
