// What every child process of a test gets beside its own settings: Node's compile cache, when the
// test run sets one (package.json's test script does). Each `crs` child and each test file would
// otherwise compile the whole source tree again; with the cache a start costs about half the CPU.
import { resolve } from "node:path";

// Absolute, so a child started in another working directory (a test repository) finds it too.
if (process.env.NODE_COMPILE_CACHE) process.env.NODE_COMPILE_CACHE = resolve(process.env.NODE_COMPILE_CACHE);

/** Spread into a child's explicit environment: `{ PATH, ...compileCache, ... }`. */
export const compileCache: Record<string, string> = process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {};
