// A pool of worker threads, each with its own parser. Workers start together and live as long as
// the pool: one pool can serve many reviews (each registers its engine configuration once), so a
// long-lived process pays the start-up (about 150 ms a worker) once. Files travel in batches, their
// contents packed into one buffer that is transferred, not copied. A batch that outlives its time
// allowance (a pathological input wedged in native code) costs the worker, which is replaced, and
// its files are reported as skipped.
import { Worker } from "node:worker_threads";
import { availableParallelism } from "node:os";
import { getCompileCacheDir } from "node:module";
import { dirname } from "node:path";
import type { EngineConfig, FileOutcome } from "../analyze-file.ts";
import type { BatchItem, FromWorker, ToWorker, WireItem } from "./worker.ts";

interface Pending {
  items: WireItem[];
  resolve: (r: FileOutcome[]) => void;
  timer: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

const workerUrl = new URL("./worker.ts", import.meta.url);

/**
 * A worker does not share the compile cache the process turned on (bin/crs.js): without it, each
 * worker strips the types of every module and compiles it again on every review. NODE_COMPILE_CACHE
 * in its environment turns it on before its first import (the directory the process was given:
 * Node adds its subdirectory per version).
 */
function workerEnv(): NodeJS.ProcessEnv | undefined {
  const dir = getCompileCacheDir();
  return dir ? { ...process.env, NODE_COMPILE_CACHE: dirname(dir) } : undefined;
}

/** The parent's flags minus those that only make sense for an eval'd entry script. */
function workerExecArgv(): string[] | undefined {
  const argv = process.execArgv;
  if (!argv.some((a) => /^(-e|--eval|-p|--print|--input-type.*)$/.test(a))) return undefined;
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (/^--input-type/.test(a)) continue;
    if (a === "-e" || a === "--eval" || a === "-p" || a === "--print") {
      i++;
      continue;
    }
    out.push(a);
  }
  return out;
}

/** Packs a batch's contents into one fresh buffer (transferable) with each file's offsets. */
function pack(items: BatchItem[]): { buffer: ArrayBuffer; wire: WireItem[] } {
  let total = 0;
  const seen = new Set<string>();
  for (const it of items) {
    total += it.content.byteLength;
    for (const c of it.context ?? []) if (!seen.has(c.path) && seen.add(c.path)) total += c.content.byteLength;
  }
  const buffer = new ArrayBuffer(total);
  const bytes = new Uint8Array(buffer);
  const wire: WireItem[] = [];
  let at = 0;
  const put = (content: Uint8Array): [number, number] => {
    bytes.set(content, at);
    at += content.byteLength;
    return [at - content.byteLength, at];
  };
  // A context file shared by files of the batch travels once.
  const placed = new Map<string, [number, number]>();
  const once = (path: string, content: Uint8Array): [number, number] => placed.get(path) ?? placed.set(path, put(content)).get(path)!;
  for (const it of items) {
    const [start, end] = put(it.content);
    const w: WireItem = { path: it.path, start, end, ...(it.changed ? { changed: it.changed } : {}) };
    if (it.context)
      w.context = it.context.map((c) => {
        const [s, e] = once(c.path, c.content);
        return { path: c.path, start: s, end: e, names: c.names };
      });
    wire.push(w);
  }
  return { buffer, wire };
}

export class ReviewPool {
  readonly threads: number;
  /** Batches a worker holds at once: one running, one queued so it never waits for the parent. */
  readonly maxInFlight = 2;
  private readonly slots: Slot[] = [];
  private readonly configs = new Map<number, EngineConfig>();
  private nextId = 1;
  private nextKey = 1;
  private waiters: (() => void)[] = [];
  private closed = false;

  /** `threads`: workers to start now, in parallel; 0 means one per core. */
  constructor(threads = 0) {
    this.threads = threads > 0 ? threads : availableParallelism();
    for (let i = 0; i < this.threads; i++) this.slots.push(this.spawn());
  }

  private post(slot: Slot, msg: ToWorker, transfer?: ArrayBuffer[]): void {
    slot.worker.postMessage(msg, transfer);
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(workerUrl, { execArgv: workerExecArgv(), env: workerEnv() }), pending: new Map() };
    // An idle pool does not keep the process alive; a batch in flight does, through its timer.
    slot.worker.unref();
    for (const [key, config] of this.configs) this.post(slot, { type: "config", key, config });
    slot.worker.on("message", (m: FromWorker) => {
      const p = slot.pending.get(m.id);
      if (!p) return;
      clearTimeout(p.timer);
      slot.pending.delete(m.id);
      p.resolve(m.results);
      this.wake();
    });
    slot.worker.on("error", (e) => this.fail(slot, String(e).slice(0, 200), "engine_error"));
    slot.worker.on("exit", (code) => {
      if (code !== 0) this.fail(slot, `worker exited with ${code}`, "engine_error");
    });
    return slot;
  }

  private fail(slot: Slot, detail: string, reason: "engine_error" | "time_budget"): void {
    const i = this.slots.indexOf(slot);
    if (i < 0 || this.closed) return;
    for (const p of slot.pending.values()) {
      clearTimeout(p.timer);
      p.resolve(p.items.map((it) => ({ findings: [], skipped: { path: it.path, reason, detail }, lines: 0, bytes: it.end - it.start, failedRules: [] })));
    }
    slot.pending.clear();
    void slot.worker.terminate();
    this.slots[i] = this.spawn();
    this.wake();
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** Registers a review's engine configuration with every worker; batches name it by the key. */
  configure(config: EngineConfig): number {
    if (this.closed) throw new Error("review pool is closed");
    const key = this.nextKey++;
    this.configs.set(key, config);
    for (const s of this.slots) this.post(s, { type: "config", key, config });
    return key;
  }

  /** Forgets a configuration once its review is over (workers drop its analyzer after queued batches). */
  unconfigure(key: number): void {
    if (!this.configs.delete(key) || this.closed) return;
    for (const s of this.slots) this.post(s, { type: "drop", key });
  }

  /** Sends a batch to the least busy worker, waiting while every worker holds maxInFlight batches. */
  async run(key: number, items: BatchItem[]): Promise<{ done: Promise<FileOutcome[]> }> {
    const config = this.configs.get(key);
    if (!config) throw new Error(`unknown engine configuration ${key}`);
    for (;;) {
      if (this.closed) throw new Error("review pool is closed");
      const slot = this.slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
      if (slot.pending.size < this.maxInFlight) {
        const id = this.nextId++;
        const allowance = Math.max(30_000, config.timeBudgetMs * items.length * 2);
        const { buffer, wire } = pack(items);
        const done = new Promise<FileOutcome[]>((resolve) => {
          const timer = setTimeout(() => this.fail(slot, "batch exceeded its time allowance", "time_budget"), allowance);
          slot.pending.set(id, { items: wire, resolve, timer });
          this.post(slot, { type: "batch", id, key, buffer, items: wire }, [buffer]);
        });
        return { done };
      }
      await new Promise<void>((r) => this.waiters.push(r));
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const s of this.slots) for (const p of s.pending.values()) clearTimeout(p.timer);
    this.wake();
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
