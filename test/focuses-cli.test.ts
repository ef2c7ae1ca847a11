// `crs admin focus put|list|archive` through the real executable, and the server serving the result.
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import * as accounts from "../src/capabilities/identity/index.ts";
import { json, startTestServer, type TestServer } from "./harness.ts";
import { cliEnv, crs, crsJson, type CliEnv, dropCliStore, sameStoreAsCli } from "./cli.ts";

let e: CliEnv;
let t: TestServer;
let token: string;
before(async () => {
  e = await cliEnv();
  await crsJson(e, ["admin", "workspace", "create", "acme"]);
  t = await startTestServer(sameStoreAsCli(e));
  const ws = await accounts.findWorkspace(t.app.store, "acme");
  const user = await accounts.createUser(t.app.store, { username: "op", email: "op@example.test" });
  await accounts.addMember(t.app.store, ws.id, user.id, "admin");
  token = (await accounts.createApiKey(t.app.store, { workspaceId: ws.id, userId: user.id, scopes: ["repos:read"] })).token;
});
after(async () => {
  await t.close();
  await dropCliStore(e);
});

test("focus put from a file and from stdin, list and archive; the API serves what was put", async () => {
  const dir = mkdtempSync(join(tmpdir(), "crs-focus-"));
  const file = join(dir, "security.md");
  writeFileSync(file, "---\nonly: [security]\n---\nLook for injections.\n");
  const put = await crsJson(e, ["admin", "focus", "put", "acme", "security", "--title", "Security", "--emoji", "🔒", "--file", file]);
  assert.deepEqual([put.slug, put.revision, put.changed], ["security", 1, true]);
  const same = await crsJson(e, ["admin", "focus", "put", "acme", "security", "--title", "Security", "--emoji", "🔒", "--file", file]);
  assert.deepEqual([same.revision, same.changed], [1, false]);
  const fromStdin = await crs(
    e,
    ["admin", "focus", "put", "acme", "security", "--title", "Security", "--emoji", "🔒", "--file", "-", "--json"],
    "Changed instructions.\n",
  );
  assert.equal(fromStdin.code, 0, fromStdin.stderr);
  assert.equal(JSON.parse(fromStdin.stdout).revision, 2);
  const human = await crs(e, ["admin", "focus", "put", "acme", "perf", "--title", "Performance", "--file", "-"], "Be fast.");
  assert.match(human.stdout, /focus perf saved at revision 1/);

  const res = await t.request("/api/v2/focuses/security", { token });
  assert.equal(res.status, 200);
  const body = await json(res);
  assert.equal(body.instructions, "Changed instructions.\n");
  assert.equal(body.revision, 2);

  const archived = await crsJson(e, ["admin", "focus", "archive", "acme", "perf"]);
  assert.equal(archived.archived, true);
  const list = await crsJson(e, ["admin", "focus", "list", "acme"]);
  assert.deepEqual(
    list.map((f: any) => [f.slug, f.revision, f.archived]),
    [
      ["perf", 1, true],
      ["security", 2, false],
    ],
  );
  assert.equal((await t.request("/api/v2/focuses/perf", { token })).status, 404);
});

test("invalid front matter, a bad slug and an unknown focus are refused with a message and a non-zero exit", async () => {
  const bad = await crs(e, ["admin", "focus", "put", "acme", "broken", "--title", "Broken", "--file", "-"], "---\nnope: [1\n---\nbody");
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /invalid_request: .*front matter/);
  const slug = await crs(e, ["admin", "focus", "put", "acme", "has space", "--title", "X", "--file", "-"], "x");
  assert.equal(slug.code, 2);
  const missing = await crs(e, ["admin", "focus", "archive", "acme", "nothing"]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /not_found/);
  const noTitle = await crs(e, ["admin", "focus", "put", "acme", "x", "--file", "-"], "x");
  assert.equal(noTitle.code, 2);
});
