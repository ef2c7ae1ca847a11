// The limiter's behaviour, run against memory always and against Redis when REDIS_URL is set.
import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { BUCKETS, parseRateLimits } from "./buckets.ts";
import { createRateLimiter, rateLimitHeaders } from "./limiter.ts";
import type { RateLimiter } from "./limiter.ts";
import { randomPrefix, rejectsWith, waitFor } from "./test-support.ts";

const backends: Array<{ name: string; redisUrl?: string }> = [{ name: "memory" }];
if (process.env.REDIS_URL) backends.push({ name: "redis", redisUrl: process.env.REDIS_URL });

const small = BUCKETS.map((b) => `${b}=2/1m`).join(",");

for (const backend of backends) {
  describe(`${backend.name} limiter`, () => {
    const open: RateLimiter[] = [];
    const make = (spec: string) => {
      const limiter = createRateLimiter({ limits: parseRateLimits(spec), redisUrl: backend.redisUrl, keyPrefix: randomPrefix() });
      open.push(limiter);
      return limiter;
    };
    after(() => Promise.all(open.map((l) => l.close())));

    for (const bucket of BUCKETS) {
      test(`${bucket}: two charges pass, the third is 429 rate_limited naming the bucket`, async () => {
        const limiter = make(small);
        assert.equal((await limiter.charge(bucket, "user-1"))?.remaining, 1);
        assert.equal((await limiter.charge(bucket, "user-1"))?.remaining, 0);
        const err = await rejectsWith(limiter.charge(bucket, "user-1"), "rate_limited");
        assert.equal(err.status, 429);
        assert.deepEqual(err.details, { bucket });
      });
    }

    test("each response reports limit, remaining and seconds to reset of the charged bucket", async () => {
      const limiter = make("reads=5/1m,runs:write=2/1h");
      const first = await limiter.charge("reads", "u");
      assert.ok(first);
      const headers = rateLimitHeaders(first);
      assert.equal(headers["X-RateLimit-Limit"], "5");
      assert.equal(headers["X-RateLimit-Remaining"], "4");
      const reset = Number(headers["X-RateLimit-Reset"]);
      assert.ok(reset >= 59 && reset <= 60, `reset ${reset}`);
      const start = await limiter.charge("runs:write", "u");
      assert.equal(start?.limit, 2);
      assert.ok(start && start.resetSeconds > 3500 && start.resetSeconds <= 3600);
    });

    test("over the limit the error carries Retry-After and the X-RateLimit headers with 0 remaining", async () => {
      const limiter = make("runs:estimate=1/1h");
      await limiter.charge("runs:estimate", "u");
      const err = await rejectsWith(limiter.charge("runs:estimate", "u"), "rate_limited");
      const retry = Number(err.headers["Retry-After"]);
      assert.ok(retry > 3500 && retry <= 3600, `Retry-After ${retry}`);
      assert.equal(err.headers["X-RateLimit-Limit"], "1");
      assert.equal(err.headers["X-RateLimit-Remaining"], "0");
      assert.equal(err.headers["X-RateLimit-Reset"], err.headers["Retry-After"]);
    });

    test("refused charges consume nothing: the remaining budget is still usable", async () => {
      const limiter = make("reads=3/1m");
      await limiter.charge("reads", "u");
      await limiter.charge("reads", "u");
      await limiter.charge("reads", "u");
      for (let i = 0; i < 5; i++) await rejectsWith(limiter.charge("reads", "u"), "rate_limited");
      const small2 = make("findings:write=3/1m");
      await small2.charge("findings:write", "u", 2);
      await rejectsWith(small2.charge("findings:write", "u", 2), "rate_limited");
      assert.equal((await small2.charge("findings:write", "u", 1))?.remaining, 0);
    });

    test("a bulk change counts once per finding and is refused as a whole when it does not fit", async () => {
      const limiter = make("findings:write=10/1m");
      assert.equal((await limiter.charge("findings:write", "u", 7))?.remaining, 3);
      await rejectsWith(limiter.charge("findings:write", "u", 4), "rate_limited");
      assert.equal((await limiter.charge("findings:write", "u", 3))?.remaining, 0);
      await rejectsWith(make("findings:write=10/1m").charge("findings:write", "u", 11), "rate_limited");
    });

    test("concurrent charges never let more through than the limit", async () => {
      const limiter = make("findings:write=10/1m");
      const results = await Promise.allSettled(Array.from({ length: 30 }, () => limiter.charge("findings:write", "u")));
      assert.equal(results.filter((r) => r.status === "fulfilled").length, 10);
      await rejectsWith(limiter.charge("findings:write", "u"), "rate_limited");
    });

    test("users, addresses and buckets are counted separately", async () => {
      const limiter = make("reads=1/1m,ip=1/1m");
      await limiter.charge("reads", "user-a");
      await limiter.charge("reads", "user-b");
      await limiter.charge("ip", "192.0.2.1");
      await limiter.charge("ip", "2001:db8::1");
      await rejectsWith(limiter.charge("reads", "user-a"), "rate_limited");
      await rejectsWith(limiter.charge("ip", "192.0.2.1"), "rate_limited");
      assert.ok(await limiter.charge("runs:manage", "user-a"));
    });

    test("estimates, starts and documents share one budget; a refused request gives back what it counted", async () => {
      const limiter = make("shared=3/1m,runs:estimate=10/1h,runs:write=10/1h,documents=10/10m");
      await limiter.chargeAll([
        { bucket: "runs:estimate", key: "u" },
        { bucket: "shared", key: "u" },
      ]);
      await limiter.chargeAll([
        { bucket: "runs:write", key: "u" },
        { bucket: "shared", key: "u" },
      ]);
      const charges = await limiter.chargeAll([
        { bucket: "documents", key: "u" },
        { bucket: "shared", key: "u" },
      ]);
      assert.deepEqual(
        charges.map((c) => [c.bucket, c.remaining]),
        [
          ["documents", 9],
          ["shared", 0],
        ],
      );
      const err = await rejectsWith(
        limiter.chargeAll([
          { bucket: "runs:estimate", key: "u" },
          { bucket: "shared", key: "u" },
        ]),
        "rate_limited",
      );
      assert.deepEqual(err.details, { bucket: "shared" });
      // The refused estimate was given back: 9 of 10 estimates remain after the next one.
      const next = await limiter.charge("runs:estimate", "u");
      assert.equal(next?.remaining, 8);
    });

    test("keys with hostile characters are counted like any other", async () => {
      const limiter = make("reads=1/1m");
      const key = "a:b*\n\u0000{x}\u00e9".repeat(20);
      await limiter.charge("reads", key);
      await rejectsWith(limiter.charge("reads", key), "rate_limited");
      assert.ok(await limiter.charge("reads", "a:b"));
    });

    test("a used-up bucket opens again when its window ends", async () => {
      const limiter = make("runs:manage=1/1s");
      await limiter.charge("runs:manage", "u");
      await rejectsWith(limiter.charge("runs:manage", "u"), "rate_limited");
      const again = await waitFor(() => limiter.charge("runs:manage", "u").catch(() => undefined), "the window to end", 5000);
      assert.equal(again?.remaining, 0);
    });

    test("a charge of zero, negative or fractional points is a programming error", async () => {
      const limiter = make("");
      for (const points of [0, -1, 1.5, Number.NaN]) {
        await rejectsWith(limiter.charge("findings:write", "u", points), "internal_error");
      }
    });
  });
}
