// The files of a commit, from `git ls-tree -r -l -z`. Names are bytes: they may be any encoding,
// so each entry keeps the raw bytes beside a string form. Submodules, symlinks that leave the
// tree and paths no checkout would write (`..`, `.git`) are left out.
import { isUtf8 } from "node:buffer";
import { posix } from "node:path";
import { AppError } from "../../kernel/errors.ts";
import type { CatFile } from "./cat-file.ts";
import { runGit } from "./git.ts";

export type EntryKind = "file" | "executable" | "symlink";

export interface TreeEntry {
  /** The path as text. Exact when `utf8` is true; otherwise a display form with U+FFFD that cannot be looked up. */
  path: string;
  /** The path's exact bytes. */
  pathBytes: Buffer;
  utf8: boolean;
  oid: string;
  /** Bytes; -1 when listed without sizes (listing sizes costs ~8x more on large trees). */
  size: number;
  /** Git file mode, e.g. 100644, 100755, 120000. */
  mode: string;
  kind: EntryKind;
}

const maxTreeOutput = 1024 * 1024 * 1024;
const maxSymlinkTarget = 4096;

export async function listTree(gitDir: string, sha: string, cat: CatFile, sizes = true): Promise<TreeEntry[]> {
  const res = await runGit(["ls-tree", "-r", ...(sizes ? ["-l"] : []), "-z", "--full-tree", sha], { gitDir, maxBytes: maxTreeOutput });
  if (res.tooLarge) {
    throw new AppError("internal_error", "The commit's file list is too large to read.", { details: { reason: "tree_too_large" } });
  }
  if (res.code !== 0) {
    throw new AppError("position_unavailable", "The commit is not in the mirror.", { details: { reason: "unknown_commit" } });
  }
  const entries = parseLsTree(res.stdout);
  return dropEscapingSymlinks(entries, cat);
}

export function parseLsTree(out: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  // One latin1 string of the whole listing (one byte per char) makes the header fields cheap slices.
  const text = out.toString("latin1");
  let pos = 0;
  while (pos < out.length) {
    const tab = text.indexOf("\t", pos);
    if (tab < 0) break;
    let end = text.indexOf("\0", tab + 1);
    if (end < 0) end = out.length;
    // "<mode> <type> <oid>[ <padded size>]\t<path>\0"
    const sp1 = text.indexOf(" ", pos);
    const sp2 = text.indexOf(" ", sp1 + 1);
    const sp3 = text.indexOf(" ", sp2 + 1);
    const sized = sp3 >= 0 && sp3 < tab;
    const type = text.slice(sp1 + 1, sp2);
    const entryStart = pos;
    pos = end + 1;
    if (type !== "blob") continue; // gitlinks (submodules) are type "commit"
    const pathBytes = out.subarray(tab + 1, end);
    if (!safePath(pathBytes)) continue;
    const mode = text.slice(entryStart, sp1);
    const kind: EntryKind = mode === "120000" ? "symlink" : mode === "100755" ? "executable" : "file";
    const size = sized ? Number(text.slice(sp3, tab)) : -1;
    const utf8 = isUtf8(pathBytes);
    const path = utf8 && end - tab - 1 < 256 && isAscii(text, tab + 1, end) ? text.slice(tab + 1, end) : pathBytes.toString("utf8");
    entries.push({ path, pathBytes, utf8, oid: text.slice(sp2 + 1, sized ? sp3 : tab), size: Number.isNaN(size) ? -1 : size, mode, kind });
  }
  return entries;
}

function isAscii(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

const dot = 0x2e;
const slash = 0x2f;

// Every component must be non-empty and none may be ".", ".." or ".git" (any case): one pass over the bytes.
function safePath(p: Buffer): boolean {
  if (p.length === 0 || p.length > 4096) return false;
  let start = 0;
  for (let i = 0; i <= p.length; i++) {
    if (i < p.length && p[i] !== slash) continue;
    const len = i - start;
    if (len === 0) return false;
    if (p[start] === dot) {
      if (len === 1 || (len === 2 && p[start + 1] === dot)) return false;
      if (len === 4 && p.toString("latin1", start + 1, i).toLowerCase() === "git") return false;
    }
    start = i + 1;
  }
  return true;
}

/** Symlinks whose target is absolute or climbs out of the tree are dropped; the rest stay. */
async function dropEscapingSymlinks(entries: TreeEntry[], cat: CatFile): Promise<TreeEntry[]> {
  const links = entries.filter((e) => e.kind === "symlink");
  if (links.length === 0) return entries;
  const bad = new Set<TreeEntry>();
  for (let i = 0; i < links.length; i += 1000) {
    const batch = links.slice(i, i + 1000);
    const got = await cat.contents(
      batch.map((l) => l.oid),
      maxSymlinkTarget,
    );
    batch.forEach((link, j) => {
      const r = got[j]!;
      if (!("content" in r) || r.content === null || !symlinkStaysInside(link.pathBytes, r.content)) bad.add(link);
    });
  }
  return entries.filter((e) => !bad.has(e));
}

export function symlinkStaysInside(linkPath: Buffer, target: Buffer): boolean {
  const t = target.toString("latin1");
  if (t.length === 0 || t.startsWith("/") || t.includes("\0")) return false;
  const resolved = posix.normalize(posix.join(posix.dirname(linkPath.toString("latin1")), t));
  return resolved !== ".." && !resolved.startsWith("../") && resolved !== "." && !resolved.startsWith("/");
}
