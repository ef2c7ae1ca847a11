// Unpacks a package tarball fetched from the registry into a directory of the store, dropping the leading "package/" directory.
const fs = require("fs");
const path = require("path");
const tar = require("tar");

async function unpackPackage(tarball, targetDir) {
  const dest = targetDir;
  await tar.t({
    file: tarball,
    onentry(entry) {
      if (entry.type !== "File") return entry.resume();
      const rel = entry.path.replace(/^package\//, "");
      const out = path.join(dest, rel);
      fs.mkdirSync(path.dirname(out), { recursive: true });
      entry.pipe(fs.createWriteStream(out)); // vuln: path-traversal
    },
  });
  return dest;
}

module.exports = unpackPackage;
