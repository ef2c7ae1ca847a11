const fs = require("fs");

exports.remove = function remove(dir) {
  fs.rmSync(dir, { recursive: true, force: true }); // safe: command-injection no shell
};
