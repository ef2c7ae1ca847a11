// The executable on a Node.js older than 24 stops with a message naming the version it found,
// rather than a syntax error from the TypeScript sources. Needs an older node on the machine
// (the machines ship Node.js 20 as /usr/bin/node); skipped where there is none.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";

const run = promisify(execFile);
const candidates = ["/usr/bin/node", "/usr/local/bin/node"];
const older = candidates.find((p) => existsSync(p) && p !== process.execPath);

test("crs on an older Node.js exits 1 and says Node.js 24 is needed", { skip: older ? false : "no other node binary here" }, async (t) => {
  const { stdout } = await run(older!, ["-p", "process.versions.node"]);
  if (Number(stdout.split(".")[0]) >= 24) return t.skip(`${older} is Node.js ${stdout.trim()}`);
  const bin = resolve(import.meta.dirname, "../bin/crs.js");
  const err = await run(older!, [bin, "--help"]).then(
    () => assert.fail("expected a non-zero exit"),
    (e) => e,
  );
  assert.equal(err.code, 1);
  assert.match(err.stderr, /^crs needs Node\.js 24 or later; this is Node\.js \d+\.\d+\.\d+/);
});
