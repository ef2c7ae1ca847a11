import assert from "node:assert/strict";
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { judgePattern, useVerdictStore } from "./redos.ts";
import { judgeBounds } from "./redos-shape.ts";
import { cacheDir, timeoutsToSettle, VerdictStore } from "./redos-cache.ts";

// Verdicts must not depend on the machine's load here (engines/redos.ts).
process.env.CRS_REDOS_PATTERN_MS ??= "10000";
const dir = mkdtempSync(join(tmpdir(), "crs-redos-cache-"));
after(() => {
  useVerdictStore(null);
  rmSync(dir, { recursive: true, force: true });
});

test("a verdict reached by the analyser is written to the cache directory and read back by a later process's store", () => {
  useVerdictStore(new VerdictStore(dir));
  const verdict = judgePattern("^(a+)+$", "", 10_000);
  assert.equal(verdict?.complexity, "exponential");
  const lines = readFileSync(join(dir, "redos-verdicts.jsonl"), "utf8").trim().split("\n");
  assert.equal(lines.length, 1);
  const later = new VerdictStore(dir);
  assert.deepEqual(later.get(VerdictStore.key("^(a+)+$", "", judgeBounds)), verdict);
  // Other bounds on what is judged are another judgement; the safety net's time is no part of the key.
  assert.equal(later.get(VerdictStore.key("^(a+)+$", "", `${judgeBounds},other`)), undefined);
  assert.ok(!judgeBounds.includes(process.env.CRS_REDOS_PATTERN_MS!));
});

test("a stored verdict is used instead of judging the pattern again", () => {
  // A linear pattern recorded as vulnerable shows that the stored line, not the analyser, answered.
  appendFileSync(
    join(dir, "redos-verdicts.jsonl"),
    `${JSON.stringify([VerdictStore.key("^(b+)+c", "", judgeBounds), { complexity: "stored", quadratic: false }])}\n`,
  );
  useVerdictStore(new VerdictStore(dir));
  assert.equal(judgePattern("^(b+)+c", "")?.complexity, "stored");
});

test("torn and foreign lines in the cache file are skipped, the others still count", () => {
  appendFileSync(join(dir, "redos-verdicts.jsonl"), `{"torn\n["x", {"complexity": 3}]\n`);
  const store = new VerdictStore(dir);
  assert.equal(store.get(VerdictStore.key("^(b+)+c", "", judgeBounds))?.complexity, "stored");
  assert.equal(store.get("x"), undefined);
});

test("a pattern the analyser ran out of time on is judged again until as many processes as timeoutsToSettle timed out", () => {
  const key = VerdictStore.key("^(c+)+d", "", judgeBounds);
  for (let i = 1; i <= timeoutsToSettle; i++) {
    const store = new VerdictStore(dir);
    assert.equal(store.get(key), undefined, `judged again after ${i - 1} time-out(s)`);
    store.set(key, null, true);
  }
  assert.equal(new VerdictStore(dir).get(key), null);
  // A verdict reached once counts at once.
  const other = VerdictStore.key("^(e+)+f", "", judgeBounds);
  new VerdictStore(dir).set(other, { complexity: "exponential", quadratic: false });
  assert.equal(new VerdictStore(dir).get(other)?.complexity, "exponential");
});

test("a pattern recheck does not support (a lookahead) is stored as not judged at once: that is its answer, not a time-out", () => {
  useVerdictStore(new VerdictStore(dir));
  assert.equal(judgePattern("\\s+(?=[\\d/])x+y", ""), null);
  assert.equal(new VerdictStore(dir).get(VerdictStore.key("\\s+(?=[\\d/])x+y", "", judgeBounds)), null);
});

test("the cache lives under CRS_CACHE_DIR, else XDG_CACHE_HOME, and can be turned off", () => {
  assert.equal(cacheDir({ CRS_CACHE_DIR: "/tmp/c" }), "/tmp/c");
  assert.equal(cacheDir({ XDG_CACHE_HOME: "/tmp/x" }), join("/tmp/x", "crs"));
  assert.equal(cacheDir({ CRS_CACHE_DIR: "off" }), null);
});
