const fs = require("fs");
const path = require("path");

exports.writeEntry = function writeEntry(dest, entry, data) {
  const base = path.resolve(dest);
  const target = path.resolve(base, entry.fileName);
  if (!target.startsWith(base + path.sep)) throw new Error("entry outside destination: " + entry.fileName);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, data); // safe: path-traversal containment then throw
};
