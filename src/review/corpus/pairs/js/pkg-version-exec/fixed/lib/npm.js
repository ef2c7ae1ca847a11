const { execSync } = require("child_process");
const validate = require("validate-npm-package-name");

class Registry {
  latest(pkg) {
    if (!validate(pkg).validForOldPackages) throw new Error("invalid package name");
    return execSync(`npm view ${pkg} version`).toString().trim(); // safe: command-injection validated then throw
  }
}

module.exports = Registry;
