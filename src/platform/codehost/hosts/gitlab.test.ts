// The GitLab client against the GitLab stand-in (gitlab.com cannot be reached from the tests): every
// request crs sends is validated against request schemas written from GitLab's REST documentation.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { makeRepo, type TestRepo } from "../testing/make-repo.ts";
import { createHostClient, HostRefusedError, HostUnavailableError } from "./index.ts";
import { GitLabStandIn } from "./testing/gitlab-standin.ts";

let repo: TestRepo;
let gl: GitLabStandIn;
let head: string;
/** A path gitbeaker's form encoding of a position would cut apart (`&`), with every other troublesome character. */
const awkward = "src/a&b=c [x] 100% #1 ünï.ts";

before(async () => {
  repo = makeRepo();
  repo.commit(
    { "src/new.ts": "export const a = 1;\nexport const b = 2;\nexport const c = 3;\n", [awkward]: "export const d = 4;\nexport const e = 5;\n" },
    { branch: "topic", message: "topic" },
  );
  head = repo.git(["rev-parse", "HEAD"]);
  repo.git(["checkout", "-q", "main"]);
  gl = await GitLabStandIn.start({ repoDir: repo.path, fullPath: "acme/sub/widgets" });
  gl.addMergeRequest({ iid: 5, sourceBranch: "topic", targetBranch: "main" });
  gl.addMergeRequest({ iid: 6, sourceBranch: "topic", targetBranch: "main", fromFork: true });
  gl.addMergeRequest({ iid: 7, sourceBranch: "topic", targetBranch: "main", state: "merged" });
});

after(async () => {
  await gl.close();
  repo.cleanup();
});

