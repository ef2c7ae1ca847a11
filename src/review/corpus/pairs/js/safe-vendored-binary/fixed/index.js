const { execSync } = require("child_process");
const path = require("path");

const binary = path.join(__dirname, "vendor", process.platform === "win32" ? "tool.exe" : "tool");
const flags = "--quiet --no-color";

module.exports = function version() {
  return execSync(binary + " --version " + flags).toString(); // safe: command-injection module constant
};
