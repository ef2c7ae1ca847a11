// Mirror syncs: in the background on registration and on request, failures recorded without
// breaking the server, and the lease that keeps two syncs of one repository apart.
import assert from "node:assert/strict";
import { existsSync, renameSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { after, before, describe, test } from "node:test";
import { makeRepo, type TestRepo } from "../src/platform/codehost/testing/make-repo.ts";
import {
  registerRepository,
  removeRepository,
  requestSync,
  resolveRepository,
  syncAndWait,
  syncRepository,
  takeLease,
  type RepositoryRow,
} from "../src/capabilities/repositories/index.ts";
import { eventually, json, startTestServer, unique, type TestServer, type TestWorkspace } from "./harness.ts";
import { readyRepository, sharedRemote } from "./fixtures/repositories.ts";

let t: TestServer;
let ws: TestWorkspace;
before(async () => {
  t = await startTestServer();
  ws = await t.workspace();
});
after(() => t.close());

const name = () => `${unique("o")}/${unique("r")}`;
const row = (id: number) => resolveRepository(t.app.store, ws.id, { id });
const view = async (id: number) => json(await t.request(`/api/v2/repositories/${id}/-`, { token: ws.token }));

describe("background syncs", () => {
  test("a repository registered in the background is mirrored by the server's scheduler", async () => {
    const r = await registerRepository(t.app, { workspaceId: ws.id, remote: sharedRemote(t).url, name: name() });
    const v = await eventually(
      () => view(r.id),
      (x) => x.mirror.state === "ready",
    );
    assert.equal(v.defaultBranch, "main");
    assert.equal(v.access, "ok");
    assert.ok(v.mirror.lastAttemptAt <= v.mirror.lastSyncedAt);
  });

  test("a sync requested from another process (a row update, no wake-up) is picked up", async () => {
    const r = await registerRepository(t.app, { workspaceId: ws.id, remote: sharedRemote(t).url, name: name() }, { background: false });
    assert.equal((await view(r.id)).mirror.state, "pending");
    await t.app.store.db.updateTable("repositories").set({ sync_requested_at: new Date().toISOString() }).where("id", "=", r.id).execute();
    await eventually(
      () => view(r.id),
      (x) => x.mirror.state === "ready",
    );
  });

  test("a lease left by a process that died is taken over and the sync finishes", async () => {
    const r = await readyRepository(t, ws);
    const past = new Date(Date.now() - 1000).toISOString();
    await t.app.store.db.updateTable("repositories").set({ sync_owner: "gone-host:1:dead", sync_lease_until: past }).where("id", "=", r.id).execute();
    const after = await eventually(
      () => row(r.id),
      (x) => x.sync_owner === null,
    );
    assert.ok(after.last_attempt_at! > r.last_attempt_at!);
    assert.equal(after.mirror_state, "ready");
  });
});

describe("a remote that fails", () => {
  let remote: TestRepo;
  let repo: RepositoryRow;
  before(async () => {
    remote = makeRepo();
    repo = await readyRepository(t, ws, { remote: remote.path });
  });
  after(() => remote.cleanup());

  test("a remote that disappears after registration: mirror failed, access lost, and the server keeps answering", async () => {
    const moved = `${remote.path}-moved`;
    renameSync(remote.path, moved);
    try {
      await requestSync(t.app, ws.id, { id: repo.id });
      const v = await eventually(
        () => view(repo.id),
        (x) => x.mirror.state === "failed",
      );
      assert.equal(v.access, "lost");
      assert.equal(v.mirror.reason, "remote_not_found");
      assert.equal(typeof v.mirror.message, "string");
      // Neither the remote's location on disk nor the server's data directory shows through the API.
      const shown = JSON.stringify(await json(await t.request(`/api/v2/repositories/${repo.id}/-`, { token: ws.token })));
      assert.ok(!shown.includes(remote.path) && !shown.includes(t.config.dataDir), shown);
      assert.match(v.mirror.message, /<path>/);
      assert.equal(v.mirror.lastSyncedAt, repo.last_synced_at);
      const refs = await t.request(`/api/v2/repositories/${repo.id}/-/refs`, { token: ws.token });
      const body = await json(refs);
      assert.equal(refs.status, 409);
      assert.equal(body.error.code, "repository_not_runnable");
      assert.equal(body.error.details.reason, "remote_not_found");
      assert.equal((await t.request("/api/v2/me", { token: ws.token })).status, 200);
      assert.equal((await t.request("/api/v2/repositories", { token: ws.token })).status, 200);
    } finally {
      renameSync(moved, remote.path);
    }
  });

  test("when the remote is back, the next sync restores ready and access ok", async () => {
    const outcome = await syncRepository(t.app, repo.id);
    assert.equal(outcome.status, "synced");
    const v = await view(repo.id);
    assert.deepEqual([v.mirror.state, v.access, v.mirror.reason], ["ready", "ok", undefined]);
  });

  test("an unreachable remote after a good sync: access unavailable, refs still served as of the last sync", async () => {
    await t.app.store.db.updateTable("repositories").set({ remote: "http://127.0.0.1:1/acme/widgets.git" }).where("id", "=", repo.id).execute();
    const synced = (await row(repo.id)).last_synced_at;
    const outcome = await syncRepository(t.app, repo.id);
    assert.deepEqual([outcome.status, outcome.status === "failed" && outcome.reason], ["failed", "remote_unreachable"]);
    const v = await view(repo.id);
    assert.deepEqual([v.mirror.state, v.access], ["failed", "unavailable"]);
    const refs = await t.request(`/api/v2/repositories/${repo.id}/-/refs`, { token: ws.token });
    assert.equal(refs.status, 200);
    assert.equal((await json(refs)).asOf, synced);
  });

  test("503 repository_access_unavailable for refs of a repository whose remote was never reachable", async () => {
    const r = await registerRepository(t.app, { workspaceId: ws.id, remote: "http://127.0.0.1:1/nobody/there.git" }, { background: false });
    assert.equal((await syncRepository(t.app, r.id)).status, "failed");
    const res = await t.request(`/api/v2/repositories/${r.id}/-/refs`, { token: ws.token });
    const body = await json(res);
    assert.equal(res.status, 503);
    assert.equal(body.error.code, "repository_access_unavailable");
    assert.equal(body.error.details.reason, "remote_unreachable");
  });

  test("credentials in a failing remote never reach the mirror message", async () => {
    const r = await registerRepository(t.app, { workspaceId: ws.id, remote: "http://bot:hunter2secret@127.0.0.1:1/team/app.git" }, { background: false });
    await syncRepository(t.app, r.id);
    const v = await view(r.id);
    assert.equal(v.mirror.state, "failed");
    assert.doesNotMatch(JSON.stringify(v), /hunter2secret/);
  });
});

describe("the sync lease", () => {
  test("of concurrent lease attempts on one repository exactly one succeeds", async () => {
    const r = await registerRepository(t.app, { workspaceId: ws.id, remote: sharedRemote(t).url, name: name() }, { background: false });
    const got = await Promise.all(Array.from({ length: 8 }, (_, i) => takeLease(t.app.store, r.id, `racer-${i}`, 60_000)));
    assert.equal(got.filter(Boolean).length, 1);
  });

  test("two syncs of one repository at once: one runs, the other is told busy", async () => {
    const r = await registerRepository(t.app, { workspaceId: ws.id, remote: sharedRemote(t).url, name: name() }, { background: false });
    const outcomes = await Promise.all([syncRepository(t.app, r.id), syncRepository(t.app, r.id)]);
    assert.deepEqual(outcomes.map((o) => o.status).sort(), ["busy", "synced"]);
  });

  test("a lease held by another process blocks syncs (the mirror shows syncing) until it lapses", async () => {
    const r = await readyRepository(t, ws);
    const held = new Date(Date.now() + 60_000).toISOString();
    await t.app.store.db.updateTable("repositories").set({ sync_owner: "other-host:4242:abc", sync_lease_until: held }).where("id", "=", r.id).execute();
    assert.equal((await syncRepository(t.app, r.id)).status, "busy");
    assert.equal((await view(r.id)).mirror.state, "syncing");
    await t.app.store.db
      .updateTable("repositories")
      .set({ sync_lease_until: new Date(Date.now() - 1).toISOString() })
      .where("id", "=", r.id)
      .execute();
    assert.equal((await syncRepository(t.app, r.id)).status, "synced");
    const after = await row(r.id);
    assert.deepEqual([after.sync_owner, after.sync_lease_until, after.mirror_state], [null, null, "ready"]);
  });

  test("a wait that finds another sync running syncs again after it, so a commit pushed before the call is mirrored", async () => {
    const remote = makeRepo();
    try {
      const r = await readyRepository(t, ws, { remote: remote.path });
      // Another process holds the lease: its fetch may predate the commit pushed now.
      const held = new Date(Date.now() + 60_000).toISOString();
      await t.app.store.db.updateTable("repositories").set({ sync_owner: "other-host:1:abc", sync_lease_until: held }).where("id", "=", r.id).execute();
      const pushed = remote.commit({ "late.txt": "late\n" }, { branch: "main", message: "pushed while the other sync ran" });
      const waiting = syncAndWait(t.app, r.id, { pollMs: 20 });
      await new Promise((res) => setTimeout(res, 100));
      // The other sync ends (without the new commit) and releases the lease.
      await t.app.store.db.updateTable("repositories").set({ sync_owner: null, sync_lease_until: null }).where("id", "=", r.id).execute();
      assert.equal((await waiting).status, "synced");
      assert.deepEqual(await t.app.mirrors.get(r.id).resolveCommit(pushed), { status: "found", sha: pushed });
    } finally {
      remote.cleanup();
    }
  });

  test("a sync stopped by shutdown releases the lease, records no failure and asks for a new sync", async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((s) => {
      sockets.add(s);
      s.on("error", () => {});
    });
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const port = (silent.address() as { port: number }).port;
    try {
      const r = await registerRepository(t.app, { workspaceId: ws.id, remote: `http://127.0.0.1:${port}/slow/repo.git` }, { background: false });
      const stop = new AbortController();
      const running = syncRepository(t.app, r.id, { signal: stop.signal });
      await eventually(
        () => row(r.id),
        (x) => x.sync_owner !== null,
      );
      stop.abort();
      assert.equal((await running).status, "stopped");
      const after = await row(r.id);
      assert.deepEqual([after.sync_owner, after.mirror_state, after.sync_requested_at !== null], [null, "pending", true]);
      // The server's scheduler now retries it against the silent remote; closing the server stops that too.
      await t.app.store.db.deleteFrom("repositories").where("id", "=", r.id).execute();
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });
});

describe("removal", () => {
  test("removing a repository deletes its mirror and its reviewed-commit records", async () => {
    const r = await readyRepository(t, ws);
    const dir = t.app.mirrors.get(r.id).dir;
    assert.ok(existsSync(dir));
    await t.app.store.db
      .insertInto("reviewed_commits")
      .values({ workspace_id: ws.id, repository_id: r.id, sha: sharedRemote(t).shas.merge, reviewed_at: new Date().toISOString() })
      .execute();
    await removeRepository(t.app, ws.id, { id: r.id });
    assert.ok(!existsSync(dir));
    const left = await t.app.store.db.selectFrom("reviewed_commits").select("sha").where("repository_id", "=", r.id).execute();
    assert.deepEqual(left, []);
    assert.equal((await t.request(`/api/v2/repositories/${r.id}/-`, { token: ws.token })).status, 404);
  });
});

describe("periodic syncs", () => {
  test("with CRS_SYNC_INTERVAL_SECONDS set, a new commit on the remote shows up without a request", async () => {
    const periodic = await startTestServer({ env: { CRS_SYNC_INTERVAL_SECONDS: "1" } });
    const remote = makeRepo();
    try {
      const pws = await periodic.workspace();
      const r = await readyRepository(periodic, pws, { remote: remote.url, name: "acme/periodic" });
      const sha = remote.commit({ "later.txt": "later\n" }, { branch: "main", message: "later" });
      const main = async () => {
        const body = await json(await periodic.request(`/api/v2/repositories/${r.id}/-/refs?q=main`, { token: pws.token }));
        return body.branches.find((b: any) => b.name === "main")?.sha;
      };
      await eventually(main, (s) => s === sha);
    } finally {
      await periodic.close();
      remote.cleanup();
    }
  });
});
