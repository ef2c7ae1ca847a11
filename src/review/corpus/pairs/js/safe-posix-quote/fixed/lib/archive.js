const { execSync } = require("child_process");

// POSIX quoting: inside single quotes nothing is special but the quote itself, closed and reopened.
function sq(value) {
  return `'${String(value).replace(/'/g, "'\\''")}'`;
}

exports.pack = function pack(dir, out) {
  const source = "'" + dir.replace(/'/g, "'\"'\"'") + "'";
  execSync(`tar czf ${sq(out)} -C ${source} .`); // safe: command-injection POSIX single quotes
};
