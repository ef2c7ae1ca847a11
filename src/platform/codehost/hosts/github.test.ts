// The GitHub client against the GitHub stand-in (github.com cannot be reached from the tests): every
// request crs sends is validated against GitHub's OpenAPI description; none may be invalid.
import assert from "node:assert/strict";
import { generateKeyPairSync } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { makeRepo, type TestRepo } from "../testing/make-repo.ts";
import { createHostClient, HostRefusedError, HostUnavailableError } from "./index.ts";
import { GitHubStandIn } from "./testing/github-standin.ts";

let repo: TestRepo;
let gh: GitHubStandIn;
let head: string;
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const app = { appId: 4242, installationId: 77, privateKey: privateKey.export({ type: "pkcs1", format: "pem" }).toString() };

before(async () => {
  repo = makeRepo();
  repo.commit({ "src/new.ts": "export const a = 1;\nexport const b = 2;\nexport const c = 3;\n" }, { branch: "topic", message: "topic" });
  head = repo.git(["rev-parse", "HEAD"]);
  repo.git(["update-ref", "refs/pull/7/head", head]);
  repo.git(["checkout", "-q", "main"]);
  gh = await GitHubStandIn.start({ repoDir: repo.path, app });
  gh.addPull({ number: 7, headRef: "topic", baseRef: "main" });
  gh.addPull({ number: 8, headRef: "topic", baseRef: "main", fromFork: true });
  gh.addPull({ number: 9, headRef: "topic", baseRef: "main", state: "merged" });
});

after(async () => {
  await gh.close();
  repo.cleanup();
});

