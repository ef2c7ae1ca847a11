// resolveAt: the shared helper that turns a request's `at` into one commit of a repository's
// mirror, with the 400/409/503 answers the runs, findings and documents operations rely on.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { AppError } from "../src/kernel/errors.ts";
import { registerRepository, resolveAt, resolveRepository, syncRepository, type RepositoryRow } from "../src/capabilities/repositories/index.ts";
import { startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { readyRepository, sharedRemote } from "./fixtures/repositories.ts";

let t: TestServer;
let ws: TestWorkspace;
let repo: RepositoryRow;
before(async () => {
  t = await startTestServer();
  ws = await t.workspace();
  repo = await readyRepository(t, ws);
});
after(() => t.close());

const ctx = () => ({ app: t.app });

function refused(code: string, reason?: string) {
  return (e: AppError) => {
    assert.equal(e.code, code);
    if (reason) assert.equal(e.details?.reason, reason);
    return true;
  };
}

describe("resolveAt", () => {
  test("no at and `default` resolve to the default branch head, pinned", async () => {
    const { shas } = sharedRemote(t);
    const expected = { at: `branch:main@${shas.merge}`, kind: "branch", ref: "refs/heads/main", sha: shas.merge };
    assert.deepEqual(await resolveAt(ctx(), repo, undefined), expected);
    assert.deepEqual(await resolveAt(ctx(), repo, "default"), expected);
  });

  test("branch, pr and abbreviated commit positions resolve to one commit", async () => {
    const { shas } = sharedRemote(t);
    assert.equal((await resolveAt(ctx(), repo, "branch:feature")).sha, shas.featureHead);
    assert.deepEqual(await resolveAt(ctx(), repo, "pr:3"), { at: `pr:3@${shas.mr3}`, kind: "pr", ref: "refs/merge-requests/3/head", sha: shas.mr3 });
    assert.deepEqual(await resolveAt(ctx(), repo, `commit:${shas.feature1.slice(0, 8)}`), {
      at: `commit:${shas.feature1}`,
      kind: "commit",
      ref: null,
      sha: shas.feature1,
    });
  });

  test("a pinned sha on the ref's history resolves; off it, 409 not_on_ref", async () => {
    const { shas } = sharedRemote(t);
    assert.equal((await resolveAt(ctx(), repo, `branch:main@${shas.feature1.slice(0, 12)}`)).sha, shas.feature1);
    await assert.rejects(resolveAt(ctx(), repo, `branch:main@${shas.pr2}`), refused("position_unavailable", "not_on_ref"));
  });

  test("409 unknown_branch, unknown_pr and unknown_commit", async () => {
    await assert.rejects(resolveAt(ctx(), repo, "branch:nope"), refused("position_unavailable", "unknown_branch"));
    await assert.rejects(resolveAt(ctx(), repo, "pr:404"), refused("position_unavailable", "unknown_pr"));
    await assert.rejects(resolveAt(ctx(), repo, "commit:0123456789abcdef"), refused("position_unavailable", "unknown_commit"));
  });

  test("400 invalid_request for bad syntax and for more than 512 characters", async () => {
    for (const at of ["main", "branch:", "pr:0", "commit:xyz", `branch:${"a".repeat(506)}`]) {
      await assert.rejects(resolveAt(ctx(), repo, at), refused("invalid_request"), at);
    }
  });

  test("the default branch set at registration is what `default` means", async () => {
    const r = await readyRepository(t, ws, { defaultBranch: "feature" });
    const p = await resolveAt(ctx(), r, "default");
    assert.deepEqual([p.ref, p.sha], ["refs/heads/feature", sharedRemote(t).shas.featureHead]);
  });

  test("409 mirror_unavailable before the first sync", async () => {
    const r = await registerRepository(t.app, { workspaceId: ws.id, remote: sharedRemote(t).url, name: "pending/repo" }, { background: false });
    await assert.rejects(resolveAt(ctx(), r, "default"), refused("position_unavailable", "mirror_unavailable"));
  });

  test("409 repository_not_runnable when access to the remote was lost, even with a mirror on disk", async () => {
    const r = await readyRepository(t, ws);
    await t.app.store.db.updateTable("repositories").set({ remote: "/nonexistent/owner/gone" }).where("id", "=", r.id).execute();
    assert.equal((await syncRepository(t.app, r.id)).status, "failed");
    const lost = await resolveRepository(t.app.store, ws.id, { id: r.id });
    await assert.rejects(resolveAt(ctx(), lost, "default"), refused("repository_not_runnable", "remote_not_found"));
  });

  test("503 repository_access_unavailable when the remote was never reachable", async () => {
    const r = await registerRepository(t.app, { workspaceId: ws.id, remote: "http://127.0.0.1:1/never/there.git" }, { background: false });
    await syncRepository(t.app, r.id);
    const row = await resolveRepository(t.app.store, ws.id, { id: r.id });
    await assert.rejects(resolveAt(ctx(), row, "default"), refused("repository_access_unavailable", "remote_unreachable"));
  });
});
