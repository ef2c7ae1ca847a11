// `crs admin` identity commands through the real executable, and the server honouring them.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { hashToken } from "../src/kernel/tokens.ts";
import { json, startTestServer, type TestServer } from "./harness.ts";
import { cliEnv, crs, crsJson, type CliEnv, dropCliStore, sameStoreAsCli } from "./cli.ts";

let e: CliEnv;
let t: TestServer;
before(async () => {
  e = await cliEnv();
  await crsJson(e, ["admin", "workspace", "create", "acme", "--name", "Acme Inc"]);
  // The server over the same store the CLI writes to.
  t = await startTestServer(sameStoreAsCli(e));
});
after(async () => {
  await t.close();
  await dropCliStore(e);
});

describe("crs admin", () => {
  let aliceId: number;
  let token: string;
  let keyId: number;

  test("workspace create prints the workspace; a duplicate slug exits 1", async () => {
    const again = await crs(e, ["admin", "workspace", "create", "acme"]);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /conflict/);
    const bad = await crs(e, ["admin", "workspace", "create", "Not A Slug"]);
    assert.equal(bad.code, 2);
  });
  test("user create with and without a password; the generated password is printed once", async () => {
    const alice = await crsJson(e, ["admin", "user", "create", "alice", "--email", "Alice@Example.test", "--password", "correct horse"]);
    assert.equal(alice.username, "alice");
    assert.equal(alice.email, "alice@example.test");
    assert.equal("password" in alice, false);
    aliceId = alice.id;
    const bob = await crsJson(e, ["admin", "user", "create", "bob", "--email", "bob@example.test"]);
    assert.equal(typeof bob.password, "string");
    assert.ok(bob.password.length >= 16);
    const dup = await crs(e, ["admin", "user", "create", "alice2", "--email", "alice@example.test"]);
    assert.equal(dup.code, 1);
  });
  test("member add, key create: the printed key works against the server", async () => {
    const m = await crsJson(e, ["admin", "member", "add", "acme", "alice@example.test", "--role", "admin"]);
    assert.equal(m.role, "admin");
    const key = await crsJson(e, ["admin", "key", "create", "acme", "alice", "--scopes", "user:read,repos:read", "--name", "ci"]);
    assert.match(key.token, /^svcp_/);
    assert.deepEqual(key.scopes, ["user:read", "repos:read"]);
    token = key.token;
    keyId = key.id;
    const res = await t.request("/api/v2/me", { token });
    assert.equal(res.status, 200);
    const body = await json(res);
    assert.equal(body.organization.slug, "acme");
    assert.equal(body.organization.name, "Acme Inc");
    assert.equal(body.token.name, "ci");
  });
  test("key create refuses unknown scopes and non-members", async () => {
    assert.equal((await crs(e, ["admin", "key", "create", "acme", "alice", "--scopes", "root"])).code, 2);
    assert.equal((await crs(e, ["admin", "key", "create", "acme", "bob", "--scopes", "user:read"])).code, 1);
  });
  test("key list shows keys without tokens", async () => {
    const r = await crs(e, ["admin", "key", "list", "acme", "--json"]);
    assert.equal(r.code, 0);
    assert.ok(!r.stdout.includes(token.slice(5)));
    const keys = JSON.parse(r.stdout);
    assert.equal(keys.find((k: any) => k.id === keyId).user.username, "alice");
  });
  test("user suspend and unsuspend apply on the next request; key list shows the key refused meanwhile", async () => {
    await crsJson(e, ["admin", "user", "suspend", "alice"]);
    assert.equal((await t.request("/api/v2/me", { token })).status, 401);
    const keys = await crsJson(e, ["admin", "key", "list", "acme"]);
    assert.equal(keys.find((k: any) => k.id === keyId).state, "user suspended");
    await crsJson(e, ["admin", "user", "unsuspend", String(aliceId)]);
    assert.equal((await t.request("/api/v2/me", { token })).status, 200);
    assert.equal((await crsJson(e, ["admin", "key", "list", "acme"])).find((k: any) => k.id === keyId).state, "active");
  });
  test("member remove ends the user's keys for good: re-adding the user does not revive them", async () => {
    const removed = await crsJson(e, ["admin", "member", "remove", "acme", "alice"]);
    assert.equal(removed.revokedTokens, 1);
    assert.equal((await t.request("/api/v2/me", { token })).status, 401);
    const keys = await crsJson(e, ["admin", "key", "list", "acme"]);
    assert.equal(keys.find((k: any) => k.id === keyId).state, "revoked");
    await crsJson(e, ["admin", "member", "add", "acme", "alice", "--role", "member"]);
    assert.equal((await t.request("/api/v2/me", { token })).status, 401);
    const fresh = await crsJson(e, ["admin", "key", "create", "acme", "alice", "--scopes", "user:read"]);
    token = fresh.token;
    const body = await json(await t.request("/api/v2/me", { token }));
    assert.equal(body.organization.role, "member");
  });
  test("key revoke ends access; revoking twice exits 1", async () => {
    const key = await crsJson(e, ["admin", "key", "create", "acme", "alice", "--scopes", "user:read"]);
    assert.equal((await t.request("/api/v2/me", { token: key.token })).status, 200);
    await crsJson(e, ["admin", "key", "revoke", String(key.id)]);
    assert.equal((await t.request("/api/v2/me", { token: key.token })).status, 401);
    assert.equal((await crs(e, ["admin", "key", "revoke", String(key.id)])).code, 1);
  });
  test("set-password revokes every key of the user and the new password is stored hashed", async () => {
    const r = await crsJson(e, ["admin", "user", "set-password", "alice", "--password", "another secret"]);
    assert.ok(r.revokedTokens >= 1);
    assert.equal((await t.request("/api/v2/me", { token })).status, 401);
    const row = await t.app.store.db.selectFrom("users").select("password_hash").where("id", "=", aliceId).executeTakeFirstOrThrow();
    assert.match(row.password_hash ?? "", /^\$argon2id\$/);
    const tokens = await t.app.store.db.selectFrom("tokens").select("token_hash").execute();
    assert.ok(tokens.some((x) => x.token_hash === hashToken(token)));
  });
  test("an unknown user or workspace exits 1 with a message; usage errors exit 2", async () => {
    const r = await crs(e, ["admin", "member", "add", "nope", "alice"]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /No workspace nope/);
    // Past the id column's range (PostgreSQL would refuse the query): not found, not a crash.
    const huge = await crs(e, ["admin", "member", "add", "99999999999", "99999999999"]);
    assert.equal(huge.code, 1);
    assert.match(huge.stderr, /No workspace 99999999999/);
    assert.match((await crs(e, ["admin", "user", "suspend", "99999999999"])).stderr, /No user 99999999999/);
    assert.match((await crs(e, ["admin", "key", "revoke", "99999999999"])).stderr, /No active API key/);
    assert.equal((await crs(e, ["admin", "user", "create", "x"])).code, 2);
    assert.equal((await crs(e, ["admin", "frobnicate"])).code, 2);
  });
  test("human output without --json", async () => {
    const r = await crs(e, ["admin", "workspace", "create", "plain"]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^workspace plain created \(id \d+\)/);
  });
});
