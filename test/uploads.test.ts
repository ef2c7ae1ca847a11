// Upload slots and the signed PUT: limits (exactly 50 MiB accepted, one byte more refused without a
// partial file), expiry, signatures, reuse, and the cleanup of expired slots and orphan files.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { cleanupUploads, maxUploadBytes, requestUpload, uploadUrl } from "../src/capabilities/documents/index.ts";
import { json, startTestServer, type TestServer, type TestWorkspace, expectError as expectErrorBody } from "./harness.ts";

let t: TestServer;
let ws: TestWorkspace;
before(async () => {
  t = await startTestServer({ env: { CRS_RATE_LIMITS: "documents=1000/10m,shared=1000/1m" } });
  ws = await t.workspace();
});
after(() => t.close());

async function slot(w: TestWorkspace = ws, body: unknown = { filename: "notes.md", contentType: "text/markdown" }) {
  const res = await t.request("/api/v2/documents/uploads", { method: "POST", token: w.token, json: body });
  assert.equal(res.status, 201, await res.clone().text());
  return (await json(res)).upload as { id: string; url: string; method: string; headers: Record<string, string>; expiresAt: string; maxBytes: number };
}

function put(url: string, body: BodyInit, headers: Record<string, string> = { "content-type": "text/markdown" }) {
  return fetch(url, { method: "PUT", body, headers, ...(body instanceof ReadableStream ? { duplex: "half" } : {}) } as RequestInit);
}

/** A chunked body of `size` zero bytes, produced from one 1 MiB buffer. */
function zeros(size: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(1024 * 1024);
  let left = size;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      const n = Math.min(left, chunk.length);
      controller.enqueue(n === chunk.length ? chunk : chunk.subarray(0, n));
      left -= n;
    },
  });
}

function uploadFiles(workspaceId: number): string[] {
  const dir = join(t.config.dataDir, "uploads", String(workspaceId));
  return existsSync(dir) ? readdirSync(dir) : [];
}

/** The shared check, and the request id in the body matches the X-Request-Id header. */
async function expectError(res: Response, status: number, code: string): Promise<any> {
  const body = await expectErrorBody(res, status, code);
  assert.equal(body.requestId, res.headers.get("x-request-id"));
  return body;
}

describe("request_document_upload", () => {
  test("201 with a signed PUT url, headers, an expiry 10 minutes ahead and maxBytes 52428800", async () => {
    const before = Date.now();
    const u = await slot();
    assert.match(u.id, /^upl_/);
    assert.equal(u.method, "PUT");
    assert.equal(u.maxBytes, 52428800);
    assert.deepEqual(u.headers, { "Content-Type": "text/markdown" });
    assert.ok(u.url.startsWith(`${t.url}/uploads/${ws.id}/${u.id}?expires=`));
    const ms = Date.parse(u.expiresAt) - before;
    assert.ok(ms > 9 * 60_000 && ms <= 10 * 60_000 + 1000, String(ms));
  });
  test("400 for a filename or contentType over 255 characters, empty, or not a MIME type", async () => {
    for (const body of [
      { filename: "a".repeat(256), contentType: "text/plain" },
      { filename: "", contentType: "text/plain" },
      { filename: "a.txt", contentType: `text/${"a".repeat(251)}` },
      { filename: "a.txt", contentType: "" },
      { filename: "a.txt", contentType: "not a mime type" },
      { filename: "a\nb.txt", contentType: "text/plain" },
      { filename: "a.txt" },
    ]) {
      const res = await t.request("/api/v2/documents/uploads", { method: "POST", token: ws.token, json: body });
      const err = await expectError(res, 400, "invalid_request");
      assert.ok(err.error.details.issues.length > 0);
    }
    const ok = await t.request("/api/v2/documents/uploads", {
      method: "POST",
      token: ws.token,
      json: { filename: "a".repeat(255), contentType: `text/${"a".repeat(250)}` },
    });
    assert.equal(ok.status, 201);
  });
  test("charges the documents bucket: X-RateLimit-* report it, 429 with details.bucket documents when used up", async () => {
    const s = await startTestServer({ env: { CRS_RATE_LIMITS: "documents=2/10m" } });
    try {
      const w = await s.workspace();
      const call = () => s.request("/api/v2/documents/uploads", { method: "POST", token: w.token, json: { filename: "a.txt", contentType: "text/plain" } });
      const first = await call();
      assert.equal(first.status, 201);
      assert.equal(first.headers.get("x-ratelimit-limit"), "2");
      assert.equal(first.headers.get("x-ratelimit-remaining"), "1");
      assert.ok(Number(first.headers.get("x-ratelimit-reset")) > 0);
      assert.equal((await call()).status, 201);
      const third = await call();
      const body = await expectError(third, 429, "rate_limited");
      assert.equal(body.error.details.bucket, "documents");
      assert.ok(Number(third.headers.get("retry-after")) > 0);
    } finally {
      await s.close();
    }
  });
  test("also charges the shared limit: 429 with details.bucket shared when it is used up first", async () => {
    const s = await startTestServer({ env: { CRS_RATE_LIMITS: "shared=1/1m" } });
    try {
      const w = await s.workspace();
      const call = () => s.request("/api/v2/documents/uploads", { method: "POST", token: w.token, json: { filename: "a.txt", contentType: "text/plain" } });
      assert.equal((await call()).status, 201);
      const body = await expectError(await call(), 429, "rate_limited");
      assert.equal(body.error.details.bucket, "shared");
    } finally {
      await s.close();
    }
  });
});

