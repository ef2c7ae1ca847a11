const { execSync } = require("child_process");
const path = require("path");

const bin = path.join(__dirname, "..", "bin", "cli.js");

function cli(args, cwd) {
  return execSync(`node ${bin} ${args}`, { cwd, encoding: "utf8" }); // safe: command-injection test helper
}

function fixture(name) {
  return path.join(__dirname, "fixtures", name);
}

module.exports = { cli, fixture };
