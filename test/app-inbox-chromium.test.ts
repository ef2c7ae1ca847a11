// The inbox and a finding's page in a real headless Chromium (playwright-core): filter and search,
// keyboard navigation, bulk triage, triage with a reason, comment and reply; stored XSS attempts in
// a snippet, a file path, a rule description, a comment and a branch name render as text; the pages
// fit 390 px; no console errors (a CSP violation is one). Skipped without Chromium, like app-chromium.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { after, before, test } from "node:test";
import { type Browser, chromium, type Page } from "playwright-core";
import type { RepositoryRow } from "../src/capabilities/repositories/index.ts";
import { makeRepo } from "../src/platform/codehost/testing/make-repo.ts";
import { userWithPassword } from "./browser.ts";
import { engineFinding, importAt } from "./fixtures/findings.ts";
import { readyRepository } from "./fixtures/repositories.ts";
import { json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";

const executablePath = process.env.CRS_CHROMIUM ?? "/usr/bin/chromium";
const skip = existsSync(executablePath) ? false : `no Chromium at ${executablePath}`;

const xss = "<img src=x onerror=window.__xss=1>";
const hostilePath = `src/${xss}.py`;
const hostileBranch = "<svg/onload=window.__xss=1>";

let t: TestServer;
let ws: TestWorkspace;
let repo: RepositoryRow;
let browser: Browser;
let page: Page;
const problems: string[] = [];

before(async () => {
  if (skip) return;
  t = await startTestServer();
  ws = await t.workspace();
  const user = await userWithPassword(t, ws);
  const remote = makeRepo();
  t.app.onClose(() => remote.cleanup());
  remote.commit({ [hostilePath]: `import os\n\nos.system("<script>window.__xss=1</script>" + cmd)\n` }, { branch: "main" });
  remote.commit({ "b.txt": "b\n" }, { branch: hostileBranch });
  repo = await readyRepository(t, ws, { remote: remote.url });
  const sha = remote.git(["rev-parse", "main"]);
  await importAt(t, ws, repo, sha, [
    engineFinding({
      path: hostilePath,
      line: 3,
      title: `Injected ${xss}`,
      ruleId: "py.hostile",
      severity: "critical",
      description: `**Bold** ${xss} \`code\``,
    }),
    engineFinding({ path: "src/db.py", line: 4, title: "SQL built from input", ruleId: "py.sql", severity: "high" }),
    engineFinding({ path: "web/app.ts", line: 2, title: "Open redirect", ruleId: "ts.redirect", severity: "medium" }),
    engineFinding({ path: "web/view.tsx", line: 9, title: "Raw HTML", ruleId: "ts.html", severity: "low" }),
  ]);
  browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox"] });
  page = await browser.newPage();
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(String(e)));
  await page.goto(`${t.url}/app/sign-in`);
  await page.locator("#email").fill(user.email);
  await page.locator("#password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${t.url}/app`);
});
after(async () => {
  await browser?.close();
  await t?.close();
});

const rows = () => page.locator("tbody tr[data-href]");
const key = async (title: string) => (await json(await t.request(`/api/v2/findings?q=${encodeURIComponent(title)}`, { token: ws.token }))).items[0].key;
const noXss = async () => assert.equal(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);

test("filter by a facet and search from the keyboard; the state is in the URL", { skip }, async () => {
  await page.goto(`${t.url}/app/findings`);
  assert.equal(await rows().count(), 4);
  await page.locator('input[name="severity"][value="high"]').check();
  await page.waitForURL(/severity=high/);
  assert.equal(await rows().count(), 1);
  assert.match((await rows().first().textContent()) ?? "", /SQL built from input/);
  await page.goto(`${t.url}/app/findings`);
  await page.keyboard.press("/");
  await page.keyboard.type("redirect");
  await page.keyboard.press("Enter");
  await page.waitForURL(/q=redirect/);
  assert.equal(await rows().count(), 1);
  // A shared URL shows the same view.
  const shared = await browser.newPage();
  await shared.goto(page.url());
  assert.match(shared.url(), /sign-in/);
  await shared.close();
});

test("j/k move through the rows, o opens one, ? shows the shortcuts", { skip }, async () => {
  await page.goto(`${t.url}/app/findings?sort=severity`);
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await page.keyboard.press("k");
  assert.equal(await page.locator("tr.current").count(), 1);
  const href = await page.locator("tr.current").getAttribute("data-href");
  assert.equal(href, `/app/findings/${await key("Injected")}`);
  await page.keyboard.press("?");
  assert.equal(await page.locator("dialog#keys").isVisible(), true);
  await page.keyboard.press("Escape");
  await page.keyboard.press("o");
  await page.waitForURL(`${t.url}${href}`);
});

test("bulk triage changes the selected findings with a reason", { skip }, async () => {
  await page.goto(`${t.url}/app/findings?language=typescript,tsx`);
  await page.locator('input[data-select-all="finding"]').check();
  assert.equal(await page.locator('[data-selected-count="finding"]').textContent(), "2");
  await page.locator("#bulk-status").selectOption("investigating");
  await page.locator("#bulk-reason").fill("looking into both");
  await page.getByRole("button", { name: "Apply to selected" }).click();
  await page.waitForURL(/changed=2/);
  assert.match((await page.locator(".flash.ok").textContent()) ?? "", /Applied to 2 findings/);
  const after = await json(await t.request("/api/v2/findings?language=typescript,tsx", { token: ws.token }));
  assert.deepEqual(
    after.items.map((i: { status: string }) => i.status),
    ["investigating", "investigating"],
  );
});

test("triage with a reason, comment and reply on a finding's page", { skip }, async () => {
  const k = await key("SQL built");
  await page.goto(`${t.url}/app/findings/${k}`);
  await page.locator("#t-status").selectOption("wont-fix");
  await page.locator("#t-reason").fill("internal tool, accepted");
  await page.getByRole("button", { name: "Set status" }).click();
  await page.waitForURL(/done=status/);
  const f = await json(await t.request(`/api/v2/findings/${k}`, { token: ws.token }));
  assert.equal(f.status, "wont-fix");
  assert.equal(f.decision.reason, "internal tool, accepted");
  assert.match((await page.locator("#activity-title + ol").textContent()) ?? "", /internal tool, accepted/);

  await page.locator("#new-comment").fill(`First **look** ${xss}`);
  await page.getByRole("button", { name: "Comment", exact: true }).click();
  await page.waitForURL(/done=comment/);
  const first = page.locator("article.comment").first();
  assert.match((await first.locator("strong").nth(1).textContent()) ?? "", /look/);
  await first.locator("summary").click();
  await first.locator("textarea").fill("A reply");
  await first.getByRole("button", { name: "Reply" }).click();
  await page.waitForURL(/done=comment/);
  assert.match((await page.locator("article.comment article.comment").textContent()) ?? "", /A reply/);
  const comments = (await json(await t.request(`/api/v2/findings/${k}`, { token: ws.token }))).comments;
  assert.equal(comments[1].replyTo, comments[0].id);
  await noXss();
});

test("stored XSS in a snippet, a path, a title, a rule description, a comment and a branch name renders as text", { skip }, async () => {
  const k = await key("Injected");
  await page.goto(`${t.url}/app/findings/${k}`);
  await page.locator("#new-comment").fill(`<script>window.__xss=1</script>${xss}`);
  await page.getByRole("button", { name: "Comment", exact: true }).click();
  await page.waitForURL(/done=comment/);
  const text = (await page.textContent("main")) ?? "";
  assert.ok(text.includes(`Injected ${xss}`));
  assert.ok(text.includes(hostilePath));
  assert.ok(text.includes('os.system("<script>window.__xss=1</script>" + cmd)'));
  assert.ok(text.includes(`<script>window.__xss=1</script>${xss}`));
  assert.equal(await page.locator("main img, main script, main svg").count(), 0);
  assert.equal(await page.locator(".markdown strong", { hasText: "Bold" }).count(), 1);
  await noXss();
  await page.goto(`${t.url}/app/findings?repository=${repo.id}`);
  assert.ok((await page.locator("#at").textContent())?.includes(hostileBranch));
  await page.locator("#at").selectOption(`branch:${hostileBranch}`);
  await page.waitForURL(/at=branch/);
  assert.equal(await page.locator("main img, main svg").count(), 0);
  await noXss();
});

test("at 390 px the inbox and a finding fit the width; no console errors on any page", { skip }, async () => {
  await page.setViewportSize({ width: 390, height: 800 });
  for (const path of ["/app/findings", `/app/findings/${await key("Injected")}`, "/app/findings?sort=path&q=a"]) {
    await page.goto(`${t.url}${path}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `${path}: ${width}px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.deepEqual(problems, []);
});
