// Admin route: upload a theme as a zip; its files are unpacked under themes/<slug>/.
const express = require("express");
const multer = require("multer");
const yauzl = require("yauzl");
const fs = require("fs");
const path = require("path");
const config = require("../config");

const router = express.Router();
const upload = multer({ dest: config.uploadTmp });

function unpackTheme(zipPath, themeDir, done) {
  yauzl.open(zipPath, { lazyEntries: true }, (err, zipfile) => {
    if (err) return done(err);
    zipfile.readEntry();
    zipfile.on("entry", (entry) => {
      // Directories, and names that climb out of the theme (yauzl passes `..` through).
      if (/\/$/.test(entry.fileName) || entry.fileName.includes("..")) {
        zipfile.readEntry();
        return;
      }
      zipfile.openReadStream(entry, (err2, stream) => {
        if (err2) return done(err2);
        const dest = path.join(themeDir, entry.fileName);
        fs.mkdirSync(path.dirname(dest), { recursive: true });
        stream.pipe(fs.createWriteStream(dest)); // safe: path-traversal names holding .. skipped
        stream.on("end", () => zipfile.readEntry());
      });
    });
    zipfile.on("end", () => done(null));
  });
}

router.post("/themes", upload.single("theme"), (req, res, next) => {
  const slug = `theme-${Date.now()}`;
  unpackTheme(req.file.path, path.join(config.themesDir, slug), (err) => {
    if (err) return next(err);
    res.status(201).json({ slug });
  });
});

module.exports = router;
