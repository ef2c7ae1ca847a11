// Bodies that stop arriving are cut after the idle timeout (CRS_BODY_IDLE_TIMEOUT_MS), and uploads a
// dead process left `uploading` are recovered: the slot is usable again, no partial file stays.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { randomBytes } from "node:crypto";
import * as accounts from "../src/capabilities/identity/index.ts";
import { recoverUploads, requestUpload } from "../src/capabilities/documents/index.ts";
import type { Store } from "../src/platform/store/index.ts";
import { json, openTestStore, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";

let t: TestServer;
let ws: TestWorkspace;
before(async () => {
  t = await startTestServer({ env: { CRS_BODY_IDLE_TIMEOUT_MS: "300" } });
  ws = await t.workspace();
});
after(() => t.close());

async function slot(w: TestWorkspace = ws) {
  const res = await t.request("/api/v2/documents/uploads", { method: "POST", token: w.token, json: { filename: "a.md", contentType: "text/markdown" } });
  assert.equal(res.status, 201);
  return (await json(res)).upload as { id: string; url: string };
}

const stateOf = async (w: TestWorkspace, id: string) =>
  (await t.app.store.db.selectFrom("document_uploads").select("state").where("workspace_id", "=", w.id).where("id", "=", id).executeTakeFirstOrThrow()).state;

const files = (w: TestWorkspace) => {
  const dir = join(t.config.dataDir, "uploads", String(w.id));
  return existsSync(dir) ? readdirSync(dir) : [];
};

async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    assert.ok(Date.now() < deadline, "condition not reached");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Sends a request head and part of its body over a raw socket, then stalls; resolves when the server closes it. */
function stall(method: string, path: string, headers: Record<string, string>, declared: number, sent: number): Promise<string> {
  const url = new URL(t.url);
  return new Promise((resolve, reject) => {
    const s = connect(Number(url.port), url.hostname, () => {
      const head = Object.entries({ host: url.host, "content-length": String(declared), ...headers })
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join("");
      s.write(`${method} ${path} HTTP/1.1\r\n${head}\r\n`);
      s.write(Buffer.alloc(sent, 0x61));
    });
    let answer = "";
    s.on("data", (d) => (answer += d));
    s.on("close", () => resolve(answer));
    s.on("error", reject);
  });
}

describe("stalled bodies", () => {
  test("a PUT whose body stops arriving is cut; the slot is usable again and no partial file stays", async () => {
    const w = await t.workspace();
    const u = await slot(w);
    const url = new URL(u.url);
    await stall("PUT", url.pathname + url.search, { "content-type": "text/markdown" }, 10_000, 1000);
    await until(async () => (await stateOf(w, u.id)) === "pending");
    assert.deepEqual(files(w), []);
    const ok = await fetch(u.url, { method: "PUT", body: "complete", headers: { "content-type": "text/markdown" } });
    assert.equal(ok.status, 200);
    assert.equal(await stateOf(w, u.id), "uploaded");
  });

  test("a JSON body that stops arriving is cut and changes nothing", async () => {
    const before = (await t.app.store.db.selectFrom("documents").select("id").execute()).length;
    await stall("POST", "/api/v2/documents", { authorization: `Bearer ${ws.token}`, "content-type": "application/json" }, 200, 20);
    assert.equal((await t.app.store.db.selectFrom("documents").select("id").execute()).length, before);
    assert.equal((await t.request("/api/v2/me", { token: ws.token })).status, 200);
  });

  test("a slow upload that keeps sending is not cut: the timeout is for silence, not for the whole body", async () => {
    const u = await slot();
    // Ten pieces 50 ms apart: the whole body takes longer than the 300 ms idle timeout, while each
    // silence stays far below it even when this busy process is late to send the next piece.
    let n = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(c) {
        if (n++ === 10) return c.close();
        await new Promise((r) => setTimeout(r, 50));
        c.enqueue(new TextEncoder().encode("slow but steady\n"));
      },
    });
    const res = await fetch(u.url, { method: "PUT", body, headers: { "content-type": "text/markdown" }, duplex: "half" } as RequestInit);
    assert.equal(res.status, 200);
    assert.equal((await json(res)).upload.sizeBytes, 10 * 16);
  });
});

describe("recovery of uploads a dead process left behind", () => {
  /** An upload slot left `uploading` with a partial file of the given age (none for null). */
  async function stuck(
    w: { id: number },
    partialAgeMs: number | null,
    where: { store: Store; dataDir: string; slot: () => Promise<{ id: string }> } = {
      store: t.app.store,
      dataDir: t.config.dataDir,
      slot: () => slot(w as TestWorkspace),
    },
  ) {
    const u = await where.slot();
    await where.store.db.updateTable("document_uploads").set({ state: "uploading" }).where("workspace_id", "=", w.id).where("id", "=", u.id).execute();
    const dir = join(where.dataDir, "uploads", String(w.id));
    mkdirSync(dir, { recursive: true });
    const part = join(dir, `${u.id}.0123456789ab.part`);
    if (partialAgeMs !== null) {
      writeFileSync(part, "partial");
      const when = new Date(Date.now() - partialAgeMs);
      utimesSync(part, when, when);
    }
    return { id: u.id, part };
  }

  test("stale partial files are removed and their slots return to pending; a live upload is left alone", async () => {
    // Counted on a store no server runs on: the test server's own recovery (at start, after twice its
    // 300 ms idle timeout, every few seconds) would otherwise share the work, and take the live slot.
    const own = await openTestStore();
    try {
      const w = await accounts.createWorkspace(own.store, "recovery");
      const user = await accounts.createUser(own.store, { username: "uploader", email: "uploader@example.test" });
      const newSlot = () =>
        requestUpload(
          own.store,
          { secret: randomBytes(32), baseUrl: "http://127.0.0.1:1" },
          { workspaceId: w.id, userId: user.id, filename: "a.md", contentType: "text/markdown" },
        );
      const stuckIn = (partialAgeMs: number | null) => stuck({ id: w.id }, partialAgeMs, { store: own.store, dataDir: own.dataDir, slot: newSlot });
      const dead = await stuckIn(10_000);
      const noFile = await stuckIn(null);
      const live = await stuckIn(0);
      assert.equal(await recoverUploads(own.store, own.dataDir, 5_000), 2);
      const stateIn = async (id: string) =>
        (await own.store.db.selectFrom("document_uploads").select("state").where("workspace_id", "=", w.id).where("id", "=", id).executeTakeFirstOrThrow())
          .state;
      assert.equal(await stateIn(dead.id), "pending");
      assert.equal(await stateIn(noFile.id), "pending");
      assert.equal(existsSync(dead.part), false);
      assert.equal(await stateIn(live.id), "uploading");
      assert.equal(existsSync(live.part), true);
      assert.equal(await recoverUploads(own.store, own.dataDir, 5_000), 0);
    } finally {
      await own.close();
    }
  });

  test("a restarted server recovers them at once, without waiting for the periodic cleanup", async () => {
    const w = await t.workspace();
    const dead = await stuck(w, 10_000);
    const again = await startTestServer({ sameStoreAs: t, env: { CRS_BODY_IDLE_TIMEOUT_MS: "300" } });
    try {
      await until(async () => (await stateOf(w, dead.id)) === "pending");
      assert.equal(existsSync(dead.part), false);
    } finally {
      await again.close();
    }
  });
});
