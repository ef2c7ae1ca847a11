// Files go to the analyzer in batches: analysed in this thread, or sent to a pool of worker threads
// (fast/pool.ts) while the caller reads on. A batch reports each file's outcome to the handler current
// when it was sent, so a second pass can collect its outcomes apart from the first.
import { FileAnalyzer } from "./analyze-file.ts";
import type { EngineConfig, FileOutcome } from "./analyze-file.ts";
import { ReviewPool } from "./fast/pool.ts";
import type { BatchItem } from "./fast/worker.ts";

/** Files go to the engine (in-thread or a worker) in batches this large, whichever limit comes first. */
export const reviewBatch = { files: 128, bytes: 512 * 1024 } as const;

type OnOutcome = (o: FileOutcome, item: BatchItem) => void;

export class Batches {
  /** Where outcomes go; a batch already sent keeps the handler it was sent with. */
  onOutcome: OnOutcome;
  private readonly ownPool: ReviewPool | null;
  private readonly pool: ReviewPool | null;
  private readonly key: number;
  private readonly analyzer: FileAnalyzer | null;
  private readonly inflight = new Set<Promise<void>>();
  private batch: BatchItem[] = [];
  private batchBytes = 0;
  private readonly batchContext = new Set<string>();

  /** `threads` > 1 without a `pool` starts one for these batches, closed by close(). */
  constructor(config: EngineConfig, threads: number, pool: ReviewPool | undefined, onOutcome: OnOutcome) {
    this.onOutcome = onOutcome;
    this.ownPool = !pool && threads > 1 ? new ReviewPool(threads) : null;
    this.pool = pool ?? this.ownPool;
    this.key = this.pool ? this.pool.configure(config) : 0;
    this.analyzer = this.pool ? null : new FileAnalyzer(config);
  }

  async add(item: BatchItem): Promise<void> {
    this.batch.push(item);
    this.batchBytes += item.content.length;
    // A context file shared by files of the batch counts once (it travels and is parsed once).
    for (const c of item.context ?? []) if (!this.batchContext.has(c.path) && this.batchContext.add(c.path)) this.batchBytes += c.content.byteLength;
    if (this.batch.length >= reviewBatch.files || this.batchBytes >= reviewBatch.bytes) await this.flush();
  }

  /** Sends the batch being filled and waits until every batch sent has reported. */
  async drain(): Promise<void> {
    await this.flush();
    await Promise.all(this.inflight);
  }

  /** Releases the pool's configuration, and closes the pool these batches started. */
  async close(): Promise<void> {
    this.pool?.unconfigure(this.key);
    await this.ownPool?.close();
  }

  private async flush(): Promise<void> {
    if (!this.batch.length) return;
    const items = this.batch;
    const done = this.onOutcome;
    this.batch = [];
    this.batchBytes = 0;
    this.batchContext.clear();
    if (this.analyzer) {
      const buf = (c: Uint8Array) => Buffer.from(c.buffer, c.byteOffset, c.byteLength);
      const texts = new Map<string, string>();
      const text = (path: string, c: Uint8Array) => texts.get(path) ?? texts.set(path, buf(c).toString("utf8")).get(path)!;
      this.analyzer
        .analyzeBatch(
          items.map((it) => ({
            file: { path: it.path, content: buf(it.content) },
            changed: it.changed,
            context: it.context?.map((c) => ({ path: c.path, names: c.names, source: text(c.path, c.content) })),
          })),
        )
        .forEach((o, i) => {
          done(o, items[i]!);
        });
      // Only an event-loop turn frees the trees of analysed files (see trees.ts).
      await this.analyzer.release();
      return;
    }
    const p: Promise<void> = (await this.pool!.run(this.key, items)).done.then((rs) => {
      rs.forEach((o, i) => {
        done(o, items[i]!);
      });
      this.inflight.delete(p);
    });
    this.inflight.add(p);
  }
}
