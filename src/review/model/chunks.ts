// What the model reads of the code, cut into requests: for a change review the changed files' hunks
// with surrounding lines (changed lines marked), for a full review the files in scope; most relevant
// first (files the instructions name, files with rule findings, entry points), so a budget that runs
// out leaves the least relevant code unread.
import { createHash } from "node:crypto";
import { basename } from "node:path";
import type { Finding } from "../types.ts";

/** Lines a change removed, shown after new-side line `after` (0: before the first line). */
export interface RemovedLines {
  after: number;
  lines: string[];
}

export interface CodeFile {
  path: string;
  lines: string[];
  removed?: RemovedLines[];
}

export interface Chunk {
  id: string;
  paths: string[];
  /** The code sections, each delimited (see prompt.ts for the boundary). */
  sections: string[];
}

const entryPoint = /^(?:main|index|app|server|program|manage|wsgi|asgi|__main__|routes?|urls|handlers?|controllers?|api)\.[A-Za-z]+$/;
const entryDir = /(?:^|\/)(?:routes|controllers|handlers|api|views|endpoints)\//;

/** Packing estimate only: code averages 3 to 4 bytes a token; budgets are enforced with tokens.ts. */
const estimate = (s: string) => Math.ceil(Buffer.byteLength(s, "utf8") / 3);

function relevance(path: string, ruleFindings: ReadonlyMap<string, number>, instructionText: string): number {
  const base = basename(path);
  const named = instructionText.includes(path) || (base.length >= 4 && base.includes(".") && instructionText.includes(base));
  return (named ? 4 : 0) + ((ruleFindings.get(path) ?? 0) > 0 ? 2 : 0) + (entryPoint.test(base) || entryDir.test(path) ? 1 : 0);
}

/** Removed groups a window shows: those before one of its lines, and at the end of the file. */
function removedIn(file: CodeFile, from: number, to: number): RemovedLines[] {
  return (file.removed ?? []).filter((r) => (r.after >= from - 1 && r.after < to) || (r.after === to && to === file.lines.length));
}

function section(file: CodeFile, from: number, to: number, boundary: string, changed?: Array<[number, number]>): string {
  const width = String(to).length;
  const out = [`<<<FILE ${boundary} path=${JSON.stringify(file.path)} lines=${from}-${to}>>>`];
  const removed = removedIn(file, from, to);
  const gone = (after: number) => {
    for (const r of removed) if (r.after === after) for (const l of r.lines) out.push(`${" ".repeat(width)}-| ${l}`);
  };
  for (let n = from; n <= to; n++) {
    gone(n - 1);
    const mark = changed ? (changed.some(([a, b]) => n >= a && n <= b) ? "+" : " ") : "";
    out.push(`${String(n).padStart(width)}${mark}| ${file.lines[n - 1]}`);
  }
  if (to === file.lines.length) gone(to);
  out.push(`<<<END FILE ${boundary}>>>`);
  return out.join("\n");
}

/** Line windows of one file, each small enough for a chunk. */
function windows(file: CodeFile, changed: Array<[number, number]> | undefined, chunkTokens: number, context: number): Array<[number, number]> {
  const last = file.lines.length;
  let spans: Array<[number, number]>;
  if (changed) {
    spans = [];
    // A removal shows with the lines on both sides of where it was.
    const anchors = (file.removed ?? []).map((r): [number, number] => [Math.max(1, r.after), Math.min(Math.max(1, last), r.after + 1)]);
    for (const [a, b] of [...changed, ...anchors].sort((x, y) => x[0] - y[0])) {
      if (a > last) continue;
      const from = Math.max(1, a - context);
      const to = Math.min(last, b + context);
      const prev = spans[spans.length - 1];
      if (prev && from <= prev[1] + 1) prev[1] = Math.max(prev[1], to);
      else spans.push([from, to]);
    }
  } else spans = last ? [[1, last]] : [];
  const out: Array<[number, number]> = [];
  for (const [from, to] of spans) {
    let start = from;
    let size = 0;
    for (let n = from; n <= to; n++) {
      const t = estimate(file.lines[n - 1]!) + 2;
      if (size + t > chunkTokens && n > start) {
        out.push([start, n - 1]);
        start = n;
        size = 0;
      }
      size += t;
    }
    out.push([start, to]);
  }
  return out;
}

export interface ChunkOptions {
  files: readonly CodeFile[];
  changedLines?: ReadonlyMap<string, Array<[number, number]>>;
  ruleFindings: readonly Finding[];
  instructionText: string;
  chunkTokens: number;
  /** Lines shown around each changed range of a change review. */
  contextLines: number;
  boundary: string;
}

export function makeChunks(o: ChunkOptions): Chunk[] {
  const counts = new Map<string, number>();
  for (const f of o.ruleFindings) counts.set(f.location.path, (counts.get(f.location.path) ?? 0) + 1);
  const files = o.files
    .filter((f) => !o.changedLines || o.changedLines.has(f.path) || f.removed?.length)
    .map((f) => ({ f, score: relevance(f.path, counts, o.instructionText) }))
    .sort((a, b) => b.score - a.score || a.f.path.localeCompare(b.f.path));
  const chunks: Chunk[] = [];
  // The id hashes the code shown, not the run's random boundary: a resumed review finds its answers.
  const fresh = () => ({ paths: [] as string[], sections: [] as string[], size: 0, hash: createHash("sha256") });
  let current = fresh();
  const close = () => {
    if (!current.sections.length) return;
    chunks.push({ id: current.hash.digest("hex").slice(0, 16), paths: current.paths, sections: current.sections });
    current = fresh();
  };
  for (const { f } of files) {
    const changed = o.changedLines ? (o.changedLines.get(f.path) ?? []) : undefined;
    for (const [from, to] of windows(f, changed, o.chunkTokens, o.contextLines)) {
      const text = section(f, from, to, o.boundary, changed);
      const size = estimate(text);
      if (current.size + size > o.chunkTokens) close();
      if (!current.paths.includes(f.path)) current.paths.push(f.path);
      current.sections.push(text);
      current.hash
        .update(`${f.path}\0${from}\0${to}\0${changed ? JSON.stringify(changed) : ""}\0${JSON.stringify(removedIn(f, from, to))}\0`)
        .update(f.lines.slice(from - 1, to).join("\n"));
      current.size += size;
    }
  }
  close();
  return chunks;
}
