// A record store a package exports: records are files under the directory its caller names. The caller's own
// directory is theirs to read; a record name interpolated under it may climb out.
const fs = require("fs");
const path = require("path");

exports.readRecord = function (dir, id) {
  return fs.readFileSync(path.join(dir, `${id}.json`), "utf8"); // vuln: path-traversal
};

exports.readIndex = function (dir) {
  return fs.readFileSync(path.join(dir, "index.json"), "utf8"); // safe: path-traversal caller's directory with a fixed name
};
