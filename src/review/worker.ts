// Worker thread entry: holds one FileAnalyzer and answers batches of files.
import { parentPort, workerData } from "node:worker_threads";
import { FileAnalyzer } from "./analyze-file.ts";
import type { EngineConfig } from "./analyze-file.ts";

export interface BatchItem {
  path: string;
  content: Uint8Array;
  changed?: Array<[number, number]>;
}

const analyzer = new FileAnalyzer(workerData as EngineConfig);
parentPort!.on("message", (msg: { id: number; items: BatchItem[] }) => {
  const results = msg.items.map((it) => {
    const content = Buffer.from(it.content.buffer, it.content.byteOffset, it.content.byteLength);
    try {
      return analyzer.analyze({ path: it.path, content }, it.changed);
    } catch (e) {
      return { findings: [], skipped: { path: it.path, reason: "engine_error" as const, detail: (e as Error).message.slice(0, 200) }, lines: 0, bytes: content.length, failedRules: [] };
    }
  });
  parentPort!.postMessage({ id: msg.id, results });
});
