// `crs admin` learns its subcommands from the capabilities' light admin areas and loads an area only
// to run one of its commands: these tests keep the areas equal to what their modules register, and
// check through the real executable what a help and a command load.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { Command } from "commander";
import { stdio } from "../src/kernel/admin.ts";
import { adminAreas } from "../src/server/admin-areas.ts";
import { capabilities } from "../src/server/capabilities.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), "crs-admin-areas-"));
  writeFileSync(
    join(dir, "trace.mjs"),
    `import { registerHooks } from "node:module";
import { writeSync } from "node:fs";
const seen = [];
registerHooks({ load(url, context, next) { seen.push(url); return next(url, context); } });
process.on("exit", () => writeSync(2, "\\nLOADED " + JSON.stringify(seen) + "\\n"));
`,
  );
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `crs admin …` on a fresh SQLite store; its exit code, output and loaded modules (repository paths). */
function traced(args: string[]): Promise<{ code: number; stdout: string; loaded: string[] }> {
  const env = { ...process.env, CRS_DATA_DIR: mkdtempSync(join(dir, "data-")), DATABASE_URL: "" };
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ["--import", join(dir, "trace.mjs"), join(root, "bin/crs.js"), "admin", ...args], { env }, (err, stdout, stderr) => {
      const line = stderr.split("\n").find((l) => l.startsWith("LOADED "));
      if (!line) return reject(new Error(`no module list: ${stderr}`));
      const loaded = (JSON.parse(line.slice(7)) as string[]).filter((u) => u.startsWith("file:")).map((u) => fileURLToPath(u).slice(root.length));
      resolve({ code: err ? Number(err.code) : 0, stdout, loaded });
    });
  });
}

describe("admin areas", () => {
  test("are the manifests' admin areas, in the capability list's order", () => {
    assert.deepEqual(
      adminAreas,
      capabilities.flatMap((c) => (c.admin ? [c.admin] : [])),
    );
  });

  test("each names exactly the subcommands its module registers, in order and with the same help", async () => {
    for (const area of adminAreas) {
      const admin = new Command("admin");
      for (const name of area.extends ?? []) admin.command(name);
      const before = admin.commands.length;
      (await area.register())(admin, stdio, {});
      assert.deepEqual(
        admin.commands.slice(before).map((c) => [c.name(), c.description()]),
        Object.entries(area.commands),
      );
      for (const name of area.extends ?? []) assert.ok(admin.commands.find((c) => c.name() === name)!.commands.length > 0, `${name} gains commands`);
    }
  });
});

describe("crs admin", () => {
  test("--help lists every area's subcommands without loading a capability, the store or a database driver", async () => {
    const ran = await traced(["--help"]);
    assert.equal(ran.code, 0);
    for (const name of adminAreas.flatMap((a) => Object.keys(a.commands))) assert.match(ran.stdout, new RegExp(`^  ${name} `, "m"));
    assert.deepEqual(
      ran.loaded.filter((m) => /^src\/(platform\/store|capabilities\/[^/]+\/(?!admin-area\.ts$))|^node_modules\/(kysely|pg|better-sqlite3)\//.test(m)),
      [],
    );
  });

  test("workspace create runs with identity's admin module only, not other capabilities' or the server's", async () => {
    const ran = await traced(["--json", "workspace", "create", "acme"]);
    assert.equal(ran.code, 0);
    assert.equal(JSON.parse(ran.stdout).slug, "acme");
    assert.ok(ran.loaded.includes("src/capabilities/identity/admin.ts"));
    assert.deepEqual(
      ran.loaded.filter((m) => /^src\/(capabilities\/(?!identity\/)[^/]+\/(admin|capability)\.ts$|server\/(?!admin-areas\.ts$)|faces\/(rest|mcp|web))/.test(m)),
      [],
    );
  });
});
