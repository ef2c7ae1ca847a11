// Control characters (C0, C1, bidi overrides) are refused in every name and title, on every face;
// bodies keep line breaks and tabs. What a terminal prints (crs admin, the crs client) is escaped,
// names already stored included.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { putFocus } from "../src/capabilities/focuses/index.ts";
import { hiddenFields, signIn, userWithPassword } from "./browser.ts";
import { cliEnv, crs, crsJson, dropCliStore, type CliEnv, sameStoreAsCli } from "./cli.ts";
import { testClient } from "./fixtures/client.ts";
import { expectError, json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { register } from "./oauth-requests.ts";

const clear = "\u001b[2J\u001b[H";
const hostileNames = [`x${clear}y`, "a\u202eb", "a\u0085b", "a\u2066b", "tab\there", "line\nbreak"];

let e: CliEnv;
let t: TestServer;
let ws: TestWorkspace;
before(async () => {
  e = await cliEnv();
  await crsJson(e, ["admin", "workspace", "create", "acme"]);
  t = await startTestServer(sameStoreAsCli(e));
  ws = await t.workspace();
});
after(async () => {
  await t.close();
  await dropCliStore(e);
});

describe("names and titles refuse control characters", () => {
  test("OAuth registration: 400 invalid_client_metadata for each hostile client_name", async () => {
    for (const name of hostileNames) {
      const res = await register(t.url, { client_name: name, redirect_uris: ["http://127.0.0.1:4000/cb"] });
      assert.equal(res.status, 400, JSON.stringify(name));
      assert.equal((await json(res)).error, "invalid_client_metadata");
    }
  });
  test("the web form's API key name: 400 and no key", async () => {
    const user = await userWithPassword(t, ws);
    const { browser } = await signIn(t, user.email, user.password);
    for (const name of hostileNames.filter((n) => !/^line/.test(n))) {
      const page = await browser.get("/app/settings/keys");
      const body = new URLSearchParams({ ...hiddenFields(page.text, "/app/settings/keys"), name });
      body.append("scopes", "user:read");
      const res = await browser.post("/app/settings/keys", body);
      assert.equal(res.status, 400, JSON.stringify(name));
      assert.match(res.text, /control characters/);
    }
    const keys = await t.app.store.db.selectFrom("tokens").select("id").where("user_id", "=", user.id).execute();
    assert.equal(keys.length, 0);
  });
  test("the API: a document title and a focus title are refused; a comment keeps line breaks and tabs but not ESC", async () => {
    for (const title of hostileNames) {
      const res = await t.request("/api/v2/documents", { method: "POST", token: ws.token, json: { kind: "note", note: { title, text: "body" } } });
      await expectError(res, 400, "invalid_request");
    }
    await assert.rejects(putFocus(t.app.store, ws.id, { slug: "f1", title: "a\u202eb", emoji: null, instructions: "x" }), /control characters/);
    await assert.rejects(putFocus(t.app.store, ws.id, { slug: "f1", title: "ok", emoji: null, instructions: `x${clear}` }), /control characters/);
    const ok = await putFocus(t.app.store, ws.id, { slug: "f1", title: "ok", emoji: null, instructions: "line one\n\tindented\r\nthree" });
    assert.equal(ok.focus.slug, "f1");
  });
  test("crs admin: hostile key, workspace and user names exit 2 and store nothing", async () => {
    await crsJson(e, ["admin", "user", "create", "carl", "--email", "carl@example.test", "--password", "long enough"]);
    await crsJson(e, ["admin", "member", "add", "acme", "carl"]);
    for (const name of hostileNames) {
      const key = await crs(e, ["admin", "key", "create", "acme", "carl", "--scopes", "user:read", "--name", name]);
      assert.equal(key.code, 2, `${JSON.stringify(name)}: ${key.stderr}`);
      assert.equal((await crs(e, ["admin", "workspace", "create", "ws-x", "--name", name])).code, 2);
      assert.equal((await crs(e, ["admin", "user", "create", "dora", "--email", "dora@example.test", "--name", name])).code, 2);
    }
    assert.deepEqual(await crsJson(e, ["admin", "key", "list", "acme"]), []);
    assert.equal((await crs(e, ["admin", "workspace", "create", "ws-x", "--name", "Fine name"])).code, 0);
  });
});

describe("terminal output is escaped, names stored before the rules included", () => {
  test("crs admin key list prints a stored ESC sequence escaped, never raw", async () => {
    const key = await crsJson(e, ["admin", "key", "create", "acme", "carl", "--scopes", "user:read", "--name", "old"]);
    await t.app.store.db
      .updateTable("tokens")
      .set({ name: `old${clear}\u202eevil` })
      .where("id", "=", key.id)
      .execute();
    const r = await crs(e, ["admin", "key", "list", "acme"]);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(!r.stdout.includes("\u001b") && !r.stdout.includes("\u202e"), JSON.stringify(r.stdout));
    assert.match(r.stdout, /old.*\\u\{202e\}evil/);
    const listed = await crsJson(e, ["admin", "key", "list", "acme"]);
    assert.equal(listed[0].name, `old${clear}\u202eevil`, "--json keeps the stored value (JSON escapes it)");
  });
  test("the crs client prints a stored focus title and instructions without raw escapes, on a terminal and in a pipe", async () => {
    await putFocus(t.app.store, ws.id, { slug: "legacy", title: "Legacy", emoji: null, instructions: "fine" });
    const stored = { title: `Leg${clear}acy`, instructions: `one\n\u001b]0;title\u0007two\tthree` };
    await t.app.store.db.updateTable("focuses").set(stored).where("workspace_id", "=", ws.id).where("slug", "=", "legacy").execute();
    await t.app.store.db
      .updateTable("focus_revisions")
      .set(stored)
      .where("focus_id", "in", t.app.store.db.selectFrom("focuses").select("id").where("workspace_id", "=", ws.id).where("slug", "=", "legacy"))
      .execute();
    const c = testClient(t.url, ws.token);
    for (const tty of [true, false]) {
      for (const argv of [
        ["focuses", "view", "legacy"],
        ["focuses", "list"],
      ]) {
        const r = await c.run(argv, { tty });
        assert.equal(r.code, 0, r.err);
        assert.ok(!r.out.includes("\u001b") && !r.out.includes("\u0007"), `${argv.join(" ")} tty=${tty}: ${JSON.stringify(r.out)}`);
      }
    }
    const view = await c.run(["focuses", "view", "legacy"], { tty: true });
    assert.match(view.out, /two\tthree/, "tabs and line breaks of a body stay");
  });
});
