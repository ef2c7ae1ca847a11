import { test } from "node:test";
import assert from "node:assert/strict";
import { BUCKETS, DEFAULT_LIMITS, failsClosed, isPerIp, parseRateLimits } from "./buckets.ts";

test("defaults: the spec's table plus shared 60/min, client registration 20/h, settings 30/min, webhooks 12,000/min, automatic runs 120/h", () => {
  assert.deepEqual(Object.fromEntries(BUCKETS.map((b) => [b, [DEFAULT_LIMITS[b].points, DEFAULT_LIMITS[b].durationSeconds]])), {
    ip: [3000, 60],
    mcp: [1500, 60],
    reads: [1200, 60],
    "findings:write": [120, 60],
    "runs:estimate": [30, 3600],
    "runs:write": [20, 3600],
    "runs:manage": [60, 60],
    documents: [60, 600],
    shared: [60, 60],
    "oauth:register": [20, 3600],
    settings: [30, 60],
    hooks: [12000, 60],
    automatic: [120, 3600],
  });
});

test("no CRS_RATE_LIMITS (undefined or blank) gives the defaults", () => {
  assert.deepEqual(parseRateLimits(undefined), DEFAULT_LIMITS);
  assert.deepEqual(parseRateLimits("  "), DEFAULT_LIMITS);
});

test("named buckets are overridden and unnamed ones keep the spec's values", () => {
  const limits = parseRateLimits("reads=5/1m,runs:write=2/1h, ip=100/1m ,documents=3/10s,shared=7/m");
  assert.deepEqual(limits.reads, { points: 5, durationSeconds: 60 });
  assert.deepEqual(limits["runs:write"], { points: 2, durationSeconds: 3600 });
  assert.deepEqual(limits.ip, { points: 100, durationSeconds: 60 });
  assert.deepEqual(limits.documents, { points: 3, durationSeconds: 10 });
  assert.deepEqual(limits.shared, { points: 7, durationSeconds: 60 });
  assert.deepEqual(limits.mcp, DEFAULT_LIMITS.mcp);
  assert.deepEqual(limits["findings:write"], DEFAULT_LIMITS["findings:write"]);
});

test("an unknown bucket throws an error naming it and the known buckets", () => {
  assert.throws(() => parseRateLimits("reads=5/1m,writes=3/1m"), /unknown bucket "writes".*findings:write/);
  assert.throws(() => parseRateLimits("reads:codehost=5/1m"), /unknown bucket "reads:codehost"/);
});

test("bad syntax throws an error quoting the entry", () => {
  for (const bad of ["reads", "reads=5", "reads=5/1d", "reads=-5/1m", "reads=5/1.5m", "reads=5/1m,", "=5/1m", "reads=five/1m", "reads = 5/1m"]) {
    assert.throws(() => parseRateLimits(bad), /CRS_RATE_LIMITS/, bad);
  }
});

test("a zero count, a zero or over-long window, or a bucket given twice is refused", () => {
  assert.throws(() => parseRateLimits("reads=0/1m"), /count must be/);
  assert.throws(() => parseRateLimits("reads=5/0s"), /window must be/);
  assert.throws(() => parseRateLimits("reads=5/169h"), /window must be/);
  assert.throws(() => parseRateLimits("reads=5/1m,reads=6/1m"), /given twice/);
});

// A webhook delivery is never lost to a limiter outage: hooks and automatic runs carry on.
test("changes, estimates, starts, cancellations, documents, registrations and settings fail closed; ip, mcp, reads, hooks, automatic carry on", () => {
  const closed = BUCKETS.filter(failsClosed);
  assert.deepEqual(closed, ["findings:write", "runs:estimate", "runs:write", "runs:manage", "documents", "shared", "oauth:register", "settings"]);
  assert.deepEqual(
    BUCKETS.filter((b) => !failsClosed(b)),
    ["ip", "mcp", "reads", "hooks", "automatic"],
  );
});

test("only the ip, oauth:register and hooks buckets are counted per address", () => {
  assert.deepEqual(BUCKETS.filter(isPerIp), ["ip", "oauth:register", "hooks"]);
});
