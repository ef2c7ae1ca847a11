// How a streamed upload ends when something breaks, on a store of its own: the size limit wins over
// the writes it cut short, a body that breaks is the client's 400 (413 once over the limit), a disk
// that refuses the bytes is a 503. None is a 500, and none keeps a file or the slot.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { after, before, test } from "node:test";
import * as accounts from "../src/capabilities/identity/index.ts";
import { maxUploadBytes, receiveUpload, requestUpload } from "../src/capabilities/documents/index.ts";
import { AppError } from "../src/kernel/errors.ts";
import { openTestStore } from "./harness.ts";

let own: Awaited<ReturnType<typeof openTestStore>>;
let userId: number;
before(async () => {
  own = await openTestStore();
  userId = (await accounts.createUser(own.store, { username: "uploader", email: "uploader@example.test" })).id;
});
after(() => own.close());

/** A fresh workspace and an upload slot in it. */
async function slot(): Promise<{ workspaceId: number; id: string }> {
  const w = await accounts.createWorkspace(own.store, `up-${randomBytes(4).toString("hex")}`);
  const u = await requestUpload(
    own.store,
    { secret: randomBytes(32), baseUrl: "http://127.0.0.1:1" },
    { workspaceId: w.id, userId, filename: "a.bin", contentType: "application/octet-stream" },
  );
  return { workspaceId: w.id, id: u.id };
}

/**
 * A body that gives `pieces`, then breaks as a request does when its client goes away. Like a request,
 * it tells the error to its reader and crashes nothing.
 */
function breaksAfter(pieces: Buffer[]): Readable {
  let next = 0;
  const body = new Readable({
    read() {
      if (next < pieces.length) this.push(pieces[next++]);
      else this.destroy(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
    },
  });
  body.on("error", () => {});
  return body;
}

/** The error receiveUpload ends with, the files left in the slot's folder and the slot's state. */
async function failure(s: { workspaceId: number; id: string }, body: Readable) {
  const err = await receiveUpload(own.store, own.dataDir, s.workspaceId, s.id, body).then(
    () => assert.fail("the upload was accepted"),
    (e: unknown) => e,
  );
  assert.ok(err instanceof AppError, `an AppError, not ${String(err)}`);
  const dir = join(own.dataDir, "uploads", String(s.workspaceId));
  const files = existsSync(dir) ? readdirSync(dir) : [];
  const { state } = await own.store.db
    .selectFrom("document_uploads")
    .select("state")
    .where("workspace_id", "=", s.workspaceId)
    .where("id", "=", s.id)
    .executeTakeFirstOrThrow();
  return { code: err.code, status: err.status, files, state };
}

const mib = Buffer.alloc(1024 * 1024);

test("a body that crosses the limit right after a small write still in flight is 413 payload_too_large", async () => {
  // The small piece's write is still running when the next piece goes over the limit and the file
  // is destroyed; that write then fails, and used to be answered as a 500.
  async function* pieces() {
    for (let i = 0; i < 49; i++) yield mib;
    yield Buffer.alloc(mib.length - 1000);
    yield Buffer.alloc(1000);
    yield Buffer.alloc(1);
    // The end of the body comes a little later, as over a network: by then that write has failed.
    await new Promise((r) => setTimeout(r, 100));
    yield Buffer.alloc(1);
  }
  const s = await slot();
  assert.deepEqual(await failure(s, Readable.from(pieces(), { objectMode: false })), { code: "payload_too_large", status: 413, files: [], state: "pending" });
  assert.equal(49 * mib.length + (mib.length - 1000) + 1000 + 1, maxUploadBytes + 1, "the piece after the small one goes over");
});

test("a body the client aborts midway is 400 invalid_request, with no partial file and the slot free again", async () => {
  const s = await slot();
  assert.deepEqual(await failure(s, breaksAfter([Buffer.alloc(64 * 1024)])), { code: "invalid_request", status: 400, files: [], state: "pending" });
});

test("a body that breaks after going over the limit is 413 payload_too_large", async () => {
  const s = await slot();
  assert.deepEqual(await failure(s, breaksAfter(Array(51).fill(mib))), { code: "payload_too_large", status: 413, files: [], state: "pending" });
});

test("a disk that refuses the file is 503 platform_unavailable and the slot stays usable", async () => {
  const s = await slot();
  // The workspace's uploads folder cannot be made: a file holds its name.
  mkdirSync(join(own.dataDir, "uploads"), { recursive: true });
  writeFileSync(join(own.dataDir, "uploads", String(s.workspaceId)), "not a folder");
  const err = await receiveUpload(own.store, own.dataDir, s.workspaceId, s.id, Readable.from([Buffer.from("hello")])).catch((e: unknown) => e);
  assert.ok(err instanceof AppError);
  assert.equal(err.code, "platform_unavailable");
  assert.equal(err.status, 503);
  const { state } = await own.store.db.selectFrom("document_uploads").select("state").where("id", "=", s.id).executeTakeFirstOrThrow();
  assert.equal(state, "pending");
});
