// Raw OAuth requests for tests that attack the flow by hand: registration, PKCE pairs,
// authorization URLs and token requests.
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { json } from "./harness.ts";

export function register(baseUrl: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${baseUrl}/oauth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

/** Registers a public client and returns its client_id. */
export async function client(baseUrl: string, redirectUris: string[]): Promise<string> {
  const res = await register(baseUrl, { client_name: "Attack test", redirect_uris: redirectUris });
  assert.equal(res.status, 201);
  return (await json(res)).client_id;
}

export function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** The path and query of an authorization request with these parameters. */
export function authorizeUrl(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, v);
  return `/oauth/authorize?${q}`;
}

export function tokenRequest(baseUrl: string, form: Record<string, string>): Promise<Response> {
  return fetch(`${baseUrl}/oauth/token`, { method: "POST", body: new URLSearchParams(form) });
}
