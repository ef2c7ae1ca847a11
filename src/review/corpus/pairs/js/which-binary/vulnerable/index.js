const cp = require("child_process");

// Finds a program on the PATH, as the package's README shows: which("git").
module.exports = function which(name) {
  try {
    return cp.execSync("which " + name, { encoding: "utf8" }).trim(); // vuln: command-injection
  } catch {
    return null;
  }
};
