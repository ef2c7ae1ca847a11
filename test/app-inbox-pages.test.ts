// The inbox and a finding's page over plain HTTP (no JavaScript): every change is a form POST that
// goes through the operation pipeline (validation, CSRF, rate limits, idempotency) and returns to
// the same view; facet counts apply every other filter; bad filters are the API's 400.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { RepositoryRow } from "../src/capabilities/repositories/index.ts";
import { type Browser, hiddenFields, signIn, userWithPassword } from "./browser.ts";
import { engineFinding, importAt } from "./fixtures/findings.ts";
import { readyRepository } from "./fixtures/repositories.ts";
import { json, startTestServer, type TestServer } from "./harness.ts";

async function world(t: TestServer) {
  const ws = await t.workspace();
  const repo: RepositoryRow = await readyRepository(t, ws);
  const sha = (await t.app.mirrors.get(repo.id).listRefs()).branch("main")!.sha;
  await importAt(t, ws, repo, sha, [
    engineFinding({ path: "src/a.py", title: "Alpha <b>bold</b>", ruleId: "py.alpha", severity: "critical" }),
    engineFinding({ path: "src/b.py", title: "Beta", ruleId: "py.beta", severity: "high" }),
    engineFinding({ path: "web/c.ts", title: "Gamma", ruleId: "ts.gamma", severity: "high" }),
    engineFinding({ path: "web/d.ts", title: "Delta", ruleId: "ts.delta", severity: "low" }),
  ]);
  const user = await userWithPassword(t, ws, "member");
  const { browser } = await signIn(t, user.email, user.password);
  const keys = (await json(await t.request("/api/v2/findings?limit=100", { token: ws.token }))).items.map((i: { key: string }) => i.key) as string[];
  return { ws, repo, browser, keys };
}

const count = (html: string, name: string, value: string) => {
  const m = new RegExp(`name="${name}" value="${value}"[^>]*>[^<]*\\n?<span class="count">(\\d+)</span>`).exec(html);
  return m ? Number(m[1]) : null;
};

