// Unpacks a package tarball fetched from the registry into a directory of the store, dropping the leading "package/" directory.
const fs = require("fs");
const path = require("path");
const tar = require("tar");

async function unpackPackage(tarball, targetDir) {
  const dest = path.resolve(targetDir);
  await tar.t({
    file: tarball,
    onentry(entry) {
      if (entry.type !== "File") return entry.resume();
      const rel = entry.path.replace(/^package\//, "");
      const out = path.resolve(dest, rel);
      if (!out.startsWith(dest + path.sep)) return entry.resume();
      fs.mkdirSync(path.dirname(out), { recursive: true });
      entry.pipe(fs.createWriteStream(out)); // safe: path-traversal resolved inside the store entry
    },
  });
  return dest;
}

module.exports = unpackPackage;
