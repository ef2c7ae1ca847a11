// The running service's shared parts: configuration, store, logger, rate limiter, git mirrors.
// One App per process; every adapter (REST, MCP, web, CLI admin) works through it.
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import pino, { type Logger } from "pino";
import type { Config } from "./config.ts";
import { MirrorPool } from "../platform/codehost/index.ts";
import { parseRateLimits } from "../platform/limits/buckets.ts";
import { createRateLimiter, type RateLimiter } from "../platform/limits/limiter.ts";
import { openStore, type Store } from "../platform/store/index.ts";

export interface App {
  config: Config;
  store: Store;
  log: Logger;
  limiter: RateLimiter;
  mirrors: MirrorPool;
  /** Server secret (HMAC for upload URLs, quotes); kept in the settings table so every instance shares it. */
  secret: Buffer;
  /** Tells this process's run worker (if it runs one) that a run was queued. */
  wakeWorkers(): void;
  /**
   * Environment that gives git the credentials of a repository's private remote (GIT_CONFIG_*), or
   * undefined for none; the connections capability's service plugs itself in here.
   */
  gitAuth(repositoryId: number): Promise<Record<string, string> | undefined>;
  /**
   * The base branch of pull request `number` as the code host of a connected repository names it, or
   * undefined when the repository is not connected (the connections capability plugs itself in here).
   * Throws the AppError of a host failure (409 repository_not_runnable, 502 upstream_error, 503).
   */
  pullRequestBase(workspaceId: number, repositoryId: number, number: number): Promise<string | undefined>;
  /**
   * Each repository's last complete review (run id, when it ended) for the repositories pages; the
   * runs capability, which sits above repositories, plugs itself in here. None until it does.
   */
  lastReviews(workspaceId: number, repositoryIds: number[]): Promise<Map<number, { run: number; at: string | null }>>;
  /** The clock behind quotes, months and run times; tests may replace it. */
  now(): Date;
  /** Background tasks register here so close() can stop them. */
  onClose(fn: () => Promise<void> | void): void;
  close(): Promise<void>;
}

export interface AppOptions {
  /** PostgreSQL schema (tests isolate themselves in fresh schemas). */
  schema?: string;
  logger?: Logger;
  /** Rate-limit key prefix (tests sharing one Redis keep apart). */
  rateLimitPrefix?: string;
}

/**
 * Tokens must never reach the logs: request lines carry no query string (a token sent there is
 * ignored but would otherwise be logged) and no headers; known secret fields are redacted.
 */
const logSafety = {
  serializers: {
    req: (req: { method?: string; url?: string; id?: string }) => ({ method: req.method, path: (req.url ?? "").split("?")[0], id: req.id }),
  },
  redact: { paths: ["headers.authorization", "authorization", "token", "*.token", "apiKey"], censor: "[redacted]" },
};

async function loadSecret(store: Store): Promise<Buffer> {
  const existing = await store.db.selectFrom("settings").select("value").where("key", "=", "secret").executeTakeFirst();
  if (existing) return Buffer.from(existing.value, "base64");
  const value = randomBytes(32).toString("base64");
  // Two instances starting together: the first insert wins and both read it back.
  await store.db
    .insertInto("settings")
    .values({ key: "secret", value })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await store.db.selectFrom("settings").select("value").where("key", "=", "secret").executeTakeFirstOrThrow();
  return Buffer.from(row.value, "base64");
}

export async function createApp(config: Config, opts: AppOptions = {}): Promise<App> {
  const limits = parseRateLimits(config.rateLimits);
  const log = (opts.logger ?? pino({ level: config.logLevel })).child({}, logSafety);
  const schema = opts.schema ?? config.dbSchema;
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, ...(schema ? { schema } : {}) });
  const secret = await loadSecret(store);
  const limiter = createRateLimiter({
    limits,
    ...(config.redisUrl ? { redisUrl: config.redisUrl, redisCommandTimeoutMs: config.redisCommandTimeoutMs } : {}),
    keyPrefix: opts.rateLimitPrefix ?? config.rateLimitPrefix,
    onRedisState: (state, err) =>
      state === "down"
        ? log.warn({ err: err?.message }, "rate limiter: redis is unreachable; reads go unlimited and changes are refused until it is back")
        : log.info("rate limiter: redis is back"),
  });
  const mirrors = new MirrorPool(join(config.dataDir, "mirrors"));
  const closers: Array<() => Promise<void> | void> = [];
  let closed = false;
  return {
    config,
    store,
    log,
    limiter,
    mirrors,
    secret,
    now: () => new Date(),
    wakeWorkers: () => {},
    gitAuth: async () => undefined,
    pullRequestBase: async () => undefined,
    lastReviews: async () => new Map(),
    onClose: (fn) => void closers.push(fn),
    async close() {
      if (closed) return;
      closed = true;
      for (const fn of closers.reverse()) await fn();
      await mirrors.closeAll();
      await limiter.close();
      await store.close();
    },
  };
}
