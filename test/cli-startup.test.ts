// The `crs` client starts fast because of what it does not load: client commands read the operation
// catalog (catalog.json) and the capabilities' command modules copied into one generated module
// (commands.generated.ts), not manifests, zod schemas, handlers, the store or the review engine; the
// operation definitions load no handler. These tests run the real executable and list the modules it loaded
// (speed itself is measured by npm run bench:cli, not here).
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { buildCatalog } from "../src/faces/cli/client/catalog-build.ts";
import { buildCommandList } from "../src/faces/cli/client/commands-build.ts";
import type { CommandSpec } from "../src/kernel/ui/cli.ts";
import type { Out } from "../src/kernel/ui/output.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const crs = join(root, "bin", "crs.js");
let dir: string;
let hook: string;

before(() => {
  dir = mkdtempSync(join(tmpdir(), "crs-startup-"));
  hook = join(dir, "trace.mjs");
  // Records every module the process loads (ESM and CommonJS) and prints the list on exit.
  writeFileSync(
    hook,
    `import { registerHooks } from "node:module";
import { writeSync } from "node:fs";
const seen = [];
registerHooks({ load(url, context, next) { seen.push(url); return next(url, context); } });
process.on("exit", () => writeSync(2, "\\nLOADED " + JSON.stringify(seen) + "\\n"));
`,
  );
});
after(() => rmSync(dir, { recursive: true, force: true }));

interface Ran {
  code: number;
  stdout: string;
  loaded: string[];
}

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
  /^src\/(platform|review|server)\//,
  // Nothing of a capability: its client commands (cli.ts) come copied into commands.generated.ts.
  /^src\/capabilities\//,
  /^src\/faces\/(rest|mcp|web)\//,
  /^src\/kernel\/(?!operation\.ts$|scopes\.ts$|errors\.ts$|ui\/)/,
];

describe("client commands", () => {
  for (const args of [["runs", "list", "--help"], ["findings", "update", "--help"], ["repos", "--help"], ["me"], ["--help"]]) {
    test(`crs ${args.join(" ")} loads no zod, definition, handler, store or engine module`, async () => {
      const ran = await traced([crs, ...args]);
      assert.ok(ran.loaded.includes("src/main.ts"), "the trace sees the program's own modules");
      if (args[0] !== "--help") {
        assert.ok(ran.loaded.includes("src/faces/cli/client/catalog.ts"));
        assert.ok(ran.loaded.includes("src/faces/cli/client/commands.generated.ts"), "the capabilities' commands come in the generated module");
      }
      assert.deepEqual(
        ran.loaded.filter((m) => heavy.some((h) => h.test(m))),
        [],
      );
      // `crs me` without a login stops before the network: exit 4, authentication needed.
      assert.equal(ran.code, args[0] === "me" ? 4 : 0);
    });
  }
});

describe("server commands", () => {
  // Each loads its own heavy parts only once it has read its arguments (review/types.ts is a list of
  // severities, for --fail-on).
  for (const [args, code] of [
    [["serve", "--help"], 0],
    [["worker", "--help"], 0],
    [["review", "--help"], 0],
    [["mcp"], 4],
  ] as const) {
    test(`crs ${args.join(" ")} exits ${code} without loading the server, store, engine or MCP SDK`, async () => {
      const ran = await traced([crs, ...args]);
      assert.ok(ran.loaded.includes("src/main.ts"));
      assert.deepEqual(
        ran.loaded.filter(
          (m) =>
            /^node_modules\/(kysely|pg|@ast-grep|fastify|ioredis|pino|@modelcontextprotocol)\//.test(m) ||
            /^src\/(platform|review\/(?!types\.ts$)|faces\/(rest|mcp|web)|capabilities|kernel\/app\.ts|server\/(?!(serve|worker)\.ts$))/.test(m),
        ),
        [],
      );
      assert.equal(ran.code, code);
    });
  }
});

