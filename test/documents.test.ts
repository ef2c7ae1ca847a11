// Context documents: notes and uploaded files, identical content returning the existing document,
// the list (repository filter, archived flag, cursor pages), archive rules, runs refusing archived
// documents, concurrent identical creates, and the documents rate-limit bucket.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { isUniqueViolation } from "../src/platform/store/unique.ts";
import { json, startTestServer, unique, type TestServer, type TestWorkspace, expectError } from "./harness.ts";

let t: TestServer;
before(async () => {
  t = await startTestServer();
});
after(() => t.close());

const sha = (s: string) => createHash("sha256").update(s).digest("hex");

function create(w: { token: string }, body: unknown) {
  return t.request("/api/v2/documents", { method: "POST", token: w.token, json: body });
}

async function uploadSlot(w: { token: string }, content: string, filename = "design.md") {
  const res = await t.request("/api/v2/documents/uploads", { method: "POST", token: w.token, json: { filename, contentType: "text/markdown" } });
  const { upload } = await json(res);
  const put = await fetch(upload.url, { method: "PUT", body: content, headers: upload.headers });
  assert.equal(put.status, 200);
  return upload.id as string;
}

async function repository(w: TestWorkspace, fullName: string): Promise<number> {
  const row = await t.app.store.db
    .insertInto("repositories")
    .values({
      workspace_id: w.id,
      full_name: fullName,
      full_name_key: fullName.toLowerCase(),
      remote: `/tmp/${fullName}`,
      web_url: null,
      default_branch_override: null,
      default_branch: null,
      mirror_reason: null,
      mirror_message: null,
      last_synced_at: null,
      last_attempt_at: null,
      access_reason: null,
      sync_owner: null,
      sync_lease_until: null,
      sync_requested_at: null,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("create_document", () => {
  test("201 for a note, with the document's shape; the title defaults to the first line", async () => {
    const ws = await t.workspace();
    const text = `# Threat model ${unique("")}\n\nAll input is hostile.`;
    const res = await create(ws, { note: { text } });
    assert.equal(res.status, 201);
    const { document: d } = await json(res);
    assert.equal(d.kind, "note");
    assert.equal(d.title, text.split("\n")[0]!.slice(2));
    assert.equal(d.filename, null);
    assert.equal(d.contentType, null);
    assert.equal(d.sizeBytes, Buffer.byteLength(text));
    assert.equal(d.sha256, sha(text));
    assert.equal(d.repository, null);
    assert.deepEqual(d.createdBy, { id: ws.userId, username: ws.username });
    assert.equal(d.archived, false);
    assert.equal(d.archivedAt, null);
    assert.ok(Number.isInteger(d.id));
    const titled = await json(await create(ws, { note: { title: "Mine", text: "another" } }));
    assert.equal(titled.document.title, "Mine");
  });
  test("201 from an uploaded file; the same content again (another slot, or a note) returns it with 200", async () => {
    const ws = await t.workspace();
    const content = `spec ${unique("")}`;
    const first = await create(ws, { upload: { id: await uploadSlot(ws, content) } });
    assert.equal(first.status, 201);
    const { document: d } = await json(first);
    assert.equal(d.kind, "upload");
    assert.equal(d.title, "design.md");
    assert.equal(d.filename, "design.md");
    assert.equal(d.contentType, "text/markdown");
    assert.equal(d.sizeBytes, content.length);
    assert.equal(d.sha256, sha(content));
    const again = await create(ws, { upload: { id: await uploadSlot(ws, content, "copy.md") } });
    assert.equal(again.status, 200);
    assert.equal((await json(again)).document.id, d.id);
    const asNote = await create(ws, { note: { text: content } });
    assert.equal(asNote.status, 200);
    assert.equal((await json(asNote)).document.id, d.id);
    const member = await ws.member();
    const byOther = await create(member, { note: { text: content } });
    assert.equal(byOther.status, 200);
    assert.equal((await json(byOther)).document.createdBy.id, ws.userId);
  });
  test("the same slot used twice returns the same document with 200", async () => {
    const ws = await t.workspace();
    const slot = await uploadSlot(ws, `once ${unique("")}`);
    const a = await create(ws, { upload: { id: slot } });
    const b = await create(ws, { upload: { id: slot } });
    assert.equal(a.status, 201);
    assert.equal(b.status, 200);
    assert.equal((await json(a)).document.id, (await json(b)).document.id);
  });
  test("the same content in another workspace is a separate document", async () => {
    const a = await t.workspace();
    const b = await t.workspace();
    const text = `shared ${unique("")}`;
    const da = await json(await create(a, { note: { text } }));
    const res = await create(b, { note: { text } });
    assert.equal(res.status, 201);
    assert.notEqual((await json(res)).document.id, da.document.id);
  });
  test("400 unless exactly one of upload or note is given", async () => {
    const ws = await t.workspace();
    await expectError(await create(ws, {}), 400, "invalid_request");
    const slot = await uploadSlot(ws, "x");
    await expectError(await create(ws, { upload: { id: slot }, note: { text: "y" } }), 400, "invalid_request");
    await expectError(await create(ws, { upload: {} }), 400, "invalid_request");
  });
  test("a note's text is 1 to 65536 characters and not blank; a title 1 to 200", async () => {
    const ws = await t.workspace();
    assert.equal((await create(ws, { note: { text: "a".repeat(65536) } })).status, 201);
    const over = await expectError(await create(ws, { note: { text: "b".repeat(65537) } }), 400, "invalid_request");
    assert.equal(over.error.details.issues[0].path, "note.text");
    await expectError(await create(ws, { note: { text: "" } }), 400, "invalid_request");
    await expectError(await create(ws, { note: { text: "  \n " } }), 400, "invalid_request");
    await expectError(await create(ws, { note: { text: "nul \u0000 byte" } }), 400, "invalid_request");
    await expectError(await create(ws, { note: { title: "t".repeat(201), text: "c" } }), 400, "invalid_request");
    const list = await json(await t.request("/api/v2/documents", { token: ws.token }));
    assert.equal(list.items.length, 1);
  });
  test(
    "a title taken from the text has no control characters; an explicit title with C0, C1 or bidi controls is refused; a text with C0 or C1 controls " +
      "(other than line breaks and tabs) too",
    async () => {
      const ws = await t.workspace();
      // A body keeps bidi marks, a title never: they are dropped from the derived one.
      const derived = await json(await create(ws, { note: { text: "\u202e# Evil\u2066 title\u200f here\nbody" } }));
      assert.equal(derived.document.title, "Evil title here");
      const tabbed = await json(await create(ws, { note: { text: "\t## Tabs\tand tabs\r\n" } }));
      assert.equal(tabbed.document.title, "Tabs and tabs");
      for (const text of ["\u001b[31m# Evil", "bell\u0007", "csi\u009b2J", "del\u007f"]) {
        const body = await expectError(await create(ws, { note: { text } }), 400, "invalid_request");
        assert.equal(body.error.details.issues[0].path, "note.text");
      }
      const long = await json(await create(ws, { note: { text: "😀".repeat(100) } }));
      assert.equal(Array.from(long.document.title as string).length, 80);
      assert.equal(long.document.title, `${"😀".repeat(79)}…`);
      for (const title of ["bell\u0007", "csi\u009b2J", "nel\u0085", "del\u007f", "rlo\u202e", "lri\u2066"]) {
        const body = await expectError(await create(ws, { note: { title, text: "x" } }), 400, "invalid_request");
        assert.equal(body.error.details.issues[0].path, "note.title");
      }
      assert.equal((await json(await t.request("/api/v2/documents", { token: ws.token }))).items.length, 3);
    },
  );
  test("404 for an unknown slot, another member's slot and another workspace's slot; 409 before the file is uploaded", async () => {
    const ws = await t.workspace();
    await expectError(await create(ws, { upload: { id: "upl_nothing" } }), 404, "not_found");
    const member = await ws.member();
    await expectError(await create(member, { upload: { id: await uploadSlot(ws, "mine") } }), 404, "not_found");
    const other = await t.workspace();
    await expectError(await create(ws, { upload: { id: await uploadSlot(other, "theirs") } }), 404, "not_found");
    const res = await t.request("/api/v2/documents/uploads", { method: "POST", token: ws.token, json: { filename: "a.txt", contentType: "text/plain" } });
    const { upload } = await json(res);
    const early = await expectError(await create(ws, { upload: { id: upload.id } }), 409, "conflict");
    assert.equal(early.error.details.state, "pending");
  });
  test("repository attaches the document (owner/name or id); 404 for an unknown one, 400 for a malformed one", async () => {
    const ws = await t.workspace();
    const id = await repository(ws, "acme/api");
    const res = await create(ws, { note: { text: `for api ${unique("")}` }, repository: "Acme/API" });
    assert.equal(res.status, 201);
    assert.deepEqual((await json(res)).document.repository, { id, fullName: "acme/api" });
    const byId = await create(ws, { note: { text: `by id ${unique("")}` }, repository: id });
    assert.deepEqual((await json(byId)).document.repository, { id, fullName: "acme/api" });
    await expectError(await create(ws, { note: { text: "z" }, repository: "acme/nope" }), 404, "not_found");
    await expectError(await create(ws, { note: { text: "z" }, repository: "not a repo" }), 400, "invalid_request");
  });
  test("concurrent identical note creates yield one document: one 201, the rest 200", async () => {
    const ws = await t.workspace();
    const text = `race ${unique("")}`;
    const results = await Promise.all(Array.from({ length: 8 }, () => create(ws, { note: { text } })));
    const bodies = await Promise.all(results.map((r) => json(r)));
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 200, 200, 200, 200, 200, 200, 201]);
    assert.equal(new Set(bodies.map((b) => b.document.id)).size, 1);
  });
  test("concurrent creates from identical uploads (and from one slot) yield one document", async () => {
    const ws = await t.workspace();
    const content = `upload race ${unique("")}`;
    const slots = await Promise.all(Array.from({ length: 4 }, () => uploadSlot(ws, content)));
    const results = await Promise.all([...slots, slots[0]!].map((id) => create(ws, { upload: { id } })));
    const bodies = await Promise.all(results.map((r) => json(r)));
    assert.equal(results.filter((r) => r.status === 201).length, 1, JSON.stringify(results.map((r) => r.status)));
    assert.ok(results.every((r) => r.status === 200 || r.status === 201));
    assert.equal(new Set(bodies.map((b) => b.document.id)).size, 1);
    const list = await json(await t.request("/api/v2/documents", { token: ws.token }));
    assert.equal(list.items.length, 1);
  });
  test("the store itself refuses a second active document with the same content, and allows it once archived", async () => {
    const ws = await t.workspace();
    const row = (sha256: string) => ({
      workspace_id: ws.id,
      kind: "note" as const,
      title: "n",
      filename: null,
      content_type: null,
      size_bytes: 1,
      sha256,
      note_text: "n",
      repository_id: null,
      created_by: ws.userId,
      created_at: new Date().toISOString(),
      archived_at: null,
      archived_by: null,
    });
    const db = t.app.store.db;
    const first = await db
      .insertInto("documents")
      .values(row("a".repeat(64)))
      .returning("id")
      .executeTakeFirstOrThrow();
    await assert.rejects(
      db
        .insertInto("documents")
        .values(row("a".repeat(64)))
        .execute(),
      (err) => isUniqueViolation(err),
    );
    await db.updateTable("documents").set({ archived_at: new Date().toISOString() }).where("workspace_id", "=", ws.id).where("id", "=", first.id).execute();
    await db
      .insertInto("documents")
      .values(row("a".repeat(64)))
      .execute();
  });
  test("reports the documents bucket in X-RateLimit-* (60 per 10 minutes)", async () => {
    const ws = await t.workspace();
    const res = await create(ws, { note: { text: `rl ${unique("")}` } });
    assert.equal(res.headers.get("x-ratelimit-limit"), "60");
    assert.equal(res.headers.get("x-ratelimit-remaining"), "59");
    const { document } = await json(res);
    const del = await t.request(`/api/v2/documents/${document.id}`, { method: "DELETE", token: ws.token });
    assert.equal(del.headers.get("x-ratelimit-limit"), "60");
    assert.equal(del.headers.get("x-ratelimit-remaining"), "58");
    const list = await t.request("/api/v2/documents", { token: ws.token });
    assert.equal(list.headers.get("x-ratelimit-limit"), "1200");
  });
});