describe("GitHub client (against the GitHub stand-in)", () => {
  test("checkAccess: repository facts from the host", async () => {
    const access = await createHostClient(gh.connection()).checkAccess();
    assert.deepEqual(access, { ok: true, defaultBranch: "main", private: true, cloneUrl: gh.cloneUrl });
  });

  test("pull requests: head, base, fork and state as the host says; the list holds the open ones", async () => {
    const c = createHostClient(gh.connection());
    const pr = await c.getPullRequest(7);
    assert.equal(pr.headSha, head);
    assert.equal(pr.baseRef, "main");
    assert.equal(pr.baseSha, repo.git(["rev-parse", "main"]));
    assert.equal(pr.fromFork, false);
    assert.equal(pr.state, "open");
    assert.equal((await c.getPullRequest(8)).fromFork, true);
    assert.equal((await c.getPullRequest(9)).state, "merged");
    assert.deepEqual((await c.listOpenPullRequests()).map((p) => p.number).sort(), [7, 8]);
    await assert.rejects(c.getPullRequest(99), (e: unknown) => e instanceof HostRefusedError && e.reason === "not_found");
  });

  test("summary comment: created once, then edited in place; a deleted one is posted again", async () => {
    const c = createHostClient(gh.connection());
    const first = await c.upsertSummaryComment(7, "first");
    const second = await c.upsertSummaryComment(7, "second", first.id);
    assert.equal(second.id, first.id);
    assert.equal(gh.issueComments.get(Number(first.id))?.body, "second");
    gh.issueComments.delete(Number(first.id));
    const third = await c.upsertSummaryComment(7, "third", first.id);
    assert.notEqual(third.id, first.id);
    assert.match(third.url, /#issuecomment-\d+$/);
  });

  test("inline comments: one review; a line outside the diff is refused alone and the rest are posted", async () => {
    const c = createHostClient(gh.connection());
    const posted = await c.postInlineComments(7, head, [
      { path: "src/new.ts", line: 1, body: "one" },
      { path: "src/new.ts", line: 3, body: "three" },
    ]);
    assert.equal(posted.length, 2);
    assert.ok(posted.every((p) => p !== null));
    const mixed = await c.postInlineComments(7, head, [
      { path: "src/new.ts", line: 2, body: "two" },
      { path: "README.md", line: 1, body: "not in the diff" },
    ]);
    assert.ok(mixed[0]);
    assert.equal(mixed[1], null);
    await c.replyToInlineComment(7, String(mixed[0]?.id), "fixed");
    const reply = [...gh.reviewComments.values()].find((r) => r.body === "fixed");
    assert.equal(reply?.in_reply_to_id, Number(mixed[0]?.id));
  });

  test("status: a commit status with a token, a check run with the App", async () => {
    await createHostClient(gh.connection()).setStatus(head, {
      state: "failure",
      description: "2 high",
      context: "crs",
      targetUrl: "http://crs.test/app/runs/1",
    });
    assert.deepEqual(gh.statuses.at(-1), { sha: head, state: "failure", context: "crs", description: "2 high", target_url: "http://crs.test/app/runs/1" });
    await createHostClient(gh.connection(true)).setStatus(head, { state: "success", description: "clean", context: "crs" });
    assert.equal(gh.checkRuns.at(-1)?.conclusion, "success");
    assert.equal(gh.checkRuns.at(-1)?.status, "completed");
  });

  test("pending then final: a token's cancelled is an error status; the App's in-progress check run is updated, not doubled", async () => {
    const token = createHostClient(gh.connection());
    assert.equal(await token.setStatus(head, { state: "pending", description: "reviewing", context: "crs" }), null);
    await token.setStatus(head, { state: "cancelled", description: "superseded", context: "crs" });
    assert.deepEqual(
      gh.statuses.slice(-2).map((s) => s.state),
      ["pending", "error"],
    );
    const app = createHostClient(gh.connection(true));
    const before = gh.checkRuns.length;
    const id = await app.setStatus(head, { state: "pending", description: "reviewing", context: "crs" });
    assert.equal(gh.checkRuns.at(-1)?.status, "in_progress");
    assert.equal(await app.setStatus(head, { state: "cancelled", description: "superseded", context: "crs", checkRunId: id ?? "" }), id);
    assert.equal(gh.checkRuns.length, before + 1);
    assert.deepEqual([gh.checkRuns.at(-1)?.status, gh.checkRuns.at(-1)?.conclusion], ["completed", "cancelled"]);
  });

  test("App: installation token minted from a verified JWT works for git over https", async () => {
    const cred = await createHostClient(gh.connection(true)).gitCredentials();
    assert.equal(cred.username, "x-access-token");
    assert.match(cred.password, /^ghs_/);
    const refs = await fetch(`${gh.cloneUrl}/info/refs?service=git-upload-pack`, {
      headers: { authorization: `Basic ${Buffer.from(`${cred.username}:${cred.password}`).toString("base64")}` },
    });
    assert.equal(refs.status, 200);
    assert.match(await refs.text(), /refs\/heads\/main/);
    const anonymous = await fetch(`${gh.cloneUrl}/info/refs?service=git-upload-pack`);
    assert.equal(anonymous.status, 401);
  });

  test("webhook: created with the secret, or a refusal when the token may not", async () => {
    const c = createHostClient(gh.connection());
    const made = await c.createWebhook("http://crs.test/hooks/github", "s3cret");
    assert.equal(made.created, true);
    assert.equal(gh.hooks.at(-1)?.secret, "s3cret");
    gh.hooksForbidden = true;
    assert.deepEqual(await c.createWebhook("http://crs.test/hooks/github", "s3cret"), { created: false, reason: "forbidden" });
    gh.hooksForbidden = false;
  });

  test("failures: 500 and a slow host are unavailable, a rate-limit 403 too, 401 is revoked", async () => {
    const c = createHostClient(gh.connection(), { timeoutMs: 300 });
    gh.server.failNext({ status: 502 });
    await assert.rejects(c.getPullRequest(7), (e: unknown) => e instanceof HostUnavailableError && e.status === 502);
    gh.server.failNext({ delayMs: 1000 });
    await assert.rejects(c.getPullRequest(7), (e: unknown) => e instanceof HostUnavailableError);
    gh.server.failNext({ status: 403, headers: { "x-ratelimit-remaining": "0" } });
    await assert.rejects(c.getPullRequest(7), (e: unknown) => e instanceof HostUnavailableError);
    gh.server.failNext({ status: 401 });
    assert.deepEqual(await c.checkAccess(), { ok: false, reason: "revoked" });
    gh.server.failNext({ status: 404 });
    assert.deepEqual(await c.checkAccess(), { ok: false, reason: "not_found" });
  });

  test("every request crs sent matched GitHub's OpenAPI description", () => {
    assert.ok(gh.server.requests.length > 10);
    assert.deepEqual(gh.server.invalid(), []);
  });
});
