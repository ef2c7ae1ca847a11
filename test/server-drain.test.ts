// Closing the server waits for handlers still running after their client went away, so the store
// they read is still open (and a benchmark's schema still there) until they end; on whichever store
// DATABASE_URL names. The route is the test's own, registered on the real server as a plugin.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import { buildServer } from "../src/server/http.ts";
import { startTestServer, type TestServer } from "./harness.ts";

let t: TestServer;
before(async () => {
  t = await startTestServer();
});
after(() => t.close());

describe("closing the server", () => {
  test("close() resolves only after a handler whose client left has finished reading the store", async () => {
    const order: string[] = [];
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const server: FastifyInstance = await buildServer(t.app, {
      operations: [],
      plugins: [
        (s) =>
          s.get("/slow", async () => {
            entered();
            await gate;
            const row = await t.app.store.db.selectFrom("settings").select("key").where("key", "=", "secret").executeTakeFirst();
            order.push(row ? "handler read the store" : "handler found nothing");
            return { ok: true };
          }),
      ],
    });
    const url = await server.listen({ port: 0, host: "127.0.0.1" });
    const client = new AbortController();
    const request = fetch(`${url}/slow`, { signal: client.signal }).catch(() => "client went away");
    await inHandler;
    client.abort();
    assert.equal(await request, "client went away");
    const closing = server.close().then(() => order.push("server closed"));
    // Time enough for a close that does not wait to finish first (it would, without the drain).
    await sleep(200);
    release();
    await closing;
    assert.deepEqual(order, ["handler read the store", "server closed"]);
  });

  test("with nothing running, close() does not wait", async () => {
    const server = await buildServer(t.app, { operations: [] });
    const url = await server.listen({ port: 0, host: "127.0.0.1" });
    assert.equal((await fetch(`${url}/healthz`)).status, 200);
    await server.close();
    assert.equal(server.server.listening, false);
  });
});
