// Focuses: revisions (kept, bumped only by a content change), front matter validated on put,
// archiving, slug limits, and the list_focuses / get_focus operations.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { archiveFocus, getFocusRevision, listFocuses, putFocus } from "../src/capabilities/focuses/index.ts";
import { json, startTestServer, type TestServer, type TestWorkspace, expectError } from "./harness.ts";

let t: TestServer;
before(async () => {
  t = await startTestServer();
});
after(() => t.close());

const security = "---\nonly: [security]\nseverity:\n  js.eval: critical\n---\nLook for injections first.";

describe("putFocus", () => {
  test("revision 1 on creation; identical content keeps it; each change bumps it and keeps the old revision", async () => {
    const ws = await t.workspace();
    const store = t.app.store;
    const a = await putFocus(store, ws.id, { slug: "sec", title: "Security", emoji: "🔒", instructions: security });
    assert.equal(a.focus.revision, 1);
    assert.equal(a.changed, true);
    const same = await putFocus(store, ws.id, { slug: "sec", title: "Security", emoji: "🔒", instructions: security });
    assert.equal(same.focus.revision, 1);
    assert.equal(same.changed, false);
    const b = await putFocus(store, ws.id, { slug: "sec", title: "Security", emoji: "🔒", instructions: security + "\nAlso secrets." });
    assert.equal(b.focus.revision, 2);
    const c = await putFocus(store, ws.id, { slug: "sec", title: "Security review", emoji: "🔒", instructions: security + "\nAlso secrets." });
    assert.equal(c.focus.revision, 3);
    const d = await putFocus(store, ws.id, { slug: "sec", title: "Security review", emoji: null, instructions: security + "\nAlso secrets." });
    assert.equal(d.focus.revision, 4);
    const r1 = await getFocusRevision(store, ws.id, "sec", 1);
    assert.equal(r1.instructions, security);
    assert.equal(r1.title, "Security");
    assert.equal((await getFocusRevision(store, ws.id, "sec", 3)).title, "Security review");
    await assert.rejects(getFocusRevision(store, ws.id, "sec", 9), (e: any) => e.code === "not_found");
    const other = await t.workspace();
    await assert.rejects(getFocusRevision(store, other.id, "sec", 1), (e: any) => e.code === "not_found");
  });
  test("invalid front matter is refused with a clear invalid_request and nothing is stored", async () => {
    const ws = await t.workspace();
    const cases = [
      ["---\nonly: [unclosed\n---\nbody", /not valid YAML/],
      ["---\nunknown: 1\n---\nbody", /front matter is invalid/],
      ["---\nseverity:\n  js.eval: extreme\n---\nbody", /field severity\.js\.eval/],
    ] as const;
    for (const [instructions, message] of cases) {
      await assert.rejects(putFocus(t.app.store, ws.id, { slug: "bad", title: "Bad", instructions }), (e: any) => {
        assert.equal(e.code, "invalid_request");
        assert.match(e.message, message);
        assert.equal(e.details.issues[0].path, "instructions");
        return true;
      });
    }
    assert.deepEqual((await listFocuses(t.app.store, ws.id, { includeArchived: true })).items, []);
  });
  test("slug 1 to 200 characters of letters, digits, '.', '-', '_'; title 1 to 200; instructions not empty, at most 65536", async () => {
    const ws = await t.workspace();
    const ok = (slug: string, extra: object = {}) => putFocus(t.app.store, ws.id, { slug, title: "T", instructions: "x", ...extra });
    await ok("a".repeat(200));
    for (const [slug, extra] of [
      ["a".repeat(201), {}],
      ["", {}],
      ["has space", {}],
      ["-lead", {}],
      ["a/b", {}],
      ["ok", { title: "" }],
      ["ok", { title: "t".repeat(201) }],
      ["ok", { instructions: "  " }],
      ["ok", { instructions: "x".repeat(65537) }],
      ["ok", { emoji: "e".repeat(33) }],
    ] as const) {
      await assert.rejects(ok(slug, extra), (e: any) => e.code === "invalid_request", `${slug} ${JSON.stringify(extra).slice(0, 50)}`);
    }
    await ok("max", { instructions: "x".repeat(65536) });
  });
  test("archiving hides a focus; putting it again restores it (same content keeps the revision)", async () => {
    const ws = await t.workspace();
    await putFocus(t.app.store, ws.id, { slug: "perf", title: "Performance", instructions: "Be fast." });
    const archived = await archiveFocus(t.app.store, ws.id, "perf");
    assert.equal(archived.archived, true);
    assert.deepEqual((await listFocuses(t.app.store, ws.id)).items, []);
    await expectError(await t.request("/api/v2/focuses/perf", { token: ws.token }), 404, "not_found");
    const back = await putFocus(t.app.store, ws.id, { slug: "perf", title: "Performance", instructions: "Be fast." });
    assert.equal(back.focus.revision, 1);
    assert.equal(back.focus.archived, false);
    assert.equal((await t.request("/api/v2/focuses/perf", { token: ws.token })).status, 200);
    await assert.rejects(archiveFocus(t.app.store, ws.id, "nope"), (e: any) => e.code === "not_found");
  });
});

