// The Redis side of the limiter: one ioredis client tuned to fail fast, and a counting script
// that refuses without counting, so a refused request consumes nothing, atomically across servers.
import { Redis } from "ioredis";
import { RateLimiterRedis } from "rate-limiter-flexible";
import type { BucketLimit } from "./buckets.ts";

// KEYS[1] counter; ARGV[1] points to add, ARGV[2] window seconds, ARGV[3] the bucket's limit.
// Returns {consumed, pttl}; a charge that does not fit reports what the total would have been
// (so the library rejects it) but leaves the stored count alone. A give-back (negative points)
// to a window that has already ended is dropped instead of opening the next window in credit.
const CHARGE_IF_FITS = `
local created = redis.call('set', KEYS[1], 0, 'EX', ARGV[2], 'NX')
local add = tonumber(ARGV[1])
local consumed = (tonumber(redis.call('get', KEYS[1])) or 0) + add
if add < 0 and created then
  consumed = 0
elseif add < 0 or consumed <= tonumber(ARGV[3]) then
  consumed = redis.call('incrby', KEYS[1], add)
end
local ttl = redis.call('pttl', KEYS[1])
if ttl == -1 then
  redis.call('expire', KEYS[1], ARGV[2])
  ttl = 1000 * ARGV[2]
end
return {consumed, ttl}
`;

export interface RedisClientOptions {
  /**
   * Called when the connection goes down (with the error) and when it is back: once per change,
   * not for every failed reconnect (those come every second during an outage).
   */
  onStateChange?: (state: "down" | "up", err?: Error) => void;
  /** A command not answered in this long fails (default 700 ms), so a hanging Redis reads as down. */
  commandTimeoutMs?: number;
}

/**
 * A client that never queues: while Redis is unreachable every command fails at once (or after
 * a short command timeout when the socket hangs), and it keeps reconnecting in the background.
 */
export function createRedisClient(url: string, options: RedisClientOptions = {}): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    connectTimeout: 1000,
    commandTimeout: options.commandTimeoutMs ?? 700,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(50 * times, 1000),
    lazyConnect: false,
  });
  // Without a listener ioredis reports every failed reconnect as an unhandled error event.
  let down = false;
  client.on("error", (err: Error) => {
    if (down) return;
    down = true;
    options.onStateChange?.("down", err);
  });
  client.on("ready", () => {
    if (!down) return;
    down = false;
    options.onStateChange?.("up");
  });
  return client;
}

export function createRedisBucket(client: Redis, keyPrefix: string, limit: BucketLimit): RateLimiterRedis {
  return new RateLimiterRedis({
    storeClient: client,
    keyPrefix,
    points: limit.points,
    duration: limit.durationSeconds,
    customIncrTtlLuaScript: CHARGE_IF_FITS,
    rejectIfRedisNotReady: true,
  });
}

/** Resolves on the client's first "ready", or after `ms` if Redis does not answer by then. */
export function firstConnection(client: Redis, ms: number): Promise<void> {
  if (client.status === "ready") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off("ready", done);
      client.off("end", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    client.once("ready", done);
    client.once("end", done);
  });
}

export async function closeRedisClient(client: Redis): Promise<void> {
  if (client.status === "ready") {
    try {
      await client.quit();
      return;
    } catch {
      // fall through: the connection died while quitting
    }
  }
  client.disconnect(false);
}
