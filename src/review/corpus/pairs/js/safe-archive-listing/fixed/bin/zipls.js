#!/usr/bin/env node
// zipls <archive.zip>: lists an archive's entries with their sizes, writes nothing.
const fs = require("fs");
const unzipper = require("unzipper");

const archive = process.argv[2];
let total = 0;
fs.createReadStream(archive)
  .pipe(unzipper.Parse())
  .on("entry", (entry) => {
    const size = entry.vars.uncompressedSize;
    total += size;
    console.log(`${String(size).padStart(10)}  ${entry.path}`); // safe: path-traversal entry name only printed
    entry.autodrain();
  })
  .on("close", () => console.log(`${String(total).padStart(10)}  total`));
