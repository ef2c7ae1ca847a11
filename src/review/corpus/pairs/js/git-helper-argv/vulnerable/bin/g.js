#!/usr/bin/env node
const { execSync } = require("child_process");

function git(args) {
  return execSync("git " + args, { encoding: "utf8" }); // vuln: command-injection
}

process.stdout.write(git(process.argv.slice(2).join(" ")));