describe("the inbox without JavaScript", () => {
  let t: TestServer;
  let w: Awaited<ReturnType<typeof world>>;
  before(async () => {
    t = await startTestServer();
    w = await world(t);
  });
  after(() => t.close());
  const status = async (key: string) => (await json(await t.request(`/api/v2/findings/${key}`, { token: w.ws.token }))).status;

  test("facet counts apply every other filter, not their own", async () => {
    const page = await w.browser.get("/app/findings?severity=high&language=python");
    assert.equal(page.status, 200);
    // Severity counts ignore the severity filter but apply the language one: python has one critical, one high.
    assert.equal(count(page.text, "severity", "critical"), 1);
    assert.equal(count(page.text, "severity", "high"), 1);
    assert.equal(count(page.text, "severity", "low"), 0);
    // Language counts apply severity=high: one python, one typescript.
    assert.equal(count(page.text, "language", "python"), 1);
    assert.equal(count(page.text, "language", "typescript"), 1);
    assert.equal(count(page.text, "status", "open"), 1);
    assert.match(page.text, /<strong>1<\/strong> finding in /);
    // Titles are escaped.
    assert.match((await w.browser.get("/app/findings")).text, /Alpha &lt;b&gt;bold&lt;\/b&gt;/);
  });

  test("a bad filter in the URL answers 400 with the field's message", async () => {
    for (const q of ["severity=bogus", `q=${"x".repeat(201)}`, "language=cobol", "sort=oldest"]) {
      const page = await w.browser.get(`/app/findings?${q}`);
      assert.equal(page.status, 400, q);
      assert.match(page.text, /class="flash error"/);
    }
  });

  test("a bulk change posts the selection through the pipeline and returns to the same view", async () => {
    const view = "/app/findings?severity=high";
    const page = await w.browser.get(view);
    const form = new URLSearchParams(hiddenFields(page.text, "/app/findings/bulk"));
    const high = [...page.text.matchAll(/name="finding" value="(F-\d+)"/g)].map((m) => m[1]!);
    assert.equal(high.length, 2);
    for (const k of high) form.append("finding", k);
    form.set("status", "investigating");
    form.set("reason", "checking both");
    const res = await w.browser.post("/app/findings/bulk", form);
    assert.equal(res.status, 303);
    assert.equal(res.location, `${view}&changed=2`);
    for (const k of high) assert.equal(await status(k), "investigating");
    assert.match((await w.browser.get(res.location!)).text, /Applied to 2 findings/);
  });

  test("a bulk change of 101 findings, or without a reason for a status, is refused and changes nothing", async () => {
    const page = await w.browser.get("/app/findings");
    const base = hiddenFields(page.text, "/app/findings/bulk");
    const many = new URLSearchParams({ ...base, status: "fixed", reason: "x" });
    for (let i = 0; i < 101; i++) many.append("finding", w.keys[i % w.keys.length]!);
    assert.equal((await w.browser.post("/app/findings/bulk", many)).status, 400);
    const noReason = new URLSearchParams({ ...base, status: "false-positive" });
    noReason.append("finding", w.keys[0]!);
    const refused = await w.browser.post("/app/findings/bulk", noReason);
    assert.equal(refused.status, 400);
    assert.match(refused.text, /reason/i);
    assert.notEqual(await status(w.keys[0]!), "false-positive");
    const none = await w.browser.post("/app/findings/bulk", new URLSearchParams({ ...base, status: "fixed", reason: "x" }));
    assert.equal(none.status, 400);
  });

  test("triage on a finding's page: status with a reason, severity, assignee, dismissal; each returns to the page", async () => {
    const key = w.keys.at(-1)!;
    const page = await w.browser.get(`/app/findings/${key}`);
    const base = hiddenFields(page.text, `/app/findings/${key}/triage`);
    const post = (fields: Record<string, string>) => w.browser.post(`/app/findings/${key}/triage`, { ...base, ...fields });
    assert.equal((await post({ change: "status", status: "wont-fix", reason: "" })).status, 400);
    const done = await post({ change: "status", status: "wont-fix", reason: "out of scope" });
    assert.equal(done.status, 303);
    assert.equal(done.location, `/app/findings/${key}?done=status`);
    assert.equal((await post({ change: "severity", severity: "info" })).status, 303);
    assert.equal((await post({ change: "assignee", assignee: "me" })).status, 303);
    assert.equal((await post({ change: "dismissal", dismissed: "true", reason: "noise" })).status, 303);
    const f = await json(await t.request(`/api/v2/findings/${key}`, { token: w.ws.token }));
    assert.deepEqual([f.status, f.severity, f.dismissed, f.decision.reason], ["wont-fix", "info", true, "out of scope"]);
    assert.ok(f.assignee);
    const after = await w.browser.get(`/app/findings/${key}?done=status`);
    assert.match(after.text, /Status changed\./);
    assert.match(after.text, /out of scope/);
  });

  test("a comment sent twice with the same requestId (a double submit) is stored once; a form without its CSRF token is refused", async () => {
    const key = w.keys[1]!;
    const page = await w.browser.get(`/app/findings/${key}`);
    const form = { ...hiddenFields(page.text, `/app/findings/${key}/comments`), body: "Looks **real**" };
    const first = await w.browser.post(`/app/findings/${key}/comments`, form);
    assert.equal(first.status, 303);
    assert.match(first.location!, new RegExp(`^/app/findings/${key}\\?done=comment#comment-`));
    assert.equal((await w.browser.post(`/app/findings/${key}/comments`, form)).status, 303);
    const f = await json(await t.request(`/api/v2/findings/${key}`, { token: w.ws.token }));
    assert.equal(f.comments.length, 1);
    const { _csrf, ...noCsrf } = form as Record<string, string>;
    assert.equal((await w.browser.post(`/app/findings/${key}/comments`, { ...noCsrf, body: "again" })).status, 403);
    assert.match((await w.browser.get(`/app/findings/${key}`)).text, /<strong>real<\/strong>/);
  });
});

describe("rate limits on the inbox's changes", () => {
  let t: TestServer;
  let browser: Browser;
  let keys: string[];
  before(async () => {
    t = await startTestServer({ env: { CRS_RATE_LIMITS: "findings:write=3/1m" } });
    ({ browser, keys } = await world(t));
  });
  after(() => t.close());

  test("past the findings:write bucket a triage answers 429 with Retry-After and changes nothing", async () => {
    const key = keys[0]!;
    const page = await browser.get(`/app/findings/${key}`);
    const base = hiddenFields(page.text, `/app/findings/${key}/triage`);
    const severities = ["low", "medium", "high", "info"];
    const answers = [];
    for (const severity of severities) answers.push(await browser.post(`/app/findings/${key}/triage`, { ...base, change: "severity", severity }));
    assert.deepEqual(
      answers.map((a) => a.status),
      [303, 303, 303, 429],
    );
    assert.ok(Number(answers[3]!.res.headers.get("retry-after")) > 0);
  });
});
