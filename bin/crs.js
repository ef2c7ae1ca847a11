#!/usr/bin/env node
// The `crs` executable. Node 24 runs the TypeScript sources directly (type stripping), so an older
// Node would fail on the first import with an unhelpful syntax error: say what is needed instead.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  process.stderr.write(`crs needs Node.js 24 or later; this is Node.js ${process.versions.node} (${process.execPath}).\n`);
  process.exit(1);
}
// Node strips the types of every .ts file it loads, which costs more than starting Node itself;
// the compile cache (in the OS temp directory; NODE_DISABLE_COMPILE_CACHE=1 turns it off) keeps the
// stripped and compiled code between runs, so a command starts as fast as plain JavaScript would.
const { enableCompileCache } = await import("node:module");
enableCompileCache?.();
const { run } = await import("../src/main.ts");
process.exitCode = await run(process.argv.slice(2));
