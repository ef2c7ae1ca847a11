const fs = require("fs");
const path = require("path");

exports.writeEntry = function writeEntry(dest, entry, data) {
  const target = path.join(dest, entry.fileName);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, data); // vuln: path-traversal
};
