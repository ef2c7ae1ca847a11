// Redis-only behaviour: counts shared between servers, and the rule for a limiter that is down.
// Never stops the shared Redis server: outages are simulated with a proxy of our own in front of it.
import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { BUCKETS, failsClosed, parseRateLimits } from "./buckets.ts";
import { createRateLimiter } from "./limiter.ts";
import type { RateLimiter } from "./limiter.ts";
import { randomPrefix, rejectsWith, startTcpProxy, waitFor } from "./test-support.ts";
import type { TcpProxy } from "./test-support.ts";

const redisUrl = process.env.REDIS_URL;
const run = promisify(execFile);

describe("redis limiter", { skip: redisUrl ? false : "REDIS_URL is not set" }, () => {
  const open: RateLimiter[] = [];
  const proxies: TcpProxy[] = [];
  const make = (spec: string, url: string, keyPrefix = randomPrefix(), states: string[] = []) => {
    const limiter = createRateLimiter({ limits: parseRateLimits(spec), redisUrl: url, keyPrefix, onRedisState: (s) => void states.push(s) });
    open.push(limiter);
    return limiter;
  };
  const proxy = async () => {
    const target = new URL(redisUrl ?? "redis://127.0.0.1:6379");
    const p = await startTcpProxy(target.hostname, Number(target.port || 6379));
    proxies.push(p);
    const viaProxy = new URL(target);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(p.port);
    return { proxy: p, url: viaProxy.toString() };
  };
  after(async () => {
    await Promise.all(open.map((l) => l.close()));
    await Promise.all(proxies.map((p) => p.stop()));
  });

  test("two limiters on one Redis share the counts", async () => {
    const prefix = randomPrefix();
    const a = make("reads=4/1m", redisUrl!, prefix);
    const b = make("reads=4/1m", redisUrl!, prefix);
    assert.equal((await a.charge("reads", "u"))?.remaining, 3);
    assert.equal((await b.charge("reads", "u"))?.remaining, 2);
    assert.equal((await a.charge("reads", "u", 2))?.remaining, 0);
    await rejectsWith(b.charge("reads", "u"), "rate_limited");
    const both = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).charge("findings:write", "u2")));
    assert.equal(both.filter((r) => r.status === "fulfilled").length, 20);
  });

  test("a second server process sees and adds to the same counts, then exits cleanly", async () => {
    const prefix = randomPrefix();
    const local = make("findings:write=5/1m", redisUrl!, prefix);
    await local.charge("findings:write", "u", 2);
    const moduleUrl = new URL("./limiter.ts", import.meta.url).href;
    const bucketsUrl = new URL("./buckets.ts", import.meta.url).href;
    const code = `
      const { createRateLimiter } = await import(${JSON.stringify(moduleUrl)});
      const { parseRateLimits } = await import(${JSON.stringify(bucketsUrl)});
      const l = createRateLimiter({ limits: parseRateLimits("findings:write=5/1m"), redisUrl: process.env.REDIS_URL, keyPrefix: ${JSON.stringify(prefix)} });
      const out = [];
      for (let i = 0; i < 4; i++) {
        try { out.push((await l.charge("findings:write", "u")).remaining); } catch (e) { out.push(e.code); }
      }
      await l.close();
      console.log(JSON.stringify(out));
    `;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", code], { timeout: 20_000 });
    assert.deepEqual(JSON.parse(stdout), [2, 1, 0, "rate_limited"]);
    await rejectsWith(local.charge("findings:write", "u"), "rate_limited");
  });

  test("Redis gone mid-test: reads carry on, changes get 503 with Retry-After 30, and it recovers; down and up are reported once each", async () => {
    const { proxy: p, url } = await proxy();
    const states: string[] = [];
    const limiter = make(BUCKETS.map((b) => `${b}=5/1m`).join(","), url, randomPrefix(), states);
    assert.equal((await limiter.charge("findings:write", "u", 2))?.remaining, 3);
    assert.ok(await limiter.charge("reads", "u"));

    await p.stop();
    await waitFor(async () => ((await limiter.charge("reads", "u")) === null ? true : undefined), "limiter to notice");
    for (const bucket of BUCKETS) {
      if (failsClosed(bucket)) {
        const err = await rejectsWith(limiter.charge(bucket, "u"), "rate_limit_unavailable");
        assert.equal(err.status, 503);
        assert.deepEqual(err.headers, { "Retry-After": "30" });
      } else {
        assert.equal(await limiter.charge(bucket, "u"), null, bucket);
      }
    }
    await rejectsWith(
      limiter.chargeAll([
        { bucket: "ip", key: "192.0.2.1" },
        { bucket: "runs:write", key: "u" },
      ]),
      "rate_limit_unavailable",
    );

    // Long enough for several failed reconnects, each of which ioredis reports as an error.
    await new Promise((r) => setTimeout(r, 2500));
    assert.deepEqual(states, ["down"]);
    await p.start();
    const back = await waitFor(() => limiter.charge("findings:write", "u").catch(() => undefined), "limiter to recover");
    // The count kept in Redis survived the outage: 2 before, this one makes 3 of 5.
    assert.equal(back?.remaining, 2);
    assert.deepEqual(states, ["down", "up"]);
  });

  test("a Redis that stops answering is treated as down within the command timeout", async () => {
    const { proxy: p, url } = await proxy();
    const limiter = make("", url);
    assert.ok(await limiter.charge("runs:manage", "u"));
    p.freeze();
    await rejectsWith(limiter.charge("runs:manage", "u"), "rate_limit_unavailable");
    assert.equal(await limiter.charge("reads", "u"), null);
    p.thaw();
    await waitFor(() => limiter.charge("runs:manage", "u").catch(() => undefined), "limiter to recover");
  });

  test("a server started while Redis is unreachable refuses changes and lets reads through", async () => {
    const { proxy: p, url } = await proxy();
    await p.stop();
    const limiter = make("", url);
    assert.equal(await limiter.charge("reads", "u"), null);
    await rejectsWith(limiter.charge("documents", "u"), "rate_limit_unavailable");
    await limiter.close();
  });
});
