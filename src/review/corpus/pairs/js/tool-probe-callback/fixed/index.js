// Finds the first of the given tools installed on this machine.
const { execFileSync } = require("child_process");

function installed(tool) {
  try {
    const finder = process.platform === "win32" ? "where" : "which";
    execFileSync(finder, [tool], { stdio: "ignore" }); // safe: command-injection argument array
    return true;
  } catch {
    return false;
  }
}

module.exports = function firstInstalled(...tools) {
  return tools.flat().find((tool) => installed(tool)) ?? null;
};
