// The admin's connection page (/app/repositories/{id}/connection), clicked through over HTTP with a
// signed-in session, against the GitHub stand-in (github.com cannot be reached from the tests).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { makeRepo } from "../src/platform/codehost/testing/make-repo.ts";
import { GitHubStandIn } from "../src/platform/codehost/hosts/testing/github-standin.ts";
import { registerRepository } from "../src/capabilities/repositories/index.ts";
import { loadPolicy } from "../src/capabilities/connections/index.ts";
import { hiddenFields, signIn, userWithPassword } from "./browser.ts";
import { startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { testSecretKey } from "./fixtures/connections.ts";

let t: TestServer;
let ws: TestWorkspace;
let standIn: GitHubStandIn;
let repoId: number;
before(async () => {
  t = await startTestServer({ env: { CRS_SECRET_KEY: testSecretKey } });
  ws = await t.workspace();
  const remote = makeRepo();
  standIn = await GitHubStandIn.start({ repoDir: remote.path, fullName: "acme/page" });
  t.app.onClose(async () => {
    await standIn.close();
    remote.cleanup();
  });
  repoId = (await registerRepository(t.app, { workspaceId: ws.id, remote: standIn.cloneUrl, name: "acme/page" }, { background: false })).id;
});
after(() => t.close());

describe("the connection page", () => {
  test("a member gets 403 and cannot post", async () => {
    const user = await userWithPassword(t, ws, "member");
    const { browser } = await signIn(t, user.email, user.password);
    assert.equal((await browser.get(`/app/repositories/${repoId}/connection`)).status, 403);
  });

  test("an admin connects with a token, sees the webhook created, and sets the policy", async () => {
    const user = await userWithPassword(t, ws, "admin");
    const { browser } = await signIn(t, user.email, user.password);
    const page = await browser.get(`/app/repositories/${repoId}/connection`);
    assert.equal(page.status, 200);
    assert.match(page.text, /Not connected to a code host/);
    const path = `/app/repositories/${repoId}/connection`;
    const connected = await browser.post(path, {
      ...hiddenFields(page.text, path),
      host: "github",
      apiUrl: standIn.apiUrl,
      hostRepo: "",
      token: standIn.token,
    });
    assert.equal(connected.status, 200, connected.text.slice(0, 500));
    assert.match(connected.text, /the webhook was created on the host/);
    assert.ok(!connected.text.includes(standIn.token), "the token is not shown back");
    assert.equal(standIn.hooks.length, 1);
    const policyPath = `/app/repositories/${repoId}/policy`;
    const saved = await browser.post(policyPath, {
      ...hiddenFields(connected.text, policyPath),
      autoReview: "on",
      forks: "off",
      focuses: "",
      maxRunPriceCents: "250",
      dailyCapCents: "",
      inlineComments: "12",
      failAtSeverity: "critical",
    });
    assert.equal(saved.status, 303);
    const policy = await loadPolicy(t.app, ws.id, repoId);
    assert.deepEqual(
      [policy.autoReview, policy.maxRunPriceCents, policy.dailyCapCents, policy.inlineComments, policy.failAtSeverity],
      [true, 250, null, 12, "critical"],
    );
  });

  test("a bad policy value is 400 on the page and changes nothing", async () => {
    const user = await userWithPassword(t, ws, "admin");
    const { browser } = await signIn(t, user.email, user.password);
    const page = await browser.get(`/app/repositories/${repoId}/connection`);
    const policyPath = `/app/repositories/${repoId}/policy`;
    const res = await browser.post(policyPath, {
      ...hiddenFields(page.text, policyPath),
      autoReview: "on",
      forks: "off",
      focuses: "",
      maxRunPriceCents: "lots",
      dailyCapCents: "",
      inlineComments: "12",
      failAtSeverity: "critical",
    });
    assert.equal(res.status, 400);
    assert.equal((await loadPolicy(t.app, ws.id, repoId)).maxRunPriceCents, 250);
  });
});
