const { execSync } = require("child_process");

class Registry {
  latest(pkg) {
    return execSync(`npm view ${pkg} version`).toString().trim(); // vuln: command-injection
  }
}

module.exports = Registry;