describe("crs review", () => {
  test("without --model loads no model SDK, tokenizer, PDF reader or model reviewer", async () => {
    const d = mkdtempSync(join(tmpdir(), "crs-startup-review-"));
    try {
      writeFileSync(join(d, "a.js"), "const x = 1;\n");
      const ran = await traced([crs, "review", d, "--threads", "1"]);
      assert.equal(ran.code, 0);
      assert.ok(ran.loaded.includes("src/review/index.ts"), "the trace sees the engine");
      assert.deepEqual(
        ran.loaded.filter(
          (m) => /^node_modules\/(openai|@anthropic-ai|unpdf|js-tiktoken)\//.test(m) || /^src\/(review\/model\/|cli\/review-model\.ts)/.test(m),
        ),
        [],
      );
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});

describe("operation definitions", () => {
  test("loading every operation definition (*.def.ts) loads no handler, domain, store or engine module", async () => {
    const defs = readdirSync(join(root, "src/capabilities"), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".def.ts"))
      .map((f) => join(root, "src/capabilities", f));
    assert.ok(defs.length > 20);
    const ran = await traced(["--input-type=module", "-e", defs.map((f) => `await import(${JSON.stringify(f)});`).join("\n")]);
    const loaded = ran.loaded.filter((m) => m.startsWith("src/capabilities/"));
    assert.ok(loaded.length >= defs.length);
    assert.deepEqual(
      loaded.filter((m) => !/\.def\.ts$|^src\/capabilities\/[^/]+\/schemas\.ts$/.test(m)),
      [],
    );
    assert.deepEqual(
      ran.loaded.filter(
        (m) => /^src\/(platform\/(?!store\/migrations\/helpers\.ts)|review|faces|server)\b/.test(m) || /^node_modules\/(kysely|pg|@ast-grep)\//.test(m),
      ),
      [],
    );
  });

  test("catalog.json is what the definitions give (npm run gen:cli rewrites it)", () => {
    const file = JSON.parse(readFileSync(join(root, "src/faces/cli/client/catalog.json"), "utf8"));
    assert.deepEqual(file, JSON.parse(JSON.stringify(buildCatalog())), "src/faces/cli/client/catalog.json is stale: run npm run gen:cli");
  });

  test("commands.generated.ts holds every manifest's cli module as it is now (npm run gen:cli rewrites it)", () => {
    const file = readFileSync(join(root, "src/faces/cli/client/commands.generated.ts"), "utf8");
    assert.equal(file, buildCommandList(), "src/faces/cli/client/commands.generated.ts is stale: run npm run gen:cli");
  });

  test("the copied commands are the capabilities' own, in manifest order, down to their options and views' output", async () => {
    const { commandSpecs } = await import("../src/faces/cli/client/commands.generated.ts");
    const { capabilities } = await import("../src/server/capabilities.ts");
    const own = [];
    for (const c of capabilities.filter((m) => m.cli)) own.push(...(await import(join(root, "src/capabilities", c.name, c.cli!))).commands);
    const shape = (s: CommandSpec) => ({ ...s, options: s.options?.().map((o) => o.flags), ...Object.fromEntries(fns.map((f) => [f, typeof s[f]])) });
    const fns = ["prepare", "view", "web"] as const;
    assert.deepEqual(commandSpecs.map(shape), own.map(shape));
    // A view copied runs like its original: the same lines for the same answer.
    const lines = (view: CommandSpec["view"]) => {
      const out: string[] = [];
      view!({ tty: false, color: false, write: (s: string) => void out.push(s), err: () => {}, now: () => 0 } satisfies Out, {
        user: {},
        organization: {},
        token: { scopes: [] },
        credits: {},
      });
      return out;
    };
    const me = (specs: readonly CommandSpec[]) => specs.find((s) => s.op === "get_me")!.view;
    assert.deepEqual(lines(me(commandSpecs)), lines(me(own)));
    assert.ok(lines(me(own)).length > 0);
  });
});