describe("list_focuses and get_focus", () => {
  let ws: TestWorkspace;
  const slugs = ["a_b", "B", "a.b", "a-b", "a", "zz"];
  before(async () => {
    ws = await t.workspace();
    for (const slug of slugs) await putFocus(t.app.store, ws.id, { slug, title: `Focus ${slug}`, emoji: "🎯", instructions: security });
    await putFocus(t.app.store, ws.id, { slug: "old", title: "Old", instructions: "x" });
    await archiveFocus(t.app.store, ws.id, "old");
  });
  test("sorted by slug byte-wise, in cursor pages, without instructions, archived ones left out", async () => {
    const seen: any[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.request(`/api/v2/focuses?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { token: ws.token });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("x-ratelimit-limit"), "1200");
      const page: any = await json(res);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    assert.deepEqual(
      seen.map((f) => f.slug),
      ["B", "a", "a-b", "a.b", "a_b", "zz"],
    );
    assert.deepEqual(Object.keys(seen[0]).sort(), ["emoji", "revision", "slug", "title", "webUrl"]);
    assert.equal(seen[0].webUrl, `${t.url}/app/focuses/B`);
  });
  test("get_focus returns the instructions; 404 for unknown, archived and another workspace's focus", async () => {
    const res = await t.request("/api/v2/focuses/a.b", { token: ws.token });
    assert.equal(res.status, 200);
    assert.deepEqual(await json(res), {
      slug: "a.b",
      title: "Focus a.b",
      emoji: "🎯",
      revision: 1,
      webUrl: `${t.url}/app/focuses/a.b`,
      instructions: security,
    });
    await expectError(await t.request("/api/v2/focuses/none", { token: ws.token }), 404, "not_found");
    await expectError(await t.request("/api/v2/focuses/old", { token: ws.token }), 404, "not_found");
    const other = await t.workspace();
    await expectError(await t.request("/api/v2/focuses/a.b", { token: other.token }), 404, "not_found");
    assert.deepEqual((await json(await t.request("/api/v2/focuses", { token: other.token }))).items, []);
  });
  test("400 for a focus path parameter over 200 characters and for a bad limit or cursor", async () => {
    await expectError(await t.request(`/api/v2/focuses/${"a".repeat(201)}`, { token: ws.token }), 400, "invalid_request");
    assert.equal((await t.request(`/api/v2/focuses/${"a".repeat(200)}`, { token: ws.token })).status, 404);
    await expectError(await t.request("/api/v2/focuses/a%00b", { token: ws.token }), 400, "invalid_request");
    for (const q of ["?limit=0", "?limit=101", "?cursor=bad"]) {
      await expectError(await t.request(`/api/v2/focuses${q}`, { token: ws.token }), 400, "invalid_request");
    }
  });
});
