import assert from "node:assert/strict";
import { test } from "node:test";
import { progressOf } from "./progress.ts";

const now = new Date("2026-11-28T10:00:00.000Z");
const stage = (name: string, state: string, extra: object = {}) => ({ name, state, startedAt: null, endedAt: null, progress: null, reason: null, ...extra });

test("a run analysing shows its stage in words, files done of total, findings so far, elapsed and the rest at its pace", () => {
  const run = {
    state: "analysis_in_progress",
    terminal: false,
    cancellationRequested: false,
    stage: "analysis",
    startedAt: "2026-11-28T09:59:30.000Z",
    endedAt: null,
    findings: null,
    stages: [
      stage("checkout", "completed"),
      stage("compilation", "completed"),
      stage("analysis", "in_progress", { startedAt: "2026-11-28T09:59:40.000Z", progress: { done: 10, total: 40 } }),
      stage("import", "pending"),
    ],
  };
  assert.deepEqual(progressOf(run, 3, now), {
    state: "analysis_in_progress",
    terminal: false,
    words: "Reviewing files",
    tone: "busy",
    stage: "Analysis",
    done: 10,
    total: 40,
    found: 3,
    elapsed: "30 s",
    remaining: "about 1 min 00 s",
  });
});

test("a queued run waits for a worker; a cancel requested reads Cancelling; an ended run shows its total and no estimate", () => {
  const queued = { state: "queued", terminal: false, cancellationRequested: false, stage: null, startedAt: null, endedAt: null, findings: null, stages: [] };
  const q = progressOf(queued, null, now);
  assert.equal(q.words, "Waiting for a worker");
  assert.equal(q.elapsed, "not started");
  assert.equal(q.remaining, "estimating…");
  assert.equal(progressOf({ ...queued, state: "in_progress", cancellationRequested: true }, null, now).words, "Cancelling");
  const done = {
    ...queued,
    state: "complete",
    terminal: true,
    startedAt: "2026-11-28T09:00:00.000Z",
    endedAt: "2026-11-28T09:02:05.000Z",
    findings: { total: 7, new: 7, bySeverity: {} },
  };
  const d = progressOf(done, 5, now);
  assert.deepEqual([d.words, d.tone, d.found, d.elapsed, d.remaining], ["Complete", "ok", 7, "2 min 05 s", "—"]);
  assert.equal(progressOf({ ...done, state: "analysis_failed" }, null, now).tone, "bad");
});
