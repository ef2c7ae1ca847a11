#!/usr/bin/env node
const { spawn } = require("child_process");

const target = process.argv[2];
if (!target) {
  console.error("usage: open <file>");
  process.exit(1);
}
spawn("xdg-open", [target], { stdio: "inherit" }); // safe: command-injection argument array
