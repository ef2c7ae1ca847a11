// The app's repositories pages over HTTP, on whichever store DATABASE_URL names: the list and one
// repository (refs with review state, names escaped), an owner adds, syncs and removes, a member is
// refused, and a remote typed in the web is refused unless it is https to a public host.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { after, before, describe, test } from "node:test";
import { registerRepository, syncAndWait } from "../src/capabilities/repositories/index.ts";
import { checkWebRemote, isPublicAddress } from "../src/capabilities/repositories/web-remote.ts";
import { type Browser, hiddenFields, signIn, userWithPassword } from "./browser.ts";
import { demoRepository, finished, startedRun } from "./fixtures/worker.ts";
import { startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";

describe("which addresses are public", () => {
  test("loopback, private, link-local, CGNAT, metadata, unique-local and mapped ones are not; real public ones are", () => {
    for (const a of [
      "127.0.0.1",
      "10.0.0.5",
      "172.16.3.4",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:a9fe:a9fe",
      "64:ff9b::7f00:1",
      "2002:7f00:1::",
      "not an address",
    ]) {
      assert.equal(isPublicAddress(a), false, a);
    }
    for (const a of ["93.184.215.14", "140.82.112.3", "2606:4700::6810:84e5", "::ffff:8.8.8.8"]) assert.equal(isPublicAddress(a), true, a);
  });

  test("a host is checked on every address it resolves to; one that does not resolve is refused", async () => {
    const dns = (map: Record<string, string[]>) => async (h: string) => {
      if (!map[h]) throw new Error("ENOTFOUND");
      return map[h]!;
    };
    await checkWebRemote("https://git.example.com/a/b.git", [], dns({ "git.example.com": ["93.184.215.14"] }));
    await assert.rejects(checkWebRemote("https://rebind.example/a/b", [], dns({ "rebind.example": ["93.184.215.14", "10.0.0.1"] })), /10\.0\.0\.1/);
    await assert.rejects(checkWebRemote("https://nowhere.example/a/b", [], dns({})), /does not resolve/);
    await checkWebRemote("https://inside.example/a/b", ["private-hosts"], dns({}));
    await checkWebRemote("ssh://git@git.example.com/a/b.git", ["ssh"], dns({ "git.example.com": ["93.184.215.14"] }));
    await checkWebRemote("git@git.example.com:a/b.git", ["ssh"], dns({ "git.example.com": ["93.184.215.14"] }));
    await assert.rejects(checkWebRemote("file:///srv/x/y", ["ssh", "http", "git", "private-hosts"]), /operator/);
  });
});

let t: TestServer;
let ws: TestWorkspace;
let admin: Browser;
let member: Browser;
let repo: { row: { id: number }; path: string };
const repoCount = async (wsId = ws.id) => (await t.app.store.db.selectFrom("repositories").select("id").where("workspace_id", "=", wsId).execute()).length;

before(async () => {
  t = await startTestServer({ env: { CRS_WORKER_IN_PROCESS: "on", CRS_WORKER_POLL_MS: "50" } });
  ws = await t.workspace();
  repo = await demoRepository(t, ws, "acme/shop");
  execFileSync("git", ["-C", repo.path, "branch", "x<script>alert(1)</script>"]);
  await syncAndWait(t.app, repo.row.id);
  const run = await startedRun(t, ws, { repository: repo.row.id });
  assert.equal((await finished(t, ws.token, run.id)).state, "complete");
  const a = await userWithPassword(t, ws, "admin");
  const m = await userWithPassword(t, ws, "member");
  ({ browser: admin } = await signIn(t, a.email, a.password));
  ({ browser: member } = await signIn(t, m.email, m.password));
});
after(() => t.close());

describe("the repositories pages", () => {
  test("the list shows mirror state, access, default branch, last review and open findings; a member sees no add form", async () => {
    const list = await member.get("/app/repositories");
    assert.equal(list.status, 200);
    assert.match(list.text, new RegExp(`href="/app/repositories/${repo.row.id}">acme/shop</a>`));
    assert.match(list.text, /badge badge-ok">mirrored</);
    assert.match(list.text, /<td>main<\/td><td><a href="\/app\/runs\/\d+">20\d\d-/);
    assert.match(list.text, /status=open">[1-9]\d*<\/a>/);
    assert.doesNotMatch(list.text, /action="\/app\/repositories"/);
    assert.match((await admin.get("/app/repositories")).text, /action="\/app\/repositories"/);
  });

  test("a repository's refs show their review state and links to review them; a branch name renders as text", async () => {
    const page = await member.get(`/app/repositories/${repo.row.id}`);
    assert.equal(page.status, 200);
    assert.match(page.text, /<td>main<\/td><td><code>[0-9a-f]{12}<\/code><\/td><td><span class="badge badge-ok">reviewed<\/span>/);
    assert.match(page.text, /<td>x&lt;script&gt;alert\(1\)&lt;\/script&gt;<\/td>/);
    assert.doesNotMatch(page.text, /<script>alert/);
    assert.match(page.text, /<td>#1<\/td>/);
    assert.match(page.text, new RegExp(`href="/app/repositories/${repo.row.id}/connection"`));
    assert.match(page.text, /href="\/app\/runs\/new\?repository=\d+&amp;kind=pr&amp;pr=1"/);
    assert.doesNotMatch(page.text, /action="\/app\/repositories\/\d+\/remove"/);
    assert.equal((await member.get("/app/repositories/999999")).status, 404);
    assert.equal((await member.get("/app/repositories/abc")).status, 404);
  });

  test("a member is refused adding, syncing and removing (403) and nothing changes", async () => {
    const page = await member.get("/app/repositories");
    const csrf = hiddenFields(page.text, "/app/sign-out");
    const before = await repoCount();
    assert.equal((await member.post("/app/repositories", { ...csrf, remote: "https://93.184.215.14/acme/x.git" })).status, 403);
    assert.equal((await member.post(`/app/repositories/${repo.row.id}/sync`, csrf)).status, 403);
    assert.equal((await member.post(`/app/repositories/${repo.row.id}/remove`, csrf)).status, 403);
    assert.equal(await repoCount(), before);
  });

  test("an owner is refused each remote that is not https to a public host, with the reason, and nothing is added", async () => {
    const page = await admin.get("/app/repositories");
    const csrf = hiddenFields(page.text, "/app/repositories");
    const before = await repoCount();
    const refused: [string, RegExp][] = [
      ["file:///etc/passwd/x", /operator/],
      [repo.path, /operator/],
      ["ssh://git@93.184.215.14/acme/x.git", /CRS_WEB_REMOTE_ALLOW=ssh/],
      ["git@93.184.215.14:acme/x.git", /CRS_WEB_REMOTE_ALLOW=ssh/],
      ["http://93.184.215.14/acme/x.git", /CRS_WEB_REMOTE_ALLOW=http/],
      ["https://127.0.0.1/acme/x.git", /127\.0\.0\.1, a private/],
      ["https://localhost/acme/x.git", /private, loopback/],
      ["https://2130706433/acme/x.git", /127\.0\.0\.1/],
      ["https://10.1.2.3/acme/x.git", /private/],
      ["https://100.64.0.1/acme/x.git", /private/],
      ["https://169.254.169.254/latest/meta-data", /169\.254\.169\.254/],
      ["https://[::1]/acme/x.git", /::1/],
      ["https://[fd00::1]/acme/x.git", /fd00::1/],
      ["https://[::ffff:127.0.0.1]/acme/x.git", /private/],
      ["ext::sh -c touch% /tmp/pwned", /remote helper/],
    ];
    for (const [remote, reason] of refused) {
      const r = await admin.post("/app/repositories", { ...csrf, remote });
      assert.equal(r.status, 400, remote);
      assert.match(r.text, /class="error" role="alert"/, remote);
      assert.match(r.text.replace(/&#39;/g, "'"), reason, remote);
    }
    assert.equal(await repoCount(), before);
  });
});

describe("a host that points inside later", () => {
  test("a web-added repository is checked again before each fetch: a private address fails the sync as access_denied, git never asked", async () => {
    const row = await registerRepository(t.app, { workspaceId: ws.id, remote: "https://127.0.0.1:1/acme/rebound.git", webAdded: true }, { background: false });
    const outcome = await syncAndWait(t.app, row.id);
    assert.equal(outcome.status, "failed");
    assert.equal(outcome.status === "failed" && outcome.reason, "access_denied");
    assert.match(outcome.status === "failed" ? outcome.message : "", /refused before fetching: .*127\.0\.0\.1/);
    const after = await t.app.store.db.selectFrom("repositories").select(["mirror_state", "access"]).where("id", "=", row.id).executeTakeFirstOrThrow();
    assert.deepEqual({ ...after }, { mirror_state: "failed", access: "lost" });
  });
});

describe("an operator who allows private hosts", () => {
  let p: TestServer;
  let pws: TestWorkspace;
  let owner: Browser;
  before(async () => {
    p = await startTestServer({ env: { CRS_WEB_REMOTE_ALLOW: "private-hosts" } });
    pws = await p.workspace();
    const a = await userWithPassword(p, pws, "admin");
    ({ browser: owner } = await signIn(p, a.email, a.password));
  });
  after(() => p.close());

  test("an owner adds, syncs and removes a repository; a name taken is 409 and file:// stays refused", async () => {
    const page = await owner.get("/app/repositories");
    const csrf = hiddenFields(page.text, "/app/repositories");
    const added = await owner.post("/app/repositories", { ...csrf, remote: "https://127.0.0.1:1/acme/inside.git" });
    assert.equal(added.status, 303);
    const id = Number(/^\/app\/repositories\/(\d+)$/.exec(added.location ?? "")![1]);
    const row = await p.app.store.db.selectFrom("repositories").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    assert.equal(row.workspace_id, pws.id);
    assert.equal(row.full_name, "acme/inside");
    assert.equal((await owner.post("/app/repositories", { ...csrf, remote: "https://127.0.0.1:1/acme/inside.git" })).status, 409);
    assert.equal((await owner.post("/app/repositories", { ...csrf, remote: "file:///srv/acme/other" })).status, 400);
    const repoPage = await owner.get(`/app/repositories/${id}`);
    const sync = await owner.post(`/app/repositories/${id}/sync`, hiddenFields(repoPage.text, `/app/repositories/${id}/sync`));
    assert.equal(sync.status, 303);
    const removed = await owner.post(`/app/repositories/${id}/remove`, hiddenFields(repoPage.text, `/app/repositories/${id}/remove`));
    assert.equal(removed.status, 303);
    assert.equal(removed.location, "/app/repositories");
    assert.equal(await p.app.store.db.selectFrom("repositories").select("id").where("id", "=", id).executeTakeFirst(), undefined);
  });
});
