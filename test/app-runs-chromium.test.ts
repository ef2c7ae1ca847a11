// The runs, repositories and dashboard pages clicked through in headless Chromium (playwright-core):
// start a run and watch it complete (the in-process worker, a real git repository), cancel a queued
// one, add a repository as an owner and be refused a file:// and a private remote, a member sees no
// add form; every page fits 390 px, logs no console error, and hostile names render as text.
// .ci/run installs chromium; elsewhere set CRS_CHROMIUM or it is skipped.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { after, before, test } from "node:test";
import { type Browser, chromium, type Page } from "playwright-core";
import { createDocument } from "../src/capabilities/documents/index.ts";
import { putFocus } from "../src/capabilities/focuses/index.ts";
import { syncAndWait } from "../src/capabilities/repositories/index.ts";
import { addCredits } from "../src/capabilities/runs/ledger.ts";
import { userWithPassword } from "./browser.ts";
import { demoRepository, startedRun } from "./fixtures/worker.ts";
import { startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";

const executablePath = process.env.CRS_CHROMIUM ?? "/usr/bin/chromium";
const skip = existsSync(executablePath) ? false : `no Chromium at ${executablePath}`;
const xss = `<img src=x onerror="window.__xss=1">`;

let t: TestServer;
let q: TestServer;
let ws: TestWorkspace;
let qws: TestWorkspace;
let browser: Browser;
let repoId: number;
const problems: string[] = [];

before(async () => {
  if (skip) return;
  t = await startTestServer({ env: { CRS_WORKER_IN_PROCESS: "on", CRS_WORKER_POLL_MS: "50" } });
  ws = await t.workspace();
  const demo = await demoRepository(t, ws, "acme/shop");
  repoId = demo.row.id;
  execFileSync("git", ["-C", demo.path, "branch", "x<img/src=x/onerror=window.__xss=1>"]);
  await syncAndWait(t.app, repoId);
  await addCredits(t.app.store, ws.id, { kind: "grant", cents: 10_000 });
  await putFocus(t.app.store, ws.id, { slug: "xss", title: `Focus ${xss}`, emoji: null, instructions: "Look for XSS." });
  await createDocument(t.app.store, t.config.dataDir, {
    workspaceId: ws.id,
    userId: ws.userId,
    repositoryId: null,
    note: { title: `Doc ${xss}`, text: "policy" },
  });
  // A server without a worker (runs stay queued) whose operator allows private hosts.
  q = await startTestServer({ env: { CRS_WEB_REMOTE_ALLOW: "private-hosts" } });
  qws = await q.workspace();
  // --no-sandbox: CI runs as root, where Chromium's sandbox cannot start.
  browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox"] });
});
after(async () => {
  await browser?.close();
  await t?.close();
  await q?.close();
});

async function signedIn(server: TestServer, w: TestWorkspace, role: "admin" | "member", width = 1280): Promise<Page> {
  const user = await userWithPassword(server, w, role);
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  // A refused form answers 400 by design (Chromium logs that as a failed load): failed loads are
  // judged by their response instead, so a missing script or stylesheet still counts.
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) problems.push(`${page.url()}: ${m.text()}`);
  });
  page.on("response", (r) => {
    const kind = r.request().resourceType();
    if (r.status() >= 400 && kind !== "document" && !r.url().endsWith("/favicon.ico")) problems.push(`${r.url()}: ${r.status()} (${kind})`);
  });
  page.on("pageerror", (e) => problems.push(`${page.url()}: ${e.message}`));
  page.on("dialog", (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.goto(`${server.url}/app/sign-in`);
  await page.locator("#email").fill(user.email);
  await page.locator("#password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/app`);
  return page;
}

async function noXss(page: Page): Promise<void> {
  assert.equal(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);
}

test("start a run from the form, pay, and watch it complete on its page", { skip }, async () => {
  const page = await signedIn(t, ws, "member");
  await page.goto(`${t.url}/app/runs/new`);
  assert.match((await page.textContent("form.run-form")) ?? "", /Focus <img src=x onerror="window.__xss=1">/);
  assert.match((await page.textContent("form.run-form")) ?? "", /Doc <img src=x onerror/);
  await noXss(page);
  await page.locator('input[name="focuses"][value="xss"]').check();
  await page.getByRole("button", { name: "Estimate the price" }).click();
  await page.waitForURL(`${t.url}/app/runs/estimate`);
  const pay = page.getByRole("button", { name: /^Pay \$\d+\.\d\d and start$/ });
  assert.match((await page.locator("#maxPrice").inputValue()) ?? "", /^\d+\.\d\d$/);
  await pay.click();
  await page.waitForURL(/\/app\/runs\/\d+$/);
  // runs.js follows the run and reloads the page when it ends.
  await page.locator('[data-field="words"]', { hasText: "Complete" }).waitFor({ timeout: 60_000 });
  const body = (await page.textContent("main")) ?? "";
  assert.match(body, /F-1/);
  assert.doesNotMatch(body, /analysis_in_progress|_in_progress/);
  await page.goto(`${t.url}/app`);
  await page.locator("#trend-chart canvas").waitFor();
  assert.match((await page.textContent("main")) ?? "", /Open findings: [1-9]/);
  await page.close();
});

test("cancel a queued run", { skip }, async () => {
  const repo = await demoRepository(q, qws, "acme/queued");
  const run = await startedRun(q, qws, { repository: repo.row.id });
  const page = await signedIn(q, qws, "member");
  await page.goto(`${q.url}/app/runs/${run.id}`);
  assert.match((await page.textContent("#progress")) ?? "", /Waiting for a worker/);
  await page.getByRole("button", { name: "Cancel run" }).click();
  await page.waitForURL(`${q.url}/app/runs/${run.id}`);
  await page.locator('[data-field="words"]', { hasText: "Cancelled" }).waitFor();
  await page.close();
});

test("an owner adds a repository and is refused file:// and private remotes; a member sees no add form", { skip }, async () => {
  const page = await signedIn(t, ws, "admin");
  await page.goto(`${t.url}/app/repositories`);
  for (const [remote, reason] of [
    ["file:///etc/x/y", /operator/],
    ["https://10.0.0.1/acme/x.git", /private/],
  ] as const) {
    await page.locator("#remote").fill(remote);
    await page.getByRole("button", { name: "Add repository" }).click();
    assert.match((await page.locator("#add .error").textContent()) ?? "", reason);
  }
  await page.goto(`${t.url}/app/repositories/${repoId}`);
  assert.match((await page.textContent("main")) ?? "", /x<img\/src=x\/onerror=window.__xss=1>/);
  await noXss(page);
  await page.close();

  const owner = await signedIn(q, qws, "admin");
  await owner.goto(`${q.url}/app/repositories`);
  await owner.locator("#remote").fill("https://127.0.0.1:1/acme/inside.git");
  await owner.getByRole("button", { name: "Add repository" }).click();
  await owner.waitForURL(/\/app\/repositories\/\d+$/);
  assert.match((await owner.textContent("h1")) ?? "", /acme\/inside/);
  await owner.close();

  const member = await signedIn(q, qws, "member");
  await member.goto(`${q.url}/app/repositories`);
  assert.equal(await member.locator("#remote").count(), 0);
  assert.match((await member.textContent("main")) ?? "", /An owner of the workspace can add repositories/);
  await member.close();
});

test("at 390 px every page of runs, repositories and the dashboard fits, with no console errors", { skip }, async () => {
  const page = await signedIn(t, ws, "admin", 390);
  const runId = (await t.app.store.db.selectFrom("runs").select("id").where("workspace_id", "=", ws.id).executeTakeFirstOrThrow()).id;
  for (const path of ["/app", "/app/runs", "/app/runs/new", `/app/runs/${runId}`, "/app/repositories", `/app/repositories/${repoId}`]) {
    await page.goto(`${t.url}${path}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `${path} is ${width} px wide`);
  }
  await noXss(page);
  await page.close();
  assert.deepEqual(problems, []);
});
