#!/usr/bin/env node
const { execFileSync } = require("child_process");

function git(args) {
  return execFileSync("git", args, { encoding: "utf8" }); // safe: command-injection argument array
}

process.stdout.write(git(process.argv.slice(2)));
