#!/usr/bin/env node
const { exec } = require("child_process");

const target = process.argv[2];
if (!target) {
  console.error("usage: open <file>");
  process.exit(1);
}
exec("xdg-open " + target); // vuln: command-injection
