// The `crs` client starts fast because of what it does not load: client commands read the operation
// catalog (catalog.json), not zod schemas, handlers, the store or the review engine; the operation
// definitions load no handler. These tests run the real executable and list the modules it loaded
// (speed itself is measured by npm run bench:cli, not here).
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { buildCatalog } from "../src/cli/client/catalog-build.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const crs = join(root, "bin", "crs.js");
let dir: string;
let hook: string;

before(() => {
  dir = mkdtempSync(join(tmpdir(), "crs-startup-"));
  hook = join(dir, "trace.mjs");
  // Records every module the process loads (ESM and CommonJS) and prints the list on exit.
  writeFileSync(hook, `import { registerHooks } from "node:module";
import { writeSync } from "node:fs";
const seen = [];
registerHooks({ load(url, context, next) { seen.push(url); return next(url, context); } });
process.on("exit", () => writeSync(2, "\\nLOADED " + JSON.stringify(seen) + "\\n"));
`);
});
after(() => rmSync(dir, { recursive: true, force: true }));

interface Ran { code: number; stdout: string; loaded: string[] }

/** Runs node with the tracing hook; the loaded modules as paths relative to the repository. */
function traced(args: string[]): Promise<Ran> {
  const env = { ...process.env, CRS_TOKEN: "", CRS_URL: "http://127.0.0.1:9", CRS_KEYRING: "off", XDG_CONFIG_HOME: dir, HOME: dir };
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ["--import", hook, ...args], { env, cwd: root }, (err, stdout, stderr) => {
      const line = stderr.split("\n").find((l) => l.startsWith("LOADED "));
      if (!line) return reject(new Error(`no module list: ${stderr}`));
      const loaded = (JSON.parse(line.slice(7)) as string[]).filter((u) => u.startsWith("file:")).map((u) => fileURLToPath(u).slice(root.length));
      resolve({ code: err ? Number(err.code) : 0, stdout, loaded });
    });
  });
}

// What a client command must not pull in: each costs start-up time and none is needed to call REST.
const heavy = [
  /^node_modules\/(zod|kysely|pg|pg-[a-z]+|@ast-grep|fastify|@fastify|ioredis|pino|@modelcontextprotocol|@node-rs|yaml|picomatch|jq-wasm|open)\//,
  /^src\/(store|review|codehost|domain|http|mcp|web|worker|wiring|schemas)\//,
  /^src\/operations\/(?!operation\.ts$)/,
];

describe("client commands", () => {
  for (const args of [["runs", "list", "--help"], ["findings", "update", "--help"], ["repos", "--help"], ["me"], ["--help"]]) {
    test(`crs ${args.join(" ")} loads no zod, definition, handler, store or engine module`, async () => {
      const ran = await traced([crs, ...args]);
      assert.ok(ran.loaded.includes("src/main.ts"), "the trace sees the program's own modules");
      if (args[0] !== "--help") assert.ok(ran.loaded.includes("src/cli/client/catalog.ts"));
      assert.deepEqual(ran.loaded.filter((m) => heavy.some((h) => h.test(m))), []);
      // `crs me` without a login stops before the network: exit 4, authentication needed.
      assert.equal(ran.code, args[0] === "me" ? 4 : 0);
    });
  }
});

describe("server commands", () => {
  // Each loads its own heavy parts only once it has read its arguments (review/types.ts is a list of
  // severities, for --fail-on).
  for (const [args, code] of [[["serve", "--help"], 0], [["worker", "--help"], 0], [["review", "--help"], 0], [["mcp"], 4]] as const) {
    test(`crs ${args.join(" ")} exits ${code} without loading the server, store, engine or MCP SDK`, async () => {
      const ran = await traced([crs, ...args]);
      assert.ok(ran.loaded.includes("src/main.ts"));
      assert.deepEqual(ran.loaded.filter((m) => /^node_modules\/(kysely|pg|@ast-grep|fastify|ioredis|pino|@modelcontextprotocol)\//.test(m) || /^src\/(store|review\/(?!types\.ts$)|http|mcp|worker|wiring|app\.ts)/.test(m)), []);
      assert.equal(ran.code, code);
    });
  }
});

describe("operation definitions", () => {
  test("loading definitions.ts loads no handler, domain, store or engine module", async () => {
    const ran = await traced(["--input-type=module", "-e", `await import(${JSON.stringify(join(root, "src/operations/definitions.ts"))})`]);
    assert.ok(ran.loaded.includes("src/operations/definitions.ts"));
    const operations = ran.loaded.filter((m) => m.startsWith("src/operations/"));
    assert.deepEqual(operations.filter((m) => !/(\.def\.ts|\/definitions\.ts|\/operation\.ts)$/.test(m)), []);
    assert.deepEqual(ran.loaded.filter((m) => /^src\/(store\/(?!migrations\/helpers\.ts)|review|codehost|domain|http|mcp|web|worker|wiring)\b/.test(m) || /^node_modules\/(kysely|pg|@ast-grep)\//.test(m)), []);
  });

  test("catalog.json is what the definitions give (npm run gen:cli rewrites it)", () => {
    const file = JSON.parse(readFileSync(join(root, "src/cli/client/catalog.json"), "utf8"));
    assert.deepEqual(file, JSON.parse(JSON.stringify(buildCatalog())), "src/cli/client/catalog.json is stale: run npm run gen:cli");
  });
});
