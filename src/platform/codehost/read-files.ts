// Streams file contents at a commit through the mirror's one cat-file process. Requests go out in
// windows (a count and a byte budget) with the next window already asked for while the caller
// consumes the current one, so git never waits for us and memory stays bounded.
import type { CatFile } from "./cat-file.ts";
import type { TreeEntry } from "./tree.ts";

export type SkipReason = "too_large" | "missing" | "not_a_file";

export type FileRead =
  | { path: string; pathBytes: Buffer; size: number; content: Buffer; skipped: null }
  | { path: string; pathBytes: Buffer; size: number; content: null; skipped: SkipReason };

export interface ReadFilesOptions {
  /** Files larger than this are reported as skipped "too_large" and never buffered. Default 1 MiB. */
  maxBytes?: number;
}

const defaultMaxBytes = 1024 * 1024;
// With sizes known, windows are cut by count and bytes. Without, by a smaller count. At most
// `lookahead` windows are held, so memory stays under lookahead x unknownSizeWindow x maxBytes.
const windowCount = 2000;
const windowBytes = 16 * 1024 * 1024;
const unknownSizeWindow = 256;
const lookahead = 3;

type Item = { path: string; pathBytes: Buffer; entry: TreeEntry | null };

export async function* readFiles(
  cat: CatFile,
  tree: () => Promise<TreeEntry[]>,
  paths: Iterable<string | Buffer> | undefined,
  opts: ReadFilesOptions,
): AsyncGenerator<FileRead> {
  const maxBytes = opts.maxBytes ?? defaultMaxBytes;
  const entries = await tree();
  const items = paths === undefined ? entries.filter((e) => e.kind !== "symlink").map(toItem) : lookup(entries, paths);

  const windows = split(items, maxBytes);
  const fetchWindow = (w: Item[]) => {
    const p = cat.contents(
      w.filter((i) => readable(i, maxBytes)).map((i) => i.entry!.oid),
      maxBytes,
    );
    // A caller that stops early leaves the prefetched window unawaited; its failure is not theirs.
    p.catch(() => {});
    return p;
  };
  // Keep git busy: the next windows are already asked for while the caller consumes this one.
  const ahead: Array<ReturnType<typeof fetchWindow>> = [];
  let asked = 0;
  const fill = () => {
    while (ahead.length < lookahead && asked < windows.length) ahead.push(fetchWindow(windows[asked++]!));
  };
  fill();
  for (let k = 0; k < windows.length; k++) {
    const got = await ahead.shift()!;
    fill();
    let j = 0;
    for (const item of windows[k]!) {
      const { path, pathBytes, entry } = item;
      if (!entry) {
        yield { path, pathBytes, size: 0, content: null, skipped: "missing" };
      } else if (entry.kind === "symlink") {
        yield { path, pathBytes, size: entry.size, content: null, skipped: "not_a_file" };
      } else if (entry.size > maxBytes) {
        yield { path, pathBytes, size: entry.size, content: null, skipped: "too_large" };
      } else {
        const r = got[j++]!;
        if (!("content" in r)) yield { path, pathBytes, size: entry.size, content: null, skipped: "missing" };
        else if (r.content === null) yield { path, pathBytes, size: r.size, content: null, skipped: "too_large" };
        else yield { path, pathBytes, size: r.size, content: r.content, skipped: null };
      }
    }
  }
}

function readable(i: Item, maxBytes: number): boolean {
  return i.entry !== null && i.entry.kind !== "symlink" && i.entry.size <= maxBytes;
}

function toItem(e: TreeEntry): Item {
  return { path: e.path, pathBytes: e.pathBytes, entry: e };
}

// Keys are the path bytes read as latin1: one-to-one with the bytes, so a UTF-8 name and a
// look-alike in another encoding can never be confused.
function lookup(entries: TreeEntry[], paths: Iterable<string | Buffer>): Item[] {
  const byKey = new Map<string, TreeEntry>();
  for (const e of entries) byKey.set(e.pathBytes.toString("latin1"), e);
  const items: Item[] = [];
  for (const p of paths) {
    const bytes = typeof p === "string" ? Buffer.from(p, "utf8") : p;
    const entry = byKey.get(bytes.toString("latin1")) ?? null;
    items.push({ path: typeof p === "string" ? p : bytes.toString("utf8"), pathBytes: bytes, entry });
  }
  return items;
}

function split(items: Item[], maxBytes: number): Item[][] {
  const out: Item[][] = [];
  let cur: Item[] = [];
  let bytes = 0;
  for (const i of items) {
    cur.push(i);
    const size = i.entry?.size ?? 0;
    if (readable(i, maxBytes)) bytes += size < 0 ? windowBytes / unknownSizeWindow : size;
    if (cur.length >= windowCount || bytes >= windowBytes) {
      out.push(cur);
      cur = [];
      bytes = 0;
    }
  }
  if (cur.length > 0) out.push(cur);
  return out;
}
