// The app's runs and dashboard over HTTP, on whichever store DATABASE_URL names: start a run with the
// forms (estimate, confirm, pay) and watch it complete, the same confirmation twice starts one run,
// refusals show the form and change nothing, cancel, the shared 60-a-minute bucket, and the dashboard.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createDocument } from "../src/capabilities/documents/index.ts";
import { putFocus } from "../src/capabilities/focuses/index.ts";
import { addCredits, balanceCents } from "../src/capabilities/runs/ledger.ts";
import { type Browser, hiddenFields, signIn, userWithPassword } from "./browser.ts";
import { demoRepository, finished } from "./fixtures/worker.ts";
import { startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";

const xss = "<script>alert(1)</script>";

let t: TestServer;
let ws: TestWorkspace;
let browser: Browser;
let repoId: number;
before(async () => {
  t = await startTestServer({ env: { CRS_WORKER_IN_PROCESS: "on", CRS_WORKER_POLL_MS: "50" } });
  ws = await t.workspace();
  repoId = (await demoRepository(t, ws, "acme/shop")).row.id;
  await addCredits(t.app.store, ws.id, { kind: "grant", cents: 10_000 });
  await putFocus(t.app.store, ws.id, { slug: "xss", title: `Focus ${xss}`, emoji: null, instructions: "Look for XSS." });
  await createDocument(t.app.store, t.config.dataDir, {
    workspaceId: ws.id,
    userId: ws.userId,
    repositoryId: null,
    note: { title: `Doc ${xss}`, text: "policy" },
  });
  const user = await userWithPassword(t, ws, "member");
  ({ browser } = await signIn(t, user.email, user.password));
});
after(() => t.close());

const runCount = async () => (await t.app.store.db.selectFrom("runs").select("id").where("workspace_id", "=", ws.id).execute()).length;

/** The start form filled in and estimated: the confirmation page. */
async function estimate(fields: Record<string, string>) {
  const form = await browser.get(`/app/runs/new?repository=${repoId}`);
  assert.equal(form.status, 200);
  return browser.post("/app/runs/estimate", { ...hiddenFields(form.text, "/app/runs/estimate"), repository: String(repoId), ...fields });
}

describe("starting a run in the app", () => {
  test("the form lists focuses and documents with their titles escaped", async () => {
    const form = await browser.get("/app/runs/new");
    assert.equal(form.status, 200);
    assert.match(form.text, /<option value="\d+"[^>]*>acme\/shop<\/option>/);
    assert.match(form.text, /Focus &lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.match(form.text, /Doc &lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.doesNotMatch(form.text, /<script>alert/);
  });

  test("estimate, confirm and pay: 303 to the run, which completes with its findings; the same confirmation again starts no second run", async () => {
    const confirm = await estimate({ kind: "full", focuses: "xss" });
    assert.equal(confirm.status, 200);
    assert.match(confirm.text, /Pay \$\d+\.\d\d and start/);
    assert.match(confirm.text, /<dt>Balance<\/dt><dd>\$100\.00<\/dd>/);
    const fields = hiddenFields(confirm.text, "/app/runs");
    assert.ok(fields.quote && fields.requestId);
    const price = /name="maxPrice" type="text" inputmode="decimal" value="([\d.]+)"/.exec(confirm.text)![1]!;
    const before = await runCount();
    const started = await browser.post("/app/runs", { ...fields, maxPrice: price });
    assert.equal(started.status, 303);
    const id = Number(/^\/app\/runs\/(\d+)$/.exec(started.location ?? "")![1]);
    const again = await browser.post("/app/runs", { ...fields, maxPrice: price });
    assert.equal(again.location, `/app/runs/${id}`);
    assert.equal(await runCount(), before + 1);
    const row = await t.app.store.db.selectFrom("runs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    assert.equal(row.trigger, "web");
    assert.equal(JSON.parse(row.focuses_json)[0].slug, "xss");
    assert.equal((await finished(t, ws.token, id)).state, "complete");
    const page = await browser.get(`/app/runs/${id}`);
    assert.equal(page.status, 200);
    assert.match(page.text, /data-field="words"[^>]*>Complete</);
    assert.match(page.text, /href="\/app\/findings\/F-1"/);
    assert.doesNotMatch(page.text, /analysis_in_progress|http-equiv="refresh"/);
    const progress = await (await browser.get(`/app/runs/${id}/progress`)).text;
    const p = JSON.parse(progress);
    assert.equal(p.terminal, true);
    assert.ok(p.found >= 4, progress);
    assert.equal(row.findings_so_far, null);
    const done = await t.app.store.db.selectFrom("runs").select("findings_so_far").where("id", "=", id).executeTakeFirstOrThrow();
    assert.ok((done.findings_so_far ?? 0) >= 4, "the worker recorded the findings it found so far");
  });

  test("refusals show the form with the reason (400, 409) and start nothing", async () => {
    const before = await runCount();
    const badPr = await estimate({ kind: "pr", pr: "abc" });
    assert.equal(badPr.status, 400);
    assert.match(badPr.text, /class="error" role="alert"/);
    const unknownFocus = await estimate({ kind: "full", focuses: "nope" });
    assert.equal(unknownFocus.status, 404);
    const form = await browser.get(`/app/runs/new?repository=${repoId}`);
    const six = new URLSearchParams({ ...hiddenFields(form.text, "/app/runs/estimate"), repository: String(repoId), kind: "full" });
    for (let i = 0; i < 6; i++) six.append("focuses", `f${i}`);
    const sixFocuses = await browser.post("/app/runs/estimate", six);
    assert.equal(sixFocuses.status, 400);
    assert.match(sixFocuses.text, /role="alert">[^<]*5/);
    const confirm = await estimate({ kind: "full" });
    const fields = hiddenFields(confirm.text, "/app/runs");
    const tooLow = await browser.post("/app/runs", { ...fields, maxPrice: "0.00" });
    assert.equal(tooLow.status, 409);
    assert.match(tooLow.text, /role="alert"/);
    const notMoney = await browser.post("/app/runs", { ...fields, maxPrice: "lots" });
    assert.equal(notMoney.status, 400);
    const noCsrf = await browser.post("/app/runs", { ...fields, _csrf: "", maxPrice: "100" });
    assert.equal(noCsrf.status, 403);
    assert.equal(await runCount(), before);
  });

  test("the runs list and the dashboard show the run in words, open findings by severity, rules and the trend", async () => {
    const list = await browser.get("/app/runs");
    assert.equal(list.status, 200);
    assert.match(list.text, /badge badge-ok">Complete</);
    const other = await demoRepository(t, ws, "acme/never");
    const home = await browser.get("/app");
    assert.equal(home.status, 200);
    assert.match(home.text, /Open findings: [1-9]/);
    assert.match(home.text, /data-trend="\{&quot;days&quot;:\[\d+\],&quot;open&quot;:\[[1-9]\d*\],&quot;fixed&quot;:\[0\]\}"/);
    assert.match(home.text, /<td><code>[a-z0-9/._-]+<\/code><\/td><td>\d+<\/td>/);
    assert.match(home.text, new RegExp(`href="/app/repositories/${other.row.id}">acme/never</a>`));
    assert.doesNotMatch(home.text, new RegExp(`href="/app/repositories/${repoId}">acme/shop</a>`));
    assert.match(home.text, /<script src="\/app\/vendor\/uplot\.js" defer><\/script>/);
    // Triage changes the counts at once (the kept counts follow the inbox version).
    const open = Number(/Open findings: (\d+)/.exec(home.text)![1]);
    const patch = await t.request("/api/v2/findings/F-1", { method: "PATCH", token: ws.token, json: { status: "false-positive", reason: "test data" } });
    assert.equal(patch.status, 200, await patch.text());
    assert.match((await browser.get("/app")).text, new RegExp(`Open findings: ${open - 1}<`));
    for (const asset of ["/app/vendor/uplot.js", "/app/vendor/uplot.css", "/app/dashboard.js", "/app/runs.js", "/app/runs.css"]) {
      assert.equal((await fetch(t.url + asset)).status, 200, asset);
    }
  });
});

describe("runs without a worker", () => {
  let q: TestServer;
  let qws: TestWorkspace;
  let qb: Browser;
  let qrepo: number;
  before(async () => {
    q = await startTestServer({ env: { CRS_RATE_LIMITS: "shared=3/1m" } });
    qws = await q.workspace();
    qrepo = (await demoRepository(q, qws, "acme/queued")).row.id;
    await addCredits(q.app.store, qws.id, { kind: "grant", cents: 10_000 });
    const user = await userWithPassword(q, qws, "member");
    ({ browser: qb } = await signIn(q, user.email, user.password));
  });
  after(() => q.close());

  test("a queued run reads 'Waiting for a worker', refreshes itself without JavaScript, and cancels with a full refund", async () => {
    const form = await qb.get(`/app/runs/new?repository=${qrepo}`);
    const confirm = await qb.post("/app/runs/estimate", { ...hiddenFields(form.text, "/app/runs/estimate"), repository: String(qrepo), kind: "full" });
    const fields = hiddenFields(confirm.text, "/app/runs");
    const started = await qb.post("/app/runs", { ...fields, maxPrice: "100" });
    assert.equal(started.status, 303);
    const page = await qb.get(started.location!);
    assert.match(page.text, />Waiting for a worker</);
    assert.match(page.text, /<noscript><meta http-equiv="refresh" content="3"><\/noscript>/);
    assert.match(page.text, /<script src="\/app\/runs\.js" defer>/);
    const balance = await balanceCents(q.app.store.db, qws.id);
    const cancel = await qb.post(`${started.location}/cancel`, hiddenFields(page.text, `${started.location}/cancel`));
    assert.equal(cancel.status, 303);
    const after = await qb.get(started.location!);
    assert.match(after.text, />Cancelled</);
    assert.ok((await balanceCents(q.app.store.db, qws.id)) > balance, "refunded");
    const again = await qb.post(`${started.location}/cancel`, hiddenFields(page.text, `${started.location}/cancel`));
    assert.equal(again.status, 303);
  });

  test("estimates and starts in the app share the spec's shared bucket: past it, 429 with Retry-After and nothing started", async () => {
    const runs = async () => (await q.app.store.db.selectFrom("runs").select("id").where("workspace_id", "=", qws.id).execute()).length;
    const before = await runs();
    const form = await qb.get(`/app/runs/new?repository=${qrepo}`);
    const csrf = hiddenFields(form.text, "/app/runs/estimate");
    let last = 0;
    let retry: string | null = null;
    for (let i = 0; i < 4 && last !== 429; i++) {
      const r = await qb.post("/app/runs/estimate", { ...csrf, repository: String(qrepo), kind: "full" });
      last = r.status;
      retry = r.res.headers.get("retry-after");
    }
    assert.equal(last, 429);
    assert.ok(retry);
    assert.equal(await runs(), before);
  });
});