describe("GitLab client (against the GitLab stand-in)", () => {
  test("checkAccess: project facts; the instance root may carry /api/v4", async () => {
    const c = createHostClient({ ...gl.connection(), apiUrl: `${gl.apiUrl}/api/v4/` });
    assert.deepEqual(await c.checkAccess(), { ok: true, defaultBranch: "main", private: true, cloneUrl: gl.cloneUrl });
  });

  test("merge requests: head, base, fork and state; the list holds the opened ones with their base", async () => {
    const c = createHostClient(gl.connection());
    const mr = await c.getPullRequest(5);
    assert.equal(mr.headSha, head);
    assert.equal(mr.baseSha, repo.git(["rev-parse", "main"]));
    assert.equal(mr.fromFork, false);
    assert.equal((await c.getPullRequest(6)).fromFork, true);
    assert.equal((await c.getPullRequest(7)).state, "merged");
    const open = await c.listOpenPullRequests();
    assert.deepEqual(open.map((p) => p.number).sort(), [5, 6]);
    assert.ok(open.every((p) => p.baseSha.length === 40));
    await assert.rejects(c.getPullRequest(99), (e: unknown) => e instanceof HostRefusedError && e.reason === "not_found");
  });

  test("summary note: created once, then edited in place", async () => {
    const c = createHostClient(gl.connection());
    const first = await c.upsertSummaryComment(5, "first");
    const second = await c.upsertSummaryComment(5, "second", first.id);
    assert.equal(second.id, first.id);
    assert.equal(gl.notes.get(Number(first.id))?.body, "second");
    assert.equal(second.url, `${gl.webUrl}/-/merge_requests/5#note_${first.id}`);
  });

  test("inline comments: one diff discussion each; a line outside the diff is refused alone; replies land in the thread", async () => {
    const c = createHostClient(gl.connection());
    const posted = await c.postInlineComments(5, head, [
      { path: "src/new.ts", line: 2, body: "two" },
      { path: "README.md", line: 1, body: "not in the diff" },
    ]);
    assert.ok(posted[0]);
    assert.equal(posted[1], null);
    await c.replyToInlineComment(5, String(posted[0]?.id), "fixed");
    assert.equal(gl.discussions.get(String(posted[0]?.id))?.length, 2);
  });

  test("an inline comment on a path with & = [ ] % # spaces and non-ASCII lands on that path and line", async () => {
    const c = createHostClient(gl.connection());
    const [posted] = await c.postInlineComments(5, head, [{ path: awkward, line: 2, body: "on the awkward path" }]);
    assert.ok(posted, "positioned, not refused");
    const note = [...gl.notes.values()].find((n) => n.body === "on the awkward path");
    assert.deepEqual(note?.position, { new_path: awkward, old_path: awkward, new_line: 2 });
    const sent = gl.server.requests.filter((r) => r.operation?.endsWith("/discussions")).at(-1);
    assert.deepEqual(sent?.errors, []);
  });

  test("status: failure and error become failed, cancelled canceled; a repeated pending is accepted", async () => {
    const c = createHostClient(gl.connection());
    await c.setStatus(head, { state: "pending", description: "reviewing", context: "crs" });
    await c.setStatus(head, { state: "pending", description: "reviewing", context: "crs" });
    await c.setStatus(head, { state: "failure", description: "1 high", context: "crs", targetUrl: "http://crs.test/app/runs/2" });
    await c.setStatus(head, { state: "pending", description: "reviewing", context: "crs" });
    assert.equal(await c.setStatus(head, { state: "cancelled", description: "superseded", context: "crs" }), null);
    assert.deepEqual(
      gl.statuses.map((s) => s.state),
      ["pending", "failed", "pending", "canceled"],
    );
  });

  test("status: running starts a status or moves a pending one; a repeated running is accepted; running after the verdict reopens the head", async () => {
    const c = createHostClient(gl.connection());
    const sha = repo.git(["rev-parse", "main"]);
    const kept = () => gl.statusJobs.filter((s) => s.sha === sha && s.name === "crs").map((s) => s.state);
    await c.setStatus(sha, { state: "running", description: "reviewing", context: "crs" });
    await c.setStatus(sha, { state: "running", description: "reviewing", context: "crs" });
    assert.deepEqual(kept(), ["running"]);
    await c.setStatus(sha, { state: "success", description: "clean", context: "crs" });
    assert.deepEqual(kept(), ["success"]);
    // Why the post-back never posts running once the run ended: GitLab would start a new status.
    await c.setStatus(sha, { state: "running", description: "late", context: "crs" });
    assert.deepEqual(kept(), ["success", "running"]);
  });

  test("git over https with the token; without it 401", async () => {
    const cred = await createHostClient(gl.connection()).gitCredentials();
    const auth = `Basic ${Buffer.from(`${cred.username}:${cred.password}`).toString("base64")}`;
    assert.equal((await fetch(`${gl.cloneUrl}/info/refs?service=git-upload-pack`, { headers: { authorization: auth } })).status, 200);
    assert.equal((await fetch(`${gl.cloneUrl}/info/refs?service=git-upload-pack`)).status, 401);
  });

  test("webhook with the secret as token; a refusal when not allowed", async () => {
    const c = createHostClient(gl.connection());
    assert.equal((await c.createWebhook("http://crs.test/hooks/gitlab", "tok")).created, true);
    assert.equal(gl.hooks.at(-1)?.token, "tok");
    gl.hooksForbidden = true;
    assert.deepEqual(await c.createWebhook("http://crs.test/hooks/gitlab", "tok"), { created: false, reason: "forbidden" });
    gl.hooksForbidden = false;
  });

  test("failures: 500 unavailable, 429 unavailable, 401 revoked", async () => {
    const c = createHostClient(gl.connection(), { timeoutMs: 300 });
    gl.server.failNext({ status: 500 });
    await assert.rejects(c.getPullRequest(5), (e: unknown) => e instanceof HostUnavailableError && e.status === 500);
    gl.server.failNext({ status: 429 });
    await assert.rejects(c.getPullRequest(5), (e: unknown) => e instanceof HostUnavailableError);
    gl.server.failNext({ delayMs: 1000 });
    await assert.rejects(c.getPullRequest(5), (e: unknown) => e instanceof HostUnavailableError);
    gl.revokeTokens();
    assert.deepEqual(await c.checkAccess(), { ok: false, reason: "revoked" });
  });

  test("every request crs sent matched the schemas written from GitLab's REST documentation", () => {
    assert.ok(gl.server.requests.length > 10);
    assert.deepEqual(gl.server.invalid(), []);
  });
});
