// The review posted back on a GitLab merge request, against the GitLab stand-in (gitlab.com cannot be
// reached from the tests; every request is validated against request schemas written from GitLab's
// REST documentation). The delivery is GitLab's Merge Request Hook body (written from its webhook
// documentation) with X-Gitlab-Token; the summary is an MR note, inline comments are diff discussions.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { setPolicy } from "../src/capabilities/connections/policy.ts";
import { connectRepository } from "../src/capabilities/connections/setup.ts";
import { registerRepository, resolveRepository } from "../src/capabilities/repositories/index.ts";
import { addCredits } from "../src/capabilities/runs/ledger.ts";
import { GitLabStandIn } from "../src/platform/codehost/hosts/testing/gitlab-standin.ts";
import { gitlabMergeRequest } from "../src/platform/codehost/hosts/testing/webhooks.ts";
import { makeRepo, type TestRepo } from "../src/platform/codehost/testing/make-repo.ts";
import { eventually, json, startTestServer, type TestServer, unique } from "./harness.ts";
import { testSecretKey, weak } from "./fixtures/connections.ts";

let t: TestServer;
let remote: TestRepo;
let gl: GitLabStandIn;
before(async () => {
  t = await startTestServer({ env: { CRS_SECRET_KEY: testSecretKey, CRS_WORKER_IN_PROCESS: "on", CRS_WORKER_POLL_MS: "50" } });
  remote = makeRepo();
  gl = await GitLabStandIn.start({ repoDir: remote.path, fullPath: `${unique("group").toLowerCase()}/sub/widgets` });
});
after(async () => {
  await t.close();
  await gl.close();
  remote.cleanup();
});

test("a merge request hook: the review lands as one MR note, a diff discussion per new finding and a failed commit status", async () => {
  const ws = await t.workspace();
  await addCredits(t.app.store, ws.id, { kind: "grant", cents: 100_000 });
  const registered = await registerRepository(t.app, { workspaceId: ws.id, remote: gl.cloneUrl, name: gl.fullPath.replace("/sub", "") }, { background: false });
  const row = await resolveRepository(t.app.store, ws.id, { id: registered.id });
  await connectRepository(
    t.app,
    {
      workspaceId: ws.id,
      repositoryId: row.id,
      fullName: row.full_name,
      host: "gitlab",
      apiUrl: gl.apiUrl,
      hostRepo: gl.fullPath,
      auth: { kind: "token", token: gl.token },
    },
    t.url,
    new Date(),
  );
  await setPolicy(t.app.store, ws.id, row.id, { autoReview: true, failAtSeverity: "low" }, new Date());
  const head = remote.commit({ "src/weak.py": weak }, { branch: "topic", message: "weak hash" });
  remote.git(["update-ref", "refs/merge-requests/4/head", head]);
  remote.git(["checkout", "-q", "main"]);
  gl.addMergeRequest({ iid: 4, sourceBranch: "topic", targetBranch: "main" });
  const hook = gl.hooks[0];
  assert.ok(hook, "connecting created the project hook");
  const d = gitlabMergeRequest(
    { fullPath: gl.fullPath, webUrl: gl.server.url, projectId: gl.projectId, token: hook.token },
    { action: "open", iid: 4, headSha: head, sourceBranch: "topic", targetBranch: "main" },
  );
  const res = await fetch(`${t.url}/hooks/gitlab`, { method: "POST", headers: d.headers, body: d.body });
  assert.equal(res.status, 202);
  const auto = await eventually(
    () => t.app.store.db.selectFrom("automatic_runs").select("run_id").where("repository_id", "=", row.id).executeTakeFirst(),
    (r) => r !== undefined,
  );
  const run = await eventually(
    () => t.request(`/api/v2/runs/${auto!.run_id}`, { token: ws.token }).then(json),
    (r) => r.delivery?.state === "posted",
  );
  const notes = [...gl.notes.values()].filter((n) => n.discussionId === null);
  assert.equal(notes.length, 1);
  assert.equal(run.pullRequestCommentUrl, `${gl.webUrl}/-/merge_requests/4#note_${notes[0]!.id}`);
  assert.match(notes[0]!.body, /crs review: changes requested/);
  const diffNotes = [...gl.notes.values()].filter((n) => n.position);
  assert.ok(diffNotes.length >= 1);
  assert.ok(diffNotes.every((n) => n.position?.new_path === "src/weak.py"));
  const status = gl.statuses.filter((s) => s.sha === head).at(-1);
  assert.equal(status?.state, "failed");
  assert.equal(status?.name, "crs");
  assert.deepEqual(gl.server.invalid(), []);
});
