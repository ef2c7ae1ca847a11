#!/usr/bin/env node
// The `crs` executable. Node 24 runs the TypeScript sources directly (type stripping), so an older
// Node would fail on the first import with an unhelpful syntax error: say what is needed instead.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  process.stderr.write(`crs needs Node.js 24 or later; this is Node.js ${process.versions.node} (${process.execPath}).\n`);
  process.exit(1);
}
const { run } = await import("../src/main.ts");
process.exitCode = await run(process.argv.slice(2));
