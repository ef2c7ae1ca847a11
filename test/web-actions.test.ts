// Sign-in, sign-out and the consent screen's Approve and Deny are web-only operations invoked through
// the kernel's pipeline (trigger web): what only the pipeline adds shows on the pages. Each answer
// carries the address's ip budget (X-RateLimit-*), a used-up budget refuses before the handler runs,
// and a malformed field gets the pipeline's validation message on today's page.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Browser, hiddenFields, signIn, userWithPassword } from "./browser.ts";
import { startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { authorizeUrl, client, pkce } from "./oauth-requests.ts";

let t: TestServer;
let ws: TestWorkspace;
before(async () => {
  t = await startTestServer();
  ws = await t.workspace();
});
after(() => t.close());

const failures = async (s: TestServer) => (await s.app.store.db.selectFrom("sign_in_failures").select("key").execute()).length;
const limitOf = (res: Response) => [res.headers.get("x-ratelimit-limit"), Number(res.headers.get("x-ratelimit-remaining"))] as const;

describe("sign-in and sign-out through the pipeline", () => {
  test("a sign-in, wrong or right, answers with the address's ip budget, one request each", async () => {
    const user = await userWithPassword(t, ws);
    const wrong = await signIn(t, user.email, "wrong password");
    assert.equal(wrong.page.status, 401);
    const [limit, left] = limitOf(wrong.page.res);
    assert.equal(limit, "3000");
    const right = await signIn(t, user.email, user.password);
    assert.equal(right.page.status, 303);
    assert.deepEqual(limitOf(right.page.res), ["3000", left - 1]);
  });

  test("a sign-in field given twice gets the form again with the pipeline's 400 and message, counting no failure", async () => {
    const user = await userWithPassword(t, ws);
    const browser = new Browser(t.url);
    const form = await browser.get("/app/sign-in");
    const before = await failures(t);
    const body = new URLSearchParams({ ...hiddenFields(form.text, "/app/sign-in"), password: user.password });
    body.append("email", user.email);
    body.append("email", "other@example.test");
    const page = await browser.post("/app/sign-in", body);
    assert.equal(page.status, 400);
    assert.match(page.res.headers.get("content-type")!, /text\/html/);
    assert.match(page.text, /<form method="post" action="\/app\/sign-in">/);
    assert.match(page.text, /expected string/i);
    assert.equal(browser.cookies.has("crs_session"), false);
    assert.equal(await failures(t), before);
  });

  test("sign-out acts as the session: its redirect carries the ip budget and the session row is gone", async () => {
    const user = await userWithPassword(t, ws);
    const { browser } = await signIn(t, user.email, user.password);
    const home = await browser.get("/app");
    const out = await browser.post("/app/sign-out", hiddenFields(home.text, "/app/sign-out"));
    assert.equal(out.status, 303);
    assert.equal(out.location, "/app/sign-in");
    assert.equal(limitOf(out.res)[0], "3000");
    assert.equal((await t.app.store.db.selectFrom("app_sessions").select("id_hash").where("user_id", "=", user.id).execute()).length, 0);
  });

  test("attempts beyond the address's ip budget get the sign-in page with 429, even with the right password, before any check", async () => {
    // Its own server and budget, so this address's count reaches no other test.
    const s = await startTestServer({ env: { CRS_RATE_LIMITS: "ip=2/1m" } });
    try {
      const user = await userWithPassword(s, await s.workspace());
      for (let i = 0; i < 2; i++) assert.equal((await signIn(s, user.email, "nope")).page.status, 401);
      const counted = await failures(s);
      const { browser, page } = await signIn(s, user.email, user.password);
      assert.equal(page.status, 429);
      assert.match(page.text, /<form method="post" action="\/app\/sign-in">/);
      assert.match(page.text, /Rate limit &quot;ip&quot; is used up/);
      assert.ok(Number(page.res.headers.get("retry-after")) > 0);
      assert.deepEqual(limitOf(page.res), ["2", 0]);
      assert.equal(browser.cookies.has("crs_session"), false);
      assert.equal(await failures(s), counted, "the handler never ran");
    } finally {
      await s.close();
    }
  });
});

describe("the consent screen's decision through the pipeline", () => {
  const redirect = "http://127.0.0.1:40231/cb";
  async function screen() {
    const user = await userWithPassword(t, ws, "member");
    const { browser } = await signIn(t, user.email, user.password);
    const id = await client(t.url, [redirect]);
    const p = pkce();
    const query = { response_type: "code", client_id: id, redirect_uri: redirect, scope: "user:read", state: "st", code_challenge: p.challenge };
    const page = await browser.get(authorizeUrl({ ...query, code_challenge_method: "S256", resource: t.url }));
    assert.equal(page.status, 200);
    return { browser, user, fields: hiddenFields(page.text, "/oauth/authorize") };
  }
  const codes = async (userId: number) => (await t.app.store.db.selectFrom("oauth_codes").select("code_hash").where("user_id", "=", userId).execute()).length;

  test("approve and deny answer with the address's ip budget; approve issues one code, deny none", async () => {
    for (const decision of ["approve", "deny"] as const) {
      const { browser, user, fields } = await screen();
      const answer = await browser.post("/oauth/authorize", { ...fields, decision });
      assert.equal(answer.status, 303, answer.text.slice(0, 300));
      assert.equal(limitOf(answer.res)[0], "3000");
      const back = new URL(answer.location!);
      assert.equal(back.searchParams.get("state"), "st");
      if (decision === "approve") assert.ok(back.searchParams.get("code"));
      else assert.equal(back.searchParams.get("error"), "access_denied");
      assert.equal(await codes(user.id), decision === "approve" ? 1 : 0);
    }
  });

  test("a decision other than approve or deny is refused by the operation's validation: 400 page, no code, no redirect", async () => {
    const { browser, user, fields } = await screen();
    const answer = await browser.post("/oauth/authorize", { ...fields, decision: "maybe" });
    assert.equal(answer.status, 400);
    assert.equal(answer.location, null);
    assert.match(answer.text, /Choose Approve or Deny/);
    assert.equal(limitOf(answer.res)[0], null, "validation refuses before any budget is charged");
    assert.equal(await codes(user.id), 0);
  });
});
