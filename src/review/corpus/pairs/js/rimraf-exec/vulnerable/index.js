const { execSync } = require("child_process");

exports.remove = function remove(dir) {
  execSync(`rm -rf ${dir}`); // vuln: command-injection
};
