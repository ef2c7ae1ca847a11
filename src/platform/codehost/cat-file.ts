// One long-lived `git cat-file --batch-command --buffer` per mirror. Requests are written in
// batches closed by `flush`; answers come back in order, so a FIFO of expectations parses them.
// Blobs above a caller's cap are streamed past without being buffered. If git dies, every waiting
// request fails and the next request starts a fresh process.
import type { ChildProcess } from "node:child_process";
import { spawnGit } from "./git.ts";

export type ObjectType = "blob" | "tree" | "commit" | "tag";
export type InfoResult = { oid: string; type: ObjectType; size: number } | { missing: true } | { ambiguous: true };
export type ContentResult =
  | { oid: string; type: ObjectType; size: number; content: Buffer }
  | { oid: string; type: ObjectType; size: number; content: null }
  | { missing: true }
  | { ambiguous: true };

interface Pending {
  kind: "info" | "contents";
  maxBytes: number;
  results: Array<InfoResult | ContentResult>;
  remaining: number;
  resolve: (r: Array<InfoResult | ContentResult>) => void;
  reject: (e: Error) => void;
}

// Object names we send must be a single token: an object id, a commit peel, or a commit and a fixed
// path of our own (`<sha>:.crs.yml`); nothing a repository controls reaches this pipe.
const safeName = /^[0-9a-f]{4,64}(?:\^\{commit\}|:[A-Za-z0-9_.-][A-Za-z0-9_./-]{0,199})?$/;

export class CatFile {
  readonly gitDir: string;
  private proc: ChildProcess | null = null;
  private queue: Pending[] = [];
  private buf: Buffer = Buffer.alloc(0);
  // Body being read: its header, target buffer (null when skipping) and bytes still expected (+1 LF).
  private body: { header: { oid: string; type: ObjectType; size: number }; target: Buffer | null; got: number } | null = null;
  private closed = false;
  private stale = false;

  private idleTimer: NodeJS.Timeout | null = null;
  private readonly idleMs: number;

  /** idleMs: the process exits after this long without requests (it holds up to deltaBaseCacheLimit of memory). */
  constructor(gitDir: string, opts: { idleMs?: number } = {}) {
    this.gitDir = gitDir;
    this.idleMs = opts.idleMs ?? 30_000;
  }

  info(names: string[]): Promise<InfoResult[]> {
    return this.request("info", names, 0) as Promise<InfoResult[]>;
  }

  /** Contents of objects; those larger than maxBytes come back with content null. */
  contents(oids: string[], maxBytes: number): Promise<ContentResult[]> {
    return this.request("contents", oids, maxBytes) as Promise<ContentResult[]>;
  }

  /** The running git process's pid, if one is running. */
  get pid(): number | undefined {
    return this.proc?.pid;
  }

  /** After a sync: start a fresh process once the current requests are answered (new packs, pruned objects). */
  recycle(): void {
    this.stale = true;
  }

  close(): void {
    this.closed = true;
    this.fail(new Error("cat-file closed"));
  }

  private request(kind: "info" | "contents", names: string[], maxBytes: number): Promise<Array<InfoResult | ContentResult>> {
    if (this.closed) return Promise.reject(new Error("cat-file closed"));
    for (const n of names) if (!safeName.test(n)) return Promise.reject(new Error(`unsafe object name`));
    if (names.length === 0) return Promise.resolve([]);
    if (this.stale && this.queue.length === 0 && this.proc) {
      this.proc.kill("SIGKILL");
      this.proc = null;
    }
    this.stale = false;
    const proc = this.proc ?? this.start();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    return new Promise((resolve, reject) => {
      this.queue.push({ kind, maxBytes, results: [], remaining: names.length, resolve, reject });
      const lines = names.map((n) => `${kind} ${n}\n`).join("") + "flush\n";
      proc.stdin!.write(lines);
    });
  }

  private start(): ChildProcess {
    // git's default 96 MiB delta base cache thrashes on large trees of similar files (reading every
    // file of a 100k-file tree went from 16 s to 2.4 s with 256 MiB); memory is bounded by the
    // idle exit below.
    const proc = spawnGit(["-c", "core.deltaBaseCacheLimit=256m", "cat-file", "--batch-command", "--buffer"], { gitDir: this.gitDir });
    this.proc = proc;
    this.buf = Buffer.alloc(0);
    this.body = null;
    proc.stdout!.on("data", (chunk: Buffer) => {
      if (this.proc === proc) this.onData(chunk);
    });
    proc.stdin!.on("error", () => {});
    proc.stderr!.resume();
    const onGone = () => {
      if (this.proc !== proc) return;
      this.proc = null;
      this.fail(new Error("git cat-file exited"));
    };
    proc.on("exit", onGone);
    proc.on("error", onGone);
    return proc;
  }

  private armIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const proc = this.proc;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.proc === proc && this.queue.length === 0) {
        this.proc = null;
        proc?.kill("SIGKILL");
      }
    }, this.idleMs);
    this.idleTimer.unref();
  }

  private fail(err: Error): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const q = this.queue;
    this.queue = [];
    this.body = null;
    this.buf = Buffer.alloc(0);
    const p = this.proc;
    this.proc = null;
    p?.kill("SIGKILL");
    for (const item of q) item.reject(err);
  }

  private deliver(r: InfoResult | ContentResult): void {
    const head = this.queue[0];
    if (!head) return this.fail(new Error("git cat-file sent an unexpected answer"));
    head.results.push(r);
    if (--head.remaining === 0) {
      this.queue.shift();
      head.resolve(head.results);
      if (this.queue.length === 0) this.armIdle();
    }
  }

  private onData(chunk: Buffer): void {
    const data = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    this.buf = Buffer.alloc(0);
    let pos = 0;
    while (pos < data.length) {
      if (this.body) {
        const b = this.body;
        const want = b.header.size + 1 - b.got;
        const take = Math.min(want, data.length - pos);
        if (b.target) {
          // The trailing LF is not part of the object.
          const copyEnd = Math.min(take, b.header.size - b.got);
          if (copyEnd > 0) data.copy(b.target, b.got, pos, pos + copyEnd);
        }
        b.got += take;
        pos += take;
        if (b.got === b.header.size + 1) {
          this.body = null;
          this.deliver({ ...b.header, content: b.target });
        }
        continue;
      }
      const nl = data.indexOf(10, pos);
      if (nl < 0) {
        this.buf = Buffer.from(data.subarray(pos));
        return;
      }
      const line = data.toString("latin1", pos, nl);
      pos = nl + 1;
      this.onHeader(line);
    }
  }

  private onHeader(line: string): void {
    const head = this.queue[0];
    if (!head) return this.fail(new Error("git cat-file sent an unexpected answer"));
    const parts = line.split(" ");
    if (parts.length === 2 && parts[1] === "missing") return this.deliver({ missing: true });
    if (parts.length === 2 && parts[1] === "ambiguous") return this.deliver({ ambiguous: true });
    const size = Number(parts[2]);
    if (parts.length !== 3 || !Number.isSafeInteger(size)) return this.fail(new Error("git cat-file sent a malformed header"));
    const header = { oid: parts[0]!, type: parts[1] as ObjectType, size };
    if (head.kind === "info") return this.deliver(header);
    const target = size <= head.maxBytes ? Buffer.allocUnsafe(size) : null;
    this.body = { header, target, got: 0 };
  }
}
