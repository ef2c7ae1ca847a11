const { execSync } = require("child_process");
const { quote } = require("shell-quote");

exports.pack = function pack(dir, out) {
  execSync(`tar czf ${quote([out])} -C ${quote([dir])} .`); // safe: command-injection shell-quote
};
