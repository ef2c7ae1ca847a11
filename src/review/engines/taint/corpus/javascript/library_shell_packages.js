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
