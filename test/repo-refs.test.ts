// GET /repositories/{owner}/{repo}/refs: branches, pull requests and tags of a real mirror, the
// reviewed flag, the q filter, the per-list limit and the answers before a mirror exists.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { generateRepo } from "../src/platform/codehost/testing/generate.ts";
import { registerRepository, type RepositoryRow } from "../src/capabilities/repositories/index.ts";
import { json, startTestServer, type TestServer, type TestWorkspace, expectError } from "./harness.ts";
import { readyRepository, sharedRemote } from "./fixtures/repositories.ts";

let t: TestServer;
let ws: TestWorkspace;
let repo: RepositoryRow;
before(async () => {
  t = await startTestServer();
  ws = await t.workspace();
  repo = await readyRepository(t, ws, { name: "acme/widgets" });
});
after(() => t.close());

const refs = (query = "", token = ws.token, name = "acme/widgets") => t.request(`/api/v2/repositories/${name}/refs${query ? `?${query}` : ""}`, { token });

describe("refs of a mirrored repository", () => {
  test("200 with branches, pull requests (GitHub and GitLab refs) and tags, each with its head sha", async () => {
    const res = await refs();
    assert.equal(res.status, 200);
    const body = await json(res);
    const shas = sharedRemote(t).shas;
    assert.equal(body.defaultBranch, "main");
    assert.deepEqual(
      body.branches.map((b: any) => [b.name, b.sha]),
      [
        ["feature", shas.featureHead],
        ["fix@home", shas.initial],
        ["main", shas.merge],
        ["release/1.x", shas.initial],
      ],
    );
    assert.deepEqual(
      body.pullRequests.map((p: any) => [p.number, p.ref, p.sha]),
      [
        [3, "refs/merge-requests/3/head", shas.mr3],
        [2, "refs/pull/2/head", shas.pr2],
        [1, "refs/pull/1/head", shas.featureHead],
      ],
    );
    // The annotated tag is peeled to its commit.
    assert.deepEqual(
      body.tags.map((x: any) => [x.name, x.sha]),
      [
        ["v1.0", shas.initial],
        ["v1.1", shas.initial],
      ],
    );
    assert.equal(body.nextCursor, null);
    assert.deepEqual(body.matched, { branches: 4, pullRequests: 3, tags: 2 });
  });

  test("asOf is the time of the last successful sync", async () => {
    const [r, view] = await Promise.all([refs(), t.request(`/api/v2/repositories/${repo.id}/-`, { token: ws.token })]);
    assert.equal((await json(r)).asOf, (await json(view)).mirror.lastSyncedAt);
  });

  test("a head is reviewed only when this repository recorded a review of that exact commit", async () => {
    const shas = sharedRemote(t).shas;
    const other = await t.workspace();
    const elsewhere = await registerRepository(t.app, { workspaceId: other.id, remote: sharedRemote(t).url, name: "x/y" }, { background: false });
    const now = new Date().toISOString();
    await t.app.store.db
      .insertInto("reviewed_commits")
      .values([
        { workspace_id: ws.id, repository_id: repo.id, sha: shas.featureHead, reviewed_at: now },
        { workspace_id: other.id, repository_id: elsewhere.id, sha: shas.merge, reviewed_at: now },
      ])
      .execute();
    const body = await json(await refs());
    const flag = (list: any[], key: string) => Object.fromEntries(list.map((x) => [x[key], x.reviewed]));
    assert.deepEqual(flag(body.branches, "name"), { feature: true, "fix@home": false, main: false, "release/1.x": false });
    assert.deepEqual(flag(body.pullRequests, "number"), { 1: true, 2: false, 3: false });
    assert.deepEqual(flag(body.tags, "name"), { "v1.0": false, "v1.1": false });
  });

  test("q filters names case-insensitively; for pull requests it matches the number", async () => {
    let body = await json(await refs("q=RELEASE"));
    assert.deepEqual([body.branches.map((b: any) => b.name), body.tags, body.pullRequests], [["release/1.x"], [], []]);
    body = await json(await refs("q=V1."));
    assert.deepEqual(
      body.tags.map((x: any) => x.name),
      ["v1.0", "v1.1"],
    );
    assert.deepEqual(body.branches, []);
    body = await json(await refs(`q=${encodeURIComponent("#2")}`));
    assert.deepEqual(
      body.pullRequests.map((p: any) => p.number),
      [2],
    );
    body = await json(await refs("q=nothing-matches"));
    assert.deepEqual([body.branches, body.pullRequests, body.tags, body.matched], [[], [], [], { branches: 0, pullRequests: 0, tags: 0 }]);
  });

  test("400 for q over 200 characters; 200 characters are accepted", async () => {
    await expectError(await refs(`q=${"a".repeat(201)}`), 400, "invalid_request");
    assert.equal((await refs(`q=${"a".repeat(200)}`)).status, 200);
  });

  test("400 for limit 0, 201 and a non-number", async () => {
    for (const q of ["limit=0", "limit=201", "limit=x"]) await expectError(await refs(q), 400, "invalid_request");
  });

  test("a default branch set at registration wins over the remote's HEAD", async () => {
    await readyRepository(t, ws, { name: "acme/feature-first", defaultBranch: "feature" });
    const body = await json(await refs("", ws.token, "acme/feature-first"));
    assert.equal(body.defaultBranch, "feature");
  });

  test("404 for another workspace's repository", async () => {
    const other = await t.workspace();
    await expectError(await refs("", other.token), 404, "not_found");
    await expectError(await refs("", other.token, `${repo.id}/-`), 404, "not_found");
  });
});

describe("many refs", () => {
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "crs-many-refs-"));
    await generateRepo(join(dir, "remote.git"), { files: 3, commits: 20, branches: 250, pulls: 230, tags: 210 });
    await readyRepository(t, ws, { name: "acme/many", remote: join(dir, "remote.git") });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("limit applies to each list: 100 by default, up to 200; matched counts every match", async () => {
    let body = await json(await refs("", ws.token, "acme/many"));
    assert.deepEqual([body.branches.length, body.pullRequests.length, body.tags.length], [100, 100, 100]);
    assert.deepEqual(body.matched, { branches: 251, pullRequests: 230, tags: 210 });
    body = await json(await refs("limit=200", ws.token, "acme/many"));
    assert.deepEqual([body.branches.length, body.pullRequests.length, body.tags.length], [200, 200, 200]);
    assert.equal(body.pullRequests[0].number, 230);
    assert.equal(body.nextCursor, null);
  });

  test("q narrows a long list before the limit applies", async () => {
    const body = await json(await refs("q=BRANCH-0024&limit=3", ws.token, "acme/many"));
    assert.deepEqual(
      body.branches.map((b: any) => b.name),
      ["branch-00240", "branch-00241", "branch-00242"],
    );
    assert.equal(body.matched.branches, 10);
  });
});

describe("before a mirror exists", () => {
  test("409 position_unavailable with reason mirror_unavailable for a repository not synced yet", async () => {
    await registerRepository(t.app, { workspaceId: ws.id, remote: sharedRemote(t).url, name: "acme/unsynced" }, { background: false });
    const body = await expectError(await refs("", ws.token, "acme/unsynced"), 409, "position_unavailable");
    assert.equal(body.error.details.reason, "mirror_unavailable");
  });
});
