// Test helpers for the limiter suites: a TCP proxy that stands in for "Redis went away" without
// touching the real Redis server other test processes share, and a deadline-bounded poll.
import net from "node:net";
import { randomBytes } from "node:crypto";
import assert from "node:assert/strict";
import { AppError } from "../../kernel/errors.ts";

export function randomPrefix(): string {
  return `crs-test:${randomBytes(6).toString("hex")}`;
}

export async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function rejectsWith(promise: Promise<unknown>, code: string): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof AppError, `expected AppError ${code}, got ${String(err)}`);
    assert.equal(err.code, code);
    return err;
  }
  assert.fail(`expected AppError ${code}, but the promise resolved`);
}

export interface TcpProxy {
  port: number;
  /** Stops listening and cuts every open connection, like a Redis that died. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** Keeps connections open but stops passing the client's bytes on, like a hung Redis. */
  freeze(): void;
  thaw(): void;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const clients = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        for (const sock of [client, upstream]) {
          sockets.add(sock);
          sock.on("close", () => sockets.delete(sock));
          sock.on("error", () => undefined);
        }
        clients.add(client);
        client.on("close", () => clients.delete(client));
        client.pipe(upstream).pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    async stop() {
      const s = server;
      server = undefined;
      for (const sock of sockets) sock.destroy();
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    start: listen,
    freeze() {
      for (const c of clients) c.unpipe();
    },
    thaw() {
      // Everything sent while frozen is lost, so start afresh, as after a Redis restart.
      for (const c of clients) c.destroy();
    },
  };
}
