// Identity over the API: GET /me, GET /members, and every "When access ends" case of the spec.
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { after, before, describe, test } from "node:test";
import pino from "pino";
import * as accounts from "../src/capabilities/identity/index.ts";
import { hasValidChecksum, hashToken } from "../src/kernel/tokens.ts";
import { json, startTestServer, unique, type TestServer, type TestWorkspace } from "./harness.ts";

let t: TestServer;
let ws: TestWorkspace;
before(async () => {
  t = await startTestServer();
  ws = await t.workspace();
});
after(() => t.close());

const me = (token: string) => t.request("/api/v2/me", { token });

describe("GET /me", () => {
  test("200 with the user, the organization, the token's scopes and credits for an admin", async () => {
    const res = await me(ws.token);
    assert.equal(res.status, 200);
    const body = await json(res);
    assert.equal(body.user.id, ws.userId);
    assert.equal(body.user.username, ws.username);
    assert.deepEqual(body.organization, { id: ws.id, slug: ws.slug, name: ws.slug, role: "owner" });
    assert.equal(body.token.kind, "api_key");
    assert.equal(body.token.id, ws.keyId);
    assert.ok(body.token.scopes.includes("user:read"));
    assert.deepEqual(body.credits, { balanceCents: 0, monthSpendCents: 0, spendLimitCents: null });
  });
  test("credits is the ledger balance of the workspace", async () => {
    const w = await t.workspace();
    const now = new Date().toISOString();
    await t.app.store.db
      .insertInto("credit_ledger")
      .values([
        { workspace_id: w.id, amount_cents: 5000, kind: "grant", note: null, created_at: now },
        { workspace_id: w.id, amount_cents: -1250, kind: "charge", note: null, created_at: now },
        { workspace_id: ws.id, amount_cents: 777, kind: "grant", note: "other workspace", created_at: now },
      ])
      .execute();
    assert.deepEqual((await json(await me(w.token))).credits, { balanceCents: 3750, monthSpendCents: 1250, spendLimitCents: null });
  });
  test("a member sees the balance but not the month's spend or the limit, and the role member", async () => {
    const m = await ws.member({ role: "member" });
    const body = await json(await me(m.token));
    assert.equal(body.organization.role, "member");
    assert.deepEqual(Object.keys(body.credits), ["balanceCents"]);
  });
  test("a key with only user:read shows exactly that scope", async () => {
    const m = await ws.member({ scopes: ["user:read"] });
    assert.deepEqual((await json(await me(m.token))).token.scopes, ["user:read"]);
  });
});

describe("GET /members", () => {
  let team: TestWorkspace;
  before(async () => {
    team = await t.workspace({ role: "admin" });
    // Two members share a username: sorted by username, then id.
    for (const username of ["zed", "amy", "bob", "amy", "Carl", "a.b", "a-b"]) await team.member({ username });
  });
  test("200 sorted by username then id, admins shown as owner", async () => {
    const body = await json(await t.request("/api/v2/members?limit=100", { token: team.token }));
    const names = body.items.map((m: any) => m.username);
    const expected = [...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0));
    assert.deepEqual(names, expected);
    const amys = body.items.filter((m: any) => m.username === "amy");
    assert.equal(amys.length, 2);
    assert.ok(amys[0].id < amys[1].id);
    assert.equal(body.items.find((m: any) => m.id === team.userId).role, "owner");
    assert.equal(body.items.find((m: any) => m.username === "zed").role, "member");
    assert.equal(body.nextCursor, null);
    assert.equal(body.items.length, 8);
  });
  test("cursor pages walk the whole list once, in order", async () => {
    const all = (await json(await t.request("/api/v2/members?limit=100", { token: team.token }))).items.map((m: any) => m.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const body: any = await json(await t.request(`/api/v2/members?limit=3${q}`, { token: team.token }));
      assert.ok(body.items.length <= 3);
      seen.push(...body.items.map((m: any) => m.id));
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    assert.deepEqual(seen, all);
    assert.equal(pages, 3);
  });
  test("members of other workspaces are not listed", async () => {
    const body = await json(await t.request("/api/v2/members?limit=100", { token: team.token }));
    assert.ok(!body.items.some((m: any) => m.id === ws.userId));
  });
  for (const [query, path] of [
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=abc", "limit"],
    ["cursor=garbage", "cursor"],
    [`cursor=${"a".repeat(2049)}`, "cursor"],
  ] as const) {
    test(`400 invalid_request with details.issues for ${query.slice(0, 20)}`, async () => {
      const res = await t.request(`/api/v2/members?${query}`, { token: team.token });
      assert.equal(res.status, 400);
      const body = await json(res);
      assert.equal(body.error.code, "invalid_request");
      assert.equal(body.error.details.issues[0].path, path);
      assert.equal(typeof body.error.details.issues[0].message, "string");
    });
  }
});

