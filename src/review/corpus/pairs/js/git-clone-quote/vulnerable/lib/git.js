const { exec } = require("child_process");

function clone(repo, dir, cb) {
  exec("git clone --depth 1 " + repo + " " + dir, cb); // vuln: command-injection
}

module.exports = { clone };
