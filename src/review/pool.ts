// A pool of worker threads, each with its own parser and rules. Files travel in batches; a batch
// that outlives its time allowance (a pathological input wedged in native code) costs the worker,
// which is replaced, and its files are reported as skipped.
import { Worker } from "node:worker_threads";
import type { EngineConfig, FileOutcome } from "./analyze-file.ts";
import type { BatchItem } from "./worker.ts";

interface Slot {
  worker: Worker;
  pending: Map<number, { items: BatchItem[]; resolve: (r: FileOutcome[]) => void; timer: NodeJS.Timeout }>;
  fail: (detail: string, reason: "engine_error" | "time_budget") => void;
}

const workerUrl = new URL("./worker.ts", import.meta.url);

/** The parent's flags minus those that only make sense for an eval'd entry script. */
function workerExecArgv(): string[] | undefined {
  const argv = process.execArgv;
  if (!argv.some((a) => /^(-e|--eval|-p|--print|--input-type.*)$/.test(a))) return undefined;
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (/^--input-type/.test(a)) continue;
    if (a === "-e" || a === "--eval" || a === "-p" || a === "--print") { i++; continue; }
    out.push(a);
  }
  return out;
}

export class Pool {
  private readonly slots: Slot[] = [];
  private readonly config: EngineConfig;
  private nextId = 1;
  private waiters: (() => void)[] = [];
  readonly maxInFlight = 2;
  private closed = false;

  constructor(config: EngineConfig, threads: number) {
    this.config = config;
    for (let i = 0; i < threads; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(workerUrl, { workerData: this.config, execArgv: workerExecArgv() }), pending: new Map(), fail: () => {} };
    slot.worker.on("message", (m: { id: number; results: FileOutcome[] }) => {
      const p = slot.pending.get(m.id);
      if (!p) return;
      clearTimeout(p.timer);
      slot.pending.delete(m.id);
      p.resolve(m.results);
      this.wake();
    });
    const fail = (detail: string, reason: "engine_error" | "time_budget") => {
      const i = this.slots.indexOf(slot);
      if (i < 0 || this.closed) return;
      for (const p of slot.pending.values()) {
        clearTimeout(p.timer);
        p.resolve(p.items.map((it) => ({ findings: [], skipped: { path: it.path, reason, detail }, lines: 0, bytes: it.content.byteLength, failedRules: [] })));
      }
      slot.pending.clear();
      void slot.worker.terminate();
      this.slots[i] = this.spawn();
      this.wake();
    };
    slot.worker.on("error", (e) => fail(String(e).slice(0, 200), "engine_error"));
    slot.worker.on("exit", (code) => { if (code !== 0) fail(`worker exited with ${code}`, "engine_error"); });
    slot.fail = fail;
    return slot;
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** Sends a batch to the least busy worker, waiting while all are full. */
  async run(items: BatchItem[]): Promise<{ done: Promise<FileOutcome[]> }> {
    for (;;) {
      const slot = this.slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
      if (slot.pending.size < this.maxInFlight) {
        const id = this.nextId++;
        const allowance = Math.max(30_000, this.config.timeBudgetMs * items.length * 2);
        const done = new Promise<FileOutcome[]>((resolve) => {
          const timer = setTimeout(() => slot.fail("batch exceeded its time allowance", "time_budget"), allowance);
          slot.pending.set(id, { items, resolve, timer });
          // Copied, not transferred: file buffers may share a pooled ArrayBuffer.
          slot.worker.postMessage({ id, items });
        });
        return { done };
      }
      await new Promise<void>((r) => this.waiters.push(r));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
