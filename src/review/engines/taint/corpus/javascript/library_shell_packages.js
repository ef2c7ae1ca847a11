// A port helper shelling out through packages whose call runs a string in a shell (the module itself is the
// function), beside the same helper given only a number or a constant command.
const run = require("shell-exec");
const execSh = require("exec-sh");
const sudo = require("sudo-prompt");

module.exports.freePort = function freePort(port, proto) {
  return run(`lsof -i ${proto}:${port} -t | xargs kill`); // vuln: command-injection
};

module.exports.freePortChecked = function freePortChecked(port) {
  const n = Number.parseInt(port, 10);
  if (!Number.isInteger(n)) throw new TypeError("port must be a number");
  return run(`lsof -i tcp:${n} -t | xargs kill`); // safe: command-injection parsed number
};

module.exports.listPorts = function listPorts() {
  return run("netstat -nao"); // safe: command-injection constant
};

module.exports.build = function build(target, done) {
  execSh("make " + target, { cwd: __dirname }, done); // vuln: command-injection
};

module.exports.installService = function installService(name, cb) {
  sudo.exec(`systemctl enable ${name}`, { name: "Service Installer" }, cb); // vuln: command-injection
};

// A git wrapper that puts the program's name in front when the caller left it out: on that path the command is
// one the wrapper built, not the caller's own. Its fixed release runs git with the words as separate arguments.
const shell = require("shelljs");
const { execFileSync } = require("child_process");

module.exports.git = function git(command, options) {
  if (command.substring(0, 4) !== "git ") {
    command = "git " + command;
  }
  return shell.exec(command, { silent: true, cwd: options && options.cwd }).stdout; // vuln: command-injection
};

module.exports.gitFixed = function gitFixed(command, options) {
  const args = command.split(" ").filter((w, i) => i > 0 || w !== "git");
  return execFileSync("git", args, { cwd: options && options.cwd }).toString(); // safe: command-injection argument list, no shell
};

module.exports.runAsGiven = function runAsGiven(command, options) {
  if (options && options.verbose) console.log(command);
  return shell.exec(command, { silent: true }).stdout; // safe: command-injection the caller's own command, as given
};
