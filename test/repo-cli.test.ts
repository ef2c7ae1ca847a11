// crs admin repo add|list|sync|remove, run as a child process against the same store as a running
// test server (the SQLite file of its data dir, or its PostgreSQL schema through search_path in
// DATABASE_URL), so "another process" is real: its requests are picked up by the server's scheduler.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { makeRepo, type TestRepo } from "../src/platform/codehost/testing/make-repo.ts";
import { eventually, json, startTestServer, usingPostgres, type TestServer, type TestWorkspace } from "./harness.ts";

const crs = join(dirname(fileURLToPath(import.meta.url)), "..", "bin", "crs.js");
let t: TestServer;
let ws: TestWorkspace;
let remote: TestRepo;
let env: NodeJS.ProcessEnv;

before(async () => {
  t = await startTestServer();
  ws = await t.workspace();
  remote = makeRepo();
  env = { ...process.env, CRS_DATA_DIR: t.config.dataDir, CRS_LOG_LEVEL: "silent" };
  delete env.DATABASE_URL;
  if (usingPostgres) {
    const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(t.app.store.db);
    const url = new URL(t.databaseUrl!);
    url.searchParams.set("options", `-c search_path=${rows[0]!.s}`);
    env.DATABASE_URL = url.toString();
  }
});
after(async () => {
  await t.close();
  remote.cleanup();
});

function admin(args: string[], cwd = process.cwd()): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [crs, "admin", ...args], { env, cwd }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, out: stdout, err: stderr });
    });
  });
}

const api = async (path: string) => json(await t.request(`/api/v2${path}`, { token: ws.token }));

describe("crs admin repo", () => {
  test("add --wait with a relative path: absolutized, named from the path, mirrored, printed as JSON", async () => {
    const r = await admin(["--json", "repo", "add", ws.slug, "widgets", "--wait"], join(remote.path, ".."));
    assert.equal(r.code, 0, r.err);
    const view = JSON.parse(r.out);
    assert.deepEqual([view.fullName, view.mirror.state, view.access, view.defaultBranch], ["acme/widgets", "ready", "ok", "main"]);
    assert.equal(view.remote, remote.path);
    assert.equal((await api(`/repositories/${view.id}/-`)).mirror.state, "ready");
  });

  test("add without --wait leaves the first sync to the running server", async () => {
    const r = await admin(["--json", "repo", "add", ws.slug, remote.url, "--name", "acme/background", "--default-branch", "feature"]);
    assert.equal(r.code, 0, r.err);
    const view = JSON.parse(r.out);
    assert.equal(view.mirror.state, "pending");
    const synced = await eventually(
      () => api(`/repositories/${view.id}/-`),
      (v) => v.mirror.state === "ready",
    );
    assert.equal(synced.defaultBranch, "feature");
  });

  test("exit 1 with conflict for a name already registered", async () => {
    const r = await admin(["repo", "add", ws.slug, remote.path]);
    assert.equal(r.code, 1);
    assert.match(r.err, /conflict/);
  });

  test("exit 2 for a remote git must not be given; exit 1 for an unknown workspace", async () => {
    const bad = await admin(["repo", "add", ws.slug, "ext::sh -c id", "--name", "x/y"]);
    assert.equal(bad.code, 2);
    assert.match(bad.err, /invalid_request/);
    const none = await admin(["repo", "add", "no-such-workspace", remote.path, "--name", "x/z"]);
    assert.equal(none.code, 1);
    assert.match(none.err, /not_found/);
  });

  test("add --wait for a remote that does not exist: registered, mirror failed, exit 1", async () => {
    const r = await admin(["--json", "repo", "add", ws.slug, join(remote.path, "..", "missing"), "--name", "acme/missing", "--wait"]);
    assert.equal(r.code, 1);
    assert.equal(JSON.parse(r.out).mirror.state, "failed");
    assert.match(r.err, /remote_not_found/);
  });

  test("sync without --wait is requested and picked up by the server; a new commit appears in refs", async () => {
    const sha = remote.commit({ "cli.txt": "x\n" }, { branch: "main", message: "for the cli test" });
    const r = await admin(["repo", "sync", ws.slug, "ACME/widgets"]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /requested/);
    await eventually(
      async () => (await api("/repositories/acme/widgets/refs?q=main")).branches[0]?.sha,
      (s) => s === sha,
    );
  });

  test("sync --wait by id syncs inline and prints the state", async () => {
    const id = (await api("/repositories/acme/widgets")).id;
    const r = await admin(["--json", "repo", "sync", ws.slug, String(id), "--wait"]);
    assert.equal(r.code, 0, r.err);
    assert.equal(JSON.parse(r.out).mirror.state, "ready");
  });

  test("list shows every repository with its state and the remote without credentials", async () => {
    const add = await admin(["repo", "add", ws.slug, "http://bot:tok3n-secret@127.0.0.1:1/team/app.git"]);
    assert.equal(add.code, 0, add.err);
    const r = await admin(["--json", "repo", "list", ws.slug]);
    assert.equal(r.code, 0, r.err);
    const list = JSON.parse(r.out);
    assert.deepEqual(
      list.map((v: any) => v.fullName),
      ["acme/background", "acme/missing", "acme/widgets", "team/app"],
    );
    assert.doesNotMatch(r.out, /tok3n-secret/);
    const human = await admin(["repo", "list", ws.slug]);
    assert.match(human.out, /acme\/widgets\tmain\taccess ok\tmirror ready/);
    assert.doesNotMatch(human.out, /tok3n-secret/);
  });

  test("remove deletes the repository and its mirror", async () => {
    const view = await api("/repositories/acme/widgets");
    const dir = t.app.mirrors.get(view.id).dir;
    assert.ok(existsSync(dir));
    const r = await admin(["repo", "remove", ws.slug, "acme/widgets"]);
    assert.equal(r.code, 0, r.err);
    assert.ok(!existsSync(dir));
    assert.equal((await t.request("/api/v2/repositories/acme/widgets", { token: ws.token })).status, 404);
    assert.equal((await admin(["repo", "remove", ws.slug, "acme/widgets"])).code, 1);
  });
});
