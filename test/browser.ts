// A minimal browser for tests of the app's pages: a cookie jar, manual redirects, form posts and
// the hidden fields of a page's form. It talks to the real in-process server over HTTP.
import assert from "node:assert/strict";
import * as accounts from "../src/capabilities/identity/index.ts";
import type { TestServer, TestWorkspace } from "./harness.ts";
import { unique } from "./harness.ts";

export interface Page {
  status: number;
  location: string | null;
  text: string;
  res: Response;
}

export class Browser {
  readonly cookies = new Map<string, string>();
  readonly baseUrl: string;
  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  private async send(path: string, init: RequestInit): Promise<Page> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await fetch(path.startsWith("http") ? path : this.baseUrl + path, { ...init, headers, redirect: "manual" });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === "" || /max-age=0/i.test(c) || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: res.status, location: res.headers.get("location"), text: await res.text(), res };
  }

  get(path: string): Promise<Page> {
    return this.send(path, { method: "GET" });
  }

  post(path: string, form: Record<string, string> | URLSearchParams): Promise<Page> {
    return this.send(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) });
  }
}

/** The hidden inputs of the page's (first) form that posts to `action`. */
export function hiddenFields(html: string, action: string): Record<string, string> {
  const start = html.indexOf(`action="${action}"`);
  assert.ok(start >= 0, `no form posting to ${action} in:\n${html.slice(0, 2000)}`);
  const form = html.slice(start, html.indexOf("</form>", start));
  const out: Record<string, string> = {};
  const unescapeHtml = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) out[m[1]!] = unescapeHtml(m[2]!);
  return out;
}

/** A user with a password, as a member of the workspace. */
export async function userWithPassword(t: TestServer, ws: TestWorkspace, role: "admin" | "member" = "admin") {
  const password = `pw-${unique("p")}`;
  const user = await accounts.createUser(t.app.store, { username: unique("web"), email: `${unique("w")}@example.test`, password });
  await accounts.addMember(t.app.store, ws.id, user.id, role);
  return { ...user, password };
}

/** Signs in through the sign-in form; returns the browser holding the session cookie. */
export async function signIn(t: TestServer, email: string, password: string, next?: string): Promise<{ browser: Browser; page: Page }> {
  const browser = new Browser(t.url);
  const form = await browser.get(`/app/sign-in${next ? `?next=${encodeURIComponent(next)}` : ""}`);
  assert.equal(form.status, 200);
  const page = await browser.post("/app/sign-in", { ...hiddenFields(form.text, "/app/sign-in"), email, password });
  return { browser, page };
}

/** Opens the consent screen for an authorization URL and answers it; returns the redirect. */
export async function consent(browser: Browser, authorizationUrl: string, decision: "approve" | "deny" = "approve"): Promise<URL> {
  const screen = await browser.get(authorizationUrl);
  assert.equal(screen.status, 200, screen.text.slice(0, 500));
  const answer = await browser.post("/oauth/authorize", { ...hiddenFields(screen.text, "/oauth/authorize"), decision });
  assert.equal(answer.status, 303, answer.text.slice(0, 500));
  return new URL(answer.location!);
}
