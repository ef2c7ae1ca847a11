// Reading and archiving context documents: list (newest first, cursor pages, repository filter,
// archived hidden unless archived=true), get (REST only), archive rules, and runs refusing archived ones.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { documentsForRun, readDocumentContent } from "../src/capabilities/documents/index.ts";
import { json, startTestServer, unique, type TestServer, type TestWorkspace, expectError } from "./harness.ts";

let t: TestServer;
before(async () => {
  t = await startTestServer();
});
after(() => t.close());

async function note(w: { token: string }, extra: Record<string, unknown> = {}): Promise<any> {
  const res = await t.request("/api/v2/documents", { method: "POST", token: w.token, json: { note: { text: `note ${unique("")}` }, ...extra } });
  assert.equal(res.status, 201);
  return (await json(res)).document;
}

function archive(w: { token: string }, id: number | string) {
  return t.request(`/api/v2/documents/${id}`, { method: "DELETE", token: w.token });
}

async function list(w: { token: string }, query = ""): Promise<any> {
  const res = await t.request(`/api/v2/documents${query}`, { token: w.token });
  assert.equal(res.status, 200);
  return json(res);
}

describe("list_documents", () => {
  test("newest first in cursor pages that cover every document once", async () => {
    const ws = await t.workspace();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await note(ws)).id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await list(ws, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      assert.ok(page.items.length <= 2);
      seen.push(...page.items.map((d: any) => d.id));
      cursor = page.nextCursor;
    } while (cursor);
    assert.deepEqual(seen, [...ids].reverse());
  });
  test("400 for a limit out of 1..100, a bad cursor or a bad archived value", async () => {
    const ws = await t.workspace();
    for (const q of ["?limit=0", "?limit=101", "?cursor=nope", `?cursor=${"a".repeat(2049)}`, "?archived=maybe"]) {
      await expectError(await t.request(`/api/v2/documents${q}`, { token: ws.token }), 400, "invalid_request");
    }
  });
  test("the repository filter (owner/name or id) lists only that repository's documents; 404 for an unknown one", async () => {
    const ws = await t.workspace();
    const repo = await t.app.store.db
      .insertInto("repositories")
      .values({
        workspace_id: ws.id,
        full_name: "acme/web",
        full_name_key: "acme/web",
        remote: "/tmp/acme-web",
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
    const attached = await note(ws, { repository: "acme/web" });
    await note(ws);
    assert.deepEqual(
      (await list(ws, "?repository=acme/web")).items.map((d: any) => d.id),
      [attached.id],
    );
    assert.deepEqual(
      (await list(ws, `?repository=${repo.id}`)).items.map((d: any) => d.id),
      [attached.id],
    );
    assert.equal((await list(ws)).items.length, 2);
    await expectError(await t.request("/api/v2/documents?repository=acme/none", { token: ws.token }), 404, "not_found");
  });
  test("archived documents are hidden unless archived=true, which lists them with the active ones", async () => {
    const ws = await t.workspace();
    const kept = await note(ws);
    const gone = await note(ws);
    assert.equal((await archive(ws, gone.id)).status, 200);
    assert.deepEqual(
      (await list(ws)).items.map((d: any) => d.id),
      [kept.id],
    );
    assert.deepEqual(
      (await list(ws, "?archived=false")).items.map((d: any) => d.id),
      [kept.id],
    );
    const all = await list(ws, "?archived=true");
    assert.deepEqual(
      all.items.map((d: any) => [d.id, d.archived]),
      [
        [gone.id, true],
        [kept.id, false],
      ],
    );
  });
  test("another workspace's documents are never listed", async () => {
    const a = await t.workspace();
    const b = await t.workspace();
    await note(a);
    assert.deepEqual((await list(b, "?archived=true")).items, []);
  });
});

describe("get_document", () => {
  test("200 with the document, archived ones too; 404 for unknown or another workspace's; 400 for a non-id", async () => {
    const ws = await t.workspace();
    const d = await note(ws);
    const res = await t.request(`/api/v2/documents/${d.id}`, { token: ws.token });
    assert.equal(res.status, 200);
    assert.deepEqual((await json(res)).document, d);
    await archive(ws, d.id);
    const after = await json(await t.request(`/api/v2/documents/${d.id}`, { token: ws.token }));
    assert.equal(after.document.archived, true);
    assert.ok(after.document.archivedAt);
    await expectError(await t.request("/api/v2/documents/999999999", { token: ws.token }), 404, "not_found");
    const other = await t.workspace();
    await expectError(await t.request(`/api/v2/documents/${d.id}`, { token: other.token }), 404, "not_found");
    await expectError(await t.request("/api/v2/documents/abc", { token: ws.token }), 400, "invalid_request");
  });
});

describe("archive_document", () => {
  let ws: TestWorkspace;
  before(async () => {
    ws = await t.workspace();
  });
  test("the creator (a member) archives their own document", async () => {
    const member = await ws.member();
    const d = await note(member);
    const res = await archive(member, d.id);
    assert.equal(res.status, 200);
    const body = await json(res);
    assert.equal(body.document.archived, true);
    assert.ok(Date.parse(body.document.archivedAt) > 0);
  });
  test("an admin archives a member's document", async () => {
    const member = await ws.member();
    const d = await note(member);
    assert.equal((await archive(ws, d.id)).status, 200);
  });
  test("403 forbidden for a member archiving another's document; nothing changes", async () => {
    const author = await ws.member();
    const other = await ws.member();
    const d = await note(author);
    await expectError(await archive(other, d.id), 403, "forbidden");
    const admins = await note(ws);
    await expectError(await archive(other, admins.id), 403, "forbidden");
    const still = await json(await t.request(`/api/v2/documents/${d.id}`, { token: ws.token }));
    assert.equal(still.document.archived, false);
  });
  test("archiving twice returns the archived document unchanged; identical content then makes a new document", async () => {
    const text = `again ${unique("")}`;
    const first = await json(await t.request("/api/v2/documents", { method: "POST", token: ws.token, json: { note: { text } } }));
    const a = await json(await archive(ws, first.document.id));
    const b = await archive(ws, first.document.id);
    assert.equal(b.status, 200);
    assert.equal((await json(b)).document.archivedAt, a.document.archivedAt);
    const fresh = await t.request("/api/v2/documents", { method: "POST", token: ws.token, json: { note: { text } } });
    assert.equal(fresh.status, 201);
    assert.notEqual((await json(fresh)).document.id, first.document.id);
  });
  test("404 for another workspace's document and for an unknown one", async () => {
    const d = await note(ws);
    const other = await t.workspace();
    await expectError(await archive(other, d.id), 404, "not_found");
    await expectError(await archive(ws, 987654321), 404, "not_found");
  });
});

describe("documents for runs", () => {
  test("active documents are returned with their content; archived ones are refused with 409 conflict", async () => {
    const ws = await t.workspace();
    const a = await note(ws);
    const res = await t.request("/api/v2/documents/uploads", {
      method: "POST",
      token: ws.token,
      json: { filename: "f.bin", contentType: "application/octet-stream" },
    });
    const { upload } = await json(res);
    const bytes = Buffer.from([0, 1, 2, 255]);
    assert.equal((await fetch(upload.url, { method: "PUT", body: bytes })).status, 200);
    const file = await json(await t.request("/api/v2/documents", { method: "POST", token: ws.token, json: { upload: { id: upload.id } } }));
    const docs = await documentsForRun(t.app.store, ws.id, [a.id, file.document.id]);
    assert.deepEqual(
      docs.map((d) => d.id),
      [a.id, file.document.id],
    );
    assert.match((await readDocumentContent(t.config.dataDir, ws.id, docs[0]!)).toString(), /^note /);
    assert.deepEqual(await readDocumentContent(t.config.dataDir, ws.id, docs[1]!), bytes);
    await archive(ws, a.id);
    await assert.rejects(documentsForRun(t.app.store, ws.id, [a.id, file.document.id]), (err: any) => {
      assert.equal(err.code, "conflict");
      assert.deepEqual(err.details.documents, [a.id]);
      return true;
    });
    const other = await t.workspace();
    await assert.rejects(documentsForRun(t.app.store, other.id, [file.document.id]), (err: any) => err.code === "not_found");
  });
});
