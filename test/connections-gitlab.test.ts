// A repository connected to the GitLab stand-in (gitlab.com cannot be reached from the tests; the
// stand-in checks requests against schemas written from GitLab's REST documentation): merge request
// hooks with X-Gitlab-Token and X-Gitlab-Event-UUID, written from GitLab's webhook documentation.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { makeRepo, type TestRepo } from "../src/platform/codehost/testing/make-repo.ts";
import { GitLabStandIn } from "../src/platform/codehost/hosts/testing/gitlab-standin.ts";
import { type GitLabTarget, gitlabMergeRequest, gitlabPush } from "../src/platform/codehost/hosts/testing/webhooks.ts";
import { registerRepository, syncAndWait } from "../src/capabilities/repositories/index.ts";
import { connectRepository } from "../src/capabilities/connections/setup.ts";
import { setPolicy } from "../src/capabilities/connections/policy.ts";
import { startDeliveryProcessor } from "../src/capabilities/connections/processor.ts";
import { addCredits } from "../src/capabilities/runs/ledger.ts";
import { eventually, json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { testSecretKey, weak } from "./fixtures/connections.ts";

let t: TestServer;
let ws: TestWorkspace;
let remote: TestRepo;
let standIn: GitLabStandIn;
let repoId: number;
let target: GitLabTarget;

before(async () => {
  t = await startTestServer({ env: { CRS_SECRET_KEY: testSecretKey } });
  t.app.onClose(startDeliveryProcessor(t.app, { pollMs: 20 }));
  ws = await t.workspace();
  remote = makeRepo();
  remote.git(["checkout", "-q", "main"]);
  standIn = await GitLabStandIn.start({ repoDir: remote.path, fullPath: "group/sub/widgets" });
  repoId = (await registerRepository(t.app, { workspaceId: ws.id, remote: standIn.cloneUrl, name: "group/widgets" }, { background: false })).id;
  await addCredits(t.app.store, ws.id, { kind: "grant", cents: 100_000 });
  const setup = await connectRepository(
    t.app,
    {
      workspaceId: ws.id,
      repositoryId: repoId,
      fullName: "group/widgets",
      host: "gitlab",
      apiUrl: standIn.apiUrl,
      hostRepo: standIn.fullPath,
      auth: { kind: "token", token: standIn.token },
    },
    t.url,
    new Date(),
  );
  assert.equal(setup.access, "ok");
  assert.equal(setup.webhook.created, true);
  await setPolicy(t.app.store, ws.id, repoId, { autoReview: true }, new Date());
  target = { fullPath: standIn.fullPath, webUrl: standIn.server.url, projectId: standIn.projectId, token: standIn.hooks[0]!.token };
});
after(async () => {
  await standIn.close();
  await t.close();
  remote.cleanup();
});

const post = (d: { headers: Record<string, string>; body: string }) => fetch(`${t.url}/hooks/gitlab`, { method: "POST", headers: d.headers, body: d.body });
const deliveries = () => t.app.store.db.selectFrom("webhook_deliveries").selectAll().where("repository_id", "=", repoId).orderBy("id").execute();
const runsOf = () => t.app.store.db.selectFrom("automatic_runs").selectAll().where("repository_id", "=", repoId).orderBy("run_id").execute();

function mergeRequestHead(iid: number): string {
  remote.git(["checkout", "-q", "-B", `mr-${iid}`, "main"]);
  const sha = remote.commit({ [`src/mr${iid}.py`]: weak }, { branch: `mr-${iid}`, message: `mr ${iid}` });
  remote.git(["update-ref", `refs/merge-requests/${iid}/head`, sha]);
  remote.git(["checkout", "-q", "main"]);
  standIn.addMergeRequest({ iid, sourceBranch: `mr-${iid}`, targetBranch: "main" });
  return sha;
}

describe("GitLab merge request hooks", () => {
  test("crs created the project hook with its secret token", () => {
    assert.equal(standIn.hooks.length, 1);
    assert.equal(standIn.hooks[0]!.url, `${t.url}/hooks/gitlab`);
    assert.match(standIn.hooks[0]!.token, /^[0-9a-f]{64}$/);
  });

  test("a wrong X-Gitlab-Token is 401 and queues nothing", async () => {
    const res = await post(gitlabPush({ ...target, token: "wrong" }, { ref: "refs/heads/main", before: "0".repeat(40), after: "1".repeat(40) }));
    assert.equal(res.status, 401);
    assert.equal((await deliveries()).length, 0);
  });

  test("a merge request opened queues one change review of its head; its UUID again is a duplicate", async () => {
    const head = mergeRequestHead(4);
    const hook = gitlabMergeRequest(
      { ...target, deliveryId: "4b1f6d5e-0000-4000-8000-000000000004" },
      { action: "open", iid: 4, headSha: head, sourceBranch: "mr-4", targetBranch: "main" },
    );
    const res = await post(hook);
    assert.equal(res.status, 202);
    assert.equal((await json(res)).status, "queued");
    const settled = await eventually(deliveries, (rows) => rows.length === 1 && rows[0]!.state === "done");
    assert.match(settled[0]!.outcome ?? "", /^run \d+ started/);
    const runs = await runsOf();
    assert.deepEqual(
      runs.map((r) => [r.pr, r.head_sha]),
      [[4, head]],
    );
    const again = await post(hook);
    assert.equal((await json(again)).status, "duplicate");
    assert.equal((await runsOf()).length, 1);
  });

  test("an update that changed only the title (no oldrev) is acknowledged and ignored", async () => {
    const head = remote.git(["rev-parse", "refs/merge-requests/4/head"]);
    const res = await post(gitlabMergeRequest(target, { action: "update", iid: 4, headSha: head, sourceBranch: "mr-4", targetBranch: "main" }));
    assert.equal(res.status, 202);
    assert.equal((await json(res)).status, "ignored");
  });

  test("a push is a mirror sync request", async () => {
    const before = (await deliveries()).length;
    const res = await post(gitlabPush(target, { ref: "refs/heads/main", before: "0".repeat(40), after: remote.git(["rev-parse", "main"]) }));
    assert.equal(res.status, 202);
    const rows = await eventually(deliveries, (r) => r.length === before + 1 && r.at(-1)!.state === "done");
    assert.equal(rows.at(-1)!.outcome, "mirror sync requested");
  });
});

describe("a change review of a merge request started through the API", () => {
  test("compares with the head of the target branch GitLab names, not the default branch", async () => {
    remote.git(["checkout", "-q", "-B", "stable", "main"]);
    const stableHead = remote.commit({ "src/stable.py": weak }, { branch: "stable", message: "stable work" });
    const head = remote.commit({ "src/mr9.py": weak }, { branch: "mr-9", message: "mr 9" });
    remote.git(["update-ref", "refs/merge-requests/9/head", head]);
    remote.git(["checkout", "-q", "main"]);
    remote.commit({ "src/main_moves_on.py": weak }, { branch: "main", message: "main moves on" });
    standIn.addMergeRequest({ iid: 9, sourceBranch: "mr-9", targetBranch: "stable" });
    assert.equal((await syncAndWait(t.app, repoId)).status, "synced");
    const est = await json(await t.request("/api/v2/runs/estimate", { method: "POST", token: ws.token, json: { repository: repoId, change: { pr: 9 } } }));
    assert.ok(est.change, JSON.stringify(est));
    assert.equal(est.change.base, stableHead);
    assert.equal(est.change.head, head);
    assert.deepEqual(standIn.server.invalid(), []);
  });
});
