const { exec } = require("child_process");
const { quote } = require("shell-quote");

function clone(repo, dir, cb) {
  exec("git clone --depth 1 " + quote([repo, dir]), cb); // safe: command-injection shell-quote
}

module.exports = { clone };
