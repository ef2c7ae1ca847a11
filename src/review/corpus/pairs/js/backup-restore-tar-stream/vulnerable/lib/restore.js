// Restores a site backup (a .tar.gz made by lib/backup.js) into the data directory.
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");
const tar = require("tar-stream");
const { dataDir } = require("./settings");

function restoreBackup(archiveFile) {
  return new Promise((resolve, reject) => {
    const extract = tar.extract();
    let restored = 0;
    extract.on("entry", (header, stream, next) => {
      const target = path.join(dataDir, header.name);
      if (header.type === "directory") {
        fs.mkdirSync(target, { recursive: true });
        stream.resume();
        return next();
      }
      const out = fs.createWriteStream(target, { mode: header.mode }); // vuln: path-traversal
      stream.pipe(out);
      out.on("finish", () => {
        restored++;
        next();
      });
    });
    extract.on("finish", () => resolve(restored));
    extract.on("error", reject);
    fs.createReadStream(archiveFile).pipe(zlib.createGunzip()).pipe(extract);
  });
}

module.exports = { restoreBackup };
