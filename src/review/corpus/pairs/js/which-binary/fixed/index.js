const cp = require("child_process");

// Finds a program on the PATH, as the package's README shows: which("git").
module.exports = function which(name) {
  try {
    return cp.execFileSync("which", [name], { encoding: "utf8" }).trim(); // safe: command-injection argument array
  } catch {
    return null;
  }
};
