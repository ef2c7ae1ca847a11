// Rate limiter used by the one request pipeline (REST, MCP, CLI via REST, web actions).
// Memory by default; Redis when a URL is given so several servers share the counts.
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { AppError } from "../../kernel/errors.ts";
import { BUCKETS, failsClosed } from "./buckets.ts";
import type { Bucket, Limits } from "./buckets.ts";
import { closeRedisClient, createRedisBucket, createRedisClient, firstConnection } from "./redis-store.ts";

export interface Charge {
  bucket: Bucket;
  /** The bucket's budget per window. */
  limit: number;
  /** Points left in the current window after this charge. */
  remaining: number;
  /** Seconds until the current window resets. */
  resetSeconds: number;
}

export interface ChargeItem {
  bucket: Bucket;
  /** User id for user buckets, client IP address for `ip`. */
  key: string;
  points?: number;
}

export interface RateLimiter {
  /**
   * Counts `points` (default 1) against `key` in `bucket`. Returns the charge for the response
   * headers, or null when the limiter is down and the bucket carries on (ip, mcp, reads).
   * Throws AppError rate_limited (nothing counted) or rate_limit_unavailable.
   */
  charge(bucket: Bucket, key: string, points?: number): Promise<Charge | null>;
  /**
   * Charges several buckets for one request, in order. If one refuses, the ones already
   * counted are given back (best effort) and the error is rethrown, so a refused request
   * leaves no trace. Returns the charges that were counted, in order.
   */
  chargeAll(items: readonly ChargeItem[]): Promise<Charge[]>;
  close(): Promise<void>;
}

export interface RateLimiterOptions {
  limits: Limits;
  /** redis://… to share counts between servers; memory when absent. */
  redisUrl?: string;
  /** A command Redis has not answered in this long fails as "Redis down" (default 700 ms). */
  redisCommandTimeoutMs?: number;
  /** Prefix of every counter key, so separate deployments or test runs never collide. */
  keyPrefix?: string;
  /** Told when Redis goes down and comes back (for logging); the limiter itself never throws these. */
  onRedisState?: (state: "down" | "up", err?: Error) => void;
}

export const UNAVAILABLE_RETRY_SECONDS = 30;

export function rateLimitHeaders(charge: Charge): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(charge.limit),
    "X-RateLimit-Remaining": String(charge.remaining),
    "X-RateLimit-Reset": String(charge.resetSeconds),
  };
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const prefix = options.keyPrefix ?? "crs:rl";
  const client = options.redisUrl
    ? createRedisClient(options.redisUrl, {
        onStateChange: options.onRedisState,
        ...(options.redisCommandTimeoutMs ? { commandTimeoutMs: options.redisCommandTimeoutMs } : {}),
      })
    : undefined;
  // The first requests after start wait (up to a second) for the first connection rather than
  // being treated as "limiter down".
  let starting: Promise<void> | undefined = client ? firstConnection(client, 1000) : undefined;
  void starting?.then(() => (starting = undefined));
  const stores = new Map<Bucket, RateLimiterAbstract>();
  for (const bucket of BUCKETS) {
    const limit = options.limits[bucket];
    const keyPrefix = `${prefix}:${bucket}`;
    stores.set(
      bucket,
      client ? createRedisBucket(client, keyPrefix, limit) : new RateLimiterMemory({ keyPrefix, points: limit.points, duration: limit.durationSeconds }),
    );
  }
  const storeOf = (bucket: Bucket): RateLimiterAbstract => {
    const store = stores.get(bucket);
    if (!store) throw new AppError("internal_error", `unknown rate-limit bucket ${String(bucket)}`);
    return store;
  };

  async function charge(bucket: Bucket, key: string, points = 1): Promise<Charge | null> {
    if (!Number.isInteger(points) || points < 1) {
      throw new AppError("internal_error", `rate-limit charge needs a positive whole number of points, got ${points}`);
    }
    if (starting) await starting;
    const store = storeOf(bucket);
    const limit = options.limits[bucket].points;
    try {
      const res = await store.consume(key, points);
      return {
        bucket,
        limit,
        remaining: Math.max(0, limit - res.consumedPoints),
        resetSeconds: secondsUntil(res.msBeforeNext, 0),
      };
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        // Redis refuses without counting (see redis-store.ts); memory counted, so give it back.
        // Both happen before any other request can see the count in memory's case only by a
        // few microtasks, and that can only make a concurrent request be refused, never let one through.
        if (!client) await store.reward(key, points);
        throw overLimit(bucket, limit, points, err);
      }
      if (failsClosed(bucket)) {
        throw new AppError("rate_limit_unavailable", "Rate limiting is unavailable; changes and run estimates are refused. Retry after 30 seconds.", {
          headers: { "Retry-After": String(UNAVAILABLE_RETRY_SECONDS) },
          cause: err,
        });
      }
      return null;
    }
  }

  async function chargeAll(items: readonly ChargeItem[]): Promise<Charge[]> {
    const counted: Array<{ item: ChargeItem; charge: Charge | null }> = [];
    try {
      for (const item of items) {
        counted.push({ item, charge: await charge(item.bucket, item.key, item.points ?? 1) });
      }
    } catch (err) {
      await Promise.all(
        counted
          .filter((c) => c.charge !== null)
          .map((c) =>
            storeOf(c.item.bucket)
              .reward(c.item.key, c.item.points ?? 1)
              .catch(() => undefined),
          ),
      );
      throw err;
    }
    return counted.flatMap((c) => (c.charge ? [c.charge] : []));
  }

  return {
    charge,
    chargeAll,
    async close() {
      if (client) await closeRedisClient(client);
    },
  };
}

function secondsUntil(ms: number, floor: number): number {
  if (!Number.isFinite(ms) || ms < 0) return floor;
  return Math.max(floor, Math.ceil(ms / 1000));
}

function overLimit(bucket: Bucket, limit: number, points: number, res: RateLimiterRes): AppError {
  const reset = secondsUntil(res.msBeforeNext, 1);
  // The refused points were not (or no longer are) counted: what is left is the budget before them,
  // which a smaller bulk change may still use.
  const remaining = Math.max(0, limit - (res.consumedPoints - points));
  return new AppError("rate_limited", `Rate limit "${bucket}" is used up; retry after ${reset} seconds.`, {
    details: { bucket },
    headers: {
      "Retry-After": String(reset),
      "X-RateLimit-Limit": String(limit),
      "X-RateLimit-Remaining": String(remaining),
      "X-RateLimit-Reset": String(reset),
    },
  });
}
