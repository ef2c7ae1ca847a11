const { execSync } = require("child_process");

exports.head = function head(dir) {
  return execSync("git rev-parse HEAD", { cwd: dir }).toString().trim(); // safe: command-injection constant
};

exports.log = function log(dir, count) {
  const n = Math.min(Number(count) || 10, 100);
  return execSync("git log --oneline -n " + n, { cwd: dir }).toString(); // safe: command-injection number
};

exports.kill = function kill(pid) {
  execSync("kill -9 " + parseInt(pid, 10)); // safe: command-injection parseInt
};
