// File sources: a directory on disk (walked without following symlinks) or any async stream of
// `{path, content}`. Entries the walk refuses to read come out as skips.
import type { Dir } from "node:fs";
import { lstatSync, opendirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { SkipReason, SourceFile } from "./types.ts";
import { vendoredDirs } from "./skip.ts";

export type SourceEntry = SourceFile | { path: string; skip: SkipReason; detail?: string };

export interface WalkOptions {
  maxBytes: number;
  /** Decides from the relative path whether a file is wanted at all (scope, changed files). */
  wanted?: (path: string) => boolean;
}

/**
 * The entries of a review's files: a directory walked (`wanted` decides from the path), or a stream
 * whose paths are cleaned first; a path `inScope` refuses comes out as an out_of_scope skip.
 */
export async function* sourceEntries(
  files: AsyncIterable<SourceFile> | string,
  maxBytes: number,
  inScope: ((p: string) => boolean) | null,
): AsyncGenerator<SourceEntry> {
  if (typeof files === "string") {
    yield* walkDirectory(files, { maxBytes, wanted: inScope ?? undefined });
    return;
  }
  for await (const f of files) {
    const path = cleanPath(f.path);
    if (path === null) yield { path: f.path.slice(0, 300), skip: "unreadable", detail: "invalid path" };
    else if (inScope && !inScope(path)) yield { path, skip: "out_of_scope" };
    else yield path === f.path ? f : { path, content: f.content };
  }
}

/**
 * Walks a directory depth-first with an explicit stack, so deep trees cannot overflow. The file
 * system is read synchronously: an asynchronous call is a round trip through libuv's thread pool,
 * which for small source files costs about ten times the reading itself (a 2,700-file tree: about
 * 0.5 s of CPU against 0.05 s), and only a local `crs review` walks a directory.
 */
export async function* walkDirectory(root: string, opts: WalkOptions): AsyncGenerator<SourceEntry> {
  const stack: string[] = [""];
  while (stack.length) {
    const rel = stack.pop()!;
    let dir: Dir;
    try {
      dir = opendirSync(join(root, rel));
    } catch (e) {
      yield { path: rel || ".", skip: "unreadable", detail: (e as NodeJS.ErrnoException).code };
      continue;
    }
    const subdirs: string[] = [];
    try {
      for (let d = dir.readSync(); d; d = dir.readSync()) {
        const path = rel ? `${rel}/${d.name}` : d.name;
        if (d.isDirectory()) {
          if (d.name === ".git" || d.name === ".hg" || d.name === ".svn") continue;
          if (vendoredDirs.has(d.name)) {
            if (!opts.wanted || opts.wanted(`${path}/`)) yield { path: `${path}/`, skip: "vendored" };
          } else subdirs.push(path);
          continue;
        }
        if (opts.wanted && !opts.wanted(path)) continue;
        // Symlinks are never followed: they may loop or point outside the tree.
        if (d.isSymbolicLink()) {
          yield { path, skip: "symlink" };
          continue;
        }
        if (!d.isFile()) continue;
        const abs = join(root, path);
        try {
          const st = lstatSync(abs);
          if (st.size > opts.maxBytes) {
            yield { path, skip: "too_large", detail: `${st.size} bytes` };
            continue;
          }
          if (st.size === 0) {
            yield { path, content: Buffer.alloc(0) };
            continue;
          }
          yield { path, content: readFileSync(abs) };
        } catch (e) {
          yield { path, skip: "unreadable", detail: (e as NodeJS.ErrnoException).code };
        }
      }
    } finally {
      dir.closeSync();
    }
    stack.push(...subdirs.sort().reverse());
  }
}

/** Normalizes a streamed path to the repository-relative form, or null when it is not acceptable. */
function cleanPath(p: string): string | null {
  const s = p.replace(/\\/g, "/").replace(/^\.\//, "");
  if (!s || s.startsWith("/") || s.includes("\0") || s.split("/").some((seg) => seg === ".." || seg === "")) return null;
  return s;
}
