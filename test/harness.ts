// The test harness: a real in-process server (Fastify listening on a port) over a real store,
// SQLite in a temp dir by default and a fresh PostgreSQL database when DATABASE_URL is set, plus
// factories for users, workspaces and keys. No part of crs is mocked.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import type { FastifyInstance } from "fastify";
import { createApp, type App } from "../src/kernel/app.ts";
import { loadConfig, type Config } from "../src/kernel/config.ts";
import * as accounts from "../src/capabilities/identity/index.ts";
import type { Scope } from "../src/kernel/scopes.ts";
import { scopes as allScopes } from "../src/kernel/scopes.ts";
import { startServer } from "../src/server/serve.ts";
import { openStore, type Store } from "../src/platform/store/index.ts";
import { dropDatabase, freshDatabase } from "./pg-template.ts";
import "./child-env.ts";

export interface TestServer {
  app: App;
  server: FastifyInstance;
  url: string;
  config: Config;
  /** The PostgreSQL schema this server's store uses, and its database's URL (undefined on SQLite). */
  schema: string | undefined;
  databaseUrl: string | undefined;
  /** fetch against the server; `token` sets the Authorization header. */
  request(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
  /** A workspace with an admin and an all-scope key, ready to call the API. */
  workspace(opts?: { slug?: string; role?: "admin" | "member"; scopes?: Scope[] }): Promise<TestWorkspace>;
  close(): Promise<void>;
}

export interface TestWorkspace {
  id: number;
  slug: string;
  userId: number;
  username: string;
  token: string;
  keyId: number;
  /** Another user in the same workspace, with their own all-scope key. */
  member(opts?: {
    role?: "admin" | "member";
    scopes?: Scope[];
    username?: string;
  }): Promise<{ userId: number; username: string; email: string; token: string; keyId: number }>;
}

export const usingPostgres = Boolean(process.env.DATABASE_URL);

let counter = 0;
export function unique(prefix: string): string {
  return `${prefix}${process.pid}x${++counter}x${randomBytes(3).toString("hex")}`;
}

export interface StartOptions {
  /**
   * CRS_DB_SCHEMA (with DATABASE_URL) names a store another owner made and removes; DATABASE_URL alone
   * (a proxy, say) is the address the server reaches its fresh database through.
   */
  env?: Record<string, string>;
  /** Keep a given data dir (e.g. to share it with a CLI process). */
  dataDir?: string;
  /** Rate-limit key prefix (default: unique per server); servers given the same one share counts in Redis. */
  rateLimitPrefix?: string;
  /** Use another test server's store (data dir and PostgreSQL database); that server owns and removes it. */
  sameStoreAs?: TestServer;
  /** Where the server's log lines go (default: pino's stdout, silent unless CRS_LOG_LEVEL says otherwise). */
  logStream?: { write(line: string): void };
}

export async function startTestServer(opts: StartOptions = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? opts.sameStoreAs?.config.dataDir ?? mkdtempSync(join(tmpdir(), "crs-test-"));
  const ownsStore = !opts.sameStoreAs;
  const given = opts.sameStoreAs ?? (opts.env?.CRS_DB_SCHEMA ? { schema: opts.env.CRS_DB_SCHEMA, databaseUrl: opts.env.DATABASE_URL } : undefined);
  const schema = given ? given.schema : usingPostgres ? unique("t_") : undefined;
  const databaseUrl = given ? given.databaseUrl : schema ? await freshDatabase(schema, opts.env?.DATABASE_URL) : undefined;
  const env: Record<string, string | undefined> = {
    CRS_DATA_DIR: dataDir,
    REDIS_URL: process.env.REDIS_URL,
    PORT: "0",
    CRS_LOG_LEVEL: "silent",
    CRS_SYNC_INTERVAL_SECONDS: "0",
    // Runs stay queued unless a test asks for a worker (CRS_WORKER_IN_PROCESS: "on").
    CRS_WORKER_IN_PROCESS: "off",
    CRS_WORKER_THREADS: "1",
    ...opts.env,
    DATABASE_URL: databaseUrl,
  };
  const config = loadConfig(env as NodeJS.ProcessEnv);
  const app = await createApp(config, {
    ...(schema ? { schema } : {}),
    logger: opts.logStream ? pino({ level: config.logLevel }, opts.logStream) : pino({ level: config.logLevel }),
    rateLimitPrefix: opts.rateLimitPrefix ?? unique("crs:test:"),
  });
  const server = await startServer(app);
  await server.listen({ port: 0, host: "127.0.0.1" });
  const address = server.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  config.baseUrl = url;

  async function request(path: string, init: RequestInit & { token?: string; json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (init.token) headers.set("authorization", `Bearer ${init.token}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    return fetch(url + path, { ...init, headers, body: body ?? null });
  }

  async function workspace(o: { slug?: string; role?: "admin" | "member"; scopes?: Scope[] } = {}): Promise<TestWorkspace> {
    const ws = await accounts.createWorkspace(app.store, o.slug ?? unique("ws-").toLowerCase());
    const makeMember = async (m: { role?: "admin" | "member"; scopes?: Scope[]; username?: string } = {}) => {
      const username = m.username ?? unique("user");
      const user = await accounts.createUser(app.store, { username, email: `${unique("u")}@example.test` });
      await accounts.addMember(app.store, ws.id, user.id, m.role ?? "member");
      const key = await accounts.createApiKey(app.store, { workspaceId: ws.id, userId: user.id, scopes: m.scopes ?? [...allScopes] });
      return { userId: user.id, username, email: user.email, token: key.token, keyId: key.id };
    };
    const first = await makeMember({ role: o.role ?? "admin", ...(o.scopes ? { scopes: o.scopes } : {}) });
    return { id: ws.id, slug: ws.slug, userId: first.userId, username: first.username, token: first.token, keyId: first.keyId, member: makeMember };
  }

  return {
    app,
    server,
    url,
    config,
    schema,
    databaseUrl,
    request,
    workspace,
    async close() {
      await server.close();
      await app.close();
      if (databaseUrl && !given) await dropDatabase(databaseUrl).catch(() => {});
      if (!opts.dataDir && ownsStore) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A migrated store of its own (temp dir, or a fresh PostgreSQL database) that no server uses: for tests
 * that count what one call of a maintenance function does, which a server's periodic services on the
 * same store could share. close() removes it.
 */
export async function openTestStore(): Promise<{ store: Store; dataDir: string; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), "crs-store-"));
  const schema = usingPostgres ? unique("s_") : undefined;
  const databaseUrl = schema ? await freshDatabase(schema) : undefined;
  const store = await openStore({ dataDir, databaseUrl, ...(schema ? { schema } : {}) });
  return {
    store,
    dataDir,
    async close() {
      await store.close();
      if (databaseUrl) await dropDatabase(databaseUrl).catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function json<T = any>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** Asserts an error answer's status and error code; returns its body for further checks. */
export async function expectError(res: Response, status: number, code: string): Promise<any> {
  const body = await json(res);
  assert.equal(res.status, status, JSON.stringify(body));
  assert.equal(body.error.code, code);
  return body;
}

/** Polls until `check` holds (the scheduler works in the background); fails after 20 s. */
export async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const v = await read();
    if (check(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not reached; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
