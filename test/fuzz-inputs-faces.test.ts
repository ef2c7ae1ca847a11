// The NUL sweep of fuzz-inputs.test.ts, over the faces outside the operation table: the OAuth
// endpoints (registration, token, revocation, authorization) and the web app's pages and forms.
// Every parameter, set to a value with NUL, is refused with 400 before any query sees it (PostgreSQL
// refused such text with a 500) and changes nothing: an OAuth error body on the back channel, an
// HTML page in the browser.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Browser, hiddenFields, signIn, userWithPassword } from "./browser.ts";
import { startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { authorizeUrl, client, pkce } from "./oauth-requests.ts";

// Generous budgets: the point is what each request answers, not the rate limits.
const limits = ["ip", "oauth:register"].map((b) => `${b}=1000000/1m`).join(",");
const nul = "a\u0000b";
const redirect = "http://127.0.0.1:40999/cb";

let t: TestServer;
let ws: TestWorkspace;
let browser: Browser;
let clientId: string;
before(async () => {
  t = await startTestServer({ env: { CRS_RATE_LIMITS: limits } });
  ws = await t.workspace();
  const user = await userWithPassword(t, ws);
  ({ browser } = await signIn(t, user.email, user.password));
  clientId = await client(t.url, [redirect]);
});
after(() => t.close());

/** Each variant of `base` with one field (or one list item) replaced by text holding NUL. */
function variants(base: Record<string, unknown>): Array<[string, Record<string, unknown>]> {
  return Object.entries(base).flatMap(([k, v]) => [
    [k, { ...base, [k]: Array.isArray(v) ? [nul] : nul }] as [string, Record<string, unknown>],
    [`key ${k}`, { ...base, [`${k}\u0000`]: "x" }] as [string, Record<string, unknown>],
  ]);
}

const asForm = (o: Record<string, unknown>) => {
  const f = new URLSearchParams();
  for (const [k, v] of Object.entries(o)) for (const item of [v].flat()) f.append(k, String(item));
  return f;
};

async function oauthFault(what: string, res: Response, codes: string[]): Promise<string | undefined> {
  const text = await res.text();
  let error: unknown;
  try {
    error = JSON.parse(text).error;
  } catch {
    error = undefined;
  }
  return res.status === 400 && codes.includes(error as string) ? undefined : `${what} → ${res.status} ${text.slice(0, 200)}`;
}

async function pageFault(what: string, page: { status: number; text: string; res: Response }): Promise<string | undefined> {
  const html = (page.res.headers.get("content-type") ?? "").startsWith("text/html");
  return page.status === 400 && html ? undefined : `${what} → ${page.status} ${page.text.slice(0, 200)}`;
}

test("every parameter of the OAuth endpoints, holding NUL, is refused with 400 and an OAuth error", async () => {
  const faults: string[] = [];
  const add = (f: string | undefined) => void (f && faults.push(f));
  const reg = {
    client_name: "ok",
    redirect_uris: [redirect],
    grant_types: ["authorization_code"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
    scope: "user:read",
  };
  for (const [field, body] of variants(reg)) {
    const res = await fetch(`${t.url}/oauth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    add(await oauthFault(`register ${field}`, res, ["invalid_client_metadata"]));
  }
  const forms: Array<[string, Record<string, unknown>]> = [
    ["/oauth/token", { grant_type: "authorization_code", code: "c".repeat(43), client_id: clientId, redirect_uri: redirect, code_verifier: "v".repeat(43) }],
    ["/oauth/token", { grant_type: "refresh_token", refresh_token: "svcr_x", client_id: clientId, scope: "user:read" }],
    ["/oauth/revoke", { token: "svca_x", client_id: clientId, token_type_hint: "access_token" }],
  ];
  for (const [path, base] of forms) {
    for (const [field, body] of variants(base)) {
      const res = await fetch(`${t.url}${path}`, { method: "POST", body: asForm(body) });
      add(await oauthFault(`${path} ${field}`, res, ["invalid_request"]));
    }
    const basic = `Basic ${Buffer.from(`${nul}:`).toString("base64")}`;
    const res = await fetch(`${t.url}${path}`, { method: "POST", headers: { authorization: basic }, body: asForm({ ...base, client_id: undefined }) });
    add(await oauthFault(`${path} Basic client id`, res, ["invalid_client", "invalid_request"]));
  }
  assert.deepEqual(faults, []);
  assert.equal((await t.app.store.db.selectFrom("oauth_clients").select("id").where("name", "=", "ok").execute()).length, 0, "nothing registered");
});

test("every query parameter of /oauth/authorize and every field of its form, holding NUL, gets a 400 page", async () => {
  const faults: string[] = [];
  const p = pkce();
  const query = {
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirect,
    scope: "user:read",
    state: "s",
    code_challenge: p.challenge,
    code_challenge_method: "S256",
    resource: t.url,
  };
  for (const who of [new Browser(t.url), browser]) {
    for (const [field, q] of variants(query)) {
      const page = await who.get(authorizeUrl(q as Record<string, string>));
      const f = await pageFault(`GET authorize ${field}`, page);
      if (f) faults.push(f);
    }
  }
  const screen = await browser.get(authorizeUrl(query));
  assert.equal(screen.status, 200);
  for (const [field, form] of variants({ ...hiddenFields(screen.text, "/oauth/authorize"), decision: "approve" })) {
    const f = await pageFault(`POST authorize ${field}`, await browser.post("/oauth/authorize", asForm(form)));
    if (f) faults.push(f);
  }
  assert.deepEqual(faults, []);
  assert.equal((await t.app.store.db.selectFrom("oauth_codes").select("code_hash").execute()).length, 0, "no code issued");
});

test("every field of the web app's forms, and each path and query value of its pages, holding NUL, gets a 400 page", async () => {
  const faults: string[] = [];
  const add = (f: string | undefined) => void (f && faults.push(f));
  const keys = await browser.get("/app/settings/keys");
  const csrf = hiddenFields(keys.text, "/app/settings/keys");
  const forms: Array<[string, Record<string, unknown>]> = [
    ["/app/settings/keys", { ...csrf, name: "x", scopes: ["user:read"] }],
    ["/app/settings/password", { ...csrf, current: "a long password", password: "another password", confirm: "another password" }],
    ["/app/workspace", { ...csrf, workspace: String(ws.id) }],
    ["/app/sign-in", { ...csrf, email: "nobody@example.test", password: "x", next: "/app" }],
    [`/app/settings/keys/${ws.keyId}/revoke`, { ...csrf }],
  ];
  for (const [path, base] of forms) {
    for (const [field, form] of variants(base)) add(await pageFault(`POST ${path} ${field}`, await browser.post(path, asForm(form))));
  }
  for (const path of ["/app/settings/keys/%00/revoke", "/app/settings/apps/%00/revoke"]) add(await pageFault(`POST ${path}`, await browser.post(path, csrf)));
  for (const path of [
    "/app/findings/%00",
    "/app/runs/%00",
    "/app/focuses/a%00b",
    "/app/findings?status=%00",
    "/app/findings?cursor=a%00",
    "/app/runs?cursor=%00",
    "/app/sign-in?next=/a%00",
  ]) {
    add(await pageFault(`GET ${path}`, await browser.get(path)));
  }
  assert.deepEqual(faults, []);
  const made = await t.app.store.db.selectFrom("tokens").select("id").where("workspace_id", "=", ws.id).where("name", "like", "x%").execute();
  assert.equal(made.length, 0, "no key was created");
  assert.equal((await browser.get("/app")).status, 200, "the session still works: the password did not change");
});
