const { execSync } = require("child_process");

function git(sub, cwd) {
  return execSync("git " + sub, { cwd, encoding: "utf8" }).trim(); // safe: command-injection helper called with constants
}

exports.status = function status(cwd) {
  return { branch: git("rev-parse --abbrev-ref HEAD", cwd), dirty: git("status --porcelain", cwd) !== "" };
};
