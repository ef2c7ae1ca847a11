// The read-only pages behind the API's webUrl links (findings, a finding, runs, a run, a focus):
// they show the workspace's data to a signed-in member, escape what repositories put in it, and
// answer 404 for another workspace's things.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { putFocus } from "../src/capabilities/focuses/index.ts";
import { recordRunDelivery } from "../src/capabilities/runs/index.ts";
import { signIn, userWithPassword, type Browser } from "./browser.ts";
import { json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { demoRepository, finished, startedRun } from "./fixtures/worker.ts";

let t: TestServer;
let ws: TestWorkspace;
let browser: Browser;
let runId: number;
before(async () => {
  t = await startTestServer({ env: { CRS_WORKER_IN_PROCESS: "on", CRS_WORKER_POLL_MS: "50" } });
  ws = await t.workspace();
  const demo = await demoRepository(t, ws, "acme/shop");
  runId = (await startedRun(t, ws, { repository: demo.row.id })).id;
  assert.equal((await finished(t, ws.token, runId)).state, "complete");
  await putFocus(t.app.store, ws.id, { slug: "xss", title: "<script>alert(1)</script>", emoji: null, instructions: "Check <b>templates</b> & escaping." });
  const user = await userWithPassword(t, ws, "member");
  ({ browser } = await signIn(t, user.email, user.password));
});
after(() => t.close());

const path = (url: string) => url.slice(t.url.length);

describe("webUrl links lead to pages", () => {
  test("a finding's and a run's webUrl answer 200 with their content for a signed-in member", async () => {
    const finding = await json(await t.request("/api/v2/findings/F-3", { token: ws.token }));
    const page = await browser.get(path(finding.webUrl));
    assert.equal(page.status, 200);
    assert.match(page.text, /SQL query built from untrusted input/);
    assert.match(page.text, new RegExp(`<span>${finding.confidence} confidence</span>`));
    // Code from the repository is escaped, never markup.
    assert.match(page.text, /db\.execute\(f&quot;SELECT \* FROM orders/);
    assert.match(page.text, new RegExp(`href="/app/runs/${runId}"`));
    const run = await json(await t.request(`/api/v2/runs/${runId}`, { token: ws.token }));
    const runPage = await browser.get(path(run.webUrl));
    assert.equal(runPage.status, 200);
    for (const key of ["F-1", "F-2", "F-3", "F-4"]) assert.match(runPage.text, new RegExp(`href="/app/findings/${key}"`));
  });

  test("a run's page shows posting back on the pull request: state, attempts, the host's error escaped, the comment's link", async () => {
    assert.doesNotMatch((await browser.get(`/app/runs/${runId}`)).text, /id="delivery"/, "no section for a run of an unconnected repository");
    const at = new Date().toISOString();
    const lastError = `GitHub failed (502): <img src=x onerror="alert(1)">`;
    await recordRunDelivery(t.app.store, ws.id, runId, { state: "retrying", attempts: 2, lastError, commentUrl: null, updatedAt: at });
    const retrying = await browser.get(`/app/runs/${runId}`);
    assert.match(retrying.text, /<span class="badge badge-busy" data-field="delivery-state">Retrying<\/span> · 2 attempts/);
    assert.match(retrying.text, /Last error from the code host: GitHub failed \(502\): &lt;img src=x onerror=&quot;alert\(1\)&quot;&gt;/);
    assert.doesNotMatch(retrying.text, /<img src=x/);
    const commentUrl = 'https://github.example/acme/shop/pull/7#issuecomment-12&x="y"';
    await recordRunDelivery(t.app.store, ws.id, runId, { state: "posted", attempts: 3, lastError: null, commentUrl, updatedAt: at });
    const posted = await browser.get(`/app/runs/${runId}`);
    assert.match(posted.text, /data-field="delivery-state">Posted<\/span> · 3 attempts/);
    assert.match(posted.text, /<a href="https:\/\/github\.example\/acme\/shop\/pull\/7#issuecomment-12&amp;x=&quot;y&quot;" rel="noopener noreferrer">/);
    assert.doesNotMatch(posted.text, /Last error/);
    // A host answering with a non-web URL gets no link.
    await recordRunDelivery(t.app.store, ws.id, runId, { state: "posted", attempts: 3, lastError: null, commentUrl: "javascript:alert(1)", updatedAt: at });
    assert.doesNotMatch((await browser.get(`/app/runs/${runId}`)).text, /javascript:/);
  });

  test("a finding's suggested fix shows as text, its markup escaped", async () => {
    const before = await browser.get("/app/findings/F-2");
    assert.doesNotMatch(before.text, /Suggested fix/);
    // Model findings carry a fix in their report; the model's text is hostile like the repository's.
    const finding = await t.app.store.db
      .selectFrom("findings")
      .select("id")
      .where("workspace_id", "=", ws.id)
      .where("number", "=", 2)
      .executeTakeFirstOrThrow();
    const report = await t.app.store.db
      .selectFrom("finding_reports")
      .select(["id", "detail_json"])
      .where("finding_id", "=", finding.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const fix = { description: "Escape <b>the</b> value", patch: "--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-<script>alert(1)</script>\n+safe()\n" };
    await t.app.store.db
      .updateTable("finding_reports")
      .set({ detail_json: JSON.stringify({ ...JSON.parse(report.detail_json), fix }) })
      .where("id", "=", report.id)
      .execute();
    const api = await json(await t.request("/api/v2/findings/F-2", { token: ws.token }));
    assert.deepEqual(api.suggestedFix, fix);
    const page = await browser.get("/app/findings/F-2");
    assert.equal(page.status, 200);
    assert.match(page.text, /<h2>Suggested fix<\/h2>.*<pre class="text">Escape &lt;b&gt;the&lt;\/b&gt; value<\/pre>/);
    assert.match(page.text, /<pre class="patch">--- a\/x\.py\n\+\+\+ b\/x\.py\n@@ -1 \+1 @@\n-&lt;script&gt;alert\(1\)&lt;\/script&gt;\n\+safe\(\)\n<\/pre>/);
    assert.doesNotMatch(page.text, /<script>alert/);
  });

  test("a focus page shows its instructions escaped", async () => {
    const focus = await json(await t.request("/api/v2/focuses/xss", { token: ws.token }));
    const page = await browser.get(path(focus.webUrl));
    assert.equal(page.status, 200);
    assert.match(page.text, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.doesNotMatch(page.text, /<script>alert/);
    assert.match(page.text, /Check &lt;b&gt;templates&lt;\/b&gt; &amp; escaping\./);
  });

  test("the findings inbox lists the workspace's findings and filters them", async () => {
    const all = await browser.get("/app/findings");
    assert.equal(all.status, 200);
    assert.match(all.text, /<strong>4<\/strong> findings in /);
    const high = await browser.get("/app/findings?severity=critical");
    assert.match(high.text, /F-4/);
    assert.doesNotMatch(high.text, /F-1"/);
    assert.equal((await browser.get("/app/findings?severity=bogus")).status, 400);
    const runs = await browser.get("/app/runs");
    assert.match(runs.text, new RegExp(`href="/app/runs/${runId}"`));
  });
});

describe("access", () => {
  test("another workspace's finding, run and focus are 404; signed out, the pages send you to sign in", async () => {
    const other = await t.workspace();
    const user = await userWithPassword(t, other, "member");
    const { browser: stranger } = await signIn(t, user.email, user.password);
    for (const p of ["/app/findings/F-3", `/app/runs/${runId}`, "/app/focuses/xss"]) {
      assert.equal((await stranger.get(p)).status, 404, p);
    }
    const anonymous = await fetch(`${t.url}/app/findings/F-3`, { redirect: "manual" });
    assert.equal(anonymous.status, 302);
    assert.match(anonymous.headers.get("location") ?? "", /^\/app\/sign-in\?next=/);
  });
});