describe("when access ends", () => {
  test("a revoked key answers 401 on the very next request", async () => {
    const m = await ws.member();
    assert.equal((await me(m.token)).status, 200);
    await accounts.revokeApiKey(t.app.store, m.keyId);
    assert.equal((await me(m.token)).status, 401);
  });
  test("a password change revokes every key of the user in every workspace", async () => {
    const a = await t.workspace();
    const b = await t.workspace();
    const user = await accounts.findUser(t.app.store, String(a.userId));
    await accounts.addMember(t.app.store, b.id, user.id, "member");
    const keyB = await accounts.createApiKey(t.app.store, { workspaceId: b.id, userId: user.id, scopes: "user:read" });
    const other = await b.member();
    assert.equal((await me(keyB.token)).status, 200);
    const { revokedTokens } = await accounts.setPassword(t.app.store, user.id, "a new password!");
    assert.equal(revokedTokens, 2);
    assert.equal((await me(a.token)).status, 401);
    assert.equal((await me(keyB.token)).status, 401);
    assert.equal((await me(other.token)).status, 200, "other users keep their keys");
  });
  test("a removed membership answers 401, and re-adding the user (even as admin) does not revive the old key", async () => {
    const m = await ws.member();
    const other = await t.workspace();
    await accounts.addMember(t.app.store, other.id, m.userId, "member");
    const elsewhere = await accounts.createApiKey(t.app.store, { workspaceId: other.id, userId: m.userId, scopes: ["user:read"] });
    assert.deepEqual(await accounts.removeMember(t.app.store, ws.id, m.userId), { revokedTokens: 1 });
    assert.equal((await me(m.token)).status, 401);
    await accounts.addMember(t.app.store, ws.id, m.userId, "admin");
    assert.equal((await me(m.token)).status, 401);
    // Only that workspace's keys end: the user's key in another workspace still works.
    assert.equal((await me(elsewhere.token)).status, 200);
  });
  test("a suspended account answers 401 until unsuspended", async () => {
    const m = await ws.member();
    await accounts.setSuspended(t.app.store, m.userId, true);
    assert.equal((await me(m.token)).status, 401);
    await accounts.setSuspended(t.app.store, m.userId, false);
    assert.equal((await me(m.token)).status, 200);
  });
  test("an expired token answers 401", async () => {
    const m = await ws.member();
    await t.app.store.db
      .updateTable("tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", m.keyId)
      .execute();
    const res = await me(m.token);
    assert.equal(res.status, 401);
    assert.match(res.headers.get("www-authenticate") ?? "", /invalid_token/);
  });
  test("a role change applies on the next request", async () => {
    const m = await ws.member({ role: "member" });
    assert.equal((await json(await me(m.token))).organization.role, "member");
    await accounts.addMember(t.app.store, ws.id, m.userId, "admin");
    assert.equal((await json(await me(m.token))).organization.role, "owner");
  });
});

describe("tokens", () => {
  test("API keys are svcp_ with a checksum and are stored only as SHA-256", async () => {
    const m = await ws.member();
    assert.match(m.token, /^svcp_[A-Za-z0-9]{36}$/);
    assert.ok(hasValidChecksum(m.token));
    const rows = await t.app.store.db.selectFrom("tokens").selectAll().where("id", "=", m.keyId).execute();
    assert.equal(rows[0]!.token_hash, hashToken(m.token));
    assert.ok(!JSON.stringify(rows).includes(m.token.slice(5)));
  });
  test("last use is recorded", async () => {
    const m = await ws.member();
    await me(m.token);
    const row = await t.app.store.db.selectFrom("tokens").select("last_used_at").where("id", "=", m.keyId).executeTakeFirstOrThrow();
    assert.ok(row.last_used_at && Date.now() - Date.parse(row.last_used_at) < 60_000);
  });
  test("a key needs at least one known scope", async () => {
    await assert.rejects(accounts.createApiKey(t.app.store, { workspaceId: ws.id, userId: ws.userId, scopes: "" }), { code: "invalid_request" });
    await assert.rejects(accounts.createApiKey(t.app.store, { workspaceId: ws.id, userId: ws.userId, scopes: "repos:read,admin" }), {
      code: "invalid_request",
    });
  });
  test("tokens never appear in the logs, even at trace level and on failures", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const { createApp } = await import("../src/kernel/app.ts");
    const { startServer } = await import("../src/server/serve.ts");
    const { loadConfig } = await import("../src/kernel/config.ts");
    const { mkdtempSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const config = loadConfig({ CRS_DATA_DIR: mkdtempSync(join(tmpdir(), "crs-log-")), CRS_LOG_LEVEL: "trace", PORT: "0" } as NodeJS.ProcessEnv);
    const app = await createApp(config, { logger: pino({ level: "trace" }, sink) });
    const server = await startServer(app);
    try {
      const w = await accounts.createWorkspace(app.store, unique("logs-").toLowerCase());
      const u = await accounts.createUser(app.store, { username: "logger", email: `${unique("l")}@example.test` });
      await accounts.addMember(app.store, w.id, u.id, "admin");
      const key = await accounts.createApiKey(app.store, { workspaceId: w.id, userId: u.id, scopes: "user:read" });
      const { getMe } = await import("../src/capabilities/identity/operations/get-me.ts");
      const original = getMe.handler;
      getMe.handler = async () => {
        throw new Error("unexpected");
      };
      try {
        for (const auth of [`Bearer ${key.token}`, `Basic ${key.token}`, `Bearer ${key.token} extra`]) {
          await server.inject({ method: "GET", url: "/api/v2/me", headers: { authorization: auth } });
        }
      } finally {
        getMe.handler = original;
      }
      await server.inject({ method: "GET", url: `/api/v2/me?token=${key.token}` });
      const all = lines.join("");
      assert.ok(all.length > 0, "something was logged");
      const at = all.indexOf(key.token.slice(5, 25));
      assert.equal(at, -1, `the token leaked into the logs: ${all.slice(Math.max(0, at - 300), at + 50)}`);
    } finally {
      await server.close();
      await app.close();
    }
  });
});
