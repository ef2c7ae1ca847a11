import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { AppError } from "../../kernel/errors.ts";
import { runGit } from "./git.ts";
import { Mirror } from "./mirror.ts";
import { makeRepo } from "./testing/make-repo.ts";
import type { TestRepo } from "./testing/make-repo.ts";

const opts = { timeoutMs: 30_000 };

describe("Mirror.sync", () => {
  let repo: TestRepo;
  let root: string;
  before(() => {
    repo = makeRepo();
    root = mkdtempSync(join(tmpdir(), "crs-mirrors-"));
  });
  after(() => {
    repo.cleanup();
    rmSync(root, { recursive: true, force: true });
  });

  test("a file:// remote is mirrored with branches, peeled tags, both PR ref styles and the default branch", async () => {
    const m = new Mirror(root, 1);
    const res = await m.sync(repo.url, opts);
    assert.equal(res.defaultBranch, "main");
    const refs = await m.listRefs();
    assert.equal(refs.defaultBranch, "main");
    assert.equal(refs.syncedAt, res.syncedAt);
    assert.deepEqual(
      refs.branches.map((b) => b.name),
      ["feature", "fix@home", "main", "release/1.x"],
    );
    assert.equal(refs.branch("main")?.sha, repo.shas.merge);
    assert.deepEqual(
      refs.tags.map((t) => [t.name, t.sha]),
      [
        ["v1.0", repo.shas.initial],
        ["v1.1", repo.shas.initial],
      ],
    );
    assert.deepEqual(
      refs.pullRequests.map((p) => [p.number, p.ref, p.sha]),
      [
        [3, "refs/merge-requests/3/head", repo.shas.mr3],
        [2, "refs/pull/2/head", repo.shas.pr2],
        [1, "refs/pull/1/head", repo.shas.featureHead],
      ],
    );
    m.close();
  });

  test("refs outside the mirrored namespaces (PR merge refs, notes) are not fetched", async () => {
    const m = new Mirror(root, 1);
    await m.sync(repo.url, opts);
    const all = (await runGit(["for-each-ref", "--format=%(refname)"], { gitDir: m.dir })).stdout.toString().split("\n");
    assert.ok(all.includes("refs/pull/1/head"));
    assert.ok(!all.includes("refs/pull/1/merge"));
    assert.ok(!all.includes("refs/notes/commits"));
    m.close();
  });

  test("a plain path remote works and a later sync brings new commits and prunes deleted branches", async () => {
    const m = new Mirror(root, 2);
    await m.sync(repo.path, opts);
    assert.ok((await m.listRefs()).branch("release/1.x"));
    const sha = repo.commit({ "NEW.md": "new\n" }, { branch: "feature", message: "more" });
    repo.git(["checkout", "-q", "main"]);
    repo.git(["branch", "-D", "release/1.x"]);
    await m.sync(repo.path, opts);
    const refs = await m.listRefs();
    assert.equal(refs.branch("feature")?.sha, sha);
    assert.equal(refs.branch("release/1.x"), undefined);
    m.close();
  });

  test("two syncs of one mirror at once both succeed", async () => {
    const a = new Mirror(root, 3);
    const b = new Mirror(root, 3);
    const [ra, rb] = await Promise.all([a.sync(repo.url, opts), b.sync(repo.url, opts)]);
    assert.equal(ra.defaultBranch, "main");
    assert.equal(rb.defaultBranch, "main");
    assert.ok((await a.listRefs()).branch("main"));
    a.close();
    b.close();
  });

  test("an empty remote mirrors to no refs and no default branch", async () => {
    const empty = join(root, "empty-remote.git");
    await runGit(["init", "--bare", "--quiet", empty]);
    const m = new Mirror(root, 8);
    assert.deepEqual((await m.sync(empty, opts)).defaultBranch, null);
    const refs = await m.listRefs();
    assert.deepEqual([refs.defaultBranch, refs.branches.length], [null, 0]);
    assert.ok(refs.syncedAt);
    m.close();
  });

  test("listRefs before the first sync is empty with syncedAt null", async () => {
    const m = new Mirror(root, 4);
    const refs = await m.listRefs();
    assert.equal(m.exists(), false);
    assert.equal(refs.syncedAt, null);
    assert.deepEqual([refs.branches, refs.tags, refs.pullRequests], [[], [], []]);
  });

  test("a failing first sync leaves no mirror and no temporary directory behind", async () => {
    const m = new Mirror(root, 5);
    await assert.rejects(m.sync(`file://${root}/does-not-exist`, opts), (e: AppError) => e.code === "repository_not_runnable");
    assert.equal(m.exists(), false);
    assert.deepEqual(
      readdirSync(root).filter((n) => n.startsWith("5.git")),
      [],
    );
  });

  test("a sync that runs out of time fails with repository_access_unavailable (timeout)", async () => {
    const m = new Mirror(root, 7);
    await assert.rejects(m.sync(repo.url, { timeoutMs: 1 }), (e: AppError) => {
      assert.deepEqual([e.code, e.status, e.details], ["repository_access_unavailable", 503, { reason: "timeout" }]);
      return true;
    });
    assert.equal(m.exists(), false);
  });

  test("option-like and command-running remotes are refused with invalid_request", async () => {
    const m = new Mirror(root, 6);
    for (const bad of ["--upload-pack=touch /tmp/pwned", "ext::sh -c touch% /tmp/pwned", "fd::3", "relative/path"]) {
      await assert.rejects(m.sync(bad, opts), (e: AppError) => e.code === "invalid_request", bad);
    }
  });
});

describe("a remote that disappears after registration", () => {
  test("sync fails with repository_not_runnable (remote_not_found) and the mirror keeps serving its refs", async () => {
    const repo = makeRepo();
    const root = mkdtempSync(join(tmpdir(), "crs-mirrors-"));
    const m = new Mirror(root, 1);
    try {
      await m.sync(repo.url, opts);
      repo.cleanup();
      await assert.rejects(m.sync(repo.url, opts), (e: AppError) => {
        assert.equal(e.code, "repository_not_runnable");
        assert.equal(e.status, 409);
        assert.deepEqual(e.details, { reason: "remote_not_found" });
        return true;
      });
      assert.equal((await m.listRefs()).branch("main")?.sha, repo.shas.merge);
      const probe = await m.probeAccess(repo.url);
      assert.equal(probe.ok, false);
      assert.equal(!probe.ok && probe.reason, "remote_not_found");
    } finally {
      m.close();
      repo.cleanup();
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("probeAccess reports a readable remote with its default branch", async () => {
    const repo = makeRepo();
    try {
      const m = new Mirror(tmpdir(), "probe");
      assert.deepEqual(await m.probeAccess(repo.path), { ok: true, defaultBranch: "main" });
    } finally {
      repo.cleanup();
    }
  });
});
