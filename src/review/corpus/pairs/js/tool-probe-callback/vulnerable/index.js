// Finds the first of the given tools installed on this machine.
const { execSync } = require("child_process");

function lookup(tool) {
  return process.platform === "win32" ? `where ${tool}` : `command -v ${tool}`;
}

function installed(line) {
  try {
    execSync(line, { stdio: "ignore" }); // vuln: command-injection
    return true;
  } catch {
    return false;
  }
}

module.exports = function firstInstalled(...tools) {
  return tools.flat().find((tool) => installed(lookup(tool))) ?? null;
};
