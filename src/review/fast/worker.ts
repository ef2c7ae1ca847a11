// Worker thread entry: one FileAnalyzer per engine configuration (a review), answering batches of
// files one batch at a time. A batch's contents arrive as one transferred buffer with offsets.
import { parentPort } from "node:worker_threads";
import { FileAnalyzer } from "../analyze-file.ts";
import type { EngineConfig, FileOutcome } from "../analyze-file.ts";
import type { ContextFile } from "../library.ts";
import type { ContextSource } from "../engines/taint/driver/cross-file-context.ts";

export interface BatchItem {
  path: string;
  content: Uint8Array;
  changed?: Array<[number, number]>;
  /** Other files of the repository the file's calls may run (../library.ts). */
  context?: ContextFile[];
}

/** A file of a batch as sent: its content is bytes [start, end) of the batch's buffer. */
export interface WireItem {
  path: string;
  start: number;
  end: number;
  changed?: Array<[number, number]>;
  context?: { path: string; start: number; end: number; names: string[] }[];
}

/** The context of a file as the analysis takes it: the texts of the files, decoded. */
export function contextSources(buffer: ArrayBufferLike, ctx: WireItem["context"], texts: Map<number, string>): ContextSource[] | undefined {
  const text = (s: number, e: number) => texts.get(s) ?? texts.set(s, Buffer.from(buffer, s, e - s).toString("utf8")).get(s)!;
  return ctx?.map((c) => ({ path: c.path, names: c.names, source: text(c.start, c.end) }));
}

export type ToWorker =
  | { type: "config"; key: number; config: EngineConfig }
  | { type: "drop"; key: number }
  | { type: "batch"; id: number; key: number; buffer: ArrayBuffer; items: WireItem[] };

export type FromWorker = { type: "done"; id: number; results: FileOutcome[] };

const configs = new Map<number, EngineConfig>();
const analyzers = new Map<number, FileAnalyzer>();

async function runBatch(msg: Extract<ToWorker, { type: "batch" }>): Promise<FileOutcome[]> {
  let analyzer = analyzers.get(msg.key);
  if (!analyzer) {
    const config = configs.get(msg.key);
    if (!config) throw new Error(`unknown engine configuration ${msg.key}`);
    analyzer = new FileAnalyzer(config);
    analyzers.set(msg.key, analyzer);
  }
  const texts = new Map<number, string>();
  const results = analyzer.analyzeBatch(
    msg.items.map((it) => ({
      file: { path: it.path, content: Buffer.from(msg.buffer, it.start, it.end - it.start) },
      changed: it.changed,
      context: contextSources(msg.buffer, it.context, texts),
    })),
  );
  await analyzer.release();
  return results;
}

// Batches run one after another: release() yields to the event loop, where the next batch waits.
let queue: Promise<void> = Promise.resolve();
parentPort!.on("message", (msg: ToWorker) => {
  if (msg.type === "config") configs.set(msg.key, msg.config);
  else if (msg.type === "drop") {
    queue = queue.then(() => {
      configs.delete(msg.key);
      analyzers.delete(msg.key);
    });
  } else {
    queue = queue.then(async () => {
      let results: FileOutcome[];
      try {
        results = await runBatch(msg);
      } catch (e) {
        const detail = (e as Error).message.slice(0, 200);
        results = msg.items.map((it) => ({
          findings: [],
          skipped: { path: it.path, reason: "engine_error" as const, detail },
          lines: 0,
          bytes: it.end - it.start,
          failedRules: [],
        }));
      }
      parentPort!.postMessage({ type: "done", id: msg.id, results } satisfies FromWorker);
    });
  }
});