describe("PUT to the upload url", () => {
  test("200 with size and SHA-256; no Authorization header needed, any content type", async () => {
    const u = await slot();
    const res = await put(u.url, "# hello\n", { "content-type": "application/x-anything" });
    assert.equal(res.status, 200);
    const body = await json(res);
    assert.equal(body.upload.id, u.id);
    assert.equal(body.upload.sizeBytes, 8);
    assert.equal(body.upload.sha256, createHash("sha256").update("# hello\n").digest("hex"));
  });
  test("a body of exactly 50 MiB is accepted", async () => {
    const u = await slot();
    const res = await put(u.url, zeros(maxUploadBytes), { "content-type": "application/octet-stream" });
    const body = await json(res);
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(body.upload.sizeBytes, 52428800);
  });
  test("413 payload_too_large (limitBytes 52428800) for a streamed 50 MiB + 1 byte body, no partial file kept", async () => {
    const w = await t.workspace();
    const u = await slot(w);
    const res = await put(u.url, zeros(maxUploadBytes + 1), { "content-type": "application/octet-stream" });
    const body = await expectError(res, 413, "payload_too_large");
    assert.equal(body.error.details.limitBytes, 52428800);
    assert.deepEqual(uploadFiles(w.id), []);
    // The slot was not spent: a file within the limit can still be uploaded to it.
    assert.equal((await put(u.url, "small")).status, 200);
  });
  test("413 at once for a Content-Length over 50 MiB", async () => {
    const w = await t.workspace();
    const u = await slot(w);
    const res = await put(u.url, new Uint8Array(maxUploadBytes + 1), { "content-type": "application/octet-stream" });
    const body = await expectError(res, 413, "payload_too_large");
    assert.equal(body.error.details.limitBytes, 52428800);
    assert.deepEqual(uploadFiles(w.id), []);
  });
  test("409 conflict for a second PUT to a used slot", async () => {
    const u = await slot();
    assert.equal((await put(u.url, "one")).status, 200);
    await expectError(await put(u.url, "two"), 409, "conflict");
  });
  test("403 forbidden (reason bad_signature) for a changed signature, expiry, slot or workspace", async () => {
    const u = await slot();
    const url = new URL(u.url);
    const sig = url.searchParams.get("signature")!;
    const variants = [
      u.url.replace(`signature=${sig}`, `signature=${sig.slice(0, -2)}${sig.endsWith("AA") ? "BB" : "AA"}`),
      u.url.replace(/expires=(\d+)/, (_, e) => `expires=${Number(e) + 60}`),
      u.url.replace(`/uploads/${ws.id}/`, `/uploads/${ws.id + 1000}/`),
      u.url.replace(`signature=${sig}`, ""),
      u.url.split("?")[0]!,
    ];
    for (const v of variants) {
      const body = await expectError(await put(v, "x"), 403, "forbidden");
      assert.equal(body.error.details.reason, "bad_signature", v);
    }
    // The slot is untouched by the refused attempts.
    assert.equal((await put(u.url, "x")).status, 200);
  });
  test("403 bad_signature for other spellings of a valid signature, expiry or workspace: one canonical form only", async () => {
    const u = await slot();
    const url = new URL(u.url);
    const sig = url.searchParams.get("signature")!;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    // The last of 43 characters carries 4 bits of the MAC and 2 spare bits: flipping a spare bit
    // decodes to the same bytes.
    const spare = sig.slice(0, -1) + alphabet[alphabet.indexOf(sig.at(-1)!) ^ 1];
    assert.deepEqual(Buffer.from(spare, "base64url"), Buffer.from(sig, "base64url"));
    const variants = [
      u.url.replace(`signature=${sig}`, `signature=${spare}`),
      u.url.replace(`signature=${sig}`, `signature=${sig}%3D`),
      u.url.replace(`signature=${sig}`, `signature=${sig.replaceAll("-", "+").replaceAll("_", "/").replaceAll("+", "%2B").replaceAll("/", "%2F")}`),
      u.url.replace(`signature=${sig}`, `signature=${sig.slice(0, 10)}.${sig.slice(10)}`),
      u.url.replace(/expires=(\d+)/, "expires=0$1"),
      u.url.replace(`/uploads/${ws.id}/`, `/uploads/0${ws.id}/`),
      `${u.url}&signature=${sig}`,
    ];
    for (const v of variants) {
      if (v === u.url) continue; // a signature with neither - nor _ has no +/ spelling
      const body = await expectError(await put(v, "x"), 403, "forbidden");
      assert.equal(body.error.details.reason, "bad_signature", v);
    }
    assert.equal((await put(u.url, "x")).status, 200);
  });
  test("403 forbidden (reason expired) for a slot past its 10 minutes", async () => {
    const old = await requestUpload(
      t.app.store,
      { secret: t.app.secret, baseUrl: t.url },
      { workspaceId: ws.id, userId: ws.userId, filename: "a.txt", contentType: "text/plain" },
      new Date(Date.now() - 11 * 60_000),
    );
    const body = await expectError(await put(old.url, "late"), 403, "forbidden");
    assert.equal(body.error.details.reason, "expired");
    // Even with a freshly signed URL, the slot row itself has expired.
    const resigned = uploadUrl(t.url, t.app.secret, ws.id, old.id, Math.floor(Date.now() / 1000) + 600);
    const again = await expectError(await put(resigned, "late"), 403, "forbidden");
    assert.equal(again.error.details.reason, "expired");
  });
  test("404 for a validly signed URL of a slot that does not exist", async () => {
    const url = uploadUrl(t.url, t.app.secret, ws.id, "upl_" + "A".repeat(22), Math.floor(Date.now() / 1000) + 600);
    await expectError(await put(url, "x"), 404, "not_found");
  });
  test("400 for an empty body; the slot stays usable", async () => {
    const u = await slot();
    await expectError(await put(u.url, ""), 400, "invalid_request");
    assert.equal((await put(u.url, "now")).status, 200);
  });
  test("a client that gives up mid-upload leaves no file, and the slot can be used again", async () => {
    const w = await t.workspace();
    const u = await slot(w);
    const state = async () =>
      (await t.app.store.db.selectFrom("document_uploads").select("state").where("workspace_id", "=", w.id).where("id", "=", u.id).executeTakeFirstOrThrow())
        .state;
    const until = async (wanted: string) => {
      while ((await state()) !== wanted) await new Promise((r) => setTimeout(r, 20));
    };
    const controller = new AbortController();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(c) {
        if (sent === 4) {
          await until("uploading"); // the server is writing this upload: now give up
          controller.abort();
          return;
        }
        sent++;
        c.enqueue(new Uint8Array(256 * 1024));
      },
    });
    await assert.rejects(fetch(u.url, { method: "PUT", body, signal: controller.signal, duplex: "half" } as RequestInit));
    // The server notices the broken connection on its own schedule: wait for the slot to be released.
    await until("pending");
    assert.deepEqual(uploadFiles(w.id), []);
    assert.equal((await put(u.url, "retry")).status, 200);
  });
  test("405 with Allow: PUT for another method on an upload url", async () => {
    const u = await slot();
    const res = await fetch(u.url);
    await expectError(res, 405, "method_not_allowed");
    assert.equal(res.headers.get("allow"), "PUT");
  });
  test("the API keeps its rules: 415 for a non-JSON body under /api/v2", async () => {
    const res = await t.request("/api/v2/documents/uploads", { method: "POST", token: ws.token, headers: { "content-type": "text/plain" }, body: "hi" });
    await expectError(res, 415, "unsupported_media_type");
  });
});

