// Imports a theme pack: only the files a theme is made of are taken from the zip, each under its own name.
const yauzl = require("yauzl");
const fs = require("fs");
const path = require("path");

const THEME_FILES = new Set(["theme.json", "theme.css", "logo.svg", "logo.png", "favicon.ico"]);

function importTheme(zipPath, themeDir, done) {
  yauzl.open(zipPath, { lazyEntries: true }, (err, zipfile) => {
    if (err) return done(err);
    zipfile.on("entry", (entry) => {
      if (!THEME_FILES.has(entry.fileName)) {
        zipfile.readEntry();
        return;
      }
      zipfile.openReadStream(entry, (err2, stream) => {
        if (err2) return done(err2);
        stream.pipe(fs.createWriteStream(path.join(themeDir, entry.fileName))); // safe: path-traversal allow-listed name
        stream.on("end", () => zipfile.readEntry());
      });
    });
    zipfile.on("end", () => done(null));
    zipfile.readEntry();
  });
}

module.exports = { importTheme };
