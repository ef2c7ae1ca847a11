// The stand-ins themselves: a request that breaks GitHub's OpenAPI description or GitLab's documented
// schemas is refused and recorded as invalid (so the client tests' "no invalid request" can fail), and
// the webhook fixtures carry signatures the verifiers accept.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { makeRepo, type TestRepo } from "../../testing/make-repo.ts";
import { verifyGitHubSignature, verifyGitLabToken } from "../index.ts";
import { GitHubStandIn } from "./github-standin.ts";
import { GitLabStandIn } from "./gitlab-standin.ts";
import { githubPullRequest, githubPush, gitlabMergeRequest, gitlabPush } from "./webhooks.ts";

let repo: TestRepo;
let gh: GitHubStandIn;
let gl: GitLabStandIn;

before(async () => {
  repo = makeRepo();
  gh = await GitHubStandIn.start({ repoDir: repo.path });
  gl = await GitLabStandIn.start({ repoDir: repo.path });
});
after(async () => {
  await gh.close();
  await gl.close();
  repo.cleanup();
});

describe("stand-ins", () => {
  test("GitHub stand-in: a body against the OpenAPI description → 422 and recorded invalid", async () => {
    const res = await fetch(`${gh.apiUrl}/repos/acme/widgets/statuses/${repo.shas.merge}`, {
      method: "POST",
      headers: { authorization: `token ${gh.token}`, "content-type": "application/json" },
      body: JSON.stringify({ state: "broken", context: "crs" }),
    });
    assert.equal(res.status, 422);
    assert.equal(gh.server.invalid().length, 1);
    assert.equal(gh.statuses.length, 0);
  });

  test("GitHub stand-in: an operation crs does not call is recorded invalid", async () => {
    const res = await fetch(`${gh.apiUrl}/repos/acme/widgets/collaborators`, { headers: { authorization: `token ${gh.token}` } });
    assert.equal(res.status, 404);
    assert.match(gh.server.invalid().at(-1)?.errors[0] ?? "", /not an operation crs calls/);
  });

  test("GitLab stand-in: a note without its body → 400 and recorded invalid", async () => {
    const res = await fetch(`${gl.apiUrl}/api/v4/projects/acme%2Fwidgets/merge_requests/1/notes`, {
      method: "POST",
      headers: { "private-token": gl.token, "content-type": "application/json" },
      body: JSON.stringify({ text: "x" }),
    });
    assert.equal(res.status, 400);
    assert.equal(gl.server.invalid().length, 1);
  });

  test("GitHub fixtures: signed over the exact body, pointing at the stand-in's repository", async () => {
    const t = { fullName: "acme/widgets", webUrl: gh.server.url, secret: "hook-secret" };
    const push = await githubPush(t, { ref: "refs/heads/main", before: repo.shas.mainBeforeMerge, after: repo.shas.merge });
    assert.equal(await verifyGitHubSignature("hook-secret", push.body, push.headers["x-hub-signature-256"]), true);
    assert.equal(await verifyGitHubSignature("other", push.body, push.headers["x-hub-signature-256"]), false);
    assert.equal(await verifyGitHubSignature("hook-secret", `${push.body} `, push.headers["x-hub-signature-256"]), false);
    const body = JSON.parse(push.body) as { repository: { full_name: string; clone_url: string }; after: string };
    assert.equal(body.repository.full_name, "acme/widgets");
    assert.equal(body.repository.clone_url, `${gh.server.url}/acme/widgets.git`);
    assert.equal(body.after, repo.shas.merge);
    const pr = await githubPullRequest(t, {
      action: "synchronize",
      number: 2,
      headSha: repo.shas.pr2,
      headRef: "x",
      baseRef: "main",
      baseSha: repo.shas.merge,
    });
    assert.equal(pr.headers["x-github-event"], "pull_request");
    assert.equal((JSON.parse(pr.body) as { pull_request: { head: { sha: string } } }).pull_request.head.sha, repo.shas.pr2);
  });

  test("GitLab fixtures: the token header matches the secret in constant time, and only it", () => {
    const d = gitlabMergeRequest(
      { fullPath: "acme/widgets", webUrl: gl.server.url, projectId: 42, token: "tok" },
      { action: "open", iid: 3, headSha: repo.shas.mr3, sourceBranch: "x", targetBranch: "main" },
    );
    assert.equal(verifyGitLabToken("tok", d.headers["x-gitlab-token"]), true);
    assert.equal(verifyGitLabToken("tok2", d.headers["x-gitlab-token"]), false);
    assert.equal(verifyGitLabToken("tok", undefined), false);
    assert.match(d.headers["x-gitlab-event-uuid"] ?? "", /^[0-9a-f-]{36}$/);
    const push = gitlabPush(
      { fullPath: "acme/widgets", webUrl: gl.server.url, projectId: 42, token: "tok", deliveryId: "same" },
      { ref: "refs/heads/main", before: "0".repeat(40), after: repo.shas.merge },
    );
    assert.equal(push.headers["x-gitlab-event"], "Push Hook");
    assert.equal(push.id, "same");
    assert.equal((JSON.parse(push.body) as { checkout_sha: string }).checkout_sha, repo.shas.merge);
  });
});
