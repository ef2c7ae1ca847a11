#!/usr/bin/env node
// unpack <archive.zip> [out]: extracts a zip archive into a directory.
const fs = require("fs");
const path = require("path");
const unzipper = require("unzipper");

const [archive, out = "."] = process.argv.slice(2);
if (!archive) {
  console.error("usage: unpack <archive.zip> [out]");
  process.exit(2);
}

const root = path.resolve(out);
let count = 0;
fs.createReadStream(archive)
  .pipe(unzipper.Parse())
  .on("entry", (entry) => {
    const target = path.resolve(root, entry.path);
    if (entry.type === "Directory" || !target.startsWith(root + path.sep)) {
      if (entry.type !== "Directory") console.warn(`skipped ${entry.path}: outside ${root}`);
      entry.autodrain();
      return;
    }
    fs.mkdirSync(path.dirname(target), { recursive: true });
    entry.pipe(fs.createWriteStream(target)); // safe: path-traversal resolved and kept inside the output directory
    count++;
  })
  .on("close", () => console.log(`${count} files written to ${root}`))
  .on("error", (err) => {
    console.error(err.message);
    process.exitCode = 1;
  });
