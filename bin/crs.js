#!/usr/bin/env node
// The `crs` executable. Node 24 runs the TypeScript sources directly (type stripping).
import { run } from "../src/main.ts";

process.exitCode = await run(process.argv.slice(2));
