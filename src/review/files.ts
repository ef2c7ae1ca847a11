// File sources: a directory on disk (walked without following symlinks) or any async stream of
// `{path, content}`. Entries the walk refuses to read come out as skips.
import type { Dir } from "node:fs";
import { lstat, opendir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { SkipReason, SourceFile } from "./types.ts";
import { vendoredDirs } from "./skip.ts";

export type SourceEntry = SourceFile | { path: string; skip: SkipReason; detail?: string };

export interface WalkOptions {
  maxBytes: number;
  /** Decides from the relative path whether a file is wanted at all (scope, changed files). */
  wanted?: (path: string) => boolean;
}

/** Walks a directory depth-first with an explicit stack, so deep trees cannot overflow. */
export async function* walkDirectory(root: string, opts: WalkOptions): AsyncGenerator<SourceEntry> {
  const stack: string[] = [""];
  while (stack.length) {
    const rel = stack.pop()!;
    let dir: Dir;
    try {
      dir = await opendir(join(root, rel));
    } catch (e) {
      yield { path: rel || ".", skip: "unreadable", detail: (e as NodeJS.ErrnoException).code };
      continue;
    }
    const subdirs: string[] = [];
    for await (const d of dir) {
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
        const st = await lstat(abs);
        if (st.size > opts.maxBytes) {
          yield { path, skip: "too_large", detail: `${st.size} bytes` };
          continue;
        }
        if (st.size === 0) {
          yield { path, content: Buffer.alloc(0) };
          continue;
        }
        yield { path, content: await readFile(abs) };
      } catch (e) {
        yield { path, skip: "unreadable", detail: (e as NodeJS.ErrnoException).code };
      }
    }
    stack.push(...subdirs.sort().reverse());
  }
}

/** Normalizes a streamed path to the repository-relative form, or null when it is not acceptable. */
export function cleanPath(p: string): string | null {
  const s = p.replace(/\\/g, "/").replace(/^\.\//, "");
  if (!s || s.startsWith("/") || s.includes("\0") || s.split("/").some((seg) => seg === ".." || seg === "")) return null;
  return s;
}