describe("cleanup", () => {
  test("removes expired unused slots, uploaded files nobody used and orphan files; keeps live ones", async () => {
    const w = await t.workspace();
    const store = t.app.store;
    const opts = { secret: t.app.secret, baseUrl: t.url };
    const input = { workspaceId: w.id, userId: w.userId, filename: "a.txt", contentType: "text/plain" };
    const stale = await requestUpload(store, opts, input, new Date(Date.now() - 3 * 3600_000));
    const fresh = await slot(w);
    assert.equal((await put(fresh.url, "fresh")).status, 200);
    const uploadedOld = await slot(w);
    assert.equal((await put(uploadedOld.url, "old")).status, 200);
    await store.db
      .updateTable("document_uploads")
      .set({ expires_at: new Date(Date.now() - 3 * 3600_000).toISOString() })
      .where("workspace_id", "=", w.id)
      .where("id", "=", uploadedOld.id)
      .execute();
    const dir = join(t.config.dataDir, "uploads", String(w.id));
    mkdirSync(dir, { recursive: true });
    const orphan = join(dir, "upl_BBBBBBBBBBBBBBBBBBBBBB.abc.part");
    writeFileSync(orphan, "partial");
    const past = new Date(Date.now() - 2 * 3600_000);
    utimesSync(orphan, past, past);
    utimesSync(join(dir, fresh.id), past, past);

    // A stored document's file stays; a stored file no document refers to goes.
    const kept = await slot(w);
    assert.equal((await put(kept.url, "kept content")).status, 200);
    assert.equal((await t.request("/api/v2/documents", { method: "POST", token: w.token, json: { upload: { id: kept.id } } })).status, 201);
    const contentDir = join(t.config.dataDir, "documents", String(w.id));
    const keptFile = join(contentDir, createHash("sha256").update("kept content").digest("hex"));
    const strayFile = join(contentDir, "f".repeat(64));
    writeFileSync(strayFile, "stray");
    utimesSync(keptFile, past, past);
    utimesSync(strayFile, past, past);

    // The server's own periodic cleanup may run at the same moment and take some of the work, so
    // the counts of this call are not asserted; the end state is, and a second pass finds nothing.
    await cleanupUploads(store, t.config.dataDir);
    assert.deepEqual(await cleanupUploads(store, t.config.dataDir), { slots: 0, files: 0 });
    const ids = (await store.db.selectFrom("document_uploads").select("id").where("workspace_id", "=", w.id).execute()).map((x) => x.id);
    assert.ok(!ids.includes(stale.id));
    assert.ok(!ids.includes(uploadedOld.id));
    assert.ok(ids.includes(fresh.id));
    assert.deepEqual(uploadFiles(w.id), [fresh.id]);
    assert.deepEqual(readdirSync(contentDir), [keptFile.slice(contentDir.length + 1)]);
  });
});
