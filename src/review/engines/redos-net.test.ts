import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { CpuNet, holdMs } from "./redos-net.ts";
import { judgePattern, useCpuNet, useVerdictStore } from "./redos.ts";
import { judgeBounds } from "./redos-shape.ts";
import { VerdictStore } from "./redos-cache.ts";

/**
 * Clocks that move only when a stand-in for recheck says how long it ran and how much CPU it got:
 * the net's decisions are asserted on those readings, not on the machine's.
 */
function scripted() {
  const t = { wall: 0, cpu: 0 };
  const timeouts: number[] = [];
  const net = new CpuNet({ wall: () => t.wall, cpu: () => t.cpu });
  /** Judges pattern `key` with a check whose attempts each run [wall ms, CPU ms, timed out]. */
  const run = (key: string, budget: number, ...attempts: [number, number, boolean][]) => {
    let i = 0;
    const check = (timeout: number) => {
      const [wall, cpu, ranOut] = attempts[Math.min(i++, attempts.length - 1)]!;
      timeouts.push(timeout);
      t.wall += wall;
      t.cpu += cpu;
      return ranOut;
    };
    return net.run(key, 10_000, budget, check, (ranOut) => ranOut).outcome;
  };
  return { t, timeouts, net, run };
}

test("unloaded, a pattern is given the CPU limit as wall time, and running out of it with the CPU used is a real time-out", () => {
  const s = scripted();
  assert.equal(s.run("a", Infinity, [10_000, 9_800, true]), "timeout");
  assert.deepEqual(s.timeouts, [10_000]);
  assert.equal(s.run("b", Infinity, [200, 195, false]), "judged");
  assert.deepEqual(s.timeouts, [10_000, 10_000]);
});

test("a time-out starved of CPU is not the pattern's: it is tried once more at the share measured, and a full run then counts", () => {
  const s = scripted();
  // A quarter of a CPU: 2.5 s of CPU in 10 s, then the limit over 40 s of wall time.
  assert.equal(s.run("a", 60_000, [10_000, 2_500, true], [40_000, 9_900, true]), "timeout");
  assert.deepEqual(s.timeouts, [10_000, 40_000]);
});

test("a pattern starved twice, or left without budget for the second try, is starved (never a time-out)", () => {
  const s = scripted();
  assert.equal(s.run("a", 15_000, [10_000, 2_500, true], [5_000, 1_250, true]), "starved");
  assert.deepEqual(s.timeouts, [10_000, 5_000]);
  const u = scripted();
  assert.equal(u.run("b", 8_000, [8_000, 7_900, true]), "starved");
  assert.deepEqual(u.timeouts, [8_000]);
});

test("the wall timeout is the limit over the share of recent judgments, at most 8 times the limit and at most the budget", () => {
  const s = scripted();
  assert.equal(s.run("a", Infinity, [400, 100, false]), "judged");
  assert.equal(s.net.share(), 0.25);
  s.run("b", Infinity, [100, 25, false]);
  s.run("c", 30_000, [100, 25, false]);
  assert.deepEqual(s.timeouts, [10_000, 40_000, 30_000]);
  const t = scripted();
  t.run("a", Infinity, [1_000, 10, false]);
  t.run("b", Infinity, [100, 1, false]);
  assert.deepEqual(t.timeouts, [10_000, 80_000]);
  // Nine tenths of a CPU or more is the whole of it; judgments under 50 ms are too short to say.
  const u = scripted();
  u.run("a", Infinity, [1_000, 920, false]);
  u.run("b", Infinity, [10, 0, false]);
  u.run("c", Infinity, [100, 95, false]);
  assert.deepEqual(u.timeouts, [10_000, 10_000, 10_000]);
});

test("recheck's first call, compiling it, measures the thread's share before the first slow pattern", () => {
  const s = scripted();
  s.net.measure(() => {
    s.t.wall += 300;
    s.t.cpu += 100;
  });
  s.run("a", Infinity, [100, 33, false]);
  assert.deepEqual(s.timeouts, [30_000]);
});

test("a pattern starved of CPU is held unjudged in this thread for a while, then judged again", () => {
  const s = scripted();
  assert.equal(s.run("a", 15_000, [10_000, 2_500, true], [5_000, 1_250, true]), "starved");
  assert.equal(s.run("a", Infinity, [100, 100, false]), "held");
  assert.equal(s.run("b", Infinity, [100, 100, false]), "judged");
  s.t.wall += holdMs;
  assert.equal(s.run("a", Infinity, [100, 100, false]), "judged");
  // One that only ran out of the file's budget, with all the CPU, is tried again by the next file.
  assert.equal(s.run("c", 8_000, [8_000, 7_900, true]), "starved");
  assert.equal(s.run("c", Infinity, [100, 100, false]), "judged");
});

const dir = mkdtempSync(join(tmpdir(), "crs-redos-net-"));
after(() => {
  useCpuNet(new CpuNet());
  useVerdictStore(null);
  rmSync(dir, { recursive: true, force: true });
});

test("recheck's time-out is recorded in the verdict store only when the thread used the CPU limit, not when it was starved", () => {
  process.env.CRS_REDOS_PATTERN_MS = "10000";
  useVerdictStore(new VerdictStore(dir));
  // Under a millisecond of budget recheck gets a timeout of 0 and always times out; the clocks say
  // how much CPU that took: none (starved) or the whole limit (each reading moves on by the limit).
  useCpuNet(new CpuNet({ wall: () => 0, cpu: () => 0 }));
  assert.equal(judgePattern("^(f+)+g", "", 0.5), null);
  let cpu = 0;
  useCpuNet(new CpuNet({ wall: () => 0, cpu: () => (cpu += 10_000) }));
  assert.equal(judgePattern("^(h+)+i", "", 0.5), null);
  const lines = readFileSync(join(dir, "redos-verdicts.jsonl"), "utf8").trim().split("\n");
  assert.deepEqual(lines, [JSON.stringify([VerdictStore.key("^(h+)+i", "", judgeBounds), null, "timeout"])]);
});
